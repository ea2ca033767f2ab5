import http from 'node:http';
import { CSRF } from '@ricambi/domain';

/** The HTTP side of bench:search: signed-in sessions over keep-alive sockets, lighter than fetch. */

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type Session = {
  /** The value of one of the session's cookies. */
  cookie: (name: string) => string | undefined;
  get: (path: string) => Promise<Answer>;
  send: (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => Promise<Answer>;
};

// One pool for every session: the open load keeps as many sockets as it has requests in flight.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

/** Closes the kept-alive sockets (at the end of a phase, before the server stops). */
export const closeSockets = () => agent.destroy();

const request = (base: string, method: string, path: string, headers: Record<string, string>, body?: string) =>
  new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });

/** A GET without a session (the floor server of bench:search takes the session in its query). */
export const plainGet = (url: string) => {
  const { origin, pathname, search } = new URL(url);
  return request(origin, 'GET', `${pathname}${search}`, { accept: 'application/json' });
};

/**
 * Signs `login` in as the web does (the XSRF cookie from a first GET, then the form post) and
 * answers its session: cookies kept, JSON bodies, the XSRF token echoed on every write.
 */
export const openSession = async (base: string, login: string, password = login): Promise<Session> => {
  const jar = new Map<string, string>();
  const keep = (answer: Answer) => {
    for (const cookie of answer.headers['set-cookie'] ?? []) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return answer;
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const writeHeaders = () => ({ cookie: cookie(), [CSRF.header.toLowerCase()]: jar.get(CSRF.cookie) ?? '' });
  keep(await request(base, 'GET', '/api/account', { accept: 'application/json' }));
  const form = new URLSearchParams({ username: login, password, 'remember-me': 'false' }).toString();
  const signed = keep(
    await request(
      base,
      'POST',
      '/api/authentication',
      { ...writeHeaders(), 'content-type': 'application/x-www-form-urlencoded' },
      form,
    ),
  );
  if (signed.status !== 200) throw new Error(`sign-in of ${login}: ${signed.status} ${signed.body.slice(0, 200)}`);
  return {
    cookie: (name) => jar.get(name),
    get: async (path) => keep(await request(base, 'GET', path, { accept: 'application/json', cookie: cookie() })),
    send: async (method, path, body) =>
      keep(
        await request(
          base,
          method,
          path,
          {
            accept: 'application/json',
            ...writeHeaders(),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body === undefined ? undefined : JSON.stringify(body),
        ),
      ),
  };
};
