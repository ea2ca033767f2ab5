import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import {
  isLanguage,
  TICKET_LIMITS,
  TICKET_TYPES,
  TICKET_URGENCIES,
  type TicketSerial,
  ticketInputSchema,
} from '@ricambi/domain';
import { useNavigate } from '@tanstack/react-router';
import { Alert, AutoComplete, Button, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useComboList } from '../../api/combos.api.ts';
import { ApiError } from '../../api/http.ts';
import { useCreateTicket, useTicketSerials, useUploadTicketFile } from '../../api/tickets.api.ts';
import { applyFieldErrors, zodRule } from '../../components/forms.ts';
import { describeError, showError, showSuccess } from '../../lib/alerts.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { type PickedFile, TicketFilePicker } from './TicketFilePicker.tsx';
import {
  emptyTicketValues,
  exactSerial,
  locationOptions,
  SERIAL_LOOKUP_DELAY_MS,
  saveRefusal,
  serialFields,
  serialStatusOf,
  serialTerm,
  type TicketFormValues,
  toTicketInput,
} from './tickets.form.ts';

const L = TICKET_LIMITS;
const shape = ticketInputSchema.shape;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section>
    <Typography.Title level={2} style={{ fontSize: 18 }}>
      {title}
    </Typography.Title>
    {children}
  </section>
);

/** A failed upload's text: the uploader's own message (upload.*) or the one error mapper's. */
const uploadProblemOf = (error: unknown) => {
  const problem = error instanceof ApiError ? error.problem : undefined;
  return problem?.message.startsWith('upload.') ? problem : undefined;
};

/**
 * A new ticket (spec 2 §3–§5): the serial looked up as it is typed (lower-cased, 10 results) —
 * choosing one fills the model and the warranty end and upper-cases it, none found marks it invalid —
 * hours of use, type, location (required: 0 is refused), urgency, title, description, and the files
 * picked before saving. Saved once: the ticket is created, its files are sent one by one with their
 * progress, and the page goes to the new ticket.
 */
export const TicketNewForm = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const create = useCreateTicket();
  const upload = useUploadTicketFile();
  const [form] = Form.useForm<TicketFormValues>();
  const locations = locationOptions(useComboList('collocazioneProblema').data ?? [], lang);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [chosen, setChosen] = useState<TicketSerial>();
  const [incomplete, setIncomplete] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [submitted, setSubmitted] = useState(false);

  const matricola: string = Form.useWatch('matricola', form) ?? '';
  const looked = useDebouncedValue(serialTerm(matricola), SERIAL_LOOKUP_DELAY_MS);
  const lookup = useTicketSerials(looked, lang);
  const results = looked === '' ? undefined : lookup.data;
  const status = serialStatusOf({
    typed: matricola,
    looked,
    chosen,
    results,
    fetching: lookup.isFetching,
    failed: lookup.isError,
  });

  const choose = (serial: TicketSerial) => {
    setChosen(serial);
    form.setFieldsValue(serialFields(serial));
  };

  // A serial typed in full (or pasted) is chosen as if picked from the list. The form's own value is
  // read (the watched one lags a render behind a change): a lookup of an older term chooses nothing.
  useEffect(() => {
    if (status !== 'choose') return;
    const typed: string = form.getFieldValue('matricola') ?? '';
    if (serialTerm(typed) !== looked) return;
    const exact = exactSerial(typed, results);
    if (exact) {
      setChosen(exact);
      form.setFieldsValue(serialFields(exact));
    }
  }, [status, looked, results, form]);

  // The lookup's answer arrives after the typing: the serial field shows it (found, or none).
  useEffect(() => {
    if (status !== 'searching' && status !== 'idle' && form.getFieldValue('matricola'))
      void form.validateFields(['matricola']).catch(() => undefined);
  }, [status, form]);

  const required = { required: true, message: t('validation.required') };
  const saving = submitted;
  const back = () => void navigate({ to: '/ticket' });

  const sendFiles = async (id: number) => {
    const mark = (uid: string, change: Partial<PickedFile>) =>
      setFiles((list) => list.map((f) => (f.uid === uid ? { ...f, ...change } : f)));
    const failed: string[] = [];
    for (const picked of files) {
      mark(picked.uid, { status: 'uploading', percent: 0 });
      try {
        await upload.mutateAsync({
          id,
          file: picked.file,
          onProgress: (percent) => mark(picked.uid, { percent }),
        });
        mark(picked.uid, { status: 'done', percent: 100 });
      } catch (error) {
        mark(picked.uid, { status: 'error' });
        const problem = uploadProblemOf(error);
        failed.push(
          t('upload.failed', {
            name: picked.file.name,
            reason: problem ? t(problem.message, problem.params ?? {}) : describeError(error),
          }),
        );
      }
    }
    return failed;
  };

  const submit = async (values: TicketFormValues) => {
    const refusal = saveRefusal(values, submitted);
    if (refusal === 'submitted') return;
    if (status !== 'found') {
      // Typed but not one of the user's serials chosen from the lookup.
      form.setFields([
        {
          name: 'matricola',
          errors: [t(status === 'none' ? 'ticket.serial.noResults' : 'ticket.serial.choose')],
        },
      ]);
      form.scrollToField('matricola', { block: 'center' });
      setIncomplete(true);
      return;
    }
    if (refusal === 'location') {
      form.setFields([{ name: 'collocazioneKey', errors: [t('ticket.error.location')] }]);
      setIncomplete(true);
      return;
    }
    setSubmitted(true);
    setFailure(undefined);
    let id: number;
    try {
      id = (await create.mutateAsync(toTicketInput(values, isLanguage(lang) ? lang : undefined))).newTicketId;
    } catch (error) {
      setSubmitted(false);
      if (applyFieldErrors(form, error, t)) {
        const first = form.getFieldsError().find((f) => f.errors.length > 0);
        if (first) form.scrollToField(first.name, { block: 'center' });
      } else setFailure(describeError(error));
      return;
    }
    const failed = await sendFiles(id);
    showSuccess(t('ticket.form.created', { id }));
    for (const text of failed) showError(text);
    void navigate({ to: '/ticket/$id', params: { id: String(id) }, replace: true });
  };

  const serialHelp =
    status === 'searching'
      ? t('ticket.serial.searching')
      : status === 'found' && chosen
        ? t('ticket.serial.found', { modello: chosen.modello || chosen.matricola })
        : undefined;

  return (
    <Form<TicketFormValues>
      form={form}
      layout="vertical"
      initialValues={emptyTicketValues()}
      onFinish={submit}
      onFinishFailed={() => setIncomplete(true)}
      onValuesChange={(changed: Partial<TicketFormValues>) => {
        setIncomplete(false);
        setFailure(undefined);
        // Another serial typed: the model and warranty end of the one chosen go.
        if ('matricola' in changed && chosen && serialTerm(changed.matricola ?? '') !== serialTerm(chosen.matricola)) {
          setChosen(undefined);
          form.setFieldsValue({ modello: '', dataGaranzia: '' });
        }
      }}
      disabled={saving}
      scrollToFirstError={{ block: 'center' }}
    >
      <Flex vertical gap={8}>
        <Section title={t('ticket.form.machine')}>
          <Row gutter={16}>
            <Col xs={24} md={12} lg={6}>
              <Form.Item
                name="matricola"
                label={t('ticket.field.matricola')}
                required
                validateFirst
                normalize={(v: string | undefined) => (v ?? '').toUpperCase()}
                // The lookup's state is said in words (the feedback icons would show twice: list and input).
                help={serialHelp}
                rules={[
                  { required: true, whitespace: true, message: t('validation.required') },
                  { max: L.matricola, message: t('validation.maxlength', { max: L.matricola }) },
                  {
                    validator: async () => {
                      if (status === 'none') throw new Error(t('ticket.serial.noResults'));
                      if (status === 'error') throw new Error(t('ticket.serial.lookupFailed'));
                    },
                  },
                ]}
              >
                <AutoComplete
                  options={(results ?? []).map((s) => ({
                    value: s.matricola.toUpperCase(),
                    label: (
                      <span>
                        {s.matricola.toUpperCase()}
                        {s.modello ? <Typography.Text type="secondary"> – {s.modello}</Typography.Text> : null}
                      </span>
                    ),
                  }))}
                  filterOption={false}
                  notFoundContent={status === 'none' ? t('ticket.serial.noResults') : undefined}
                  onSelect={(value: string) => {
                    const serial = results?.find((s) => s.matricola.toUpperCase() === value);
                    if (serial) choose(serial);
                  }}
                  data-testid="tk-matricola"
                >
                  <Input maxLength={L.matricola} autoComplete="off" style={{ textTransform: 'uppercase' }} />
                </AutoComplete>
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={8}>
              <Form.Item
                name="modello"
                label={t('ticket.field.modello')}
                required
                validateFirst
                rules={[{ ...required, whitespace: true }, zodRule(shape.modello, t)]}
                extra={chosen ? undefined : t('ticket.serial.modelHint')}
              >
                <Input
                  maxLength={L.modello}
                  readOnly={Boolean(chosen?.modello)}
                  variant={chosen?.modello ? 'filled' : 'outlined'}
                  data-testid="tk-modello"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={5}>
              <Form.Item name="dataGaranzia" label={t('ticket.field.dataGaranzia')}>
                <Input readOnly variant="filled" placeholder="–" data-testid="tk-dataGaranzia" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={5}>
              <Form.Item
                name="oreUtilizzo"
                label={t('ticket.field.oreUtilizzo')}
                required
                validateFirst
                rules={[required, zodRule(shape.oreUtilizzo, t)]}
              >
                <InputNumber
                  min={0}
                  max={L.maxHours}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="tk-oreUtilizzo"
                />
              </Form.Item>
            </Col>
          </Row>
        </Section>

        <Section title={t('ticket.form.problem')}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="tipologiaKey" label={t('ticket.field.tipologia')} required rules={[required]}>
                <Select
                  options={TICKET_TYPES.map((k) => ({ value: k, label: t(`ticket.type.${k}`) }))}
                  data-testid="tk-tipologia"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="collocazioneKey"
                label={t('ticket.field.collocazione')}
                required
                rules={[{ required: true, message: t('ticket.error.location') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('ticket.form.chooseLocation')}
                  options={locations}
                  data-testid="tk-collocazione"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="urgenzaClienteKey" label={t('ticket.field.urgenza')} required rules={[required]}>
                <Select
                  options={TICKET_URGENCIES.map((k) => ({ value: k, label: t(`ticket.urgency.${k}`) }))}
                  data-testid="tk-urgenza"
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="title"
                label={t('ticket.field.title')}
                required
                validateFirst
                rules={[{ ...required, whitespace: true }, zodRule(shape.title, t)]}
              >
                <Input maxLength={L.title} data-testid="tk-title" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="clientDescription"
                label={t('ticket.field.descrizione')}
                extra={t('ticket.form.descriptionHint')}
                rules={[zodRule(shape.clientDescription, t)]}
              >
                <Input.TextArea
                  autoSize={{ minRows: 4, maxRows: 12 }}
                  showCount
                  maxLength={L.descrizione}
                  data-testid="tk-descrizione"
                />
              </Form.Item>
            </Col>
          </Row>
        </Section>

        <Section title={t('ticket.files.title')}>
          <Typography.Paragraph type="secondary">{t('ticket.files.newHint')}</Typography.Paragraph>
          <TicketFilePicker
            files={files}
            onAdd={(picked) => setFiles((list) => [...list, picked])}
            onRemove={(uid) => setFiles((list) => list.filter((f) => f.uid !== uid))}
            disabled={saving}
          />
        </Section>
      </Flex>

      {incomplete ? (
        <Alert
          type="error"
          showIcon
          title={t('ticket.form.incomplete')}
          style={{ marginTop: 16 }}
          role="alert"
          data-testid="tk-incomplete"
        />
      ) : null}
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginTop: 16 }} role="alert" data-testid="tk-failure" />
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
          disabled={status === 'searching'}
          data-testid="tk-save"
        >
          {t('ticket.form.save')}
        </Button>
      </Flex>
    </Form>
  );
};
