import { type CrDocumenti, type CrDocumentiSortField, crDocumentiInputSchema, DOCUMENT_LIMITS } from '@ricambi/domain';
import { Typography } from 'antd';
import { DOCUMENT_ENTITIES } from '../../api/documents-admin.api.ts';
import { queryKeys } from '../../api/keys.ts';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityField, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { i18next } from '../../i18n/index.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { DateInput } from '../catalogue-admin/CatalogueControls.tsx';
import { CR_DOCUMENTI_META } from './cr-documenti.meta.ts';
import {
  asFileRows,
  asModelRows,
  emptyFileRows,
  emptyModelRows,
  fileRowsBody,
  fileRowsError,
  fileRowsOf,
  modelRowsBody,
  modelRowsError,
  modelRowsOf,
} from './cr-documenti.rows.ts';
import { ComboLabel, ComboSelect, comboText, formatDay, yesNoTag } from './DocumentControls.tsx';
import { FileRowsEditor, FileRowsView } from './FileRows.tsx';
import { ModelRowsEditor, ModelRowsView } from './ModelRows.tsx';

type Row = CrDocumenti & EntityRow;

const f = (name: string) => `crDocumenti.field.${name}`;
const displayOnly = { hiddenOnCreate: true, hiddenOnEdit: true } as const;
const COMBOS = ['tipoDocumento', 'categoria1', 'categoria2', 'categoria3'] as const;
const SOURCE = {
  tipoDocumento: 'tipodocumento',
  categoria1: 'categoria1',
  categoria2: 'categoria2',
  categoria3: 'categoria3',
} as const;
const MODELS_TAB = 'crDocumenti.tab.models';
const FILES_TAB = 'crDocumenti.tab.files';

const comboField = (name: (typeof COMBOS)[number], required: boolean): EntityField => ({
  name,
  labelKey: f(name),
  kind: 'select',
  required,
  render: (p) => <ComboSelect source={SOURCE[name]} {...p} />,
  display: (value) => <ComboLabel source={SOURCE[name]} value={value} />,
});

const dayField = (name: 'daData' | 'aData'): EntityField => ({
  name,
  labelKey: f(name),
  kind: 'text',
  render: (p) => <DateInput {...p} />,
  display: (value) => formatDay(value as string | null) || '—',
});

const lang = () => i18next.language;

/**
 * Technical documents (spec 2 §2–§4, spec 3 §5) on the kit: the list with its search (also from
 * `?search=`, the library's Edit link), and the dialog whose Models and Files tabs edit the
 * document's model rows and files, sent with it in one save.
 */
export const crDocumentiEntity: EntityConfig<Row, CrDocumentiSortField> = {
  ...CR_DOCUMENTI_META,
  apiPath: '/api/crDocumentis',
  idOf: (row) => [String(row.id)],
  defaultSort: 'id,desc',
  searchable: true,
  deleteShowsId: true,
  tableSize: 'middle',
  formColumns: 2,
  formWidth: 1040,
  // A document's save changes its files and model rows, and what the library finds.
  invalidates: [
    queryKeys.entity(DOCUMENT_ENTITIES.files).all,
    queryKeys.entity(DOCUMENT_ENTITIES.modelli).all,
    queryKeys.documents.all,
  ],
  columns: [
    { key: 'id', titleKey: f('id'), sortField: 'id', width: 80 },
    {
      key: 'nome',
      titleKey: f('nome'),
      sortField: 'nome',
      render: (r) => (
        <Typography.Text ellipsis={{ tooltip: r.nome }} style={{ maxWidth: 300, display: 'block' }}>
          {r.nome}
        </Typography.Text>
      ),
    },
    {
      key: 'brand',
      titleKey: f('brand'),
      sortField: 'brand',
      render: (r) => <ComboLabel source="marchi" value={r.brand} />,
    },
    { key: 'tipoDocumento', titleKey: f('tipoDocumento'), render: (r) => comboText(r.tipoDocumento, lang()) },
    {
      key: 'categoria1',
      titleKey: f('categoria1'),
      responsive: ['lg'],
      render: (r) => comboText(r.categoria1, lang()),
    },
    {
      key: 'daData',
      titleKey: f('daData'),
      sortField: 'daData',
      responsive: ['lg'],
      render: (r) => formatDay(r.daData),
    },
    { key: 'aData', titleKey: f('aData'), sortField: 'aData', responsive: ['lg'], render: (r) => formatDay(r.aData) },
    {
      key: 'interno',
      titleKey: f('interno'),
      sortField: 'interno',
      responsive: ['lg'],
      render: (r) => yesNoTag(r.interno, 'gold'),
    },
    { key: 'inVigore', titleKey: f('inVigore'), render: (r) => yesNoTag(r.inVigore) },
  ],
  fields: [
    { name: 'id', labelKey: f('id'), kind: 'number', ...displayOnly },
    { name: 'nome', labelKey: f('nome'), kind: 'text', required: true, wide: true, maxLength: DOCUMENT_LIMITS.nome },
    {
      name: 'brand',
      labelKey: f('brand'),
      kind: 'select',
      required: true,
      render: (p) => <ComboSelect source="marchi" {...p} />,
      display: (value) => <ComboLabel source="marchi" value={value} />,
    },
    comboField('tipoDocumento', true),
    comboField('categoria1', true),
    comboField('categoria2', false),
    // Told on the third level, the field just chosen: a dependent field untouched so far shows no message.
    {
      ...comboField('categoria3', false),
      dependencies: ['categoria2'],
      validate: (value, values) => (value && !values.categoria2 ? 'crDocumenti.validation.categoria2' : undefined),
    },
    {
      name: 'interno',
      labelKey: f('interno'),
      kind: 'switch',
      help: 'crDocumenti.help.interno',
      display: (value) => yesNoTag(Boolean(value), 'gold'),
    },
    dayField('daData'),
    {
      ...dayField('aData'),
      dependencies: ['daData'],
      validate: (value, values) =>
        typeof value === 'string' && typeof values.daData === 'string' && value && values.daData > value
          ? 'crDocumenti.validation.validityRange'
          : undefined,
    },
    {
      name: 'inVigore',
      labelKey: f('inVigore'),
      kind: 'switch',
      ...displayOnly,
      display: (value) => yesNoTag(Boolean(value)),
    },
    { name: 'note', labelKey: f('note'), kind: 'textarea', maxLength: DOCUMENT_LIMITS.note },
    { name: 'createdBy', labelKey: f('createdBy'), kind: 'text', ...displayOnly },
    {
      name: 'createdDate',
      labelKey: f('createdDate'),
      kind: 'text',
      ...displayOnly,
      display: (v) => formatTimestamp(v as string | null) || '—',
    },
    { name: 'lastModifiedBy', labelKey: f('lastModifiedBy'), kind: 'text', ...displayOnly },
    {
      name: 'lastModifiedDate',
      labelKey: f('lastModifiedDate'),
      kind: 'text',
      ...displayOnly,
      display: (v) => formatTimestamp(v as string | null) || '—',
    },
    {
      name: 'modellos',
      labelKey: MODELS_TAB,
      tab: MODELS_TAB,
      kind: 'text',
      wide: true,
      composite: true,
      render: (p) => <ModelRowsEditor {...p} />,
      validate: (value) => modelRowsError(asModelRows(value)),
      display: (value) => <ModelRowsView value={value} />,
    },
    {
      name: 'nomefiles',
      labelKey: FILES_TAB,
      tab: FILES_TAB,
      kind: 'text',
      wide: true,
      composite: true,
      render: (p) => <FileRowsEditor {...p} />,
      validate: (value) => fileRowsError(asFileRows(value)),
      display: (value) => <FileRowsView value={value} />,
    },
  ],
  schemas: { create: crDocumentiInputSchema, update: crDocumentiInputSchema },
  get newDefaults(): EntityRow {
    return { interno: false, modellos: emptyModelRows(), nomefiles: emptyFileRows() };
  },
  // The form holds the lookups' keys, and the rows as their editors keep them.
  toForm: (row) => ({
    ...row,
    ...Object.fromEntries(COMBOS.map((name) => [name, row[name]?.id.chiave ?? null])),
    modellos: modelRowsOf(row.modellos),
    nomefiles: fileRowsOf(row.nomefiles),
  }),
  fromForm: (values) => ({
    nome: values.nome,
    daData: values.daData || null,
    aData: values.aData || null,
    interno: Boolean(values.interno),
    brand: values.brand,
    tipoDocumento: values.tipoDocumento,
    categoria1: values.categoria1,
    categoria2: values.categoria2 || null,
    categoria3: values.categoria3 || null,
    note: values.note || null,
    modellos: modelRowsBody(asModelRows(values.modellos)),
    nomefiles: fileRowsBody(asFileRows(values.nomefiles)),
  }),
};

export const CrDocumentiListPage = () => <EntityListPage config={crDocumentiEntity} />;
export const CrDocumentiDetailPage = () => <EntityDetailPage config={crDocumentiEntity} />;
