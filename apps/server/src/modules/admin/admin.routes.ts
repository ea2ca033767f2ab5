import fs from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { MailSender } from '../../platform/mail.ts';

const status = z.enum(['UP', 'DOWN']);
const component = z.object({ status, details: z.record(z.string(), z.union([z.string(), z.number()])).optional() });
export const healthSchema = z.object({
  status,
  components: z.object({ db: component, mail: component, disk: component }),
});

const MIN_FREE_BYTES = 50 * 1024 * 1024;
const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

export type Readiness = { ready: boolean };

export const adminRoutes =
  (deps: { config: Config; database: DatabaseHandle; mail: MailSender; readiness: Readiness }): FastifyPluginAsyncZod =>
  async (app) => {
    let mailCheck: { at: number; up: boolean; error?: string } | undefined;
    const checkMail = async () => {
      if (!mailCheck || Date.now() - mailCheck.at > 30_000) {
        try {
          await withTimeout(deps.mail.check(), 3000);
          mailCheck = { at: Date.now(), up: true };
        } catch (error) {
          mailCheck = { at: Date.now(), up: false, error: error instanceof Error ? error.message : 'unknown' };
        }
      }
      return mailCheck;
    };

    app.get(
      '/management/health',
      {
        config: { access: 'public' },
        schema: { tags: ['management'], response: { 200: healthSchema, 503: healthSchema } },
      },
      async (_request, reply) => {
        const [db, mail, disk] = await Promise.all([
          withTimeout(deps.database.ping(), 3000).then(
            () => ({ status: 'UP' as const, details: { kind: deps.database.kind } }),
            () => ({ status: 'DOWN' as const, details: { kind: deps.database.kind } }),
          ),
          checkMail().then((m) => ({
            status: m.up ? ('UP' as const) : ('DOWN' as const),
            details: { transport: deps.mail.describe },
          })),
          fs.statfs(deps.config.dataDir).then(
            (s) => {
              const free = s.bavail * s.bsize;
              return {
                status: free > MIN_FREE_BYTES ? ('UP' as const) : ('DOWN' as const),
                details: { free, threshold: MIN_FREE_BYTES },
              };
            },
            () => ({ status: 'DOWN' as const }),
          ),
        ]);
        const up = deps.readiness.ready && db.status === 'UP' && mail.status === 'UP' && disk.status === 'UP';
        return reply.code(up ? 200 : 503).send({ status: up ? 'UP' : 'DOWN', components: { db, mail, disk } });
      },
    );
  };
