// The floor of bench:search's API / raw SQL comparison: a Fastify server with nothing registered
// (no hooks, plugins, schemas or logging) whose routes make the same repository calls as the
// portal's, in a process of its own as the portal runs. What the portal's call costs above this
// route is the portal's own; what this route costs above the raw calls is an HTTP hop to another
// process on this machine, which no server can avoid.
//
//   DATABASE_URL=postgres://… PORT=18383 tsx bench/floor.server.ts    (bench:search starts it)
import type { Language } from '@ricambi/domain';
import Fastify from 'fastify';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loadHits } from '../apps/server/src/modules/articolo/articolo.contract.ts';
import { loadArticoloDetail } from '../apps/server/src/modules/articolo/articolo.repository.ts';
import { fullSearch } from '../apps/server/src/modules/search/search.repository.ts';
import { loadSession } from '../apps/server/src/platform/sessions.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');
// The pool of the portal's server (10 connections).
const handle = await openDatabase({ kind: 'postgres', url });
const { db } = handle;
const app = Fastify();

const userOf = async (series: string) => {
  const row = await loadSession(db, series);
  if (!row) throw new Error('no such session');
  return row.session.userId;
};

type Query = { series: string; term?: string; lang?: Language; size?: string };

app.get<{ Params: { id: string }; Querystring: Query }>('/floor/detail/:id', async (request) => {
  const userId = await userOf(request.query.series);
  return loadArticoloDetail(db, Number(request.params.id), userId);
});

app.get<{ Querystring: Query }>('/floor/search', async (request) => {
  const { series, term = '', lang = 'it', size = '10' } = request.query;
  const userId = await userOf(series);
  const page = await fullSearch(db, term, lang, 0, Number(size));
  return page.ids.length === 0 ? [] : loadHits(db, page.ids, lang, userId);
});

// The health check bench.support's startBenchServer waits for, as on the portal's server.
app.get('/management/health', async () => ({ status: 'UP' }));

app.addHook('onClose', () => handle.close());
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT ?? 18383), host: '127.0.0.1' });
