import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { appUser, articolo, carrelloRiga, ordine, ordineRiga, speseSpedizione } from '../../db/schema/index.ts';

export type OrderRow = typeof ordine.$inferSelect;
type NewOrder = Omit<typeof ordine.$inferInsert, 'id' | 'createdAt' | 'statoOrdine'>;
export type NewOrderLine = Omit<typeof ordineRiga.$inferInsert, 'id' | 'ordineId'>;
export type TariffRowRecord = typeof speseSpedizione.$inferSelect;

/** The order a customer already sent with this idempotency key, if any. */
export const findOrderByKey = async (db: DbOrTx, userId: number, idempotencyKey: string) =>
  (
    await db
      .select()
      .from(ordine)
      .where(and(eq(ordine.userId, userId), eq(ordine.idempotencyKey, idempotencyKey)))
      .limit(1)
  )[0];

/** The next order number: one sequence for every instance (gaps possible, never a repeat). */
export const nextOrderNumber = async (tx: Tx) => {
  const [row] = await queryRows<{ n: string | number }>(tx, sql`select nextval('ordine_numero_seq') as n`);
  return Number(row?.n);
};

/** The order and its lines: two statements whatever the number of lines. */
export const insertOrder = async (tx: Tx, order: NewOrder, lines: readonly NewOrderLine[]) => {
  const [row] = await tx.insert(ordine).values(order).returning();
  if (!row) throw new Error('order not inserted');
  if (lines.length > 0) await tx.insert(ordineRiga).values(lines.map((line) => ({ ...line, ordineId: row.id })));
  return row;
};

/** Who the order is for: the name and e-mail of the confirmation, the company of the ERP document. */
export const findCustomer = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select({
        login: appUser.login,
        email: appUser.email,
        firstName: appUser.firstName,
        company: appUser.company,
        langKey: appUser.langKey,
      })
      .from(appUser)
      .where(eq(appUser.id, userId))
  )[0];

export const countCartLines = async (db: DbOrTx, cartId: number) =>
  (await db.select({ n: count() }).from(carrelloRiga).where(eq(carrelloRiga.carrelloId, cartId)))[0]?.n ?? 0;

/** Which of these articles are rubber tracks (the free-shipping cart kind). */
export const findTrackIds = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: articolo.id })
    .from(articolo)
    .where(and(inArray(articolo.id, [...new Set(ids)]), eq(articolo.cingoloInGomma, true)));
  return new Set(rows.map((r) => r.id));
};

/** Articles by exact code, for the order import. */
export const findArticlesByCodes = async (db: DbOrTx, codes: readonly string[]) => {
  if (codes.length === 0) return [];
  return db
    .select({
      id: articolo.id,
      articolo: articolo.articolo,
      tipoArticoloOrig: articolo.tipoArticoloOrig,
      ordinabile: articolo.ordinabile,
      visibile: articolo.visibile,
    })
    .from(articolo)
    .where(inArray(articolo.articolo, [...new Set(codes)]));
};

/** Tariff rows of a country whose weight band holds the weight (pesoDa < weight ≤ pesoA). */
export const findTariffRows = (db: DbOrTx, stato: string, weight: number) =>
  db
    .select()
    .from(speseSpedizione)
    .where(
      and(eq(speseSpedizione.stato, stato), lt(speseSpedizione.pesoDa, weight), gte(speseSpedizione.pesoA, weight)),
    );

export const listTariff = (db: DbOrTx) =>
  db
    .select()
    .from(speseSpedizione)
    .orderBy(
      asc(speseSpedizione.stato),
      asc(speseSpedizione.capDa),
      asc(speseSpedizione.capA),
      asc(speseSpedizione.pesoDa),
      asc(speseSpedizione.id),
    );

/** The whole tariff replaced: the caller's transaction makes it all or nothing. */
export const replaceTariff = async (tx: Tx, rows: readonly Omit<TariffRowRecord, 'id'>[]) => {
  await tx.delete(speseSpedizione);
  // 6 parameters a row: 5,000 rows stay far below PostgreSQL's 65,535 bind parameters.
  if (rows.length > 0) await tx.insert(speseSpedizione).values([...rows]);
};
