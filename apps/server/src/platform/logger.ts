import { pino } from 'pino';
import type { Config } from '../config.ts';

/** JSON logs; secrets (cookies, CSRF token, passwords) never reach them. */
export const createLogger = (config: Pick<Config, 'logLevel'>) =>
  pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
      ],
      censor: '[redacted]',
    },
  });
