import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { hasAnyAuthority, type SortParam } from '@ricambi/domain';
import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { Button, Card, Flex, Input, Space, Table, Tooltip, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useEntityPage } from '../../api/entity-admin.api.ts';
import { columnSortOrder, sortFromSorter } from '../../lib/sorting.ts';
import { ButtonLink } from '../ButtonLink.tsx';
import { Pager } from '../Pager.tsx';
import { EntityDeleteModal } from './EntityDeleteModal.tsx';
import { EntityFormModal } from './EntityFormModal.tsx';
import type { EntityConfig, EntityRow } from './entity-admin.types.ts';
import { isWritable } from './entity-routes.ts';

const useDebounced = <T,>(value: T, ms: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
};

const idPath = (ids: readonly string[]) => ids.map(encodeURIComponent).join('/');

/** `?search=` of the address (a link to a row, e.g. `/crDocumentis?search=12`), when it has one. */
const searchOf = (search: unknown): string | undefined => {
  const value = (search as Record<string, unknown> | undefined)?.search;
  return value === undefined || value === null ? undefined : String(value);
};

/**
 * List, sortable columns, pager, search (from `?search=` too); /new, /{id}/edit and /{id}/delete open
 * as dialogs over it.
 */
export const EntityListPage = <T extends EntityRow, S extends string>({ config }: { config: EntityConfig<T, S> }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccount();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const urlSearch = useRouterState({ select: (s) => searchOf(s.location.search) });
  const [paging, setPaging] = useState({ page: 0, search: '' });
  const [sort, setSort] = useState<SortParam<S> | ''>(config.defaultSort ?? '');
  const [searchText, setSearchText] = useState(config.searchable ? (urlSearch ?? '') : '');
  // A new address with a search fills the box; an address without one (a dialog closed) keeps it.
  useEffect(() => {
    if (config.searchable && urlSearch !== undefined) setSearchText(urlSearch);
  }, [config.searchable, urlSearch]);
  const search = useDebounced(searchText.trim(), 300);
  // A new search starts again from the first page.
  const page = paging.search === search ? paging.page : 0;
  const setPage = (p: number) => setPaging({ page: p, search });
  const list = useEntityPage<T>(config, { page, sort, search });
  const canWrite = isWritable(config) && hasAnyAuthority(account?.authorities, config.access.write);

  const dialogIds = config.idParams.map((p) => params[p]).filter((v): v is string => Boolean(v));
  const mode = pathname.endsWith('/new')
    ? 'new'
    : pathname.endsWith('/edit')
      ? 'edit'
      : pathname.endsWith('/delete')
        ? 'delete'
        : undefined;
  const close = () => void navigate({ to: config.listPath });

  const onTableChange = (_p: unknown, _f: unknown, sorter: SorterResult<T> | SorterResult<T>[]) =>
    setSort(
      sortFromSorter(sorter, (key) => config.columns.find((c) => c.key === key)?.sortField, config.defaultSort ?? ''),
    );

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {t(`${config.name}.home.title`)}
        </Typography.Title>
        <Space wrap>
          {config.toolbar}
          {canWrite ? (
            <ButtonLink to={`${config.listPath}/new`} buttonType="primary" icon={<PlusOutlined />}>
              {t(`${config.name}.home.createLabel`)}
            </ButtonLink>
          ) : null}
        </Space>
      </Flex>
      {config.searchable ? (
        <Input.Search
          allowClear
          placeholder={t('entity.action.search')}
          aria-label={t('entity.action.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          style={{ maxWidth: 420, marginBottom: 16 }}
        />
      ) : null}
      <Table<T>
        size={config.tableSize}
        rowKey={(row) => config.idOf(row).join('/')}
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={false}
        onChange={onTableChange}
        // As wide as the window allows, texts wrapping first: a sideways scroll (under the sticky
        // actions column) only once the columns' narrowest widths do not fit. 'max-content' kept
        // every text on one line, so the actions column covered the last columns at 1280 px.
        scroll={{ x: true }}
        tableLayout="auto"
        locale={{ emptyText: list.isError ? t('error.internal') : t('entity.list.empty') }}
        columns={[
          ...config.columns.map((c) => ({
            key: c.key,
            dataIndex: c.key,
            title: t(c.titleKey),
            width: c.width,
            responsive: c.responsive,
            sorter: Boolean(c.sortField),
            sortOrder: c.sortField ? columnSortOrder(sort, c.sortField) : null,
            render: c.render ? (_: unknown, row: T) => c.render?.(row) : undefined,
          })),
          {
            key: '_actions',
            title: <span className="visually-hidden">{t('entity.a11y.actions')}</span>,
            fixed: 'right' as const,
            render: (_: unknown, row: T) => {
              const ids = idPath(config.idOf(row));
              const deletable = config.canDelete ? config.canDelete(row, account) : true;
              return (
                <Space size={4}>
                  {config.rowActions?.(row)}
                  <Tooltip title={t('entity.action.view')}>
                    <ButtonLink
                      to={`${config.detailPath}/${ids}`}
                      size="small"
                      icon={<EyeOutlined />}
                      aria-label={t('entity.action.view')}
                    />
                  </Tooltip>
                  {canWrite ? (
                    <>
                      <Tooltip title={t('entity.action.edit')}>
                        <ButtonLink
                          to={`${config.listPath}/${ids}/edit`}
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={t('entity.action.edit')}
                        />
                      </Tooltip>
                      <Tooltip title={t('entity.action.delete')}>
                        {deletable ? (
                          <ButtonLink
                            to={`${config.listPath}/${ids}/delete`}
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('entity.action.delete')}
                          />
                        ) : (
                          <Button
                            size="small"
                            danger
                            disabled
                            icon={<DeleteOutlined />}
                            aria-label={t('entity.action.delete')}
                          />
                        )}
                      </Tooltip>
                    </>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />
      <Pager page={page} total={list.data?.total ?? 0} onChange={setPage} />
      {mode === 'new' && canWrite ? <EntityFormModal config={config as EntityConfig} onClose={close} /> : null}
      {mode === 'edit' && canWrite && dialogIds.length ? (
        <EntityFormModal config={config as EntityConfig} ids={dialogIds} onClose={close} />
      ) : null}
      {mode === 'delete' && canWrite && dialogIds.length ? (
        <EntityDeleteModal config={config as EntityConfig} ids={dialogIds} onClose={close} />
      ) : null}
    </Card>
  );
};
