import { PictureOutlined } from '@ant-design/icons';
import type { ArticoloHit } from '@ricambi/domain';
import { Link } from '@tanstack/react-router';
import { Flex, Table, type TableProps, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanUseCart } from '../../api/cart.api.ts';
import { formatEuro, formatPercent } from '../../lib/format.ts';
import { HitAddToCart } from '../cart/AddToCart.tsx';
import { AvailabilityTag } from './AvailabilityTag.tsx';

/** The article page of a hit: /articolo/m/{id} for a machine, /articolo/r/{id} for a part. */
export const articoloPath = (hit: Pick<ArticoloHit, 'id' | 'tipoArticolo'>) =>
  `/articolo/${hit.tipoArticolo === 'M' ? 'm' : 'r'}/${hit.id}`;

/** Search results (spec 1 §2.3): code, description, brand, availability for one unit, net price. */
export const HitsTable = ({ hits, loading }: { hits: ArticoloHit[]; loading: boolean }) => {
  const { t, i18n } = useTranslation();
  const canAdd = useCanUseCart();
  const prices = hits.some((h) => h.netto !== null);
  const discount = hits.some((h) => h.scontoPerc !== null);
  const columns: TableProps<ArticoloHit>['columns'] = [
    {
      key: 'articolo',
      title: t('search.column.code'),
      render: (_, h) => (
        <Flex gap={6} align="center">
          <Link to={articoloPath(h)} className="article-code">
            {h.articolo}
          </Link>
          {h.hasImage ? (
            <Tooltip title={t('search.hasImage')}>
              <PictureOutlined aria-label={t('search.hasImage')} style={{ color: '#8c8c8c' }} />
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'descrizione',
      title: t('search.column.description'),
      render: (_, h) => (
        <>
          <Typography.Text>{h.descrizione}</Typography.Text>
          {h.marchio ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {h.marchio.descrizione}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'unita',
      title: t('search.column.unit'),
      responsive: ['lg'],
      render: (_, h) => t(`unit.${h.unitaMisura}`, { defaultValue: h.unitaMisura }),
    },
    {
      key: 'disponibilita',
      title: t('search.column.availability'),
      render: (_, h) => <AvailabilityTag label={h.disponibiliLabel} />,
    },
  ];
  if (prices) {
    columns.push(
      {
        key: 'prezzo',
        title: t('search.column.listPrice'),
        align: 'right',
        responsive: ['lg'],
        render: (_, h) => formatEuro(h.prezzo, i18n.language),
      },
      ...(discount
        ? [
            {
              key: 'sconto',
              title: t('search.column.discount'),
              align: 'right' as const,
              responsive: ['xl' as const],
              render: (_: unknown, h: ArticoloHit) => formatPercent(h.scontoPerc, i18n.language),
            },
          ]
        : []),
      {
        key: 'netto',
        title: t('search.column.netPrice'),
        align: 'right',
        render: (_, h) => <strong>{formatEuro(h.netto, i18n.language)}</strong>,
      },
    );
  }
  // Spec 1 §2.3: a quantity and an add button per row, for those who may fill a cart.
  if (canAdd) {
    columns.push({
      key: 'cart',
      title: t('cart.add.column'),
      render: (_, h) => <HitAddToCart hit={h} />,
    });
  }
  return (
    <Table<ArticoloHit>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={hits}
      loading={loading}
      pagination={false}
      locale={{ emptyText: t('search.noResults') }}
      // No max-content scroll and no sticky column: on a tablet the descriptions wrap and the
      // secondary columns (unit, list price, discount) give way, so price and add stay in view.
    />
  );
};
