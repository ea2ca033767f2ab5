import type { WhereUsedType } from '@ricambi/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogo, catalogoRiga, macchina } from '../../db/schema/index.ts';
import { escapeLike } from '../../platform/paging.ts';

/** Spec 2 §2 where used: at most this many rows are sent (the response says when there were more). */
export const WHERE_USED_MAX_ROWS = 5000;

export type WhereUsedMatch = { idMatricola: number; mtMatricola: string; crCod: string; rigIdTav: string | null };

/**
 * The catalogue rows a term matches: tavCat a plate id or drawing name, artCat and artTavola an
 * article code; all by prefix, ignoring case (the lower(...) text_pattern_ops indexes; codes are
 * compared as typed and upper-cased, the code index being on the plain column).
 */
const rowMatches = (term: string, type: WhereUsedType): SQL => {
  const prefix = `${escapeLike(term)}%`;
  if (type === 'tavCat') {
    const lower = prefix.toLowerCase();
    return sql`(lower(${catalogoRiga.rigIdTav}) like ${lower} or lower(${catalogoRiga.rigDisegno}) like ${lower})`;
  }
  const upper = prefix.toUpperCase();
  return upper === prefix
    ? sql`${catalogoRiga.articoloCodice} like ${prefix}`
    : sql`(${catalogoRiga.articoloCodice} like ${prefix} or ${catalogoRiga.articoloCodice} like ${upper})`;
};

/**
 * Every machine whose catalogue (macchina.mt_cr_cod = catalogo.cr_codice) holds a matching row,
 * once per machine (and plate, for artTavola), ordered by catalogue code and serial; one row more
 * than the cap is read so that the caller knows the list was cut. `machines` limits them to those the user sees.
 */
export const findWhereUsed = async (
  db: DbOrTx,
  term: string,
  type: WhereUsedType,
  limit = WHERE_USED_MAX_ROWS,
  machines?: SQL,
) => {
  const perPlate = type === 'artTavola';
  const plate = perPlate ? sql<string | null>`${catalogoRiga.rigIdTav}` : sql<string | null>`null::varchar`;
  const rows = await db
    .selectDistinct({
      crCod: catalogo.crCodice,
      mtMatricola: macchina.mtMatricola,
      rigIdTav: plate.as('rig_id_tav'),
      idMatricola: macchina.id,
    })
    .from(catalogoRiga)
    .innerJoin(catalogo, eq(catalogo.id, catalogoRiga.crId))
    .innerJoin(macchina, eq(macchina.mtCrCod, catalogo.crCodice))
    .where(and(rowMatches(term, type), machines))
    .orderBy(
      asc(catalogo.crCodice),
      asc(macchina.mtMatricola),
      ...(perPlate ? [asc(catalogoRiga.rigIdTav)] : []),
      asc(macchina.id),
    )
    .limit(limit + 1);
  return { rows: rows.slice(0, limit) as WhereUsedMatch[], truncated: rows.length > limit };
};
