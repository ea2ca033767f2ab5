import type { CrModelliSortField } from '@ricambi/domain';
import { and, asc, ilike, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { crModelli } from '../../db/schema/index.ts';
import { containsPattern, type SortColumns } from '../../platform/paging.ts';

export type CrModelliRow = typeof crModelli.$inferSelect;

export const modelNames = async (db: DbOrTx) =>
  (await db.select({ modello: crModelli.modello }).from(crModelli).orderBy(asc(crModelli.modello))).map(
    (m) => m.modello,
  );

/** Whether another model (not `exceptId`) has this name, ignoring case. */
export const modelNameTaken = async (db: DbOrTx, modello: string, exceptId?: number) => {
  const [taken] = await db
    .select({ id: crModelli.id })
    .from(crModelli)
    .where(
      and(
        sql`lower(${crModelli.modello}) = lower(${modello})`,
        exceptId === undefined ? undefined : ne(crModelli.id, exceptId),
      ),
    )
    .limit(1);
  return Boolean(taken);
};

/** The kit's list filter and sort allow-list. */
export const modelSearch = (term: string) => ilike(crModelli.modello, containsPattern(term));
export const MODEL_SORTABLE: SortColumns<CrModelliSortField> = { id: crModelli.id, modello: crModelli.modello };
