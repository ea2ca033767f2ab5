import { type SearchLogAdmin, type SearchLogSortField, searchLogInputSchema } from '@ricambi/domain';
import { Tag } from 'antd';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { Clipped } from './CatalogueControls.tsx';
import { f, idColumn, idField, L, pick } from './catalogue-admin.fields.tsx';
import { CATALOGUE_ADMIN_META } from './catalogue-admin.meta.ts';

type SearchLogRow = SearchLogAdmin & EntityRow;
export const searchLogEntity: EntityConfig<SearchLogRow, SearchLogSortField> = {
  ...CATALOGUE_ADMIN_META.searchLog,
  apiPath: '/api/searchLogs',
  idOf: (r) => [String(r.id)],
  defaultSort: 'dataRichiesta,desc',
  searchable: true,
  deleteShowsId: true,
  tableSize: 'middle',
  formColumns: 2,
  columns: [
    idColumn,
    {
      key: 'dataRichiesta',
      titleKey: f('dataRichiesta'),
      sortField: 'dataRichiesta',
      render: (r) => formatTimestamp(r.dataRichiesta),
    },
    { key: 'username', titleKey: f('username'), sortField: 'username' },
    { key: 'tipo', titleKey: f('tipo'), sortField: 'tipo', render: (r) => <Tag>{r.tipo}</Tag> },
    { key: 'params', titleKey: f('params'), render: (r) => <Clipped text={r.params ?? r.url} max={300} /> },
    { key: 'numRisultati', titleKey: f('numRisultati'), sortField: 'numRisultati' },
    { key: 'remoteIp', titleKey: f('remoteIp'), responsive: ['xl'] },
  ],
  fields: [
    idField,
    { name: 'tipo', labelKey: f('tipo'), kind: 'text', required: true },
    { name: 'dataRichiesta', labelKey: f('dataRichiesta'), kind: 'datetime' },
    { name: 'username', labelKey: f('username'), kind: 'text' },
    { name: 'userId', labelKey: f('userId'), kind: 'number', step: 1 },
    { name: 'numRisultati', labelKey: f('numRisultati'), kind: 'number', min: 0, step: 1 },
    { name: 'remoteIp', labelKey: f('remoteIp'), kind: 'text' },
    { name: 'url', labelKey: f('url'), kind: 'text', wide: true },
    { name: 'params', labelKey: f('params'), kind: 'textarea', maxLength: L.searchLog.params },
    { name: 'userAgent', labelKey: f('userAgent'), kind: 'text', wide: true },
  ],
  schemas: { create: searchLogInputSchema, update: searchLogInputSchema },
  fromForm: pick(searchLogInputSchema),
};

// ---- ComboVoci --------------------------------------------------------------------------------

export const SearchLogListPage = () => <EntityListPage config={searchLogEntity} />;
export const SearchLogDetailPage = () => <EntityDetailPage config={searchLogEntity} />;
