import type { Language } from '@ricambi/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogo, catalogoDisegno, catalogoPdf, catalogoRiga, crModelli, macchina } from '../../db/schema/index.ts';

/** How often a process says that the jobs it claimed are still its own (heartbeat_at). */
export const CATALOGUE_PDF_HEARTBEAT_MS = 30_000;
/** A GENERATING row without a heartbeat for this long is taken as dead (its process stopped) and made again. */
export const CATALOGUE_PDF_DEAD_MS = 2 * 60_000;
const deadBefore = sql`now() - ${`${CATALOGUE_PDF_DEAD_MS} milliseconds`}::interval`;

export type PdfTreeRow = {
  rigItem: number;
  rigItemPrec: number | null;
  rigLivello: number;
  rigIdTav: string | null;
  rigDisegno: string | null;
  rigPos: string | null;
  rigTipoNodo: number;
  rigQta: number;
  rigNote: string | null;
  articoloCodice: string | null;
  unitaMisura: string | null;
  localizedDescrizione: Record<string, string>;
};

/** Every row of a catalogue, by level, order and item (one query). */
export const treeRows = async (db: DbOrTx, crId: number): Promise<PdfTreeRow[]> =>
  db
    .select({
      rigItem: catalogoRiga.rigItem,
      rigItemPrec: catalogoRiga.rigItemPrec,
      rigLivello: catalogoRiga.rigLivello,
      rigIdTav: catalogoRiga.rigIdTav,
      rigDisegno: catalogoRiga.rigDisegno,
      rigPos: catalogoRiga.rigPos,
      rigTipoNodo: catalogoRiga.rigTipoNodo,
      rigQta: catalogoRiga.rigQta,
      rigNote: catalogoRiga.rigNote,
      articoloCodice: catalogoRiga.articoloCodice,
      unitaMisura: catalogoRiga.unitaMisura,
      localizedDescrizione: catalogoRiga.localizedDescrizione,
    })
    .from(catalogoRiga)
    .where(eq(catalogoRiga.crId, crId))
    .orderBy(asc(catalogoRiga.rigLivello), asc(catalogoRiga.rigOrdine), asc(catalogoRiga.rigItem));

/** The drawings of these names (500 a query). */
export const drawingsNamed = async (db: DbOrTx, names: readonly string[]) => {
  const unique = [...new Set(names)];
  const found: (typeof catalogoDisegno.$inferSelect)[] = [];
  for (let i = 0; i < unique.length; i += 500)
    found.push(
      ...(await db
        .select()
        .from(catalogoDisegno)
        .where(inArray(catalogoDisegno.name, unique.slice(i, i + 500)))),
    );
  return found;
};

/** The models of the machines of a catalogue code, for the cover (at most 20). */
export const modelsOfCatalogue = async (db: DbOrTx, crCodice: string) =>
  (
    await db
      .selectDistinct({ modello: crModelli.modello })
      .from(macchina)
      .innerJoin(crModelli, eq(crModelli.id, macchina.modelloId))
      .where(eq(macchina.mtCrCod, crCodice))
      .orderBy(asc(crModelli.modello))
      .limit(20)
  ).map((m) => m.modello);

export type PdfRowState = {
  id: number;
  state: 'GENERATING' | 'READY' | 'FAILED';
  progress: number;
  fileName: string | null;
  requestedAt: Date;
  /** Made from the catalogue's current generation. */
  current: boolean;
  /** No heartbeat for CATALOGUE_PDF_DEAD_MS (meaningful while GENERATING). */
  dead: boolean;
};

export const pdfState = async (db: DbOrTx, crId: number, lang: Language): Promise<PdfRowState | undefined> => {
  const [row] = await db
    .select({
      id: catalogoPdf.id,
      state: catalogoPdf.state,
      progress: catalogoPdf.progress,
      fileName: catalogoPdf.fileName,
      requestedAt: catalogoPdf.requestedAt,
      current: sql<boolean>`${catalogoPdf.catalogoGeneratedAt} = ${catalogo.generatedAt}`,
      dead: sql<boolean>`${catalogoPdf.heartbeatAt} < ${deadBefore}`,
    })
    .from(catalogoPdf)
    .innerJoin(catalogo, eq(catalogo.id, catalogoPdf.crId))
    .where(and(eq(catalogoPdf.crId, crId), eq(catalogoPdf.lang, lang)));
  return row as PdfRowState | undefined;
};

/** A job's claim on the (catalogue, language) row: the claim time is its token. */
export type PdfClaim = { crId: number; lang: Language; token: Date };

/**
 * Claims the row in one statement (the row is the lock): inserted, or taken over when it is of an
 * older generation, FAILED or dead. Answers whether this call claimed it.
 */
export const claimPdf = async (db: DbOrTx, { crId, lang, token }: PdfClaim) => {
  const generatedAt = sql`(select ${catalogo.generatedAt} from ${catalogo} where ${catalogo.id} = ${crId})`;
  const claimed = await db
    .insert(catalogoPdf)
    .values({
      crId,
      lang,
      state: 'GENERATING',
      progress: 0,
      catalogoGeneratedAt: generatedAt,
      requestedAt: token,
      heartbeatAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: [catalogoPdf.crId, catalogoPdf.lang],
      set: {
        state: 'GENERATING',
        progress: 0,
        catalogoGeneratedAt: sql`excluded.catalogo_generated_at`,
        requestedAt: token,
        heartbeatAt: sql`now()`,
        error: null,
        finishedAt: null,
      },
      setWhere: sql`${catalogoPdf.catalogoGeneratedAt} <> excluded.catalogo_generated_at
          or ${catalogoPdf.state} = 'FAILED'
          or (${catalogoPdf.state} = 'GENERATING' and ${catalogoPdf.heartbeatAt} < ${deadBefore})`,
    })
    .returning({ id: catalogoPdf.id });
  return claimed.length > 0;
};

const whereClaimed = (claim: PdfClaim) =>
  and(
    eq(catalogoPdf.crId, claim.crId),
    eq(catalogoPdf.lang, claim.lang),
    eq(catalogoPdf.state, 'GENERATING'),
    eq(catalogoPdf.requestedAt, claim.token),
  );

/** Writes the progress (a heartbeat too) while the claim holds; answers whether it did. */
export const setPdfProgress = async (db: DbOrTx, claim: PdfClaim, progress: number) =>
  (
    await db
      .update(catalogoPdf)
      .set({ progress, heartbeatAt: sql`now()` })
      .where(whereClaimed(claim))
      .returning({ id: catalogoPdf.id })
  ).length > 0;

/** The heartbeat of claims a process holds, queued or running; answers the claims still held. */
export const beatPdfClaims = async (db: DbOrTx, claims: readonly PdfClaim[]) => {
  const held: PdfClaim[] = [];
  for (const claim of claims) {
    const beat = await db
      .update(catalogoPdf)
      .set({ heartbeatAt: sql`now()` })
      .where(whereClaimed(claim))
      .returning({ id: catalogoPdf.id });
    if (beat.length > 0) held.push(claim);
  }
  return held;
};

/** The (catalogue, language) of the dead GENERATING rows, the oldest first: their process stopped. */
export const deadPdfRows = (db: DbOrTx, limit: number) =>
  db
    .select({ crId: catalogoPdf.crId, lang: catalogoPdf.lang })
    .from(catalogoPdf)
    .where(and(eq(catalogoPdf.state, 'GENERATING'), sql`${catalogoPdf.heartbeatAt} < ${deadBefore}`))
    .orderBy(asc(catalogoPdf.heartbeatAt))
    .limit(limit);

/** Marks the claimed row READY with its file; answers whether the claim still held. */
export const finishPdf = async (db: DbOrTx, claim: PdfClaim, fileName: string) =>
  (
    await db
      .update(catalogoPdf)
      .set({ state: 'READY', progress: 100, fileName, finishedAt: sql`now()` })
      .where(whereClaimed(claim))
      .returning({ id: catalogoPdf.id })
  ).length > 0;

export const failPdf = (db: DbOrTx, claim: PdfClaim, reason: string) =>
  db
    .update(catalogoPdf)
    .set({ state: 'FAILED', error: reason.slice(0, 2000), finishedAt: sql`now()` })
    .where(whereClaimed(claim));

/**
 * Gives up a claim this process will not finish (it stops): the row is left as dead at once, so the
 * page shows NONE, the next request claims it, and another process's rescue takes it up.
 */
export const abandonPdf = (db: DbOrTx, claim: PdfClaim) =>
  db
    .update(catalogoPdf)
    .set({ heartbeatAt: sql`now() - ${`${2 * CATALOGUE_PDF_DEAD_MS} milliseconds`}::interval` })
    .where(whereClaimed(claim));

/** A READY row whose file is gone becomes FAILED, so the next request makes it again. */
export const markPdfFileMissing = (db: DbOrTx, id: number, fileName: string) =>
  db
    .update(catalogoPdf)
    .set({ state: 'FAILED', error: 'file missing' })
    .where(and(eq(catalogoPdf.id, id), eq(catalogoPdf.state, 'READY'), eq(catalogoPdf.fileName, fileName)));
