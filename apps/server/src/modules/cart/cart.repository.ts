import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import {
  appUser,
  articolo,
  carrello,
  carrelloRiga,
  carrelloSalvato,
  indirizzoCliente,
  type SavedCartLine,
} from '../../db/schema/index.ts';

export type CartLineRow = typeof carrelloRiga.$inferSelect;
type NewCartLine = Omit<typeof carrelloRiga.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Creates the user's cart row when missing and locks it for the rest of the transaction: the upsert
 * takes the row lock (as SELECT ... FOR UPDATE would), so every change and send of one user waits
 * for the previous one.
 */
export const lockCartRow = async (tx: Tx, userId: number) => {
  const [row] = await tx
    .insert(carrello)
    .values({ userId })
    .onConflictDoUpdate({ target: carrello.userId, set: { updatedAt: sql`now()` } })
    .returning({ id: carrello.id });
  if (!row) throw new Error('cart row not locked');
  return row.id;
};

/** The user's cart id (null without a cart row) and its lines in the order they were added, in one query. */
export const findCartWithLines = async (db: DbOrTx, userId: number) => {
  const rows = await db
    .select({ cartId: carrello.id, line: carrelloRiga })
    .from(carrello)
    .leftJoin(carrelloRiga, eq(carrelloRiga.carrelloId, carrello.id))
    .where(eq(carrello.userId, userId))
    .orderBy(asc(carrelloRiga.id));
  return {
    cartId: rows[0]?.cartId ?? null,
    lines: rows.flatMap((r) => (r.line ? [r.line] : [])),
  };
};

export const findLines = (db: DbOrTx, cartId: number) =>
  db.select().from(carrelloRiga).where(eq(carrelloRiga.carrelloId, cartId)).orderBy(asc(carrelloRiga.id));

export const findLine = async (db: DbOrTx, cartId: number, lineId: number) =>
  (
    await db
      .select()
      .from(carrelloRiga)
      .where(and(eq(carrelloRiga.id, lineId), eq(carrelloRiga.carrelloId, cartId)))
  )[0];

export const insertLines = async (db: DbOrTx, lines: readonly NewCartLine[]) => {
  if (lines.length > 0) await db.insert(carrelloRiga).values([...lines]);
};

/** New quantities (and confirmations) of existing lines of one cart, in one statement. */
export const updateLineQuantities = async (
  db: DbOrTx,
  cartId: number,
  changes: readonly { id: number; quantita: number; confermaSuperamento: boolean }[],
) => {
  if (changes.length === 0) return;
  const values = sql.join(
    changes.map((c) => sql`(${c.id}::bigint, ${c.quantita}::numeric, ${c.confermaSuperamento}::boolean)`),
    sql`, `,
  );
  await db.execute(sql`
    update carrello_riga r
       set quantita = v.quantita, conferma_superamento = v.conferma, updated_at = now()
      from (values ${values}) as v(id, quantita, conferma)
     where r.id = v.id and r.carrello_id = ${cartId}`);
};

export const updateLine = async (
  db: DbOrTx,
  cartId: number,
  lineId: number,
  set: Pick<CartLineRow, 'quantita' | 'dataRichiesta' | 'serialNumber' | 'confermaSuperamento'>,
) => {
  await db
    .update(carrelloRiga)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(carrelloRiga.id, lineId), eq(carrelloRiga.carrelloId, cartId)));
};

/** Deletes these lines of the cart (all of them without ids); answers how many were deleted. */
export const deleteLines = async (db: DbOrTx, cartId: number, lineIds?: readonly number[]) => {
  if (lineIds && lineIds.length === 0) return 0;
  const deleted = await db
    .delete(carrelloRiga)
    .where(and(eq(carrelloRiga.carrelloId, cartId), lineIds ? inArray(carrelloRiga.id, [...lineIds]) : undefined))
    .returning({ id: carrelloRiga.id });
  return deleted.length;
};

/** How many lines the user's cart holds and how many of them are rubber tracks. */
export const cartKindCounts = async (db: DbOrTx, userId: number) => {
  const [row] = await queryRows<{ lines: number | string; tracks: number | string }>(
    db,
    sql`select count(*) as lines, count(*) filter (where ${articolo.cingoloInGomma}) as tracks
          from ${carrello}
          join ${carrelloRiga} on ${carrelloRiga.carrelloId} = ${carrello.id}
          join ${articolo} on ${articolo.id} = ${carrelloRiga.articoloId}
         where ${carrello.userId} = ${userId}`,
  );
  return { lines: Number(row?.lines ?? 0), tracks: Number(row?.tracks ?? 0) };
};

/** The user's stored addresses, the default (000) first. */
export const findAddresses = (db: DbOrTx, userId: number) =>
  db
    .select()
    .from(indirizzoCliente)
    .where(eq(indirizzoCliente.userId, userId))
    .orderBy(sql`${indirizzoCliente.tipoIndirizzo} = '000' desc`, asc(indirizzoCliente.tipoIndirizzo));

/** The address fields of the account (filled for subdealers). */
export const findUserAddress = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select({
        company: appUser.company,
        indirizzo: appUser.indirizzo,
        cap: appUser.cap,
        citta: appUser.citta,
        stato: appUser.stato,
      })
      .from(appUser)
      .where(eq(appUser.id, userId))
  )[0];

/**
 * Articles by code, exactly but in any case, in one query: the code index of the search data
 * narrows the rows (codes without punctuation), the exact comparison decides. A superseded article
 * carries its first orderable ALT equivalent.
 */
export const findArticlesByCodes = async (
  db: DbOrTx,
  codes: readonly string[],
  today: string,
): Promise<QuickArticleRow[]> => {
  if (codes.length === 0) return [];
  const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
  const norm = [...new Set(lower.map((c) => c.replace(/[^a-z0-9]/g, '')))];
  return queryRows<QuickArticleRow>(
    db,
    sql`select a.id, a.articolo, a.descrizione, a.localized_descrizione as "localizedDescrizione",
               a.unita_misura as "unitaMisura", a.ordinabile, a.visibile,
               a.data_fine_validita is not null and a.data_fine_validita < ${today}::date as superseded,
               alt.id as "altId", alt.articolo as "altArticolo", alt.descrizione as "altDescrizione",
               alt.localized_descrizione as "altLocalizedDescrizione"
          from articolo a
          left join lateral (
            select b.id, b.articolo, b.descrizione, b.localized_descrizione
              from articolo_equiv e
              join articolo b on b.articolo = e.equiv
             where e.articolo_id = a.id and e.relazione = 'ALT' and b.id <> a.id
               and b.ordinabile and b.visibile
               and (b.data_fine_validita is null or b.data_fine_validita >= ${today}::date)
             order by e.ordine nulls last, e.id
             limit 1
          ) alt on a.data_fine_validita < ${today}::date
         where a.id in (select s.articolo_id from articolo_search s
                         where s.codice_norm in (${sql.join(
                           norm.map((n) => sql`${n}`),
                           sql`, `,
                         )}))
           and lower(a.articolo) in (${sql.join(
             lower.map((c) => sql`${c}`),
             sql`, `,
           )})`,
  );
};

type QuickArticleRow = {
  id: number | string;
  articolo: string;
  descrizione: string | null;
  localizedDescrizione: Record<string, string> | null;
  unitaMisura: string;
  ordinabile: boolean;
  visibile: boolean;
  superseded: boolean;
  altId: number | string | null;
  altArticolo: string | null;
  altDescrizione: string | null;
  altLocalizedDescrizione: Record<string, string> | null;
};

export const listSavedCarts = (db: DbOrTx, userId: number) =>
  db
    .select({
      id: carrelloSalvato.id,
      nome: carrelloSalvato.nome,
      righe: sql<number>`jsonb_array_length(${carrelloSalvato.righe})::int`,
      createdAt: carrelloSalvato.createdAt,
    })
    .from(carrelloSalvato)
    .where(eq(carrelloSalvato.userId, userId))
    .orderBy(desc(carrelloSalvato.createdAt), desc(carrelloSalvato.id));

export const countSavedCarts = async (db: DbOrTx, userId: number) =>
  (await db.select({ n: count() }).from(carrelloSalvato).where(eq(carrelloSalvato.userId, userId)))[0]?.n ?? 0;

export const savedCartNameTaken = async (db: DbOrTx, userId: number, nome: string) =>
  (
    await db
      .select({ id: carrelloSalvato.id })
      .from(carrelloSalvato)
      .where(and(eq(carrelloSalvato.userId, userId), sql`lower(${carrelloSalvato.nome}) = lower(${nome})`))
      .limit(1)
  ).length > 0;

export const insertSavedCart = async (db: DbOrTx, row: { userId: number; nome: string; righe: SavedCartLine[] }) => {
  const [saved] = await db.insert(carrelloSalvato).values(row).returning();
  if (!saved) throw new Error('saved cart not inserted');
  return saved;
};

export const findSavedCart = async (db: DbOrTx, userId: number, id: number) =>
  (
    await db
      .select()
      .from(carrelloSalvato)
      .where(and(eq(carrelloSalvato.id, id), eq(carrelloSalvato.userId, userId)))
  )[0];

export const deleteSavedCart = async (db: DbOrTx, userId: number, id: number) =>
  (
    await db
      .delete(carrelloSalvato)
      .where(and(eq(carrelloSalvato.id, id), eq(carrelloSalvato.userId, userId)))
      .returning({ id: carrelloSalvato.id })
  ).length > 0;
