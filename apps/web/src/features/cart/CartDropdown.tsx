import { ShoppingCartOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Popover, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useCanUseCart, useCart } from '../../api/cart.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { formatEuro, formatQuantity } from '../../lib/format.ts';
import { checkoutPath } from './cart.links.ts';

/** Lines listed in the dropdown; the cart page has them all. */
const SHOWN = 8;

/** The navigation bar's cart (spec 1 §2.3 "cart dropdown": item count, items, total; ROLE_CART only). */
export const CartDropdown = ({ color }: { color: string }) => {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const allowed = useCanUseCart();
  const cart = useCart(allowed);
  const [open, setOpen] = useState(false);
  const view = cart.data;
  const count = view?.count ?? 0;
  const lang = i18n.language;
  const target = checkoutPath(account?.authorities);

  const content = (
    <div style={{ width: 340, maxWidth: 'calc(100vw - 40px)' }} data-testid="cart-dropdown-panel">
      {!view ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : view.righe.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cart.empty.title')} />
      ) : (
        <>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 320, overflowY: 'auto' }}>
            {view.righe.slice(0, SHOWN).map((l) => (
              <li key={l.id} style={{ padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}>
                <Flex justify="space-between" gap={8}>
                  <span className="article-code">{l.articolo}</span>
                  <span style={{ whiteSpace: 'nowrap' }}>{formatQuantity(t, l.quantita, l.unitaMisura, lang)}</span>
                </Flex>
                <Typography.Text type="secondary" ellipsis={{ tooltip: l.descrizione }} style={{ display: 'block' }}>
                  {l.descrizione}
                </Typography.Text>
              </li>
            ))}
          </ul>
          {view.righe.length > SHOWN ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }}>
              {t('cart.dropdown.more', { count: view.righe.length - SHOWN })}
            </Typography.Text>
          ) : null}
          {view.prezziVisibili ? (
            <Flex justify="space-between" style={{ marginTop: 10, fontWeight: 600 }} data-testid="cart-dropdown-total">
              <span>{t('cart.total')}</span>
              <span>{formatEuro(view.totale, lang)}</span>
            </Flex>
          ) : null}
        </>
      )}
      <Flex gap={8} justify="flex-end" wrap style={{ marginTop: 12 }}>
        <ButtonLink to="/cart" onClick={() => setOpen(false)}>
          {t('cart.dropdown.open')}
        </ButtonLink>
        {count > 0 ? (
          <ButtonLink to={target} buttonType="primary" onClick={() => setOpen(false)}>
            {t(target === '/cart/request' ? 'cart.checkout.request' : 'cart.checkout.order')}
          </ButtonLink>
        ) : null}
      </Flex>
    </div>
  );

  if (!allowed) return null;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={t('cart.dropdown.title', { count })}
      content={content}
    >
      <Button
        type="text"
        style={{ color }}
        aria-label={t('cart.dropdown.label', { count })}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid="cart-dropdown"
      >
        <Badge count={count} size="small" overflowCount={99} offset={[4, -2]}>
          <ShoppingCartOutlined style={{ color, fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
};
