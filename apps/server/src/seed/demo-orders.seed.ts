import fs from 'node:fs/promises';
import path from 'node:path';
import { count, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { appUser, indirizzoCliente, speseSpedizione } from '../db/schema/index.ts';
import { type ErpOrder, erpInboxDir } from '../platform/erp.ts';
import { generateCatalogue } from './catalogue-generator.ts';
import { DEMO_CATALOGUE } from './demo-catalogue.seed.ts';

type DemoAddress = {
  tipoIndirizzo: string;
  ragsoc: string;
  indirizzo: string;
  cap: string;
  citta: string;
  prov: string | null;
  stato: string;
};

const ita = (tipoIndirizzo: string, ragsoc: string, indirizzo: string, cap: string, citta: string, prov: string) => ({
  tipoIndirizzo,
  ragsoc,
  indirizzo,
  cap,
  citta,
  prov,
  stato: 'ITA',
});

/** Shipping addresses of the demo customers: '000' is the default (spec 1 §3). */
export const DEMO_ADDRESSES: Record<string, DemoAddress[]> = {
  dealer: [
    ita('000', 'Rossi Macchine Srl', "Via dell'Industria 12", '25030', 'Castel Mella', 'BS'),
    ita('001', 'Rossi Macchine - Cantiere Brescia Est', 'Via Serenissima 5', '25135', 'Brescia', 'BS'),
  ],
  superdealer: [
    ita('000', 'Verdi Group SpA', 'Via Emilia Ovest 1020', '41123', 'Modena', 'MO'),
    ita('001', 'Verdi Group - Magazzino Bologna', 'Via del Lavoro 33', '40127', 'Bologna', 'BO'),
    ita('002', 'Verdi Group - Filiale Bari', 'Viale Lindemann 8', '70132', 'Bari', 'BA'),
  ],
  subdealer: [ita('000', 'Bianchi Noleggi', 'Via Roma 8', '37012', 'Bussolengo', 'VR')],
  internal: [ita('000', 'Eurocomach - Magazzino ricambi', 'Via dei Ricambi 1', '42124', 'Reggio Emilia', 'RE')],
  tracks: [
    {
      tipoIndirizzo: '000',
      ragsoc: 'Keller Baumaschinen GmbH',
      indirizzo: 'Industriestraße 14',
      cap: '80939',
      citta: 'München',
      prov: null,
      stato: 'DEU',
    },
    ita('001', 'Keller Italia Srl', 'Via Brennero 120', '39100', 'Bolzano', 'BZ'),
  ],
};

/** Weight bands in kg (pesoDa < total weight ≤ pesoA) and the cost of each, in euro. */
const BANDS = [
  [0, 10],
  [10, 30],
  [30, 100],
  [100, 500],
  [500, 2000],
] as const;

const zone = (stato: string, capDa: string, capA: string, costs: readonly number[]) =>
  BANDS.map(([pesoDa, pesoA], i) => ({ stato, capDa, capA, pesoDa, pesoA, costo: costs[i] as number }));

/** A realistic tariff: Italy by postcode zone (north, centre, south, islands) and a few EU countries. */
export const DEMO_TARIFF = [
  // Italy: every postcode (a fallback), then the zones, which are more specific and win.
  ...zone('ITA', '', '', [20, 30, 55, 140, 300]),
  ...zone('ITA', '10000', '49999', [12, 18, 35, 85, 190]),
  ...zone('ITA', '00010', '06999', [14, 21, 40, 95, 210]),
  ...zone('ITA', '50000', '67999', [14, 21, 40, 95, 210]),
  ...zone('ITA', '70000', '89999', [18, 26, 48, 120, 260]),
  ...zone('ITA', '90000', '98999', [24, 34, 60, 150, 330]),
  ...zone('ITA', '07000', '09999', [24, 34, 60, 150, 330]),
  ...zone('AUT', '', '', [25, 38, 70, 170, 390]),
  ...zone('CHE', '', '', [35, 52, 90, 210, 480]),
  ...zone('DEU', '', '', [25, 40, 75, 180, 420]),
  ...zone('FRA', '', '', [26, 42, 78, 185, 430]),
  ...zone('ESP', '', '', [30, 48, 88, 205, 470]),
];

/** Orders the ERP "handed back" for the superdealer's import (DATA_DIR/erp/inbox). */
const demoInboxOrders = (): ErpOrder[] => {
  const codes = generateCatalogue(DEMO_CATALOGUE)
    .showcase()
    .map((a) => a.articolo);
  const code = (i: number) => codes[i] ?? codes[0] ?? '';
  return [
    {
      nOrdine: 'SD-2026-0001',
      righe: [
        { articolo: code(0), quantita: 4, dataRichiesta: '2026-03-02' },
        { articolo: code(1), quantita: 2 },
        { articolo: code(2), quantita: 1, serialNumber: 'EC35-004512' },
      ],
    },
    {
      nOrdine: 'SD-2026-0002',
      righe: [
        { articolo: code(3), quantita: 1 },
        { articolo: code(4), quantita: 3 },
        { articolo: 'XZ-9999-99', quantita: 2 },
      ],
    },
  ];
};

const writeIfMissing = async (file: string, content: string) => {
  try {
    await fs.writeFile(file, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
};

/**
 * Demo data of the checkout (idempotent): the demo customers' addresses, the shipping tariff when
 * there is none, and two ERP orders for the superdealer's import.
 */
export const loadDemoOrders = async (db: DbOrTx, dataDir: string) => {
  const users = await db
    .select({ id: appUser.id, login: appUser.login })
    .from(appUser)
    .where(inArray(appUser.login, Object.keys(DEMO_ADDRESSES)));
  const addresses = users.flatMap((u) => (DEMO_ADDRESSES[u.login] ?? []).map((a) => ({ ...a, userId: u.id })));
  const inserted =
    addresses.length > 0
      ? await db.insert(indirizzoCliente).values(addresses).onConflictDoNothing().returning({ id: indirizzoCliente.id })
      : [];

  const [tariff] = await db.select({ n: count() }).from(speseSpedizione);
  const tariffRows = (tariff?.n ?? 0) === 0 ? DEMO_TARIFF.length : 0;
  if (tariffRows > 0) await db.insert(speseSpedizione).values(DEMO_TARIFF);

  const inbox = erpInboxDir(dataDir);
  await fs.mkdir(inbox, { recursive: true });
  let documents = 0;
  for (const order of demoInboxOrders()) {
    if (await writeIfMissing(path.join(inbox, `${order.nOrdine}.json`), `${JSON.stringify(order, null, 2)}\n`)) {
      documents++;
    }
  }
  return { addresses: inserted.length, tariffRows, documents };
};
