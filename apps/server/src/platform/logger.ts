import { CSRF, type LoggerLevel, type LogLevel } from '@ricambi/domain';
import { type Logger, pino } from 'pino';
import type { Config } from '../config.ts';

/** JSON logs; secrets (cookies, CSRF token, passwords) never reach them. */
export const createLogger = (config: Pick<Config, 'logLevel'>) =>
  pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        `req.headers["${CSRF.header.toLowerCase()}"]`,
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
      ],
      censor: '[redacted]',
    },
  });

export const ROOT_LOGGER = 'ricambi';

/** What the registry needs of a logger: pino's settable level (Fastify's app.log is one). */
type Levelled = { level: string };

const LEVEL_NAMES: Record<string, LoggerLevel['level']> = {
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARN',
  error: 'ERROR',
  fatal: 'FATAL',
  silent: 'OFF',
};

/**
 * The named loggers of the process, for the logs page (spec 1 §2.3): the root `ricambi` and its
 * children (`ricambi.http` is Fastify's request logger, `ricambi.db`, `ricambi.mail`, ...), each
 * bound with `logger: <name>` in its lines. A level set on a logger applies at once to it and to
 * every logger below it (`ricambi` → `ricambi.*`); a child may then be set apart.
 */
export const createLoggerRegistry = (root: Logger) => {
  const loggers = new Map<string, Levelled>([[ROOT_LOGGER, root]]);
  const children = new Map<string, Logger>();
  return {
    root,
    /** The child logger of that name (`ricambi.mail`), created on first use. */
    get: (name: string): Logger => {
      let child = children.get(name);
      if (!child) {
        child = root.child({ logger: name });
        children.set(name, child);
        loggers.set(name, child);
      }
      return child;
    },
    /** A logger made elsewhere, e.g. Fastify's app.log (a child of the root it was given). */
    register: (name: string, logger: Levelled) => {
      loggers.set(name, logger);
    },
    list: (): LoggerLevel[] =>
      [...loggers]
        .map(([name, logger]) => ({ name, level: LEVEL_NAMES[logger.level] ?? 'INFO' }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    /** undefined when no logger has that name. OFF is for the code (tests); the API offers TRACE..ERROR. */
    setLevel: (name: string, level: LogLevel | 'OFF'): LoggerLevel | undefined => {
      if (!loggers.has(name)) return undefined;
      for (const [other, logger] of loggers) {
        if (other === name || other.startsWith(`${name}.`))
          logger.level = level === 'OFF' ? 'silent' : level.toLowerCase();
      }
      return { name, level };
    },
  };
};

export type LoggerRegistry = ReturnType<typeof createLoggerRegistry>;
