import { ShoppingCartOutlined } from '@ant-design/icons';
import type { OrderAgainResult } from '@ricambi/domain';
import { Alert, Button, Flex, List, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderAgainMutation } from '../../api/order-history.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useAllowedRoutePath } from '../../lib/navigation.ts';

/** What went into the cart and what was left out, with why, and the way to the cart. */
const OrderAgainResultModal = ({ result, onClose }: { result: OrderAgainResult | undefined; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const cartPath = useAllowedRoutePath()('cart');
  const added = result?.aggiunte ?? [];
  const skipped = result?.escluse ?? [];
  return (
    <Modal
      open={result !== undefined}
      title={t('storicoOrdine.riordina.resultTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button onClick={onClose} data-testid="oh-again-close">
            {t('storicoOrdine.riordina.close')}
          </Button>
          {cartPath && added.length > 0 ? (
            <ButtonLink to={cartPath} buttonType="primary" icon={<ShoppingCartOutlined />} data-testid="oh-again-cart">
              {t('storicoOrdine.riordina.toCart')}
            </ButtonLink>
          ) : null}
        </Flex>
      }
      data-testid="oh-again-result"
    >
      <Flex vertical gap={16}>
        {added.length > 0 ? (
          <div data-testid="oh-again-added">
            <Alert type="success" showIcon title={t(`storicoOrdine.riordina.added`, { count: added.length })} />
            <List
              size="small"
              dataSource={added}
              renderItem={(a) => (
                <List.Item>
                  <span className="article-code">{a.codArt}</span>
                  <span>
                    {t('storicoOrdine.riordina.quantity', { quantita: formatNumber(a.quantita, i18n.language, 3) })}
                  </span>
                </List.Item>
              )}
            />
          </div>
        ) : (
          <Alert type="warning" showIcon title={t('storicoOrdine.riordina.noneAdded')} data-testid="oh-again-none" />
        )}
        {skipped.length > 0 ? (
          <div data-testid="oh-again-skipped">
            <Typography.Text strong>{t(`storicoOrdine.riordina.skipped`, { count: skipped.length })}</Typography.Text>
            <List
              size="small"
              dataSource={skipped}
              renderItem={(s) => (
                <List.Item>
                  <Flex vertical>
                    <span>
                      <span className="article-code">{s.codArt}</span> {s.descRiga}
                    </span>
                    <Typography.Text type="secondary">{t(`storicoOrdine.riordina.motivo.${s.motivo}`)}</Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          </div>
        ) : null}
      </Flex>
    </Modal>
  );
};

/**
 * Order again (issue 16 §4): an order's lines, or the chosen ones, back into the cart; the result
 * opens in a dialog. Failures reach the one alert path.
 */
export const useOrderAgain = (): {
  run: (body: { idOrdine: number } | { ids: number[] }, onDone?: () => void) => void;
  isPending: boolean;
  dialog: ReactNode;
} => {
  const mutation = useOrderAgainMutation();
  const [result, setResult] = useState<OrderAgainResult>();
  return {
    run: (body, onDone) =>
      mutation.mutate(body, {
        onSuccess: (answer) => {
          setResult(answer);
          onDone?.();
        },
      }),
    isPending: mutation.isPending,
    dialog: <OrderAgainResultModal result={result} onClose={() => setResult(undefined)} />,
  };
};
