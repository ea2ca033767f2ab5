import { DatabaseOutlined, SyncOutlined } from '@ant-design/icons';
import type { ReindexResult } from '@ricambi/domain';
import { Alert, Button, Card, Col, Descriptions, Popconfirm, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReindex } from '../../api/catalogue-maintenance.api.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { describeError } from '../../lib/alerts.ts';
import { formatNumber, formatTime } from '../../lib/format.ts';

const K = 'catalogueMaintenance.reindex';
type Scope = 'changed' | 'all';

/**
 * Spec 1 §2.1 / §7 reindex: rebuild the search data of the changed articles (quick) or of the whole
 * catalogue (can take minutes, so it asks first), and show what was done.
 */
export const ReindexPage = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const reindex = useReindex();
  const [last, setLast] = useState<ReindexResult & { scope: Scope; at: string }>();

  const run = (scope: Scope) =>
    reindex.mutate(scope, { onSuccess: (result) => setLast({ ...result, scope, at: new Date().toISOString() }) });
  const running = reindex.isPending;

  return (
    <PageCard title={t(`${K}.title`)} intro={t(`${K}.intro`)} width={1000}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card size="small" title={t(`${K}.changed.title`)} style={{ height: '100%' }}>
            <Typography.Paragraph>{t(`${K}.changed.text`)}</Typography.Paragraph>
            <Button
              type="primary"
              icon={<SyncOutlined />}
              onClick={() => run('changed')}
              disabled={running}
              loading={running && reindex.variables === 'changed'}
              data-testid="reindex-changed"
            >
              {t(`${K}.changed.button`)}
            </Button>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t(`${K}.all.title`)} style={{ height: '100%' }}>
            <Typography.Paragraph>{t(`${K}.all.text`)}</Typography.Paragraph>
            <Popconfirm
              title={t(`${K}.all.confirmTitle`)}
              description={t(`${K}.all.confirmText`)}
              okText={t(`${K}.all.confirmOk`)}
              cancelText={t('entity.action.cancel')}
              onConfirm={() => run('all')}
              disabled={running}
            >
              <Button
                icon={<DatabaseOutlined />}
                disabled={running}
                loading={running && reindex.variables === 'all'}
                data-testid="reindex-all"
              >
                {t(`${K}.all.button`)}
              </Button>
            </Popconfirm>
          </Card>
        </Col>
      </Row>
      <div style={{ marginTop: 24 }} aria-live="polite">
        {running ? (
          <div role="status" style={{ textAlign: 'center', padding: 16 }}>
            <Spin />
            <Typography.Paragraph style={{ marginTop: 8 }}>{t(`${K}.running`)}</Typography.Paragraph>
          </div>
        ) : null}
        {reindex.isError && !running ? <Alert type="error" showIcon title={describeError(reindex.error)} /> : null}
        {last && !running ? (
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 2 }}
            title={t(`${K}.result.title`)}
            data-testid="reindex-result"
            items={[
              { key: 'scope', label: t(`${K}.result.scope`), children: t(`${K}.result.${last.scope}`) },
              { key: 'at', label: t(`${K}.result.at`), children: formatTime(last.at) },
              {
                key: 'articles',
                label: t(`${K}.result.articles`),
                children: <span data-testid="reindex-articles">{formatNumber(last.articles, lang, 0)}</span>,
              },
              { key: 'words', label: t(`${K}.result.words`), children: formatNumber(last.words, lang, 0) },
              {
                key: 'duration',
                label: t(`${K}.result.duration`),
                children: `${formatNumber(last.durationMs / 1000, lang, 2)} s`,
              },
            ]}
          />
        ) : null}
      </div>
    </PageCard>
  );
};
