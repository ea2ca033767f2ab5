import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/database.ts';
import { loadDemoData } from './demo.seed.ts';
import { loadReferenceData } from './reference.seed.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
await loadReferenceData(database.db);
const created = await loadDemoData(database.db);
console.log(`Demo data loaded (${created} users created).`);
await database.close();
