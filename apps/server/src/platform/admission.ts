import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendProblem } from './errors.ts';

export type AdmissionOptions = {
  /** API requests at work at once; the others wait their turn in arrival order. */
  concurrency: number;
  /** How long a request may wait for its turn before it is answered 503 (busy). */
  maxWaitMs: number;
};

const released = Symbol('admission released');
type Admitted = FastifyRequest & { [released]?: boolean };
type Waiter = { request: FastifyRequest; admit: (admitted: boolean) => void };

/**
 * Takes API requests in turns of `concurrency`, first come first served, and answers 503 with
 * `error.busy` (and Retry-After) to one that waited `maxWaitMs` for its turn: a server past its
 * capacity sheds the excess at once instead of letting every answer wait longer and longer. Health
 * and the web's files are not held back.
 */
export const registerAdmission = (app: FastifyInstance, options: AdmissionOptions) => {
  let active = 0;
  const waiting: Waiter[] = [];

  const release = (request: Admitted) => {
    if (request[released] !== false) return;
    request[released] = true;
    const next = waiting.shift();
    if (next) next.admit(true);
    else active--;
  };

  app.addHook('onRequest', async (request: Admitted, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (active < options.concurrency) {
      active++;
      request[released] = false;
      return;
    }
    const admitted = await new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        request,
        admit: (ok) => {
          clearTimeout(timer);
          resolve(ok);
        },
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        resolve(false);
      }, options.maxWaitMs);
      waiting.push(waiter);
    });
    if (admitted) {
      request[released] = false;
      return;
    }
    reply.header('retry-after', '1');
    return sendProblem(reply, 503, 'error.busy');
  });
  app.addHook('onResponse', async (request: Admitted) => release(request));
  // A client that gave up: its turn passes on, and if it is still waiting it leaves the line.
  app.addHook('onRequestAbort', async (request: Admitted) => {
    const at = waiting.findIndex((w) => w.request === request);
    if (at >= 0) {
      const [waiter] = waiting.splice(at, 1);
      waiter?.admit(false);
    } else release(request);
  });
};
