import { ReloadOutlined } from '@ant-design/icons';
import {
  AUDIT_DEFAULT_SORT,
  AUDIT_SORT_FIELDS,
  type AuditEvent,
  type AuditSortField,
  type SortParam,
} from '@ricambi/domain';
import { Alert, Button, DatePicker, Flex, Table, type TableProps, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toAuditDate, useAudits } from '../../api/admin.api.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { Pager } from '../../components/Pager.tsx';
import { describeError } from '../../lib/alerts.ts';
import { DATEPICKER_FORMAT, formatTimestamp } from '../../lib/format.ts';
import { columnSortOrder, keyedField, sortFromSorter } from '../../lib/sorting.ts';
import { type Tone, ToneTag } from './ToneTag.tsx';

type Range = [Dayjs, Dayjs] | null;
type SortField = AuditSortField;

/** Colour of an event type's tag: failures and thefts red, sign-ins green, act-as blue. */
const typeTone = (type: string): Tone => {
  if (/FAILURE|THEFT|DENIED/.test(type)) return 'error';
  if (type === 'AUTHENTICATION_SUCCESS') return 'success';
  if (type.startsWith('ACT_AS')) return 'info';
  return 'neutral';
};

const DEFAULT_RANGE = (): Range => [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')];

/** Spec 1 §2.3: audits with a date filter, paged (20), sortable by date, user and type. */
export const AuditsPage = () => {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>(DEFAULT_RANGE);
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<SortParam<SortField>>(AUDIT_DEFAULT_SORT);
  const audits = useAudits({
    page,
    sort,
    fromDate: range ? toAuditDate(range[0].startOf('day').toDate()) : undefined,
    toDate: range ? toAuditDate(range[1].endOf('day').toDate()) : undefined,
  });
  const orderOf = (field: SortField) => columnSortOrder(sort, field);

  const onTableChange: TableProps<AuditEvent>['onChange'] = (_pagination, _filters, sorter) => {
    setSort(sortFromSorter(sorter, keyedField(AUDIT_SORT_FIELDS), AUDIT_DEFAULT_SORT));
    setPage(0);
  };

  const labelOf = (key: string) =>
    key === 'message' || key === 'remoteAddress' ? t(`admin.audits.table.${key}`) : key;

  return (
    <PageCard title={t('admin.audits.title')} intro={t('admin.audits.intro')} width={1280}>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <label htmlFor="audits-range">
          <Typography.Text strong>{t('admin.audits.filter.range')}</Typography.Text>
        </label>
        <DatePicker.RangePicker
          id={{ start: 'audits-range' }}
          value={range}
          format={DATEPICKER_FORMAT}
          allowEmpty={[false, false]}
          placeholder={[t('admin.audits.filter.from'), t('admin.audits.filter.to')]}
          onChange={(value) => {
            setRange(value?.[0] && value[1] ? [value[0], value[1]] : null);
            setPage(0);
          }}
          data-testid="audits-range"
        />
        <Button icon={<ReloadOutlined />} onClick={() => void audits.refetch()} loading={audits.isFetching}>
          {t('admin.refresh')}
        </Button>
      </Flex>
      {audits.isError ? (
        <Alert type="error" showIcon title={describeError(audits.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<AuditEvent>
        rowKey="id"
        size="middle"
        loading={audits.isPending || (audits.isFetching && audits.isPlaceholderData)}
        dataSource={audits.data?.items ?? []}
        pagination={false}
        tableLayout="fixed"
        onChange={onTableChange}
        showSorterTooltip={false}
        locale={{ emptyText: t('admin.audits.empty') }}
        columns={[
          {
            key: 'timestamp',
            title: t('admin.audits.table.date'),
            dataIndex: 'timestamp',
            width: 165,
            sorter: true,
            sortOrder: orderOf('timestamp'),
            render: (value: string) => formatTimestamp(value),
          },
          {
            key: 'principal',
            title: t('admin.audits.table.principal'),
            dataIndex: 'principal',
            width: 130,
            ellipsis: true,
            sorter: true,
            sortOrder: orderOf('principal'),
          },
          {
            key: 'type',
            title: t('admin.audits.table.type'),
            dataIndex: 'type',
            width: 215,
            sorter: true,
            sortOrder: orderOf('type'),
            render: (type: string) => (
              <span title={type}>
                <ToneTag tone={typeTone(type)}>{t(`admin.auditEvents.${type}`, { defaultValue: type })}</ToneTag>
              </span>
            ),
          },
          {
            key: 'data',
            title: t('admin.audits.table.data'),
            dataIndex: 'data',
            render: (data: AuditEvent['data']) => (
              <Flex vertical gap={2}>
                {Object.entries(data).map(([key, value]) => (
                  <Typography.Text key={key} style={{ wordBreak: 'break-word' }}>
                    <Typography.Text type="secondary">{labelOf(key)}:</Typography.Text> {value}
                  </Typography.Text>
                ))}
              </Flex>
            ),
          },
        ]}
      />
      {audits.data && audits.data.total > 0 ? <Pager page={page} total={audits.data.total} onChange={setPage} /> : null}
    </PageCard>
  );
};
