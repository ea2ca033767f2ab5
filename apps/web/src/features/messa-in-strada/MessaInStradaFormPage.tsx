import { ArrowLeftOutlined, DeleteOutlined, FilePdfOutlined, PaperClipOutlined, SaveOutlined } from '@ant-design/icons';
import {
  type ComboVoce,
  localizedText,
  MESSA_IN_STRADA_LIMITS,
  type MessaInStrada,
  type MessaInStradaInput,
  messaInStradaInputSchema,
  UPLOAD_POLICIES,
} from '@ricambi/domain';
import { useNavigate, useParams } from '@tanstack/react-router';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  List,
  Popconfirm,
  Row,
  Select,
  Spin,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries, useProvinces } from '../../api/checkout.api.ts';
import { useComboList } from '../../api/combos.api.ts';
import { http } from '../../api/http.ts';
import {
  messaInStradaFileUrl,
  messaInStradaPdfUrl,
  messaInStradaThumbnailUrl,
  messaInStradaUploadUrl,
  useAttachmentAdded,
  useDeleteMessaInStradaAllegato,
  useMessaInStrada,
  useSaveMessaInStrada,
} from '../../api/messa-in-strada.api.ts';
import { FileUpload } from '../../components/FileUpload.tsx';
import { applyFieldErrors, zodRule } from '../../components/forms.ts';
import { describeError, showError, showSuccess } from '../../lib/alerts.ts';
import { DATEPICKER_FORMAT } from '../../lib/format.ts';

type FormValues = Omit<MessaInStradaInput, 'id' | 'msData'> & { msData: Dayjs | null };

const L = MESSA_IN_STRADA_LIMITS;
const shape = messaInStradaInputSchema.shape;
const countryName = (voce: ComboVoce, lang: string) =>
  voce.descrizione[lang as keyof ComboVoce['descrizione']] ?? voce.descrizione.it ?? voce.id.chiaveDue;

const toFormValues = (r: MessaInStrada): FormValues => ({
  nomeCliente: r.nomeCliente ?? '',
  via: r.via ?? '',
  cap: r.cap ?? '',
  loc: r.loc ?? '',
  partitaIva: r.partitaIva ?? '',
  geoLoc: r.geoLoc ?? '',
  stato: r.stato ?? '',
  provincia: r.provincia ?? undefined,
  msSettore: r.msSettore ?? '',
  rif: r.rif ?? '',
  telefono: r.telefono ?? '',
  email: r.email ?? '',
  msData: r.msData ? dayjs(r.msData, DATEPICKER_FORMAT) : null,
});

/** The record's attachments: download, and delete after a confirmation while it is editable. */
const Attachments = ({ record }: { record: MessaInStrada }) => {
  const { t } = useTranslation();
  const remove = useDeleteMessaInStradaAllegato();
  const editable = record.seEditable === 'Y';
  if (record.allegati.length === 0)
    return <Typography.Text type="secondary">{t('messainstrada.attachments.none')}</Typography.Text>;
  return (
    <List
      size="small"
      bordered
      data-testid="ms-attachments"
      dataSource={record.allegati}
      renderItem={(a) => (
        <List.Item
          actions={[
            <Button
              key="download"
              type="link"
              onClick={() =>
                void http.download(messaInStradaFileUrl(a.id), a.name).catch((e) => showError(describeError(e)))
              }
            >
              {t('messainstrada.attachments.download')}
            </Button>,
            ...(editable
              ? [
                  <Popconfirm
                    key="delete"
                    title={t('messainstrada.attachments.deleteQuestion', { name: a.name })}
                    okText={t('entity.action.delete')}
                    cancelText={t('entity.action.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync({ matricola: record.id.matricola, id: a.id })}
                  >
                    <Button
                      type="link"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('messainstrada.attachments.delete', { name: a.name })}
                    />
                  </Popconfirm>,
                ]
              : []),
          ]}
        >
          <Flex gap={8} align="center">
            {a.thumbnail ? (
              <img
                src={messaInStradaThumbnailUrl(a.id)}
                alt=""
                width={48}
                height={48}
                style={{ objectFit: 'cover', borderRadius: 4 }}
              />
            ) : (
              <PaperClipOutlined aria-hidden />
            )}
            <span>{a.name}</span>
          </Flex>
        </List.Item>
      )}
    />
  );
};

/**
 * The road registration of one machine (spec 2 §2–§5): the customer, where and when it went on the
 * road and in which sector; attachments (images or PDF, 5 MB each) once saved; the PDF of the record.
 */
export const MessaInStradaFormPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { matricola } = useParams({ strict: false }) as { matricola: string };
  const record = useMessaInStrada(matricola, i18n.language);
  const save = useSaveMessaInStrada();
  const attachmentAdded = useAttachmentAdded();
  const [form] = Form.useForm<FormValues>();
  const [incomplete, setIncomplete] = useState(false);
  const [pdfBusy, setPdfBusy] = useState(false);
  const stato = Form.useWatch('stato', form);
  const countries = useCountries().data ?? [];
  const hasProvinces = countries.find((c) => c.id.chiaveDue === stato)?.province ?? false;
  const provinces = useProvinces(stato, hasProvinces).data ?? [];
  const settori = useComboList('settori').data ?? [];
  const data = record.data;
  const editable = data?.seEditable !== 'N';

  useEffect(() => {
    if (data) form.setFieldsValue(toFormValues(data));
  }, [data, form]);

  const back = () => void navigate({ to: '/messainstrada' });

  const submit = async (values: FormValues) => {
    setIncomplete(false);
    try {
      const saved = await save.mutateAsync({
        body: {
          ...values,
          id: { matricola },
          provincia: hasProvinces ? values.provincia : null,
          msData: values.msData ? values.msData.format(DATEPICKER_FORMAT) : '',
        },
        lang: i18n.language,
      });
      form.setFieldsValue(toFormValues(saved));
      showSuccess(t('messainstrada.form.saved', { matricola }));
    } catch (error) {
      if (!applyFieldErrors(form, error, t)) showError(describeError(error));
    }
  };

  const pdf = async () => {
    setPdfBusy(true);
    try {
      await http.download(messaInStradaPdfUrl(matricola, i18n.language), `messa-in-strada-${matricola}.pdf`);
    } catch (error) {
      showError(describeError(error));
    } finally {
      setPdfBusy(false);
    }
  };

  if (record.isPending) return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
  if (record.isError || !data)
    return (
      <Card>
        <Alert type="error" showIcon title={describeError(record.error)} />
        <Button icon={<ArrowLeftOutlined />} onClick={back} style={{ marginTop: 16 }}>
          {t('entity.action.back')}
        </Button>
      </Card>
    );

  const text = (name: keyof typeof shape, max: number, required = false) => (
    <Form.Item
      name={name}
      label={t(`messainstrada.field.${name}`)}
      required={required}
      rules={[zodRule(shape[name], t)]}
      validateFirst
    >
      <Input maxLength={max} disabled={!editable} />
    </Form.Item>
  );

  return (
    <Card>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <div>
          <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
            {t('messainstrada.form.title', { matricola })}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {data.descrizione}
          </Typography.Paragraph>
        </div>
        <Flex gap={8} wrap>
          {data.registrata ? (
            <Tag color={editable ? 'green' : 'default'}>
              {t(editable ? 'messainstrada.state.done' : 'messainstrada.state.locked')}
            </Tag>
          ) : (
            <Tag>{t('messainstrada.state.todo')}</Tag>
          )}
        </Flex>
      </Flex>
      {!editable ? (
        <Alert type="info" showIcon title={t('messainstrada.form.locked')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        onFinishFailed={() => setIncomplete(true)}
        onValuesChange={() => setIncomplete(false)}
        disabled={!editable}
      >
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          {t('messainstrada.form.customer')}
        </Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {text('nomeCliente', L.nomeCliente, true)}
          </Col>
          <Col xs={24} md={12}>
            {text('partitaIva', L.partitaIva, true)}
          </Col>
          <Col xs={24} md={12}>
            {text('via', L.via, true)}
          </Col>
          <Col xs={12} md={6}>
            {text('cap', L.cap, true)}
          </Col>
          <Col xs={12} md={6}>
            {text('loc', L.loc, true)}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="stato" label={t('messainstrada.field.stato')} required rules={[zodRule(shape.stato, t)]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={countries.map((c) => ({ value: c.id.chiaveDue, label: countryName(c, i18n.language) }))}
                onChange={() => form.setFieldValue('provincia', undefined)}
                data-testid="ms-stato"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="provincia"
              label={t('messainstrada.field.provincia')}
              required={hasProvinces}
              rules={hasProvinces ? [{ required: true, message: t('validation.required') }] : []}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                disabled={!editable || !hasProvinces}
                options={provinces.map((p) => ({
                  value: p.id.chiaveDue,
                  label: `${p.id.chiaveDue} – ${countryName(p, i18n.language)}`,
                }))}
                data-testid="ms-provincia"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {text('geoLoc', L.geoLoc)}
          </Col>
          <Col xs={24} md={8}>
            {text('rif', L.rif)}
          </Col>
          <Col xs={24} md={8}>
            {text('telefono', L.telefono)}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="email" label={t('messainstrada.field.email')} rules={[zodRule(shape.email, t)]}>
              <Input type="email" maxLength={L.email} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          {t('messainstrada.form.registration')}
        </Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="msData"
              label={t('messainstrada.field.msData')}
              required
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <DatePicker format={DATEPICKER_FORMAT} style={{ width: '100%' }} data-testid="ms-data" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="msSettore"
              label={t('messainstrada.field.settore')}
              required
              rules={[zodRule(shape.msSettore, t)]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={settori.map((s) => ({
                  value: s.id.chiave,
                  label: localizedText(s.descrizione, i18n.language),
                }))}
                data-testid="ms-settore"
              />
            </Form.Item>
          </Col>
        </Row>
        {incomplete ? (
          <Alert
            type="error"
            showIcon
            title={t('messainstrada.form.incomplete')}
            style={{ marginBottom: 16 }}
            role="alert"
          />
        ) : null}
        <Flex gap={8} wrap style={{ marginBottom: 24 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={back} disabled={false}>
            {t('entity.action.back')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={save.isPending}
            disabled={!editable}
          >
            {t('entity.action.save')}
          </Button>
          <Button icon={<FilePdfOutlined />} onClick={() => void pdf()} loading={pdfBusy} disabled={!data.registrata}>
            {t('messainstrada.form.pdf')}
          </Button>
        </Flex>
      </Form>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('messainstrada.attachments.title')}
      </Typography.Title>
      <Flex vertical gap={12}>
        <Attachments record={data} />
        {!data.registrata ? (
          <Typography.Text type="secondary">{t('messainstrada.attachments.saveFirst')}</Typography.Text>
        ) : editable ? (
          <FileUpload<MessaInStrada>
            action={messaInStradaUploadUrl(matricola)}
            policy={UPLOAD_POLICIES.roadRegistration}
            multiple
            onUploaded={(saved) => void attachmentAdded(saved)}
            testId="ms-upload"
          />
        ) : null}
      </Flex>
    </Card>
  );
};
