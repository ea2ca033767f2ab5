import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { theme } from '../../db/schema/index.ts';

export const listThemes = (db: DbOrTx) => db.select().from(theme).orderBy(asc(theme.sortOrder), asc(theme.name));
