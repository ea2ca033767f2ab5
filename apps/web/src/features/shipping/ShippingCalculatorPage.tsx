import { CalculatorOutlined, EnvironmentOutlined } from '@ant-design/icons';
import {
  CART_ROLES,
  type ComboVoce,
  hasAnyAuthority,
  parseWeight,
  SHIPPING_CALCULATOR_LIMITS,
  type ShippingCalculation,
} from '@ricambi/domain';
import { Alert, Button, Col, Flex, Form, Input, Row, Select, Spin, Typography, theme } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useCountries } from '../../api/checkout.api.ts';
import { ApiError } from '../../api/http.ts';
import { type ShippingCalculatorParams, useDefaultAddress, useShippingCalculation } from '../../api/shipping.api.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { describeError } from '../../lib/alerts.ts';
import { decimalSeparatorOf, formatEuro, formatNumber, formatWeight } from '../../lib/format.ts';

const K = 'speseSpedizione';
const FIELDS = ['stato', 'cap', 'peso'] as const;
type Field = (typeof FIELDS)[number];

type FormValues = { stato?: string; cap?: string; peso?: string };

/** A country's name in the user's language (Italian, then the code, when the language has none). */
const countryName = (voce: ComboVoce | undefined, lang: string, code: string) =>
  voce ? (voce.descrizione[lang as keyof ComboVoce['descrizione']] ?? voce.descrizione.it ?? code) : code;

const sameParams = (a: ShippingCalculatorParams | undefined, b: ShippingCalculatorParams) =>
  a !== undefined && a.stato === b.stato && a.cap === b.cap && a.peso === b.peso;

/** The answer of the last calculation, for the inputs it was asked for. */
const ResultPanel = ({
  result,
  params,
  countries,
}: {
  result: ShippingCalculation;
  params: ShippingCalculatorParams;
  countries: readonly ComboVoce[];
}) => {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang = i18n.language;
  const country = countryName(
    countries.find((c) => c.id.chiaveDue === params.stato),
    lang,
    params.stato,
  );
  const peso = formatWeight(Number(params.peso), lang);
  const inputs = params.cap
    ? t(`${K}.result.inputs`, { country, cap: params.cap, peso })
    : t(`${K}.result.inputsNoCap`, { country, peso });

  // Spec 2 §5: a negative result means "not calculable".
  if (!result.calcolabile || result.spese < 0) {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="ss-not-calculable"
        title={<strong>{t(`${K}.result.notCalculable`)}</strong>}
        description={
          <>
            <div>{t(`${K}.result.notCalculableHint`)}</div>
            <div data-testid="ss-inputs">{inputs}</div>
          </>
        }
      />
    );
  }
  return (
    <div
      data-testid="ss-calculated"
      style={{
        padding: `${token.paddingMD}px ${token.paddingLG}px`,
        borderRadius: token.borderRadiusLG,
        border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
        background: token.colorFillAlter,
      }}
    >
      <Typography.Text type="secondary">{t(`${K}.result.label`)}</Typography.Text>
      <div
        data-testid="ss-amount"
        style={{ fontSize: 32, fontWeight: 600, lineHeight: 1.25, margin: '4px 0', color: token.colorText }}
      >
        {formatEuro(result.spese, lang)}
      </div>
      <Typography.Text type="secondary" data-testid="ss-inputs">
        {inputs}
      </Typography.Text>
    </div>
  );
};

/**
 * The shipping cost calculator (spec 2 §2, §5, §7; ROLE_INTERNAL, tracks area): country, postcode and
 * weight, prefilled from the user's address of type 000; the tariff's cost or "not calculable".
 * Computed on "Calcola" (or Enter) once the country is chosen and the weight is above 0.
 */
export const ShippingCalculatorPage = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [form] = Form.useForm<FormValues>();
  const account = useAccount();
  const countries = useCountries();
  const countryList = countries.data ?? [];
  const address = useDefaultAddress(hasAnyAuthority(account?.authorities, CART_ROLES));
  const [params, setParams] = useState<ShippingCalculatorParams>();
  const calculation = useShippingCalculation(params);
  const [prefilledFrom, setPrefilledFrom] = useState<string>();
  const prefilled = useRef(false);

  const pesoMax = formatNumber(SHIPPING_CALCULATOR_LIMITS.pesoMax, lang, 0);

  // Spec 2 §2: country and postcode from the user's address of type 000, unless already typed.
  useEffect(() => {
    const main = address.data;
    if (!main || prefilled.current) return;
    prefilled.current = true;
    if (form.isFieldsTouched(['stato', 'cap'])) return;
    form.setFieldsValue({ stato: main.STATO || undefined, cap: main.CAP ?? '' });
    setPrefilledFrom([main.RAGSOC, main.CITTA].filter(Boolean).join(', '));
  }, [address.data, form]);

  // Field errors of the server go on their fields; any other failure is said above the result.
  const failure = calculation.error;
  const fieldErrors =
    failure instanceof ApiError
      ? (failure.problem?.fieldErrors ?? []).filter((f) => FIELDS.includes(f.field as Field))
      : [];
  // Once per failure: the errors stay on the fields until they are changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the failure only
  useEffect(() => {
    if (fieldErrors.length === 0) return;
    form.setFields(
      fieldErrors.map((f) => ({
        name: f.field as Field,
        errors: [t(f.message, { max: f.field === 'peso' ? pesoMax : SHIPPING_CALCULATOR_LIMITS.cap, ...f.params })],
      })),
    );
  }, [failure]);

  const onFinish = (values: FormValues) => {
    const weight = parseWeight(values.peso);
    if (!weight.ok || !values.stato) return;
    const next = { stato: values.stato, cap: (values.cap ?? '').trim(), peso: String(weight.value) };
    if (sameParams(params, next)) void calculation.refetch();
    else setParams(next);
  };

  const pesoRules: Rule[] = [
    {
      validator: async (_rule, value: string | undefined) => {
        if (!value?.trim()) throw new Error(t('validation.required'));
        const weight = parseWeight(value);
        if (!weight.ok) throw new Error(t(weight.error, { max: pesoMax }));
      },
    },
  ];

  const example = `35${decimalSeparatorOf(lang)}5`;
  const busy = params !== undefined && calculation.isFetching;

  return (
    <PageCard title={t(`${K}.title`)} intro={t(`${K}.intro`)} width={760}>
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ cap: '', peso: '' }}
        onFinish={onFinish}
        // The result answers the inputs it was asked for: a change puts it away.
        onValuesChange={() => setParams(undefined)}
        data-testid="ss-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item
              name="stato"
              label={t(`${K}.form.stato`)}
              required
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t(`${K}.form.statoPlaceholder`)}
                loading={countries.isPending}
                options={countryList.map((c) => ({
                  value: c.id.chiaveDue,
                  label: countryName(c, lang, c.id.chiaveDue),
                }))}
                data-testid="ss-stato"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="cap"
              label={t(`${K}.form.cap`)}
              rules={[
                {
                  max: SHIPPING_CALCULATOR_LIMITS.cap,
                  message: t('validation.maxlength', { max: SHIPPING_CALCULATOR_LIMITS.cap }),
                },
              ]}
            >
              <Input autoComplete="postal-code" inputMode="text" data-testid="ss-cap" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="peso" label={t(`${K}.form.peso`)} required validateFirst rules={pesoRules}>
              <Input
                inputMode="decimal"
                autoComplete="off"
                suffix="kg"
                placeholder={t(`${K}.form.pesoPlaceholder`, { example })}
                data-testid="ss-peso"
              />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            icon={<CalculatorOutlined />}
            loading={busy}
            data-testid="ss-submit"
          >
            {t(`${K}.form.submit`)}
          </Button>
          {prefilledFrom ? (
            <Typography.Text type="secondary" data-testid="ss-prefilled">
              <EnvironmentOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
              {t(`${K}.form.prefilled`, { address: prefilledFrom })}
            </Typography.Text>
          ) : null}
        </Flex>
      </Form>
      <div role="status" aria-live="polite" aria-busy={busy} data-testid="ss-result">
        {params === undefined ? null : busy ? (
          <Flex gap={12} align="center" style={{ padding: '16px 0' }}>
            <Spin />
            <Typography.Text type="secondary">{t(`${K}.result.computing`)}</Typography.Text>
          </Flex>
        ) : calculation.isError ? (
          fieldErrors.length > 0 ? null : (
            <Alert type="error" showIcon title={describeError(calculation.error)} data-testid="ss-failure" />
          )
        ) : calculation.data ? (
          <ResultPanel result={calculation.data} params={params} countries={countryList} />
        ) : null}
      </div>
    </PageCard>
  );
};
