import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { businessToday, formatItalianDate } from '@ricambi/domain';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Flex, Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateWarranty, useWarrantyMaxAge } from '../../api/warranty.api.ts';
import { describeError, showSuccess } from '../../lib/alerts.ts';
import { useSerialView } from './useSerialView.ts';
import { WarrantyFields } from './WarrantyFields.tsx';
import { WarrantyFilePicker } from './WarrantyFilePicker.tsx';
import {
  emptyWarrantyValues,
  isConnectionFailure,
  splitWarrantyFieldErrors,
  toWarrantyInput,
  type WarrantyFormValues,
} from './warranty.form.ts';
import { clearWarrantyOrder, type WarrantyOrderEntry } from './warranty.order.ts';

/**
 * A new warranty request (spec 2 §2–§5): the serial checked as typed, every field, the first
 * attachment and the terms; saved as one multipart request. In the order variant (`order`) the
 * cart's warranty order goes with it: on success the stored order is cleared; a connection failure
 * or a server failure says that nothing was sent (spec 2 §8 error.cart.error-connection).
 */
export const WarrantyNewForm = ({
  initialMatricola = '',
  order,
}: {
  initialMatricola?: string;
  order?: { idTestata: string; entry: WarrantyOrderEntry };
}) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const gg = useWarrantyMaxAge();
  const create = useCreateWarranty();
  const [form] = Form.useForm<WarrantyFormValues>();
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<number>();
  const [attempted, setAttempted] = useState(false);
  const [incomplete, setIncomplete] = useState(false);
  const [failure, setFailure] = useState<string>();
  const matricola: string = Form.useWatch('matricola', form) ?? initialMatricola;
  const serial = useSerialView(matricola);

  // The check's answer arrives after the typing: the serial field shows it (refused or found).
  useEffect(() => {
    if (serial.status !== 'checking' && form.getFieldValue('matricola'))
      void form.validateFields(['matricola']).catch(() => undefined);
  }, [serial.status, form]);

  const back = () => void navigate({ to: order ? '/cart/checkout' : '/richiestagaranzia' });

  const showFailure = (error: unknown) => {
    const { onForm, other } = splitWarrantyFieldErrors(error);
    if (onForm.length) {
      const names = [...new Set(onForm.map((f) => f.name))];
      form.setFields(
        names.map((name) => ({
          name,
          errors: onForm.filter((f) => f.name === name).map((f) => t(f.error.message, f.error.params ?? {})),
        })),
      );
      if (names[0]) form.scrollToField(names[0], { block: 'center' });
    }
    if (order && isConnectionFailure(error)) setFailure(t('error.cart.error-connection'));
    else if (other.length)
      setFailure(
        other
          .map((f) =>
            t('error.field', {
              name: t(`richiestagaranzia.field.${f.field}`, { defaultValue: f.field }),
              message: t(f.message, f.params ?? {}),
            }),
          )
          .join(' · '),
      );
    else if (!onForm.length) setFailure(describeError(error));
  };

  const submit = async (values: WarrantyFormValues) => {
    if (!file) {
      setIncomplete(true);
      return;
    }
    setFailure(undefined);
    setProgress(0);
    try {
      const saved = await create.mutateAsync({
        body: { ...toWarrantyInput(values), ...(order ? { ordine: order.entry } : {}) },
        file,
        lang: i18n.language,
        onProgress: setProgress,
      });
      if (order) {
        clearWarrantyOrder(order.idTestata);
        if (saved.ordine)
          showSuccess(t('jricambiApp.checkout.via-a-garanzia', { numeroOrdine: saved.ordine.numeroOrdine }));
      }
      showSuccess(t('richiestagaranzia.form.saveok', { numero: saved.id.numeroRichiesta }));
      void navigate({
        to: '/richiestagaranzia/$matricola/$numero',
        params: { matricola: saved.id.matricola, numero: String(saved.id.numeroRichiesta) },
        replace: true,
      });
    } catch (error) {
      showFailure(error);
    } finally {
      setProgress(undefined);
    }
  };

  const saving = create.isPending;

  return (
    <Form<WarrantyFormValues>
      form={form}
      layout="vertical"
      initialValues={emptyWarrantyValues(initialMatricola)}
      onFinish={submit}
      onFinishFailed={() => {
        setAttempted(true);
        setIncomplete(true);
      }}
      onValuesChange={() => {
        setIncomplete(false);
        setFailure(undefined);
      }}
      disabled={saving}
      scrollToFirstError={{ block: 'center' }}
    >
      <WarrantyFields
        form={form}
        isNew
        disabled={saving}
        gg={gg}
        serial={serial}
        dataRichiesta={formatItalianDate(businessToday()) ?? ''}
      />
      <section>
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          {t('richiestagaranzia.attachments.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('richiestagaranzia.attachments.firstHint')}</Typography.Paragraph>
        <WarrantyFilePicker
          file={file}
          onChange={(picked) => {
            setFile(picked);
            setIncomplete(false);
          }}
          progress={progress}
          missing={attempted}
          disabled={saving}
        />
      </section>
      {incomplete ? (
        <Alert
          type="error"
          showIcon
          title={t('richiestagaranzia.form.incomplete')}
          style={{ marginTop: 16 }}
          role="alert"
          data-testid="wr-incomplete"
        />
      ) : null}
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginTop: 16 }} role="alert" data-testid="wr-failure" />
      ) : null}
      <Flex gap={8} wrap style={{ marginTop: 24 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={back} disabled={saving}>
          {t('entity.action.back')}
        </Button>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined />}
          loading={saving}
          disabled={serial.status === 'checking'}
          onClick={() => setAttempted(true)}
          data-testid="wr-save"
        >
          {t(order ? 'richiestagaranzia.order.save' : 'entity.action.save')}
        </Button>
      </Flex>
    </Form>
  );
};
