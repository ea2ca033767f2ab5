import type { ShippingMode } from '@ricambi/domain';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format.ts';
import { cptAvailable, type ShippingLookup } from './ShippingSection.tsx';

const K = 'checkout';

/** What the order comes to: the goods and, with Carriage Paid To, the shipping cost (spec 1 §5). */
export const OrderTotals = ({
  goods,
  mode,
  lookup,
}: {
  goods: number | null;
  mode: ShippingMode;
  lookup: ShippingLookup;
}) => {
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
