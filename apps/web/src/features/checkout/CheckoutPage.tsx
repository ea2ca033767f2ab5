import { Navigate } from '@tanstack/react-router';
import { Alert, Button, Col, Empty, Flex, Form, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { PageCard } from '../../components/PageCard.tsx';
import { describeError } from '../../lib/alerts.ts';
import { AddressSection } from './AddressSection.tsx';
import { CartProblems, CartSummary } from './CartSummary.tsx';
import { ConfirmSection } from './ConfirmSection.tsx';
import type { CheckoutMode, CheckoutValues } from './checkout.form.ts';
import { OrderDetailsSection } from './OrderDetailsSection.tsx';
import { OrderTotals } from './OrderTotals.tsx';
import { SendActions } from './SendActions.tsx';
import { SendResultView } from './SendResultView.tsx';
import { ShippingSection } from './ShippingSection.tsx';
import { useCheckoutForm } from './useCheckoutForm.ts';

const K = 'checkout';

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
  const { t } = useTranslation();
  const state = useCheckoutForm(mode);
  const { form, check, cart, lines, problems, values } = state;

  if (state.redirectToRequest) return <Navigate to="/cart/request" replace />;
  if (state.result) return <SendResultView result={state.result} />;
  if (state.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
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

  return (
    <Flex vertical gap={24}>
      <Section title={t(`${K}.summary.title`, { count: lines.length })}>
        <Flex vertical gap={12}>
          <CartProblems problems={problems} lines={lines} />
          <CartSummary cart={cart} problems={problems} missingSerial={state.missingSerial} />
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
        initialValues={{ spedizione: 'EXW', addressChoice: state.initialChoice, privacy: false, banner: false }}
        disabled={state.busyKind !== undefined}
        onValuesChange={(changed: Partial<CheckoutValues>) => {
          // PROV exists only for a country with provinces (Italy): cleared otherwise.
          if (changed.cartAddress && 'STATO' in changed.cartAddress)
            form.setFieldValue(['cartAddress', 'PROV'], undefined);
        }}
      >
        <Row gutter={[48, 0]}>
          <Col xs={24} lg={12}>
            <Section title={t(`${K}.address.title`)}>
              <AddressSection mode={mode} saved={state.saved} />
            </Section>
            <Section title={t('shipping.title')}>
              <ShippingSection lookup={state.lookup} freeFrom={state.freeFrom} pricesVisible={cart.prezziVisibili} />
            </Section>
          </Col>
          <Col xs={24} lg={12}>
            <Section title={t(`${K}.details.title`)}>
              <OrderDetailsSection nota={values?.nota ?? ''} />
            </Section>
            <Section title={t(`${K}.confirm.title`)}>
              <ConfirmSection checkoutBanner={state.checkoutBanner} />
            </Section>
            {cart.prezziVisibili ? (
              <OrderTotals goods={cart.totale} mode={values?.spedizione ?? 'EXW'} lookup={state.lookup} />
            ) : null}
            <SendActions
              mode={mode}
              blocked={state.blocked}
              failure={state.failure}
              busyKind={state.busyKind}
              quoteAndWarranty={state.quoteAndWarranty}
              onSend={state.onSend}
            />
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
