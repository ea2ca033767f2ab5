import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  hasAnyAuthority,
  WARRANTY_BACKOFFICE_ROLES,
  WARRANTY_FILTERS,
  WARRANTY_PAGE_SIZE,
  WARRANTY_ROLES,
  type WarrantyFilter,
  type WarrantyRow,
} from '@ricambi/domain';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Form, Input, Radio, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useWarrantyPage } from '../../api/warranty.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { Pager } from '../../components/Pager.tsx';
import { describeError } from '../../lib/alerts.ts';
import { WarrantyStateTag } from './WarrantyStateTag.tsx';

const isFilter = (v: unknown): v is WarrantyFilter => WARRANTY_FILTERS.includes(v as WarrantyFilter);

/** The list's state in the address (/richiestagaranzia?stato&term&page): back, forward and links keep it. */
const useAddress = () => {
  const search = useSearch({ strict: false }) as { stato?: unknown; term?: unknown; page?: unknown };
  const page = Number(search.page);
  return {
    stato: isFilter(search.stato) ? search.stato : ('INCORSO' as const),
    term: typeof search.term === 'string' ? search.term : '',
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
};

/**
 * Warranty requests (spec 2 §2, §4; ROLE_CR_USER files them, ROLE_CR_INTERNAL reads every dealer's):
 * in progress (default), done, or all, 10 a page; a serial opens its request; dealers start a new one.
 */
export const WarrantyListPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const account = useAccount();
  const address = useAddress();
  const [form] = Form.useForm<{ term: string }>();
  const result = useWarrantyPage({ stato: address.stato, term: address.term, lang: i18n.language }, address.page);
  const rows = result.data?.items ?? [];
  const mayCreate = hasAnyAuthority(account?.authorities, WARRANTY_ROLES);
  const backOffice = hasAnyAuthority(account?.authorities, WARRANTY_BACKOFFICE_ROLES);

  useEffect(() => form.setFieldsValue({ term: address.term }), [address.term, form]);

  const go = (next: Partial<typeof address>) =>
    void navigate({ to: '/richiestagaranzia', search: { ...address, page: 0, ...next } });

  const columns: TableColumnsType<WarrantyRow> = [
    {
      key: 'numero',
      title: t('richiestagaranzia.field.numeroRichiesta'),
      render: (_: unknown, r) => r.id.numeroRichiesta,
    },
    {
      key: 'matricola',
      title: t('richiestagaranzia.field.matricola'),
      render: (_: unknown, r) => (
        <Link
          to="/richiestagaranzia/$matricola/$numero"
          params={{ matricola: r.id.matricola, numero: String(r.id.numeroRichiesta) }}
        >
          {r.id.matricola}
        </Link>
      ),
    },
    {
      key: 'descrizione',
      dataIndex: 'descrizione',
      title: t('richiestagaranzia.field.descrizione'),
      responsive: ['xl'],
    },
    ...(backOffice
      ? [
          {
            key: 'dealer',
            dataIndex: 'dealer',
            title: t('richiestagaranzia.field.dealer'),
            responsive: ['lg'],
          } satisfies TableColumnsType<WarrantyRow>[number],
        ]
      : []),
    { key: 'dataRichiesta', dataIndex: 'dataRichiesta', title: t('richiestagaranzia.field.dataRichiesta') },
    {
      key: 'dataGuasto',
      dataIndex: 'dataGuasto',
      title: t('richiestagaranzia.field.dataGuasto'),
      responsive: ['lg'],
    },
    {
      key: 'statoAttivita',
      title: t('richiestagaranzia.field.statoAttivita'),
      render: (_: unknown, r) => <WarrantyStateTag state={r.statoAttivita} />,
    },
    {
      key: 'allegati',
      dataIndex: 'allegati',
      title: t('richiestagaranzia.field.allegati'),
      align: 'end',
      responsive: ['md'],
    },
    {
      key: 'numeroOrdine',
      title: t('richiestagaranzia.field.numeroOrdine'),
      render: (_: unknown, r) => r.numeroOrdine ?? '',
      responsive: ['xl'],
    },
  ];

  return (
    <Card>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
          {t('richiestagaranzia.title')}
        </Typography.Title>
        {mayCreate ? (
          <ButtonLink to="/richiestagaranzia/nuova" buttonType="primary" icon={<PlusOutlined />} data-testid="wr-new">
            {t('richiestagaranzia.list.new')}
          </ButtonLink>
        ) : null}
      </Flex>
      <Typography.Paragraph type="secondary">{t('richiestagaranzia.intro')}</Typography.Paragraph>
      <Flex gap={16} wrap align="end" style={{ marginBottom: 16 }}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={address.stato}
          onChange={(e) => go({ stato: e.target.value as WarrantyFilter })}
          options={WARRANTY_FILTERS.map((stato) => ({ value: stato, label: t(`richiestagaranzia.filter.${stato}`) }))}
          aria-label={t('richiestagaranzia.filter.label')}
          data-testid="wr-state"
        />
        <Form
          form={form}
          layout="inline"
          onFinish={({ term }) => go({ term: term.trim() })}
          initialValues={{ term: '' }}
        >
          <Form.Item name="term" style={{ marginInlineEnd: 8 }}>
            <Input
              allowClear
              maxLength={50}
              placeholder={t('richiestagaranzia.filter.term')}
              aria-label={t('richiestagaranzia.filter.term')}
              style={{ width: 280, maxWidth: '60vw' }}
              data-testid="wr-term"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('richiestagaranzia.filter.search')}
          </Button>
        </Form>
      </Flex>
      {result.isError ? (
        <Alert type="error" showIcon title={describeError(result.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<WarrantyRow>
        size="middle"
        rowKey={(r) => `${r.id.matricola}/${r.id.numeroRichiesta}`}
        loading={result.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('richiestagaranzia.list.empty') }}
        data-testid="wr-table"
        columns={columns}
      />
      <Pager
        page={address.page}
        total={result.data?.total ?? 0}
        size={WARRANTY_PAGE_SIZE}
        onChange={(page) => go({ page })}
      />
    </Card>
  );
};
