import { CART_LIMITS } from '@ricambi/domain';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

const K = 'checkout';

/** The customer's order reference and the note, within the domain's limits (spec 1 §5). */
export const OrderDetailsSection = ({ nota }: { nota: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="rifOrdine"
        label={t(`${K}.rifOrdine`)}
        extra={t(`${K}.rifOrdineHint`)}
        rules={[{ max: CART_LIMITS.rifOrdine, message: t('validation.maxlength', { max: CART_LIMITS.rifOrdine }) }]}
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
    </>
  );
};
