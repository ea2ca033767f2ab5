import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { comboVoci } from '../../db/schema/index.ts';

export type ComboRow = typeof comboVoci.$inferSelect;

/** The values of one list, in their order (unordered ones last, by key). */
export const findComboValues = (db: DbOrTx, tipo: string) =>
  db
    .select()
    .from(comboVoci)
    .where(eq(comboVoci.tipo, tipo))
    .orderBy(sql`${comboVoci.ordine} asc nulls last`, asc(comboVoci.chiave));

/** The values of several lists in one query, list by list, each in its order. */
export const findComboValuesOfTypes = (db: DbOrTx, tipos: readonly string[]) =>
  db
    .select()
    .from(comboVoci)
    .where(inArray(comboVoci.tipo, [...tipos]))
    .orderBy(asc(comboVoci.tipo), sql`${comboVoci.ordine} asc nulls last`, asc(comboVoci.chiave));
