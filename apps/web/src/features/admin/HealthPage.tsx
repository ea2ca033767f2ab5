import { ReloadOutlined } from '@ant-design/icons';
import type { Health } from '@ricambi/domain';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHealth } from '../../api/admin.api.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { describeError } from '../../lib/alerts.ts';
import { formatBytes, formatTime } from '../../lib/format.ts';
import { ToneTag } from './ToneTag.tsx';

type Component = Health['components']['db'];
type Row = { name: string } & Component;

const BYTES = new Set(['free', 'threshold']);

const StatusTag = ({ status }: { status: Component['status'] }) => {
  const { t } = useTranslation();
  return (
    <ToneTag tone={status === 'UP' ? 'success' : 'error'} data-status={status}>
      {t(`admin.health.status.${status}`)}
    </ToneTag>
  );
};

/** Spec 1 §2.3 / §7: the health of each component (database, mail, disk) with its details. */
export const HealthPage = () => {
  const { t, i18n } = useTranslation();
  const health = useHealth();
  const rows: Row[] = Object.entries(health.data?.components ?? {}).map(([name, c]) => ({ name, ...c }));

  return (
    <PageCard title={t('admin.health.title')} intro={t('admin.health.intro')} width={1100}>
      <Flex gap={12} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{t('admin.health.overall')}</Typography.Text>
          {health.data ? <StatusTag status={health.data.status} /> : null}
          {health.data ? (
            <Typography.Text type="secondary">
              {t('admin.health.checkedAt', { time: formatTime(health.data.checkedAt) })}
            </Typography.Text>
          ) : null}
        </Flex>
        <Button icon={<ReloadOutlined />} onClick={() => void health.refetch()} loading={health.isFetching}>
          {t('admin.refresh')}
        </Button>
      </Flex>
      {health.isError ? (
        <Alert type="error" showIcon title={describeError(health.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<Row>
        rowKey="name"
        size="middle"
        loading={health.isPending}
        dataSource={rows}
        pagination={false}
        tableLayout="fixed"
        locale={{ emptyText: t('admin.health.empty') }}
        columns={[
          {
            title: t('admin.health.table.component'),
            dataIndex: 'name',
            width: '30%',
            render: (name: string) => t(`admin.health.components.${name}`, { defaultValue: name }),
          },
          {
            title: t('admin.health.table.status'),
            dataIndex: 'status',
            width: 150,
            render: (status: Component['status']) => <StatusTag status={status} />,
          },
          {
            title: t('admin.health.table.details'),
            dataIndex: 'details',
            render: (details: Component['details']) => (
              <Flex vertical gap={2}>
                {Object.entries(details ?? {}).map(([key, value]) => (
                  <Typography.Text key={key}>
                    <Typography.Text type="secondary">
                      {t(`admin.health.details.${key}`, { defaultValue: key })}:
                    </Typography.Text>{' '}
                    {BYTES.has(key) && typeof value === 'number' ? formatBytes(value, i18n.language) : value}
                  </Typography.Text>
                ))}
              </Flex>
            ),
          },
        ]}
      />
    </PageCard>
  );
};
