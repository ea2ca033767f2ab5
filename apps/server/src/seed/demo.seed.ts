import type { Authority } from '@ricambi/domain';
import { count } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { appUser } from '../db/schema/index.ts';
import { addAuthorities, findUserByLogin, insertUser } from '../modules/account/account.repository.ts';
import { hashPassword } from '../platform/crypto.ts';
import { loadDemoBanners } from './demo-banners.seed.ts';

type DemoUser = {
  login: string;
  firstName: string;
  lastName: string;
  company: string;
  authorities: Authority[];
  tema?: string;
  logica?: string;
  vedePrezzi?: boolean;
  vedeSconto?: boolean;
  /** Discount on the list price, percent. */
  sconto?: number;
  /** A subdealer's price = the dealer's net price × markup. */
  markup?: number;
  dealerLogin?: string;
  langKey?: string;
};

/** Demo accounts (password = login). They exist only in demo data. */
export const DEMO_USERS: DemoUser[] = [
  {
    login: 'admin',
    firstName: 'Anna',
    lastName: 'Amministratrice',
    company: 'Eurocomach',
    authorities: ['ROLE_ADMIN', 'ROLE_USER'],
  },
  {
    login: 'manager',
    firstName: 'Marco',
    lastName: 'Gestore',
    company: 'Eurocomach',
    authorities: ['ROLE_MANAGER', 'ROLE_USER'],
  },
  {
    login: 'internal',
    firstName: 'Ilaria',
    lastName: 'Interna',
    company: 'Eurocomach',
    authorities: ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL', 'ROLE_USER', 'ROLE_CART'],
  },
  {
    login: 'dealer',
    firstName: 'Davide',
    lastName: 'Rossi',
    company: 'Rossi Macchine Srl',
    authorities: ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'],
    logica: 'dealer',
    vedePrezzi: true,
    vedeSconto: true,
    sconto: 35,
  },
  {
    login: 'subdealer',
    firstName: 'Sara',
    lastName: 'Bianchi',
    company: 'Bianchi Noleggi',
    authorities: ['ROLE_CR_SUBDEALER', 'ROLE_USER', 'ROLE_CART'],
    logica: 'subdealer',
    vedePrezzi: false,
    markup: 1.25,
    dealerLogin: 'dealer',
  },
  {
    login: 'subdealer2',
    firstName: 'Luca',
    lastName: 'Rossi',
    company: 'Officina Rossi',
    authorities: ['ROLE_CR_SUBDEALER', 'ROLE_USER', 'ROLE_CART'],
    logica: 'subdealer',
    vedePrezzi: false,
    markup: 1.25,
    dealerLogin: 'superdealer',
  },
  {
    login: 'superdealer',
    firstName: 'Stefano',
    lastName: 'Verdi',
    company: 'Verdi Group SpA',
    authorities: ['ROLE_CR_SUPERDEALER', 'ROLE_CR_USER', 'ROLE_USER', 'ROLE_CART'],
    sconto: 40,
  },
  {
    login: 'tracks',
    firstName: 'Tomas',
    lastName: 'Keller',
    company: 'Keller Baumaschinen GmbH',
    authorities: ['ROLE_USER', 'ROLE_CART'],
    tema: 'tracks',
    sconto: 30,
  },
];

export const isDatabaseEmpty = async (db: DbOrTx) => {
  const [row] = await db.select({ n: count() }).from(appUser);
  return (row?.n ?? 0) === 0;
};

/** Idempotent: a demo user that exists is left as it is. */
export const loadDemoData = async (db: DbOrTx) => {
  let created = 0;
  for (const u of DEMO_USERS) {
    if (await findUserByLogin(db, u.login)) continue;
    const user = await insertUser(db, {
      login: u.login,
      passwordHash: await hashPassword(u.login),
      firstName: u.firstName,
      lastName: u.lastName,
      company: u.company,
      email: `${u.login}@ricambi.example`,
      activated: true,
      langKey: u.langKey ?? 'it',
      tema: u.tema ?? 'eurocomach',
      temaPdf: u.tema ?? 'eurocomach',
      logica: u.logica ?? 'dealer',
      vedePrezzi: u.vedePrezzi ?? true,
      vedeSconto: u.vedeSconto ?? true,
      sconto: String(u.sconto ?? 0),
      markup: String(u.markup ?? 1),
      dealerLogin: u.dealerLogin ?? null,
      createdBy: 'system',
    });
    await addAuthorities(db, user.id, u.authorities);
    created++;
  }
  await loadDemoBanners(db);
  return created;
};
