import type {
  ChecklistHeaderAdminSortField,
  ChecklistLineAdminSortField,
  ChecklistTemplateHeaderSortField,
  ChecklistTemplateLineSortField,
} from '@ricambi/domain';
import { type AnyColumn, and, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { crDarHeader, crDarLine, crDarTemplateHeader, crDarTemplateLine } from '../../db/schema/index.ts';
import { containsPattern, type SortColumns } from '../../platform/paging.ts';

export type TemplateHeaderRow = typeof crDarTemplateHeader.$inferSelect;
export type TemplateLineRow = typeof crDarTemplateLine.$inferSelect;
export type HeaderRow = typeof crDarHeader.$inferSelect;
export type LineRow = typeof crDarLine.$inferSelect;

export type TemplateRef = Pick<TemplateHeaderRow, 'id' | 'nome' | 'versione' | 'tipoDocumento'>;
export type HeaderRef = Pick<HeaderRow, 'id' | 'matricola' | 'stato'>;
export type TemplateLineRef = Pick<
  TemplateLineRow,
  'id' | 'templateHeaderId' | 'tipoRiga' | 'progressivo1' | 'progressivo2' | 'progressivo3' | 'darDescr1' | 'darNaFlag'
>;

const unique = (ids: readonly number[]) => [...new Set(ids)];
const contains = (column: AnyColumn, term: string) => ilike(column, containsPattern(term));
/** A whole number a term may be (an id), or undefined. */
const numberOf = (term: string) => (/^\d{1,15}$/.test(term) ? Number(term) : undefined);

// ---------------------------------------------------------------------------------------------
// Templates

export const findTemplate = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(crDarTemplateHeader).where(eq(crDarTemplateHeader.id, id));
  return row;
};

/**
 * The template locked against a checklist compiled from it meanwhile: the compiling insert takes a
 * key-share lock on the template (its foreign key), which this lock waits for and excludes.
 */
export const lockTemplate = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(crDarTemplateHeader).where(eq(crDarTemplateHeader.id, id)).for('update');
  return row;
};

/** Of these templates, those a checklist was compiled from. */
export const templatesInUse = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? new Set<number>()
    : new Set(
        (
          await db
            .selectDistinct({ id: crDarHeader.templateHeaderId })
            .from(crDarHeader)
            .where(inArray(crDarHeader.templateHeaderId, unique(ids)))
        ).map((r) => r.id),
      );

export const templateRefs = async (db: DbOrTx, ids: readonly number[]): Promise<Map<number, TemplateRef>> =>
  new Map(
    (ids.length === 0
      ? []
      : await db
          .select({
            id: crDarTemplateHeader.id,
            nome: crDarTemplateHeader.nome,
            versione: crDarTemplateHeader.versione,
            tipoDocumento: crDarTemplateHeader.tipoDocumento,
          })
          .from(crDarTemplateHeader)
          .where(inArray(crDarTemplateHeader.id, unique(ids)))
    ).map((r) => [r.id, r]),
  );

/** The versions of a template's family (same name and type). */
export const familyVersions = async (db: DbOrTx, t: Pick<TemplateHeaderRow, 'nome' | 'tipoDocumento'>) =>
  (
    await db
      .select({ versione: crDarTemplateHeader.versione })
      .from(crDarTemplateHeader)
      .where(and(eq(crDarTemplateHeader.nome, t.nome), eq(crDarTemplateHeader.tipoDocumento, t.tipoDocumento)))
  ).map((r) => r.versione);

export const insertTemplate = async (db: DbOrTx, values: typeof crDarTemplateHeader.$inferInsert) => {
  const [row] = await db.insert(crDarTemplateHeader).values(values).returning();
  if (!row) throw new Error('cr_dar_template_header: the insert returned no row');
  return row;
};

export const closeTemplate = (db: DbOrTx, id: number, aData: string, login: string) =>
  db
    .update(crDarTemplateHeader)
    .set({ aData, lastModifiedBy: login, lastModifiedDate: new Date() })
    .where(eq(crDarTemplateHeader.id, id));

/** Every line of a template copied to another (a template has a few hundred lines at most). */
export const copyTemplateLines = async (db: DbOrTx, fromId: number, toId: number, login: string) => {
  const lines = await db
    .select()
    .from(crDarTemplateLine)
    .where(eq(crDarTemplateLine.templateHeaderId, fromId))
    .orderBy(crDarTemplateLine.id);
  if (lines.length === 0) return 0;
  await db.insert(crDarTemplateLine).values(
    lines.map(
      ({ id: _id, templateHeaderId: _from, createdDate: _c, lastModifiedBy: _m, lastModifiedDate: _d, ...line }) => ({
        ...line,
        templateHeaderId: toId,
        createdBy: login,
      }),
    ),
  );
  return lines.length;
};

export const findTemplateLine = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(crDarTemplateLine).where(eq(crDarTemplateLine.id, id));
  return row;
};

export const templateLineRefs = async (db: DbOrTx, ids: readonly number[]): Promise<Map<number, TemplateLineRef>> =>
  new Map(
    (ids.length === 0
      ? []
      : await db
          .select({
            id: crDarTemplateLine.id,
            templateHeaderId: crDarTemplateLine.templateHeaderId,
            tipoRiga: crDarTemplateLine.tipoRiga,
            progressivo1: crDarTemplateLine.progressivo1,
            progressivo2: crDarTemplateLine.progressivo2,
            progressivo3: crDarTemplateLine.progressivo3,
            darDescr1: crDarTemplateLine.darDescr1,
            darNaFlag: crDarTemplateLine.darNaFlag,
          })
          .from(crDarTemplateLine)
          .where(inArray(crDarTemplateLine.id, unique(ids)))
    ).map((r) => [r.id, r]),
  );

// ---------------------------------------------------------------------------------------------
// Compiled checklists

export const findHeader = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(crDarHeader).where(eq(crDarHeader.id, id));
  return row;
};

/** Headers by id as they are now (after the state was recomputed), with their template. */
export const headersWithTemplate = (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({
          header: crDarHeader,
          template: {
            id: crDarTemplateHeader.id,
            nome: crDarTemplateHeader.nome,
            versione: crDarTemplateHeader.versione,
            tipoDocumento: crDarTemplateHeader.tipoDocumento,
          },
        })
        .from(crDarHeader)
        .innerJoin(crDarTemplateHeader, eq(crDarTemplateHeader.id, crDarHeader.templateHeaderId))
        .where(inArray(crDarHeader.id, unique(ids)));

export const headerRefs = async (db: DbOrTx, ids: readonly number[]): Promise<Map<number, HeaderRef>> =>
  new Map(
    (ids.length === 0
      ? []
      : await db
          .select({ id: crDarHeader.id, matricola: crDarHeader.matricola, stato: crDarHeader.stato })
          .from(crDarHeader)
          .where(inArray(crDarHeader.id, unique(ids)))
    ).map((r) => [r.id, r]),
  );

/** A line for each line of the header's template, unanswered (a checklist the back office creates). */
export const insertBlankLines = async (db: DbOrTx, headerId: number, templateId: number, login: string) => {
  const lines = await db
    .select({ id: crDarTemplateLine.id })
    .from(crDarTemplateLine)
    .where(eq(crDarTemplateLine.templateHeaderId, templateId))
    .orderBy(crDarTemplateLine.id);
  if (lines.length === 0) return;
  await db.insert(crDarLine).values(lines.map((l) => ({ headerId, templateLineId: l.id, createdBy: login })));
};

/** The stored images of lines: of one line, or of every line of a header. */
export const imageFileIds = async (db: DbOrTx, of: { lineId: number } | { headerId: number }) =>
  (
    await db
      .select({ one: crDarLine.immagine1FileId, two: crDarLine.immagine2FileId })
      .from(crDarLine)
      .where(
        and(
          'lineId' in of ? eq(crDarLine.id, of.lineId) : eq(crDarLine.headerId, of.headerId),
          or(isNotNull(crDarLine.immagine1FileId), isNotNull(crDarLine.immagine2FileId)),
        ),
      )
  ).flatMap((r) => [r.one, r.two].filter((id): id is string => id !== null));

export const deleteLine = (db: DbOrTx, id: number) => db.delete(crDarLine).where(eq(crDarLine.id, id));

// ---------------------------------------------------------------------------------------------
// The kit's lists: free-text filters and sort allow-lists

export const templateHeaderSearch = (term: string): SQL | undefined => {
  const n = numberOf(term);
  return or(
    n === undefined ? undefined : eq(crDarTemplateHeader.id, n),
    contains(crDarTemplateHeader.nome, term),
    contains(crDarTemplateHeader.nomeBreve, term),
    contains(crDarTemplateHeader.versione, term),
    contains(crDarTemplateHeader.darDescr, term),
  );
};
export const TEMPLATE_HEADER_SORTABLE: SortColumns<ChecklistTemplateHeaderSortField> = {
  id: crDarTemplateHeader.id,
  nome: crDarTemplateHeader.nome,
  nomeBreve: crDarTemplateHeader.nomeBreve,
  versione: crDarTemplateHeader.versione,
  tipoDocumento: crDarTemplateHeader.tipoDocumento,
  daData: crDarTemplateHeader.daData,
  aData: crDarTemplateHeader.aData,
};

/**
 * A number names the template: its lines (the template's "lines" link); words a description (in
 * any language) or the template's name.
 */
export const templateLineSearch = (term: string): SQL | undefined => {
  const n = numberOf(term);
  if (n !== undefined) return eq(crDarTemplateLine.templateHeaderId, n);
  const pattern = containsPattern(term);
  return or(
    sql`${crDarTemplateLine.darDescr1}::text ilike ${pattern}`,
    sql`${crDarTemplateLine.darDescr2}::text ilike ${pattern}`,
    inArray(
      crDarTemplateLine.templateHeaderId,
      sql`(select ${crDarTemplateHeader.id} from ${crDarTemplateHeader} where ${crDarTemplateHeader.nome} ilike ${pattern})`,
    ),
  );
};
export const TEMPLATE_LINE_SORTABLE: SortColumns<ChecklistTemplateLineSortField> = {
  id: crDarTemplateLine.id,
  idCrDarTemplateHeader: crDarTemplateLine.templateHeaderId,
  progressivo1: crDarTemplateLine.progressivo1,
  progressivo2: crDarTemplateLine.progressivo2,
  progressivo3: crDarTemplateLine.progressivo3,
};

export const headerSearch = (term: string): SQL | undefined => {
  const n = numberOf(term);
  return or(
    n === undefined ? undefined : eq(crDarHeader.id, n),
    contains(crDarHeader.matricola, term),
    contains(crDarHeader.modello, term),
    contains(crDarHeader.userLogin, term),
    contains(crDarHeader.dealerLogin, term),
    contains(crDarHeader.userRagioneSociale, term),
  );
};
export const HEADER_SORTABLE: SortColumns<ChecklistHeaderAdminSortField> = {
  id: crDarHeader.id,
  matricola: crDarHeader.matricola,
  dealerLogin: crDarHeader.dealerLogin,
  idCrDarTemplateHeader: crDarHeader.templateHeaderId,
};

/**
 * A number names the checklist: its lines (the checklist's "lines" link), or a serial that is that
 * number; words part of a serial.
 */
export const lineSearch = (term: string): SQL | undefined => {
  const n = numberOf(term);
  const serial =
    n === undefined ? ilike(crDarHeader.matricola, containsPattern(term)) : eq(crDarHeader.matricola, term);
  return or(
    n === undefined ? undefined : eq(crDarLine.headerId, n),
    inArray(crDarLine.headerId, sql`(select ${crDarHeader.id} from ${crDarHeader} where ${serial})`),
  );
};
export const LINE_SORTABLE: SortColumns<ChecklistLineAdminSortField> = {
  id: crDarLine.id,
  idCrDarHeader: crDarLine.headerId,
};
