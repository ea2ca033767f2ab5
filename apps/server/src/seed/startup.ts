import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createFileStore, createFiles } from '../platform/files.ts';
import { isDatabaseEmpty, loadDemoData } from './demo.seed.ts';
import { loadDemoCatalogue } from './demo-catalogue.seed.ts';
import { loadDemoChecklists } from './demo-checklists.seed.ts';
import { loadDemoDocuments } from './demo-documents.seed.ts';
import { loadDemoMachines } from './demo-machines.seed.ts';
import { loadDemoMessaInStrada } from './demo-messa-in-strada.seed.ts';
import { loadDemoOrderHistory } from './demo-order-history.seed.ts';
import { loadDemoOrders } from './demo-orders.seed.ts';
import { loadDemoTickets } from './demo-tickets.seed.ts';
import { loadDemoWarranty } from './demo-warranty.seed.ts';
import { loadReferenceData } from './reference.seed.ts';

type Log = Pick<Logger, 'info' | 'warn' | 'error'>;

/**
 * Migrations, reference data, and demo data as DEMO_DATA says (auto: into an empty embedded
 * database). Processes started together on one PostgreSQL take turns under one lock: the first
 * migrates and seeds, the next find it done (every step leaves what exists as it is).
 */
export const prepareDatabase = async (database: DatabaseHandle, config: Config, log: Log) => {
  await database.withLock('startup', () => prepareLocked(database, config, log), { wait: true });
};

const prepareLocked = async (database: DatabaseHandle, config: Config, log: Log) => {
  await database.migrate();
  await loadReferenceData(database.db);
  const empty = await isDatabaseEmpty(database.db);
  const demo = config.demoData === 'true' || (config.demoData === 'auto' && empty && database.kind === 'pglite');
  if (demo) {
    const created = await loadDemoData(database.db);
    log.info({ created }, 'demo data loaded');
    const catalogue = await loadDemoCatalogue(database.db, config.dataDir);
    if (catalogue.created) log.info(catalogue, 'demo catalogue loaded');
    const machines = await loadDemoMachines(database.db, config.dataDir);
    if (machines.created) log.info(machines, 'demo machines and parts catalogues loaded');
    const files = createFiles(createFileStore(config.files), log);
    try {
      log.info(await loadDemoMessaInStrada(database.db, files), 'demo road registrations loaded');
      log.info(await loadDemoWarranty(database.db, files), 'demo warranty requests loaded');
      log.info(await loadDemoTickets(database.db, files), 'demo support tickets loaded');
      log.info(await loadDemoDocuments(database.db, files), 'demo technical documents loaded');
      log.info(await loadDemoChecklists(database.db, files), 'demo checklist templates and checklists loaded');
    } finally {
      await files.store.close();
    }
    log.info(await loadDemoOrders(database.db, config.dataDir), 'demo addresses, tariff and ERP orders loaded');
    log.info(await loadDemoOrderHistory(database.db), 'demo order history loaded');
  } else if (empty) {
    log.warn('the database has no users: run `npm run create-admin` to create the first administrator');
  }
};
