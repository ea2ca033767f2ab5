import {
  CarOutlined,
  FilePdfOutlined,
  FormOutlined,
  MoreOutlined,
  RedoOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import type { OrderHistoryLine, OrderHistorySortField, SortParam } from '@ricambi/domain';
import {
  Button,
  Dropdown,
  Flex,
  Grid,
  type MenuProps,
  Table,
  type TableColumnsType,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro, formatNumber, formatOrderDate } from '../../lib/format.ts';
import { columnSortOrder } from '../../lib/sorting.ts';
import { LINE_STATE_COLORS, lineStateOf } from './order-history.search.ts';

const SMALL = { fontSize: 12 } as const;
/** A long column title wraps onto two lines rather than widen the table. */
const Wrapped = ({ children }: { children: ReactNode }) => (
  <span style={{ display: 'inline-block', maxWidth: 100, whiteSpace: 'normal' }}>{children}</span>
);

export type LineAction = 'pdf' | 'againLine' | 'againOrder' | 'request';

/** A line's state (spec 2 §3): fulfilled (green), partly shipped (orange) or still to fulfil. */
export const LineStateTag = ({ line }: { line: Pick<OrderHistoryLine, 'seEvasa' | 'qtaSpedita'> }) => {
  const { t } = useTranslation();
  const state = lineStateOf(line);
  return (
    <Tag color={LINE_STATE_COLORS[state]} data-state={state}>
      {t(`storicoOrdine.state.${state}`)}
    </Tag>
  );
};

/**
 * The history's lines (spec 2 §3, issue 16 §2): date, order (with the customer's reference and where
 * it was placed), article, serial, quantities, state, amount, shipment, invoice, waybill (opens the
 * tracking) and the line's actions. Every column but the article's sorts the list.
 */
export const OrderHistoryTable = ({
  rows,
  loading,
  sort,
  emptyText,
  showCustomer,
  canOrder,
  selected,
  onSelect,
  onSort,
  onTrack,
  onAction,
}: {
  rows: OrderHistoryLine[];
  loading: boolean;
  sort: SortParam<OrderHistorySortField>;
  emptyText: string;
  showCustomer: boolean;
  /** The user may put lines back into the cart (ROLE_CART): selection and order again. */
  canOrder: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onSort: TableProps<OrderHistoryLine>['onChange'];
  onTrack: (line: OrderHistoryLine) => void;
  onAction: (action: LineAction, line: OrderHistoryLine) => void;
}) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const sortable = (field: OrderHistorySortField) => ({
    key: field,
    sorter: true,
    sortOrder: columnSortOrder(sort, field),
  });
  const withAmounts = rows.some((r) => r.importo !== null);
  const quantity = (value: number) => formatNumber(value, lang, 3);

  // Columns give way by priority (a tablet of 820 px is md): what a column held moves into a
  // neighbour's cell, and the column keeps sorting the list where there is room for it.
  const screens = Grid.useBreakpoint();
  const huge = screens.xxl === true;
  const wide = screens.xl === true;
  const laptop = screens.lg === true;

  const column = (shown: boolean, col: TableColumnsType<OrderHistoryLine>[number]) => (shown ? [col] : []);
  const secondary = (text: ReactNode) => (
    <Typography.Text type="secondary" style={SMALL}>
      {text}
    </Typography.Text>
  );
  const quantities = (r: OrderHistoryLine) => (
    <span style={{ whiteSpace: 'nowrap' }} title={t('storicoOrdine.field.quantitaHint')}>
      {quantity(r.qtaOrdinata)} /{' '}
      {lineStateOf(r) === 'parziale' ? (
        <Typography.Text type="warning" strong data-testid="oh-partial">
          {quantity(r.qtaSpedita)}
        </Typography.Text>
      ) : (
        quantity(r.qtaSpedita)
      )}
    </span>
  );

  const actions = (line: OrderHistoryLine): MenuProps['items'] => [
    { key: 'pdf', icon: <FilePdfOutlined />, label: t('storicoOrdine.action.pdf', { nro: line.nroOrdTxt }) },
    ...(canOrder
      ? [
          { key: 'againLine', icon: <RedoOutlined />, label: t('storicoOrdine.action.againLine') },
          {
            key: 'againOrder',
            icon: <ShoppingCartOutlined />,
            label: t('storicoOrdine.action.againOrder', { nro: line.nroOrdTxt }),
          },
        ]
      : []),
    { key: 'request', icon: <FormOutlined />, label: t('storicoOrdine.action.request') },
  ];

  const columns: TableColumnsType<OrderHistoryLine> = [
    ...column(wide, {
      ...sortable('dataIns'),
      title: t('storicoOrdine.field.dataIns'),
      render: (_: unknown, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatOrderDate(r.dataIns)}</span>,
    }),
    {
      ...sortable('nroOrdTxt'),
      title: t('storicoOrdine.field.nroOrdTxt'),
      render: (_: unknown, r) => (
        <Flex vertical gap={2} align="start" style={{ maxWidth: 160, whiteSpace: 'normal' }}>
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {r.nroOrdTxt}
          </Typography.Text>
          {wide ? null : <Typography.Text style={SMALL}>{formatOrderDate(r.dataIns)}</Typography.Text>}
          {r.rifVsNroOrd ? (
            // The customer's own reference, free text ("Commessa 4821", "Cantiere Brescia"), named on hover.
            <Typography.Text type="secondary" style={SMALL} title={t('storicoOrdine.field.rifVsNroOrd')}>
              {r.rifVsNroOrd}
            </Typography.Text>
          ) : null}
          {showCustomer && !wide ? secondary(t('storicoOrdine.field.clienteShort', { cliente: r.cliente })) : null}
          <Tag color={r.portale ? 'geekblue' : 'default'} style={{ marginInlineEnd: 0 }} data-testid="oh-origin">
            {t(r.portale ? 'storicoOrdine.origin.portal' : 'storicoOrdine.origin.erp')}
          </Tag>
        </Flex>
      ),
    },
    ...column(showCustomer && wide, {
      key: 'cliente',
      dataIndex: 'cliente',
      title: t('storicoOrdine.field.cliente'),
    }),
    {
      ...sortable('codArt'),
      title: t('storicoOrdine.field.articolo'),
      render: (_: unknown, r) => (
        // Long descriptions wrap: the other key columns stay in view on a tablet.
        <Flex vertical gap={2} style={{ minWidth: 140, maxWidth: laptop ? 220 : 180, whiteSpace: 'normal' }}>
          <span className="article-code">{r.codArt}</span>
          {secondary(r.descRiga)}
          {!huge && r.matricola ? secondary(t('storicoOrdine.field.matricolaShort', { matricola: r.matricola })) : null}
        </Flex>
      ),
    },
    ...column(huge, {
      ...sortable('matricola'),
      title: t('storicoOrdine.field.matricola'),
      render: (_: unknown, r) => r.matricola ?? '–',
    }),
    ...column(laptop, {
      ...sortable('qtaOrdinata'),
      title: <Wrapped>{t('storicoOrdine.field.quantita')}</Wrapped>,
      align: 'right',
      render: (_: unknown, r) => quantities(r),
    }),
    {
      ...sortable('seEvasa'),
      title: t('storicoOrdine.field.stato'),
      render: (_: unknown, r) => (
        <Flex vertical gap={4} align="start">
          <LineStateTag line={r} />
          {laptop ? null : (
            <span>
              <Typography.Text type="secondary" style={SMALL}>
                {t('storicoOrdine.field.quantitaShort')}
              </Typography.Text>{' '}
              {quantities(r)}
            </span>
          )}
        </Flex>
      ),
    },
    ...column(laptop && withAmounts, {
      ...sortable('importo'),
      title: t('storicoOrdine.field.importo'),
      align: 'right',
      render: (_: unknown, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatEuro(r.importo, lang)}</span>,
    }),
    ...column(wide, {
      ...sortable('dataSpediz'),
      title: <Wrapped>{t(huge ? 'storicoOrdine.field.spedizione' : 'storicoOrdine.field.documenti')}</Wrapped>,
      render: (_: unknown, r) =>
        r.dataSpediz || r.nroSpedTxt || (!huge && r.nroFattTxt) ? (
          <Flex vertical gap={2}>
            {r.dataSpediz ? <span style={{ whiteSpace: 'nowrap' }}>{formatOrderDate(r.dataSpediz)}</span> : null}
            {r.nroSpedTxt ? secondary(r.nroSpedTxt) : null}
            {!huge && r.nroFattTxt ? secondary(t('storicoOrdine.field.fatturaShort', { nro: r.nroFattTxt })) : null}
          </Flex>
        ) : (
          '–'
        ),
    }),
    ...column(huge, {
      ...sortable('nroFattTxt'),
      title: t('storicoOrdine.field.nroFattTxt'),
      render: (_: unknown, r) => r.nroFattTxt ?? '–',
    }),
    {
      key: 'wayBill',
      title: <Wrapped>{t('storicoOrdine.field.wayBill')}</Wrapped>,
      render: (_: unknown, r) =>
        r.wayBill ? (
          <Button
            type="link"
            size="small"
            icon={<CarOutlined />}
            onClick={() => onTrack(r)}
            aria-label={t('storicoOrdine.tracking.open', { wayBill: r.wayBillTxt || r.wayBill })}
            // A long waybill wraps (carrier, then number) rather than widen the table on a tablet.
            style={{ paddingInline: 0, height: 'auto', maxWidth: 130, whiteSpace: 'normal', textAlign: 'start' }}
            data-testid="oh-waybill"
          >
            {r.wayBillTxt || r.wayBill}
          </Button>
        ) : (
          <span style={{ display: 'inline-block', maxWidth: 130, whiteSpace: 'normal' }}>{r.wayBillTxt ?? '–'}</span>
        ),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('storicoOrdine.action.label')}</span>,
      align: 'right',
      render: (_: unknown, r) => (
        <Dropdown
          trigger={['click']}
          menu={{ items: actions(r), onClick: ({ key }) => onAction(key as LineAction, r) }}
        >
          <Button
            icon={<MoreOutlined />}
            aria-label={t('storicoOrdine.action.menu', { codArt: r.codArt, nro: r.nroOrdTxt })}
            data-testid="oh-actions"
          />
        </Dropdown>
      ),
    },
  ];

  return (
    <Table<OrderHistoryLine>
      size="middle"
      rowKey="id"
      loading={loading}
      dataSource={rows}
      pagination={false}
      showSorterTooltip={false}
      onChange={onSort}
      locale={{ emptyText }}
      rowSelection={
        canOrder
          ? {
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => onSelect(keys.map(Number)),
              getTitleCheckboxProps: () => ({ 'aria-label': t('storicoOrdine.list.selectPage') }),
              getCheckboxProps: (r) => ({ 'aria-label': t('storicoOrdine.list.selectLine', { codArt: r.codArt }) }),
            }
          : undefined
      }
      data-testid="oh-table"
      columns={columns}
    />
  );
};
