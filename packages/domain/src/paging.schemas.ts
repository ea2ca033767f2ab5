import { z } from 'zod';
import { PAGE_SIZE } from './limits.constants.ts';

/**
 * Paged lists (DESIGN.md "Rules"): `page` (zero-based), `size` (default 20) and `sort`
 * (`field,asc|desc`, repeatable), answered with X-Total-Count and a Link header (PAGE_HEADERS).
 */

/** The largest page a list serves unless it says otherwise (a dealer's subdealers are read at once). */
export const MAX_PAGE_SIZE = 500;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** One `sort` value on the wire. */
export type SortParam<F extends string> = `${F},${SortDirection}`;
/** One parsed sort key; the server adds the id as the last key. */
export type SortKey<F extends string> = { field: F; direction: SortDirection };

export const sortParam = <F extends string>(field: F, direction: SortDirection): SortParam<F> =>
  `${field},${direction}`;

/** `field` or `field,asc|desc` (direction in any case, asc when absent); undefined when not one of `fields`. */
export const parseSortParam = <F extends string>(fields: readonly F[], value: string): SortKey<F> | undefined => {
  const [field = '', direction = 'asc', ...rest] = value.split(',');
  const dir = direction.toLowerCase();
  if (rest.length > 0 || !(fields as readonly string[]).includes(field)) return undefined;
  if (dir !== 'asc' && dir !== 'desc') return undefined;
  return { field: field as F, direction: dir };
};

export type PageSizeOptions = { maxSize?: number; defaultSize?: number };

/** `page` and `size` of a list without a choice of order. */
export const pagingSchema = ({ maxSize = MAX_PAGE_SIZE, defaultSize = PAGE_SIZE }: PageSizeOptions = {}) =>
  z.object({
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  });

/** The longest `sort` value (a field name and its direction), and the most keys one list takes. */
const SORT_VALUE_MAX = 100;
const SORT_KEYS_MAX = 10;

/**
 * `sort` of a list, checked against its sortable fields: an unknown field or direction is a field
 * error on `sort` (400), never ignored. Empty values are skipped.
 */
export const sortSchema = <F extends string>(fields: readonly F[]) =>
  z
    .union([z.string().max(SORT_VALUE_MAX), z.array(z.string().max(SORT_VALUE_MAX)).max(SORT_KEYS_MAX)])
    .optional()
    .describe(`field,asc|desc (repeatable); fields: ${fields.join(', ')}`)
    .transform((value, ctx): SortKey<F>[] => {
      const keys: SortKey<F>[] = [];
      for (const raw of (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(Boolean)) {
        const key = parseSortParam(fields, raw);
        if (!key) {
          ctx.addIssue({ code: 'custom', message: 'validation.invalid', input: value });
          return z.NEVER;
        }
        keys.push(key);
      }
      return keys;
    });

/** The query of a sorted, paged list. */
export const pageQuerySchema = <F extends string>(sortFields: readonly F[], options?: PageSizeOptions) =>
  pagingSchema(options).extend({ sort: sortSchema(sortFields) });

export type PageQuery<F extends string = string> = { page: number; size: number; sort: SortKey<F>[] };
