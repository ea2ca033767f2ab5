import { Alert, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useActiveBanner } from '../banners/useActiveBanner.ts';

const K = 'checkout';

/** Spec 1 §5 "Required fields are marked *", for the checkboxes that have no label of their own. */
const RequiredMark = () => (
  <span aria-hidden style={{ color: '#a8071a', marginInlineStart: 4 }}>
    *
  </span>
);

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

const mustBeChecked = (message: string) => [
  {
    validator: async (_r: unknown, v: boolean) => {
      if (!v) throw new Error(message);
    },
  },
];

/**
 * The acknowledgements before sending (spec 1 §5): the active CHECKOUT banner with its required
 * checkbox, and the required privacy acceptance.
 */
export const ConfirmSection = ({ checkoutBanner }: { checkoutBanner: ReturnType<typeof useActiveBanner> }) => {
  const { t } = useTranslation();
  return (
    <>
      {checkoutBanner.banner ? (
        <>
          <Alert
            type="warning"
            showIcon
            data-testid="checkout-banner"
            style={{ marginBottom: 12 }}
            title={checkoutBanner.header}
            description={<span style={{ whiteSpace: 'pre-line' }}>{checkoutBanner.message}</span>}
          />
          <Form.Item name="banner" valuePropName="checked" rules={mustBeChecked(t('checkout.error.banner'))}>
            <Checkbox data-testid="checkout-banner-ack" aria-required>
              {t(`${K}.bannerAck`)}
              <RequiredMark />
            </Checkbox>
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="privacy" valuePropName="checked" rules={mustBeChecked(t('checkout.error.privacy'))}>
        <Checkbox data-testid="checkout-privacy" aria-required>
          <PrivacyText text={t(`${K}.privacyText`)} />
          <RequiredMark />
        </Checkbox>
      </Form.Item>
    </>
  );
};
