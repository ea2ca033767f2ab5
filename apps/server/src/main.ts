import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/database.ts';
import { createLogger, createLoggerRegistry } from './platform/logger.ts';
import { prepareDatabase } from './seed/startup.ts';

const loadConfigOrExit = () => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};

const config = loadConfigOrExit();
const log = createLogger(config);
const loggers = createLoggerRegistry(log);
const database = await openConfiguredDatabase(config, loggers.get('ricambi.db'));
await prepareDatabase(database, config, log);
const { app, readiness } = await buildApp({ config, database, log, loggers, worker: true });

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down');
  readiness.ready = false;
  setTimeout(() => process.exit(1), 10_000).unref();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
readiness.ready = true;
log.info({ url: config.baseUrl, database: database.kind, mail: config.smtpUrl ? 'smtp' : 'files' }, 'Ricambi is ready');
