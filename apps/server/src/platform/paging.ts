import { PAGE_HEADERS, type SortDirection, type SortKey, type SortParam } from '@ricambi/domain';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The columns (or indexed expressions) of a list's sortable fields, typed by the domain's union of
 * them: a field missing here or one the list does not offer is a type error.
 */
export type SortColumns<F extends string> = Record<F, AnyColumn | SQL>;

const toKey = <F extends string>(param: SortParam<F>): SortKey<F> => {
  const [field, direction] = param.split(',') as [F, SortDirection];
  return { field, direction };
};

/**
 * ORDER BY from the sort keys parsed by the list's `pageQuerySchema` (or `defaults` when none was
 * asked); the id columns are always the last keys so that pages never overlap.
 */
export const orderBy = <F extends string>(
  sort: readonly SortKey<F>[],
  columns: SortColumns<F>,
  idColumns: readonly AnyColumn[],
  defaults: readonly SortParam<F>[] = [],
): SQL[] => {
  const order: SQL[] = [];
  const used = new Set<AnyColumn | SQL>();
  for (const { field, direction } of sort.length > 0 ? sort : defaults.map(toKey)) {
    const column = columns[field];
    if (used.has(column)) continue;
    used.add(column);
    order.push(direction === 'desc' ? desc(column) : asc(column));
  }
  for (const id of idColumns) if (!used.has(id)) order.push(asc(id));
  return order;
};

/** X-Total-Count and an RFC 5988 Link header (first, prev, next, last). */
export const sendPage = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { items: T[]; total: number; page: number; size: number },
): T[] => {
  const lastPage = Math.max(0, Math.ceil(page.total / page.size) - 1);
  const url = new URL(request.url, 'http://local');
  const link = (p: number, rel: string) => {
    url.searchParams.set('page', String(p));
    url.searchParams.set('size', String(page.size));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [link(0, 'first')];
  if (page.page > 0) links.push(link(Math.min(page.page - 1, lastPage), 'prev'));
  if (page.page < lastPage) links.push(link(page.page + 1, 'next'));
  links.push(link(lastPage, 'last'));
  reply.header(PAGE_HEADERS.totalCount, String(page.total));
  reply.header(PAGE_HEADERS.link, links.join(', '));
  reply.header('Access-Control-Expose-Headers', `${PAGE_HEADERS.totalCount}, ${PAGE_HEADERS.link}`);
  return page.items;
};

/** A LIKE pattern that escapes the user's %, _ and \\ so they match themselves. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
export const containsPattern = (term: string) => `%${escapeLike(term)}%`;

/**
 * The total of a page read with `count(*) over ()`: the first row carries it; a page past the end has
 * no row, so only then is the list counted on its own.
 */
export const totalOfPage = async (rows: readonly { total: number }[], page: number, count: () => Promise<number>) =>
  rows[0]?.total ?? (page > 0 ? await count() : 0);
