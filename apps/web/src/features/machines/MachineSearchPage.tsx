import { LoadingOutlined, ReadOutlined } from '@ant-design/icons';
import { AUTOCOMPLETE_SIZE, MACHINE_LIMITS, type Machine, PAGE_SIZE, TYPING_WAIT_MS } from '@ricambi/domain';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Alert, AutoComplete, type Breakpoint, Card, Empty, Flex, Input, Table, Typography } from 'antd';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachineList, useMachineTypeahead } from '../../api/machines.api.ts';
import { Pager } from '../../components/Pager.tsx';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { CustomerText, machineDescription, WarrantyEnd } from './machine.facts.tsx';
import './machines.css';
import { useActiveDescendant } from '../../lib/useActiveDescendant.ts';

const SHOW_ALL = '__all__';
// On a tablet (820 px) the list keeps serial, description, customer, warranty and the link; the
// catalogue header shows the rest.
const WIDE: Breakpoint[] = ['lg'];
const WIDEST: Breakpoint[] = ['xl'];
const enc = encodeURIComponent;

export const cataloguePath = (machine: Pick<Machine, 'id' | 'mtMatricola'>) =>
  `/catalogo/${machine.id}/${enc(machine.mtMatricola)}`;

const readSearch = (raw: { term?: unknown; page?: unknown }) => {
  const term = typeof raw.term === 'string' ? raw.term : typeof raw.term === 'number' ? String(raw.term) : '';
  const page = Number(raw.page);
  return { term, page: Number.isSafeInteger(page) && page > 0 ? page : 0 };
};

/** /machine/search/?term&page (spec 2 §2 homemachine): the serial typeahead and the paged machine list. */
export const MachineSearchPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { term, page } = readSearch(useSearch({ strict: false }) as { term?: unknown; page?: unknown });
  const [text, setText] = useState(term);
  const typed = useDebouncedValue(text.trim(), TYPING_WAIT_MS);
  const typeahead = useMachineTypeahead(typed);
  const list = useMachineList(term, page);
  const suggestions = typed ? typeahead.data : undefined;

  const go = (next: { term: string; page: number }) =>
    void navigate({
      to: '/machine/search/',
      search: { ...(next.term ? { term: next.term } : {}), ...(next.page > 0 ? { page: next.page } : {}) },
    });
  const open = (machine: Machine) => void navigate({ to: cataloguePath(machine) });

  const options = (suggestions?.items ?? []).map((m) => ({
    value: String(m.id),
    label: (
      <Flex gap={8} justify="space-between" data-testid="machine-option">
        <span>
          <strong className="article-code">{m.mtMatricola}</strong> — {machineDescription(m, i18n.language)}
        </span>
        {m.catalogoId === null ? <Typography.Text type="secondary">{t('machines.noCatalogue')}</Typography.Text> : null}
      </Flex>
    ),
  }));
  if (suggestions && suggestions.total > AUTOCOMPLETE_SIZE) {
    options.push({
      value: SHOW_ALL,
      label: (
        <Typography.Link data-testid="machine-show-all">
          {t('machines.search.showAll', { count: suggestions.total })}
        </Typography.Link>
      ),
    });
  }
  const onSelect = (value: string) => {
    if (value === SHOW_ALL) return go({ term: text.trim(), page: 0 });
    const machine = suggestions?.items.find((m) => String(m.id) === value);
    if (!machine) return;
    if (machine.catalogoId === null) {
      setText(machine.mtMatricola);
      go({ term: machine.mtMatricola, page: 0 });
      return;
    }
    open(machine);
  };

  const data = list.data;
  const items = data?.items ?? [];
  // Subdealers get no version nor catalogue code (null from the server): those columns go.
  const showCodes = items.some((m) => m.mt_versione !== null || m.mt_cr_cod !== null);

  const descendant = useActiveDescendant('machine-serial-typeahead', options);
  return (
    <div style={{ padding: '16px 0' }}>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 26 }}>
        {t('machines.search.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('machines.search.intro')}</Typography.Paragraph>
      <Card style={{ marginBottom: 16 }}>
        <label htmlFor="machine-serial" style={{ display: 'block', marginBottom: 6, fontWeight: 500 }}>
          {t('machines.search.label')}
        </label>
        <AutoComplete
          id="machine-serial-typeahead"
          onActive={descendant.onActive}
          value={text}
          options={options}
          onChange={(v) => setText(v)}
          onSelect={onSelect}
          virtual={false}
          defaultActiveFirstOption={false}
          listHeight={440}
          style={{ width: '100%', maxWidth: 640 }}
          notFoundContent={
            suggestions && suggestions.total === 0 && !typeahead.isFetching ? t('machines.search.noResults') : undefined
          }
        >
          <Input.Search
            {...descendant.inputProps}
            id="machine-serial"
            aria-label={t('machines.search.label')}
            placeholder={t('machines.search.placeholder')}
            enterButton={t('machines.search.button')}
            size="large"
            maxLength={MACHINE_LIMITS.matricola}
            allowClear
            suffix={<span className="typeahead-spinner">{typeahead.isFetching && <LoadingOutlined />}</span>}
            onSearch={(v, _e, info) => go({ term: info?.source === 'clear' ? '' : v.trim(), page: 0 })}
          />
        </AutoComplete>
      </Card>
      <Card
        title={
          term ? t('machines.search.resultsFor', { term, count: data?.total ?? 0 }) : t('machines.search.allMachines')
        }
      >
        {list.isError ? <Alert type="error" showIcon title={t('machines.search.loadError')} /> : null}
        <Table<Machine>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          pagination={false}
          dataSource={items}
          data-testid="machine-list"
          locale={{
            emptyText:
              list.isPending || list.isError ? (
                ' '
              ) : (
                <Empty description={term ? t('machines.search.noResults') : t('machines.search.empty')} />
              ),
          }}
          columns={[
            {
              key: 'serial',
              title: t('machines.field.serial'),
              render: (_, m) =>
                m.catalogoId !== null ? (
                  <Link to={cataloguePath(m)} className="article-code" data-testid="machine-link">
                    {m.mtMatricola}
                  </Link>
                ) : (
                  <span className="article-code">{m.mtMatricola}</span>
                ),
            },
            {
              key: 'descr',
              title: t('machines.field.description'),
              render: (_, m) => machineDescription(m, i18n.language),
            },
            ...(showCodes
              ? [
                  {
                    key: 'code',
                    title: t('machines.field.code'),
                    responsive: WIDE,
                    render: (_: unknown, m: Machine) => m.mt_cr_cod ?? '',
                  },
                  {
                    key: 'version',
                    title: t('machines.field.version'),
                    responsive: WIDE,
                    render: (_: unknown, m: Machine) => m.mt_versione ?? '',
                  },
                ]
              : []),
            {
              key: 'delivery',
              title: t('machines.field.delivery'),
              responsive: WIDE,
              render: (_, m) => m.mt_dt_cons_txt ?? '',
            },
            {
              key: 'dealer',
              title: t('machines.field.dealer'),
              responsive: WIDEST,
              render: (_, m) => m.mt_riv_descr ?? '',
            },
            {
              key: 'customer',
              title: t('machines.field.customer'),
              responsive: WIDE,
              render: (_, m) => <CustomerText value={m.mt_cli_descr} />,
            },
            {
              key: 'warranty',
              title: t('machines.field.warranty'),
              render: (_, m) => <WarrantyEnd iso={m.dataFineGaranzia} />,
            },
            {
              key: 'open',
              title: t('machines.field.catalogue'),
              render: (_, m) =>
                m.catalogoId !== null ? (
                  <Link to={cataloguePath(m)} aria-label={t('machines.search.openFor', { serial: m.mtMatricola })}>
                    <ReadOutlined /> {t('machines.search.open')}
                  </Link>
                ) : (
                  <Typography.Text type="secondary">{t('machines.noCatalogue')}</Typography.Text>
                ),
            },
          ]}
        />
        <Pager page={page} total={data?.total ?? 0} size={PAGE_SIZE} onChange={(p) => go({ term, page: p })} />
      </Card>
    </div>
  );
};
