import { BranchesOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  CHECKLIST_STATES,
  CHECKLIST_TYPES,
  type ChecklistHeaderAdmin,
  type ChecklistState,
  type ChecklistTemplateHeaderAdmin,
  type ChecklistTemplateLineAdmin,
  isQuestionRow,
  localizedText,
} from '@ricambi/domain';
import { Link } from '@tanstack/react-router';
import { Button, Popconfirm, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECKLIST_ENTITIES, useNewTemplateVersion } from '../../api/checklists-admin.api.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { i18next } from '../../i18n/index.ts';
import { showSuccess } from '../../lib/alerts.ts';
import { DATEPICKER_FORMAT } from '../../lib/format.ts';
import { type ControlProps, LookupSelect } from '../catalogue-admin/CatalogueControls.tsx';

/** i18n keys of the checklists' states (the values have spaces). */
const STATE_KEYS: Record<ChecklistState, string> = {
  'In Corso': 'inCorso',
  Completato: 'completato',
  Inviato: 'inviato',
};
const STATE_COLORS: Record<ChecklistState, string> = { 'In Corso': 'red', Completato: 'green', Inviato: 'blue' };

export const stateLabel = (stato: ChecklistState) => i18next.t(`crDarAdmin.stato.${STATE_KEYS[stato]}`);
/** Spec 3 §2: green for Completato, blue for Inviato, red otherwise. */
export const StateTag = ({ stato }: { stato: ChecklistState }) => (
  <Tag color={STATE_COLORS[stato]}>{stateLabel(stato)}</Tag>
);
export const stateOptions = () => CHECKLIST_STATES.map((s) => ({ value: s, label: stateLabel(s) }));
export const typeOptions = () => CHECKLIST_TYPES.map((t) => ({ value: t, label: t }));
export const naFlagOptions = () =>
  (['N', 'Y'] as const).map((v) => ({ value: v, label: i18next.t(`crDarAdmin.naFlag.${v}`) }));

export const yesNoTag = (value: boolean, positive = 'gold') => (
  <Tag color={value ? positive : 'default'}>{i18next.t(`crDarAdmin.yesNo.${value}`)}</Tag>
);

/** Spec 3 §3: D marks a question; other values are group rows. */
export const RowTypeTag = ({ tipoRiga }: { tipoRiga: string }) =>
  isQuestionRow({ tipoRiga }) ? (
    <Tag color="blue">{`${tipoRiga} · ${i18next.t('crDarAdmin.tipoRiga.question')}`}</Tag>
  ) : (
    <Tag>{`${tipoRiga} · ${i18next.t('crDarAdmin.tipoRiga.group')}`}</Tag>
  );

/** A calendar day as the pickers show it. */
export const formatDay = (iso: string | null | undefined) => (iso ? dayjs(iso).format(DATEPICKER_FORMAT) : '');

/** A row's number: progressivo1[.progressivo2[.progressivo3]] (spec 3 §2). */
export const lineNumber = (l: { progressivo1: number; progressivo2: number | null; progressivo3: number | null }) =>
  [l.progressivo1, l.progressivo2, l.progressivo3].filter((p) => p !== null && p !== 0).join('.');

type TemplateRef = Pick<ChecklistTemplateHeaderAdmin, 'id' | 'nome' | 'tipoDocumento'> & { versione?: string };
/** Type, name and version (the type left out when the name starts with it: "PDI – Pre-Delivery ..."). */
export const templateLabel = (t: TemplateRef) =>
  [
    t.nome.toUpperCase().startsWith(t.tipoDocumento) ? undefined : t.tipoDocumento,
    t.nome,
    t.versione ? `v${t.versione}` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');

/** One line cut with an ellipsis, whole on hover (a link in a list column). */
const clipped = (max: number) =>
  ({
    display: 'block',
    maxWidth: max,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  }) as const;

/** A template, linked to its detail page (one line of at most `max` pixels in a list). */
export const TemplateLink = ({ template, max }: { template: TemplateRef | null | undefined; max?: number }) =>
  template ? (
    <Link
      to="/crDarTemplateHeader/$id"
      params={{ id: String(template.id) }}
      title={templateLabel(template)}
      style={max ? clipped(max) : undefined}
    >
      {templateLabel(template)}
    </Link>
  ) : (
    <>—</>
  );

/** A checklist, linked to its detail page. */
export const HeaderLink = ({ header }: { header: { id: number; matricola: string } | null | undefined }) =>
  header ? (
    <Link to="/crDarHeader/$id" params={{ id: String(header.id) }}>
      {`${header.id} · ${header.matricola}`}
    </Link>
  ) : (
    <>—</>
  );

/** A template line as a line names it: its number and Italian (or the user's) description. */
export const TemplateLineLink = ({ line, max }: { line: ChecklistLineRef | null | undefined; max?: number }) => {
  const { i18n } = useTranslation();
  const label = line ? `${lineNumber(line)} ${localizedText(line.darDescr1, i18n.language)}` : '';
  return line ? (
    <Link
      to="/crDarTemplateLine/$id"
      params={{ id: String(line.id) }}
      title={label}
      style={max ? clipped(max) : undefined}
    >
      {label}
    </Link>
  ) : (
    <>—</>
  );
};
type ChecklistLineRef = Pick<
  ChecklistTemplateLineAdmin,
  'id' | 'progressivo1' | 'progressivo2' | 'progressivo3' | 'darDescr1'
>;

/** A typeahead over the templates (name, version, id); sends the id. */
export const TemplateSelect = (props: ControlProps) => (
  <LookupSelect<ChecklistTemplateHeaderAdmin>
    {...props}
    lookup={{
      entity: CHECKLIST_ENTITIES.templateHeader,
      apiPath: '/api/crDarTemplateHeaders',
      label: (t) => `${t.id} · ${templateLabel(t)}`,
      placeholderKey: 'crDarAdmin.placeholder.template',
      testId: 'template-select',
    }}
  />
);

/** A typeahead over the checklists (serial, model, login, id); sends the id. */
export const HeaderSelect = (props: ControlProps) => (
  <LookupSelect<ChecklistHeaderAdmin>
    {...props}
    lookup={{
      entity: CHECKLIST_ENTITIES.header,
      apiPath: '/api/crDarHeaders',
      label: (h) => `${h.id} · ${h.matricola} · ${h.idCrDarTemplateHeader.tipoDocumento}`,
      placeholderKey: 'crDarAdmin.placeholder.header',
      testId: 'header-select',
    }}
  />
);

/** A typeahead over the template lines (a template's id lists its lines; words search the descriptions). */
export const TemplateLineSelect = (props: ControlProps) => (
  <LookupSelect<ChecklistTemplateLineAdmin>
    {...props}
    lookup={{
      entity: CHECKLIST_ENTITIES.templateLine,
      apiPath: '/api/crDarTemplateLines',
      label: (l) => `${l.id} · ${lineNumber(l)} ${localizedText(l.darDescr1, i18next.language)}`,
      placeholderKey: 'crDarAdmin.placeholder.templateLine',
      testId: 'template-line-select',
    }}
  />
);

/** A link to a list filtered on a parent's id (a template's lines, a checklist's lines). */
export const LinesLink = ({ to, id }: { to: '/crDarTemplateLines' | '/crDarLines'; id: number }) => {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('crDarAdmin.action.lines')}>
      <ButtonLink
        to={to}
        search={{ search: id }}
        size="small"
        icon={<UnorderedListOutlined />}
        aria-label={t('crDarAdmin.action.lines')}
      />
    </Tooltip>
  );
};

/**
 * Issue 15 §7: a new version of a template (a copy with its lines, in force from today; the current
 * one closes yesterday), asked for confirmation.
 */
export const NewVersionButton = ({ template }: { template: ChecklistTemplateHeaderAdmin }) => {
  const { t } = useTranslation();
  const create = useNewTemplateVersion();
  // The button's tooltip gives way to the question while it is open.
  const [asking, setAsking] = useState(false);
  return (
    <Popconfirm
      title={t('crDarTemplateHeader.newVersion.title')}
      description={t('crDarTemplateHeader.newVersion.question', {
        nome: template.nome,
        versione: template.versione,
      })}
      okText={t('crDarTemplateHeader.newVersion.ok')}
      cancelText={t('entity.action.cancel')}
      placement="bottomRight"
      styles={{ root: { maxWidth: 380 } }}
      onOpenChange={setAsking}
      onConfirm={() =>
        create
          .mutateAsync(template.id)
          .then((created) =>
            showSuccess(t('crDarTemplateHeader.newVersion.done', { nome: created.nome, versione: created.versione })),
          )
          // The failure is shown by the one alert mapper.
          .catch(() => undefined)
      }
    >
      <Tooltip title={t('crDarTemplateHeader.newVersion.label')} open={asking ? false : undefined}>
        <Button
          size="small"
          icon={<BranchesOutlined />}
          loading={create.isPending}
          aria-label={t('crDarTemplateHeader.newVersion.label')}
        />
      </Tooltip>
    </Popconfirm>
  );
};
