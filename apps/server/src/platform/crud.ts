import { type AnyColumn, and, count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodObject, type ZodType, z } from 'zod';
import type { Db, DbOrTx } from '../db/client.ts';
import { type Access, requirePrincipal } from './auth.ts';
import { notFound, withAlert } from './errors.ts';
import { orderBy, pageQuerySchema, sendPage } from './paging.ts';
import type { Principal } from './sessions.ts';

type Row = Record<string, unknown>;
/** One part of the id: its path parameter, the row property and column, and how to read it. */
export type IdPart = { param: string; key: string; column: AnyColumn; schema: ZodType<string | number> };

export type CrudContext = { tx: DbOrTx; principal: Principal };

/**
 * How rows become responses: one at a time, or a whole batch at once when a response needs data of
 * other tables (loaded with one query for the page, never one per row).
 */
type ResponseMapping<Out> =
  | { toResponse: (row: Row) => Out; toResponses?: never }
  | { toResponses: (db: DbOrTx, rows: Row[]) => Promise<Out[]>; toResponse?: never };

export type CrudOptions<Create, Update, Out> = ResponseMapping<Out> & {
  db: Db;
  /** e.g. '/api/banners'; single items at '/api/banners/:id' (or every id part for composite ids). */
  path: string;
  /** i18n base of the alerts: `${entity}.created|updated|deleted`. */
  entity: string;
  table: PgTable;
  ids: readonly IdPart[];
  access: { read: Access; write: Access };
  response: ZodObject;
  create: ZodType<Create>;
  update: ZodType<Update>;
  /** Allow-list of sortable fields (every one must have an index; an expression for an expression index). */
  sortable: Record<string, AnyColumn | SQL>;
  /** Free-text filter from `?search=`. */
  search?: (term: string) => SQL | undefined;
  toInsert: (input: Create, ctx: CrudContext) => Promise<Row> | Row;
  toUpdate: (input: Update, ctx: CrudContext & { existing: Row }) => Promise<Row> | Row;
  /** Side effects in the same transaction after the row is written (child rows, outbox messages). */
  afterInsert?: (ctx: CrudContext & { row: Row; input: Create }) => Promise<void>;
  afterUpdate?: (ctx: CrudContext & { row: Row; existing: Row; input: Update }) => Promise<void>;
  /** Business checks and side effects in the same transaction, after validation. */
  beforeDelete?: (ctx: CrudContext & { existing: Row }) => Promise<void>;
  afterChange?: () => Promise<void> | void;
  /** Set when the table has createdBy/Date and lastModifiedBy/Date. */
  auditFields?: boolean;
};

/** An id that cannot be one (a word where a number is expected) names no row: 404, not a 500. */
const idValue = (part: IdPart, raw: string) => {
  const parsed = part.schema.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
};

/**
 * The entity-administration kit on the server: from a table and its zod schemas, list (paged,
 * sorted by an allow-list with the id last, X-Total-Count and Link), get, create, update and delete,
 * each with its access rule, validation, audit fields and alert headers.
 */
export const registerCrud = <Create, Update, Out extends Record<string, unknown>>(
  app: FastifyInstance,
  o: CrudOptions<Create, Update, Out>,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const itemPath = `${o.path}/${o.ids.map((i) => `:${i.param}`).join('/')}`;
  const params = z.object(Object.fromEntries(o.ids.map((i) => [i.param, z.string().min(1).max(200)])));
  const idColumns = o.ids.map((i) => i.column);
  const tags = [o.entity];

  const whereIds = (raw: Record<string, string>) =>
    and(...o.ids.map((part) => eq(part.column, idValue(part, raw[part.param] ?? ''))));

  const find = async (tx: DbOrTx, raw: Record<string, string>) => {
    const [row] = await tx.select().from(o.table).where(whereIds(raw));
    if (!row) throw notFound();
    return row as Row;
  };

  const idParam = (row: Row) => o.ids.map((i) => String(row[i.key] ?? '')).join('/');

  const respond = async (db: DbOrTx, rows: Row[]): Promise<Out[]> =>
    o.toResponses ? o.toResponses(db, rows) : rows.map((row) => (o.toResponse as (r: Row) => Out)(row));
  const respondOne = async (db: DbOrTx, row: Row) => (await respond(db, [row]))[0] as Out;

  r.get(
    o.path,
    {
      config: { access: o.access.read },
      schema: {
        tags,
        querystring: pageQuerySchema.extend({ search: z.string().max(100).optional() }),
        response: { 200: z.array(o.response) },
      },
    },
    async (request, reply) => {
      const { page, size, sort, search } = request.query;
      const where = search?.trim() ? o.search?.(search.trim()) : undefined;
      const [items, [total]] = await Promise.all([
        o.db
          .select()
          .from(o.table)
          .where(where)
          .orderBy(...orderBy(sort, o.sortable, idColumns))
          .limit(size)
          .offset(page * size),
        o.db.select({ n: count() }).from(o.table).where(where),
      ]);
      return sendPage(request, reply, {
        items: await respond(o.db, items as Row[]),
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

  r.post(
    o.path,
    { config: { access: o.access.write }, schema: { tags, body: o.create, response: { 201: o.response } } },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const input = request.body as Create;
      const { created, response } = await o.db.transaction(async (tx) => {
        const values = await o.toInsert(input, { tx, principal });
        const stamp = o.auditFields ? { createdBy: principal.login, createdDate: new Date() } : {};
        const [row] = await tx
          .insert(o.table)
          .values({ ...values, ...stamp })
          .returning();
        await o.afterInsert?.({ tx, principal, row: row as Row, input });
        return { created: row as Row, response: await respondOne(tx, row as Row) };
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
        const [row] = await tx
          .update(o.table)
          .set({ ...values, ...stamp })
          .where(whereIds(raw))
          .returning();
        await o.afterUpdate?.({ tx, principal, row: row as Row, existing, input });
        return { updated: row as Row, response: await respondOne(tx, row as Row) };
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
      await tx.delete(o.table).where(whereIds(raw));
    });
    await o.afterChange?.();
    withAlert(reply, `${o.entity}.deleted`, { param: o.ids.map((i) => raw[i.param]).join('/') });
    return reply.code(204).send();
  });
};
