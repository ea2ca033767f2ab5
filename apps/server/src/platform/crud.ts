import { pageQuerySchema } from '@ricambi/domain';
import { type AnyColumn, and, count, eq, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodObject, type ZodType, z } from 'zod';
import type { Db, DbOrTx } from '../db/client.ts';
import { type Access, requirePrincipal } from './auth.ts';
import { notFound, withAlert } from './errors.ts';
import { orderBy, type SortColumns, sendPage } from './paging.ts';
import type { Principal } from './sessions.ts';

/** A row of the table as read (`$inferSelect`). */
type Row<T extends PgTable> = T['$inferSelect'];
/** Set by the kit when `auditFields` is on, never by an entity. */
type AuditColumn = 'createdBy' | 'createdDate' | 'lastModifiedBy' | 'lastModifiedDate';
/** The values written: the table's `$inferInsert` (a value may be an SQL expression), less the audit columns. */
type InsertValues<T extends PgTable> = Omit<PgInsertValue<T>, AuditColumn>;
type UpdateValues<T extends PgTable> = Omit<PgUpdateSetSource<T>, AuditColumn>;

/** One part of the id: its path parameter, the row property and column, and how to read it. */
export type IdPart<T extends PgTable = PgTable> = {
  param: string;
  key: Extract<keyof Row<T>, string>;
  column: AnyColumn;
  schema: ZodType<string | number>;
};

export type CrudContext = { tx: DbOrTx; principal: Principal };

/**
 * How rows become responses: one at a time, or a whole batch at once when a response needs data of
 * other tables (loaded with one query for the page, never one per row).
 */
type ResponseMapping<T extends PgTable, Out> =
  | { toResponse: (row: Row<T>) => Out; toResponses?: never }
  | { toResponses: (db: DbOrTx, rows: Row<T>[]) => Promise<Out[]>; toResponse?: never };

export type CrudOptions<T extends PgTable, Create, Update, Out, F extends string> = ResponseMapping<T, Out> & {
  db: Db;
  /** e.g. '/api/banners'; single items at '/api/banners/:id' (or every id part for composite ids). */
  path: string;
  /** i18n base of the alerts: `${entity}.created|updated|deleted`. */
  entity: string;
  table: T;
  ids: readonly IdPart<T>[];
  access: { read: Access; write: Access };
  response: ZodObject;
  create: ZodType<Create>;
  update: ZodType<Update>;
  /** The list's sortable fields, from its domain schema file (the `sort` query is parsed against them). */
  sortFields: readonly F[];
  /** Their columns (every one must have an index; an expression for an expression index). */
  sortable: SortColumns<NoInfer<F>>;
  /** Free-text filter from `?search=`. */
  search?: (term: string) => SQL | undefined;
  toInsert: (input: Create, ctx: CrudContext) => Promise<InsertValues<T>> | InsertValues<T>;
  toUpdate: (input: Update, ctx: CrudContext & { existing: Row<T> }) => Promise<UpdateValues<T>> | UpdateValues<T>;
  /** Side effects in the same transaction after the row is written (child rows, outbox messages). */
  afterInsert?: (ctx: CrudContext & { row: Row<T>; input: Create }) => Promise<void>;
  afterUpdate?: (ctx: CrudContext & { row: Row<T>; existing: Row<T>; input: Update }) => Promise<void>;
  /** Business checks and side effects in the same transaction, after validation. */
  beforeDelete?: (ctx: CrudContext & { existing: Row<T> }) => Promise<void>;
  afterChange?: () => Promise<void> | void;
  /** Set when the table has createdBy/Date and lastModifiedBy/Date. */
  auditFields?: boolean;
  /** List and get only (a log): no create, update nor delete route. */
  readOnly?: boolean;
};

/** What a read-only entity gives the kit: no schemas nor mappings of writes. */
export type ReadOnlyCrudOptions<T extends PgTable, Out, F extends string> = Omit<
  CrudOptions<T, never, never, Out, F>,
  'create' | 'update' | 'toInsert' | 'toUpdate' | 'afterInsert' | 'afterUpdate' | 'beforeDelete' | 'readOnly' | 'access'
> & { access: { read: Access } };

/** The longest `?search=` term of a list. */
export const CRUD_SEARCH_MAX = 100;

/** An id that cannot be one (a word where a number is expected) names no row: 404, not a 500. */
const idValue = <T extends PgTable>(part: IdPart<T>, raw: string) => {
  const parsed = part.schema.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
};

/**
 * The entity-administration kit on the server: from a table and its zod schemas, list (paged,
 * sorted by an allow-list with the id last, X-Total-Count and Link), get, create, update and delete,
 * each with its access rule, validation, audit fields and alert headers.
 */
export const registerCrud = <T extends PgTable, Create, Update, Out extends Record<string, unknown>, F extends string>(
  app: FastifyInstance,
  o: CrudOptions<T, Create, Update, Out, F>,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const itemPath = `${o.path}/${o.ids.map((i) => `:${i.param}`).join('/')}`;
  const params = z.object(Object.fromEntries(o.ids.map((i) => [i.param, z.string().min(1).max(200)])));
  const idColumns = o.ids.map((i) => i.column);
  const tags = [o.entity];

  const whereIds = (raw: Record<string, string>) =>
    and(...o.ids.map((part) => eq(part.column, idValue(part, raw[part.param] ?? ''))));

  // Drizzle cannot work out the row type of a table that is still a type parameter; the kit states
  // it here, once, so that the entities get typed rows.
  const rows = (query: PromiseLike<unknown>) => query as PromiseLike<Row<T>[]>;
  const table: PgTable = o.table;

  const find = async (tx: DbOrTx, raw: Record<string, string>): Promise<Row<T>> => {
    const [row] = await rows(tx.select().from(table).where(whereIds(raw)));
    if (!row) throw notFound();
    return row;
  };

  const idParam = (row: Row<T>) => o.ids.map((i) => String(row[i.key] ?? '')).join('/');

  const respond = async (db: DbOrTx, list: Row<T>[]): Promise<Out[]> =>
    o.toResponses ? o.toResponses(db, list) : list.map(o.toResponse);
  const respondOne = async (db: DbOrTx, row: Row<T>) => {
    const [response] = await respond(db, [row]);
    if (!response) throw new Error(`${o.entity}: no response for a row`);
    return response;
  };

  r.get(
    o.path,
    {
      config: { access: o.access.read },
      schema: {
        tags,
        querystring: pageQuerySchema(o.sortFields).extend({ search: z.string().max(CRUD_SEARCH_MAX).optional() }),
        response: { 200: z.array(o.response) },
      },
    },
    async (request, reply) => {
      const { page, size, sort, search } = request.query;
      const where = search?.trim() ? o.search?.(search.trim()) : undefined;
      const [items, [total]] = await Promise.all([
        rows(
          o.db
            .select()
            .from(table)
            .where(where)
            .orderBy(...orderBy(sort, o.sortable, idColumns))
            .limit(size)
            .offset(page * size),
        ),
        o.db.select({ n: count() }).from(table).where(where),
      ]);
      return sendPage(request, reply, {
        items: await respond(o.db, items),
        total: total?.n ?? 0,
        page,
        size,
      });
    },
  );

  r.get(
    itemPath,
    { config: { access: o.access.read }, schema: { tags, params, response: { 200: o.response } } },
    async (request) => respondOne(o.db, await find(o.db, request.params as Record<string, string>)),
  );

  if (o.readOnly) return;

  r.post(
    o.path,
    { config: { access: o.access.write }, schema: { tags, body: o.create, response: { 201: o.response } } },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const input = request.body as Create;
      const { created, response } = await o.db.transaction(async (tx) => {
        const values = await o.toInsert(input, { tx, principal });
        const stamp = o.auditFields ? { createdBy: principal.login, createdDate: new Date() } : {};
        const [row] = await rows(
          tx
            .insert(table)
            .values({ ...values, ...stamp })
            .returning(),
        );
        if (!row) throw new Error(`${o.entity}: the insert returned no row`);
        await o.afterInsert?.({ tx, principal, row, input });
        return { created: row, response: await respondOne(tx, row) };
      });
      await o.afterChange?.();
      const id = idParam(created);
      withAlert(reply, `${o.entity}.created`, { param: id });
      reply.header('Location', `${o.path}/${id}`);
      return reply.code(201).send(response);
    },
  );

  r.put(
    itemPath,
    { config: { access: o.access.write }, schema: { tags, params, body: o.update, response: { 200: o.response } } },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const raw = request.params as Record<string, string>;
      const input = request.body as Update;
      const { updated, response } = await o.db.transaction(async (tx) => {
        const existing = await find(tx, raw);
        const values = await o.toUpdate(input, { tx, principal, existing });
        const stamp = o.auditFields ? { lastModifiedBy: principal.login, lastModifiedDate: new Date() } : {};
        const [row] = await rows(
          tx
            .update(table)
            .set({ ...values, ...stamp })
            .where(whereIds(raw))
            .returning(),
        );
        if (!row) throw notFound();
        await o.afterUpdate?.({ tx, principal, row, existing, input });
        return { updated: row, response: await respondOne(tx, row) };
      });
      await o.afterChange?.();
      withAlert(reply, `${o.entity}.updated`, { param: idParam(updated) });
      return response;
    },
  );

  r.delete(itemPath, { config: { access: o.access.write }, schema: { tags, params } }, async (request, reply) => {
    const principal = requirePrincipal(request.principal);
    const raw = request.params as Record<string, string>;
    await o.db.transaction(async (tx) => {
      const existing = await find(tx, raw);
      await o.beforeDelete?.({ tx, principal, existing });
      await tx.delete(table).where(whereIds(raw));
    });
    await o.afterChange?.();
    withAlert(reply, `${o.entity}.deleted`, { param: o.ids.map((i) => raw[i.param]).join('/') });
    return reply.code(204).send();
  });
};

/** The kit for an entity that is only read (spec 3 §2: the document log): its list and detail. */
export const registerReadOnlyCrud = <T extends PgTable, Out extends Record<string, unknown>, F extends string>(
  app: FastifyInstance,
  o: ReadOnlyCrudOptions<T, Out, F>,
) => {
  const refuse = () => {
    throw new Error(`${o.entity} is read-only`);
  };
  registerCrud<T, never, never, Out, F>(app, {
    ...(o as CrudOptions<T, never, never, Out, F>),
    access: { read: o.access.read, write: o.access.read },
    create: z.never(),
    update: z.never(),
    toInsert: refuse,
    toUpdate: refuse,
    readOnly: true,
  });
};
