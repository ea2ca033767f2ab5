import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { articolo, catalogo, catalogoRiga } from '../../db/schema/index.ts';

/** The PNG of a catalogue drawing: `${dataDir}/drawings/catalogue/${name}.png`. */
export const catalogueDrawingsDir = (dataDir: string) => path.join(dataDir, 'drawings', 'catalogue');
export const catalogueDrawingPath = (dataDir: string, name: string) =>
  path.join(catalogueDrawingsDir(dataDir), `${name}.png`);
/** Drawing names are file names: letters, digits, dot, dash, underscore. */
export const SAFE_DRAWING_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/;

/**
 * Regenerates one catalogue (spec 2 §2 refresh, nightly job): copies the current code, unit and
 * descriptions of each row's article into the row, marks rows of articles that cannot be ordered
 * T, rebuilds the tree-search text (code and every language, lower-case without accents), counts
 * the rows and stamps generatedAt, clearing `stale`. One statement per step, in the caller's
 * transaction when given one.
 */
export const regenerateCatalogue = async (db: DbOrTx, crId: number) => {
  await db.execute(sql`
    update ${catalogoRiga} r set
      articolo_codice = a.articolo,
      unita_misura = a.unita_misura,
      localized_descrizione = case when a.localized_descrizione = '{}'::jsonb
        then jsonb_build_object('it', coalesce(a.descrizione, '')) else a.localized_descrizione end,
      rig_tipo_art = case when a.ordinabile and a.visibile then nullif(r.rig_tipo_art, 'T') else 'T' end
    from ${articolo} a
    where r.cr_id = ${crId} and a.id = r.articolo_id`);
  await db.execute(sql`
    update ${catalogoRiga} r set search_text = lower(unaccent(concat_ws(' ',
      r.articolo_codice, r.rig_id_tav, r.rig_pos,
      r.localized_descrizione->>'it', r.localized_descrizione->>'en', r.localized_descrizione->>'fr',
      r.localized_descrizione->>'de', r.localized_descrizione->>'es')))
    where r.cr_id = ${crId}`);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(catalogoRiga)
    .where(eq(catalogoRiga.crId, crId));
  await db
    .update(catalogo)
    .set({ righe: counted?.n ?? 0, generatedAt: sql`now()`, stale: false })
    .where(eq(catalogo.id, crId));
};

/**
 * Spec 2 §2: a catalogue marked stale is regenerated when it is next asked for — by the tree or a
 * PDF alike. The catalogue row is locked (SELECT ... FOR UPDATE) while it is checked and
 * regenerated, so concurrent requests regenerate it once: the others wait and find it fresh.
 * Answers whether this call regenerated it.
 */
export const ensureFresh = (db: Db, crId: number) =>
  db.transaction(async (tx) => {
    const [row] = await tx.select({ stale: catalogo.stale }).from(catalogo).where(eq(catalogo.id, crId)).for('update');
    if (!row?.stale) return false;
    await regenerateCatalogue(tx, crId);
    return true;
  });

/**
 * The nightly job's step: regenerates the catalogue under the same row lock as ensureFresh when it
 * is still due — stale, or generated before `olderThan` — so a second run (another process, a
 * night's run repeated) finds it fresh and leaves it. Answers whether it regenerated it.
 */
export const regenerateIfDue = (db: Db, crId: number, olderThan: Date) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .select({ stale: catalogo.stale, generatedAt: catalogo.generatedAt })
      .from(catalogo)
      .where(eq(catalogo.id, crId))
      .for('update');
    if (!row || !(row.stale || row.generatedAt < olderThan)) return false;
    await regenerateCatalogue(tx, crId);
    return true;
  });

/** Regenerates a catalogue now (refresh), under the same row lock as ensureFresh. */
export const regenerateNow = (db: Db, crId: number) =>
  db.transaction(async (tx) => {
    await tx.select({ id: catalogo.id }).from(catalogo).where(eq(catalogo.id, crId)).for('update');
    await regenerateCatalogue(tx, crId);
  });
