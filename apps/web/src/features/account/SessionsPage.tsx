import type { Session } from '@ricambi/domain';
import { Alert, Button, Popconfirm, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAccount, useInvalidateSession, useSessions } from '../../api/account.api.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { showSuccess } from '../../lib/alerts.ts';
import { describeUserAgent, formatDateTime } from '../../lib/format.ts';

export const SessionsPage = () => {
  const { t } = useTranslation();
  const account = useAccount();
  const sessions = useSessions();
  const invalidate = useInvalidateSession();

  return (
    <PageCard title={t('sessions.title', { username: account?.login ?? '' })} width={1100}>
      {sessions.isError ? <Alert type="error" showIcon title={t('error.internal')} /> : null}
      <Table<Session>
        rowKey="series"
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        pagination={false}
        tableLayout="fixed"
        locale={{ emptyText: t('sessions.empty') }}
        columns={[
          { title: t('sessions.table.ipaddress'), dataIndex: 'ipAddress', width: 130 },
          {
            title: t('sessions.table.useragent'),
            dataIndex: 'userAgent',
            ellipsis: true,
            render: (ua: string | null) => <span title={ua ?? ''}>{describeUserAgent(ua)}</span>,
          },
          {
            title: t('sessions.table.date'),
            dataIndex: 'date',
            width: 150,
            render: (value: string) => formatDateTime(value),
          },
          {
            title: t('sessions.table.kind'),
            width: 180,
            render: (_: unknown, s: Session) => (
              <>
                {s.rememberMe ? <Tag color="blue">{t('sessions.table.rememberme')}</Tag> : null}
                {s.current ? <Tag color="green">{t('sessions.table.current')}</Tag> : null}
              </>
            ),
          },
          {
            title: t('sessions.table.series'),
            dataIndex: 'series',
            width: 120,
            responsive: ['lg'],
            render: (series: string) => <code title={series}>{series.slice(0, 8)}…</code>,
          },
          {
            key: 'actions',
            title: <span className="visually-hidden">{t('entity.a11y.actions')}</span>,
            width: 130,
            render: (_: unknown, s: Session) => (
              <Popconfirm
                title={t('sessions.confirm.title')}
                description={s.current ? t('sessions.confirm.current') : undefined}
                okText={t('sessions.table.button')}
                cancelText={t('global.cancel')}
                onConfirm={() =>
                  invalidate
                    .mutateAsync(s.series)
                    .then(() => showSuccess(t('sessions.messages.success')))
                    .catch(() => undefined)
                }
              >
                <Button danger size="small" loading={invalidate.isPending && invalidate.variables === s.series}>
                  {t('sessions.table.button')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </PageCard>
  );
};
