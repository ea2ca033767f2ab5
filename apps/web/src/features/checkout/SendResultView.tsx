import type { SendResult } from '@ricambi/domain';
import { Alert, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink.tsx';

const K = 'checkout.success';

/**
 * What replaces the form after a send (spec 1 §4): the order id (three parts joined by '§'), the
 * confirmation e-mail and the leftover-cart warning. A warranty order is sent from the warranty
 * request page (spec 2 §4), which goes on to the request it filed.
 */
export const SendResultView = ({ result }: { result: SendResult }) => {
  const { t } = useTranslation();
  const kind = result.tiporichiesta;
  return (
    <Result
      status="success"
      data-testid="checkout-success"
      title={<h2 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{t(`${K}.title.${kind}`)}</h2>}
      subTitle={
        <Flex vertical gap={4} align="center">
          <span>
            {t(`${K}.number`)}{' '}
            <Typography.Text strong copyable data-testid="order-number" style={{ fontSize: 18 }}>
              {result.numeroOrdine}
            </Typography.Text>
          </span>
          <span data-testid="order-mail-note">
            {result.email ? t(`${K}.mailTo`, { email: result.email }) : t(`${K}.mail`)}
          </span>
        </Flex>
      }
      extra={
        <Flex vertical gap={16} align="center">
          {result.carrelloResiduo > 0 ? (
            <Alert
              type="warning"
              showIcon
              data-testid="cart-leftover"
              style={{ maxWidth: 560, textAlign: 'start' }}
              title={t(`${K}.leftover`, { count: result.carrelloResiduo })}
              action={
                <ButtonLink to="/cart" size="small">
                  {t(`${K}.toCart`)}
                </ButtonLink>
              }
            />
          ) : null}
          <Flex gap={8} wrap justify="center">
            <ButtonLink to="/spare-parts" buttonType="primary">
              {t(`${K}.continue`)}
            </ButtonLink>
            <ButtonLink to="/">{t(`${K}.home`)}</ButtonLink>
          </Flex>
        </Flex>
      }
    />
  );
};
