import {
  CHECKLIST_LIMITS,
  type ChecklistTemplateHeaderAdmin,
  type ChecklistTemplateHeaderSortField,
  checklistTemplateHeaderInputSchema,
} from '@ricambi/domain';
import { CHECKLIST_ENTITIES } from '../../api/checklists-admin.api.ts';
import { queryKeys } from '../../api/keys.ts';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityField, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { Clipped, DateInput } from '../catalogue-admin/CatalogueControls.tsx';
import { formatDay, LinesLink, NewVersionButton, typeOptions, yesNoTag } from './ChecklistAdminControls.tsx';
import { CR_DAR_TEMPLATE_HEADER_META } from './checklists-admin.meta.ts';

type Row = ChecklistTemplateHeaderAdmin & EntityRow;
const f = (name: string) => `crDarTemplateHeader.field.${name}`;
const L = CHECKLIST_LIMITS;
const displayOnly = { hiddenOnCreate: true, hiddenOnEdit: true } as const;
const day = (name: string): EntityField => ({
  name,
  labelKey: f(name),
  kind: 'text',
  render: (p) => <DateInput {...p} />,
  display: (v) => formatDay(v as string | null) || '—',
});

/**
 * Checklist templates (spec 3 §2, §3, §5): one per type and version, in force from daData to aData.
 * A template a checklist was compiled from is not edited nor deleted (the server answers 409): a new
 * version is made from the row's action.
 */
export const crDarTemplateHeaderEntity: EntityConfig<Row, ChecklistTemplateHeaderSortField> = {
  ...CR_DAR_TEMPLATE_HEADER_META,
  apiPath: '/api/crDarTemplateHeaders',
  idOf: (row) => [String(row.id)],
  defaultSort: 'id,desc',
  searchable: true,
  deleteShowsId: true,
  tableSize: 'middle',
  formColumns: 2,
  canDelete: (row) => !row.inUso,
  invalidates: [queryKeys.entity(CHECKLIST_ENTITIES.templateLine).all],
  rowActions: (row) => (
    <>
      <LinesLink to="/crDarTemplateLines" id={row.id} />
      <NewVersionButton template={row} />
    </>
  ),
  columns: [
    { key: 'id', titleKey: f('id'), sortField: 'id', width: 80 },
    { key: 'tipoDocumento', titleKey: f('tipoDocumento'), sortField: 'tipoDocumento', width: 90 },
    { key: 'nome', titleKey: f('nome'), sortField: 'nome', render: (r) => <Clipped text={r.nome} max={280} /> },
    { key: 'nomeBreve', titleKey: f('nomeBreve'), sortField: 'nomeBreve', responsive: ['lg'] },
    { key: 'versione', titleKey: f('versione'), sortField: 'versione', width: 90 },
    { key: 'daData', titleKey: f('daData'), sortField: 'daData', render: (r) => formatDay(r.daData) },
    { key: 'aData', titleKey: f('aData'), sortField: 'aData', render: (r) => formatDay(r.aData) },
    { key: 'inUso', titleKey: f('inUso'), render: (r) => yesNoTag(r.inUso) },
  ],
  fields: [
    { name: 'id', labelKey: f('id'), kind: 'number', ...displayOnly },
    {
      name: 'nome',
      labelKey: f('nome'),
      kind: 'text',
      required: true,
      wide: true,
      maxLength: L.templateNome,
    },
    { name: 'nomeBreve', labelKey: f('nomeBreve'), kind: 'text', maxLength: L.nomeBreve },
    {
      name: 'tipoDocumento',
      labelKey: f('tipoDocumento'),
      kind: 'select',
      required: true,
      options: typeOptions,
    },
    {
      name: 'versione',
      labelKey: f('versione'),
      kind: 'text',
      required: true,
      maxLength: L.versione,
      help: 'crDarTemplateHeader.help.versione',
    },
    { name: 'darDescr', labelKey: f('darDescr'), kind: 'text', maxLength: L.darDescr },
    day('daData'),
    {
      ...day('aData'),
      dependencies: ['daData'],
      validate: (value, values) =>
        typeof value === 'string' && typeof values.daData === 'string' && value && values.daData > value
          ? 'crDarTemplateHeader.validation.dateRange'
          : undefined,
    },
    { name: 'fileLogo', labelKey: f('fileLogo'), kind: 'text', wide: true, maxLength: L.fileName },
    { name: 'note', labelKey: f('note'), kind: 'textarea', maxLength: L.note },
    { name: 'inUso', labelKey: f('inUso'), kind: 'switch', ...displayOnly, display: (v) => yesNoTag(Boolean(v)) },
    { name: 'createdBy', labelKey: f('createdBy'), kind: 'text', ...displayOnly },
    { name: 'createdDate', labelKey: f('createdDate'), kind: 'datetime', ...displayOnly },
    { name: 'lastModifiedBy', labelKey: f('lastModifiedBy'), kind: 'text', ...displayOnly },
    { name: 'lastModifiedDate', labelKey: f('lastModifiedDate'), kind: 'datetime', ...displayOnly },
  ],
  schemas: { create: checklistTemplateHeaderInputSchema, update: checklistTemplateHeaderInputSchema },
  newDefaults: { tipoDocumento: 'DAR', versione: '1' },
  fromForm: (values) => ({
    nome: values.nome,
    nomeBreve: values.nomeBreve || null,
    tipoDocumento: values.tipoDocumento,
    versione: values.versione,
    darDescr: values.darDescr || null,
    daData: values.daData || null,
    aData: values.aData || null,
    fileLogo: values.fileLogo || null,
    note: values.note || null,
  }),
};

export const CrDarTemplateHeaderListPage = () => <EntityListPage config={crDarTemplateHeaderEntity} />;
export const CrDarTemplateHeaderDetailPage = () => <EntityDetailPage config={crDarTemplateHeaderEntity} />;
