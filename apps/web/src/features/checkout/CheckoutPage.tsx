import { FileSearchOutlined, SafetyCertificateOutlined, SendOutlined } from '@ant-design/icons';
import {
  CART_LIMITS,
  DEFAULT_ADDRESS_TYPE,
  hasAnyAuthority,
  type SendResult,
  type ShippingMode,
} from '@ricambi/domain';
import { Navigate } from '@tanstack/react-router';
import { Alert, Button, Checkbox, Col, Empty, Flex, Form, Input, Row, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useCartAddresses, useCartCheck, useCartKind, useSendOrder, useShippingCost } from '../../api/checkout.api.ts';
import type { ApiError } from '../../api/http.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { PageCard } from '../../components/PageCard.tsx';
import { describeError } from '../../lib/alerts.ts';
import { formatEuro } from '../../lib/format.ts';
import { useActiveTheme } from '../../lib/theme.context.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { useActiveBanner } from '../banners/useActiveBanner.ts';
import { AddressSection } from './AddressSection.tsx';
import { CartProblems, CartSummary } from './CartSummary.tsx';
import {
  buildSendBody,
  type CheckoutMode,
  type CheckoutValues,
  chosenAddress,
  fieldErrorText,
  isCartChanged,
  linesWithoutSerial,
  newIdempotencyKey,
  type SendKind,
  splitFieldErrors,
  TYPED_ADDRESS,
} from './checkout.form.ts';
import { SendResultView } from './SendResultView.tsx';
import { cptAvailable, type ShippingLookup, ShippingSection } from './ShippingSection.tsx';

const K = 'checkout';

/** Spec 1 §5 "Required fields are marked *", for the checkboxes that have no label of their own. */
const RequiredMark = () => (
  <span aria-hidden style={{ color: '#a8071a', marginInlineStart: 4 }}>
    *
  </span>
);

/** What the order comes to: the goods and, with Carriage Paid To, the shipping cost (spec 1 §5). */
const OrderTotals = ({ goods, mode, lookup }: { goods: number | null; mode: ShippingMode; lookup: ShippingLookup }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const cost = mode === 'CPT' && cptAvailable(lookup) ? (lookup.cost?.costo ?? undefined) : undefined;
  const row = (label: string, value: ReactNode, strong = false) => (
    <Flex justify="space-between" gap={16}>
      <Typography.Text strong={strong}>{label}</Typography.Text>
      <Typography.Text strong={strong} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Typography.Text>
    </Flex>
  );
  return (
    <div
      data-testid="checkout-order-totals"
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: '12px 16px', marginBottom: 16 }}
    >
      {row(t(`${K}.totals.goods`), formatEuro(goods, lang))}
      {row(
        t(`${K}.totals.shipping`),
        cost !== undefined ? formatEuro(cost, lang) : t(`${K}.totals.shippingMode.${mode}`),
      )}
      {cost !== undefined && goods !== null ? row(t(`${K}.totals.total`), formatEuro(goods + cost, lang), true) : null}
    </div>
  );
};

/** "I have read and accept the <link>privacy policy</link>": the marked words link to the policy (new tab). */
const PrivacyText = ({ text }: { text: string }) => {
  const [, before = '', words = text, after = ''] = /^(.*)<link>(.*)<\/link>(.*)$/s.exec(text) ?? [];
  return (
    <>
      {before}
      <a href="/cookie-and-privacy-policy" target="_blank" rel="noreferrer">
        {words}
      </a>
      {after}
    </>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section style={{ marginBottom: 24 }}>
    <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
      {title}
    </Typography.Title>
    {children}
  </section>
);

/**
 * Checkout (/cart/checkout, mode 'order') and a subdealer's request (/cart/request, mode
 * 'request'), spec 1 §2.3, §4, §5: the cart as it will be sent, reference, address, shipping,
 * note, privacy and banner acknowledgement, and the send buttons.
 */
export const CheckoutForm = ({ mode }: { mode: CheckoutMode }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const account = useAccount();
  const theme = useActiveTheme();
  const [form] = Form.useForm<CheckoutValues>();
  const check = useCartCheck(lang);
  const addresses = useCartAddresses();
  const kind = useCartKind();
  const checkoutBanner = useActiveBanner('CHECKOUT');
  const send = useSendOrder(mode, lang);
  // One key per page visit: a double click or a retry after a network error gives one order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const sending = useRef(false);
  const [busyKind, setBusyKind] = useState<SendKind>();
  const [result, setResult] = useState<SendResult>();
  const [failure, setFailure] = useState<{ type: 'error' | 'warning'; text: string; details?: string[] }>();
  const [serialCheck, setSerialCheck] = useState(false);

  const saved = addresses.data ?? [];
  const cart = check.data?.cart;
  const lines = cart?.righe ?? [];
  const problems = check.data?.problemi ?? [];
  const missingSerial = useMemo(
    () => new Set(serialCheck ? linesWithoutSerial(lines).map((l) => l.id) : []),
    [serialCheck, lines],
  );

  // The default address (TIPO_INDIRIZZO 000) is preselected; without addresses the typed one is. The
  // form mounts once the addresses are read, so this is its initial value.
  const initialChoice =
    saved.find((a) => a.TIPO_INDIRIZZO === DEFAULT_ADDRESS_TYPE)?.TIPO_INDIRIZZO ??
    saved[0]?.TIPO_INDIRIZZO ??
    TYPED_ADDRESS;

  // The shipping cost is looked up for the address chosen, when its country or postal code changes.
  const values = Form.useWatch([], form) as CheckoutValues | undefined;
  const destination = values?.addressChoice ? chosenAddress(values, saved) : undefined;
  const cap = useDebouncedValue(destination?.CAP ?? '', 400);
  const shipping = useShippingCost({ stato: destination?.STATO, cap, id: cart?.idTestata });
  const lookup: ShippingLookup = {
    idle: !destination?.STATO,
    loading: shipping.isFetching || cap !== (destination?.CAP ?? ''),
    failed: shipping.isError,
    cost: shipping.data,
  };
  const cpt = cptAvailable(lookup);
  const formMounted = Boolean(check.data && addresses.data);
  useEffect(() => {
    if (formMounted && !cpt && !lookup.loading && form.getFieldValue('spedizione') === 'CPT') {
      form.setFieldValue('spedizione', 'EXW');
    }
  }, [formMounted, cpt, lookup.loading, form]);

  if (mode === 'order' && hasAnyAuthority(account?.authorities, ['ROLE_CR_SUBDEALER'])) {
    // Spec 1 §2.3: a subdealer's checkout is the request.
    return <Navigate to="/cart/request" replace />;
  }
  if (result) return <SendResultView result={result} />;
  if (check.isPending || addresses.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (check.isError || !cart) {
    return (
      <Alert
        type="error"
        showIcon
        title={describeError(check.error)}
        action={<Button onClick={() => void check.refetch()}>{t(`${K}.retry`)}</Button>}
      />
    );
  }
  if (lines.length === 0) {
    return (
      <Empty description={t(`${K}.empty`)} data-testid="checkout-empty">
        <ButtonLink to="/cart" buttonType="primary">
          {t(`${K}.toCart`)}
        </ButtonLink>
      </Empty>
    );
  }

  const quoteAndWarranty =
    mode === 'order' && hasAnyAuthority(account?.authorities, ['ROLE_CR_USER']) && theme?.canAccessParts === true;
  const banner = checkoutBanner.banner;
  const blocked = problems.length > 0;
  const nota: string = values?.nota ?? '';

  const onSend = async (sendKind: SendKind) => {
    if (sending.current) return;
    sending.current = true;
    setBusyKind(sendKind);
    setFailure(undefined);
    try {
      let valid: CheckoutValues;
      try {
        await form.validateFields();
        valid = form.getFieldsValue(true) as CheckoutValues;
      } catch (invalid) {
        const first = (invalid as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
        if (first) form.scrollToField(first.name, { block: 'center', focus: true });
        return;
      }
      if (sendKind === 'ORDCG') {
        setSerialCheck(true);
        if (linesWithoutSerial(lines).length > 0) {
          setFailure({ type: 'error', text: t('jricambiApp.checkout.matricola_required') });
          return;
        }
      } else setSerialCheck(false);
      const body = buildSendBody(mode, sendKind, valid, {
        saved,
        lines,
        total: cart.totale,
        bannerId: banner?.id,
      });
      try {
        setResult(await send.mutateAsync({ body, idempotencyKey }));
      } catch (error) {
        if (isCartChanged(error)) {
          const message = (error as ApiError).problem?.message ?? '';
          setFailure({ type: 'warning', text: t(message, { defaultValue: t(`${K}.changed`) }) });
          void check.refetch();
          return;
        }
        const { onForm, other } = splitFieldErrors(error, valid.addressChoice === TYPED_ADDRESS || saved.length === 0);
        if (onForm.length) {
          form.setFields(
            onForm.map((f) => ({ name: f.name, errors: f.errors.map((e) => fieldErrorText(t, e)) })) as Parameters<
              typeof form.setFields
            >[0],
          );
          form.scrollToField(onForm[0]?.name ?? [], { block: 'center' });
        }
        if (other.length) {
          // A line refused at send (`linee.{id}.{field}`): the cart is checked again to list it above.
          if (other.some((e) => e.field.startsWith('linee.'))) void check.refetch();
          setFailure({
            type: 'error',
            text: t(`${K}.fieldErrors`),
            details: other.map((e) => {
              const line = /^linee\.(\d+)\.(.+)$/.exec(e.field);
              const name = line
                ? `${lines.find((l) => l.id === Number(line[1]))?.articolo ?? line[1]} — ${t(`${K}.summary.field.${line[2]}`, { defaultValue: line[2] })}`
                : t(`${K}.field.${e.field}`, { defaultValue: e.field });
              return t('error.field', { name, message: fieldErrorText(t, e) });
            }),
          });
        } else if (!onForm.length) {
          setFailure({ type: 'error', text: describeError(error, `${K}.error.generic`) });
        }
      }
    } finally {
      sending.current = false;
      setBusyKind(undefined);
    }
  };

  const isSending = busyKind !== undefined;
  const sendButton = (sendKind: SendKind, icon: ReactNode, label: string, primary: boolean) => (
    <Button
      key={sendKind}
      type={primary ? 'primary' : 'default'}
      size="large"
      icon={icon}
      loading={busyKind === sendKind}
      disabled={blocked || (isSending && busyKind !== sendKind)}
      onClick={() => void onSend(sendKind)}
      data-testid={mode === 'request' ? 'send-REQ' : `send-${sendKind}`}
    >
      {label}
    </Button>
  );

  return (
    <Flex vertical gap={24}>
      <Section title={t(`${K}.summary.title`, { count: lines.length })}>
        <Flex vertical gap={12}>
          <CartProblems problems={problems} lines={lines} />
          <CartSummary cart={cart} problems={problems} missingSerial={missingSerial} />
          <div>
            <ButtonLink to="/cart" buttonType="link" style={{ paddingInline: 0 }}>
              {t(`${K}.editCart`)}
            </ButtonLink>
          </div>
        </Flex>
      </Section>
      <Form<CheckoutValues>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ spedizione: 'EXW', addressChoice: initialChoice, privacy: false, banner: false }}
        disabled={isSending}
        onValuesChange={(changed: Partial<CheckoutValues>) => {
          // PROV exists only for a country with provinces (Italy): cleared otherwise.
          if (changed.cartAddress && 'STATO' in changed.cartAddress)
            form.setFieldValue(['cartAddress', 'PROV'], undefined);
        }}
      >
        <Row gutter={[48, 0]}>
          <Col xs={24} lg={12}>
            <Section title={t(`${K}.address.title`)}>
              <AddressSection mode={mode} saved={saved} />
            </Section>
            <Section title={t('shipping.title')}>
              <ShippingSection
                lookup={lookup}
                freeFrom={kind.data?.spedizioneGratuitaDa}
                pricesVisible={cart.prezziVisibili}
              />
            </Section>
          </Col>
          <Col xs={24} lg={12}>
            <Section title={t(`${K}.details.title`)}>
              <Form.Item
                name="rifOrdine"
                label={t(`${K}.rifOrdine`)}
                extra={t(`${K}.rifOrdineHint`)}
                rules={[
                  { max: CART_LIMITS.rifOrdine, message: t('validation.maxlength', { max: CART_LIMITS.rifOrdine }) },
                ]}
              >
                <Input />
              </Form.Item>
              <Form.Item
                name="nota"
                label={t(`${K}.nota`)}
                style={{ marginBottom: 32 }}
                rules={[
                  {
                    max: CART_LIMITS.nota,
                    message: t('jricambiApp.checkout.note_too_long', { max: CART_LIMITS.nota }),
                  },
                ]}
              >
                <Input.TextArea
                  rows={4}
                  count={{ show: true, max: CART_LIMITS.nota }}
                  aria-describedby="checkout-nota-count"
                  data-testid="checkout-nota"
                />
              </Form.Item>
              <span id="checkout-nota-count" style={{ position: 'absolute', left: -9999 }}>
                {t(`${K}.notaCount`, { count: nota.length, max: CART_LIMITS.nota })}
              </span>
            </Section>
            <Section title={t(`${K}.confirm.title`)}>
              {banner ? (
                <Alert
                  type="warning"
                  showIcon
                  data-testid="checkout-banner"
                  style={{ marginBottom: 12 }}
                  title={checkoutBanner.header}
                  description={<span style={{ whiteSpace: 'pre-line' }}>{checkoutBanner.message}</span>}
                />
              ) : null}
              {banner ? (
                <Form.Item
                  name="banner"
                  valuePropName="checked"
                  rules={[
                    {
                      validator: async (_r, v: boolean) => {
                        if (!v) throw new Error(t('checkout.error.banner'));
                      },
                    },
                  ]}
                >
                  <Checkbox data-testid="checkout-banner-ack" aria-required>
                    {t(`${K}.bannerAck`)}
                    <RequiredMark />
                  </Checkbox>
                </Form.Item>
              ) : null}
              <Form.Item
                name="privacy"
                valuePropName="checked"
                rules={[
                  {
                    validator: async (_r, v: boolean) => {
                      if (!v) throw new Error(t('checkout.error.privacy'));
                    },
                  },
                ]}
              >
                <Checkbox data-testid="checkout-privacy" aria-required>
                  <PrivacyText text={t(`${K}.privacyText`)} />
                  <RequiredMark />
                </Checkbox>
              </Form.Item>
            </Section>
            {cart.prezziVisibili ? (
              <OrderTotals goods={cart.totale} mode={values?.spedizione ?? 'EXW'} lookup={lookup} />
            ) : null}
            {blocked ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t(`${K}.blocked`)} /> : null}
            {failure ? (
              <Alert
                type={failure.type}
                showIcon
                role="alert"
                data-testid="checkout-failure"
                style={{ marginBottom: 12 }}
                title={failure.text}
                description={
                  failure.details ? (
                    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                      {failure.details.map((d) => (
                        <li key={d}>{d}</li>
                      ))}
                    </ul>
                  ) : undefined
                }
              />
            ) : null}
            <Flex gap={12} wrap>
              {mode === 'request'
                ? sendButton('ORD', <SendOutlined />, t(`${K}.send.REQ`), true)
                : [
                    sendButton('ORD', <SendOutlined />, t(`${K}.send.ORD`), true),
                    ...(quoteAndWarranty
                      ? [
                          sendButton('PREV', <FileSearchOutlined />, t(`${K}.send.PREV`), false),
                          sendButton('ORDCG', <SafetyCertificateOutlined />, t(`${K}.send.ORDCG`), false),
                        ]
                      : []),
                  ]}
            </Flex>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 13 }}>
              {t(mode === 'request' ? `${K}.sendNoteRequest` : `${K}.sendNote`)}
            </Typography.Paragraph>
          </Col>
        </Row>
      </Form>
    </Flex>
  );
};

export const CheckoutPage = () => {
  const { t } = useTranslation();
  return (
    <PageCard title={t('checkout.title')} width={1240}>
      <CheckoutForm mode="order" />
    </PageCard>
  );
};

export const RequestPage = () => {
  const { t } = useTranslation();
  return (
    <PageCard title={t('checkout.request.title')} intro={t('checkout.request.intro')} width={1240}>
      <CheckoutForm mode="request" />
    </PageCard>
  );
};
