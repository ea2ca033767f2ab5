import {
  ClearOutlined,
  DownOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  CHECKLIST_DEFAULT_SORT,
  CHECKLIST_LIMITS,
  CHECKLIST_PAGE_SIZE,
  CHECKLIST_RATINGS,
  CHECKLIST_SORT_FIELDS,
  CHECKLIST_STATE_FILTERS,
  CHECKLIST_TYPES,
  type ChecklistHeader,
  type ChecklistSortField,
  type ChecklistState,
  type ChecklistType,
  type SortParam,
} from '@ricambi/domain';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import {
  Alert,
  Button,
  Card,
  Col,
  Dropdown,
  Flex,
  Row,
  Space,
  Table,
  type TableColumnsType,
  type TableProps,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChecklistListParams, useChecklistPage } from '../../api/checklists.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { FilterField, FilterSection, FilterSelect, TermSearch } from '../../components/ListFilters.tsx';
import { Pager } from '../../components/Pager.tsx';
import { describeError } from '../../lib/alerts.ts';
import { columnSortOrder, keyedField, sortFromSorter } from '../../lib/sorting.ts';
import { ChecklistHeaderDialog } from './ChecklistHeaderDialog.tsx';
import { ChecklistPdfButton, ChecklistStateTag } from './ChecklistParts.tsx';
import {
  CHECKLISTS_PATH,
  formatChecklistDate,
  parseChecklistSearch,
  stateKey,
  toChecklistSearch,
} from './checklists.model.ts';
import { ChecklistShell, useDialogNavigation } from './checklists.shell.tsx';
import { NewChecklistDialog } from './NewChecklistDialog.tsx';

const DEFAULT_SORT = CHECKLIST_DEFAULT_SORT[0] as SortParam<ChecklistSortField>;
const sortOf = (params: ChecklistListParams) => (params.sort ?? DEFAULT_SORT) as SortParam<ChecklistSortField>;
const hasFilters = (p: ChecklistListParams) => Boolean(p.term || p.rate || p.tipo || p.stato);

/**
 * Spec 3 §2 (issue 15 §1): the dealer's checklists, /crDars?stato&term&tipo&rate&page&sort — the
 * filters and the page in the address, sortable columns, 20 a page; the create menu (DAR, PDI) opens
 * the new-checklist dialog (/crDars/new/{tipo}); a row's header opens at /crDars/{idh}/head.
 */
export const ChecklistListPage = () => (
  <ChecklistShell>
    <ChecklistList />
  </ChecklistShell>
);

const ChecklistList = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const dialogs = useDialogNavigation();
  const routeParams = useParams({ strict: false }) as { tipo?: string; idh?: string };
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const params = useMemo(() => parseChecklistSearch(search), [search]);
  const listSearch = toChecklistSearch(params);
  const result = useChecklistPage(params);
  const rows = result.data?.items ?? [];

  const go = (next: ChecklistListParams) => void navigate({ to: CHECKLISTS_PATH, search: toChecklistSearch(next) });
  const set = (change: Partial<ChecklistListParams>) => go({ ...params, ...change, page: 0 });

  const newTipo = (CHECKLIST_TYPES as readonly string[]).includes(routeParams.tipo ?? '')
    ? (routeParams.tipo as ChecklistType)
    : undefined;
  const headerId = Number(routeParams.idh);
  const closeDialog = () => void dialogs.close({ to: CHECKLISTS_PATH, search: listSearch });

  const onTableChange: TableProps<ChecklistHeader>['onChange'] = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort') return;
    go({ ...params, page: 0, sort: sortFromSorter(sorter, keyedField(CHECKLIST_SORT_FIELDS), DEFAULT_SORT) });
  };
  const sortable = (field: ChecklistSortField) => ({
    key: field,
    sorter: true,
    sortOrder: columnSortOrder(sortOf(params), field),
    sortDirections: ['ascend', 'descend', 'ascend'] as ('ascend' | 'descend')[],
  });

  const columns: TableColumnsType<ChecklistHeader> = [
    {
      ...sortable('modello'),
      title: t('crDar.field.modello'),
      render: (_: unknown, r) => <span style={{ overflowWrap: 'anywhere' }}>{r.modello}</span>,
    },
    {
      ...sortable('matricola'),
      title: t('crDar.field.matricola'),
      render: (_: unknown, r) => (
        <Link
          to="/crDar/$idh"
          params={{ idh: String(r.id) }}
          className="article-code"
          aria-label={t('crDar.list.open', { tipo: r.idCrDarTemplateHeader.tipoDocumento, matricola: r.matricola })}
        >
          {r.matricola}
        </Link>
      ),
    },
    {
      ...sortable('dataArrivoMacchina'),
      title: t('crDar.field.dataArrivoMacchina'),
      render: (_: unknown, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatChecklistDate(r.dataArrivoMacchina, lang)}</span>
      ),
    },
    {
      ...sortable('templateNome'),
      title: t('crDar.field.templateNome'),
      render: (_: unknown, r) => r.idCrDarTemplateHeader.nome,
      responsive: ['xl'],
    },
    {
      ...sortable('userLogin'),
      title: t('crDar.field.userLogin'),
      render: (_: unknown, r) => r.userLogin,
      responsive: ['xl'],
    },
    {
      ...sortable('dataCompilazione'),
      title: t('crDar.field.dataCompilazione'),
      render: (_: unknown, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatChecklistDate(r.dataCompilazione, lang)}</span>
      ),
      responsive: ['lg'],
    },
    {
      ...sortable('valutazioneUtente'),
      title: t('crDar.field.valutazioneUtente'),
      render: (_: unknown, r) =>
        r.valutazioneUtente ? (
          <span>
            <span aria-hidden>{'★'.repeat(r.valutazioneUtente)}</span>
            <span className="visually-hidden">{t('crDar.field.ratingOf', { rating: r.valutazioneUtente })}</span>
          </span>
        ) : (
          '–'
        ),
      responsive: ['lg'],
    },
    {
      ...sortable('tipoDocumento'),
      title: t('crDar.field.tipoDocumento'),
      render: (_: unknown, r) => r.idCrDarTemplateHeader.tipoDocumento,
    },
    {
      ...sortable('stato'),
      title: t('crDar.field.stato'),
      render: (_: unknown, r) => <ChecklistStateTag stato={r.stato} />,
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('crDar.list.actions')}</span>,
      render: (_: unknown, r) => (
        <Space size={4} wrap={false}>
          <Tooltip title={t('crDar.action.open')}>
            <ButtonLink
              to="/crDar/$idh"
              params={{ idh: String(r.id) }}
              icon={<EyeOutlined />}
              aria-label={t('crDar.action.open')}
              data-testid="cr-open"
            />
          </Tooltip>
          <Tooltip title={t('crDar.action.editHeader')}>
            <ButtonLink
              to="/crDars/$idh/head"
              params={{ idh: String(r.id) }}
              search={listSearch}
              onClick={dialogs.markOpening}
              icon={<EditOutlined />}
              aria-label={t('crDar.action.editHeader')}
              data-testid="cr-edit-header"
            />
          </Tooltip>
          <ChecklistPdfButton header={r} />
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {t('crDar.list.title')}
        </Typography.Title>
        <Dropdown
          trigger={['click']}
          menu={{
            items: CHECKLIST_TYPES.map((tipo) => ({
              key: tipo,
              label: <span data-testid={`cr-create-${tipo}`}>{t(`crDar.create.${tipo}`)}</span>,
            })),
            onClick: ({ key }) =>
              void dialogs.open({ to: '/crDars/new/$tipo', params: { tipo: key }, search: listSearch }),
          }}
        >
          <Button type="primary" icon={<PlusOutlined />} data-testid="cr-create">
            <Space size={6}>
              {t('crDar.create.button')}
              <DownOutlined />
            </Space>
          </Button>
        </Dropdown>
      </Flex>
      <Typography.Paragraph type="secondary">{t('crDar.list.intro')}</Typography.Paragraph>

      <FilterSection label={t('crDar.filter.label')} style={{ marginBottom: 8 }}>
        <Row gutter={16}>
          <Col xs={24} md={12} lg={9}>
            <FilterField label={t('crDar.filter.term')} htmlFor="cr-f-term">
              <TermSearch
                id="cr-f-term"
                value={params.term}
                onSearch={(term) => set({ term })}
                maxLength={CHECKLIST_LIMITS.term}
                placeholder={t('crDar.filter.termHint')}
                enterButton={t('crDar.filter.search')}
                testId="cr-f-term"
              />
            </FilterField>
          </Col>
          <Col xs={12} md={4} lg={5}>
            <FilterSelect
              id="cr-f-rate"
              label={t('crDar.filter.rate')}
              placeholder={t('crDar.filter.any')}
              value={params.rate}
              onChange={(v) => set({ rate: v })}
              options={CHECKLIST_RATINGS.map((r) => ({ value: r, label: `${r} ★` }))}
            />
          </Col>
          <Col xs={12} md={4} lg={5}>
            <FilterSelect<ChecklistType>
              id="cr-f-tipo"
              label={t('crDar.filter.tipo')}
              placeholder={t('crDar.filter.anyTipo')}
              value={params.tipo}
              onChange={(v) => set({ tipo: v })}
              options={CHECKLIST_TYPES.map((tipo) => ({ value: tipo, label: tipo }))}
            />
          </Col>
          <Col xs={24} md={4} lg={5}>
            <FilterSelect<ChecklistState>
              id="cr-f-stato"
              label={t('crDar.filter.stato')}
              placeholder={t('crDar.filter.any')}
              value={params.stato}
              onChange={(v) => set({ stato: v })}
              options={CHECKLIST_STATE_FILTERS.map((stato) => ({
                value: stato,
                label: t(`crDar.state.${stateKey(stato)}`),
              }))}
            />
          </Col>
        </Row>
        {hasFilters(params) ? (
          <Button
            icon={<ClearOutlined />}
            onClick={() => go({ page: 0, sort: params.sort })}
            style={{ marginBottom: 12 }}
            data-testid="cr-clear"
          >
            {t('crDar.filter.clear')}
          </Button>
        ) : null}
      </FilterSection>

      {result.isError ? (
        <Alert
          type="error"
          showIcon
          title={describeError(result.error)}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void result.refetch()}>
              {t('crDar.list.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
          role="alert"
          data-testid="cr-error"
        />
      ) : null}
      <Table<ChecklistHeader>
        size="middle"
        rowKey="id"
        loading={result.isFetching}
        dataSource={rows}
        pagination={false}
        onChange={onTableChange}
        scroll={{ x: true }}
        tableLayout="auto"
        locale={{
          emptyText: result.isError
            ? t('crDar.list.unavailable')
            : t(hasFilters(params) ? 'crDar.list.emptyFiltered' : 'crDar.list.empty'),
        }}
        columns={columns}
        data-testid="cr-table"
      />
      <Pager
        page={params.page}
        total={result.data?.total ?? 0}
        size={CHECKLIST_PAGE_SIZE}
        onChange={(page) => go({ ...params, page })}
      />
      {newTipo ? <NewChecklistDialog tipo={newTipo} onClose={closeDialog} /> : null}
      {routeParams.idh && Number.isSafeInteger(headerId) && headerId > 0 ? (
        <ChecklistHeaderDialog id={headerId} onClose={closeDialog} fromList />
      ) : null}
    </Card>
  );
};
