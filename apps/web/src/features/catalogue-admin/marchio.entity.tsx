import { type MarchioAdmin, type MarchioSortField, marchioInputSchema } from '@ricambi/domain';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { auditFields, f, idColumn, idField, pick, yesNo } from './catalogue-admin.fields.tsx';
import { CATALOGUE_ADMIN_META } from './catalogue-admin.meta.ts';

type MarchioRow = MarchioAdmin & EntityRow;
export const marchioEntity: EntityConfig<MarchioRow, MarchioSortField> = {
  ...CATALOGUE_ADMIN_META.marchio,
  apiPath: '/api/marchio',
  idOf: (r) => [String(r.id)],
  defaultSort: 'descrizione,asc',
  searchable: true,
  deleteShowsId: true,
  columns: [
    idColumn,
    { key: 'descrizione', titleKey: f('descrizione'), sortField: 'descrizione' },
    { key: 'codImmagine', titleKey: f('codImmagine') },
    { key: 'visibile', titleKey: f('visibile'), render: (r) => yesNo(r.visibile) },
  ],
  fields: [
    idField,
    { name: 'descrizione', labelKey: f('descrizione'), kind: 'text', required: true },
    { name: 'codImmagine', labelKey: f('codImmagine'), kind: 'text' },
    { name: 'visibile', labelKey: f('visibile'), kind: 'switch' },
    ...auditFields,
  ],
  schemas: { create: marchioInputSchema, update: marchioInputSchema },
  newDefaults: { visibile: true },
  fromForm: pick(marchioInputSchema),
};

// ---- Articolo ---------------------------------------------------------------------------------

export const MarchioListPage = () => <EntityListPage config={marchioEntity} />;
export const MarchioDetailPage = () => <EntityDetailPage config={marchioEntity} />;
