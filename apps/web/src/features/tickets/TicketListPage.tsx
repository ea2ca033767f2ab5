import { BellOutlined, ClearOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  hasAnyAuthority,
  TICKET_FILTERS,
  TICKET_LIMITS,
  TICKET_PAGE_SIZE,
  TICKET_STAFF_ROLES,
  TICKET_TYPES,
  TICKET_URGENCIES,
  type TicketFilter,
  type TicketRow,
} from '@ricambi/domain';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Flex,
  Radio,
  Row,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useComboList } from '../../api/combos.api.ts';
import { type TicketListFilter, useTicketPage } from '../../api/tickets.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { FilterField, FilterSection, FilterSelect, TermSearch } from '../../components/ListFilters.tsx';
import { Pager } from '../../components/Pager.tsx';
import { describeError } from '../../lib/alerts.ts';
import { DATEPICKER_FORMAT, formatDayTime } from '../../lib/format.ts';
import { TicketStatusTag } from './TicketStatusTag.tsx';
import {
  customerOf,
  filterOf,
  hasExtraFilters,
  isHighlighted,
  locationLabel,
  locationOptions,
  parseTicketSearch,
  type TicketAddress,
  toTicketSearch,
  waitsForMe,
  withFilter,
} from './tickets.form.ts';

/** Spec 2 §4: a ticket waiting for the customer (46) has a background of its own, beside its tag. */
const HIGHLIGHT = { background: '#f9f0ff', boxShadow: 'inset 4px 0 0 #722ed1' };

const dayOf = (iso: string | undefined) => (iso ? dayjs(iso) : null);
const isoOf = (day: Dayjs | null) => (day ? day.format('YYYY-MM-DD') : undefined);

/**
 * Support tickets (spec 2 §2, §4, §7): the list filtered by state (all by default; 46 its own), the
 * opening dates, free text, only mine, type, location and urgency — all kept in the address — 20 a
 * page, tickets waiting for the customer highlighted and those waiting for this user marked.
 * Customers open new ones; the help desk sees every customer's.
 */
export const TicketListPage = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const account = useAccount();
  const staff = hasAnyAuthority(account?.authorities, TICKET_STAFF_ROLES);
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const address = useMemo(() => parseTicketSearch(search), [search]);
  const filter = useMemo(() => filterOf(address), [address]);
  const result = useTicketPage(filter, address.page);
  const locations = locationOptions(useComboList('collocazioneProblema').data ?? [], lang);
  const rows = result.data?.items ?? [];

  const go = (next: TicketAddress) => void navigate({ to: '/ticket', search: toTicketSearch(next) });
  const set = (change: Partial<TicketListFilter>) => go(withFilter(address, change));

  const columns: TableColumnsType<TicketRow> = [
    {
      key: 'id',
      title: t('ticket.field.id'),
      render: (_: unknown, r) => (
        <Link to="/ticket/$id" params={{ id: String(r.id) }} aria-label={t('ticket.list.open', { id: r.id })}>
          {r.id}
        </Link>
      ),
    },
    {
      key: 'insert_time',
      title: t('ticket.field.insertTime'),
      render: (_: unknown, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDayTime(r.insert_time)}</span>,
      responsive: ['lg'],
    },
    {
      key: 'title',
      title: t('ticket.field.title'),
      render: (_: unknown, r) => (
        // Long titles wrap: the key columns stay in view on a tablet.
        <Flex vertical gap={2} align="start" style={{ maxWidth: 300, whiteSpace: 'normal' }}>
          <span>{r.title}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`ticket.type.${r.tipologiaKey}`, { defaultValue: String(r.tipologiaKey) })} ·{' '}
            {locationLabel(r.collocazioneKey, locations)}
          </Typography.Text>
          {waitsForMe(r, staff) ? (
            <Tag color="red" icon={<BellOutlined />} data-testid="tk-waiting">
              {t('ticket.list.waitingForYou')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    { key: 'matricola', dataIndex: 'matricola', title: t('ticket.field.matricola') },
    {
      key: 'modello',
      title: t('ticket.field.modello'),
      render: (_: unknown, r) => r.modello ?? '–',
      // The help desk's list has the customer too: the model gives way first.
      responsive: staff ? ['xxl'] : ['xl'],
    },
    ...(staff
      ? [
          {
            key: 'customer',
            title: t('ticket.field.customer'),
            render: (_: unknown, r: TicketRow) => customerOf(r),
            responsive: ['xl'],
          } satisfies TableColumnsType<TicketRow>[number],
        ]
      : []),
    {
      key: 'urgenza',
      title: t('ticket.field.urgenza'),
      render: (_: unknown, r) =>
        t(`ticket.urgency.${r.urgenzaClienteKey}`, { defaultValue: String(r.urgenzaClienteKey) }),
      responsive: ['lg'],
    },
    {
      key: 'status',
      title: t('ticket.field.status'),
      render: (_: unknown, r) => <TicketStatusTag status={r.status} />,
    },
  ];

  return (
    <Card>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {t('ticket.list.title')}
        </Typography.Title>
        {staff ? null : (
          <ButtonLink to="/ticket/new" buttonType="primary" icon={<PlusOutlined />} data-testid="tk-new">
            {t('ticket.list.new')}
          </ButtonLink>
        )}
      </Flex>
      <Typography.Paragraph type="secondary">
        {t(staff ? 'ticket.list.introStaff' : 'ticket.list.intro')}
      </Typography.Paragraph>

      <FilterSection label={t('ticket.filter.label')} style={{ marginBottom: 16 }}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={address.stato}
          onChange={(e) => set({ stato: e.target.value as TicketFilter })}
          options={TICKET_FILTERS.map((stato) => ({ value: stato, label: t(`ticket.filter.state.${stato}`) }))}
          aria-label={t('ticket.filter.state.label')}
          data-testid="tk-state"
          style={{ marginBottom: 16, display: 'flex', flexWrap: 'wrap' }}
        />
        <Row gutter={16}>
          <Col xs={12} md={6} lg={4}>
            <FilterField label={t('ticket.filter.dateFrom')} htmlFor="tk-f-dateFrom">
              <DatePicker
                id="tk-f-dateFrom"
                format={DATEPICKER_FORMAT}
                value={dayOf(address.dateFrom)}
                maxDate={dayOf(address.dateTo) ?? undefined}
                onChange={(d: Dayjs | null) => set({ dateFrom: isoOf(d) })}
                style={{ width: '100%' }}
                data-testid="tk-date-from"
              />
            </FilterField>
          </Col>
          <Col xs={12} md={6} lg={4}>
            <FilterField label={t('ticket.filter.dateTo')} htmlFor="tk-f-dateTo">
              <DatePicker
                id="tk-f-dateTo"
                format={DATEPICKER_FORMAT}
                value={dayOf(address.dateTo)}
                minDate={dayOf(address.dateFrom) ?? undefined}
                onChange={(d: Dayjs | null) => set({ dateTo: isoOf(d) })}
                style={{ width: '100%' }}
                data-testid="tk-date-to"
              />
            </FilterField>
          </Col>
          <Col xs={24} md={12} lg={8}>
            <FilterField label={t('ticket.filter.ricerca')} htmlFor="tk-f-ricerca">
              <TermSearch
                id="tk-f-ricerca"
                value={address.ricerca}
                onSearch={(ricerca) => set({ ricerca })}
                maxLength={TICKET_LIMITS.term}
                placeholder={t('ticket.filter.ricercaHint')}
                enterButton={t('ticket.filter.search')}
                testId="tk-ricerca"
              />
            </FilterField>
          </Col>
          <Col xs={24} md={8} lg={8}>
            <FilterSelect
              id="tk-f-tipologia"
              label={t('ticket.field.tipologia')}
              placeholder={t('ticket.filter.any')}
              value={address.tipologiaKey}
              onChange={(v) => set({ tipologiaKey: v })}
              options={TICKET_TYPES.map((k) => ({ value: k, label: t(`ticket.type.${k}`) }))}
            />
          </Col>
          <Col xs={24} md={8} lg={8}>
            <FilterSelect
              id="tk-f-collocazione"
              label={t('ticket.field.collocazione')}
              placeholder={t('ticket.filter.any')}
              value={address.collocazioneKey}
              onChange={(v) => set({ collocazioneKey: v })}
              options={locations}
              searchable
            />
          </Col>
          <Col xs={24} md={8} lg={8}>
            <FilterSelect
              id="tk-f-urgenza"
              label={t('ticket.field.urgenza')}
              placeholder={t('ticket.filter.any')}
              value={address.urgenzaClienteKey}
              onChange={(v) => set({ urgenzaClienteKey: v })}
              options={TICKET_URGENCIES.map((k) => ({ value: k, label: t(`ticket.urgency.${k}`) }))}
            />
          </Col>
        </Row>
        <Flex gap={16} wrap align="center">
          <Checkbox
            checked={address.soloMiei}
            onChange={(e) => set({ soloMiei: e.target.checked })}
            data-testid="tk-solo-miei"
          >
            {t(staff ? 'ticket.filter.soloMieiStaff' : 'ticket.filter.soloMiei')}
          </Checkbox>
          {hasExtraFilters(address) ? (
            <Button
              icon={<ClearOutlined />}
              onClick={() => go({ stato: address.stato, soloMiei: false, page: 0 })}
              data-testid="tk-clear"
            >
              {t('ticket.filter.clear')}
            </Button>
          ) : null}
        </Flex>
      </FilterSection>

      {result.isError ? (
        <Alert
          type="error"
          showIcon
          title={describeError(result.error)}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void result.refetch()}>
              {t('ticket.list.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
          role="alert"
          data-testid="tk-error"
        />
      ) : null}
      <Table<TicketRow>
        size="middle"
        rowKey="id"
        loading={result.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: result.isError
            ? t('ticket.list.unavailable')
            : t(
                hasExtraFilters(address) || address.stato !== 'ALL' ? 'ticket.list.emptyFiltered' : 'ticket.list.empty',
              ),
        }}
        onRow={(r) =>
          isHighlighted(r) ? { className: 'tk-row-waiting', style: HIGHLIGHT, 'data-highlighted': 'true' } : {}
        }
        data-testid="tk-table"
        columns={columns}
      />
      <Pager
        page={address.page}
        total={result.data?.total ?? 0}
        size={TICKET_PAGE_SIZE}
        onChange={(page) => go({ ...address, page })}
      />
    </Card>
  );
};
