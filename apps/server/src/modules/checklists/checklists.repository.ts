import {
  CHECKLIST_DEFAULT_SORT,
  CHECKLIST_QUESTION_ROW,
  type ChecklistSortField,
  type ChecklistState,
  type ChecklistType,
  GENERIC_SERIAL,
  type PageQuery,
} from '@ricambi/domain';
import { and, asc, desc, eq, exists, gte, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  appUser,
  crDarHeader,
  crDarLine,
  crDarTemplateHeader,
  crDarTemplateLine,
  crModelli,
  macchina,
  messaInStrada,
  storedFile,
} from '../../db/schema/index.ts';
import { containsPattern, orderBy, type SortColumns, totalOfPage } from '../../platform/paging.ts';

export type HeaderRecord = typeof crDarHeader.$inferSelect;
export type LineRecord = typeof crDarLine.$inferSelect;
export type TemplateLineRecord = typeof crDarTemplateLine.$inferSelect;
/** A checklist header with the name, version and type of its template. */
export type HeaderWithTemplate = {
  h: HeaderRecord;
  templateNome: string;
  templateVersione: string;
  tipoDocumento: string;
};
/** A checklist line with its template line (texts, numbering, row type, scores, N.A. flag). */
export type LineWithTemplate = { line: LineRecord; tl: TemplateLineRecord };

const SORTABLE: SortColumns<ChecklistSortField> = {
  id: crDarHeader.id,
  modello: crDarHeader.modello,
  matricola: crDarHeader.matricola,
  dataArrivoMacchina: crDarHeader.dataArrivoMacchina,
  templateNome: crDarTemplateHeader.nome,
  userLogin: crDarHeader.userLogin,
  dataCompilazione: crDarHeader.dataCompilazione,
  valutazioneUtente: crDarHeader.valutazioneUtente,
  tipoDocumento: crDarTemplateHeader.tipoDocumento,
  stato: crDarHeader.stato,
};

const withTemplate = {
  h: crDarHeader,
  templateNome: crDarTemplateHeader.nome,
  templateVersione: crDarTemplateHeader.versione,
  tipoDocumento: crDarTemplateHeader.tipoDocumento,
};

export type HeaderFilter = { term?: string; rate?: number; tipo?: ChecklistType; stato?: ChecklistState };

const listCondition = (dealerLogin: string, f: HeaderFilter) => {
  const pattern = f.term ? containsPattern(f.term.toLowerCase()) : undefined;
  return and(
    eq(crDarHeader.dealerLogin, dealerLogin),
    f.rate ? eq(crDarHeader.valutazioneUtente, f.rate) : undefined,
    f.tipo ? eq(crDarTemplateHeader.tipoDocumento, f.tipo) : undefined,
    f.stato ? eq(crDarHeader.stato, f.stato) : undefined,
    pattern
      ? or(
          sql`lower(${crDarHeader.matricola}) like ${pattern}`,
          sql`lower(${crDarHeader.modello}) like ${pattern}`,
          sql`lower(${crDarTemplateHeader.nome}) like ${pattern}`,
          sql`lower(${crDarHeader.userLogin}) like ${pattern}`,
        )
      : undefined,
  );
};

/** One page of a dealer's checklists (spec 3 §2 list), with the total. */
export const pageOfHeaders = async (
  db: DbOrTx,
  dealerLogin: string,
  filter: HeaderFilter,
  paging: PageQuery<ChecklistSortField>,
) => {
  const where = listCondition(dealerLogin, filter);
  const rows = await db
    .select({ ...withTemplate, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(crDarHeader)
    .innerJoin(crDarTemplateHeader, eq(crDarTemplateHeader.id, crDarHeader.templateHeaderId))
    .where(where)
    .orderBy(...orderBy(paging.sort, SORTABLE, [crDarHeader.id], CHECKLIST_DEFAULT_SORT))
    .limit(paging.size)
    .offset(paging.page * paging.size);
  const total = await totalOfPage(rows, paging.page, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(crDarHeader)
      .innerJoin(crDarTemplateHeader, eq(crDarTemplateHeader.id, crDarHeader.templateHeaderId))
      .where(where);
    return counted?.n ?? 0;
  });
  return { rows, total };
};

/**
 * A checklist of the dealer (`dealerLogin`; undefined = anyone's, for the administration's
 * recomputation); `lock` holds the header row for the rest of the transaction.
 */
export const findHeader = async (
  db: DbOrTx,
  dealerLogin: string | undefined,
  id: number,
  lock = false,
): Promise<HeaderWithTemplate | undefined> => {
  const query = db
    .select(withTemplate)
    .from(crDarHeader)
    .innerJoin(crDarTemplateHeader, eq(crDarTemplateHeader.id, crDarHeader.templateHeaderId))
    .where(
      and(eq(crDarHeader.id, id), dealerLogin === undefined ? undefined : eq(crDarHeader.dealerLogin, dealerLogin)),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: crDarHeader }) : await query;
  return row;
};

/** The dealer's checklists of a serial that are not sent yet, newest first. */
export const findOpenHeaders = (db: DbOrTx, dealerLogin: string, matricola: string) =>
  db
    .select(withTemplate)
    .from(crDarHeader)
    .innerJoin(crDarTemplateHeader, eq(crDarTemplateHeader.id, crDarHeader.templateHeaderId))
    .where(
      and(
        eq(crDarHeader.dealerLogin, dealerLogin),
        eq(crDarHeader.matricola, matricola),
        ne(crDarHeader.stato, 'Inviato'),
      ),
    )
    .orderBy(desc(crDarHeader.id));

/** Whether a serial has a checklist of the type not sent yet (whoever's: one open per machine and type). */
export const hasOpenChecklist = async (db: DbOrTx, matricola: string, tipo: ChecklistType) =>
  (
    await db
      .select({ id: crDarHeader.id })
      .from(crDarHeader)
      .innerJoin(crDarTemplateHeader, eq(crDarTemplateHeader.id, crDarHeader.templateHeaderId))
      .where(
        and(
          eq(crDarHeader.matricola, matricola),
          eq(crDarTemplateHeader.tipoDocumento, tipo),
          ne(crDarHeader.stato, 'Inviato'),
        ),
      )
      .limit(1)
  ).length > 0;

/**
 * The template of a type in force on `day` (daData ≤ day ≤ aData, a missing bound does not limit)
 * that has at least one question; the newest (highest id) when several are.
 */
export const findTemplateInForce = async (db: DbOrTx, tipo: ChecklistType, day: string) => {
  const [row] = await db
    .select()
    .from(crDarTemplateHeader)
    .where(
      and(
        eq(crDarTemplateHeader.tipoDocumento, tipo),
        or(isNull(crDarTemplateHeader.daData), lte(crDarTemplateHeader.daData, day)),
        or(isNull(crDarTemplateHeader.aData), gte(crDarTemplateHeader.aData, day)),
        exists(
          db
            .select({ one: sql`1` })
            .from(crDarTemplateLine)
            .where(
              and(
                eq(crDarTemplateLine.templateHeaderId, crDarTemplateHeader.id),
                eq(crDarTemplateLine.tipoRiga, CHECKLIST_QUESTION_ROW),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(crDarTemplateHeader.id))
    .limit(1);
  return row;
};

export const findTemplateLineIds = async (db: DbOrTx, templateHeaderId: number) =>
  (
    await db
      .select({ id: crDarTemplateLine.id })
      .from(crDarTemplateLine)
      .where(eq(crDarTemplateLine.templateHeaderId, templateHeaderId))
      .orderBy(asc(crDarTemplateLine.id))
  ).map((r) => r.id);

export const insertHeader = async (db: DbOrTx, values: typeof crDarHeader.$inferInsert) => {
  const [row] = await db.insert(crDarHeader).values(values).returning();
  return row as HeaderRecord;
};

export const insertLines = async (db: DbOrTx, headerId: number, templateLineIds: readonly number[], login: string) => {
  // Chunks keep a large template under PostgreSQL's 65,535 bind parameters.
  for (let i = 0; i < templateLineIds.length; i += 1000) {
    await db
      .insert(crDarLine)
      .values(
        templateLineIds.slice(i, i + 1000).map((templateLineId) => ({ headerId, templateLineId, createdBy: login })),
      );
  }
};

export const updateHeader = async (
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      HeaderRecord,
      | 'stato'
      | 'valutazioneCalcolata'
      | 'dataCompilazione'
      | 'dataArrivoMacchina'
      | 'valutazioneUtente'
      | 'note'
      | 'inviatoAt'
    >
  >,
  login?: string,
) => {
  const [row] = await db
    .update(crDarHeader)
    .set({ ...values, ...(login ? { lastModifiedBy: login, lastModifiedDate: sql`now()` } : {}) })
    .where(eq(crDarHeader.id, id))
    .returning();
  return row as HeaderRecord;
};

/** Template lines ordered for the tree: progressivo1, 2, 3 (a group before its rows), then id. */
const TREE_ORDER = [
  asc(crDarTemplateLine.progressivo1),
  sql`${crDarTemplateLine.progressivo2} asc nulls first`,
  sql`${crDarTemplateLine.progressivo3} asc nulls first`,
  asc(crDarLine.id),
];

/** Every line of a checklist with its template line, in tree order. */
export const findLines = (db: DbOrTx, headerId: number): Promise<LineWithTemplate[]> =>
  db
    .select({ line: crDarLine, tl: crDarTemplateLine })
    .from(crDarLine)
    .innerJoin(crDarTemplateLine, eq(crDarTemplateLine.id, crDarLine.templateLineId))
    .where(eq(crDarLine.headerId, headerId))
    .orderBy(...TREE_ORDER);

/** One line of a checklist of the dealer, with its template line. */
export const findLine = async (
  db: DbOrTx,
  dealerLogin: string,
  lineId: number,
): Promise<LineWithTemplate | undefined> => {
  const [row] = await db
    .select({ line: crDarLine, tl: crDarTemplateLine })
    .from(crDarLine)
    .innerJoin(crDarTemplateLine, eq(crDarTemplateLine.id, crDarLine.templateLineId))
    .innerJoin(crDarHeader, eq(crDarHeader.id, crDarLine.headerId))
    .where(and(eq(crDarLine.id, lineId), eq(crDarHeader.dealerLogin, dealerLogin)))
    .limit(1);
  return row;
};

/** The line of a checklist of the dealer that holds an image of that name. */
export const findLineOfImage = async (db: DbOrTx, dealerLogin: string, name: string) => {
  const [row] = await db
    .select({ id: crDarLine.id })
    .from(crDarLine)
    .innerJoin(crDarHeader, eq(crDarHeader.id, crDarLine.headerId))
    .where(
      and(
        or(eq(crDarLine.nomeImmagine1, name), eq(crDarLine.nomeImmagine2, name)),
        eq(crDarHeader.dealerLogin, dealerLogin),
      ),
    )
    .limit(1);
  return row?.id;
};

export const updateLine = async (
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      LineRecord,
      | 'risposta'
      | 'rispostaDettaglio'
      | 'note'
      | 'nomeImmagine1'
      | 'immagine1FileId'
      | 'nomeImmagine2'
      | 'immagine2FileId'
    >
  >,
  login: string,
) => {
  const [row] = await db
    .update(crDarLine)
    .set({ ...values, lastModifiedBy: login, lastModifiedDate: sql`now()` })
    .where(eq(crDarLine.id, id))
    .returning();
  return row as LineRecord;
};

/** What the state and the score are computed from: every line's answer with its row type and scores. */
export const findAnswers = (db: DbOrTx, headerId: number) =>
  db
    .select({
      tipoRiga: crDarTemplateLine.tipoRiga,
      risposta: crDarLine.risposta,
      scoreOK: crDarTemplateLine.scoreOK,
      scoreKO: crDarTemplateLine.scoreKO,
      scoreNA: crDarTemplateLine.scoreNA,
    })
    .from(crDarLine)
    .innerJoin(crDarTemplateLine, eq(crDarTemplateLine.id, crDarLine.templateLineId))
    .where(eq(crDarLine.headerId, headerId));

/** The live stored files of some ids (the images of a checklist for its PDF). */
export const findStoredFiles = async (db: DbOrTx, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(storedFile)
        .where(and(inArray(storedFile.id, [...ids]), isNull(storedFile.deletedAt)));

// ---------------------------------------------------------------------------------------------
// Machines on the road (spec 3 §2 new-checklist search)

export type MachineOnTheRoad = {
  matricola: string;
  localizedDescrizione: Record<string, string>;
  nomeCliente: string;
  crCod: string;
  versione: string | null;
  modello: string | null;
};

const machineColumns = {
  matricola: macchina.mtMatricola,
  localizedDescrizione: macchina.localizedDescrizione,
  nomeCliente: messaInStrada.nomeCliente,
  crCod: macchina.mtCrCod,
  versione: macchina.mtVersione,
  modello: crModelli.modello,
};

const onTheRoad = (scope: SQL | undefined) => and(scope, ne(macchina.mtMatricola, GENERIC_SERIAL));

/** One page of the machines under `scope` registered as on the road, by serial; with the total. */
export const pageOfMachinesOnTheRoad = async (
  db: DbOrTx,
  scope: SQL | undefined,
  term: string | undefined,
  paging: { page: number; size: number },
) => {
  const pattern = term ? containsPattern(term.toLowerCase()) : undefined;
  const where = and(
    onTheRoad(scope),
    pattern
      ? or(sql`lower(${macchina.mtMatricola}) like ${pattern}`, sql`lower(${macchina.mtCrCod}) like ${pattern}`)
      : undefined,
  );
  const rows = await db
    .select({ ...machineColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(macchina)
    .innerJoin(messaInStrada, eq(messaInStrada.matricola, macchina.mtMatricola))
    .leftJoin(crModelli, eq(crModelli.id, macchina.modelloId))
    .where(where)
    .orderBy(asc(macchina.mtMatricola))
    .limit(paging.size)
    .offset(paging.page * paging.size);
  const total = await totalOfPage(rows, paging.page, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(macchina)
      .innerJoin(messaInStrada, eq(messaInStrada.matricola, macchina.mtMatricola))
      .where(where);
    return counted?.n ?? 0;
  });
  return { rows: rows as (MachineOnTheRoad & { total: number })[], total };
};

/**
 * A machine under `scope` registered as on the road; `lock` holds the machine's row (two checklists
 * of one machine and type are not created at once).
 */
export const findMachineOnTheRoad = async (
  db: DbOrTx,
  scope: SQL | undefined,
  matricola: string,
  lock = false,
): Promise<MachineOnTheRoad | undefined> => {
  const query = db
    .select(machineColumns)
    .from(macchina)
    .innerJoin(messaInStrada, eq(messaInStrada.matricola, macchina.mtMatricola))
    .leftJoin(crModelli, eq(crModelli.id, macchina.modelloId))
    .where(and(onTheRoad(scope), eq(macchina.mtMatricola, matricola)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: macchina }) : await query;
  return row as MachineOnTheRoad | undefined;
};

/** The account a checklist is compiled by, and whom its confirmation is mailed to. */
export const findAccount = async (db: DbOrTx, login: string) => {
  const [row] = await db
    .select({
      login: appUser.login,
      firstName: appUser.firstName,
      lastName: appUser.lastName,
      email: appUser.email,
      company: appUser.company,
      langKey: appUser.langKey,
    })
    .from(appUser)
    .where(eq(appUser.login, login))
    .limit(1);
  return row;
};
