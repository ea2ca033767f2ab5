import { FilterOutlined, LockOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ConfigProperty } from '@ricambi/domain';
import { Alert, Button, Flex, Input, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfiguration } from '../../api/admin.api.ts';
import { useReloadThemes } from '../../api/themes.api.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { describeError, showSuccess } from '../../lib/alerts.ts';
import { ToneTag } from './ToneTag.tsx';

/** The admin's "reload themes" (POST /api/themes-reload), with its success alert; failures go to the alert mapper. */
const ReloadThemesButton = () => {
  const { t } = useTranslation();
  const reload = useReloadThemes();
  return (
    <Tooltip title={t('admin.themesReload.hint')}>
      <Button
        icon={<ReloadOutlined aria-hidden />}
        loading={reload.isPending}
        onClick={() =>
          reload.mutate(undefined, {
            onSuccess: (themes) => showSuccess(t('admin.themesReload.done', { count: themes.length })),
          })
        }
        data-testid="themes-reload"
      >
        {t('admin.themesReload.button')}
      </Button>
    </Tooltip>
  );
};

/** Spec 1 §2.3: the effective configuration, filtered by key prefix; secrets come masked. */
export const ConfigurationPage = () => {
  const { t } = useTranslation();
  const configuration = useConfiguration();
  const [prefix, setPrefix] = useState('');
  const all = configuration.data ?? [];
  const wanted = prefix.trim().toLowerCase();
  const shown = wanted ? all.filter((p) => p.key.toLowerCase().startsWith(wanted)) : all;

  return (
    <PageCard title={t('admin.configuration.title')} intro={t('admin.configuration.intro')} width={1280}>
      <Flex gap={12} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <Input
          allowClear
          prefix={<FilterOutlined aria-hidden />}
          aria-label={t('admin.configuration.filter.label')}
          placeholder={t('admin.configuration.filter.placeholder')}
          value={prefix}
          onChange={(e) => setPrefix(e.target.value)}
          style={{ maxWidth: 360 }}
          data-testid="configuration-filter"
        />
        <Flex gap={12} wrap align="center">
          {configuration.data ? (
            <Typography.Text type="secondary">
              {t('admin.configuration.count', { shown: shown.length, total: all.length })}
            </Typography.Text>
          ) : null}
          <ReloadThemesButton />
        </Flex>
      </Flex>
      {configuration.isError ? (
        <Alert type="error" showIcon title={describeError(configuration.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<ConfigProperty>
        rowKey="key"
        size="middle"
        loading={configuration.isPending}
        dataSource={shown}
        pagination={false}
        tableLayout="fixed"
        locale={{
          emptyText: wanted ? t('admin.configuration.empty', { prefix: prefix.trim() }) : t('admin.configuration.none'),
        }}
        columns={[
          {
            title: t('admin.configuration.table.key'),
            dataIndex: 'key',
            width: '34%',
            render: (key: string) => <code style={{ wordBreak: 'break-all' }}>{key}</code>,
          },
          {
            title: t('admin.configuration.table.value'),
            dataIndex: 'value',
            render: (value: ConfigProperty['value'], p: ConfigProperty) => {
              if (value === null || value === '')
                return <Typography.Text type="secondary">{t('admin.configuration.unset')}</Typography.Text>;
              return (
                <Flex gap={6} align="center" wrap>
                  <code style={{ wordBreak: 'break-all' }}>{String(value)}</code>
                  {p.masked ? (
                    <ToneTag icon={<LockOutlined />} tone="warning">
                      {t('admin.configuration.masked')}
                    </ToneTag>
                  ) : null}
                </Flex>
              );
            },
          },
          {
            title: t('admin.configuration.table.source'),
            dataIndex: 'source',
            width: 140,
            render: (source: ConfigProperty['source']) => (
              <ToneTag tone={source === 'runtime' ? 'info' : 'neutral'}>
                {t(`admin.configuration.source.${source}`)}
              </ToneTag>
            ),
          },
        ]}
      />
    </PageCard>
  );
};
