import {
  CHECKLIST_LIMITS,
  CHECKLIST_RATINGS,
  type ChecklistHeaderAdmin,
  type ChecklistHeaderAdminSortField,
  type ChecklistState,
  checklistHeaderAdminInputSchema,
} from '@ricambi/domain';
import { Input } from 'antd';
import { CHECKLIST_ENTITIES } from '../../api/checklists-admin.api.ts';
import { queryKeys } from '../../api/keys.ts';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityField, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { formatDayTime } from '../../lib/format.ts';
import { DateInput } from '../catalogue-admin/CatalogueControls.tsx';
import {
  formatDay,
  LinesLink,
  StateTag,
  stateOptions,
  TemplateLink,
  TemplateSelect,
} from './ChecklistAdminControls.tsx';
import { CR_DAR_HEADER_META } from './checklists-admin.meta.ts';

type Row = ChecklistHeaderAdmin & EntityRow;
const f = (name: string) => `crDarHeader.field.${name}`;
const L = CHECKLIST_LIMITS;
const displayOnly = { hiddenOnCreate: true, hiddenOnEdit: true } as const;
const text = (name: string, maxLength: number, more: Partial<EntityField> = {}): EntityField => ({
  name,
  labelKey: f(name),
  kind: 'text',
  maxLength,
  ...more,
});
/** A serial is kept in capitals. */
const upper = (p: { id?: string; value: unknown; onChange: (v: unknown) => void; disabled: boolean }) => (
  <Input
    id={p.id}
    value={(p.value as string | undefined) ?? ''}
    onChange={(e) => p.onChange(e.target.value.toUpperCase())}
    disabled={p.disabled}
  />
);

/**
 * Compiled checklists (spec 3 §2, §3, §5) for the back office: a manager may also correct a sent
 * one. Its template is chosen once; its state follows its lines (spec 3 §4) unless it is sent.
 */
export const crDarHeaderEntity: EntityConfig<Row, ChecklistHeaderAdminSortField> = {
  ...CR_DAR_HEADER_META,
  apiPath: '/api/crDarHeaders',
  idOf: (row) => [String(row.id)],
  defaultSort: 'id,desc',
  searchable: true,
  deleteShowsId: true,
  tableSize: 'middle',
  formColumns: 2,
  invalidates: [queryKeys.entity(CHECKLIST_ENTITIES.line).all, queryKeys.entity(CHECKLIST_ENTITIES.templateHeader).all],
  rowActions: (row) => <LinesLink to="/crDarLines" id={row.id} />,
  columns: [
    { key: 'id', titleKey: f('id'), sortField: 'id', width: 80 },
    { key: 'matricola', titleKey: f('matricola'), sortField: 'matricola' },
    { key: 'modello', titleKey: f('modello'), responsive: ['lg'] },
    {
      key: 'idCrDarTemplateHeader',
      titleKey: f('idCrDarTemplateHeader'),
      sortField: 'idCrDarTemplateHeader',
      responsive: ['md'],
      render: (r) => <TemplateLink template={r.idCrDarTemplateHeader} max={180} />,
    },
    { key: 'dealerLogin', titleKey: f('dealerLogin'), sortField: 'dealerLogin', responsive: ['lg'] },
    { key: 'userLogin', titleKey: f('userLogin'), responsive: ['xl'] },
    {
      key: 'dataCompilazione',
      titleKey: f('dataCompilazione'),
      responsive: ['lg'],
      render: (r) => formatDayTime(r.dataCompilazione),
    },
    { key: 'valutazioneUtente', titleKey: f('valutazioneUtente'), responsive: ['xl'], width: 90 },
    { key: 'stato', titleKey: f('stato'), render: (r) => <StateTag stato={r.stato} /> },
  ],
  fields: [
    { name: 'id', labelKey: f('id'), kind: 'number', ...displayOnly },
    {
      name: 'idCrDarTemplateHeader',
      labelKey: f('idCrDarTemplateHeader'),
      kind: 'select',
      required: true,
      wide: true,
      readOnlyOnEdit: true,
      help: (editing) => (editing ? 'crDarHeader.help.templateFixed' : 'crDarHeader.help.template'),
      render: (p) => <TemplateSelect {...p} />,
      display: (_v, values) => <TemplateLink template={values.template as Row['idCrDarTemplateHeader']} />,
    },
    text('matricola', L.matricola, { required: true, render: upper }),
    text('modello', L.modello, { required: true }),
    {
      name: 'dataArrivoMacchina',
      labelKey: f('dataArrivoMacchina'),
      kind: 'text',
      required: true,
      render: (p) => <DateInput {...p} />,
      display: (v) => formatDay(v as string | null) || '—',
    },
    {
      name: 'stato',
      labelKey: f('stato'),
      kind: 'select',
      required: true,
      options: stateOptions,
      help: 'crDarHeader.help.stato',
      display: (v) => <StateTag stato={v as ChecklistState} />,
    },
    {
      name: 'valutazioneUtente',
      labelKey: f('valutazioneUtente'),
      kind: 'number',
      min: CHECKLIST_RATINGS[0],
      max: CHECKLIST_RATINGS[CHECKLIST_RATINGS.length - 1],
      step: 1,
    },
    {
      name: 'valutazioneCalcolata',
      labelKey: f('valutazioneCalcolata'),
      kind: 'number',
      ...displayOnly,
    },
    {
      name: 'dataCompilazione',
      labelKey: f('dataCompilazione'),
      kind: 'text',
      ...displayOnly,
      display: (v) => formatDayTime(v as string | null) || '—',
    },
    text('dealerLogin', L.login, { section: 'crDarHeader.section.user' }),
    text('userLogin', L.login),
    text('userFirstName', L.name),
    text('userLastName', L.name),
    text('userEmail', L.email),
    text('userRagioneSociale', L.ragioneSociale),
    { name: 'note', labelKey: f('note'), kind: 'textarea', maxLength: L.note },
  ],
  schemas: { create: checklistHeaderAdminInputSchema, update: checklistHeaderAdminInputSchema },
  newDefaults: { stato: 'In Corso' },
  toForm: (row) => ({
    ...row,
    idCrDarTemplateHeader: row.idCrDarTemplateHeader.id,
    template: row.idCrDarTemplateHeader,
  }),
  fromForm: (values) => ({
    idCrDarTemplateHeader: values.idCrDarTemplateHeader,
    matricola: values.matricola,
    modello: values.modello,
    dataArrivoMacchina: values.dataArrivoMacchina,
    stato: values.stato,
    valutazioneUtente: typeof values.valutazioneUtente === 'number' ? values.valutazioneUtente : null,
    dealerLogin: values.dealerLogin || null,
    userLogin: values.userLogin || null,
    userFirstName: values.userFirstName || null,
    userLastName: values.userLastName || null,
    userEmail: values.userEmail || null,
    userRagioneSociale: values.userRagioneSociale || null,
    note: values.note || null,
  }),
};

export const CrDarHeaderListPage = () => <EntityListPage config={crDarHeaderEntity} />;
export const CrDarHeaderDetailPage = () => <EntityDetailPage config={crDarHeaderEntity} />;
