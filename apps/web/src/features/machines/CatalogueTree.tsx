import {
  CaretDownOutlined,
  CaretRightOutlined,
  CheckOutlined,
  FileSearchOutlined,
  LoadingOutlined,
  MinusOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import {
  CART_LIMITS,
  type CatalogueRow,
  catalogueCartQuantity,
  earliestRequestDate,
  isCountUnit,
  isTreeLeaf,
  parseQuantity,
  requiresRequestDate,
} from '@ricambi/domain';
import { App, Button, Input, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatEuro, formatQuantity } from '../../lib/format.ts';
import { describeCartError, SR_ONLY } from '../cart/LineStatus.tsx';
import { onEnter, useAddToCart } from '../cart/useAddToCart.ts';
import { childrenOf, type ParentKey, type TreeState } from './catalogue.tree.ts';

/** What a row sends to the cart for the typed text (spec 2 §5), 0 when the text is not valid. */
export const rowCartQuantity = (row: CatalogueRow, text: string) => {
  if (!row.articolo) return 0;
  const parsed = parseQuantity(text, row.articolo.unitaMisura);
  return parsed.ok ? catalogueCartQuantity(row.articolo.unitaMisura, row.rigQta, parsed.value) : 0;
};

export const cartLineOf = (row: CatalogueRow, quantita: number, serialNumber: string) => ({
  idArticolo: row.articolo?.id ?? 0,
  quantita,
  dataRichiesta: requiresRequestDate(row.articolo?.tipoArticoloOrig ?? '0') ? earliestRequestDate() : null,
  serialNumber,
  origine: 'C' as const,
});

const quantityText = (t: TFunction, row: CatalogueRow, value: number, lang: string) =>
  formatQuantity(t, value, row.articolo?.unitaMisura ?? 'NR', lang);

export type RowCartState = {
  quantities: Readonly<Record<number, string>>;
  inCart: ReadonlySet<number>;
  setQuantity: (item: number, text: string) => void;
  markInCart: (items: number[]) => void;
};

/** A leaf's quantity and add-to-cart button (spec 2 §2, §5). */
const LeafCart = ({ row, serial, cart }: { row: CatalogueRow; serial: string; cart: RowCartState }) => {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const adder = useAddToCart();
  const article = row.articolo;
  const text = cart.quantities[row.rigItem] ?? '1';
  if (!article) return null;
  const quantity = rowCartQuantity(row, text);
  const valid = quantity > 0;
  const added = cart.inCart.has(row.rigItem);
  const label = valid
    ? t('machines.catalogue.cart.addQuantity', {
        code: article.articolo,
        quantity: quantityText(t, row, quantity, i18n.language),
      })
    : t('machines.catalogue.cart.invalid', { code: article.articolo });
  const add = async () => {
    if (!valid || adder.isPending) return;
    try {
      const result = await adder.run({
        article,
        quantita: quantity,
        dataRichiesta: cartLineOf(row, quantity, serial).dataRichiesta,
        serialNumber: serial,
        origine: 'C',
      });
      if (result === 'added') {
        cart.markInCart([row.rigItem]);
        void message.success(t('cart.add.addedCode', { code: article.articolo }));
      }
    } catch (error) {
      void message.error(describeCartError(t, error), 8);
    }
  };
  return (
    <span className="catalogue-cart">
      <Input
        aria-label={t('machines.catalogue.cart.quantityFor', { code: article.articolo })}
        value={text}
        onChange={(e) => cart.setQuantity(row.rigItem, e.target.value)}
        onPressEnter={onEnter(add)}
        inputMode={isCountUnit(article.unitaMisura) ? 'numeric' : 'decimal'}
        status={valid ? undefined : 'error'}
        maxLength={CART_LIMITS.quantitaText}
        style={{ width: 56, textAlign: 'right' }}
        data-testid="row-quantity"
      />
      <Tooltip title={label}>
        <Button
          type={added ? 'default' : 'primary'}
          aria-label={label}
          icon={adder.isPending ? <LoadingOutlined /> : added ? <CheckOutlined /> : <ShoppingCartOutlined />}
          disabled={!valid}
          onClick={() => void add()}
          data-testid="row-add"
          data-in-cart={added ? 'true' : 'false'}
        />
      </Tooltip>
      {added ? <span style={SR_ONLY}>{t('machines.catalogue.cart.inCart')}</span> : null}
    </span>
  );
};

/** The note row under a leaf: the row note, the availability for the row quantity, the price. */
const NoteRow = ({ row }: { row: CatalogueRow }) => {
  const { t, i18n } = useTranslation();
  const article = row.articolo;
  if (!row.rigNote && !article) return null;
  const label = article?.disponibiliLabel;
  return (
    <div className="catalogue-note" data-testid="row-note">
      {row.rigNote ? <span>{row.rigNote}</span> : null}
      {label ? (
        <Tag
          color={label === 'TELEFONARE' ? 'warning' : 'success'}
          style={{ marginInlineEnd: 0, color: label === 'TELEFONARE' ? '#8a3e00' : '#256e0c' }}
          data-availability={label}
        >
          {t(`availability.${label}`)}
        </Tag>
      ) : null}
      {article && article.prezzo !== null ? (
        <span data-testid="row-price">
          {t('machines.catalogue.price')}: <strong>{formatEuro(article.prezzo, i18n.language)}</strong>
        </span>
      ) : null}
    </div>
  );
};

type TreeProps = {
  state: TreeState;
  loading: ReadonlySet<number>;
  onChoose: (item: number) => void;
  serial: string;
  cart: RowCartState;
};

const TreeRow = ({ row, ...props }: TreeProps & { row: CatalogueRow }) => {
  const { t, i18n } = useTranslation();
  const { state, loading, onChoose } = props;
  const leaf = isTreeLeaf(row);
  const open = !leaf && state.expanded.has(row.rigItem);
  const selected = state.selected === row.rigItem;
  const match = state.matches.has(row.rigItem);
  const icon = leaf ? (
    <MinusOutlined />
  ) : loading.has(row.rigItem) ? (
    <LoadingOutlined />
  ) : open ? (
    <CaretDownOutlined />
  ) : (
    <CaretRightOutlined />
  );
  return (
    <li>
      <div
        className={`catalogue-row${selected ? ' is-selected' : ''}${match ? ' is-match' : ''}`}
        data-rig-item={row.rigItem}
        data-testid="tree-row"
        data-selected={selected ? 'true' : 'false'}
        data-match={match ? 'true' : 'false'}
      >
        <button
          type="button"
          className="catalogue-row-main"
          aria-expanded={leaf ? undefined : open}
          aria-current={selected ? 'true' : undefined}
          onClick={() => onChoose(row.rigItem)}
        >
          <span className="catalogue-row-icon" aria-hidden>
            {icon}
          </span>
          {match ? (
            <FileSearchOutlined
              style={{ color: '#0b4fb8' }}
              aria-label={t('machines.catalogue.search.matchIcon')}
              role="img"
            />
          ) : null}
          {leaf ? (
            <>
              {row.rigPos ? (
                <span className="catalogue-pos" title={t('machines.catalogue.position')}>
                  {row.rigPos}
                </span>
              ) : null}
              <span className="catalogue-row-text">
                {row.articolo ? <span className="article-code">{row.articolo.articolo}</span> : null} {row.descrizione}
              </span>
              <span className="catalogue-qty">
                {formatQuantity(t, row.rigQta, row.articolo?.unitaMisura ?? 'NR', i18n.language)}
              </span>
            </>
          ) : (
            <span className="catalogue-row-text">
              <strong className="article-code">{row.rigIdTav}</strong> {row.descrizione}
            </span>
          )}
        </button>
        {leaf ? (
          row.orderable && row.articolo ? (
            <LeafCart row={row} serial={props.serial} cart={props.cart} />
          ) : (
            <Tag style={{ marginInlineEnd: 0 }} data-testid="row-not-orderable">
              {t('machines.catalogue.notOrderable')}
            </Tag>
          )
        ) : null}
      </div>
      {leaf ? <NoteRow row={row} /> : null}
      {open ? <TreeLevel parent={row.rigItem} {...props} /> : null}
    </li>
  );
};

const TreeLevel = ({ parent, ...props }: TreeProps & { parent: ParentKey }) => {
  const { t } = useTranslation();
  const rows = childrenOf(props.state, parent);
  if (rows.length === 0) {
    if (parent !== 'root' && props.state.children.has(parent))
      return (
        <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 24px' }}>
          {t('machines.catalogue.emptyBranch')}
        </Typography.Text>
      );
    return null;
  }
  return (
    <ul className={parent === 'root' ? 'catalogue-tree' : undefined}>
      {rows.map((row) => (
        <TreeRow key={row.rigItem} row={row} {...props} />
      ))}
    </ul>
  );
};

/** The parts tree (spec 2 §3): level 1 first, children as branches open. */
export const CatalogueTree = (props: TreeProps) => <TreeLevel parent="root" {...props} />;
