import { ArrowRightOutlined, DeleteOutlined, DownloadOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import {
  answersFor,
  CHECKLIST_LIMITS,
  type ChecklistAnswer,
  type ChecklistHeader,
  type ChecklistLine,
  UPLOAD_POLICIES,
} from '@ricambi/domain';
import { Alert, App, Button, Flex, Form, Input, Modal, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHECKLIST_UPLOAD_URL,
  checklistThumbnailUrl,
  downloadChecklistImage,
  useAnswerLine,
  useChecklistLineUploaded,
  useDeleteChecklistImage,
} from '../../api/checklists.api.ts';
import { FileUpload } from '../../components/FileUpload.tsx';
import { handleApiError } from '../../lib/alerts.ts';
import { describeChecklistError } from './ChecklistParts.tsx';
import { imagesOf, lineNumber, lineTexts } from './checklists.model.ts';
import { useTouchLayout } from './checklists.shell.tsx';
import { DIALOG_WIDTH } from './NewChecklistDialog.tsx';

type Values = { risposta: ChecklistAnswer | null; rispostaDettaglio: string; note: string };

const valuesOf = (line: ChecklistLine): Values => ({
  risposta: line.risposta,
  rispostaDettaglio: line.rispostaDettaglio ?? '',
  note: line.note ?? '',
});

/**
 * Spec 3 §2, §5 answer dialog (issue 15 §3): OK, KO or '--' (where the template line allows it); KO
 * asks for the detail and takes up to two images (one at a time, 20 MB, shown as 200 px thumbnails,
 * downloaded or deleted); a note. The answer can be cleared again. Read-only once the checklist is
 * Inviato. Made for a finger on a tablet: large answer buttons, the camera offered by the picker.
 */
export const ChecklistAnswerDialog = ({
  header,
  line,
  hasNext,
  onClose,
  onNext,
}: {
  header: ChecklistHeader;
  line: ChecklistLine | undefined;
  hasNext: boolean;
  onClose: () => void;
  onNext: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const touch = useTouchLayout();
  const texts = line ? lineTexts(line, i18n.language) : [];
  return (
    <Modal
      open
      title={
        line ? (
          <span style={{ display: 'flex', flexDirection: 'column', gap: 2, overflowWrap: 'anywhere' }}>
            <span data-testid="cr-line-title">
              {lineNumber(line)} · {texts[0] ?? ''}
            </span>
            {texts[1] ? (
              <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                {texts[1]}
              </Typography.Text>
            ) : null}
          </span>
        ) : (
          t('crDar.line.notFound')
        )
      }
      width={DIALOG_WIDTH}
      rootClassName={touch ? 'cr-dialog-touch' : undefined}
      onCancel={onClose}
      maskClosable={false}
      footer={null}
      data-testid="cr-line-dialog"
    >
      {line ? (
        <AnswerForm key={line.id} header={header} line={line} hasNext={hasNext} onClose={onClose} onNext={onNext} />
      ) : (
        <>
          <Alert type="warning" showIcon title={t('crDar.line.notFoundBody')} />
          <Flex justify="end" style={{ marginTop: 16 }}>
            <Button onClick={onClose}>{t('crDar.action.close')}</Button>
          </Flex>
        </>
      )}
    </Modal>
  );
};

const AnswerForm = ({
  header,
  line,
  hasNext,
  onClose,
  onNext,
}: {
  header: ChecklistHeader;
  line: ChecklistLine;
  hasNext: boolean;
  onClose: () => void;
  onNext: () => void;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const answer = useAnswerLine(header.id);
  const readOnly = header.stato === 'Inviato';
  const risposta = Form.useWatch('risposta', form) as ChecklistAnswer | null | undefined;
  const values = Form.useWatch([], form);
  const [valid, setValid] = useState(Boolean(line.risposta));
  const ko = risposta === 'KO';

  useEffect(() => {
    if (values === undefined) return;
    form.validateFields({ validateOnly: true }).then(
      () => setValid(true),
      () => setValid(false),
    );
  }, [form, values]);

  const send = (body: { risposta: ChecklistAnswer | null; rispostaDettaglio: string | null; note: string | null }) =>
    answer.mutateAsync({ id: line.id, ...body }).then((result) => {
      if (result.header.stato !== header.stato && result.header.stato === 'Completato')
        void message.success(t('crDar.line.nowComplete'));
      return result;
    });
  const save = async () => {
    const v = await form.validateFields();
    return send({
      risposta: v.risposta,
      rispostaDettaglio: v.risposta === 'KO' ? v.rispostaDettaglio.trim() || null : null,
      note: v.note.trim() || null,
    });
  };
  const ignore = () => undefined;
  const onSave = (then: 'close' | 'next' | 'stay') =>
    save().then(() => (then === 'close' ? onClose() : then === 'next' ? onNext() : undefined), ignore);
  const onClear = () =>
    send({ risposta: null, rispostaDettaglio: null, note: form.getFieldValue('note')?.trim() || null }).then(() => {
      form.setFieldsValue({ risposta: null, rispostaDettaglio: '' });
      void message.info(t('crDar.line.cleared'));
    }, ignore);

  const busy = answer.isPending;
  // A KO line with photos stays KO until its photos are deleted (the server says so too).
  const locked = line.risposta === 'KO' && imagesOf(line).length > 0;
  const options = answersFor(line.darNaFlag).map((value) => ({
    value,
    disabled: locked && value !== 'KO',
    label: (
      <span data-testid={`cr-answer-${value === '--' ? 'NA' : value}`}>
        {t(`crDar.answer.${value === '--' ? 'NA' : value}`)}
      </span>
    ),
  }));

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={valuesOf(line)}
      disabled={readOnly}
      onFinish={() => void onSave('close')}
      data-testid="cr-line-form"
    >
      {readOnly ? <Alert type="info" showIcon title={t('crDar.line.readOnly')} style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        name="risposta"
        label={t('crDar.field.risposta')}
        rules={[{ required: true, message: t('crDar.line.answerRequired') }]}
        extra={locked && !readOnly ? t('crDar.line.imagesLock') : undefined}
      >
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          size="large"
          options={options}
          style={{ display: 'flex', width: '100%' }}
          className="cr-answers"
          data-testid="cr-answer"
        />
      </Form.Item>
      {ko ? (
        <Form.Item
          name="rispostaDettaglio"
          label={t('crDar.field.rispostaDettaglio')}
          rules={[
            { required: true, whitespace: true, message: t('crDar.line.detailRequired') },
            {
              max: CHECKLIST_LIMITS.rispostaDettaglio,
              message: t('validation.maxlength', { max: CHECKLIST_LIMITS.rispostaDettaglio }),
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={CHECKLIST_LIMITS.rispostaDettaglio}
            showCount
            data-testid="cr-detail"
          />
        </Form.Item>
      ) : null}
      {ko ? (
        <LineImages
          headerId={header.id}
          line={line}
          readOnly={readOnly}
          saved={line.risposta === 'KO'}
          canSave={valid && !busy}
          onSaveFirst={() => void onSave('stay')}
        />
      ) : null}
      <Form.Item
        name="note"
        label={t('crDar.field.note')}
        rules={[{ max: CHECKLIST_LIMITS.note, message: t('validation.maxlength', { max: CHECKLIST_LIMITS.note }) }]}
        style={{ marginTop: ko ? 16 : undefined }}
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={CHECKLIST_LIMITS.note}
          showCount
          data-testid="cr-note"
        />
      </Form.Item>
      {answer.isError ? (
        <Alert
          type="error"
          showIcon
          title={describeChecklistError(answer.error, t)}
          role="alert"
          style={{ marginBottom: 12 }}
          data-testid="cr-line-error"
        />
      ) : null}
      <Flex wrap gap={8} justify="space-between">
        <div>
          {!readOnly && line.risposta ? (
            <Button
              icon={<UndoOutlined />}
              onClick={() => void onClear()}
              disabled={busy || locked}
              data-testid="cr-clear-answer"
            >
              {t('crDar.line.clear')}
            </Button>
          ) : null}
        </div>
        <Flex wrap gap={8} justify="end">
          <Button onClick={onClose} disabled={false} data-testid="cr-line-cancel">
            {t(readOnly ? 'crDar.action.close' : 'crDar.action.cancel')}
          </Button>
          {readOnly ? null : (
            <>
              {hasNext ? (
                <Button
                  icon={<ArrowRightOutlined />}
                  disabled={!valid || busy}
                  onClick={() => void onSave('next')}
                  data-testid="cr-line-save-next"
                >
                  {t('crDar.line.saveNext')}
                </Button>
              ) : null}
              <Button
                type="primary"
                htmlType="submit"
                icon={<SaveOutlined />}
                disabled={!valid || busy}
                loading={busy}
                data-testid="cr-line-save"
              >
                {t('crDar.action.save')}
              </Button>
            </>
          )}
        </Flex>
      </Flex>
    </Form>
  );
};

/**
 * Spec 3 §5: a KO line's images — at most two (slots 1 and 2), 200 px thumbnails to download or
 * delete (after a confirmation); the uploader (images only, 20 MB, one at a time, the camera on a
 * tablet) while a slot is free. The server takes images of a saved KO answer only.
 */
const LineImages = ({
  headerId,
  line,
  readOnly,
  saved,
  canSave,
  onSaveFirst,
}: {
  headerId: number;
  line: ChecklistLine;
  readOnly: boolean;
  saved: boolean;
  canSave: boolean;
  onSaveFirst: () => void;
}) => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const uploaded = useChecklistLineUploaded(headerId);
  const remove = useDeleteChecklistImage(headerId);
  const images = imagesOf(line);
  const free = CHECKLIST_LIMITS.imagesPerLine - images.length;

  const askRemove = (name: string, slot: number) =>
    modal.confirm({
      title: t('crDar.line.deleteImage.title'),
      content: t('crDar.line.deleteImage.body', { n: slot }),
      okText: t('crDar.line.deleteImage.yes'),
      okButtonProps: { danger: true, 'data-testid': 'cr-image-delete-confirm' },
      cancelText: t('crDar.action.cancel'),
      onOk: () => remove.mutateAsync(name).catch(() => undefined),
    });

  return (
    <section aria-label={t('crDar.line.images')} data-testid="cr-images">
      <Typography.Text strong>{t('crDar.line.images')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('crDar.line.imagesHint', { max: CHECKLIST_LIMITS.imagesPerLine })}
      </Typography.Paragraph>
      {images.length ? (
        <Flex wrap gap={16} style={{ marginBottom: 12 }}>
          {images.map((name, i) => (
            <figure key={name} className="cr-image" style={{ margin: 0 }} data-testid="cr-image">
              <img
                src={checklistThumbnailUrl(name)}
                alt={t('crDar.line.imageAlt', { n: i + 1 })}
                width={200}
                height={200}
                loading="lazy"
              />
              <Flex gap={8}>
                <Button
                  icon={<DownloadOutlined />}
                  disabled={false}
                  onClick={() => void downloadChecklistImage(name).catch(handleApiError)}
                  aria-label={t('crDar.line.downloadImage', { n: i + 1 })}
                  data-testid="cr-image-download"
                />
                {readOnly ? null : (
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    loading={remove.isPending && remove.variables === name}
                    onClick={() => askRemove(name, i + 1)}
                    aria-label={t('crDar.line.deleteImage.label', { n: i + 1 })}
                    data-testid="cr-image-delete"
                  />
                )}
              </Flex>
            </figure>
          ))}
        </Flex>
      ) : null}
      {readOnly ? (
        images.length ? null : (
          <Typography.Paragraph type="secondary">{t('crDar.line.noImages')}</Typography.Paragraph>
        )
      ) : !saved ? (
        <Alert
          type="info"
          showIcon
          title={t('crDar.line.saveFirst')}
          action={
            <Button disabled={!canSave} onClick={onSaveFirst} data-testid="cr-save-for-images">
              {t('crDar.line.saveForImages')}
            </Button>
          }
          data-testid="cr-save-first"
        />
      ) : free > 0 ? (
        <FileUpload<ChecklistLine>
          action={CHECKLIST_UPLOAD_URL}
          policy={UPLOAD_POLICIES.checklist}
          fields={{ id: String(line.id) }}
          accept="image/*"
          onUploaded={(result) => uploaded(result)}
          testId="cr-upload"
        />
      ) : (
        <Typography.Paragraph type="secondary" data-testid="cr-images-full">
          {t('crDar.line.imagesFull', { max: CHECKLIST_LIMITS.imagesPerLine })}
        </Typography.Paragraph>
      )}
    </section>
  );
};
