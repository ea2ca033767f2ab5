import {
  CHECKLIST_LIMITS,
  type ChecklistTemplateLineAdmin,
  type ChecklistTemplateLineSortField,
  checklistTemplateLineInputSchema,
  type LocalizedTexts,
} from '@ricambi/domain';
import { Input } from 'antd';
import { EntityDetailPage } from '../../components/entity-admin/EntityDetailPage.tsx';
import { EntityListPage } from '../../components/entity-admin/EntityListPage.tsx';
import type { EntityConfig, EntityField, EntityRow } from '../../components/entity-admin/entity-admin.types.ts';
import { LocalizedCell } from '../catalogue-admin/CatalogueControls.tsx';
import {
  lineNumber,
  naFlagOptions,
  RowTypeTag,
  TemplateLink,
  TemplateSelect,
  yesNoTag,
} from './ChecklistAdminControls.tsx';
import { CR_DAR_TEMPLATE_LINE_META } from './checklists-admin.meta.ts';

type Row = ChecklistTemplateLineAdmin & EntityRow;
const f = (name: string) => `crDarTemplateLine.field.${name}`;
const L = CHECKLIST_LIMITS;
const displayOnly = { hiddenOnCreate: true, hiddenOnEdit: true } as const;
const score = (name: string): EntityField => ({ name, labelKey: f(name), kind: 'number', step: 0.5 });
const progressivo = (name: string, required = false): EntityField => ({
  name,
  labelKey: f(name),
  kind: 'number',
  required,
  min: 0,
  max: 9999,
  step: 1,
});

/**
 * The rows of checklist templates (spec 3 §2, §3, §5): numbered progressivo1[.2[.3]], a question (D)
 * or a group, two descriptions in the five languages. A template in use refuses changes of its
 * lines (409): a new version of it is made instead.
 */
export const crDarTemplateLineEntity: EntityConfig<Row, ChecklistTemplateLineSortField> = {
  ...CR_DAR_TEMPLATE_LINE_META,
  apiPath: '/api/crDarTemplateLines',
  idOf: (row) => [String(row.id)],
  defaultSort: 'id,asc',
  searchable: true,
  deleteShowsId: true,
  tableSize: 'middle',
  formColumns: 2,
  formWidth: 860,
  // A template in use keeps its lines (the server answers 409): a new version of it is made instead.
  canDelete: (row) => !row.idCrDarTemplateHeader.inUso,
  columns: [
    { key: 'id', titleKey: f('id'), sortField: 'id', width: 80 },
    {
      key: 'idCrDarTemplateHeader',
      titleKey: f('idCrDarTemplateHeader'),
      sortField: 'idCrDarTemplateHeader',
      responsive: ['lg'],
      render: (r) => <TemplateLink template={r.idCrDarTemplateHeader} max={240} />,
    },
    { key: 'numero', titleKey: f('numero'), sortField: 'progressivo1', width: 90, render: (r) => lineNumber(r) },
    {
      key: 'tipoRiga',
      titleKey: f('tipoRiga'),
      width: 90,
      render: (r) => <RowTypeTag tipoRiga={r.tipoRiga} />,
    },
    { key: 'darDescr1', titleKey: f('darDescr1'), render: (r) => <LocalizedCell texts={r.darDescr1} max={300} /> },
    {
      key: 'darDescr2',
      titleKey: f('darDescr2'),
      responsive: ['xl'],
      render: (r) => <LocalizedCell texts={r.darDescr2} max={220} />,
    },
    { key: 'scoreOK', titleKey: f('scoreOK'), responsive: ['lg'], width: 80 },
    { key: 'scoreKO', titleKey: f('scoreKO'), responsive: ['lg'], width: 80 },
    { key: 'scoreNA', titleKey: f('scoreNA'), responsive: ['lg'], width: 80 },
    { key: 'darNaFlag', titleKey: f('darNaFlag'), width: 90, render: (r) => yesNoTag(r.darNaFlag === 'Y', 'green') },
  ],
  fields: [
    { name: 'id', labelKey: f('id'), kind: 'number', ...displayOnly },
    {
      name: 'idCrDarTemplateHeader',
      labelKey: f('idCrDarTemplateHeader'),
      kind: 'select',
      required: true,
      wide: true,
      render: (p) => <TemplateSelect {...p} />,
      display: (_v, values) => <TemplateLink template={values.template as Row['idCrDarTemplateHeader']} />,
    },
    progressivo('progressivo1', true),
    progressivo('progressivo2'),
    progressivo('progressivo3'),
    {
      name: 'tipoRiga',
      labelKey: f('tipoRiga'),
      kind: 'text',
      required: true,
      help: 'crDarTemplateLine.help.tipoRiga',
      display: (v) => <RowTypeTag tipoRiga={String(v ?? '')} />,
      render: (p) => (
        <Input
          id={p.id}
          value={(p.value as string | undefined) ?? ''}
          onChange={(e) => p.onChange(e.target.value.toUpperCase())}
          disabled={p.disabled}
          maxLength={1}
          style={{ width: 80 }}
        />
      ),
    },
    {
      name: 'darDescr1',
      labelKey: f('darDescr1'),
      kind: 'localized',
      required: true,
      maxLength: L.darDescr,
    },
    { name: 'darDescr2', labelKey: f('darDescr2'), kind: 'localized', maxLength: L.darDescr },
    {
      name: 'darNaFlag',
      labelKey: f('darNaFlag'),
      kind: 'select',
      required: true,
      options: naFlagOptions,
      section: 'crDarTemplateLine.section.scores',
      display: (v) => yesNoTag(v === 'Y', 'green'),
    },
    score('scoreOK'),
    score('scoreKO'),
    score('scoreNA'),
    { name: 'fileImmagine', labelKey: f('fileImmagine'), kind: 'text', wide: true, maxLength: L.fileName },
    { name: 'note', labelKey: f('note'), kind: 'textarea', maxLength: L.note },
  ],
  schemas: { create: checklistTemplateLineInputSchema, update: checklistTemplateLineInputSchema },
  newDefaults: { tipoRiga: 'D', darNaFlag: 'N', darDescr1: {}, darDescr2: {} },
  toForm: (row) => ({
    ...row,
    idCrDarTemplateHeader: row.idCrDarTemplateHeader.id,
    template: row.idCrDarTemplateHeader,
  }),
  fromForm: (values) => {
    const texts = (v: unknown) =>
      Object.fromEntries(
        Object.entries((v ?? {}) as LocalizedTexts).filter(([, text]) => typeof text === 'string' && text.trim()),
      );
    const number = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
    return {
      idCrDarTemplateHeader: values.idCrDarTemplateHeader,
      tipoRiga: values.tipoRiga,
      progressivo1: values.progressivo1,
      progressivo2: number(values.progressivo2),
      progressivo3: number(values.progressivo3),
      darDescr1: texts(values.darDescr1),
      darDescr2: texts(values.darDescr2),
      fileImmagine: values.fileImmagine || null,
      scoreOK: number(values.scoreOK),
      scoreKO: number(values.scoreKO),
      scoreNA: number(values.scoreNA),
      note: values.note || null,
      darNaFlag: values.darNaFlag,
    };
  },
};

export const CrDarTemplateLineListPage = () => <EntityListPage config={crDarTemplateLineEntity} />;
export const CrDarTemplateLineDetailPage = () => <EntityDetailPage config={crDarTemplateLineEntity} />;
