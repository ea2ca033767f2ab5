import { FilterOutlined } from '@ant-design/icons';
import { LOG_LEVELS, type LoggerLevel } from '@ricambi/domain';
import { Alert, Button, Flex, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeLogger, useLoggers } from '../../api/admin.api.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { describeError, showSuccess } from '../../lib/alerts.ts';

/** Spec 1 §2.3: the loggers and their level; the buttons TRACE..ERROR change it at once. */
export const LogsPage = () => {
  const { t } = useTranslation();
  const loggers = useLoggers();
  const change = useChangeLogger();
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toLowerCase();
  const shown = (loggers.data ?? []).filter((l) => l.name.toLowerCase().includes(wanted));

  return (
    <PageCard title={t('admin.logs.title')} intro={t('admin.logs.intro')} width={1100}>
      <Input
        allowClear
        prefix={<FilterOutlined aria-hidden />}
        aria-label={t('admin.logs.filter.label')}
        placeholder={t('admin.logs.filter.placeholder')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      {loggers.isError ? (
        <Alert type="error" showIcon title={describeError(loggers.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<LoggerLevel>
        rowKey="name"
        size="middle"
        loading={loggers.isPending}
        dataSource={shown}
        pagination={false}
        locale={{ emptyText: t('admin.logs.empty') }}
        columns={[
          {
            title: t('admin.logs.table.name'),
            dataIndex: 'name',
            render: (name: string) => <code style={{ wordBreak: 'break-all' }}>{name}</code>,
          },
          {
            title: t('admin.logs.table.level'),
            key: 'level',
            width: 400,
            render: (_: unknown, logger: LoggerLevel) => (
              <Flex gap={4} wrap role="group" aria-label={logger.name} data-testid={`logger-${logger.name}`}>
                {LOG_LEVELS.map((level) => {
                  const active = logger.level === level;
                  const pending =
                    change.isPending && change.variables?.name === logger.name && change.variables.level === level;
                  return (
                    <Button
                      key={level}
                      size="small"
                      type={active ? 'primary' : 'default'}
                      aria-pressed={active}
                      aria-label={t('admin.logs.setLevel', { name: logger.name, level })}
                      loading={pending}
                      onClick={() => {
                        if (active) return;
                        change
                          .mutateAsync({ name: logger.name, level })
                          .then(() => showSuccess(t('admin.logs.changed', { name: logger.name, level })))
                          .catch(() => undefined);
                      }}
                      style={{ minWidth: 64 }}
                    >
                      {level}
                    </Button>
                  );
                })}
              </Flex>
            ),
          },
        ]}
      />
    </PageCard>
  );
};
