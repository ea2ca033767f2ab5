import { PAGE_SIZE } from '@ricambi/domain';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fieldError } from './errors.ts';

/** page (zero-based), size (default 20), sort (`field,asc|desc`, repeatable) — DESIGN.md "Rules". */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(500).default(PAGE_SIZE),
  sort: z.union([z.string(), z.array(z.string())]).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * ORDER BY from the allow-listed sort fields; the id columns are always the last keys so that
 * pages never overlap. An unknown field is a 400 on `sort`.
 */
export const orderBy = (
  sort: PageQuery['sort'],
  sortable: Record<string, AnyColumn | SQL>,
  idColumns: readonly AnyColumn[],
): SQL[] => {
  const keys = (Array.isArray(sort) ? sort : sort ? [sort] : []).filter(Boolean);
  const order: SQL[] = [];
  const used = new Set<AnyColumn | SQL>();
  for (const key of keys) {
    const [field = '', direction = 'asc'] = key.split(',');
    const column = sortable[field];
    if (!column || !['asc', 'desc'].includes(direction.toLowerCase())) throw fieldError('sort', 'validation.invalid');
    if (used.has(column)) continue;
    used.add(column);
    order.push(direction.toLowerCase() === 'desc' ? desc(column) : asc(column));
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
  reply.header('X-Total-Count', String(page.total));
  reply.header('Link', links.join(', '));
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count, Link');
  return page.items;
};

/** A LIKE pattern that escapes the user's %, _ and \\ so they match themselves. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
export const containsPattern = (term: string) => `%${escapeLike(term)}%`;
