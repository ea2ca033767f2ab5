import { DEFAULT_LANGUAGE, isLanguage, type RelationArticolo } from '@ricambi/domain';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { articoloCategoria, categoria, marchio, tipoCategoria } from '../../db/schema/index.ts';

/** Only a known language reaches the SQL text below. */
const safeLang = (lang: string) => (isLanguage(lang) ? lang : DEFAULT_LANGUAGE);

/** The description in `lang`: its translation, else Italian, else the plain description. */
const descrizioneIn = (alias: string, lang: string) =>
  `coalesce(nullif(trim(${alias}.localized_descrizione ->> '${safeLang(lang)}'), ''), ` +
  `nullif(trim(${alias}.localized_descrizione ->> 'it'), ''), ${alias}.descrizione, '')`;

/** The columns of an article summary of alias `alias`, prefixed (`f_id`, `f_articolo`, ...). */
const summaryColumns = (alias: string, prefix: string, lang: string) =>
  sql.raw(
    `${alias}.id as ${prefix}_id, ${alias}.articolo as ${prefix}_articolo, ` +
      `${descrizioneIn(alias, lang)} as ${prefix}_descrizione, ` +
      `${alias}.tipo_articolo as ${prefix}_tipo, ${alias}.tipo_articolo_orig as ${prefix}_tipo_orig, ` +
      `${alias}.unita_misura as ${prefix}_um, ${alias}.cod_immagine as ${prefix}_img, ${alias}.visibile as ${prefix}_vis`,
  );

type SummaryRow = Record<string, unknown>;

/** Reads an article summary out of a row selected with `summaryColumns(…, prefix, …)`. */
export const summaryOf = (row: SummaryRow, prefix: string): RelationArticolo => ({
  id: Number(row[`${prefix}_id`]),
  articolo: String(row[`${prefix}_articolo`]),
  descrizione: String(row[`${prefix}_descrizione`] ?? ''),
  tipoArticolo: String(row[`${prefix}_tipo`]),
  tipoArticoloOrig: String(row[`${prefix}_tipo_orig`]),
  unitaMisura: String(row[`${prefix}_um`]),
  codImmagine: (row[`${prefix}_img`] as string | null) ?? null,
  visibile: Boolean(row[`${prefix}_vis`]),
});

/** Article summaries by id, descriptions in `lang` (one query for a whole page). */
export const articoloSummaries = async (db: DbOrTx, ids: readonly number[], lang = 'it') => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, RelationArticolo>();
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select ${summaryColumns('a', 's', lang)} from articolo a where a.id in (${sql.join(
      unique.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.s_id), summaryOf(r, 's')]));
};

export type BomRow = SummaryRow & {
  id: number | string;
  quantita: number | string;
  tipo: number;
  livello_impiego: number;
  relazione: string | null;
  origine: string | null;
};

const bomFields = sql.raw('r.id, r.quantita, r.tipo, r.livello_impiego, r.relazione, r.origine');

/** Non-staff users see only visible articles. */
const visibleOnly = (alias: string, staff: boolean) => (staff ? sql`true` : sql.raw(`${alias}.visibile`));

/** Children of a machine or assembly (its bill of materials), by code; one page and the total. */
export const bomChildren = async (
  db: DbOrTx,
  p: { padreId: number; origine?: string; lang: string; staff: boolean; page: number; size: number },
) => {
  const where = sql`r.padre_id = ${p.padreId} and ${visibleOnly('f', p.staff)}${
    p.origine === undefined ? sql`` : sql` and r.origine = ${p.origine}`
  }`;
  const [items, [total]] = await Promise.all([
    queryRows<BomRow>(
      db,
      sql`select ${bomFields}, ${summaryColumns('f', 'f', p.lang)}
            from articolo_articolo r join articolo f on f.id = r.figlio_id
           where ${where}
           order by r.livello_impiego, f.articolo, r.id
           limit ${p.size} offset ${p.page * p.size}`,
    ),
    queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from articolo_articolo r join articolo f on f.id = r.figlio_id where ${where}`,
    ),
  ]);
  return { items, total: Number(total?.n ?? 0) };
};

/** Where an article is used: the machines and assemblies that hold it; one page and the total. */
export const bomParents = async (db: DbOrTx, p: { figlioId: number; lang: string; page: number; size: number }) => {
  const [items, [total]] = await Promise.all([
    queryRows<BomRow>(
      db,
      sql`select ${bomFields}, ${summaryColumns('pa', 'p', p.lang)}
            from articolo_articolo r join articolo pa on pa.id = r.padre_id
           where r.figlio_id = ${p.figlioId}
           order by pa.articolo, r.id
           limit ${p.size} offset ${p.page * p.size}`,
    ),
    queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from articolo_articolo r where r.figlio_id = ${p.figlioId}`,
    ),
  ]);
  return { items, total: Number(total?.n ?? 0) };
};

/** One relation with both its articles. */
export const bomInfo = async (db: DbOrTx, id: number, lang: string, staff: boolean) => {
  const [row] = await queryRows<BomRow>(
    db,
    sql`select ${bomFields}, ${summaryColumns('pa', 'p', lang)}, ${summaryColumns('f', 'f', lang)}
          from articolo_articolo r
          join articolo pa on pa.id = r.padre_id
          join articolo f on f.id = r.figlio_id
         where r.id = ${id} and ${visibleOnly('pa', staff)} and ${visibleOnly('f', staff)}`,
  );
  return row;
};

export type EquivRow = SummaryRow & {
  id: number | string;
  equiv: string;
  relazione: string;
  note: string | null;
  ordine: number | null;
  marchio_id: number | string | null;
  marchio_descrizione: string | null;
};

/**
 * The equivalents of an article, ALT first, in their order. An ALT code that is one of our
 * (visible, for non-staff) articles carries that article; OEM rows only for staff (spec 1 §6).
 */
export const equivalentsOf = async (db: DbOrTx, articoloId: number, lang: string, staff: boolean) =>
  queryRows<EquivRow>(
    db,
    sql`select e.id, e.equiv, e.relazione, e.note, e.ordine, m.id as marchio_id, m.descrizione as marchio_descrizione,
               ${summaryColumns('b', 'b', lang)}
          from articolo_equiv e
          left join marchio m on m.id = e.marchio_id
          left join articolo b on e.relazione = 'ALT' and b.articolo = e.equiv and ${visibleOnly('b', staff)}
         where e.articolo_id = ${articoloId} ${staff ? sql`` : sql`and e.relazione = 'ALT'`}
         order by e.relazione, e.ordine nulls last, e.id`,
  );

/** Whether a row with this id exists (a chosen reference). */
export const exists = async (db: DbOrTx, table: PgTable, idColumn: AnyPgColumn, id: number) => {
  const rows = await db.select({ id: idColumn }).from(table).where(eq(idColumn, id)).limit(1);
  return rows.length > 0;
};

/** Whether another row (not `exceptId`) already has this value in a unique column. */
export const taken = async (
  db: DbOrTx,
  table: PgTable,
  column: AnyPgColumn,
  value: string | number,
  idColumn: AnyPgColumn,
  exceptId?: number,
) => {
  const rows = await db
    .select({ id: idColumn })
    .from(table)
    .where(exceptId === undefined ? eq(column, value) : and(eq(column, value), ne(idColumn, exceptId)))
    .limit(1);
  return rows.length > 0;
};

/** The ancestors of a categoria (its padre, the padre's padre, ...), to refuse a cycle. */
export const categoriaAncestors = async (db: DbOrTx, id: number) => {
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`with recursive up(id, padre_id, depth) as (
          select id, padre_id, 0 from categoria where id = ${id}
          union all
          select c.id, c.padre_id, up.depth + 1 from categoria c join up on c.id = up.padre_id where up.depth < 100
        ) select id from up`,
  );
  return rows.map((r) => Number(r.id));
};

export const existingIds = async (db: DbOrTx, table: PgTable, idColumn: AnyPgColumn, ids: readonly number[]) => {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: idColumn })
    .from(table)
    .where(inArray(idColumn, [...ids]));
  return new Set(rows.map((r) => Number(r.id)));
};

/** The categories of a page of articles: id → [{id, nome}] (one query). */
export const categoriesOf = async (db: DbOrTx, articoloIds: readonly number[]) => {
  const map = new Map<number, { id: number; nome: string }[]>();
  if (articoloIds.length === 0) return map;
  const rows = await db
    .select({ articoloId: articoloCategoria.articoloId, id: categoria.id, nome: categoria.nome })
    .from(articoloCategoria)
    .innerJoin(categoria, eq(categoria.id, articoloCategoria.categoriaId))
    .where(inArray(articoloCategoria.articoloId, [...articoloIds]))
    .orderBy(categoria.nome, categoria.id);
  for (const r of rows) map.set(r.articoloId, [...(map.get(r.articoloId) ?? []), { id: r.id, nome: r.nome }]);
  return map;
};

/** Replaces the categories of an article. */
export const setCategories = async (db: DbOrTx, articoloId: number, categoriaIds: readonly number[]) => {
  await db.delete(articoloCategoria).where(eq(articoloCategoria.articoloId, articoloId));
  const unique = [...new Set(categoriaIds)];
  if (unique.length)
    await db.insert(articoloCategoria).values(unique.map((categoriaId) => ({ articoloId, categoriaId })));
};

/** id → {id, descrizione} of the brands of a page. */
export const marchiById = async (db: DbOrTx, ids: readonly (number | null)[]) => {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (wanted.length === 0) return new Map<number, { id: number; descrizione: string }>();
  const rows = await db
    .select({ id: marchio.id, descrizione: marchio.descrizione })
    .from(marchio)
    .where(inArray(marchio.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
};

/** id → {id, nome} of categories or category types of a page. */
export const namesById = async (db: DbOrTx, kind: 'categoria' | 'tipoCategoria', ids: readonly (number | null)[]) => {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (wanted.length === 0) return new Map<number, { id: number; nome: string }>();
  const table = kind === 'categoria' ? categoria : tipoCategoria;
  const rows = await db.select({ id: table.id, nome: table.nome }).from(table).where(inArray(table.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
};

/** A search term as the search data holds it: lower case, accents removed. */
const normalize = (term: string) => term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Articles whose code starts with the term (punctuation ignored), whose descriptions in any
 * language hold words starting with each word of the term, or whose id is the term; served by the
 * indexes of the search data (reindexed after every master-data change).
 */
export const articoliMatching = (term: string): SQL => {
  const text = normalize(term);
  const code = text.replace(/[^a-z0-9]/g, '');
  const words = text
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
  const parts: SQL[] = [];
  if (code) parts.push(sql`select articolo_id from articolo_search where codice_norm like ${`${code}%`}`);
  if (words.length)
    parts.push(
      sql`select articolo_id from articolo_search where tsv_all @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`,
    );
  if (/^\d{1,15}$/.test(term.trim())) parts.push(sql`select ${Number(term.trim())}::bigint`);
  return parts.length ? sql`(${sql.join(parts, sql` union `)})` : sql`(select null::bigint where false)`;
};
