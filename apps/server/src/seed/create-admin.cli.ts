import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/database.ts';
import { addAuthorities, findUserByLogin, insertUser } from '../modules/account/account.repository.ts';
import { hashPassword, randomToken } from '../platform/crypto.ts';
import { loadReferenceData } from './reference.seed.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
await loadReferenceData(database.db);
const login = process.argv[2]?.toLowerCase() ?? 'admin';
if (await findUserByLogin(database.db, login)) {
  console.error(`User "${login}" already exists; nothing changed.`);
  await database.close();
  process.exit(1);
}
const password = randomToken(12);
await database.db.transaction(async (tx) => {
  const user = await insertUser(tx, {
    login,
    passwordHash: await hashPassword(password),
    email: `${login}@localhost`,
    firstName: 'Admin',
    lastName: 'Ricambi',
    activated: true,
    langKey: 'it',
    tema: 'eurocomach',
    temaPdf: 'eurocomach',
    createdBy: 'system',
  });
  await addAuthorities(tx, user.id, ['ROLE_ADMIN', 'ROLE_USER']);
});
console.log(`Administrator "${login}" created. Password (shown only now): ${password}`);
await database.close();
