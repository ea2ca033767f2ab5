import { PaperClipOutlined, SearchOutlined } from '@ant-design/icons';
import {
  MESSA_IN_STRADA_PAGE_SIZE,
  MESSA_IN_STRADA_STATI,
  type MessaInStradaRow,
  type MessaInStradaStato,
} from '@ricambi/domain';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Form, Input, Radio, Table, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessaInStradaPage } from '../../api/messa-in-strada.api.ts';
import { Pager } from '../../components/Pager.tsx';
import { describeError } from '../../lib/alerts.ts';

const isStato = (v: unknown): v is MessaInStradaStato => MESSA_IN_STRADA_STATI.includes(v as MessaInStradaStato);

/** The list's state in the address (/messainstrada?stato&term&page): back, forward and links keep it. */
const useAddress = () => {
  const search = useSearch({ strict: false }) as { stato?: unknown; term?: unknown; page?: unknown };
  const page = Number(search.page);
  return {
    stato: isStato(search.stato) ? search.stato : ('DAFARE' as const),
    term: typeof search.term === 'string' ? search.term : '',
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
};

const StateTag = ({ row }: { row: MessaInStradaRow }) => {
  const { t } = useTranslation();
  if (!row.fatta) return <Tag>{t('messainstrada.state.todo')}</Tag>;
  if (row.seEditable === 'N') return <Tag color="default">{t('messainstrada.state.locked')}</Tag>;
  return <Tag color="green">{t('messainstrada.state.done')}</Tag>;
};

/**
 * Road registration (spec 2 §2, §4; ROLE_CR_USER): the dealer's machines to register (default),
 * registered, or all, 10 a page; a row opens its record.
 */
export const MessaInStradaListPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const address = useAddress();
  const [form] = Form.useForm<{ term: string }>();
  const result = useMessaInStradaPage({ stato: address.stato, term: address.term, lang: i18n.language }, address.page);
  const rows = result.data?.items ?? [];

  useEffect(() => form.setFieldsValue({ term: address.term }), [address.term, form]);

  const go = (next: Partial<typeof address>) =>
    void navigate({ to: '/messainstrada', search: { ...address, page: 0, ...next } });

  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {t('messainstrada.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('messainstrada.intro')}</Typography.Paragraph>
      <Flex gap={16} wrap align="end" style={{ marginBottom: 16 }}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={address.stato}
          onChange={(e) => go({ stato: e.target.value as MessaInStradaStato })}
          options={MESSA_IN_STRADA_STATI.map((stato) => ({ value: stato, label: t(`messainstrada.filter.${stato}`) }))}
          aria-label={t('messainstrada.filter.label')}
          data-testid="ms-state"
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
              placeholder={t('messainstrada.filter.term')}
              aria-label={t('messainstrada.filter.term')}
              style={{ width: 280, maxWidth: '70vw' }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('messainstrada.filter.search')}
          </Button>
        </Form>
      </Flex>
      {result.isError ? (
        <Alert type="error" showIcon title={describeError(result.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<MessaInStradaRow>
        size="middle"
        rowKey={(r) => r.id.matricola}
        loading={result.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('messainstrada.list.empty') }}
        data-testid="ms-table"
        columns={[
          {
            key: 'matricola',
            title: t('messainstrada.field.matricola'),
            render: (_: unknown, r) => (
              <Link to="/messainstrada/$matricola" params={{ matricola: r.id.matricola }}>
                {r.id.matricola}
              </Link>
            ),
          },
          {
            key: 'descrizione',
            dataIndex: 'descrizione',
            title: t('messainstrada.field.descrizione'),
            responsive: ['lg'],
          },
          { key: 'nomeCliente', dataIndex: 'nomeCliente', title: t('messainstrada.field.nomeCliente') },
          { key: 'loc', dataIndex: 'loc', title: t('messainstrada.field.loc'), responsive: ['md'] },
          { key: 'msData', dataIndex: 'msData', title: t('messainstrada.field.msData') },
          {
            key: 'state',
            title: t('messainstrada.field.state'),
            render: (_: unknown, r) => (
              <Flex gap={4} align="center">
                <StateTag row={r} />
                {r.seAllegato === 'Y' ? (
                  <PaperClipOutlined aria-label={t('messainstrada.list.hasAttachments')} />
                ) : null}
              </Flex>
            ),
          },
        ]}
      />
      <Pager
        page={address.page}
        total={result.data?.total ?? 0}
        size={MESSA_IN_STRADA_PAGE_SIZE}
        onChange={(page) => go({ page })}
      />
    </Card>
  );
};
