import { DownloadOutlined, ReloadOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import {
  ORDER_HISTORY_LIMITS,
  ORDER_HISTORY_PAGE_SIZE,
  ORDER_HISTORY_SORT_FIELDS,
  ORDER_HISTORY_STATES,
  type OrderHistoryKind,
  type OrderHistoryLine,
  type OrderHistoryState,
} from '@ricambi/domain';
import { Navigate, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Row,
  Segmented,
  Select,
  type TableProps,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useCanUseCart } from '../../api/cart.api.ts';
import { downloadOrderHistoryCsv, downloadOrderPdf, useOrderHistoryPage } from '../../api/order-history.api.ts';
import { FilterField, FilterSection, TermSearch } from '../../components/ListFilters.tsx';
import { Pager } from '../../components/Pager.tsx';
import { describeError, showError } from '../../lib/alerts.ts';
import { keyedField, sortFromSorter } from '../../lib/sorting.ts';
import { useOrderAgain } from './OrderAgain.tsx';
import { type LineAction, OrderHistoryTable } from './OrderHistoryTable.tsx';
import { ORDER_HISTORY_LIST, ORDER_HISTORY_REQUEST, ORDER_HISTORY_TRACKING } from './order-history.paths.ts';
import {
  DEFAULT_ORDER_HISTORY_ADDRESS,
  filterOf,
  isKind,
  kindsOf,
  MONTH_CHOICES,
  type OrderHistoryAddress,
  parseOrderHistorySearch,
  toOrderHistorySearch,
  withFilter,
} from './order-history.search.ts';
import { TrackingDialog } from './TrackingDialog.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** A file name from an order number (the server's name wins when it sends one). */
const pdfName = (line: OrderHistoryLine) => `ordine-${line.nroOrdTxt.replace(/[^\w.-]+/g, '_')}.pdf`;

/** /storicoOrdine: the history of the user's first kind, with whatever filters the address holds. */
export const OrderHistoryIndexPage = () => {
  const account = useAccount();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const [first = 'ORD'] = kindsOf(account?.authorities);
  return <Navigate to={ORDER_HISTORY_LIST} params={{ idRichiesta: first }} search={search} replace />;
};

/**
 * Spec 2 §2 storicoOrdine (issue 16 §2–§5): /storicoOrdine/{kind} lists the lines of the user's
 * orders, quotes or subdealers' requests; /storicoOrdine/{kind}/tracking/{wayBill} opens the tracking
 * dialog over it. A kind the user does not have goes to the user's first.
 */
export const OrderHistoryPage = () => {
  const account = useAccount();
  const params = useParams({ strict: false }) as { idRichiesta?: string; wayBill?: string };
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const kinds = kindsOf(account?.authorities);
  const kind = params.idRichiesta;
  if (!isKind(kind) || !kinds.includes(kind)) {
    const [first = 'ORD'] = kinds;
    return (
      <Navigate
        to={ORDER_HISTORY_LIST}
        params={{ idRichiesta: first }}
        search={toOrderHistorySearch(parseOrderHistorySearch(search))}
        replace
      />
    );
  }
  return <OrderHistoryList kind={kind} kinds={kinds} wayBill={params.wayBill} />;
};

const OrderHistoryList = ({
  kind,
  kinds,
  wayBill,
}: {
  kind: OrderHistoryKind;
  kinds: OrderHistoryKind[];
  wayBill: string | undefined;
}) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canOrder = useCanUseCart();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const address = useMemo(() => parseOrderHistorySearch(search), [search]);
  const filter = useMemo(() => filterOf(address), [address]);
  const result = useOrderHistoryPage(kind, filter, address.page, address.sort);
  const rows = result.data?.items ?? [];
  const orderAgain = useOrderAgain();

  // The selection holds across pages of one list; another kind or filter starts afresh.
  const selectionKey = JSON.stringify([kind, filter]);
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: '', ids: [] });
  const selected = selection.key === selectionKey ? selection.ids : [];
  const select = (ids: number[]) => setSelection({ key: selectionKey, ids });

  const listSearch = toOrderHistorySearch(address);
  const go = (next: OrderHistoryAddress, to: OrderHistoryKind = kind) =>
    void navigate({ to: ORDER_HISTORY_LIST, params: { idRichiesta: to }, search: toOrderHistorySearch(next) });
  const set = (change: Parameters<typeof withFilter>[1]) => go(withFilter(address, change));

  const onSort: TableProps<OrderHistoryLine>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    go({
      ...address,
      page: 0,
      sort: sortFromSorter(sorter, keyedField(ORDER_HISTORY_SORT_FIELDS), DEFAULT_ORDER_HISTORY_ADDRESS.sort),
    });
  };

  const track = (line: OrderHistoryLine) => {
    if (!line.wayBill) return;
    void navigate({
      to: ORDER_HISTORY_TRACKING,
      params: { idRichiesta: kind, wayBill: line.wayBill },
      search: { ...listSearch, ...(line.codAftership ? { slug: line.codAftership } : {}) },
    });
  };
  const closeTracking = () => go(address);

  const download = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      showError(describeError(error));
    }
  };

  const onAction = (action: LineAction, line: OrderHistoryLine) => {
    if (action === 'pdf') void download(() => downloadOrderPdf(i18n.language, kind, line.idOrdine, pdfName(line)));
    if (action === 'againLine') orderAgain.run({ ids: [line.id] });
    if (action === 'againOrder') orderAgain.run({ idOrdine: line.idOrdine });
    if (action === 'request')
      void navigate({
        to: ORDER_HISTORY_REQUEST,
        params: { idRichiesta: kind, id: String(line.id), desc: line.descRiga.trim() || line.codArt },
        search: listSearch,
      });
  };

  const filtered = address.stato !== DEFAULT_ORDER_HISTORY_ADDRESS.stato || Boolean(address.term);
  const tooMany = selected.length > ORDER_HISTORY_LIMITS.riordinaMax;
  const trackedLine = wayBill ? rows.find((r) => r.wayBill === wayBill) : undefined;

  return (
    <Card>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {t('storicoOrdine.title')}
        </Typography.Title>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void download(() => downloadOrderHistoryCsv(kind, filter))}
          data-testid="oh-csv"
        >
          {t('storicoOrdine.list.csv')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">{t(`storicoOrdine.intro.${kind}`)}</Typography.Paragraph>

      {kinds.length > 1 ? (
        <Tabs
          activeKey={kind}
          onChange={(next) => go({ ...address, page: 0 }, next as OrderHistoryKind)}
          items={kinds.map((k) => ({ key: k, label: t(`storicoOrdine.kind.${k}`) }))}
          data-testid="oh-kinds"
        />
      ) : null}

      <FilterSection label={t('storicoOrdine.filter.label')}>
        <Row gutter={16} align="bottom">
          <Col xs={24} md={10} lg={10}>
            <FilterField label={t('storicoOrdine.filter.term')} htmlFor="oh-f-term">
              <TermSearch
                id="oh-f-term"
                value={address.term}
                onSearch={(term) => set({ term })}
                maxLength={ORDER_HISTORY_LIMITS.term}
                placeholder={t('storicoOrdine.filter.termHint')}
                enterButton={t('storicoOrdine.filter.search')}
                testId="oh-term"
              />
            </FilterField>
          </Col>
          <Col xs={12} md={6} lg={5}>
            <FilterField label={t('storicoOrdine.filter.mese')} htmlFor="oh-f-mese">
              <Select
                id="oh-f-mese"
                virtual={false}
                value={address.mese}
                onChange={(mese: number) => set({ mese })}
                options={MONTH_CHOICES.map((m) => ({
                  value: m,
                  label: t(`storicoOrdine.filter.months`, { count: m }),
                }))}
                data-testid="oh-mese"
              />
            </FilterField>
          </Col>
          <Col xs={12} md={8} lg={9}>
            <FilterField label={t('storicoOrdine.filter.stato')}>
              <Segmented<OrderHistoryState>
                value={address.stato}
                onChange={(stato) => set({ stato })}
                options={ORDER_HISTORY_STATES.map((s) => ({ value: s, label: t(`storicoOrdine.filter.state.${s}`) }))}
                aria-label={t('storicoOrdine.filter.stato')}
                data-testid="oh-stato"
              />
            </FilterField>
          </Col>
        </Row>
      </FilterSection>

      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text data-testid="oh-totals" aria-live="polite">
          {result.data
            ? t(`storicoOrdine.list.totals`, { count: result.data.total, daEvadere: result.data.daEvadere })
            : ' '}
        </Typography.Text>
        {canOrder ? (
          <Tooltip
            title={tooMany ? t('storicoOrdine.riordina.tooMany', { max: ORDER_HISTORY_LIMITS.riordinaMax }) : undefined}
          >
            <Button
              icon={<ShoppingCartOutlined />}
              disabled={selected.length === 0 || tooMany}
              loading={orderAgain.isPending}
              onClick={() => orderAgain.run({ ids: selected }, () => select([]))}
              data-testid="oh-again-selected"
            >
              {t('storicoOrdine.riordina.selected', { count: selected.length })}
            </Button>
          </Tooltip>
        ) : null}
      </Flex>

      {result.isError ? (
        <Alert
          type="error"
          showIcon
          title={describeError(result.error)}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void result.refetch()}>
              {t('storicoOrdine.list.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
          role="alert"
          data-testid="oh-error"
        />
      ) : null}
      <OrderHistoryTable
        rows={rows}
        loading={result.isFetching}
        sort={address.sort}
        emptyText={
          result.isError
            ? t('storicoOrdine.list.unavailable')
            : t(filtered ? 'storicoOrdine.list.emptyFiltered' : 'storicoOrdine.list.empty', { count: address.mese })
        }
        showCustomer={kind === 'REQ' && kinds.length > 1}
        canOrder={canOrder}
        selected={selected}
        onSelect={select}
        onSort={onSort}
        onTrack={track}
        onAction={onAction}
      />
      <Pager
        page={address.page}
        total={result.data?.total ?? 0}
        size={ORDER_HISTORY_PAGE_SIZE}
        onChange={(page) => go({ ...address, page })}
      />
      {wayBill ? (
        <TrackingDialog
          wayBill={wayBill}
          slug={text(search.slug) || undefined}
          label={trackedLine?.wayBillTxt ?? undefined}
          onClose={closeTracking}
        />
      ) : null}
      {orderAgain.dialog}
    </Card>
  );
};
