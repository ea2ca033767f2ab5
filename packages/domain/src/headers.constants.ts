/**
 * Names of the custom HTTP headers the server sends and the web reads (one place for both).
 * The alert headers of the error path are ALERT_HEADERS (problem.schemas.ts); the where-used cap
 * is WHERE_USED_TRUNCATED_HEADER (machines.schemas.ts).
 */

/** CSRF double submit: the cookie the server sets and the header the web echoes it in. */
export const CSRF = { cookie: 'XSRF-TOKEN', header: 'X-XSRF-TOKEN' } as const;

/** Paged lists (RFC 5988 `Link` and the total). */
export const PAGE_HEADERS = {
  totalCount: 'X-Total-Count',
  link: 'Link',
} as const;

/** The free search: how it matched, the words it used instead of typos, and a total counted up to a cap. */
export const SEARCH_HEADERS = {
  match: 'X-Search-Match',
  corrected: 'X-Search-Corrected',
  totalCapped: 'X-Total-Count-Capped',
} as const;
