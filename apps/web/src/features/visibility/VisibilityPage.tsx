import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { hasAnyAuthority, MACHINE_LIMITS, PAGE_SIZE, type Visibilita } from '@ricambi/domain';
import { useNavigate, useParams, useRouterState, useSearch } from '@tanstack/react-router';
import { Button, Card, Flex, Form, Input, Select, Space, Table, Tooltip, Typography } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import {
  useDealerLookup,
  userLabel,
  useSubdealers,
  useVisibilityPage,
  type VisibilityFilter,
  visibilityCsvUrl,
} from '../../api/visibility.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { Pager } from '../../components/Pager.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { VisibilityDeleteModal, VisibilityFormModal, VisibilityViewModal } from './VisibilityDialogs.tsx';
import { VISIBILITY_PATH } from './visibility.paths.ts';

const SEARCH_DEBOUNCE_MS = 300;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
/** Only the filled parts of the filter, so that the address stays short. */
const compact = (f: VisibilityFilter): VisibilityFilter =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => Boolean(v))) as VisibilityFilter;

/** Internal staff's dealer picker: a typeahead over dealers and superdealers. */
const DealerPicker = ({ value, onChange }: { value?: string; onChange: (login?: string) => void }) => {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const dealers = useDealerLookup(search, true);
  const options = (dealers.data ?? []).map((u) => ({ value: u.login, label: userLabel(u) }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <Select
      id="visibility-dealer"
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      value={value}
      placeholder={t('visibility.filter.dealerPlaceholder')}
      onChange={(v?: string) => onChange(v || undefined)}
      loading={dealers.isFetching}
      options={options}
      notFoundContent={dealers.isFetching ? null : t('visibility.filter.noDealers')}
      style={{ width: '100%' }}
      data-testid="visibility-dealer"
    />
  );
};

type Mode =
  | { kind: 'list' }
  | { kind: 'view' | 'delete'; id: number }
  | { kind: 'new'; dealer: string }
  | { kind: 'edit'; id: number; dealer: string };

/** Which dialog the address opens (spec 2 §2: /view, /new/{login}, /{id}/{login}/edit, /delete). */
const useMode = (): Mode => {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const params = useParams({ strict: false }) as { id?: string; login?: string };
  const id = Number(params.id);
  if (pathname.startsWith(`${VISIBILITY_PATH}/new/`) && params.login) return { kind: 'new', dealer: params.login };
  if (!Number.isInteger(id) || id <= 0) return { kind: 'list' };
  if (pathname.endsWith('/view')) return { kind: 'view', id };
  if (pathname.endsWith('/delete')) return { kind: 'delete', id };
  if (pathname.endsWith('/edit') && params.login) return { kind: 'edit', id, dealer: params.login };
  return { kind: 'list' };
};

/**
 * Sub-dealer visibility (spec 2 §2, §5, §6): internal staff pick a dealer, a superdealer is its own
 * dealer; the subdealer filter shows once the dealer is known; serial search, paged list, CSV export,
 * and the view, new, edit and delete dialogs over the list.
 */
export const VisibilityPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccount();
  const internal = hasAnyAuthority(account?.authorities, ['ROLE_CR_INTERNAL']);
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const filter = compact({ l1: internal ? text(raw.l1) : undefined, l2: text(raw.l2), mt: text(raw.mt) });
  const dealer = internal ? filter.l1 : account?.login;
  const mode = useMode();

  const [paging, setPaging] = useState({ key: '', page: 0 });
  const filterKey = JSON.stringify(filter);
  const page = paging.key === filterKey ? paging.page : 0;
  const list = useVisibilityPage(filter, page);

  const setFilter = (next: VisibilityFilter) => void navigate({ to: VISIBILITY_PATH, search: compact(next) });

  const subdealers = useSubdealers(dealer);
  const close = () => void navigate({ to: VISIBILITY_PATH, search: filter });
  const rowLink = (path: string) => ({ to: `${VISIBILITY_PATH}/${path}`, search: filter });

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {t('visibility.home.title')}
        </Typography.Title>
        <Space wrap>
          <Button href={visibilityCsvUrl(filter)} download icon={<DownloadOutlined />} data-testid="visibility-csv">
            {t('visibility.home.csv')}
          </Button>
          {dealer ? (
            <ButtonLink
              {...rowLink(`new/${encodeURIComponent(dealer)}`)}
              buttonType="primary"
              icon={<PlusOutlined />}
              data-testid="visibility-new"
            >
              {t('visibility.home.createLabel')}
            </ButtonLink>
          ) : (
            <Tooltip title={t('visibility.home.pickDealerFirst')}>
              <Button type="primary" icon={<PlusOutlined />} disabled data-testid="visibility-new">
                {t('visibility.home.createLabel')}
              </Button>
            </Tooltip>
          )}
        </Space>
      </Flex>
      <Form layout="vertical" component="div">
        <div className="visibility-filters" style={FILTER_GRID}>
          {internal ? (
            <Form.Item label={t('visibility.filter.dealer')} htmlFor="visibility-dealer" style={{ marginBottom: 12 }}>
              <DealerPicker value={filter.l1} onChange={(l1) => setFilter({ l1, mt: filter.mt })} />
            </Form.Item>
          ) : null}
          {dealer ? (
            <Form.Item
              label={t('visibility.filter.subdealer')}
              htmlFor="visibility-subdealer"
              style={{ marginBottom: 12 }}
            >
              <Select
                id="visibility-subdealer"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                value={filter.l2}
                placeholder={t('visibility.filter.allSubdealers')}
                onChange={(l2?: string) => setFilter({ ...filter, l2 })}
                loading={subdealers.isFetching}
                options={(subdealers.data ?? []).map((u) => ({ value: u.login, label: userLabel(u) }))}
                data-testid="visibility-subdealer"
              />
            </Form.Item>
          ) : null}
          <Form.Item label={t('visibility.filter.serial')} htmlFor="visibility-serial" style={{ marginBottom: 12 }}>
            <Input.Search
              // A new address (back, a link) shows its own serial.
              key={filter.mt ?? ''}
              id="visibility-serial"
              allowClear
              maxLength={MACHINE_LIMITS.matricola}
              defaultValue={filter.mt}
              placeholder={t('visibility.filter.serialPlaceholder')}
              onSearch={(mt) => setFilter({ ...filter, mt: mt.trim() })}
              data-testid="visibility-serial"
            />
          </Form.Item>
        </div>
      </Form>
      <Table<Visibilita>
        size="middle"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('error.internal') : t('visibility.home.empty') }}
        data-testid="visibility-table"
        columns={[
          ...(internal && !filter.l1
            ? [{ key: 'dealerLogin', dataIndex: 'dealerLogin', title: t('visibility.field.dealerLogin') }]
            : []),
          {
            key: 'login',
            title: t('visibility.field.login'),
            render: (_: unknown, r: Visibilita) => (
              <Flex vertical>
                <span>{r.login}</span>
                {r.subdealerName ? <Typography.Text type="secondary">{r.subdealerName}</Typography.Text> : null}
              </Flex>
            ),
          },
          { key: 'matricola', dataIndex: 'matricola', title: t('visibility.field.matricola') },
          { key: 'mtDescr', dataIndex: 'mtDescr', title: t('visibility.field.mtDescr'), responsive: ['lg'] },
          {
            key: 'note',
            title: t('visibility.field.note'),
            render: (_: unknown, r: Visibilita) => (
              <Typography.Text ellipsis={{ tooltip: r.note }} style={{ maxWidth: 260, display: 'block' }}>
                {r.note}
              </Typography.Text>
            ),
          },
          {
            key: 'created',
            title: t('visibility.field.createdDate'),
            responsive: ['md'],
            render: (_: unknown, r: Visibilita) => (
              <Flex vertical>
                <span>{formatDateTime(r.createdDate)}</span>
                <Typography.Text type="secondary">{r.createdBy}</Typography.Text>
              </Flex>
            ),
          },
          {
            key: '_actions',
            title: <span style={VISUALLY_HIDDEN}>{t('visibility.field.actions')}</span>,
            fixed: 'right' as const,
            render: (_: unknown, r: Visibilita) => (
              <Space size={4}>
                <Tooltip title={t('entity.action.view')}>
                  <ButtonLink
                    {...rowLink(`${r.id}/view`)}
                    size="small"
                    icon={<EyeOutlined />}
                    aria-label={`${t('entity.action.view')} ${r.matricola}`}
                  />
                </Tooltip>
                <Tooltip title={t('entity.action.edit')}>
                  <ButtonLink
                    {...rowLink(`${r.id}/${encodeURIComponent(r.dealerLogin)}/edit`)}
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t('entity.action.edit')} ${r.matricola}`}
                  />
                </Tooltip>
                <Tooltip title={t('entity.action.delete')}>
                  <ButtonLink
                    {...rowLink(`${r.id}/delete`)}
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('entity.action.delete')} ${r.matricola}`}
                  />
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <Pager
        page={page}
        total={list.data?.total ?? 0}
        size={PAGE_SIZE}
        onChange={(p) => setPaging({ key: filterKey, page: p })}
      />
      {mode.kind === 'view' ? <VisibilityViewModal id={mode.id} onClose={close} /> : null}
      {mode.kind === 'new' ? <VisibilityFormModal dealer={mode.dealer} onClose={close} /> : null}
      {mode.kind === 'edit' ? <VisibilityFormModal id={mode.id} dealer={mode.dealer} onClose={close} /> : null}
      {mode.kind === 'delete' ? <VisibilityDeleteModal id={mode.id} onClose={close} /> : null}
    </Card>
  );
};

/** Filters side by side, one under the other on a narrow screen. */
const FILTER_GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
  columnGap: 16,
  marginBottom: 4,
};

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
