import { ShoppingCartOutlined } from '@ant-design/icons';
import {
  type ArticoloDetail,
  type ArticoloHit,
  type CartOrigin,
  canSubmitQuantity,
  earliestRequestDate,
  isCountUnit,
  requiresRequestDate,
} from '@ricambi/domain';
import { Link, useRouterState } from '@tanstack/react-router';
import { Alert, App, Button, Flex, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanUseCart } from '../../api/cart.api.ts';
import { describeCartError, LineStatusIcon, useTimedStatus } from './LineStatus.tsx';
import { RequestDatePicker } from './RequestDatePicker.tsx';
import { onEnter, useAddToCart } from './useAddToCart.ts';

type Outcome = { kind: 'added'; quantity: number } | { kind: 'error'; text: string } | null;

/**
 * The article page's add to cart (spec 1 §2.3, §4): the requested date for articles that need one
 * (the first allowed day proposed), the add with the over-availability confirmation, the outcome.
 * Origin M on a machine's page (/articolo/m/), R otherwise.
 */
export const useArticleCart = (article: ArticoloDetail) => {
  const { t } = useTranslation();
  const allowed = useCanUseCart();
  const origine: CartOrigin = useRouterState({
    select: (s) => (s.location.pathname.startsWith('/articolo/m/') ? 'M' : 'R'),
  });
  const needsDate = requiresRequestDate(article.tipoArticoloOrig);
  const [date, setDate] = useState<string | null>(needsDate ? earliestRequestDate() : null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const adder = useAddToCart();
  const canAdd = (quantity: number | null) =>
    allowed && article.ordinabile && quantity !== null && canSubmitQuantity(quantity, article.unitaMisura);
  const add = async (quantity: number | null) => {
    if (!canAdd(quantity) || quantity === null || (needsDate && !date) || adder.isPending) return;
    setOutcome(null);
    try {
      const result = await adder.run({ article, quantita: quantity, dataRichiesta: date, origine });
      if (result === 'added') setOutcome({ kind: 'added', quantity });
    } catch (error) {
      setOutcome({ kind: 'error', text: describeCartError(t, error) });
    }
  };
  return { allowed, needsDate, date, setDate, outcome, add, canAdd, pending: adder.isPending };
};

export type ArticleCart = ReturnType<typeof useArticleCart>;

/** The date field and the add button, beside the quantity of the price box. */
export const ArticleCartControls = ({ cart, quantity }: { cart: ArticleCart; quantity: number | null }) => {
  const { t } = useTranslation();
  if (!cart.allowed) return null;
  const dateMissing = cart.needsDate && !cart.date;
  return (
    <>
      {cart.needsDate ? (
        <div>
          <label htmlFor="articolo-date" style={{ display: 'block', marginBottom: 4 }}>
            {t('cart.field.dataRichiesta')} <span aria-hidden>*</span>
          </label>
          <RequestDatePicker
            id="articolo-date"
            size="large"
            value={cart.date}
            onChange={(iso) => cart.setDate(iso)}
            status={dateMissing ? 'error' : undefined}
            aria-required
            style={{ width: 170 }}
          />
        </div>
      ) : null}
      <Button
        type="primary"
        size="large"
        icon={<ShoppingCartOutlined />}
        loading={cart.pending}
        disabled={!cart.canAdd(quantity) || dateMissing}
        onClick={() => void cart.add(quantity)}
        data-testid="add-to-cart"
      >
        {t('cart.add.button')}
      </Button>
    </>
  );
};

/** "Added to the cart" with a link to it, or why the add was refused. */
export const ArticleCartOutcome = ({ cart, notOrderable }: { cart: ArticleCart; notOrderable: boolean }) => {
  const { t } = useTranslation();
  if (!cart.allowed) return null;
  const dateMissing = cart.needsDate && !cart.date;
  return (
    <div role="status" aria-live="polite" style={{ marginTop: 8 }}>
      {notOrderable ? (
        <Alert type="warning" showIcon title={t('cart.add.notOrderable')} />
      ) : dateMissing ? (
        <Alert
          type="error"
          showIcon
          title={t('error.field', { name: t('cart.field.dataRichiesta'), message: t('validation.required') })}
        />
      ) : cart.outcome?.kind === 'added' ? (
        <Alert
          type="success"
          showIcon
          data-testid="added-to-cart"
          title={
            <Flex gap={12} wrap align="center">
              <span>{t('cart.add.added')}</span>
              <Link to="/cart" style={{ textDecoration: 'underline' }}>
                {t('cart.add.openCart')}
              </Link>
            </Flex>
          }
        />
      ) : cart.outcome?.kind === 'error' ? (
        <Alert type="error" showIcon title={cart.outcome.text} />
      ) : null}
    </div>
  );
};

/**
 * A search result's quantity and add button (spec 1 §2.3: disabled when the quantity is 0 or less);
 * the requested date is the first allowed day when the article needs one.
 */
export const HitAddToCart = ({ hit }: { hit: ArticoloHit }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [text, setText] = useState('1');
  const [status, setStatus] = useTimedStatus();
  const adder = useAddToCart();
  const valid = canSubmitQuantity(text, hit.unitaMisura);
  const disabled = !valid || !hit.ordinabile;
  const add = async () => {
    if (disabled || adder.isPending) return;
    setStatus('saving');
    try {
      const result = await adder.run({
        article: hit,
        quantita: text,
        dataRichiesta: requiresRequestDate(hit.tipoArticoloOrig) ? earliestRequestDate() : null,
        origine: hit.tipoArticolo === 'M' ? 'M' : 'R',
      });
      if (result === 'added') {
        setStatus('saved');
        void message.success(t('cart.add.addedCode', { code: hit.articolo }));
      } else setStatus(null);
    } catch (error) {
      setStatus('error');
      void message.error(describeCartError(t, error), 8);
    }
  };
  const label = hit.ordinabile ? t('cart.add.buttonFor', { code: hit.articolo }) : t('cart.add.notOrderable');
  return (
    <Flex gap={6} align="center" wrap={false}>
      <Space.Compact>
        <Input
          aria-label={t('cart.add.quantityFor', { code: hit.articolo })}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={onEnter(add)}
          inputMode={isCountUnit(hit.unitaMisura) ? 'numeric' : 'decimal'}
          status={valid || text === '' ? undefined : 'error'}
          disabled={!hit.ordinabile}
          style={{ width: 64, textAlign: 'right' }}
          data-testid="hit-quantity"
        />
        <Tooltip title={label}>
          <Button
            type="primary"
            icon={<ShoppingCartOutlined />}
            aria-label={label}
            disabled={disabled}
            loading={status === 'saving'}
            onClick={() => void add()}
            data-testid="hit-add"
          />
        </Tooltip>
      </Space.Compact>
      {status === 'saved' || status === 'error' ? <LineStatusIcon status={status} compact /> : null}
    </Flex>
  );
};
