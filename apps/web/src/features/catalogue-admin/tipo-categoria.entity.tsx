import { type TipoCategoriaAdmin, type TipoCategoriaSortField, tipoCategoriaInputSchema } from '@ricambi/domain';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { Clipped } from './CatalogueControls.tsx';
import { auditFields, f, idColumn, idField, pick } from './catalogue-admin.fields.tsx';
import { CATALOGUE_ADMIN_META } from './catalogue-admin.meta.ts';

type TipoCategoriaRow = TipoCategoriaAdmin & EntityRow;
export const tipoCategoriaEntity: EntityConfig<TipoCategoriaRow, TipoCategoriaSortField> = {
  ...CATALOGUE_ADMIN_META.tipoCategoria,
  apiPath: '/api/tipoCategoria',
  idOf: (r) => [String(r.id)],
  defaultSort: 'nome,asc',
  searchable: true,
  deleteShowsId: true,
  columns: [
    idColumn,
    { key: 'nome', titleKey: f('nome'), sortField: 'nome' },
    { key: 'descrizione', titleKey: f('descrizione'), render: (r) => <Clipped text={r.descrizione} /> },
  ],
  fields: [
    idField,
    { name: 'nome', labelKey: f('nome'), kind: 'text', required: true },
    { name: 'descrizione', labelKey: f('descrizione'), kind: 'text', required: true },
    ...auditFields,
  ],
  schemas: { create: tipoCategoriaInputSchema, update: tipoCategoriaInputSchema },
  fromForm: pick(tipoCategoriaInputSchema),
};

// ---- Categoria --------------------------------------------------------------------------------

export const TipoCategoriaListPage = () => <EntityListPage config={tipoCategoriaEntity} />;
export const TipoCategoriaDetailPage = () => <EntityDetailPage config={tipoCategoriaEntity} />;
