import { WarningOutlined } from '@ant-design/icons';
import {
  businessToday,
  isWarrantyExpiredOn,
  localizedText,
  WARRANTY_LIMITS,
  warrantyInputSchema,
} from '@ricambi/domain';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Select,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries, useProvinces } from '../../api/checkout.api.ts';
import { useComboList } from '../../api/combos.api.ts';
import { zodRule } from '../../components/forms.ts';
import { decimalSeparatorOf, formatOrderDate } from '../../lib/format.ts';
import { WarrantyComponentPicker } from './WarrantyComponentPicker.tsx';
import { WarrantyTermsModal } from './WarrantyTermsModal.tsx';
import {
  type COST_DEPENDENT_FIELDS,
  costRequiresDetails,
  dateErrorOf,
  hasProvince,
  isOutsideWarrantyDates,
  type SerialView,
  WARRANTY_DATE_FORMAT,
  type WarrantyFormValues,
} from './warranty.form.ts';

const L = WARRANTY_LIMITS;
type NumberField = (typeof COST_DEPENDENT_FIELDS)[number] | 'oreLavoro' | 'costoTotaleIntervento';
type DateField = 'dataGuasto' | 'dataRiparazione';
const shape = warrantyInputSchema.shape;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section>
    <Typography.Title level={2} style={{ fontSize: 18 }}>
      {title}
    </Typography.Title>
    {children}
  </section>
);

/**
 * The fields of a warranty request (spec 2 §3, §5), for a new request and a saved one: the machine
 * (serial checked as typed), failure and repair, the problem, the place; the terms for a new one.
 * Repair date, intervention and travel hours and km are required (*) once the total cost is above 0;
 * failure and repair dates lie between today − gg days (the filing day − gg for a saved request) and today.
 */
export const WarrantyFields = ({
  form,
  isNew,
  disabled,
  gg,
  serial,
  dataRichiesta,
  savedComponentLabel,
  expired: expiredOverride,
  filedOn,
}: {
  form: FormInstance<WarrantyFormValues>;
  isNew: boolean;
  disabled: boolean;
  gg: number;
  serial: SerialView;
  /** dd/MM/yyyy: today for a new request. */
  dataRichiesta: string;
  savedComponentLabel?: string | null;
  /** A saved request says whether the warranty had ended on its date; a new one compares with today. */
  expired?: boolean;
  /** yyyy-MM-dd: the day a saved request was filed, from which the dates' age counts. */
  filedOn?: string;
}) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [termsOpen, setTermsOpen] = useState(false);
  const matricola = Form.useWatch('matricola', form) ?? '';
  const cost = Form.useWatch('costoTotaleIntervento', form);
  const stato = Form.useWatch('stato', form);
  const detailsRequired = costRequiresDetails(cost);
  const withProvince = hasProvince(stato);
  const countries = useCountries().data ?? [];
  const provinces = useProvinces(stato, withProvince).data ?? [];
  const problemi = useComboList('problemiSegnalati').data ?? [];
  const collocazioni = useComboList('collocazioneProblema').data ?? [];
  const required = { required: true, message: t('validation.required') };
  const found = serial.status === 'valid';
  const today = businessToday();
  const expired = found && (expiredOverride ?? isWarrantyExpiredOn(serial.dataFineGaranzia, today));

  const filed = filedOn ?? today;
  const dateRule =
    (field: DateField): Rule =>
    ({ getFieldsValue }) => ({
      validator: async (_rule, value: Dayjs | null) => {
        if (!value) {
          if (field === 'dataGuasto' || costRequiresDetails(form.getFieldValue('costoTotaleIntervento')))
            throw new Error(t('validation.required'));
          return;
        }
        const values = getFieldsValue(['dataGuasto', 'dataRiparazione']) as Pick<WarrantyFormValues, DateField>;
        const error = dateErrorOf(field, { ...values, [field]: value }, gg, today, filed);
        if (error) throw new Error(t(error.message, error.params ?? {}));
      },
    });

  const numberRule = (field: NumberField): Rule => ({
    validator: async (_rule, value: number | null | undefined) => {
      const needed =
        field === 'oreLavoro' ||
        (field !== 'costoTotaleIntervento' && costRequiresDetails(form.getFieldValue('costoTotaleIntervento')));
      if (value === null || value === undefined) {
        if (needed) throw new Error(t('validation.required'));
        return;
      }
      const parsed = shape[field].safeParse(value);
      if (!parsed.success) throw new Error(t(parsed.error.issues[0]?.message ?? 'validation.invalid'));
    },
  });

  const numberField = (
    name: NumberField,
    options: { max: number; precision?: number; suffix?: string; isRequired: boolean },
  ) => (
    <Form.Item
      name={name}
      label={t(`richiestagaranzia.field.${name}`)}
      required={options.isRequired}
      rules={[numberRule(name)]}
      dependencies={name === 'costoTotaleIntervento' || name === 'oreLavoro' ? undefined : ['costoTotaleIntervento']}
    >
      <InputNumber
        min={0}
        max={options.max}
        precision={options.precision}
        decimalSeparator={decimalSeparatorOf(i18n.language)}
        suffix={options.suffix}
        style={{ width: '100%' }}
        data-testid={`wr-${name}`}
      />
    </Form.Item>
  );

  const serialHelp =
    serial.status === 'checking'
      ? t('richiestagaranzia.serial.checking')
      : serial.status === 'error'
        ? t('richiestagaranzia.serial.checkFailed')
        : undefined;

  return (
    <Flex vertical gap={8}>
      <Section title={t('richiestagaranzia.form.machine')}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="matricola"
              label={t('richiestagaranzia.field.matricola')}
              required
              normalize={(v: string | undefined) => (v ?? '').toUpperCase()}
              validateFirst
              hasFeedback={isNew && serial.status !== 'idle'}
              validateStatus={isNew && serial.status === 'checking' ? 'validating' : undefined}
              help={isNew ? serialHelp : undefined}
              rules={[
                { required: true, whitespace: true, message: t('validation.required') },
                { max: L.matricola, message: t('validation.maxlength', { max: L.matricola }) },
                {
                  validator: async () => {
                    if (serial.status === 'invalid') throw new Error(t(`richiestagaranzia.error.${serial.reason}`));
                  },
                },
              ]}
            >
              <Input
                maxLength={L.matricola}
                disabled={!isNew || disabled}
                autoComplete="off"
                style={{ textTransform: 'uppercase' }}
                data-testid="wr-matricola"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('richiestagaranzia.field.dataRichiesta')} htmlFor="wr-dataRichiesta">
              <Input id="wr-dataRichiesta" value={dataRichiesta} disabled data-testid="wr-dataRichiesta" />
            </Form.Item>
          </Col>
        </Row>
        {found ? (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            style={{ marginBottom: 16 }}
            data-testid="wr-machine"
            items={[
              {
                key: 'model',
                label: t('richiestagaranzia.field.descrizione'),
                children: serial.descrizione || '–',
              },
              {
                key: 'warranty',
                label: t('richiestagaranzia.field.dataFineGaranzia'),
                children: formatOrderDate(serial.dataFineGaranzia),
              },
            ]}
          />
        ) : null}
        {expired ? (
          <Alert
            type="warning"
            showIcon
            icon={<WarningOutlined />}
            style={{ marginBottom: 16 }}
            data-testid="wr-expired"
            title={t('richiestagaranzia.serial.expired', { date: formatOrderDate(serial.dataFineGaranzia) })}
          />
        ) : null}
      </Section>

      <Section title={t('richiestagaranzia.form.failure')}>
        <Typography.Paragraph type="secondary">{t('richiestagaranzia.form.costHint', { gg })}</Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="dataGuasto"
              label={t('richiestagaranzia.field.dataGuasto')}
              required
              rules={[dateRule('dataGuasto')]}
            >
              <DatePicker
                format={WARRANTY_DATE_FORMAT}
                disabledDate={(d) => isOutsideWarrantyDates(d, gg, today, filed)}
                style={{ width: '100%' }}
                data-testid="wr-dataGuasto"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="dataRiparazione"
              label={t('richiestagaranzia.field.dataRiparazione')}
              required={detailsRequired}
              dependencies={['dataGuasto', 'costoTotaleIntervento']}
              rules={[dateRule('dataRiparazione')]}
            >
              <DatePicker
                format={WARRANTY_DATE_FORMAT}
                disabledDate={(d) => isOutsideWarrantyDates(d, gg, today, filed)}
                style={{ width: '100%' }}
                data-testid="wr-dataRiparazione"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {numberField('oreLavoro', { max: L.maxHours, isRequired: true })}
          </Col>
          <Col xs={12} md={6}>
            {numberField('costoTotaleIntervento', { max: L.maxCost, precision: 2, suffix: '€', isRequired: false })}
          </Col>
          <Col xs={12} md={6}>
            {numberField('oreIntervento', { max: L.maxHours, isRequired: detailsRequired })}
          </Col>
          <Col xs={12} md={6}>
            {numberField('oreViaggio', { max: L.maxHours, isRequired: detailsRequired })}
          </Col>
          <Col xs={12} md={6}>
            {numberField('chilometri', { max: L.maxKm, precision: 0, isRequired: detailsRequired })}
          </Col>
        </Row>
      </Section>

      <Section title={t('richiestagaranzia.form.problem')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="problemaSegnalato"
              label={t('richiestagaranzia.field.problemaSegnalato')}
              required
              rules={[required]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={problemi.map((p) => ({ value: p.id.chiave, label: localizedText(p.descrizione, lang) }))}
                data-testid="wr-problemaSegnalato"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="collocazioneProblema"
              label={t('richiestagaranzia.field.collocazioneProblema')}
              required
              rules={[required]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={collocazioni.map((p) => ({ value: p.id.chiave, label: localizedText(p.descrizione, lang) }))}
                data-testid="wr-collocazioneProblema"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="problemaNote"
              label={t('richiestagaranzia.field.problemaNote')}
              required
              validateFirst
              rules={[
                { required: true, whitespace: true, message: t('validation.required') },
                zodRule(shape.problemaNote, t),
              ]}
            >
              <Input.TextArea
                autoSize={{ minRows: 3, maxRows: 8 }}
                showCount
                maxLength={L.problemaNote}
                data-testid="wr-problemaNote"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="codiceComponente"
              label={t('richiestagaranzia.field.codiceComponente')}
              extra={found ? undefined : t('richiestagaranzia.component.serialFirst')}
            >
              <WarrantyComponentPicker
                matricola={matricola.trim()}
                enabled={found}
                disabled={disabled}
                savedLabel={savedComponentLabel}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="soluzioneAdottataNote"
              label={t('richiestagaranzia.field.soluzioneAdottataNote')}
              rules={[zodRule(shape.soluzioneAdottataNote, t)]}
            >
              <Input.TextArea
                autoSize={{ minRows: 3, maxRows: 8 }}
                showCount
                maxLength={L.soluzioneAdottataNote}
                data-testid="wr-soluzioneAdottataNote"
              />
            </Form.Item>
          </Col>
        </Row>
      </Section>

      <Section title={t('richiestagaranzia.form.place')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="stato" label={t('richiestagaranzia.field.stato')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={countries.map((c) => ({
                  value: c.id.chiaveDue,
                  label: localizedText(c.descrizione, lang) || c.id.chiaveDue,
                }))}
                onChange={() => form.setFieldValue('provincia', undefined)}
                data-testid="wr-stato"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="provincia"
              label={t('richiestagaranzia.field.provincia')}
              required={withProvince}
              rules={withProvince ? [required] : []}
            >
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                disabled={disabled || !withProvince}
                options={provinces.map((p) => ({
                  value: p.id.chiaveDue,
                  label: `${p.id.chiaveDue} – ${localizedText(p.descrizione, lang) || p.id.chiaveDue}`,
                }))}
                data-testid="wr-provincia"
              />
            </Form.Item>
          </Col>
        </Row>
      </Section>

      {isNew ? (
        <>
          <Flex gap={8} align="baseline" wrap>
            <Form.Item
              name="terminiAccettati"
              valuePropName="checked"
              style={{ marginBottom: 8 }}
              rules={[
                {
                  validator: async (_rule, v: boolean) => {
                    if (!v) throw new Error(t('richiestagaranzia.error.termsRequired'));
                  },
                },
              ]}
            >
              <Checkbox data-testid="wr-terms" aria-required>
                {t('richiestagaranzia.terms.accept')}
                <span aria-hidden style={{ color: '#a8071a', marginInlineStart: 4 }}>
                  *
                </span>
              </Checkbox>
            </Form.Item>
            <Button
              type="link"
              onClick={() => setTermsOpen(true)}
              style={{ paddingInline: 0 }}
              data-testid="wr-terms-open"
            >
              {t('richiestagaranzia.terms.read')}
            </Button>
          </Flex>
          <WarrantyTermsModal open={termsOpen} onClose={() => setTermsOpen(false)} />
        </>
      ) : null}
    </Flex>
  );
};
