import {
  ERP_HISTORY_OUTCOMES,
  ERP_HISTORY_SOURCES,
  type ErpHistoryOutcome,
  type ErpStoricoLogRow,
  type ErpStoricoLogSortField,
} from '@ricambi/domain';
import { Tag } from 'antd';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { i18next } from '../../i18n/index.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { Clipped } from '../catalogue-admin/CatalogueControls.tsx';
import { ERP_STORICO_LOG_META } from './erp-log.meta.ts';

type Row = ErpStoricoLogRow & EntityRow;
const f = (name: string) => `erpStoricoLog.field.${name}`;

/** Applied green, unchanged plain, stale orange, rejected red. */
const OUTCOME_COLOURS: Record<ErpHistoryOutcome, string | undefined> = {
  APPLIED: 'green',
  UNCHANGED: undefined,
  STALE: 'orange',
  REJECTED: 'red',
};

const outcomeTag = (outcome: unknown) => {
  const known = (ERP_HISTORY_OUTCOMES as readonly unknown[]).includes(outcome);
  return (
    <Tag color={known ? OUTCOME_COLOURS[outcome as ErpHistoryOutcome] : undefined}>
      {known ? i18next.t(`erpStoricoLog.outcome.${outcome}`) : String(outcome ?? '—')}
    </Tag>
  );
};
const sourceLabel = (source: unknown) =>
  (ERP_HISTORY_SOURCES as readonly unknown[]).includes(source)
    ? i18next.t(`erpStoricoLog.source.${source}`)
    : String(source ?? '—');
const orDash = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** Issue 16 §1 (ROLE_ADMIN): every ERP hand-back document with its outcome, newest first; read-only. */
export const erpStoricoLogEntity: EntityConfig<Row, ErpStoricoLogSortField> = {
  ...ERP_STORICO_LOG_META,
  apiPath: '/api/erpStoricoLogs',
  idOf: (row) => [String(row.id)],
  defaultSort: 'receivedAt,desc',
  searchable: true,
  tableSize: 'middle',
  columns: [
    {
      key: 'receivedAt',
      titleKey: f('receivedAt'),
      sortField: 'receivedAt',
      render: (r) => formatTimestamp(r.receivedAt),
    },
    { key: 'source', titleKey: f('source'), responsive: ['lg'], render: (r) => sourceLabel(r.source) },
    { key: 'name', titleKey: f('name'), render: (r) => <Clipped text={r.name} max={220} /> },
    {
      key: 'documentId',
      titleKey: f('documentId'),
      sortField: 'documentId',
      render: (r) => <Clipped text={r.documentId ?? '—'} max={220} />,
    },
    {
      key: 'generatedAt',
      titleKey: f('generatedAt'),
      responsive: ['lg'],
      render: (r) => formatTimestamp(r.generatedAt) || '—',
    },
    { key: 'outcome', titleKey: f('outcome'), sortField: 'outcome', render: (r) => outcomeTag(r.outcome) },
    { key: 'ordini', titleKey: f('ordini'), responsive: ['lg'] },
    { key: 'righe', titleKey: f('righe'), responsive: ['lg'] },
    { key: 'reason', titleKey: f('reason'), render: (r) => <Clipped text={r.reason} max={320} /> },
  ],
  fields: [
    { name: 'id', labelKey: f('id'), kind: 'number' },
    { name: 'receivedAt', labelKey: f('receivedAt'), kind: 'datetime' },
    { name: 'source', labelKey: f('source'), kind: 'text', display: sourceLabel },
    { name: 'name', labelKey: f('name'), kind: 'text' },
    { name: 'documentId', labelKey: f('documentId'), kind: 'text' },
    { name: 'generatedAt', labelKey: f('generatedAt'), kind: 'datetime' },
    { name: 'outcome', labelKey: f('outcome'), kind: 'text', display: outcomeTag },
    { name: 'ordini', labelKey: f('ordini'), kind: 'number' },
    { name: 'righe', labelKey: f('righe'), kind: 'number' },
    {
      name: 'reason',
      labelKey: f('reason'),
      kind: 'textarea',
      display: (v) => <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{orDash(v)}</span>,
    },
  ],
};

export const ErpStoricoLogListPage = () => <EntityListPage config={erpStoricoLogEntity} />;
export const ErpStoricoLogDetailPage = () => <EntityDetailPage config={erpStoricoLogEntity} />;
