import { ArrowLeftOutlined, DeleteOutlined, FilePdfOutlined, SaveOutlined } from '@ant-design/icons';
import { hasAnyAuthority, parseItalianDate, WARRANTY_BACKOFFICE_ROLES, WARRANTY_ROLES } from '@ricambi/domain';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Alert, Button, Card, Descriptions, Flex, Form, Popconfirm, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { http } from '../../api/http.ts';
import {
  useDeleteWarranty,
  useUpdateWarranty,
  useWarranty,
  useWarrantyMaxAge,
  warrantyPdfUrl,
} from '../../api/warranty.api.ts';
import { describeError, showError, showSuccess } from '../../lib/alerts.ts';
import { WarrantyAttachments } from './WarrantyAttachments.tsx';
import { WarrantyFields } from './WarrantyFields.tsx';
import { WarrantyHistory } from './WarrantyHistory.tsx';
import { WarrantyNewForm } from './WarrantyNewForm.tsx';
import { WarrantyStatePanel } from './WarrantyStatePanel.tsx';
import { WarrantyStateTag } from './WarrantyStateTag.tsx';
import {
  splitWarrantyFieldErrors,
  toWarrantyFormValues,
  toWarrantyInput,
  type WarrantyFormValues,
} from './warranty.form.ts';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section style={{ marginTop: 24 }}>
    <Typography.Title level={2} style={{ fontSize: 18 }}>
      {title}
    </Typography.Title>
    {children}
  </section>
);

/** /richiestagaranzia/nuova (?matricola= prefills the serial, e.g. from a machine page). */
export const WarrantyNewPage = () => {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { matricola?: unknown };
  const matricola = typeof search.matricola === 'string' ? search.matricola : '';
  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {t('richiestagaranzia.form.newTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('richiestagaranzia.form.newIntro')}</Typography.Paragraph>
      <WarrantyNewForm initialMatricola={matricola} />
    </Card>
  );
};

/**
 * One warranty request (spec 2 §2–§5, §8): the form filled, editable by its dealer while the back
 * office has not locked it (seEditable Y); attachments, PDF, the linked warranty order, the history
 * of its states, and for the back office the change of state.
 */
export const WarrantyDetailPage = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const account = useAccount();
  const params = useParams({ strict: false }) as { matricola: string; numero: string };
  const matricola = params.matricola;
  const numero = Number(params.numero);
  const record = useWarranty(matricola, numero, lang);
  const update = useUpdateWarranty();
  const remove = useDeleteWarranty();
  const gg = useWarrantyMaxAge();
  const [form] = Form.useForm<WarrantyFormValues>();
  const [incomplete, setIncomplete] = useState(false);
  const [pdfBusy, setPdfBusy] = useState(false);
  const data = record.data;
  const isDealer = hasAnyAuthority(account?.authorities, WARRANTY_ROLES);
  const backOffice = hasAnyAuthority(account?.authorities, WARRANTY_BACKOFFICE_ROLES);
  const editable = isDealer && data?.seEditable === 'Y';

  // The form shows a request as first read; later answers (an attachment added, a change of state)
  // leave what the dealer is typing alone. A save puts the saved values back itself.
  const shown = useRef('');
  useEffect(() => {
    const key = data ? `${data.id.matricola}/${data.id.numeroRichiesta}` : '';
    if (!data || shown.current === key) return;
    shown.current = key;
    form.setFieldsValue(toWarrantyFormValues(data));
  }, [data, form]);

  const back = () => void navigate({ to: '/richiestagaranzia' });

  if (!Number.isInteger(numero) || numero <= 0 || record.isError)
    return (
      <Card>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {t('richiestagaranzia.title')}
        </Typography.Title>
        <Alert
          type="error"
          showIcon
          title={record.isError ? describeError(record.error) : t('richiestagaranzia.error.notFound')}
        />
        <Button icon={<ArrowLeftOutlined />} onClick={back} style={{ marginTop: 16 }}>
          {t('entity.action.back')}
        </Button>
      </Card>
    );
  if (!data) return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;

  const submit = async (values: WarrantyFormValues) => {
    setIncomplete(false);
    try {
      const saved = await update.mutateAsync({ body: toWarrantyInput(values, numero), lang });
      form.setFieldsValue(toWarrantyFormValues(saved));
      showSuccess(t('richiestagaranzia.form.updateok', { numero: saved.id.numeroRichiesta }));
    } catch (error) {
      const { onForm } = splitWarrantyFieldErrors(error);
      if (onForm.length)
        form.setFields(onForm.map((f) => ({ name: f.name, errors: [t(f.error.message, f.error.params ?? {})] })));
      else showError(describeError(error));
    }
  };

  const deleteRequest = async () => {
    try {
      await remove.mutateAsync({ matricola, numero, lang });
      showSuccess(t('richiestagaranzia.form.deleted', { numero }));
      back();
    } catch (error) {
      showError(describeError(error));
    }
  };

  const pdf = async () => {
    setPdfBusy(true);
    try {
      await http.download(
        warrantyPdfUrl(matricola, data.dataRichiestaIso, numero, lang),
        `richiesta-garanzia-${matricola}-${numero}.pdf`,
      );
    } catch (error) {
      showError(describeError(error));
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <Card>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <div>
          <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
            {t('richiestagaranzia.form.title', { numero, matricola: data.id.matricola })}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {data.descrizione}
            {data.dealer ? ` · ${t('richiestagaranzia.field.dealer')}: ${data.dealer}` : ''}
          </Typography.Paragraph>
        </div>
        <WarrantyStateTag state={data.statoAttivita} />
      </Flex>
      {data.seEditable === 'N' ? (
        <Alert
          type="info"
          showIcon
          title={t('richiestagaranzia.form.locked')}
          style={{ marginBottom: 16 }}
          data-testid="wr-locked"
        />
      ) : null}
      {data.numeroOrdine ? (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2 }}
          style={{ marginBottom: 16 }}
          data-testid="wr-order"
          items={[
            { key: 'numeroOrdine', label: t('richiestagaranzia.field.numeroOrdine'), children: data.numeroOrdine },
            { key: 'dataOrdine', label: t('richiestagaranzia.field.dataOrdine'), children: data.dataOrdine ?? '–' },
          ]}
        />
      ) : null}
      <Form<WarrantyFormValues>
        form={form}
        layout="vertical"
        initialValues={toWarrantyFormValues(data)}
        onFinish={submit}
        onFinishFailed={() => setIncomplete(true)}
        onValuesChange={() => setIncomplete(false)}
        disabled={!editable || update.isPending}
        scrollToFirstError={{ block: 'center' }}
      >
        <WarrantyFields
          form={form}
          isNew={false}
          disabled={!editable}
          gg={gg}
          serial={{
            status: 'valid',
            descrizione: data.descrizione,
            dataFineGaranzia: data.dataFineGaranzia ? parseItalianDate(data.dataFineGaranzia) : null,
          }}
          expired={data.garanziaScaduta}
          filedOn={data.dataRichiestaIso}
          dataRichiesta={data.dataRichiesta}
          savedComponentLabel={data.componenteDescrizione}
        />
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
        <Flex gap={8} wrap style={{ marginTop: 24 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={back} disabled={false}>
            {t('entity.action.back')}
          </Button>
          {isDealer ? (
            <>
              <Button
                type="primary"
                htmlType="submit"
                icon={<SaveOutlined />}
                loading={update.isPending}
                disabled={!editable}
                data-testid="wr-save"
              >
                {t('entity.action.save')}
              </Button>
              <Popconfirm
                title={t('richiestagaranzia.form.deleteQuestion', { numero, matricola: data.id.matricola })}
                okText={t('entity.action.delete')}
                cancelText={t('entity.action.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={deleteRequest}
                disabled={!editable}
              >
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  loading={remove.isPending}
                  disabled={!editable}
                  data-testid="wr-delete"
                >
                  {t('richiestagaranzia.form.delete')}
                </Button>
              </Popconfirm>
            </>
          ) : null}
          <Button
            icon={<FilePdfOutlined />}
            onClick={() => void pdf()}
            loading={pdfBusy}
            disabled={false}
            data-testid="wr-pdf"
          >
            {t('richiestagaranzia.form.pdf')}
          </Button>
        </Flex>
      </Form>
      <Section title={t('richiestagaranzia.attachments.title')}>
        <WarrantyAttachments record={data} editable={editable} />
      </Section>
      <Section title={t('richiestagaranzia.history.title')}>
        <WarrantyHistory events={data.eventi} />
      </Section>
      {backOffice ? (
        <Section title={t('richiestagaranzia.stateChange.title')}>
          <WarrantyStatePanel record={data} />
        </Section>
      ) : null}
    </Card>
  );
};
