import { GiftOutlined } from '@ant-design/icons';
import type { ShippingCost } from '@ricambi/domain';
import { Alert, Flex, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '../../lib/format.ts';

const K = 'shipping';

export type ShippingLookup = {
  /** No country yet: nothing to compute. */
  idle: boolean;
  loading: boolean;
  failed: boolean;
  cost?: ShippingCost;
};

/**
 * Carriage Paid To can be chosen only with a computed cost (spec 1 §5: below 0 = not computable;
 * null = computed but not shown to a user without prices).
 */
export const cptAvailable = (lookup: ShippingLookup) =>
  !lookup.idle &&
  !lookup.loading &&
  !lookup.failed &&
  lookup.cost !== undefined &&
  // null: computed, but the amount is withheld from a user without price visibility.
  (lookup.cost.costo === null || lookup.cost.costo >= 0);

const CostText = ({ lookup, pricesVisible }: { lookup: ShippingLookup; pricesVisible: boolean }) => {
  const { t, i18n } = useTranslation();
  if (lookup.idle) return <Typography.Text type="secondary">{t(`${K}.needCountry`)}</Typography.Text>;
  if (lookup.loading) return <Typography.Text type="secondary">{t(`${K}.computing`)}</Typography.Text>;
  if (lookup.failed || !lookup.cost)
    return <Typography.Text type="secondary">{t(`${K}.lookupFailed`)}</Typography.Text>;
  // Spec 1 §6: no price for a user who may not see prices, whatever the server sends.
  if (!pricesVisible || lookup.cost.costo === null) {
    return (
      <Typography.Text type="secondary" data-testid="shipping-cost-hidden">
        {t(`${K}.hiddenCost.text`)}
      </Typography.Text>
    );
  }
  if (lookup.cost.costo < 0) {
    return (
      <Typography.Text type="secondary" data-testid="shipping-not-computable">
        {t(`${K}.notComputable`)}
      </Typography.Text>
    );
  }
  if (lookup.cost.spedizioneGratuita) {
    return (
      <Typography.Text strong data-testid="shipping-cost">
        {t(`${K}.free`)}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text strong data-testid="shipping-cost">
      {formatEuro(lookup.cost.costo, i18n.language)}
    </Typography.Text>
  );
};

/**
 * Ex-Works (default), Carriage Paid To with the computed cost, or to be defined (spec 1 §5), and the
 * free-shipping notice when the cart kind earns it.
 */
export const ShippingSection = ({
  lookup,
  freeFrom,
  pricesVisible = true,
}: {
  lookup: ShippingLookup;
  /** The cart's prezziVisibili: without it no amount is shown. */
  pricesVisible?: boolean;
  /** The net total from which shipping is free (GET /api/cartkind), when the notice applies. */
  freeFrom: number | null | undefined;
}) => {
  const { t, i18n } = useTranslation();
  return (
    <Flex vertical gap={12}>
      {freeFrom != null ? (
        <Alert
          type={lookup.cost?.spedizioneGratuita ? 'success' : 'info'}
          icon={<GiftOutlined />}
          showIcon
          data-testid="free-shipping"
          title={
            lookup.cost?.spedizioneGratuita
              ? t(`${K}.freeEarned`)
              : t(`${K}.freeFrom`, { amount: formatEuro(freeFrom, i18n.language) })
          }
          description={
            lookup.cost?.spedizioneGratuita
              ? t(`${K}.freeFrom`, { amount: formatEuro(freeFrom, i18n.language) })
              : undefined
          }
        />
      ) : null}
      <Form.Item name="spedizione" label={t(`${K}.label`)} style={{ marginBottom: 0 }}>
        <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="shipping-mode">
          <Radio value="EXW">
            <Flex vertical>
              <span>{t(`${K}.mode.EXW`)}</span>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {t(`${K}.hint.EXW`)}
              </Typography.Text>
            </Flex>
          </Radio>
          <Radio value="CPT" disabled={!cptAvailable(lookup)}>
            <Flex vertical>
              <span>{t(`${K}.mode.CPT`)}</span>
              <span style={{ fontSize: 13 }}>
                <CostText lookup={lookup} pricesVisible={pricesVisible} />
              </span>
            </Flex>
          </Radio>
          <Radio value="TBD">
            <Flex vertical>
              <span>{t(`${K}.mode.TBD`)}</span>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {t(`${K}.hint.TBD`)}
              </Typography.Text>
            </Flex>
          </Radio>
        </Radio.Group>
      </Form.Item>
    </Flex>
  );
};
