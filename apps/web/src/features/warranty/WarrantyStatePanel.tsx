import { SwapOutlined } from '@ant-design/icons';
import { WARRANTY_LIMITS, type Warranty, type WarrantyState } from '@ricambi/domain';
import { Button, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangeWarrantyState } from '../../api/warranty.api.ts';
import { applyFieldErrors } from '../../components/forms.ts';
import { describeError, showError, showSuccess } from '../../lib/alerts.ts';

type Values = { statoAttivita?: WarrantyState; nota?: string };

/**
 * The back office moves a request on (ROLE_CR_INTERNAL): one of the states the server offers
 * (prossimiStati) and an optional note for the dealer, who is told by e-mail.
 */
export const WarrantyStatePanel = ({ record }: { record: Warranty }) => {
  const { t, i18n } = useTranslation();
  const change = useChangeWarrantyState();
  const [form] = Form.useForm<Values>();
  if (record.prossimiStati.length === 0)
    return <Typography.Text type="secondary">{t('richiestagaranzia.stateChange.none')}</Typography.Text>;

  const submit = async (values: Values) => {
    if (!values.statoAttivita) return;
    try {
      const saved = await change.mutateAsync({
        matricola: record.id.matricola,
        numero: record.id.numeroRichiesta,
        body: { statoAttivita: values.statoAttivita, nota: values.nota?.trim() || null },
        lang: i18n.language,
      });
      form.resetFields();
      showSuccess(
        t('richiestagaranzia.stateChange.done', {
          numero: saved.id.numeroRichiesta,
          stato: t(`richiestagaranzia.state.${saved.statoAttivita}`),
        }),
      );
    } catch (error) {
      if (!applyFieldErrors(form, error, t)) showError(describeError(error));
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">{t('richiestagaranzia.stateChange.mailHint')}</Typography.Paragraph>
      <Form.Item
        name="statoAttivita"
        label={t('richiestagaranzia.stateChange.next')}
        required
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Select
          options={record.prossimiStati.map((s) => ({ value: s, label: t(`richiestagaranzia.state.${s}`) }))}
          data-testid="wr-stato-change"
        />
      </Form.Item>
      <Form.Item name="nota" label={t('richiestagaranzia.stateChange.note')}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          showCount
          maxLength={WARRANTY_LIMITS.statoNota}
          data-testid="wr-stato-nota"
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        icon={<SwapOutlined />}
        loading={change.isPending}
        data-testid="wr-stato-submit"
      >
        {t('richiestagaranzia.stateChange.submit')}
      </Button>
    </Form>
  );
};
