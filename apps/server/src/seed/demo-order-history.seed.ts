import {
  businessToday,
  type ErpHistoryDocumentInput,
  GENERIC_SERIAL,
  NODE_LEAF,
  type TrackingState,
} from '@ricambi/domain';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import {
  appUser,
  articolo,
  catalogo,
  catalogoRiga,
  crSubdealerVisibilita,
  erpStoricoLog,
  macchina,
  storicoOrdine,
  storicoOrdineRiga,
  storicoTrackingEvento,
} from '../db/schema/index.ts';
import { createHandback } from '../modules/order-history/order-history.contract.ts';
import { historySearchText } from '../modules/order-history/order-history.mapper.ts';
import { createRng, hash32, type Rng } from './catalogue-generator.ts';
import { DEMO_USERS } from './demo.seed.ts';
import { DEMO_ADDRESSES } from './demo-orders.seed.ts';
import { BENCH_CATALOGUE_CODE, DEMO_SERIAL } from './machines-generator.ts';

/**
 * Issue 16 §7: two years of order history of the demo customers — orders sent through the portal and
 * orders placed by phone or mail that the ERP handed back, quotes, warranty orders and the
 * subdealers' requests; shipped in one or more shipments (DDT, waybill), invoiced at the end of the
 * month, some partly shipped or back-ordered (mostly the recent ones), with the carrier's tracking
 * events of the last six months' waybills. Dates count back from today; everything else comes from a
 * seeded PRNG, so the same catalogue and the same day give the same history.
 */

const SEED = 16_0007;
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const HISTORY_DAYS = 730;
/** Waybills shipped in this many days back have the carrier's events (older ones have none). */
const TRACKED_DAYS = 183;
const BATCH = 500;
/** Where the parcels leave from (the manufacturer's parts warehouse). */
const ORIGIN = 'Reggio Emilia';

/** The demo dealer's waybill with a full set of events (the browser test opens it). */
export const DEMO_TRACKED_WAYBILL = 'BRT000000000001';

type Slug = 'brt' | 'gls' | 'dhl' | 'tnt';
const CARRIERS: Record<Slug, { corriere: string; prefix: string; digits: number; hub: string }> = {
  brt: { corriere: 'BRT', prefix: 'BRT', digits: 12, hub: 'Bologna' },
  gls: { corriere: 'GLS', prefix: 'GLS', digits: 10, hub: 'Piacenza' },
  dhl: { corriere: 'DHL Express', prefix: 'DHL', digits: 10, hub: 'Milano Malpensa' },
  tnt: { corriere: 'TNT', prefix: 'TNT', digits: 9, hub: 'Lacchiarella' },
};
/** Shipments without a tracked waybill: collected, or carried by the customer's own haulier. */
const UNTRACKED = ['Ritiro in sede', 'Vettore a cura del cliente', 'Consegna con automezzo proprio'] as const;

type Customer = {
  login: string;
  /** ORD: orders (with quotes and warranty orders); REQ: a subdealer's requests to its dealer. */
  tipo: 'ORD' | 'REQ';
  /** Lines of ORD / REQ to make (quotes and warranty orders come on top). */
  lines: number;
  /** Share of the orders sent through the portal; the others were handed back by the ERP. */
  portal: number;
  quotes: number;
  warranty: number;
  carriers: [Slug, number][];
  /** Mostly rubber tracks (the tracks customer). */
  tracks?: boolean;
  /** Delivery cities when the customer has no demo address. */
  cities?: string[];
};

const CUSTOMERS: Customer[] = [
  {
    login: 'dealer',
    tipo: 'ORD',
    lines: 3_250,
    portal: 0.65,
    quotes: 14,
    warranty: 12,
    carriers: [
      ['brt', 60],
      ['gls', 25],
      ['tnt', 10],
      ['dhl', 5],
    ],
  },
  {
    login: 'superdealer',
    tipo: 'ORD',
    lines: 1_300,
    portal: 0.55,
    quotes: 8,
    warranty: 6,
    carriers: [
      ['gls', 50],
      ['brt', 40],
      ['tnt', 10],
    ],
  },
  {
    login: 'tracks',
    tipo: 'ORD',
    lines: 380,
    portal: 0.5,
    quotes: 0,
    warranty: 0,
    tracks: true,
    carriers: [
      ['dhl', 60],
      ['tnt', 30],
      ['gls', 10],
    ],
  },
  { login: 'subdealer', tipo: 'REQ', lines: 260, portal: 1, quotes: 0, warranty: 0, carriers: [['brt', 1]] },
  {
    login: 'subdealer2',
    tipo: 'REQ',
    lines: 110,
    portal: 1,
    quotes: 0,
    warranty: 0,
    cities: ['Carpi'],
    carriers: [
      ['gls', 60],
      ['brt', 40],
    ],
  },
];

/** Codes the ERP handed back that the catalogue does not hold (no article: "order again" leaves them out). */
const OFF_CATALOGUE = [
  { code: 'XZ-9999-99', desc: 'Articolo non codificato a catalogo', price: 42.5 },
  { code: 'SPEC-0417-K', desc: 'Kit guarnizioni speciale su disegno cliente', price: 186.4 },
  { code: 'FORN-22871', desc: 'Tubo idraulico fornitura esterna su misura', price: 64.9 },
  { code: 'RIP-EXT-0093', desc: 'Revisione pompa idraulica presso officina esterna', price: 920 },
  { code: 'ACC-PROMO-25', desc: 'Kit promozionale manutenzione stagionale', price: 149 },
];

const CLIENTS = ['Ferrari Scavi', 'Gatti Costruzioni', 'Bassi Movimento Terra', 'Colombo Edilizia', 'Marchi Noleggi'];

type Article = { id: number | null; code: string; desc: string; unit: string | null; price: number };
type Machine = { matricola: string; crCod: string; delivered: string };

type Shipment = {
  login: string;
  tipo: string;
  day: string;
  slug: Slug | null;
  wayBill: string | null;
  wayBillTxt: string;
  city: string;
  abroad: boolean;
  ddt: string;
  fatt: string | null;
  /** The demo shipment with every event up to the delivery. */
  fixed?: boolean;
};

type Line = {
  article: Article;
  qty: number;
  matricola: string | null;
  shipped: number;
  shipment: Shipment | null;
};

type Order = {
  customer: Customer;
  tipo: 'ORD' | 'ORDCG' | 'PREV' | 'REQ';
  portale: boolean;
  at: number;
  rif: string | null;
  lines: Line[];
  nro: string;
  fixed?: boolean;
};

type Event = typeof storicoTrackingEvento.$inferInsert;

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isWeekend = (ms: number) => [0, 6].includes(new Date(ms).getUTCDay());
/** `n` working days after (or, negative, before) `day`. */
const businessDays = (day: string, n: number) => {
  let t = dayMs(day);
  for (let left = Math.abs(n); left > 0; ) {
    t += Math.sign(n) * DAY;
    if (!isWeekend(t)) left--;
  }
  return dayOf(t);
};
/** The working day on or before `t`, or, when that falls before `earliest`, the first one after it. */
export const workingDayWithin = (t: number, earliest: number) => {
  let day = t;
  while (isWeekend(day)) day -= DAY;
  if (day >= earliest) return day;
  day = earliest;
  while (isWeekend(day)) day += DAY;
  return day;
};
const lastDayOfMonth = (day: string) => {
  const d = new Date(dayMs(day));
  return dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
};
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const weighted = <T>(rng: Rng, items: readonly (readonly [T, number])[]): T => {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let r = rng.next() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return (items.at(-1) as readonly [T, number])[0];
};
const shuffled = <T>(rng: Rng, items: readonly T[]) => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};
/** Popular items first: a pool shuffled once, then picked with a skew towards its head. */
const popular = <T>(rng: Rng, pool: readonly T[]) => pool[Math.floor(pool.length * rng.next() ** 2.2)] as T;

const COUNT_UNITS = new Set(['NR', 'PZ']);
const quantityOf = (rng: Rng, article: Article) => {
  const unit = article.unit ?? 'NR';
  if (unit === 'LT') return rng.pick([5, 10, 10, 20, 25]);
  if (unit === 'MT') return rng.pick([1, 2, 2.5, 5, 10]);
  if (unit === 'KG') return rng.pick([0.5, 1, 2, 5]);
  if (!COUNT_UNITS.has(unit)) return rng.int(1, 4);
  if (article.price > 800) return rng.chance(0.9) ? 1 : 2;
  return weighted(rng, [
    [1, 50],
    [2, 22],
    [rng.int(3, 4), 13],
    [rng.int(5, 10), 11],
    [rng.pick([12, 16, 20, 24]), 4],
  ]);
};

/** The customer's machines, each with its parts catalogue code and delivery day. */
const machinesOf = async (db: Db, login: string, subdealer: boolean): Promise<Machine[]> => {
  const own = and(
    isNotNull(macchina.mtDtCons),
    ne(macchina.mtMatricola, GENERIC_SERIAL),
    ne(macchina.mtCrCod, BENCH_CATALOGUE_CODE),
  );
  const rows = subdealer
    ? await db
        .select({ matricola: macchina.mtMatricola, crCod: macchina.mtCrCod, delivered: macchina.mtDtCons })
        .from(crSubdealerVisibilita)
        .innerJoin(macchina, eq(macchina.mtMatricola, crSubdealerVisibilita.matricola))
        .where(and(eq(crSubdealerVisibilita.login, login), own))
        .orderBy(asc(macchina.mtMatricola))
    : await db
        .select({ matricola: macchina.mtMatricola, crCod: macchina.mtCrCod, delivered: macchina.mtDtCons })
        .from(macchina)
        .where(and(eq(macchina.dealerLogin, login), own))
        .orderBy(asc(macchina.mtMatricola));
  return rows.map((r) => ({ ...r, delivered: r.delivered as string }));
};

const descrizioneIt = sql<string>`coalesce(nullif(${articolo.localizedDescrizione}->>'it', ''), ${articolo.descrizione}, ${articolo.articolo})`;
const articleColumns = {
  id: articolo.id,
  code: articolo.articolo,
  desc: descrizioneIt,
  unit: articolo.unitaMisura,
  price: articolo.prezzo,
};
const orderable = and(eq(articolo.ordinabile, true), eq(articolo.visibile, true));

/** Tracking events of a shipment: label, pick-up, hubs, out for delivery, delivered (a few exceptions). */
const eventsOf = (rng: Rng, s: Shipment, now: number, erpGeneratedAt: Date): Event[] => {
  if (!s.wayBill || !s.slug) return [];
  const carrier = CARRIERS[s.slug];
  const transit = s.abroad ? 2 : 1;
  const at = (days: number, hour: number) =>
    new Date(dayMs(businessDays(s.day, days)) + hour * HOUR + rng.int(0, 40) * 60_000);
  const events: { data: Date; luogo: string; stato: TrackingState; descrizione: string }[] = [
    {
      data: at(0, 7.5),
      luogo: ORIGIN,
      stato: 'INFO',
      descrizione: 'Spedizione registrata: etichetta creata dal mittente',
    },
    { data: at(0, 15), luogo: ORIGIN, stato: 'IN_TRANSIT', descrizione: 'Spedizione ritirata dal corriere' },
  ];
  const outcome = s.fixed
    ? 'delivered'
    : weighted(rng, [
        ['delivered', 92],
        ['retry', 6],
        ['held', 2],
      ] as const);
  if (outcome !== 'retry') {
    if (s.fixed || rng.chance(0.6))
      events.push({
        data: at(0, 21),
        luogo: s.abroad ? 'Verona' : carrier.hub,
        stato: 'IN_TRANSIT',
        descrizione: 'In transito presso l’hub di smistamento',
      });
    if (s.fixed || rng.chance(0.5))
      events.push({
        data: at(transit, 4.5),
        luogo: s.city,
        stato: 'IN_TRANSIT',
        descrizione: 'Arrivata alla filiale di destinazione',
      });
  }
  events.push({
    data: at(transit, 6.5),
    luogo: s.city,
    stato: 'OUT_FOR_DELIVERY',
    descrizione: 'In consegna: affidata all’autista',
  });
  if (outcome === 'delivered')
    events.push({
      data: at(transit, rng.int(8, 13)),
      luogo: s.city,
      stato: 'DELIVERED',
      descrizione: 'Consegnata al destinatario',
    });
  else if (outcome === 'held')
    events.push({
      data: at(transit, 11),
      luogo: s.city,
      stato: 'EXCEPTION',
      descrizione: 'Indirizzo incompleto: spedizione in giacenza presso la filiale, contattare il corriere',
    });
  else
    events.push(
      {
        data: at(transit, 11),
        luogo: s.city,
        stato: 'EXCEPTION',
        descrizione: 'Destinatario assente: nuovo tentativo di consegna il giorno lavorativo successivo',
      },
      {
        data: at(transit + 1, 6.5),
        luogo: s.city,
        stato: 'OUT_FOR_DELIVERY',
        descrizione: 'In consegna: affidata all’autista',
      },
      { data: at(transit + 1, 9), luogo: s.city, stato: 'DELIVERED', descrizione: 'Consegnata al destinatario' },
    );
  // A shipment still on its way has only the events so far (at least its label).
  const past = events.filter((e) => e.data.getTime() <= now);
  const first = events[0];
  if (past.length === 0 && first) past.push({ ...first, data: new Date(now - 60_000) });
  return past.map((e) => ({ ...e, wayBill: s.wayBill as string, corriere: carrier.corriere, erpGeneratedAt }));
};

/**
 * Loads the demo order history (idempotent: nothing when the history holds an order). Portal orders
 * take their numbers from the order sequence, which is moved past them, so orders sent later follow on.
 */
export const loadDemoOrderHistory = async (db: Db): Promise<{ ordini: number; righe: number; eventi: number }> => {
  const none = { ordini: 0, righe: 0, eventi: 0 };
  const [present] = await db.select({ n: sql<number>`count(*)::int` }).from(storicoOrdine);
  if ((present?.n ?? 0) > 0) return none;

  const users = new Map(
    (
      await db
        .select({ id: appUser.id, login: appUser.login })
        .from(appUser)
        .where(
          inArray(
            appUser.login,
            CUSTOMERS.map((c) => c.login),
          ),
        )
    ).map((u) => [u.login, u.id]),
  );
  const customers = CUSTOMERS.filter((c) => users.has(c.login));

  // Articles: a few hundred orderable parts, the parts of the customers' machines' catalogues, the
  // rubber tracks, and parts no longer orderable.
  const parts = await db
    .select(articleColumns)
    .from(articolo)
    .where(and(orderable, eq(articolo.tipoArticolo, 'R'), eq(articolo.cingoloInGomma, false)))
    .orderBy(asc(articolo.id));
  if (parts.length === 0 || customers.length === 0) return none;
  const stride = Math.max(1, Math.floor(parts.length / 400));
  const general = parts.filter((_, i) => i % stride === 0);
  const tracks = await db
    .select(articleColumns)
    .from(articolo)
    .where(and(orderable, eq(articolo.cingoloInGomma, true)))
    .orderBy(asc(articolo.id));
  const notOrderable = await db
    .select(articleColumns)
    .from(articolo)
    .where(and(eq(articolo.ordinabile, false), eq(articolo.tipoArticolo, 'R')))
    .orderBy(asc(articolo.id))
    .limit(40);
  const catalogueParts = await db
    .selectDistinct({ crCod: catalogo.crCodice, ...articleColumns })
    .from(catalogoRiga)
    .innerJoin(catalogo, eq(catalogo.id, catalogoRiga.crId))
    .innerJoin(articolo, eq(articolo.id, catalogoRiga.articoloId))
    .where(
      and(
        eq(catalogoRiga.rigTipoNodo, NODE_LEAF),
        ne(catalogo.crCodice, BENCH_CATALOGUE_CODE),
        ne(catalogo.crCodice, GENERIC_SERIAL),
        orderable,
      ),
    )
    .orderBy(asc(catalogo.crCodice), asc(articolo.id));
  const known = new Set(parts.map((p) => p.code));
  const offCatalogue: Article[] = OFF_CATALOGUE.filter((a) => !known.has(a.code)).map((a) => ({
    id: null,
    code: a.code,
    desc: a.desc,
    unit: 'NR',
    price: a.price,
  }));

  const rng = createRng(hash32(SEED, 1));
  const generalPool = shuffled(rng, general);
  const tracksPool = shuffled(rng, tracks);
  const byCatalogue = new Map<string, Article[]>();
  for (const { crCod, ...a } of catalogueParts) byCatalogue.set(crCod, [...(byCatalogue.get(crCod) ?? []), a]);
  for (const [crCod, pool] of byCatalogue) byCatalogue.set(crCod, shuffled(rng, pool));

  const machines = new Map<string, Machine[]>();
  for (const c of customers) machines.set(c.login, await machinesOf(db, c.login, c.tipo === 'REQ'));
  const sconto = (login: string): number => {
    const user = DEMO_USERS.find((u) => u.login === login);
    return user?.dealerLogin ? sconto(user.dealerLogin) : (user?.sconto ?? 0);
  };
  const destinationsOf = (c: Customer) =>
    c.cities?.map((city) => ({ city, abroad: false })) ??
    DEMO_ADDRESSES[c.login]?.map((a) => ({ city: a.citta, abroad: a.stato !== 'ITA' })) ?? [
      { city: ORIGIN, abroad: false },
    ];

  const now = Date.now();
  const today = businessToday(new Date(now));
  const todayMs = dayMs(today);

  // -------------------------------------------------------------------------------------------
  // Orders and their lines

  const orderDay = () => {
    const t = todayMs - Math.floor(HISTORY_DAYS * rng.next() ** 1.3) * DAY;
    return workingDayWithin(t, todayMs - (HISTORY_DAYS - 1) * DAY);
  };
  const orderTime = (day: number) => {
    const t = day + Math.round((6.5 + rng.next() * 10) * HOUR);
    return t < now - 5 * 60_000 ? t : now - rng.int(5, 240) * 60_000;
  };
  const lineCount = (tipo: Order['tipo']) => {
    if (tipo === 'PREV') return rng.int(2, 8);
    if (tipo === 'ORDCG') return rng.int(1, 3);
    if (tipo === 'REQ')
      return weighted(rng, [
        [1, 45],
        [2, 25],
        [3, 15],
        [rng.int(4, 6), 15],
      ] as [number, number][]);
    return weighted(rng, [
      [1, 28],
      [2, 20],
      [3, 14],
      [rng.int(4, 6), 22],
      [rng.int(7, 15), 16],
    ] as [number, number][]);
  };
  const referenceOf = (c: Customer, tipo: Order['tipo'], at: number, matricola: string | null) => {
    if (tipo === 'REQ') return rng.chance(0.5) ? `Cliente ${rng.pick(CLIENTS)}` : null;
    if (tipo === 'PREV') return rng.chance(0.6) ? `Offerta cliente ${rng.pick(CLIENTS)}` : null;
    if (!rng.chance(0.3)) return null;
    const yy = String(new Date(at).getUTCFullYear()).slice(2);
    return weighted(rng, [
      [`Rif. ${rng.int(100, 999)}/${yy}`, 3],
      [`Commessa ${rng.int(1000, 9999)}`, 2],
      [`Cantiere ${rng.pick(destinationsOf(c)).city}`, 1],
      [`Vs. ordine ${yy}-${pad(rng.int(1, 2500), 4)}`, 2],
      ['Scorta magazzino', 1],
      [matricola ? `Fermo macchina ${matricola}` : 'Urgente', 1],
    ]);
  };
  const articleFor = (c: Customer, machine: Machine | null): Article => {
    if (offCatalogue.length > 0 && rng.chance(0.008)) return rng.pick(offCatalogue);
    if (notOrderable.length > 0 && rng.chance(0.025)) return rng.pick(notOrderable);
    const own = machine ? byCatalogue.get(machine.crCod) : undefined;
    if (own && own.length > 0 && rng.chance(0.85)) return popular(rng, own);
    if (c.tracks && tracksPool.length > 0 && rng.chance(0.75)) return popular(rng, tracksPool);
    return popular(rng, generalPool);
  };
  const draft = (c: Customer, tipo: Order['tipo'], at: number): Order => {
    const day = dayOf(at);
    const fleet = (machines.get(c.login) ?? []).filter((m) => m.delivered <= day);
    const machine = fleet.length > 0 && (tipo === 'ORDCG' || rng.chance(0.35)) ? rng.pick(fleet) : null;
    const lines: Line[] = [];
    const n = lineCount(tipo);
    for (let i = 0; i < n; i++) {
      let article = articleFor(c, machine);
      for (let retry = 0; retry < 4 && lines.some((l) => l.article.code === article.code); retry++)
        article = articleFor(c, machine);
      if (lines.some((l) => l.article.code === article.code)) continue;
      // The order's machine on most of its lines; now and then a line names another of the fleet.
      const matricola = machine && rng.chance(0.9) ? machine.matricola : null;
      lines.push({ article, qty: quantityOf(rng, article), matricola, shipped: 0, shipment: null });
    }
    const portale = tipo === 'ORD' ? rng.chance(c.portal) : true;
    return {
      customer: c,
      tipo,
      portale,
      at,
      rif: referenceOf(c, tipo, at, machine?.matricola ?? null),
      lines,
      nro: '',
    };
  };

  const orders: Order[] = [];
  for (const c of customers) {
    let lines = 0;
    while (lines < c.lines) {
      const order = draft(c, c.tipo, orderTime(orderDay()));
      lines += order.lines.length;
      orders.push(order);
    }
    for (let i = 0; i < c.quotes; i++) orders.push(draft(c, 'PREV', orderTime(orderDay())));
    for (let i = 0; i < c.warranty; i++) orders.push(draft(c, 'ORDCG', orderTime(orderDay())));
  }

  // The dealer's order the demo and the browser test open: shipped a week ago under a waybill with
  // every event; one line of its first machine, one orderable part, one part no longer orderable
  // and one code outside the catalogue ("order again" takes two lines and leaves two out).
  const dealer = customers.find((c) => c.login === 'dealer');
  let fixedShipment: Shipment | null = null;
  if (dealer) {
    const placed = businessDays(today, -8);
    const demoMachine = machines.get('dealer')?.find((m) => m.matricola === DEMO_SERIAL);
    const first = (demoMachine && byCatalogue.get(demoMachine.crCod)?.[0]) || generalPool[1];
    const candidates = [first, generalPool[0], notOrderable[0], offCatalogue[0]].filter(
      (a, i, all): a is Article => !!a && all.findIndex((b) => b?.code === a.code) === i,
    );
    fixedShipment = {
      login: 'dealer',
      tipo: 'ORD',
      day: businessDays(placed, 2),
      slug: 'brt',
      wayBill: DEMO_TRACKED_WAYBILL,
      wayBillTxt: 'BRT 000000000001',
      city: destinationsOf(dealer)[0]?.city ?? ORIGIN,
      abroad: false,
      ddt: '',
      fatt: null,
      fixed: true,
    };
    const shipment = fixedShipment;
    orders.push({
      customer: dealer,
      tipo: 'ORD',
      portale: true,
      at: dayMs(placed) + 8.5 * HOUR,
      rif: 'Cantiere Brescia Est',
      nro: '',
      fixed: true,
      lines: candidates.map((article, i) => ({
        article,
        qty: i === 0 ? 2 : 1,
        matricola: i === 0 && demoMachine ? demoMachine.matricola : null,
        shipped: i === 0 ? 2 : 1,
        shipment,
      })),
    });
  }
  orders.sort((a, b) => a.at - b.at);

  // -------------------------------------------------------------------------------------------
  // Shipments: old orders shipped in full, recent ones partly shipped or waiting (back-orders)

  const shipments: Shipment[] = fixedShipment ? [fixedShipment] : [];
  const usedWaybills = new Set<string>([DEMO_TRACKED_WAYBILL]);
  const newShipment = (o: Order, day: string): Shipment => {
    const c = o.customer;
    const tracked = rng.chance(0.9);
    const slug = weighted(rng, c.carriers);
    let wayBill: string | null = null;
    let wayBillTxt: string = rng.pick(UNTRACKED);
    if (tracked) {
      const { prefix, digits } = CARRIERS[slug];
      let number: string;
      do number = Array.from({ length: digits }, () => rng.int(0, 9)).join('');
      while (usedWaybills.has(`${prefix}${number}`));
      wayBill = `${prefix}${number}`;
      usedWaybills.add(wayBill);
      wayBillTxt = `${prefix} ${number}`;
    }
    const destinations = destinationsOf(c);
    const destination = (rng.chance(0.7) ? destinations[0] : undefined) ?? rng.pick(destinations);
    const s: Shipment = {
      login: c.login,
      tipo: o.tipo,
      day,
      slug: tracked ? slug : null,
      wayBill,
      wayBillTxt,
      city: destination.city,
      abroad: destination.abroad,
      ddt: '',
      fatt: null,
    };
    shipments.push(s);
    return s;
  };

  for (const o of orders) {
    if (o.tipo === 'PREV' || o.fixed) continue;
    const age = (todayMs - dayMs(dayOf(o.at))) / DAY;
    const profile =
      age > 90
        ? weighted(rng, [
            ['full', 94],
            ['partial', 5],
            ['backorder', 1],
          ] as const)
        : age > 30
          ? weighted(rng, [
              ['full', 70],
              ['partial', 17],
              ['backorder', 13],
            ] as const)
          : weighted(rng, [
              ['full', 50],
              ['partial', 22],
              ['backorder', 28],
            ] as const);
    const firstDay = businessDays(dayOf(o.at), rng.int(1, 6));
    const split = o.lines.length >= 3 && rng.chance(0.15);
    const secondDay = businessDays(firstDay, rng.int(2, 15));
    const fates = o.lines.map(() => 'full' as 'full' | 'partial' | 'none');
    const pickLines = (k: number) => shuffled(rng, [...o.lines.keys()]).slice(0, Math.max(1, k));
    if (profile === 'partial') for (const i of pickLines(rng.int(1, 2))) fates[i] = 'partial';
    if (profile === 'backorder')
      for (const i of pickLines(rng.int(1, Math.ceil(o.lines.length / 3)))) fates[i] = 'none';
    const byDay = new Map<string, Shipment>();
    o.lines.forEach((line, i) => {
      const fate = fates[i];
      const day = fate === 'full' && split && rng.chance(0.4) ? secondDay : firstDay;
      if (fate === 'none' || day > today) return;
      let shipped = line.qty;
      if (fate === 'partial') {
        const unit = line.article.unit ?? 'NR';
        if (COUNT_UNITS.has(unit)) {
          if (line.qty < 2) return; // nothing of a single piece: still to ship
          shipped = Math.max(1, Math.floor(line.qty * (0.3 + rng.next() * 0.4)));
        } else shipped = round(line.qty / 2, 3);
      }
      let shipment = byDay.get(day);
      if (!shipment) {
        shipment = newShipment(o, day);
        byDay.set(day, shipment);
      }
      line.shipped = shipped;
      line.shipment = shipment;
    });
  }

  // Transport documents numbered through each year; invoices at the end of each month, one per
  // customer (the month under way is not invoiced yet; a subdealer's goods are invoiced to its dealer).
  shipments.sort((a, b) => a.day.localeCompare(b.day) || a.login.localeCompare(b.login));
  const ddtCounters = new Map<string, number>();
  for (const s of shipments) {
    const year = s.day.slice(0, 4);
    const next = (ddtCounters.get(year) ?? rng.int(1, 40)) + rng.int(1, 12);
    ddtCounters.set(year, next);
    s.ddt = `DDT ${year}/${pad(next, 5)}`;
  }
  const invoices = new Map<string, { day: string; login: string; shipments: Shipment[] }>();
  const currentMonth = today.slice(0, 7);
  for (const s of shipments) {
    if (s.tipo === 'REQ' || s.day.slice(0, 7) >= currentMonth) continue;
    const key = `${s.login}|${s.day.slice(0, 7)}`;
    const invoice = invoices.get(key) ?? { day: lastDayOfMonth(s.day), login: s.login, shipments: [] };
    invoice.shipments.push(s);
    invoices.set(key, invoice);
  }
  const ftCounters = new Map<string, number>();
  for (const invoice of [...invoices.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.login.localeCompare(b.login),
  )) {
    const year = invoice.day.slice(0, 4);
    const next = (ftCounters.get(year) ?? rng.int(1, 60)) + rng.int(5, 40);
    ftCounters.set(year, next);
    for (const s of invoice.shipments) s.fatt = `FT ${year}/${pad(next, 5)}`;
  }

  // Order numbers: the portal's from the order sequence, the ERP's its own per year.
  const [sequence] = await queryRows<{ last_value: string | number; is_called: boolean }>(
    db,
    sql`select last_value, is_called from ordine_numero_seq`,
  );
  let portalNumber = sequence ? Number(sequence.last_value) - (sequence.is_called ? 0 : 1) : 0;
  const erpCounters = new Map<number, number>();
  for (const o of orders) {
    const year = new Date(o.at).getUTCFullYear();
    if (o.portale) o.nro = `${o.tipo}§${year}§${pad(++portalNumber, 6)}`;
    else {
      const next = (erpCounters.get(year) ?? 4_000 + rng.int(0, 500)) + rng.int(1, 9);
      erpCounters.set(year, next);
      o.nro = `ERP-${year}-${pad(next, 6)}`;
    }
  }

  // When the ERP last reported on the order: its last shipment or invoice (never for a portal
  // order it has not touched yet).
  const erpGeneratedAt = (o: Order) => {
    let last = o.portale ? 0 : o.at + rng.int(1, 4) * HOUR;
    for (const l of o.lines) {
      if (!l.shipment) continue;
      last = Math.max(last, dayMs(l.shipment.day) + 17 * HOUR);
      if (l.shipment.fatt) last = Math.max(last, dayMs(lastDayOfMonth(l.shipment.day)) + 20 * HOUR);
    }
    return last === 0 ? null : new Date(Math.min(last, now));
  };

  const erpNow = new Date(now);
  const trackedFrom = dayOf(todayMs - TRACKED_DAYS * DAY);
  const events = shipments
    .filter((s) => s.day >= trackedFrom)
    .flatMap((s) => eventsOf(rng, s, now, erpNow))
    .sort((a, b) => (a.wayBill as string).localeCompare(b.wayBill as string) || a.data.getTime() - b.data.getTime());

  // -------------------------------------------------------------------------------------------
  // Insert

  const loaded = await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (let i = 0; i < orders.length; i += BATCH) {
      const rows = await tx
        .insert(storicoOrdine)
        .values(
          orders.slice(i, i + BATCH).map((o) => ({
            userId: users.get(o.customer.login) as number,
            tiporichiesta: o.tipo,
            nroOrdTxt: o.nro,
            ordineId: null,
            rifVsNroOrd: o.rif,
            portale: o.portale,
            dataIns: new Date(o.at),
            erpGeneratedAt: erpGeneratedAt(o),
          })),
        )
        .returning({ id: storicoOrdine.id, nroOrdTxt: storicoOrdine.nroOrdTxt });
      for (const r of rows) ids.set(r.nroOrdTxt, r.id);
    }

    const lines = orders.flatMap((o) => {
      const discount = 1 - sconto(o.customer.login) / 100;
      // Prices were a little lower in the past (list prices rise about 4 % a year).
      const priceLevel = 1 - (0.04 * (now - o.at)) / (365 * DAY);
      return o.lines.map((l, i) => {
        const s = l.shipment;
        const values = {
          storicoId: ids.get(o.nro) as number,
          userId: users.get(o.customer.login) as number,
          tiporichiesta: o.tipo,
          dataIns: new Date(o.at),
          riga: i + 1,
          articoloId: l.article.id,
          codArt: l.article.code,
          descRiga: l.article.desc.slice(0, 255),
          unitaMisura: l.article.unit,
          matricola: l.matricola,
          qtaOrdinata: l.qty,
          qtaSpedita: s ? l.shipped : 0,
          importo: round(l.qty * round(l.article.price * discount * priceLevel, 2), 2),
          seEvasa: !!s && l.shipped >= l.qty,
          dataSpediz: s?.day ?? null,
          nroSpedTxt: s?.ddt ?? null,
          nroFattTxt: s?.fatt ?? null,
          wayBill: s?.wayBill ?? null,
          wayBillTxt: s?.wayBillTxt ?? null,
          isAftership: !!s?.wayBill,
          codAftership: s?.wayBill ? s.slug : null,
        };
        return {
          ...values,
          searchText: historySearchText({ ...values, nroOrdTxt: o.nro, rifVsNroOrd: o.rif }),
        };
      });
    });
    for (let i = 0; i < lines.length; i += BATCH) await tx.insert(storicoOrdineRiga).values(lines.slice(i, i + BATCH));
    for (let i = 0; i < events.length; i += BATCH)
      await tx.insert(storicoTrackingEvento).values(events.slice(i, i + BATCH));

    // Orders sent from now on are numbered after the history's.
    if (portalNumber > 0) await tx.execute(sql`select setval('ordine_numero_seq', ${portalNumber}, true)`);
    return { ordini: orders.length, righe: lines.length, eventi: events.length };
  });
  const dealerId = users.get('dealer');
  if (dealerId !== undefined) await handBackDemoDocument(db, dealerId);
  return loaded;
};

/** The ERP's document of the demo (the hand-back log's first row). */
export const DEMO_ERP_DOCUMENT_ID = 'DEMO-ERP-STORICO-0001';

/**
 * Issue 16 §1: the ERP confirms the dealer's newest portal order as it stands, through the real
 * hand-back, so that the administrators' log of hand-back documents starts with an APPLIED row.
 * Nothing when the log already names the document.
 */
const handBackDemoDocument = async (db: Db, dealerId: number) => {
  const [logged] = await db
    .select({ id: erpStoricoLog.id })
    .from(erpStoricoLog)
    .where(eq(erpStoricoLog.documentId, DEMO_ERP_DOCUMENT_ID))
    .limit(1);
  if (logged) return;
  const [order] = await db
    .select()
    .from(storicoOrdine)
    .where(
      and(eq(storicoOrdine.userId, dealerId), eq(storicoOrdine.portale, true), eq(storicoOrdine.tiporichiesta, 'ORD')),
    )
    .orderBy(desc(storicoOrdine.dataIns), desc(storicoOrdine.id))
    .limit(1);
  if (!order) return;
  const lines = await db
    .select()
    .from(storicoOrdineRiga)
    .where(eq(storicoOrdineRiga.storicoId, order.id))
    .orderBy(asc(storicoOrdineRiga.riga));
  const document: ErpHistoryDocumentInput = {
    documentId: DEMO_ERP_DOCUMENT_ID,
    generatedAt: new Date().toISOString(),
    ordini: [
      {
        nroOrdTxt: order.nroOrdTxt,
        cliente: 'dealer',
        tiporichiesta: 'ORD',
        rifVsNroOrd: order.rifVsNroOrd,
        dataIns: order.dataIns.toISOString(),
        portale: true,
        righe: lines.map((l) => ({
          riga: l.riga,
          codArt: l.codArt,
          descRiga: l.descRiga,
          unitaMisura: l.unitaMisura,
          matricola: l.matricola,
          qtaOrdinata: l.qtaOrdinata,
          qtaSpedita: l.qtaSpedita,
          importo: l.importo,
          seEvasa: l.seEvasa,
          dataSpediz: l.dataSpediz,
          nroSpedTxt: l.nroSpedTxt,
          nroFattTxt: l.nroFattTxt,
          wayBill: l.wayBill,
          wayBillTxt: l.wayBillTxt,
          isAftership: l.isAftership,
          codAftership: l.codAftership,
        })),
      },
    ],
  };
  const quiet = { info: () => undefined, warn: () => undefined };
  await createHandback({ db, log: quiet }).apply(JSON.stringify(document), {
    source: 'file',
    name: 'demo-storico-ordini.json',
  });
};
