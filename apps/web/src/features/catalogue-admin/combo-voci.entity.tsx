import { type ComboVociAdmin, type ComboVociSortField, comboVociInputSchema } from '@ricambi/domain';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { LocalizedCell } from './CatalogueControls.tsx';
import { f, idColumn, idField, L, pick } from './catalogue-admin.fields.tsx';
import { CATALOGUE_ADMIN_META } from './catalogue-admin.meta.ts';

type ComboVociRow = ComboVociAdmin & EntityRow;
export const comboVociEntity: EntityConfig<ComboVociRow, ComboVociSortField> = {
  ...CATALOGUE_ADMIN_META.comboVoci,
  apiPath: '/api/comboVoci',
  idOf: (r) => [String(r.id)],
  defaultSort: 'tipo,asc',
  searchable: true,
  deleteShowsId: true,
  columns: [
    idColumn,
    { key: 'tipo', titleKey: f('tipo'), sortField: 'tipo' },
    { key: 'chiave', titleKey: f('chiave'), render: (r) => <code>{r.chiave}</code> },
    { key: 'descrizione', titleKey: f('descrizione'), render: (r) => <LocalizedCell texts={r.descrizione} /> },
    { key: 'ordine', titleKey: f('ordine') },
  ],
  fields: [
    idField,
    { name: 'tipo', labelKey: f('tipo'), kind: 'text', required: true },
    { name: 'chiave', labelKey: f('chiave'), kind: 'text', required: true },
    {
      name: 'descrizione',
      labelKey: f('descrizione'),
      kind: 'localized',
      required: true,
      maxLength: L.comboVoci.descrizione,
    },
    { name: 'ordine', labelKey: f('ordine'), kind: 'number', step: 1 },
  ],
  schemas: { create: comboVociInputSchema, update: comboVociInputSchema },
  fromForm: pick(comboVociInputSchema),
};

export const ComboVociListPage = () => <EntityListPage config={comboVociEntity} />;
export const ComboVociDetailPage = () => <EntityDetailPage config={comboVociEntity} />;
