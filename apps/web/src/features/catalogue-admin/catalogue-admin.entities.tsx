import {
  type ArticoloAdmin,
  type ArticoloArticoloAdmin,
  type ArticoloEquivAdmin,
  articoloArticoloInputSchema,
  articoloCreateSchema,
  articoloDescrizione,
  articoloEquivInputSchema,
  articoloUpdateSchema,
  CATALOGUE_ADMIN_LIMITS,
  type CategoriaAdmin,
  type ComboVociAdmin,
  categoriaInputSchema,
  comboVociInputSchema,
  EQUIV_RELAZIONI,
  type MarchioAdmin,
  marchioInputSchema,
  type RelationArticolo,
  type SearchLogAdmin,
  searchLogInputSchema,
  TIPI_ARTICOLO,
  TIPI_ARTICOLO_ORIG,
  type TipoCategoriaAdmin,
  tipoCategoriaInputSchema,
} from '@ricambi/domain';
import { Link } from '@tanstack/react-router';
import { Tag } from 'antd';
import { CATALOGUE_ENTITIES } from '../../api/catalogue-admin.api.ts';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityField, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { i18next } from '../../i18n/index.ts';
import { formatDate, formatTimestamp } from '../../lib/format.ts';
import { ArticoloRelations } from './ArticoloRelations.tsx';
import { Clipped, type ControlProps, DateInput, LocalizedCell, LookupSelect } from './CatalogueControls.tsx';
import { CATALOGUE_ADMIN_META } from './catalogue-admin.meta.ts';

const L = CATALOGUE_ADMIN_LIMITS;
const f = (name: string) => `catalogueAdmin.field.${name}`;
const displayOnly = { hiddenOnCreate: true, hiddenOnEdit: true } as const;
const auditFields: EntityField[] = [
  { name: 'createdBy', labelKey: f('createdBy'), kind: 'text', ...displayOnly },
  { name: 'createdDate', labelKey: f('createdDate'), kind: 'datetime', ...displayOnly },
  { name: 'lastModifiedBy', labelKey: f('lastModifiedBy'), kind: 'text', ...displayOnly },
  { name: 'lastModifiedDate', labelKey: f('lastModifiedDate'), kind: 'datetime', ...displayOnly },
];
const idField: EntityField = { name: 'id', labelKey: f('id'), kind: 'number', ...displayOnly };
const idColumn = { key: 'id', titleKey: f('id'), sortField: 'id', width: 90 };

/** What a dialog sends: the schema's fields only (ids and labels of the response stay out). */
const pick =
  (schema: { shape: object }, skipOnEdit: readonly string[] = []) =>
  (values: EntityRow, editing: boolean): EntityRow =>
    Object.fromEntries(
      Object.keys(schema.shape)
        .filter((k) => !(editing && skipOnEdit.includes(k)) && values[k] !== undefined)
        .map((k) => [k, values[k]]),
    );

const optionsOf = (values: readonly string[], key: string) => () =>
  values.map((v) => ({ value: v, label: i18next.t(`${key}.${v}`) }));

const yesNo = (value: boolean) => (
  <Tag color={value ? 'green' : 'default'}>{i18next.t(`catalogueAdmin.yesNo.${value}`)}</Tag>
);

const articoloLabel = (a: { articolo: string; descrizione: string | null }) =>
  [a.articolo, a.descrizione].filter(Boolean).join(' · ');

const articoloLookup = {
  entity: CATALOGUE_ENTITIES.articolo,
  apiPath: '/api/articolo',
  label: articoloLabel,
  placeholderKey: 'catalogueAdmin.lookup.articolo',
};
const ArticoloTypeahead = (props: ControlProps & { testId?: string }) => (
  <LookupSelect<ArticoloAdmin> {...props} lookup={{ ...articoloLookup, testId: props.testId }} />
);
const MarchioSelect = (props: ControlProps) => (
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
const categoriaLookup = {
  entity: CATALOGUE_ENTITIES.categoria,
  apiPath: '/api/categoria',
  label: (c: CategoriaAdmin) => (c.slug ? `${c.nome} (${c.slug})` : c.nome),
  placeholderKey: 'catalogueAdmin.lookup.categoria',
};

/** An article of a relation, linked to its master-data page. */
const ArticoloLink = ({ a }: { a: RelationArticolo | null }) =>
  a ? (
    <Link to="/articolo-detail/$id" params={{ id: String(a.id) }}>
      {a.articolo}
    </Link>
  ) : (
    '—'
  );
const relationLabel = (a: unknown) => {
  const r = a as RelationArticolo | null;
  return r ? <ArticoloLink a={r} /> : '—';
};

// ---- TipoCategoria ----------------------------------------------------------------------------

type TipoCategoriaRow = TipoCategoriaAdmin & EntityRow;
export const tipoCategoriaEntity: EntityConfig<TipoCategoriaRow> = {
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

type CategoriaRow = CategoriaAdmin & EntityRow;
export const categoriaEntity: EntityConfig<CategoriaRow> = {
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

type MarchioRow = MarchioAdmin & EntityRow;
export const marchioEntity: EntityConfig<MarchioRow> = {
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

type ArticoloRow = ArticoloAdmin & EntityRow;
const tagField = (n: number, section?: string): EntityField => ({
  name: `tag${n}`,
  labelKey: f(`tag${n}`),
  kind: 'text',
  section,
  help: n <= 3 || n === 6 ? `catalogueAdmin.help.tag${n}` : undefined,
});

export const articoloEntity: EntityConfig<ArticoloRow> = {
  ...CATALOGUE_ADMIN_META.articolo,
  apiPath: '/api/articolo',
  idOf: (r) => [String(r.id)],
  defaultSort: 'articolo,asc',
  searchable: true,
  deleteShowsId: true,
  tableSize: 'middle',
  formColumns: 2,
  formWidth: 980,
  columns: [
    idColumn,
    { key: 'articolo', titleKey: f('articolo'), sortField: 'articolo', render: (r) => <code>{r.articolo}</code> },
    {
      key: 'descrizione',
      titleKey: f('descrizione'),
      sortField: 'descrizione',
      render: (r) => <Clipped text={articoloDescrizione(r, i18next.language)} max={280} />,
    },
    {
      key: 'tipoArticolo',
      titleKey: f('tipoArticolo'),
      sortField: 'tipoArticolo',
      render: (r) => <Tag>{i18next.t(`catalogueAdmin.tipoArticolo.${r.tipoArticolo}`)}</Tag>,
    },
    {
      key: 'prezzo',
      titleKey: f('prezzo'),
      sortField: 'prezzo',
      render: (r) => new Intl.NumberFormat(i18next.language, { style: 'currency', currency: 'EUR' }).format(r.prezzo),
    },
    { key: 'marchio', titleKey: f('marchio'), responsive: ['lg'], render: (r) => r.marchio?.descrizione ?? '' },
    { key: 'visibile', titleKey: f('visibile'), responsive: ['lg'], render: (r) => yesNo(r.visibile) },
    {
      key: 'dataUltimaModifica',
      titleKey: f('dataUltimaModifica'),
      sortField: 'dataUltimaModifica',
      responsive: ['xl'],
      render: (r) => formatTimestamp(r.dataUltimaModifica),
    },
  ],
  fields: [
    {
      name: 'id',
      labelKey: f('id'),
      kind: 'number',
      required: true,
      readOnlyOnEdit: true,
      min: 1,
      step: 1,
      help: 'catalogueAdmin.help.articoloId',
      section: 'catalogueAdmin.section.identity',
    },
    { name: 'articolo', labelKey: f('articolo'), kind: 'text', required: true },
    {
      name: 'tipoArticolo',
      labelKey: f('tipoArticolo'),
      kind: 'select',
      required: true,
      options: optionsOf(TIPI_ARTICOLO, 'catalogueAdmin.tipoArticolo'),
    },
    {
      name: 'tipoArticoloOrig',
      labelKey: f('tipoArticoloOrig'),
      kind: 'select',
      required: true,
      options: optionsOf(TIPI_ARTICOLO_ORIG, 'catalogueAdmin.tipoArticoloOrig'),
    },
    { name: 'gruppoMerceologico', labelKey: f('gruppoMerceologico'), kind: 'text', required: true },
    {
      name: 'marchioId',
      labelKey: f('marchio'),
      kind: 'select',
      render: (p) => <MarchioSelect {...p} />,
      display: (_v, values) => (values.marchio as { descrizione: string } | null)?.descrizione ?? '—',
    },
    {
      name: 'categoriaIds',
      labelKey: f('categoriaLists'),
      kind: 'multiselect',
      wide: true,
      render: (p) => <LookupSelect<CategoriaAdmin> {...p} multiple lookup={categoriaLookup} />,
      display: (_v, values) =>
        ((values.categoriaLists as { nome: string }[] | undefined) ?? []).map((c) => c.nome).join(', ') || '—',
    },
    {
      name: 'prezzo',
      labelKey: f('prezzo'),
      kind: 'number',
      required: true,
      min: 0,
      step: 0.01,
      section: 'catalogueAdmin.section.price',
    },
    { name: 'peso', labelKey: f('peso'), kind: 'number', required: true, min: 0, step: 0.001 },
    { name: 'unitaMisura', labelKey: f('unitaMisura'), kind: 'text', help: 'catalogueAdmin.help.unitaMisura' },
    {
      name: 'dataFineValidita',
      labelKey: f('dataFineValidita'),
      kind: 'text',
      render: (p) => <DateInput {...p} />,
      display: (v) => (v ? formatDate(String(v)) : '—'),
    },
    { name: 'ordinabile', labelKey: f('ordinabile'), kind: 'switch' },
    { name: 'visibile', labelKey: f('visibile'), kind: 'switch' },
    {
      name: 'descrizione',
      labelKey: f('descrizione'),
      kind: 'text',
      wide: true,
      section: 'catalogueAdmin.section.texts',
    },
    {
      name: 'descrizioneEstesa',
      labelKey: f('descrizioneEstesa'),
      kind: 'textarea',
      maxLength: L.articolo.descrizioneEstesa,
    },
    {
      name: 'localizedDescrizione',
      labelKey: f('localizedDescrizione'),
      kind: 'localized',
      maxLength: L.articolo.descrizione,
    },
    {
      name: 'localizedDescrizioneEstesa',
      labelKey: f('localizedDescrizioneEstesa'),
      kind: 'localized',
      maxLength: L.articolo.descrizioneEstesa,
    },
    { name: 'keywords', labelKey: f('keywords'), kind: 'text', wide: true, help: 'catalogueAdmin.help.keywords' },
    {
      name: 'classeMercWeb',
      labelKey: f('classeMercWeb'),
      kind: 'text',
      section: 'catalogueAdmin.section.classification',
    },
    { name: 'classeMercWebSort', labelKey: f('classeMercWebSort'), kind: 'number', step: 1 },
    {
      name: 'localizedClasseMercWeb',
      labelKey: f('localizedClasseMercWeb'),
      kind: 'localized',
      maxLength: L.articolo.classeMercWeb,
    },
    tagField(1),
    tagField(2),
    tagField(3),
    tagField(4),
    tagField(5),
    tagField(6),
    { name: 'codImmagine', labelKey: f('codImmagine'), kind: 'text' },
    { name: 'ordine', labelKey: f('ordine'), kind: 'number', step: 1 },
    {
      name: 'cingoloInGomma',
      labelKey: f('cingoloInGomma'),
      kind: 'switch',
      section: 'catalogueAdmin.section.technical',
    },
    { name: 'matricole', labelKey: f('matricole'), kind: 'textarea', maxLength: L.articolo.matricole },
    { name: 'datiTecnici', labelKey: f('datiTecnici'), kind: 'textarea', maxLength: L.articolo.datiTecnici },
    { name: 'note', labelKey: f('note'), kind: 'textarea', maxLength: L.articolo.note },
    { name: 'dataCreazione', labelKey: f('dataCreazione'), kind: 'datetime', ...displayOnly },
    { name: 'dataUltimaModifica', labelKey: f('dataUltimaModifica'), kind: 'datetime', ...displayOnly },
  ],
  schemas: { create: articoloCreateSchema, update: articoloUpdateSchema },
  newDefaults: {
    tipoArticoloOrig: 'T',
    unitaMisura: 'NR',
    ordinabile: true,
    visibile: true,
    cingoloInGomma: false,
    categoriaIds: [],
  },
  fromForm: (values, editing) => pick(editing ? articoloUpdateSchema : articoloCreateSchema)(values, editing),
};

// ---- ArticoloArticolo -------------------------------------------------------------------------

type ArticoloArticoloRow = ArticoloArticoloAdmin & EntityRow;
export const articoloArticoloEntity: EntityConfig<ArticoloArticoloRow> = {
  ...CATALOGUE_ADMIN_META.articoloArticolo,
  apiPath: '/api/articoloArticolo',
  idOf: (r) => [String(r.id)],
  defaultSort: 'padreId,asc',
  searchable: true,
  deleteShowsId: true,
  formColumns: 2,
  columns: [
    idColumn,
    { key: 'padre', titleKey: f('padre'), sortField: 'padreId', render: (r) => <ArticoloLink a={r.padre} /> },
    { key: 'figlio', titleKey: f('figlio'), sortField: 'figlioId', render: (r) => <ArticoloLink a={r.figlio} /> },
    {
      key: 'figlioDescrizione',
      titleKey: f('descrizione'),
      responsive: ['lg'],
      render: (r) => <Clipped text={r.figlio?.descrizione} max={260} />,
    },
    { key: 'quantita', titleKey: f('quantita'), sortField: 'quantita' },
    { key: 'livelloImpiego', titleKey: f('livelloImpiego'), sortField: 'livelloImpiego' },
    { key: 'tipo', titleKey: f('tipo') },
    { key: 'origine', titleKey: f('origine'), responsive: ['lg'] },
  ],
  fields: [
    idField,
    {
      name: 'padreId',
      labelKey: f('padre'),
      kind: 'select',
      required: true,
      wide: true,
      render: (p) => <ArticoloTypeahead {...p} testId="padre-typeahead" />,
      display: (_v, values) => relationLabel(values.padre),
    },
    {
      name: 'figlioId',
      labelKey: f('figlio'),
      kind: 'select',
      required: true,
      wide: true,
      render: (p) => <ArticoloTypeahead {...p} testId="figlio-typeahead" />,
      display: (_v, values) => relationLabel(values.figlio),
    },
    { name: 'quantita', labelKey: f('quantita'), kind: 'number', required: true, min: 1 },
    { name: 'livelloImpiego', labelKey: f('livelloImpiego'), kind: 'number', required: true, min: 1, step: 1 },
    { name: 'tipo', labelKey: f('tipo'), kind: 'number', required: true, step: 1 },
    { name: 'relazione', labelKey: f('relazione'), kind: 'text' },
    { name: 'origine', labelKey: f('origine'), kind: 'text' },
  ],
  schemas: { create: articoloArticoloInputSchema, update: articoloArticoloInputSchema },
  newDefaults: { quantita: 1, livelloImpiego: 1, tipo: 1 },
  fromForm: pick(articoloArticoloInputSchema),
};

// ---- ArticoloEquiv ----------------------------------------------------------------------------

type ArticoloEquivRow = ArticoloEquivAdmin & EntityRow;
export const articoloEquivEntity: EntityConfig<ArticoloEquivRow> = {
  ...CATALOGUE_ADMIN_META.articoloEquiv,
  apiPath: '/api/articoloEquiv',
  idOf: (r) => [String(r.id)],
  defaultSort: 'articoloId,asc',
  searchable: true,
  deleteShowsId: true,
  formColumns: 2,
  columns: [
    idColumn,
    {
      key: 'articolo',
      titleKey: f('articolo'),
      sortField: 'articoloId',
      render: (r) => <ArticoloLink a={r.articolo} />,
    },
    { key: 'equiv', titleKey: f('equiv'), sortField: 'equiv', render: (r) => <code>{r.equiv}</code> },
    {
      key: 'relazione',
      titleKey: f('relazione'),
      sortField: 'relazione',
      render: (r) => <Tag color={r.relazione === 'ALT' ? 'blue' : 'default'}>{r.relazione}</Tag>,
    },
    { key: 'marchio', titleKey: f('marchio'), render: (r) => r.marchio?.descrizione ?? '' },
    { key: 'ordine', titleKey: f('ordine'), responsive: ['lg'] },
    { key: 'note', titleKey: f('note'), responsive: ['lg'], render: (r) => <Clipped text={r.note} max={240} /> },
  ],
  fields: [
    idField,
    {
      name: 'articoloId',
      labelKey: f('articolo'),
      kind: 'select',
      required: true,
      wide: true,
      render: (p) => <ArticoloTypeahead {...p} testId="articolo-typeahead" />,
      display: (_v, values) => relationLabel(values.articolo),
    },
    { name: 'equiv', labelKey: f('equiv'), kind: 'text', required: true, help: 'catalogueAdmin.help.equiv' },
    {
      name: 'relazione',
      labelKey: f('relazione'),
      kind: 'select',
      required: true,
      options: optionsOf(EQUIV_RELAZIONI, 'catalogueAdmin.relazione'),
    },
    {
      name: 'marchioId',
      labelKey: f('marchio'),
      kind: 'select',
      render: (p) => <MarchioSelect {...p} />,
      display: (_v, values) => (values.marchio as { descrizione: string } | null)?.descrizione ?? '—',
    },
    { name: 'ordine', labelKey: f('ordine'), kind: 'number', step: 1 },
    { name: 'note', labelKey: f('note'), kind: 'text', wide: true },
  ],
  schemas: { create: articoloEquivInputSchema, update: articoloEquivInputSchema },
  newDefaults: { relazione: 'ALT' },
  fromForm: pick(articoloEquivInputSchema),
};

// ---- SearchLog --------------------------------------------------------------------------------

type SearchLogRow = SearchLogAdmin & EntityRow;
export const searchLogEntity: EntityConfig<SearchLogRow> = {
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

type ComboVociRow = ComboVociAdmin & EntityRow;
export const comboVociEntity: EntityConfig<ComboVociRow> = {
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

export const TipoCategoriaListPage = () => <EntityListPage config={tipoCategoriaEntity} />;
export const TipoCategoriaDetailPage = () => <EntityDetailPage config={tipoCategoriaEntity} />;
export const CategoriaListPage = () => <EntityListPage config={categoriaEntity} />;
export const CategoriaDetailPage = () => <EntityDetailPage config={categoriaEntity} />;
export const MarchioListPage = () => <EntityListPage config={marchioEntity} />;
export const MarchioDetailPage = () => <EntityDetailPage config={marchioEntity} />;
export const ArticoloListPage = () => <EntityListPage config={articoloEntity} />;
export const ArticoloMasterDetailPage = () => (
  <>
    <EntityDetailPage config={articoloEntity} />
    <ArticoloRelations />
  </>
);
export const ArticoloArticoloListPage = () => <EntityListPage config={articoloArticoloEntity} />;
export const ArticoloArticoloDetailPage = () => <EntityDetailPage config={articoloArticoloEntity} />;
export const ArticoloEquivListPage = () => <EntityListPage config={articoloEquivEntity} />;
export const ArticoloEquivDetailPage = () => <EntityDetailPage config={articoloEquivEntity} />;
export const SearchLogListPage = () => <EntityListPage config={searchLogEntity} />;
export const SearchLogDetailPage = () => <EntityDetailPage config={searchLogEntity} />;
export const ComboVociListPage = () => <EntityListPage config={comboVociEntity} />;
export const ComboVociDetailPage = () => <EntityDetailPage config={comboVociEntity} />;

/** Every catalogue entity with its list pages, for the route table and the hub page. */
export const CATALOGUE_ADMIN_CONFIGS = [
  articoloEntity,
  marchioEntity,
  categoriaEntity,
  tipoCategoriaEntity,
  articoloArticoloEntity,
  articoloEquivEntity,
  comboVociEntity,
  searchLogEntity,
] as const;
