import {
  type ArticoloAdmin,
  CATALOGUE_ADMIN_LIMITS,
  type CategoriaAdmin,
  type MarchioAdmin,
  type RelationArticolo,
} from '@ricambi/domain';
import { Link } from '@tanstack/react-router';
import { Tag } from 'antd';
import { CATALOGUE_ENTITIES } from '../../api/keys.ts';
import type { EntityField, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { i18next } from '../../i18n/index.ts';
import { type ControlProps, LookupSelect } from './CatalogueControls.tsx';

/** What the catalogue entities share: field keys, audit fields, lookups and labels. */
export const L = CATALOGUE_ADMIN_LIMITS;
export const f = (name: string) => `catalogueAdmin.field.${name}`;
export const displayOnly = { hiddenOnCreate: true, hiddenOnEdit: true } as const;
export const auditFields: EntityField[] = [
  { name: 'createdBy', labelKey: f('createdBy'), kind: 'text', ...displayOnly },
  { name: 'createdDate', labelKey: f('createdDate'), kind: 'datetime', ...displayOnly },
  { name: 'lastModifiedBy', labelKey: f('lastModifiedBy'), kind: 'text', ...displayOnly },
  { name: 'lastModifiedDate', labelKey: f('lastModifiedDate'), kind: 'datetime', ...displayOnly },
];
export const idField: EntityField = { name: 'id', labelKey: f('id'), kind: 'number', ...displayOnly };
export const idColumn = { key: 'id', titleKey: f('id'), sortField: 'id' as const, width: 90 };

/** What a dialog sends: the schema's fields only (ids and labels of the response stay out). */
export const pick =
  (schema: { shape: object }, skipOnEdit: readonly string[] = []) =>
  (values: EntityRow, editing: boolean): EntityRow =>
    Object.fromEntries(
      Object.keys(schema.shape)
        .filter((k) => !(editing && skipOnEdit.includes(k)) && values[k] !== undefined)
        .map((k) => [k, values[k]]),
    );

export const optionsOf = (values: readonly string[], key: string) => () =>
  values.map((v) => ({ value: v, label: i18next.t(`${key}.${v}`) }));

export const yesNo = (value: boolean) => (
  <Tag color={value ? 'green' : 'default'}>{i18next.t(`catalogueAdmin.yesNo.${value}`)}</Tag>
);

export const articoloLabel = (a: { articolo: string; descrizione: string | null }) =>
  [a.articolo, a.descrizione].filter(Boolean).join(' · ');

export const articoloLookup = {
  entity: CATALOGUE_ENTITIES.articolo,
  apiPath: '/api/articolo',
  label: articoloLabel,
  placeholderKey: 'catalogueAdmin.lookup.articolo',
};
export const ArticoloTypeahead = (props: ControlProps & { testId?: string }) => (
  <LookupSelect<ArticoloAdmin> {...props} lookup={{ ...articoloLookup, testId: props.testId }} />
);
export const MarchioSelect = (props: ControlProps) => (
  <LookupSelect<MarchioAdmin>
    {...props}
    lookup={{
      entity: CATALOGUE_ENTITIES.marchio,
      apiPath: '/api/marchio',
      label: (m) => m.descrizione,
      placeholderKey: 'catalogueAdmin.lookup.marchio',
      testId: 'marchio-select',
    }}
  />
);
export const categoriaLookup = {
  entity: CATALOGUE_ENTITIES.categoria,
  apiPath: '/api/categoria',
  label: (c: CategoriaAdmin) => (c.slug ? `${c.nome} (${c.slug})` : c.nome),
  placeholderKey: 'catalogueAdmin.lookup.categoria',
};

/** An article of a relation, linked to its master-data page. */
export const ArticoloLink = ({ a }: { a: RelationArticolo | null }) =>
  a ? (
    <Link to="/articolo-detail/$id" params={{ id: String(a.id) }}>
      {a.articolo}
    </Link>
  ) : (
    '—'
  );
export const relationLabel = (a: unknown) => {
  const r = a as RelationArticolo | null;
  return r ? <ArticoloLink a={r} /> : '—';
};

// ---- TipoCategoria ----------------------------------------------------------------------------
