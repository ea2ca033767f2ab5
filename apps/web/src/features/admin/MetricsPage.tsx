import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { METRICS_SAMPLE_SECONDS, type MetricsSummary, type RouteStats } from '@ricambi/domain';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Card, Col, Flex, Row, Statistic, Table, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMetrics } from '../../api/admin.api.ts';
import { PageCard } from '../../components/PageCard.tsx';
import { describeError } from '../../lib/alerts.ts';
import { formatBytes, formatDuration, formatNumber, formatTime } from '../../lib/format.ts';
import { Sparkline } from './Sparkline.tsx';
import { Facts, ToneTag } from './ToneTag.tsx';

const MB = 1024 * 1024;

const ChartCard = ({
  title,
  value,
  suffix,
  values,
  fromMin,
  testId,
}: {
  title: string;
  value: number | null;
  suffix: string;
  values: (number | null)[];
  fromMin?: boolean;
  testId: string;
}) => {
  const { t, i18n } = useTranslation();
  const known = values.filter((v): v is number => v !== null);
  const minutes = Math.max(1, Math.round((values.length * METRICS_SAMPLE_SECONDS) / 60));
  const caption = known.length
    ? t('admin.metrics.charts.range', {
        minutes,
        min: formatNumber(Math.min(...known), i18n.language),
        max: formatNumber(Math.max(...known), i18n.language),
      })
    : '';
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic
        title={title}
        value={value === null ? '–' : formatNumber(value, i18n.language)}
        suffix={value === null ? undefined : suffix}
        data-testid={testId}
      />
      <Sparkline values={values} label={`${title}. ${caption}`} fromMin={fromMin} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {caption}
      </Typography.Text>
    </Card>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card size="small" title={title} style={{ height: '100%' }}>
    {children}
  </Card>
);

const ms = (value: number | null, lang: string) => (value === null ? '–' : `${formatNumber(value, lang)} ms`);

/** Spec 1 §2.3 "metrics": live figures of the running process with small charts, every 5 s. */
export const MetricsPage = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [live, setLive] = useState(true);
  const metrics = useMetrics(live);
  const m: MetricsSummary | undefined = metrics.data;
  const history = m?.history ?? [];

  return (
    <PageCard
      title={t('admin.metrics.title')}
      intro={t('admin.metrics.intro', { seconds: METRICS_SAMPLE_SECONDS })}
      width={1280}
    >
      <Flex gap={12} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary" aria-live="polite">
          {m ? t('admin.metrics.updatedAt', { time: formatTime(m.at) }) : null}
          {m && !live ? ` · ${t('admin.metrics.paused')}` : null}
        </Typography.Text>
        <Button
          icon={live ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
          onClick={() => setLive((v) => !v)}
          aria-pressed={!live}
        >
          {live ? t('admin.metrics.pause') : t('admin.metrics.resume')}
        </Button>
      </Flex>
      {metrics.isError ? (
        <Alert type="error" showIcon title={describeError(metrics.error)} style={{ marginBottom: 16 }} />
      ) : null}
      {metrics.isPending ? <Card loading /> : null}
      {m ? (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={12} xl={6}>
              <ChartCard
                testId="metric-rate"
                title={t('admin.metrics.charts.rate')}
                value={m.http.ratePerSecond}
                suffix="req/s"
                values={history.map((h) => h.ratePerSecond)}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <ChartCard
                testId="metric-latency"
                title={t('admin.metrics.charts.latency')}
                value={m.http.p95Ms}
                suffix="ms"
                values={history.map((h) => h.p95Ms)}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <ChartCard
                testId="metric-lag"
                title={t('admin.metrics.charts.lag')}
                value={m.eventLoop.lagMs}
                suffix="ms"
                values={history.map((h) => h.eventLoopLagMs)}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <ChartCard
                testId="metric-memory"
                title={t('admin.metrics.charts.memory')}
                value={m.memory.heapUsedBytes / MB}
                suffix="MB"
                values={history.map((h) => h.heapUsedBytes / MB)}
                fromMin
              />
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12} xl={8}>
              <Section title={t('admin.metrics.http.title')}>
                <Facts
                  items={[
                    {
                      key: 'rate',
                      label: t('admin.metrics.http.rate'),
                      children: formatNumber(m.http.ratePerSecond, lang),
                    },
                    { key: 'p50', label: t('admin.metrics.http.p50'), children: ms(m.http.p50Ms, lang) },
                    { key: 'p95', label: t('admin.metrics.http.p95'), children: ms(m.http.p95Ms, lang) },
                    { key: 'p99', label: t('admin.metrics.http.p99'), children: ms(m.http.p99Ms, lang) },
                    {
                      key: 'count',
                      label: t('admin.metrics.http.count'),
                      children: <span data-testid="metric-count">{formatNumber(m.http.count, lang, 0)}</span>,
                    },
                    {
                      key: 'errors',
                      label: t('admin.metrics.http.errors'),
                      children:
                        m.http.errors > 0 ? <ToneTag tone="error">{m.http.errors}</ToneTag> : formatNumber(0, lang, 0),
                    },
                  ]}
                />
              </Section>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Flex vertical gap={16} style={{ height: '100%' }}>
                <Section title={t('admin.metrics.eventLoop.title')}>
                  <Facts
                    items={[
                      { key: 'lag', label: t('admin.metrics.eventLoop.lag'), children: ms(m.eventLoop.lagMs, lang) },
                      { key: 'p99', label: t('admin.metrics.eventLoop.p99'), children: ms(m.eventLoop.p99Ms, lang) },
                      { key: 'max', label: t('admin.metrics.eventLoop.max'), children: ms(m.eventLoop.maxMs, lang) },
                    ]}
                  />
                </Section>
                <Section title={t('admin.metrics.memory.title')}>
                  <Facts
                    items={[
                      {
                        key: 'rss',
                        label: t('admin.metrics.memory.rss'),
                        children: formatBytes(m.memory.rssBytes, lang),
                      },
                      {
                        key: 'heapUsed',
                        label: t('admin.metrics.memory.heapUsed'),
                        children: formatBytes(m.memory.heapUsedBytes, lang),
                      },
                      {
                        key: 'heapTotal',
                        label: t('admin.metrics.memory.heapTotal'),
                        children: formatBytes(m.memory.heapTotalBytes, lang),
                      },
                    ]}
                  />
                </Section>
              </Flex>
            </Col>
            <Col xs={24} md={24} xl={8}>
              <Flex vertical gap={16} style={{ height: '100%' }}>
                <Section title={t('admin.metrics.database.title')}>
                  <Facts
                    items={[
                      { key: 'kind', label: t('admin.metrics.database.kind'), children: m.database.kind },
                      ...(m.database.pool
                        ? [
                            {
                              key: 'pool',
                              label: t('admin.metrics.database.pool'),
                              children: `${m.database.pool.total} / ${m.database.pool.idle} / ${m.database.pool.waiting} / ${m.database.pool.max}`,
                            },
                          ]
                        : []),
                      { key: 'uptime', label: t('admin.metrics.uptime'), children: formatDuration(m.uptimeSeconds) },
                      { key: 'node', label: t('admin.metrics.node'), children: m.node },
                    ]}
                  />
                  {m.database.pool ? null : (
                    <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
                      {t('admin.metrics.database.noPool')}
                    </Typography.Text>
                  )}
                </Section>
                <Section title={t('admin.metrics.outbox.title')}>
                  <Facts
                    items={[
                      {
                        key: 'pending',
                        label: t('admin.metrics.outbox.pending'),
                        children: formatNumber(m.outbox.pending, lang, 0),
                      },
                      {
                        key: 'failed',
                        label: t('admin.metrics.outbox.failed'),
                        children:
                          m.outbox.failed > 0 ? (
                            <ToneTag tone="error">{m.outbox.failed}</ToneTag>
                          ) : (
                            formatNumber(0, lang, 0)
                          ),
                      },
                    ]}
                  />
                  {m.outbox.failed > 0 ? (
                    <Link
                      to="/outbox"
                      style={{ display: 'inline-block', marginTop: 4 }}
                      data-testid="metrics-outbox-failed"
                    >
                      {t('admin.metrics.outbox.showFailed')}
                    </Link>
                  ) : null}
                </Section>
              </Flex>
            </Col>
          </Row>
          <Section title={t('admin.metrics.routes.title')}>
            <Table<RouteStats>
              rowKey={(r) => `${r.method} ${r.route}`}
              size="small"
              dataSource={m.http.routes}
              pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
              tableLayout="fixed"
              locale={{ emptyText: t('admin.metrics.routes.empty') }}
              columns={[
                {
                  title: t('admin.metrics.routes.method'),
                  dataIndex: 'method',
                  width: 90,
                  render: (method: string) => <ToneTag tone="neutral">{method}</ToneTag>,
                },
                {
                  title: t('admin.metrics.routes.route'),
                  dataIndex: 'route',
                  render: (route: string) => <code style={{ wordBreak: 'break-all' }}>{route}</code>,
                },
                {
                  title: t('admin.metrics.routes.count'),
                  dataIndex: 'count',
                  width: 80,
                  align: 'right',
                  render: (n: number) => formatNumber(n, lang, 0),
                },
                {
                  title: t('admin.metrics.routes.rate'),
                  dataIndex: 'ratePerSecond',
                  width: 80,
                  align: 'right',
                  render: (n: number) => formatNumber(n, lang),
                },
                {
                  title: t('admin.metrics.routes.p50'),
                  dataIndex: 'p50Ms',
                  width: 80,
                  align: 'right',
                  responsive: ['lg'],
                  render: (n: number | null) => formatNumber(n, lang),
                },
                {
                  title: t('admin.metrics.routes.p95'),
                  dataIndex: 'p95Ms',
                  width: 80,
                  align: 'right',
                  render: (n: number | null) => formatNumber(n, lang),
                },
                {
                  title: t('admin.metrics.routes.p99'),
                  dataIndex: 'p99Ms',
                  width: 80,
                  align: 'right',
                  responsive: ['lg'],
                  render: (n: number | null) => formatNumber(n, lang),
                },
                {
                  title: t('admin.metrics.routes.max'),
                  dataIndex: 'maxMs',
                  width: 80,
                  align: 'right',
                  responsive: ['xl'],
                  render: (n: number | null) => formatNumber(n, lang),
                },
                {
                  title: t('admin.metrics.routes.errors'),
                  dataIndex: 'errors',
                  width: 80,
                  align: 'right',
                  render: (n: number) => (n > 0 ? <ToneTag tone="error">{n}</ToneTag> : '0'),
                },
              ]}
            />
          </Section>
        </Flex>
      ) : null}
    </PageCard>
  );
};
