import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/database.ts';
import { createFileStore, createFiles } from '../platform/files.ts';
import { loadDemoData } from './demo.seed.ts';
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

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
await loadReferenceData(database.db);
const created = await loadDemoData(database.db);
console.log(`Demo data loaded (${created} users created).`);
const catalogue = await loadDemoCatalogue(database.db, config.dataDir);
console.log(
  catalogue.created
    ? `Demo catalogue loaded: ${catalogue.articles} articles, ${catalogue.bom} BOM rows, ${catalogue.images} images in ${catalogue.ms} ms.`
    : 'Demo catalogue not loaded: the database already holds articles.',
);
console.log('Demo machines and parts catalogues:', await loadDemoMachines(database.db, config.dataDir));
const files = createFiles(createFileStore(config.files), pino());
console.log('Demo road registrations:', await loadDemoMessaInStrada(database.db, files));
console.log('Demo warranty requests:', await loadDemoWarranty(database.db, files));
console.log('Demo support tickets:', await loadDemoTickets(database.db, files));
console.log('Demo technical documents:', await loadDemoDocuments(database.db, files));
console.log('Demo checklist templates and checklists:', await loadDemoChecklists(database.db, files));
await files.store.close();
console.log('Demo addresses, shipping tariff and ERP orders:', await loadDemoOrders(database.db, config.dataDir));
console.log('Demo order history:', await loadDemoOrderHistory(database.db));
await database.close();
