import { SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { CHECKLIST_LIMITS, type ChecklistHeader, isLanguage } from '@ricambi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Rate, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChecklistHeader, useUpdateChecklistHeader } from '../../api/checklists.api.ts';
import { ApiError } from '../../api/http.ts';
import { queryKeys } from '../../api/keys.ts';
import { applyFieldErrors } from '../../components/forms.ts';
import { DATEPICKER_FORMAT } from '../../lib/format.ts';
import { ChecklistStateTag, describeChecklistError } from './ChecklistParts.tsx';
import { CHECKLIST_PATH } from './checklists.model.ts';
import { useTouchLayout } from './checklists.shell.tsx';
import { DIALOG_WIDTH } from './NewChecklistDialog.tsx';

type Values = {
  modello: string;
  matricola: string;
  dataArrivoMacchina: Dayjs | null;
  valutazioneUtente: number | null;
  note: string;
};

const valuesOf = (h: ChecklistHeader): Values => ({
  modello: h.modello,
  matricola: h.matricola,
  dataArrivoMacchina: h.dataArrivoMacchina ? dayjs(h.dataArrivoMacchina) : null,
  valutazioneUtente: h.valutazioneUtente,
  note: h.note ?? '',
});

/**
 * Spec 3 §2, §5 header dialog (issue 15 §4): model and serial shown, the machine's arrival date
 * required; the rating (1–5, required when Completato) and the note once every answer is given; Finito
 * sends a Completato checklist. Read-only once Inviato. From the list, "Risposte" saves and opens the
 * answers.
 */
export const ChecklistHeaderDialog = ({
  id,
  onClose,
  fromList = false,
}: {
  id: number;
  onClose: () => void;
  fromList?: boolean;
}) => {
  const { t } = useTranslation();
  const touch = useTouchLayout();
  const header = useChecklistHeader(id);
  const h = header.data;
  return (
    <Modal
      open
      title={
        h ? (
          <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
            {t('crDar.head.title', { tipo: h.idCrDarTemplateHeader.tipoDocumento, matricola: h.matricola })}
            <ChecklistStateTag stato={h.stato} />
          </span>
        ) : (
          t('crDar.head.titleLoading')
        )
      }
      width={DIALOG_WIDTH}
      rootClassName={touch ? 'cr-dialog-touch' : undefined}
      onCancel={onClose}
      maskClosable={false}
      footer={null}
      data-testid="cr-head-dialog"
    >
      {h ? (
        <HeaderForm header={h} onClose={onClose} fromList={fromList} />
      ) : header.isError ? (
        <>
          <Alert type="error" showIcon title={describeChecklistError(header.error, t)} role="alert" />
          <Actions end>
            <Button onClick={onClose}>{t('crDar.action.close')}</Button>
          </Actions>
        </>
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
};

const Actions = ({ children, end }: { children: ReactNode; end?: boolean }) => (
  <div
    style={{
      display: 'flex',
      flexWrap: 'wrap',
      gap: 8,
      justifyContent: end ? 'flex-end' : 'space-between',
      marginTop: 16,
    }}
  >
    {children}
  </div>
);

const HeaderForm = ({
  header,
  onClose,
  fromList,
}: {
  header: ChecklistHeader;
  onClose: () => void;
  fromList: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const touch = useTouchLayout();
  const [form] = Form.useForm<Values>();
  const update = useUpdateChecklistHeader();
  const [valid, setValid] = useState(false);
  const sent = header.stato === 'Inviato';
  const complete = header.stato === 'Completato';
  // Spec 3 §4: rating and note are shown only once the checklist is Completato (or Inviato).
  const rated = complete || sent;
  const initial = useMemo(() => valuesOf(header), [header]);
  const values = Form.useWatch([], form);

  useEffect(() => {
    form.setFieldsValue(initial);
  }, [form, initial]);
  useEffect(() => {
    if (values === undefined) return;
    form.validateFields({ validateOnly: true }).then(
      () => setValid(true),
      () => setValid(false),
    );
  }, [form, values]);

  const lang = isLanguage(i18n.language) ? i18n.language : 'it';
  const save = async (invia: boolean) => {
    const v = await form.validateFields();
    return update.mutateAsync({
      lang,
      body: {
        id: header.id,
        dataArrivoMacchina: (v.dataArrivoMacchina as Dayjs).format('YYYY-MM-DD'),
        valutazioneUtente: rated ? (v.valutazioneUtente ?? null) : header.valutazioneUtente,
        note: rated ? v.note?.trim() || null : header.note,
        invia,
      },
    });
  };
  const failed = (error: unknown) => {
    if (error instanceof ApiError) {
      applyFieldErrors(form, error, t);
      // Sent meanwhile, or no longer complete: the dialog shows the checklist as it is now.
      if (error.status === 409) void client.invalidateQueries({ queryKey: queryKeys.checklists.header(header.id) });
    }
  };
  const onSave = () =>
    save(false).then(() => {
      void message.success(t('crDar.head.saved'));
      onClose();
    }, failed);
  const onAnswers = () =>
    save(false).then(
      () => void navigate({ to: CHECKLIST_PATH, params: { idh: String(header.id) }, replace: true }),
      failed,
    );
  const onSend = () =>
    modal.confirm({
      title: t('crDar.head.sendConfirm.title'),
      content: t('crDar.head.sendConfirm.body', {
        tipo: header.idCrDarTemplateHeader.tipoDocumento,
        matricola: header.matricola,
      }),
      okText: t('crDar.head.sendConfirm.yes'),
      cancelText: t('crDar.action.cancel'),
      okButtonProps: { 'data-testid': 'cr-send-confirm' },
      onOk: () =>
        save(true).then(() => {
          void message.success(t('crDar.head.sentMessage'));
          onClose();
        }, failed),
    });

  const busy = update.isPending;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={sent}
      requiredMark
      onFinish={() => void onSave()}
      data-testid="cr-head-form"
    >
      {sent ? <Alert type="info" showIcon title={t('crDar.head.readOnly')} style={{ marginBottom: 16 }} /> : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16 }}>
        <Form.Item
          name="modello"
          label={t('crDar.field.modello')}
          style={{ flex: '1 1 220px' }}
          rules={[{ required: true }, { max: CHECKLIST_LIMITS.modello }]}
        >
          <Input disabled data-testid="cr-head-modello" />
        </Form.Item>
        <Form.Item
          name="matricola"
          label={t('crDar.field.matricola')}
          style={{ flex: '1 1 180px' }}
          rules={[{ required: true }, { max: CHECKLIST_LIMITS.matricola }]}
        >
          <Input disabled data-testid="cr-head-matricola" />
        </Form.Item>
        <Form.Item
          name="dataArrivoMacchina"
          label={t('crDar.field.dataArrivoMacchina')}
          style={{ flex: '1 1 180px' }}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <DatePicker
            format={DATEPICKER_FORMAT}
            style={{ width: '100%' }}
            // On a tablet the calendar, not the keyboard; elsewhere the date can be typed too.
            inputReadOnly={touch}
            classNames={{ popup: touch ? 'cr-picker-touch' : undefined }}
            // The machine has arrived: no day after today (the server refuses one too).
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            data-testid="cr-head-arrival"
          />
        </Form.Item>
      </div>
      {rated ? (
        <>
          <Form.Item
            name="valutazioneUtente"
            label={t('crDar.field.valutazioneUtente')}
            extra={t('crDar.head.ratingHint')}
            rules={complete ? [{ required: true, message: t('crDar.head.ratingRequired') }] : []}
          >
            <Rate count={5} allowClear aria-label={t('crDar.field.valutazioneUtente')} data-testid="cr-head-rating" />
          </Form.Item>
          <Form.Item
            name="note"
            label={t('crDar.field.note')}
            rules={[{ max: CHECKLIST_LIMITS.note, message: t('validation.maxlength', { max: CHECKLIST_LIMITS.note }) }]}
          >
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={CHECKLIST_LIMITS.note}
              showCount
              data-testid="cr-head-note"
            />
          </Form.Item>
        </>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="cr-head-rating-later">
          {t('crDar.head.ratingLater')}
        </Typography.Paragraph>
      )}
      {update.isError ? (
        <Alert
          type="error"
          showIcon
          title={describeChecklistError(update.error, t)}
          role="alert"
          data-testid="cr-head-error"
        />
      ) : null}
      <Actions>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {fromList ? (
            <Button
              icon={<UnorderedListOutlined />}
              disabled={sent ? false : !values?.dataArrivoMacchina || busy}
              onClick={() =>
                sent
                  ? void navigate({ to: CHECKLIST_PATH, params: { idh: String(header.id) }, replace: true })
                  : void onAnswers()
              }
              data-testid="cr-head-answers"
            >
              {t('crDar.head.answers')}
            </Button>
          ) : null}
        </div>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginInlineStart: 'auto' }}>
          <Button onClick={onClose} disabled={false} data-testid="cr-head-cancel">
            {t(sent ? 'crDar.action.close' : 'crDar.action.cancel')}
          </Button>
          {sent ? null : (
            <Button
              type={complete ? 'default' : 'primary'}
              htmlType="submit"
              disabled={!valid || busy}
              loading={busy && !update.variables?.body.invia}
              data-testid="cr-head-save"
            >
              {t('crDar.action.save')}
            </Button>
          )}
          {complete ? (
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={!valid || busy}
              loading={busy && Boolean(update.variables?.body.invia)}
              onClick={onSend}
              data-testid="cr-head-send"
            >
              {t('crDar.head.send')}
            </Button>
          ) : null}
        </div>
      </Actions>
    </Form>
  );
};
