import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FolderOpenOutlined,
  SaveOutlined,
  SearchOutlined,
  ShoppingCartOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { CartLine } from '@ricambi/domain';
import { Link } from '@tanstack/react-router';
import {
  Button,
  Card,
  Empty,
  Flex,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Statistic,
  Table,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { downloadCartCsv, useCart, useClearCart, useDeleteCartItem } from '../../api/cart.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { handleApiError, showSuccess } from '../../lib/alerts.ts';
import {
  formatEuro,
  formatNumber,
  formatOrderDate,
  formatPercent,
  formatQuantity,
  formatWeight,
} from '../../lib/format.ts';
import { AvailabilityTag } from '../search/AvailabilityTag.tsx';
import { CartLineEditor } from './CartLineEditor.tsx';
import { articlePath, checkoutPath } from './cart.links.ts';
import { LineStatusIcon, useStatusMap } from './LineStatus.tsx';
import { SaveCartModal, SavedCartsModal } from './SavedCarts.tsx';

const CartHeader = ({ count, onSaved }: { count?: number; onSaved: () => void }) => {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
      <div>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {t('cart.title')}
        </Typography.Title>
        {count ? <Typography.Text type="secondary">{t('cart.lines', { count })}</Typography.Text> : null}
      </div>
      <Space wrap>
        <ButtonLink to="/quick-order" icon={<ThunderboltOutlined />}>
          {t('quickOrder.title')}
        </ButtonLink>
        <Button icon={<FolderOpenOutlined />} onClick={onSaved}>
          {t('savedCarts.title')}
        </Button>
      </Space>
    </Flex>
  );
};

/** /cart (spec 1 §2.3, §4, §5): the lines, their edit panels, totals, delete-all, CSV export, checkout. */
export const CartPage = () => {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const cart = useCart();
  const remove = useDeleteCartItem();
  const clear = useClearCart();
  const [open, setOpen] = useState<number[]>([]);
  const [statuses, setStatus] = useStatusMap();
  const [saving, setSaving] = useState(false);
  const [savedOpen, setSavedOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const lang = i18n.language;

  const toggle = (id: number) => setOpen((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));
  const close = (id: number) => setOpen((ids) => ids.filter((i) => i !== id));

  const modals = (
    <>
      <SaveCartModal open={saving} onClose={() => setSaving(false)} />
      <SavedCartsModal open={savedOpen} onClose={() => setSavedOpen(false)} cartEmpty={!cart.data?.count} />
    </>
  );

  if (cart.isError) {
    return (
      <div style={{ padding: '16px 0' }}>
        <CartHeader onSaved={() => setSavedOpen(true)} />
        <Result
          status="error"
          title={t('cart.loadError')}
          extra={<Button onClick={() => void cart.refetch()}>{t('cart.retry')}</Button>}
        />
        {modals}
      </div>
    );
  }
  if (!cart.data) {
    return (
      <div style={{ padding: '16px 0' }} aria-busy>
        <CartHeader onSaved={() => setSavedOpen(true)} />
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
        {modals}
      </div>
    );
  }

  const view = cart.data;
  if (view.righe.length === 0) {
    return (
      <div style={{ padding: '16px 0' }}>
        <CartHeader onSaved={() => setSavedOpen(true)} />
        <Card>
          <Empty
            image={<ShoppingCartOutlined style={{ fontSize: 56, color: '#8c8c8c' }} />}
            styles={{ image: { height: 'auto', marginBottom: 8 } }}
            description={
              <>
                <Typography.Title level={2} style={{ fontSize: 18, marginBottom: 4 }}>
                  {t('cart.empty.title')}
                </Typography.Title>
                <Typography.Text type="secondary">{t('cart.empty.body')}</Typography.Text>
              </>
            }
          >
            <ButtonLink to="/spare-parts" buttonType="primary" icon={<SearchOutlined />}>
              {t('cart.empty.search')}
            </ButtonLink>
          </Empty>
        </Card>
        {modals}
      </div>
    );
  }

  const columns: TableProps<CartLine>['columns'] = [
    {
      key: 'articolo',
      title: t('cart.column.code'),
      width: 136,
      render: (_, l) => (
        <Flex vertical gap={4} align="flex-start">
          <Link to={articlePath(l)} className="article-code">
            {l.articolo}
          </Link>
          <AvailabilityTag label={l.disponibile} />
        </Flex>
      ),
    },
    {
      key: 'descrizione',
      title: t('cart.column.description'),
      render: (_, l) => (
        <div style={{ minWidth: 140, maxWidth: 260, whiteSpace: 'normal' }}>
          {l.descrizione}
          {!l.ordinabile ? (
            <div>
              <Tag color="error" style={{ marginTop: 4 }}>
                {t('cart.notOrderable')}
              </Tag>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'dataRichiesta',
      title: t('cart.column.date'),
      width: 110,
      render: (_, l) => <span style={{ whiteSpace: 'nowrap' }}>{formatOrderDate(l.dataRichiesta)}</span>,
    },
    {
      key: 'serial',
      title: t('cart.column.serial'),
      width: 100,
      responsive: ['xl'],
      render: (_, l) => <span style={{ wordBreak: 'break-all' }}>{l.serialNumber ?? ''}</span>,
    },
    {
      key: 'quantita',
      title: t('cart.column.quantity'),
      align: 'right',
      width: 90,
      render: (_, l) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatQuantity(t, l.quantita, l.unitaMisura, lang)}</span>
      ),
    },
    {
      key: 'peso',
      responsive: ['xl'],
      title: t('cart.column.weight'),
      align: 'right',
      width: 80,
      render: (_, l) => <span style={{ whiteSpace: 'nowrap' }}>{formatNumber(l.peso, lang, 3)}</span>,
    },
  ];
  if (view.prezziVisibili) {
    columns.push(
      {
        // List price, and below it the discount % when the user may see it (one column: the table fits a laptop).
        key: 'prezzo',
        responsive: ['lg'],
        title: view.scontoVisibile ? t('cart.column.listPriceDiscount') : t('cart.column.listPrice'),
        align: 'right',
        width: 110,
        render: (_, l) => (
          <div style={{ whiteSpace: 'nowrap' }}>
            {formatEuro(l.prezzo, lang)}
            {view.scontoVisibile && l.scontoPerc !== null ? (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }} data-testid="cart-discount">
                −{formatPercent(l.scontoPerc, lang)}
              </Typography.Text>
            ) : null}
          </div>
        ),
      },
      {
        key: 'netto',
        title: t('cart.column.netPrice'),
        align: 'right',
        width: 100,
        render: (_, l) => <span style={{ whiteSpace: 'nowrap' }}>{formatEuro(l.sconto, lang)}</span>,
      },
      {
        key: 'total',
        title: t('cart.column.total'),
        align: 'right',
        width: 100,
        render: (_, l) => <strong style={{ whiteSpace: 'nowrap' }}>{formatEuro(l.total, lang)}</strong>,
      },
    );
  }
  columns.push({
    key: 'actions',
    title: t('cart.column.actions'),
    width: 112,
    render: (_, l) => {
      const expanded = open.includes(l.id);
      return (
        <Flex gap={4} align="center" wrap={false}>
          <Tooltip title={t('cart.edit.toggle')}>
            <Button
              icon={<EditOutlined />}
              aria-label={t('cart.edit.toggleFor', { code: l.articolo })}
              aria-expanded={expanded}
              aria-controls={expanded ? `cart-editor-${l.id}` : undefined}
              type={expanded ? 'primary' : 'default'}
              onClick={() => toggle(l.id)}
              data-testid="cart-line-edit"
            />
          </Tooltip>
          <Popconfirm
            title={t('cart.delete.title')}
            description={t('cart.delete.body', { code: l.articolo })}
            okText={t('cart.delete.ok')}
            okButtonProps={{ danger: true }}
            cancelText={t('global.cancel')}
            onConfirm={() =>
              remove.mutateAsync(l.id).then(
                () => close(l.id),
                () => undefined,
              )
            }
          >
            <Button
              danger
              icon={<DeleteOutlined />}
              aria-label={t('cart.delete.buttonFor', { code: l.articolo })}
              loading={remove.isPending && remove.variables === l.id}
              data-testid="cart-line-delete"
            />
          </Popconfirm>
          <LineStatusIcon status={statuses[l.id] ?? null} compact testId={`cart-line-status-${l.id}`} />
        </Flex>
      );
    },
  });

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadCartCsv(lang);
    } catch (error) {
      handleApiError(error, 'cart.error.generic');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div style={{ padding: '16px 0' }}>
      <CartHeader count={view.count} onSaved={() => setSavedOpen(true)} />
      <Card styles={{ body: { padding: 0 } }}>
        <Table<CartLine>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={view.righe}
          pagination={false}
          loading={cart.isFetching && !cart.isPending ? { delay: 300 } : false}
          data-testid="cart-table"
          expandable={{
            expandedRowKeys: open,
            showExpandColumn: false,
            // Collapsed rows stay in the DOM: the editor is left out, so it opens fresh from the saved line.
            expandedRowRender: (l) =>
              open.includes(l.id) ? (
                <div id={`cart-editor-${l.id}`}>
                  <CartLineEditor
                    line={l}
                    status={statuses[l.id] ?? null}
                    onStatus={(s) => setStatus(l.id, s)}
                    onClose={() => close(l.id)}
                  />
                </div>
              ) : null,
          }}
        />
      </Card>
      <Card style={{ marginTop: 16 }}>
        <Flex justify="space-between" align="center" wrap gap={16}>
          <Flex gap={40} wrap>
            <Statistic
              title={t('cart.totalWeight')}
              value={formatWeight(view.pesoTotale, lang)}
              data-testid="cart-total-weight"
            />
            {view.prezziVisibili ? (
              <Statistic
                title={t('cart.total')}
                value={formatEuro(view.totale, lang)}
                valueStyle={{ fontWeight: 600 }}
                data-testid="cart-total"
              />
            ) : null}
          </Flex>
          <Space wrap>
            <Popconfirm
              title={t('cart.clear.title')}
              description={t('cart.clear.body', { count: view.count })}
              okText={t('cart.clear.ok')}
              okButtonProps={{ danger: true }}
              cancelText={t('global.cancel')}
              onConfirm={() =>
                clear.mutateAsync(undefined).then(
                  () => {
                    setOpen([]);
                    showSuccess(t('cart.clear.done'));
                  },
                  () => undefined,
                )
              }
            >
              <Button danger icon={<DeleteOutlined />} loading={clear.isPending}>
                {t('cart.clear.button')}
              </Button>
            </Popconfirm>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void onExport()}>
              {t('cart.export')}
            </Button>
            <Button icon={<SaveOutlined />} onClick={() => setSaving(true)}>
              {t('savedCarts.save')}
            </Button>
            <ButtonLink
              to={checkoutPath(account?.authorities)}
              buttonType="primary"
              size="large"
              data-testid="cart-checkout"
            >
              {t(
                checkoutPath(account?.authorities) === '/cart/request'
                  ? 'cart.checkout.request'
                  : 'cart.checkout.order',
              )}
            </ButtonLink>
          </Space>
        </Flex>
      </Card>
      {modals}
    </div>
  );
};
