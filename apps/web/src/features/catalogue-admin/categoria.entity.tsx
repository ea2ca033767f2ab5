import {
  type CategoriaAdmin,
  type CategoriaSortField,
  categoriaInputSchema,
  type TipoCategoriaAdmin,
} from '@ricambi/domain';
import { CATALOGUE_ENTITIES } from '../../api/keys.ts';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { LookupSelect } from './CatalogueControls.tsx';
import { auditFields, categoriaLookup, f, idColumn, idField, L, pick, yesNo } from './catalogue-admin.fields.tsx';
import { CATALOGUE_ADMIN_META } from './catalogue-admin.meta.ts';

type CategoriaRow = CategoriaAdmin & EntityRow;
export const categoriaEntity: EntityConfig<CategoriaRow, CategoriaSortField> = {
  ...CATALOGUE_ADMIN_META.categoria,
  apiPath: '/api/categoria',
  idOf: (r) => [String(r.id)],
  defaultSort: 'nome,asc',
  searchable: true,
  deleteShowsId: true,
  formColumns: 2,
  columns: [
    idColumn,
    { key: 'nome', titleKey: f('nome'), sortField: 'nome' },
    { key: 'slug', titleKey: f('slug'), sortField: 'slug', render: (r) => (r.slug ? <code>{r.slug}</code> : '') },
    { key: 'padre', titleKey: f('padre'), render: (r) => r.padre?.nome ?? '' },
    { key: 'tipoCategoria', titleKey: f('tipoCategoria'), render: (r) => r.tipoCategoria?.nome ?? '' },
    { key: 'ordine', titleKey: f('ordine'), sortField: 'ordine', width: 90 },
    { key: 'visibile', titleKey: f('visibile'), render: (r) => yesNo(r.visibile) },
  ],
  fields: [
    idField,
    { name: 'nome', labelKey: f('nome'), kind: 'text', required: true },
    { name: 'localizedNome', labelKey: f('localizedNome'), kind: 'localized', maxLength: L.categoria.nome },
    { name: 'descrizione', labelKey: f('descrizione'), kind: 'text', required: true },
    { name: 'slug', labelKey: f('slug'), kind: 'text', help: 'catalogueAdmin.help.slug' },
    { name: 'codImmagine', labelKey: f('codImmagine'), kind: 'text' },
    {
      name: 'padreId',
      labelKey: f('padre'),
      kind: 'select',
      render: (p) => <LookupSelect<CategoriaAdmin> {...p} lookup={{ ...categoriaLookup, testId: 'padre-select' }} />,
      display: (_v, values) => (values.padre as { nome: string } | null)?.nome ?? '—',
    },
    {
      name: 'tipoCategoriaId',
      labelKey: f('tipoCategoria'),
      kind: 'select',
      render: (p) => (
        <LookupSelect<TipoCategoriaAdmin>
          {...p}
          lookup={{
            entity: CATALOGUE_ENTITIES.tipoCategoria,
            apiPath: '/api/tipoCategoria',
            label: (x) => x.nome,
            placeholderKey: 'catalogueAdmin.lookup.tipoCategoria',
          }}
        />
      ),
      display: (_v, values) => (values.tipoCategoria as { nome: string } | null)?.nome ?? '—',
    },
    { name: 'ordine', labelKey: f('ordine'), kind: 'number', step: 1 },
    { name: 'visibile', labelKey: f('visibile'), kind: 'switch' },
    {
      name: 'descrizioneEstesa',
      labelKey: f('descrizioneEstesa'),
      kind: 'textarea',
      maxLength: L.categoria.descrizioneEstesa,
    },
    ...auditFields,
  ],
  schemas: { create: categoriaInputSchema, update: categoriaInputSchema },
  newDefaults: { visibile: true },
  fromForm: pick(categoriaInputSchema),
};

// ---- Marchio ----------------------------------------------------------------------------------

export const CategoriaListPage = () => <EntityListPage config={categoriaEntity} />;
export const CategoriaDetailPage = () => <EntityDetailPage config={categoriaEntity} />;
