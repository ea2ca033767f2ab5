import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { CartLine } from '@ricambi/domain';
import { useParams } from '@tanstack/react-router';
import { Alert, Card, Skeleton, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCart } from '../../api/cart.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { describeError } from '../../lib/alerts.ts';
import { formatNumber } from '../../lib/format.ts';
import { WarrantyNewForm } from './WarrantyNewForm.tsx';
import { linesOfOrder, readWarrantyOrder, serialsOf } from './warranty.order.ts';

/** The cart lines that go as the warranty order: code, description, quantity, serial. */
const OrderLines = ({ lines }: { lines: CartLine[] }) => {
  const { t, i18n } = useTranslation();
  return (
    <Table<CartLine>
      size="small"
      rowKey="id"
      dataSource={lines}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="wr-order-lines"
      columns={[
        { key: 'articolo', dataIndex: 'articolo', title: t('richiestagaranzia.order.code') },
        {
          key: 'descrizione',
          dataIndex: 'descrizione',
          title: t('richiestagaranzia.order.description'),
          responsive: ['md'],
        },
        {
          key: 'quantita',
          title: t('richiestagaranzia.order.quantity'),
          align: 'end',
          render: (_: unknown, l) => formatNumber(l.quantita, i18n.language, 3),
        },
        { key: 'serialNumber', dataIndex: 'serialNumber', title: t('richiestagaranzia.order.serial') },
      ]}
    />
  );
};

/**
 * The order variant of a new request (/richiestagaranzia/{idTestata}; spec 2 §2, §4): the checkout's
 * warranty-order button stored the send body of cart `idTestata`; the request is filed with it and
 * the server sends the cart as an ORDCG order in the same use case. Without a stored order the page
 * leads back to the checkout.
 */
export const WarrantyOrderPage = () => {
  const { t } = useTranslation();
  const { idTestata } = useParams({ strict: false }) as { idTestata: string };
  const entry = useMemo(() => (/^\d+$/.test(idTestata) ? readWarrantyOrder(idTestata) : undefined), [idTestata]);
  const cart = useCart(entry !== undefined);
  const lines = entry && cart.data ? linesOfOrder(entry, cart.data.righe) : [];
  const serials = serialsOf(lines);

  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {t('richiestagaranzia.order.title')}
      </Typography.Title>
      {!entry ? (
        <Alert
          type="warning"
          showIcon
          data-testid="wr-order-missing"
          title={t('richiestagaranzia.order.missing')}
          action={
            <ButtonLink to="/cart/checkout" size="small">
              {t('richiestagaranzia.order.toCheckout')}
            </ButtonLink>
          }
        />
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            icon={<SafetyCertificateOutlined />}
            style={{ marginBottom: 16 }}
            data-testid="wr-order-info"
            title={t('richiestagaranzia.order.info')}
          />
          <section>
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              {t('richiestagaranzia.order.lines', { count: entry.checkout.linee.length })}
            </Typography.Title>
            {cart.isPending ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : cart.isError ? (
              <Alert type="error" showIcon title={describeError(cart.error)} />
            ) : (
              <OrderLines lines={lines} />
            )}
            {serials.length > 1 ? (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('richiestagaranzia.order.severalSerials', { serials: serials.join(', ') })}
              </Typography.Paragraph>
            ) : null}
          </section>
          {cart.isPending ? null : <WarrantyNewForm initialMatricola={serials[0] ?? ''} order={{ idTestata, entry }} />}
        </>
      )}
    </Card>
  );
};
