import type { CrDocumentiLog, CrDocumentiLogSortField } from '@ricambi/domain';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { Clipped } from '../catalogue-admin/CatalogueControls.tsx';
import { CR_DOCUMENTI_LOG_META } from './cr-documenti-log.meta.ts';
import { linguaLabel, yesNoTag } from './DocumentControls.tsx';

type Row = CrDocumentiLog & EntityRow;
const f = (name: string) => `crDocumentiLog.field.${name}`;

/** The download log (spec 3 §2: ROLE_ADMIN): a read-only list and detail, newest first. */
export const crDocumentiLogEntity: EntityConfig<Row, CrDocumentiLogSortField> = {
  ...CR_DOCUMENTI_LOG_META,
  apiPath: '/api/crDocumentiLogs',
  idOf: (row) => [String(row.id)],
  defaultSort: 'data,desc',
  searchable: true,
  tableSize: 'middle',
  columns: [
    { key: 'id', titleKey: f('id'), sortField: 'id', width: 80 },
    { key: 'data', titleKey: f('data'), sortField: 'data', render: (r) => formatTimestamp(r.data) },
    { key: 'login', titleKey: f('login'), sortField: 'login' },
    { key: 'ipAddress', titleKey: f('ipAddress'), responsive: ['xl'] },
    { key: 'interno', titleKey: f('interno'), responsive: ['lg'], render: (r) => yesNoTag(r.interno, 'gold') },
    { key: 'idDocumento', titleKey: f('idDocumento'), sortField: 'idDocumento' },
    {
      key: 'nomeFileOriginale',
      titleKey: f('nomeFileOriginale'),
      render: (r) => <Clipped text={r.nomeFileOriginale} max={220} />,
    },
    { key: 'linguaDocumento', titleKey: f('linguaDocumento'), render: (r) => linguaLabel(r.linguaDocumento) },
    {
      key: 'alberoDocumento',
      titleKey: f('alberoDocumento'),
      responsive: ['lg'],
      render: (r) => <Clipped text={r.alberoDocumento} max={220} />,
    },
    {
      key: 'filtriRicercaApplicati',
      titleKey: f('filtriRicercaApplicati'),
      responsive: ['lg'],
      render: (r) => <Clipped text={r.filtriRicercaApplicati} max={260} />,
    },
  ],
  fields: [
    { name: 'id', labelKey: f('id'), kind: 'number' },
    { name: 'data', labelKey: f('data'), kind: 'datetime' },
    { name: 'login', labelKey: f('login'), kind: 'text' },
    { name: 'ipAddress', labelKey: f('ipAddress'), kind: 'text' },
    { name: 'interno', labelKey: f('interno'), kind: 'switch', display: (v) => yesNoTag(Boolean(v), 'gold') },
    { name: 'idDocumento', labelKey: f('idDocumento'), kind: 'number' },
    { name: 'nomeFileOriginale', labelKey: f('nomeFileOriginale'), kind: 'text' },
    {
      name: 'linguaDocumento',
      labelKey: f('linguaDocumento'),
      kind: 'text',
      display: (v) => linguaLabel(v as string) || '—',
    },
    { name: 'alberoDocumento', labelKey: f('alberoDocumento'), kind: 'text' },
    { name: 'filtriRicercaApplicati', labelKey: f('filtriRicercaApplicati'), kind: 'textarea' },
  ],
};

export const CrDocumentiLogListPage = () => <EntityListPage config={crDocumentiLogEntity} />;
export const CrDocumentiLogDetailPage = () => <EntityDetailPage config={crDocumentiLogEntity} />;
