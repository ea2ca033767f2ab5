import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { hasAnyAuthority, LANGUAGES } from '@ricambi/domain';
import { useParams } from '@tanstack/react-router';
import { Alert, Card, Descriptions, Flex, Space, Spin, Switch, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../api/account.api.ts';
import { useEntity } from '../../api/entity-admin.api.ts';
import { describeError } from '../../lib/alerts.ts';
import { ButtonLink } from '../ButtonLink.tsx';
import type { EntityConfig, EntityField, EntityRow } from './entity-admin.types.ts';
import { isWritable } from './entity-routes.ts';

const display = (field: EntityField, value: unknown, t: (k: string) => string): ReactNode => {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.kind) {
    case 'switch':
      return <Switch checked={Boolean(value)} disabled size="small" aria-label={t(field.labelKey)} />;
    case 'datetime':
      return dayjs(value as string).format('DD-MM-YYYY HH:mm:ss');
    case 'password':
      return '••••••';
    case 'multiselect':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'localized': {
      const map = value as Record<string, string>;
      return (
        <Descriptions size="small" column={1} bordered>
          {LANGUAGES.map((l) => (
            <Descriptions.Item key={l} label={t(`global.language.${l}`)}>
              {map[l] || '—'}
            </Descriptions.Item>
          ))}
        </Descriptions>
      );
    }
    case 'select': {
      const options = typeof field.options === 'function' ? field.options() : field.options;
      return options?.find((o) => o.value === value)?.label ?? String(value);
    }
    default:
      return String(value);
  }
};

/** The read-only detail page of an entity. */
export const EntityDetailPage = <T extends EntityRow, S extends string>({ config }: { config: EntityConfig<T, S> }) => {
  const { t } = useTranslation();
  const account = useAccount();
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const ids = config.idParams.map((p) => params[p] ?? '');
  const entity = useEntity<T>(config, ids);
  const canWrite = isWritable(config) && hasAnyAuthority(account?.authorities, config.access.write);
  const row = entity.data;
  const values = row ? (config.toForm ? config.toForm(row) : row) : undefined;
  const shown = (v: EntityRow) =>
    config.fields.filter((f) => f.kind !== 'password').filter((f) => !f.visible || f.visible(v));
  const tabs = [...new Set(config.fields.flatMap((f) => (f.tab ? [f.tab] : [])))];
  const shownValue = (f: EntityField, v: EntityRow) => (f.display ? f.display(v[f.name], v) : display(f, v[f.name], t));

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {t(`${config.name}.detail.title`)} {ids.join(' / ')}
        </Typography.Title>
        <Space>
          <ButtonLink to={config.listPath} icon={<ArrowLeftOutlined />}>
            {t('entity.action.back')}
          </ButtonLink>
          {canWrite && row ? (
            <ButtonLink
              to={`${config.listPath}/${ids.map(encodeURIComponent).join('/')}/edit`}
              buttonType="primary"
              icon={<EditOutlined />}
            >
              {t('entity.action.edit')}
            </ButtonLink>
          ) : null}
        </Space>
      </Flex>
      {entity.isPending ? <Spin /> : null}
      {entity.isError ? <Alert type="error" showIcon title={describeError(entity.error)} /> : null}
      {values ? (
        <>
          <Descriptions bordered column={1} size="middle" styles={{ label: { width: 220 } }}>
            {shown(values)
              .filter((f) => !f.tab)
              .map((f) => (
                <Descriptions.Item key={f.name} label={t(f.labelKey)}>
                  {shownValue(f, values)}
                </Descriptions.Item>
              ))}
          </Descriptions>
          {tabs.length ? (
            <Tabs
              style={{ marginTop: 16 }}
              items={tabs.map((tab) => ({
                key: tab,
                label: t(tab),
                children: shown(values)
                  .filter((f) => f.tab === tab)
                  .map((f) =>
                    f.labelKey === tab ? (
                      <div key={f.name}>{shownValue(f, values)}</div>
                    ) : (
                      <Descriptions key={f.name} bordered column={1} size="middle" styles={{ label: { width: 220 } }}>
                        <Descriptions.Item label={t(f.labelKey)}>{shownValue(f, values)}</Descriptions.Item>
                      </Descriptions>
                    ),
                  ),
              }))}
            />
          ) : null}
        </>
      ) : null}
    </Card>
  );
};
