import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { searchLog } from '../../db/schema/index.ts';
import type { Principal } from '../../platform/sessions.ts';

export type SearchKind = 'FULL' | 'BY_ID' | 'MACHINE' | 'DIMENSIONS';

/** Where a search came from, as the log keeps it. */
export type SearchOrigin = { url: string; userAgent: string | undefined; ip: string };
export const searchOriginOf = (request: FastifyRequest): SearchOrigin => ({
  url: request.url,
  userAgent: request.headers['user-agent'],
  ip: request.ip,
});
type Entry = typeof searchLog.$inferInsert;

const FLUSH_MS = 500;
const MAX_BUFFER = 200;

/**
 * Every search is written to searchLog (spec 3 §3). Rows are buffered and written together every
 * half second, so a typeahead keystroke does not wait for an insert; close() writes what is left.
 */
export const createSearchLog = (db: Db, onError: (error: unknown) => void) => {
  let buffer: Entry[] = [];
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    if (buffer.length === 0) return writing;
    const rows = buffer;
    buffer = [];
    writing = writing.then(() =>
      db
        .insert(searchLog)
        .values(rows)
        .then(() => undefined, onError),
    );
    return writing;
  };
  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();

  return {
    record: (origin: SearchOrigin, principal: Principal, tipo: SearchKind, numRisultati: number) => {
      const url = new URL(origin.url, 'http://local');
      buffer.push({
        tipo,
        url: url.pathname.slice(0, 1000),
        params: JSON.stringify(Object.fromEntries(url.searchParams)).slice(0, 4000),
        numRisultati,
        username: principal.login,
        userAgent: origin.userAgent?.slice(0, 500) ?? null,
        remoteIp: origin.ip,
        userId: principal.userId,
      });
      if (buffer.length >= MAX_BUFFER) void flush();
    },
    flush,
    close: async () => {
      clearInterval(timer);
      await flush();
    },
  };
};
export type SearchLog = ReturnType<typeof createSearchLog>;
