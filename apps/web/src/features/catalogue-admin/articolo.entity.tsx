import {
  type ArticoloAdmin,
  type ArticoloSortField,
  articoloCreateSchema,
  articoloDescrizione,
  articoloUpdateSchema,
  type CategoriaAdmin,
  TIPI_ARTICOLO,
  TIPI_ARTICOLO_ORIG,
} from '@ricambi/domain';
import { Tag } from 'antd';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityField, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { i18next } from '../../i18n/index.ts';
import { formatDate, formatTimestamp } from '../../lib/format.ts';
import { ArticoloRelations } from './ArticoloRelations.tsx';
import { Clipped, DateInput, LookupSelect } from './CatalogueControls.tsx';
import {
  categoriaLookup,
  displayOnly,
  f,
  idColumn,
  L,
  MarchioSelect,
  optionsOf,
  pick,
  yesNo,
} from './catalogue-admin.fields.tsx';
import { CATALOGUE_ADMIN_META } from './catalogue-admin.meta.ts';

type ArticoloRow = ArticoloAdmin & EntityRow;
const tagField = (n: number, section?: string): EntityField => ({
  name: `tag${n}`,
  labelKey: f(`tag${n}`),
  kind: 'text',
  section,
  help: n <= 3 || n === 6 ? `catalogueAdmin.help.tag${n}` : undefined,
});

export const articoloEntity: EntityConfig<ArticoloRow, ArticoloSortField> = {
  ...CATALOGUE_ADMIN_META.articolo,
  apiPath: '/api/articolo',
  idOf: (r) => [String(r.id)],
  defaultSort: 'articolo,asc',
  searchable: true,
  deleteShowsId: true,
  tableSize: 'middle',
  formColumns: 2,
  formWidth: 980,
  // On a tablet the code, description, price and actions stay; id and type return from 992 px.
  columns: [
    { ...idColumn, responsive: ['lg'] },
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
      responsive: ['lg'],
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
    {
      name: 'localizedDatiTecnici',
      labelKey: f('localizedDatiTecnici'),
      kind: 'localized',
      maxLength: L.articolo.datiTecnici,
    },
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

export const ArticoloListPage = () => <EntityListPage config={articoloEntity} />;
export const ArticoloMasterDetailPage = () => (
  <>
    <EntityDetailPage config={articoloEntity} />
    <ArticoloRelations />
  </>
);
