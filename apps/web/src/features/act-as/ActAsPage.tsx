import { SearchOutlined, UserSwitchOutlined } from '@ant-design/icons';
import {
  ACT_AS_DEFAULT_SORT,
  ACT_AS_REDIRECT_MS,
  ACT_AS_SEARCH_DEBOUNCE_MS,
  ACT_AS_SORT_FIELDS,
  type ActAsSortField,
  type ActAsUser,
  isActingAs,
  type SortParam,
} from '@ricambi/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Grid, Input, Table, type TableProps, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { reloadIdentity, useActAsUsers, useStartActAs } from '../../api/act-as.api.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { Pager } from '../../components/Pager.tsx';
import { columnSortOrder, keyedField, sortFromSorter } from '../../lib/sorting.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';

type SortField = ActAsSortField;

const VISUALLY_HIDDEN: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

const fullName = (u: ActAsUser) => [u.firstName, u.lastName].filter(Boolean).join(' ');

/** Spec 1 §2.3 "Act-as": a paged list of users; picking one switches identity, home after 1 s (§4, §9). */
export const ActAsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const account = useAccount();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), ACT_AS_SEARCH_DEBOUNCE_MS);
  // The page belongs to the search it was chosen for: a new search starts at the first page.
  const [paging, setPaging] = useState({ search: '', page: 0 });
  const page = paging.search === search ? paging.page : 0;
  const [sort, setSort] = useState<SortParam<SortField>>(ACT_AS_DEFAULT_SORT);
  const [switchingTo, setSwitchingTo] = useState<string>();
  // Once the session acts as someone else this list is no longer theirs to load.
  const users = useActAsUsers({ page, search, sort }, !switchingTo && !isActingAs(account));
  const start = useStartActAs();
  // Below 1200 px the button shows only its icon (its name stays in the label and the tooltip), so
  // that the e-mail column keeps its room. Widths are shares of the card: the table stretches them.
  const wide = Grid.useBreakpoint().xl === true;
  const widths = wide
    ? { login: 150, name: 200, company: 220, email: 330, actions: 150 }
    : { login: 130, name: 125, company: 145, email: 240, actions: 64 };

  const pick = (login: string) =>
    start.mutate(login, {
      onSuccess: (target) => {
        // Confirmed on the page, not in a notification, which would cover the badge's button.
        setSwitchingTo(target.login);
        setTimeout(async () => {
          // The new identity first: this page, still on screen, then stops loading its list.
          await reloadIdentity(client);
          await navigate({ to: '/' });
        }, ACT_AS_REDIRECT_MS);
      },
    });

  const sortOrder = (field: SortField) => columnSortOrder(sort, field);

  const onChange: TableProps<ActAsUser>['onChange'] = (_pagination, _filters, sorter) => {
    const next = sortFromSorter(sorter, keyedField(ACT_AS_SORT_FIELDS), ACT_AS_DEFAULT_SORT);
    setSort(next);
    if (next !== sort) setPaging({ search, page: 0 });
  };

  return (
    <PageCard title={t('actas.title')} intro={t('actas.intro')} width={1100}>
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('actas.search.placeholder')}
        aria-label={t('actas.search.label')}
        value={searchText}
        onChange={(e) => setSearchText(e.target.value)}
        style={{ maxWidth: 420, marginBottom: 16 }}
        data-testid="act-as-search"
      />
      {switchingTo ? (
        <Alert
          type="success"
          showIcon
          title={t('actas.messages.started', { login: switchingTo })}
          style={{ marginBottom: 16 }}
          data-testid="act-as-started"
        />
      ) : null}
      {users.isError ? <Alert type="error" showIcon title={t('error.internal')} style={{ marginBottom: 16 }} /> : null}
      <Table<ActAsUser>
        rowKey="login"
        size="middle"
        tableLayout="fixed"
        loading={users.isFetching && !switchingTo}
        dataSource={users.data?.items ?? []}
        locale={{ emptyText: t('actas.table.empty') }}
        onChange={onChange}
        showSorterTooltip={false}
        pagination={false}
        columns={[
          {
            key: 'login',
            title: t('actas.table.login'),
            dataIndex: 'login',
            sorter: true,
            sortOrder: sortOrder('login'),
            ellipsis: true,
          },
          {
            key: 'name',
            title: t('actas.table.name'),
            render: (_: unknown, u: ActAsUser) => fullName(u),
            ellipsis: true,
          },
          {
            key: 'company',
            title: t('actas.table.company'),
            dataIndex: 'company',
            sorter: true,
            sortOrder: sortOrder('company'),
            ellipsis: true,
            width: widths.company,
          },
          {
            key: 'email',
            title: t('actas.table.email'),
            dataIndex: 'email',
            sorter: true,
            sortOrder: sortOrder('email'),
            ellipsis: true,
            width: widths.email,
          },
          {
            key: 'actions',
            title: wide ? t('actas.table.actions') : <span style={VISUALLY_HIDDEN}>{t('actas.table.actions')}</span>,
            width: widths.actions,
            render: (_: unknown, u: ActAsUser) => {
              const button = (
                <Button
                  type="primary"
                  size={wide ? 'small' : 'middle'}
                  icon={<UserSwitchOutlined aria-hidden />}
                  disabled={!u.selectable || Boolean(switchingTo)}
                  loading={start.isPending && start.variables === u.login}
                  aria-label={t('actas.button.selectUser', { login: u.login })}
                  onClick={() => pick(u.login)}
                >
                  {wide ? t('actas.button.select') : null}
                </Button>
              );
              const tip = u.selectable ? (wide ? null : t('actas.button.select')) : t('actas.button.notSelectable');
              return tip ? <Tooltip title={tip}>{button}</Tooltip> : button;
            },
          },
        ]}
      />
      <Pager page={page} total={users.data?.total ?? 0} onChange={(p) => setPaging({ search, page: p })} />
    </PageCard>
  );
};
