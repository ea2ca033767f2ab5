import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  DEFAULT_WHERE_USED_TYPE,
  MACHINE_LIMITS,
  PAGE_SIZE,
  WHERE_USED_TYPES,
  type WhereUsedResultRow,
  type WhereUsedType,
  whereUsedQuerySchema,
} from '@ricambi/domain';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Alert, Button, Card, Flex, Form, Input, Radio, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhereUsed, type WhereUsedSearch, whereUsedCsvUrl } from '../../api/whereused.api.ts';
import { zodRule } from '../../components/forms.ts';
import { Pager } from '../../components/Pager.tsx';
import { describeError } from '../../lib/alerts.ts';

const isType = (v: unknown): v is WhereUsedType => WHERE_USED_TYPES.includes(v as WhereUsedType);

/** The search of the address (/whereused?term&type), when it has a term. */
const useAddressSearch = (): WhereUsedSearch | undefined => {
  const search = useSearch({ strict: false }) as { term?: unknown; type?: unknown };
  const term = typeof search.term === 'string' ? search.term.trim() : String(search.term ?? '').trim();
  if (!term) return undefined;
  return { term, type: isType(search.type) ? search.type : DEFAULT_WHERE_USED_TYPE };
};

type FormValues = { term: string; type: WhereUsedType };

/**
 * Where used (spec 2 §2, §5; ROLE_CR_INTERNAL): which machines' catalogues hold a plate or drawing
 * (tavCat), an article (artCat) or an article per plate (artTavola); the rows as CSV too.
 */
export const WhereUsedPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useAddressSearch();
  const [form] = Form.useForm<FormValues>();
  const [page, setPage] = useState(0);
  const result = useWhereUsed(current);
  const rows = result.data?.rows ?? [];
  const perPlate = current?.type === 'artTavola';

  // The form follows the address (back and forward, a shared link); a new search starts at page 1.
  useEffect(() => {
    form.setFieldsValue({ term: current?.term ?? '', type: current?.type ?? DEFAULT_WHERE_USED_TYPE });
    setPage(0);
  }, [current?.term, current?.type, form]);

  const submit = ({ term, type }: FormValues) =>
    void navigate({ to: '/whereused', search: { term: term.trim(), type } });

  const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);

  return (
    <Card>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {t('whereUsed.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('whereUsed.intro')}</Typography.Paragraph>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ term: '', type: DEFAULT_WHERE_USED_TYPE }}
        onFinish={submit}
        requiredMark={false}
      >
        <Form.Item name="type" label={t('whereUsed.form.type')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={WHERE_USED_TYPES.map((type) => ({ value: type, label: t(`whereUsed.type.${type}`) }))}
          />
        </Form.Item>
        <Flex gap={8} wrap align="start">
          <Form.Item
            name="term"
            label={t('whereUsed.form.term')}
            style={{ flex: '1 1 280px', maxWidth: 480, marginBottom: 16 }}
            validateFirst
            rules={[
              { required: true, whitespace: true, message: t('whereUsed.form.termRequired') },
              zodRule(whereUsedQuerySchema.shape.term, t),
            ]}
          >
            <Input allowClear maxLength={MACHINE_LIMITS.whereUsedTerm} placeholder={t('whereUsed.form.placeholder')} />
          </Form.Item>
          <Form.Item label=" " style={{ marginBottom: 16 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={result.isFetching}>
              {t('whereUsed.form.search')}
            </Button>
          </Form.Item>
        </Flex>
      </Form>
      {current ? (
        <>
          {result.isError ? (
            <Alert type="error" showIcon title={describeError(result.error)} style={{ marginBottom: 16 }} />
          ) : null}
          {result.data?.truncated ? (
            <Alert
              type="warning"
              showIcon
              title={t('whereUsed.result.truncated', { count: rows.length })}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
            <Typography.Text data-testid="whereused-count" aria-live="polite">
              {result.isPending ? '' : t('whereUsed.result.count', { count: rows.length })}
            </Typography.Text>
            <Button
              href={whereUsedCsvUrl(current)}
              download
              icon={<DownloadOutlined />}
              disabled={rows.length === 0}
              data-testid="whereused-csv"
            >
              {t('whereUsed.result.csv')}
            </Button>
          </Flex>
          <Table<WhereUsedResultRow>
            size="middle"
            rowKey={(r) => `${r.idMatricola}/${r.crCod}/${r.rigIdTav ?? ''}`}
            loading={result.isFetching}
            dataSource={shown}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('whereUsed.result.empty') }}
            data-testid="whereused-table"
            columns={[
              {
                key: 'mtMatricola',
                title: t('whereUsed.field.mtMatricola'),
                render: (_: unknown, r: WhereUsedResultRow) => (
                  <Link to={`/catalogo/${r.idMatricola}/${encodeURIComponent(r.mtMatricola)}`}>{r.mtMatricola}</Link>
                ),
              },
              { key: 'crCod', dataIndex: 'crCod', title: t('whereUsed.field.crCod') },
              ...(perPlate ? [{ key: 'rigIdTav', dataIndex: 'rigIdTav', title: t('whereUsed.field.rigIdTav') }] : []),
            ]}
          />
          <Pager page={page} total={rows.length} onChange={setPage} />
        </>
      ) : null}
    </Card>
  );
};
