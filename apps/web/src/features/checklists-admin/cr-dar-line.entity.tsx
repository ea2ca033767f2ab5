import {
  CHECKLIST_ANSWERS,
  CHECKLIST_LIMITS,
  type ChecklistAnswer,
  type ChecklistLineAdmin,
  type ChecklistLineAdminSortField,
  checklistLineAdminInputSchema,
} from '@ricambi/domain';
import { Tag } from 'antd';
import { CHECKLIST_ENTITIES } from '../../api/checklists-admin.api.ts';
import { queryKeys } from '../../api/keys.ts';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { i18next } from '../../i18n/index.ts';
import { Clipped } from '../catalogue-admin/CatalogueControls.tsx';
import { HeaderLink, HeaderSelect, StateTag, TemplateLineLink, TemplateLineSelect } from './ChecklistAdminControls.tsx';
import { CR_DAR_LINE_META } from './checklists-admin.meta.ts';

type Row = ChecklistLineAdmin & EntityRow;
const f = (name: string) => `crDarLine.field.${name}`;
const L = CHECKLIST_LIMITS;
const displayOnly = { hiddenOnCreate: true, hiddenOnEdit: true } as const;

const ANSWER_KEYS: Record<ChecklistAnswer, string> = { OK: 'ok', KO: 'ko', '--': 'na' };
const ANSWER_COLORS: Record<ChecklistAnswer, string> = { OK: 'green', KO: 'red', '--': 'default' };
const answerLabel = (a: ChecklistAnswer) => `${a} · ${i18next.t(`crDarAdmin.risposta.${ANSWER_KEYS[a]}`)}`;
const AnswerTag = ({ risposta }: { risposta: ChecklistAnswer | null }) =>
  risposta ? <Tag color={ANSWER_COLORS[risposta]}>{answerLabel(risposta)}</Tag> : <>—</>;

/**
 * The answers of compiled checklists (spec 3 §2, §3, §5) for the back office. A change recomputes
 * its checklist's state and score on the server; a sent checklist stays sent.
 */
export const crDarLineEntity: EntityConfig<Row, ChecklistLineAdminSortField> = {
  ...CR_DAR_LINE_META,
  apiPath: '/api/crDarLines',
  idOf: (row) => [String(row.id)],
  defaultSort: 'id,desc',
  searchable: true,
  deleteShowsId: true,
  tableSize: 'middle',
  formColumns: 2,
  invalidates: [queryKeys.entity(CHECKLIST_ENTITIES.header).all],
  columns: [
    { key: 'id', titleKey: f('id'), sortField: 'id', width: 80 },
    {
      key: 'idCrDarHeader',
      titleKey: f('idCrDarHeader'),
      sortField: 'idCrDarHeader',
      render: (r) => <HeaderLink header={r.idCrDarHeader} />,
    },
    {
      key: 'stato',
      titleKey: f('stato'),
      responsive: ['lg'],
      render: (r) => <StateTag stato={r.idCrDarHeader.stato} />,
    },
    {
      key: 'idCrDarTemplateLine',
      titleKey: f('idCrDarTemplateLine'),
      render: (r) => <TemplateLineLink line={r.idCrDarTemplateLine} max={320} />,
    },
    { key: 'risposta', titleKey: f('risposta'), render: (r) => <AnswerTag risposta={r.risposta} /> },
    {
      key: 'rispostaDettaglio',
      titleKey: f('rispostaDettaglio'),
      responsive: ['lg'],
      render: (r) => <Clipped text={r.rispostaDettaglio} max={260} />,
    },
    {
      key: 'immagini',
      titleKey: f('immagini'),
      responsive: ['xl'],
      width: 80,
      render: (r) => [r.nomeImmagine1, r.nomeImmagine2].filter(Boolean).length,
    },
  ],
  fields: [
    { name: 'id', labelKey: f('id'), kind: 'number', ...displayOnly },
    {
      name: 'idCrDarHeader',
      labelKey: f('idCrDarHeader'),
      kind: 'select',
      required: true,
      wide: true,
      readOnlyOnEdit: true,
      render: (p) => <HeaderSelect {...p} />,
      display: (_v, values) => <HeaderLink header={values.header as Row['idCrDarHeader']} />,
    },
    {
      name: 'idCrDarTemplateLine',
      labelKey: f('idCrDarTemplateLine'),
      kind: 'select',
      required: true,
      wide: true,
      readOnlyOnEdit: true,
      help: (editing) => (editing ? undefined : 'crDarLine.help.templateLine'),
      render: (p) => <TemplateLineSelect {...p} />,
      display: (_v, values) => <TemplateLineLink line={values.templateLine as Row['idCrDarTemplateLine']} />,
    },
    {
      name: 'risposta',
      labelKey: f('risposta'),
      kind: 'select',
      required: true,
      options: () => CHECKLIST_ANSWERS.map((a) => ({ value: a, label: answerLabel(a) })),
      help: 'crDarLine.help.risposta',
      display: (v) => <AnswerTag risposta={(v as ChecklistAnswer | null) ?? null} />,
    },
    {
      name: 'rispostaDettaglio',
      labelKey: f('rispostaDettaglio'),
      kind: 'textarea',
      maxLength: L.rispostaDettaglioAdmin,
    },
    { name: 'note', labelKey: f('note'), kind: 'textarea', maxLength: L.note },
    { name: 'nomeImmagine1', labelKey: f('nomeImmagine1'), kind: 'text', ...displayOnly },
    { name: 'nomeImmagine2', labelKey: f('nomeImmagine2'), kind: 'text', ...displayOnly },
  ],
  schemas: { create: checklistLineAdminInputSchema, update: checklistLineAdminInputSchema },
  toForm: (row) => ({
    ...row,
    idCrDarHeader: row.idCrDarHeader.id,
    header: row.idCrDarHeader,
    idCrDarTemplateLine: row.idCrDarTemplateLine.id,
    templateLine: row.idCrDarTemplateLine,
  }),
  fromForm: (values) => ({
    idCrDarHeader: values.idCrDarHeader,
    idCrDarTemplateLine: values.idCrDarTemplateLine,
    risposta: values.risposta,
    rispostaDettaglio: values.rispostaDettaglio || null,
    note: values.note || null,
  }),
};

export const CrDarLineListPage = () => <EntityListPage config={crDarLineEntity} />;
export const CrDarLineDetailPage = () => <EntityDetailPage config={crDarLineEntity} />;
