import { RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  OUTBOX_FAILED_DEFAULT_SORT,
  OUTBOX_FAILED_SORT_FIELDS,
  type OutboxFailedMessage,
  type OutboxFailedSortField,
  type SortParam,
} from '@ricambi/domain';
import { Alert, Button, Flex, Popconfirm, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutboxFailed, useRetryOutboxMessage } from '../../api/admin.api.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { Pager } from '../../components/Pager.tsx';
import { describeError, showSuccess } from '../../lib/alerts.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { columnSortOrder, keyedField, sortFromSorter } from '../../lib/sorting.ts';
import { ToneTag } from './ToneTag.tsx';

/** What the message was for: a mail's recipient and subject, an ERP document's order. */
const Target = ({ message }: { message: OutboxFailedMessage }) => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2} align="start">
      <ToneTag tone="neutral">{t(`admin.outbox.kinds.${message.kind}`, { defaultValue: message.kind })}</ToneTag>
      {message.recipient ? (
        <Typography.Text style={{ wordBreak: 'break-all' }}>{message.recipient}</Typography.Text>
      ) : null}
      {message.subject ? <Typography.Text type="secondary">{message.subject}</Typography.Text> : null}
      {message.orderNumber ? (
        <Typography.Text>
          <Typography.Text type="secondary">{t('admin.outbox.table.order')}:</Typography.Text> {message.orderNumber}
        </Typography.Text>
      ) : null}
    </Flex>
  );
};

/**
 * Issue 18: the outbox's dead letters — mails and ERP documents given up after their last attempt —
 * with the error that stopped them; one can be queued again, the worker then delivers it.
 */
export const OutboxPage = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<SortParam<OutboxFailedSortField>>(OUTBOX_FAILED_DEFAULT_SORT);
  const failed = useOutboxFailed({ page, sort });
  const retry = useRetryOutboxMessage();

  const onTableChange: TableProps<OutboxFailedMessage>['onChange'] = (_pagination, _filters, sorter) => {
    setSort(sortFromSorter(sorter, keyedField(OUTBOX_FAILED_SORT_FIELDS), OUTBOX_FAILED_DEFAULT_SORT));
    setPage(0);
  };

  const retryOne = (message: OutboxFailedMessage) =>
    retry
      .mutateAsync(message.id)
      .then(() => showSuccess(t('admin.outbox.retried', { id: message.id })))
      // A failure reaches the user through the one alert mapper (the mutation cache's handler).
      .catch(() => undefined);

  return (
    <PageCard title={t('admin.outbox.title')} intro={t('admin.outbox.intro')} width={1280}>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Button icon={<ReloadOutlined />} onClick={() => void failed.refetch()} loading={failed.isFetching}>
          {t('admin.refresh')}
        </Button>
      </Flex>
      {failed.isError ? (
        <Alert type="error" showIcon title={describeError(failed.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<OutboxFailedMessage>
        rowKey="id"
        size="middle"
        loading={failed.isPending || (failed.isFetching && failed.isPlaceholderData)}
        dataSource={failed.data?.items ?? []}
        pagination={false}
        tableLayout="fixed"
        onChange={onTableChange}
        showSorterTooltip={false}
        locale={{ emptyText: t('admin.outbox.empty') }}
        data-testid="outbox-failed"
        columns={[
          {
            key: 'failedAt',
            title: t('admin.outbox.table.failedAt'),
            dataIndex: 'failedAt',
            width: 165,
            sorter: true,
            sortOrder: columnSortOrder(sort, 'failedAt'),
            render: (value: string | null, message) => (
              <Flex vertical gap={2}>
                <span>{formatTimestamp(value)}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('admin.outbox.table.createdAt', { date: formatTimestamp(message.createdAt) })}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'target',
            title: t('admin.outbox.table.target'),
            render: (_: unknown, message) => <Target message={message} />,
          },
          {
            key: 'attempts',
            title: t('admin.outbox.table.attempts'),
            dataIndex: 'attempts',
            width: 90,
            align: 'right',
          },
          {
            key: 'lastError',
            title: t('admin.outbox.table.lastError'),
            dataIndex: 'lastError',
            render: (error: string | null) => (
              <Typography.Text type="danger" style={{ wordBreak: 'break-word' }}>
                {error ?? ''}
              </Typography.Text>
            ),
          },
          {
            key: 'actions',
            title: t('admin.outbox.table.actions'),
            width: 150,
            render: (_: unknown, message) => (
              <Popconfirm
                title={t('admin.outbox.confirm.title')}
                description={t('admin.outbox.confirm.description')}
                okText={t('admin.outbox.confirm.ok')}
                cancelText={t('admin.outbox.confirm.cancel')}
                onConfirm={() => retryOne(message)}
              >
                <Button
                  size="small"
                  icon={<RedoOutlined />}
                  loading={retry.isPending && retry.variables === message.id}
                  aria-label={t('admin.outbox.retryLabel', { id: message.id })}
                  data-testid={`outbox-retry-${message.id}`}
                >
                  {t('admin.outbox.retry')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      {failed.data && failed.data.total > 0 ? <Pager page={page} total={failed.data.total} onChange={setPage} /> : null}
    </PageCard>
  );
};
