import {
  businessToday,
  CHECKLIST_TEMPLATE_IN_USE,
  type ChecklistTemplateHeaderAdmin,
  type checklistHeaderAdminInputSchema,
  type checklistLineAdminInputSchema,
  type checklistTemplateHeaderInputSchema,
  type checklistTemplateLineInputSchema,
  type LocalizedTexts,
  nextChecklistVersion,
} from '@ricambi/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import type { Files } from '../../platform/files.ts';
import type { Principal } from '../../platform/sessions.ts';
import { recomputeChecklist } from '../checklists/checklists.contract.ts';
import { toHeaderAdmin, toLineAdmin, toTemplateHeaderAdmin, toTemplateLineAdmin } from './checklists-admin.mapper.ts';
import {
  closeTemplate,
  copyTemplateLines,
  deleteLine,
  familyVersions,
  findHeader,
  findTemplate,
  findTemplateLine,
  type HeaderRow,
  headerRefs,
  headersWithTemplate,
  imageFileIds,
  insertBlankLines,
  insertTemplate,
  type LineRow,
  lockTemplate,
  type TemplateHeaderRow,
  type TemplateLineRow,
  templateLineRefs,
  templateRefs,
  templatesInUse,
} from './checklists-admin.repository.ts';

export type TemplateHeaderInput = z.output<typeof checklistTemplateHeaderInputSchema>;
export type TemplateLineInput = z.output<typeof checklistTemplateLineInputSchema>;
export type HeaderAdminInput = z.output<typeof checklistHeaderAdminInputSchema>;
export type LineAdminInput = z.output<typeof checklistLineAdminInputSchema>;

/** The day before a calendar day (yyyy-MM-dd). */
export const dayBefore = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** The languages a description was given in (empty ones left out). */
const texts = (map: LocalizedTexts): LocalizedTexts =>
  Object.fromEntries(Object.entries(map).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));

/**
 * Spec 3 §1, issue 15 §7: a template a checklist was compiled from is versioned, not edited. Its
 * row is locked first, so that no checklist is compiled from it while it changes (409 otherwise,
 * and nothing is written: the use case's transaction rolls back).
 */
export const assertTemplateEditable = async (tx: DbOrTx, templateId: number) => {
  await lockTemplate(tx, templateId);
  if ((await templatesInUse(tx, [templateId])).size > 0) throw new AppError(409, CHECKLIST_TEMPLATE_IN_USE);
};

// ---------------------------------------------------------------------------------------------
// Template headers

export const templateHeaderColumns = (input: TemplateHeaderInput) => ({
  daData: input.daData,
  aData: input.aData,
  fileLogo: input.fileLogo,
  nome: input.nome,
  nomeBreve: input.nomeBreve,
  versione: input.versione,
  darDescr: input.darDescr,
  note: input.note,
  tipoDocumento: input.tipoDocumento,
});

export const templateHeaderResponses = async (tx: DbOrTx, rows: TemplateHeaderRow[]) => {
  const used = await templatesInUse(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toTemplateHeaderAdmin(r, used.has(r.id)));
};

/**
 * POST /api/crDarTemplateHeaders/{id}/newVersion: the template and its lines copied, in force from
 * today with the next version number; the old one closed yesterday (when it was open, or later).
 */
export const newTemplateVersion = async (
  db: Db,
  principal: Principal,
  id: number,
): Promise<ChecklistTemplateHeaderAdmin> =>
  db.transaction(async (tx) => {
    const old = await lockTemplate(tx, id);
    if (!old) throw notFound();
    const today = businessToday();
    const yesterday = dayBefore(today);
    const created = await insertTemplate(tx, {
      daData: today,
      aData: null,
      fileLogo: old.fileLogo,
      nome: old.nome,
      nomeBreve: old.nomeBreve,
      versione: nextChecklistVersion(await familyVersions(tx, old)),
      darDescr: old.darDescr,
      note: old.note,
      tipoDocumento: old.tipoDocumento,
      createdBy: principal.login,
      createdDate: new Date(),
    });
    await copyTemplateLines(tx, old.id, created.id, principal.login);
    if (old.aData === null || old.aData > yesterday) await closeTemplate(tx, old.id, yesterday, principal.login);
    return toTemplateHeaderAdmin(created, false);
  });

// ---------------------------------------------------------------------------------------------
// Template lines

const templateOf = async (tx: DbOrTx, id: number) => {
  const template = await findTemplate(tx, id);
  if (!template) throw fieldError('idCrDarTemplateHeader', 'crDarTemplateLine.validation.templateUnknown');
  return template;
};

/** A new or changed template line: its template exists and is not in use. */
export const templateLineColumns = async (tx: DbOrTx, input: TemplateLineInput, existing?: TemplateLineRow) => {
  const template = await templateOf(tx, input.idCrDarTemplateHeader);
  if (existing && existing.templateHeaderId !== template.id)
    await assertTemplateEditable(tx, existing.templateHeaderId);
  await assertTemplateEditable(tx, template.id);
  return {
    templateHeaderId: template.id,
    tipoRiga: input.tipoRiga.toUpperCase(),
    progressivo1: input.progressivo1,
    progressivo2: input.progressivo2,
    progressivo3: input.progressivo3,
    darDescr1: texts(input.darDescr1),
    darDescr2: texts(input.darDescr2),
    fileImmagine: input.fileImmagine,
    scoreOK: input.scoreOK,
    scoreKO: input.scoreKO,
    scoreNA: input.scoreNA,
    note: input.note,
    darNaFlag: input.darNaFlag,
  };
};

export const templateLineResponses = async (tx: DbOrTx, rows: TemplateLineRow[]) => {
  const ids = rows.map((r) => r.templateHeaderId);
  const [refs, used] = await Promise.all([templateRefs(tx, ids), templatesInUse(tx, ids)]);
  return rows.map((r) => {
    const ref = refs.get(r.templateHeaderId);
    if (!ref) throw new Error(`cr_dar_template_line ${r.id}: no template`);
    return toTemplateLineAdmin(r, ref, used.has(r.templateHeaderId));
  });
};

// ---------------------------------------------------------------------------------------------
// Compiled checklists (the back office: a sent checklist may be changed too)

export const createChecklistAdmin = ({ files }: { files: Files }) => {
  /** A header's own columns; its template is chosen when it is created and kept after. */
  const headerColumns = async (tx: DbOrTx, principal: Principal, input: HeaderAdminInput, existing?: HeaderRow) => {
    if (existing && existing.templateHeaderId !== input.idCrDarTemplateHeader)
      throw fieldError('idCrDarTemplateHeader', 'crDarHeader.validation.templateFixed');
    if (!existing && !(await findTemplate(tx, input.idCrDarTemplateHeader)))
      throw fieldError('idCrDarTemplateHeader', 'crDarHeader.validation.templateUnknown');
    const sent = input.stato === 'Inviato';
    return {
      matricola: input.matricola.toUpperCase(),
      modello: input.modello,
      dataArrivoMacchina: input.dataArrivoMacchina,
      userLogin: input.userLogin ?? existing?.userLogin ?? principal.login,
      userFirstName: input.userFirstName,
      userLastName: input.userLastName,
      userEmail: input.userEmail,
      dealerLogin: input.dealerLogin ?? existing?.dealerLogin ?? principal.login,
      userRagioneSociale: input.userRagioneSociale,
      stato: input.stato,
      valutazioneUtente: input.valutazioneUtente,
      note: input.note,
      templateHeaderId: input.idCrDarTemplateHeader,
      inviatoAt: sent ? (existing?.inviatoAt ?? new Date()) : null,
    };
  };

  /** A new checklist gets a blank line per template line, then the state its lines give it. */
  const headerCreated = async (tx: DbOrTx, principal: Principal, row: HeaderRow) => {
    await insertBlankLines(tx, row.id, row.templateHeaderId, principal.login);
    await recomputeChecklist(tx, row.id, principal.login);
  };

  /** A header edited by hand keeps the state its lines give it (a sent one stays sent). */
  const headerUpdated = async (tx: DbOrTx, principal: Principal, row: HeaderRow) => {
    await recomputeChecklist(tx, row.id, principal.login);
  };

  /** Read again after the write: the state the rule gave it (spec 3 §4), with its template. */
  const headerResponses = async (tx: DbOrTx, rows: HeaderRow[]) => {
    const fresh = new Map(
      (
        await headersWithTemplate(
          tx,
          rows.map((r) => r.id),
        )
      ).map((r) => [r.header.id, r]),
    );
    return rows.map((r) => {
      const found = fresh.get(r.id);
      if (!found) throw new Error(`cr_dar_header ${r.id}: not found again`);
      return toHeaderAdmin(found.header, found.template);
    });
  };

  /** Before a checklist goes: its lines' images are removed from the store (its lines go by cascade). */
  const beforeHeaderDelete = async (tx: DbOrTx, header: HeaderRow) => {
    for (const id of await imageFileIds(tx, { headerId: header.id })) await files.remove(tx, id);
  };

  /** A line's checklist and template line: the line stays on both (a field error otherwise). */
  const lineColumns = async (tx: DbOrTx, input: LineAdminInput, existing?: LineRow) => {
    if (existing && existing.headerId !== input.idCrDarHeader)
      throw fieldError('idCrDarHeader', 'crDarLine.validation.fixed');
    if (existing && existing.templateLineId !== input.idCrDarTemplateLine)
      throw fieldError('idCrDarTemplateLine', 'crDarLine.validation.fixed');
    const header = await findHeader(tx, input.idCrDarHeader);
    if (!header) throw fieldError('idCrDarHeader', 'crDarLine.validation.headerUnknown');
    const templateLine = await findTemplateLine(tx, input.idCrDarTemplateLine);
    if (!templateLine || templateLine.templateHeaderId !== header.templateHeaderId)
      throw fieldError('idCrDarTemplateLine', 'crDarLine.validation.templateLine');
    if (input.risposta === '--' && templateLine.darNaFlag !== 'Y')
      throw fieldError('risposta', 'crDarLine.validation.notApplicable');
    return {
      headerId: header.id,
      templateLineId: templateLine.id,
      risposta: input.risposta,
      rispostaDettaglio: input.rispostaDettaglio,
      note: input.note,
    };
  };

  const lineResponses = async (tx: DbOrTx, rows: LineRow[]) => {
    const [headers, templateLines] = await Promise.all([
      headerRefs(
        tx,
        rows.map((r) => r.headerId),
      ),
      templateLineRefs(
        tx,
        rows.map((r) => r.templateLineId),
      ),
    ]);
    return rows.map((r) => {
      const header = headers.get(r.headerId);
      const templateLine = templateLines.get(r.templateLineId);
      if (!header || !templateLine) throw new Error(`cr_dar_line ${r.id}: no header or template line`);
      return toLineAdmin(r, header, templateLine);
    });
  };

  /** A line written by hand: its checklist's state and score follow (spec 3 §4). */
  const lineChanged = async (tx: DbOrTx, principal: Principal, row: LineRow) => {
    await recomputeChecklist(tx, row.headerId, principal.login);
  };

  /**
   * A line goes here with its images, and its checklist's state follows (the kit's own delete then
   * finds nothing left to delete).
   */
  const lineDeleted = async (tx: DbOrTx, principal: Principal, line: LineRow) => {
    for (const id of await imageFileIds(tx, { lineId: line.id })) await files.remove(tx, id);
    await deleteLine(tx, line.id);
    await recomputeChecklist(tx, line.headerId, principal.login);
  };

  return {
    headerColumns,
    headerCreated,
    headerUpdated,
    headerResponses,
    beforeHeaderDelete,
    lineColumns,
    lineResponses,
    lineChanged,
    lineDeleted,
  };
};
export type ChecklistAdmin = ReturnType<typeof createChecklistAdmin>;
