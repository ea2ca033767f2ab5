import {
  businessToday,
  formatItalianDate,
  GENERIC_SERIAL,
  NODE_HIDDEN,
  type WarrantyState,
  warrantyMinDate,
} from '@ricambi/domain';
import { and, asc, desc, eq, isNotNull, like, ne, type SQL, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import {
  catalogo,
  catalogoRiga,
  macchina,
  richiestaGaranzia,
  richiestaGaranziaAllegato,
  richiestaGaranziaEvento,
  richiestaGaranziaNumero,
} from '../db/schema/index.ts';
import type { Files } from '../platform/files.ts';
import { BENCH_CATALOGUE_CODE } from './machines-generator.ts';

const DEALER = 'dealer';
const BACK_OFFICE = 'internal';

/** A repair with its cost (spec 2 §5: then its date, hours and km are required too). */
type Repair = {
  /** Days after the failure. */
  after: number;
  oreIntervento: number;
  oreViaggio: number;
  chilometri: number;
  costo: number;
  soluzione: string;
};

type DemoRequest = {
  /** How many days before the seed's run the machine failed, and the request was filed. */
  failedDaysAgo: number;
  filedDaysAgo: number;
  oreLavoro: number;
  /** Keys of the PROBLEMI_SEGNALATI and COLLOCAZIONE_PROBLEMA lists (reference-combos.data.ts). */
  problema: string;
  collocazione: string;
  note: string;
  /** Words of the part that failed, looked up in the machine's own catalogue (the first found wins). */
  component: readonly string[];
  provincia: string;
  repair?: Repair;
  /** The back office's moves after the filing: the state, days after the filing, and the note mailed. */
  moves: { stato: WarrantyState; after: number; nota: string }[];
  /** A machine whose warranty has ended (the request goes all the same, spec 2 §4). */
  expired?: boolean;
  report: boolean;
};

/** The demo dealer's requests (issue 12 §6): every state, some with a repair cost, all with a photo. */
const REQUESTS: DemoRequest[] = [
  {
    failedDaysAgo: 6,
    filedDaysAgo: 4,
    oreLavoro: 412,
    problema: '1',
    collocazione: '6',
    note: 'Perdita d’olio dal cilindro del braccio in corrispondenza della guarnizione lato stelo: la macchina perde circa mezzo litro di olio idraulico al giorno.',
    component: ['cilindro braccio', 'cilindro'],
    provincia: 'BS',
    moves: [],
    report: false,
  },
  {
    failedDaysAgo: 12,
    filedDaysAgo: 9,
    oreLavoro: 736,
    problema: '6',
    collocazione: '4',
    note: 'Il motore non si avvia a freddo: il motorino di avviamento gira a vuoto e si sente solo lo scatto del relè.',
    component: ['motorino di avviamento'],
    provincia: 'BG',
    repair: {
      after: 1,
      oreIntervento: 2.5,
      oreViaggio: 1,
      chilometri: 48,
      costo: 385,
      soluzione: 'Sostituito il motorino di avviamento; prova di avviamento a freddo superata.',
    },
    moves: [],
    report: true,
  },
  {
    failedDaysAgo: 16,
    filedDaysAgo: 14,
    oreLavoro: 1290,
    problema: '4',
    collocazione: '5',
    note: 'Il manipolatore joystick non comanda più il ritorno del braccio; sul display compare l’errore E-214.',
    component: ['joystick lato destro', 'joystick'],
    provincia: 'MI',
    moves: [
      {
        stato: 'IN_ESAME',
        after: 1,
        nota: 'Presa in carico dall’ufficio garanzie: chiesto il registro errori alla centralina.',
      },
    ],
    report: false,
  },
  {
    failedDaysAgo: 25,
    filedDaysAgo: 22,
    oreLavoro: 958,
    problema: '2',
    collocazione: '10',
    note: 'Rumorosità anomala dalla ralla durante la rotazione della torretta, più evidente con il braccio esteso e la benna carica.',
    component: ['ralla'],
    provincia: 'MB',
    moves: [{ stato: 'IN_ESAME', after: 3, nota: 'Verifica in corso con il fornitore della ralla di rotazione.' }],
    report: false,
  },
  {
    failedDaysAgo: 40,
    filedDaysAgo: 36,
    oreLavoro: 1544,
    problema: '3',
    collocazione: '11',
    note: 'Surriscaldamento del motore dopo circa un’ora di lavoro: si accende la spia della temperatura e la macchina va in protezione.',
    component: ['pompa acqua', 'termostato'],
    provincia: 'BS',
    repair: {
      after: 2,
      oreIntervento: 3.5,
      oreViaggio: 1.5,
      chilometri: 96,
      costo: 612.4,
      soluzione: 'Sostituiti la pompa dell’acqua e il termostato; circuito di raffreddamento spurgato e rabboccato.',
    },
    moves: [
      { stato: 'IN_ESAME', after: 2, nota: 'Pratica in esame presso l’ufficio tecnico.' },
      {
        stato: 'INTEGRAZIONE',
        after: 6,
        nota: 'Per completare la pratica inviare la foto della targhetta della pompa sostituita e la fattura del ricambio.',
      },
    ],
    report: true,
  },
  {
    failedDaysAgo: 55,
    filedDaysAgo: 50,
    oreLavoro: 2210,
    problema: '7',
    collocazione: '3',
    note: 'Perdita di potenza in scavo: la pompa idraulica non raggiunge la pressione di taratura (180 bar misurati contro 250 bar previsti).',
    component: ['pompa idraulica'],
    provincia: 'CR',
    repair: {
      after: 3,
      oreIntervento: 6,
      oreViaggio: 2,
      chilometri: 130,
      costo: 1840,
      soluzione: 'Sostituita la pompa idraulica a pistoni e tarata la valvola di massima a 250 bar.',
    },
    moves: [
      { stato: 'IN_ESAME', after: 2, nota: 'Verifica della pressione di taratura sul rapporto del tecnico.' },
      {
        stato: 'APPROVATA',
        after: 10,
        nota: 'Garanzia approvata: la pompa idraulica è riconosciuta in garanzia, nota di credito in emissione.',
      },
    ],
    report: true,
  },
  {
    failedDaysAgo: 78,
    filedDaysAgo: 74,
    oreLavoro: 4820,
    problema: '8',
    collocazione: '8',
    note: 'Usura anomala dei rulli inferiori del carro sinistro: battistrada consumato e gioco sui cuscinetti dopo poche ore di lavoro in cava.',
    component: ['rullo inferiore', 'rullo'],
    provincia: 'BG',
    expired: true,
    moves: [
      { stato: 'IN_ESAME', after: 2, nota: 'Verifica delle date di garanzia e delle ore di lavoro.' },
      {
        stato: 'RESPINTA',
        after: 5,
        nota: 'Richiesta respinta: garanzia scaduta e usura dovuta all’impiego in cava, non coperta dalle condizioni di garanzia.',
      },
    ],
    report: false,
  },
];

const PROBLEMS: Record<string, string> = {
  '1': 'Perdita d’olio',
  '2': 'Rumorosità anomala',
  '3': 'Surriscaldamento',
  '4': 'Guasto elettrico',
  '6': 'Mancato avviamento',
  '7': 'Perdita di potenza',
  '8': 'Usura anomala',
};

/** A photo of the failure: the serial and the problem on a workshop-coloured picture (JPEG). */
const photoOf = (matricola: string, problem: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#6d7178"/>` +
        `<rect y="420" width="800" height="180" fill="#3f4247"/><rect x="180" y="170" width="440" height="240" rx="14" fill="#e8a33a"/>` +
        `<circle cx="520" cy="300" r="46" fill="#2b2b2b"/><rect x="250" y="230" width="180" height="24" fill="#2b2b2b"/>` +
        `<text x="400" y="80" font-family="Arial" font-size="40" text-anchor="middle" fill="#fff">${matricola}</text>` +
        `<text x="400" y="130" font-family="Arial" font-size="28" text-anchor="middle" fill="#fff">${problem}</text></svg>`,
    ),
  )
    .jpeg({ quality: 80 })
    .toBuffer();

/** The workshop's intervention report (PDF). */
const reportOf = async (matricola: string, r: DemoRequest, dates: { failure: string; repair: string | null }) => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  // The standard fonts have no typographic apostrophe.
  const plain = (text: string) => text.replaceAll('’', "'");
  const lines = [
    'Rapporto di intervento in garanzia',
    '',
    `Matricola: ${matricola}`,
    `Data guasto: ${dates.failure}`,
    `Ore di lavoro: ${r.oreLavoro}`,
    `Problema: ${PROBLEMS[r.problema] ?? r.problema}`,
    ...(r.repair
      ? [
          `Data riparazione: ${dates.repair}`,
          `Ore intervento: ${r.repair.oreIntervento}  Ore viaggio: ${r.repair.oreViaggio}  Km: ${r.repair.chilometri}`,
          `Costo totale: ${r.repair.costo.toFixed(2)} EUR`,
          `Intervento: ${r.repair.soluzione}`,
        ]
      : []),
    '',
    'Timbro e firma dell’officina: ____________________',
  ];
  for (const [i, line] of lines.entries())
    page.drawText(plain(line), { x: 50, y: 770 - i * 24, size: i === 0 ? 18 : 10, font, maxWidth: 495 });
  return Buffer.from(await pdf.save());
};

/** A part of the catalogue's visible rows whose text has the first of `words` found, or its first visible part. */
const componentOf = async (db: Db, crCodice: string, words: readonly string[]) => {
  const visible = and(
    eq(catalogo.crCodice, crCodice),
    isNotNull(catalogoRiga.articoloCodice),
    ne(catalogoRiga.rigTipoNodo, NODE_HIDDEN),
  );
  const find = async (condition: SQL | undefined) => {
    const [row] = await db
      .select({ codice: catalogoRiga.articoloCodice })
      .from(catalogoRiga)
      .innerJoin(catalogo, eq(catalogo.id, catalogoRiga.crId))
      .where(condition)
      .orderBy(asc(catalogoRiga.rigItem))
      .limit(1);
    return row?.codice ?? null;
  };
  for (const w of words) {
    const found = await find(and(visible, like(catalogoRiga.searchText, `%${w}%`)));
    if (found) return found;
  }
  return find(visible);
};

/** yyyy-MM-dd `days` days after `iso`. */
const plusDays = (iso: string, days: number) => warrantyMinDate(-days, iso);
/** A moment of a business day, never later than now. */
const momentOf = (iso: string, hour: number, now: Date) => {
  const at = new Date(`${iso}T${String(hour).padStart(2, '0')}:15:00Z`);
  return at > now ? now : at;
};

/**
 * Warranty requests of the demo dealer (issue 12 §6): seven of its machines, one request each, in
 * every state of the back office, with Italian notes, a component of the machine's own catalogue, a
 * repair cost on some, the history of their states, a photo each and a workshop report on some.
 * Dates count back from the day the seed runs: the open requests' failures are at most 60 days old.
 * Does nothing when a request exists.
 */
export const loadDemoWarranty = async (db: Db, files: Files) => {
  const [present] = await db.select({ n: sql<number>`count(*)::int` }).from(richiestaGaranzia);
  if ((present?.n ?? 0) > 0) return { created: 0, attachments: 0 };
  const ofDealer = and(
    eq(macchina.dealerLogin, DEALER),
    isNotNull(macchina.mtDtCons),
    isNotNull(macchina.dataFineGaranzia),
    ne(macchina.mtMatricola, GENERIC_SERIAL),
    ne(macchina.mtCrCod, BENCH_CATALOGUE_CODE),
  );
  const columns = {
    matricola: macchina.mtMatricola,
    crCod: macchina.mtCrCod,
    dataFineGaranzia: macchina.dataFineGaranzia,
  };
  const today = businessToday();
  const now = new Date();
  // The most recently delivered machines (under warranty), and for the expired one the oldest.
  const recent = await db
    .select(columns)
    .from(macchina)
    .where(ofDealer)
    .orderBy(desc(macchina.mtDtCons), asc(macchina.mtMatricola))
    .limit(REQUESTS.length);
  const [oldest] = await db
    .select(columns)
    .from(macchina)
    .where(and(ofDealer, sql`${macchina.dataFineGaranzia} < ${today}`))
    .orderBy(asc(macchina.mtDtCons), asc(macchina.mtMatricola))
    .limit(1);
  let created = 0;
  let attachments = 0;
  for (const [i, r] of REQUESTS.entries()) {
    const machine = r.expired ? (oldest ?? recent[i]) : recent[i];
    if (!machine) continue;
    const failure = warrantyMinDate(r.failedDaysAgo, today);
    const filed = warrantyMinDate(r.filedDaysAgo, today);
    const repair = r.repair ? plusDays(failure, r.repair.after) : null;
    const last = r.moves.at(-1);
    const [request] = await db
      .insert(richiestaGaranzia)
      .values({
        numero: sql`nextval(${sql.raw(`'${richiestaGaranziaNumero.seqName}'`)})`,
        matricola: machine.matricola,
        dealerLogin: DEALER,
        dataRichiesta: filed,
        dataFineGaranzia: machine.dataFineGaranzia,
        dataGuasto: failure,
        dataRiparazione: repair,
        oreLavoro: r.oreLavoro,
        oreIntervento: r.repair?.oreIntervento ?? null,
        oreViaggio: r.repair?.oreViaggio ?? null,
        chilometri: r.repair?.chilometri ?? null,
        costoTotaleIntervento: r.repair?.costo ?? null,
        problemaSegnalato: r.problema,
        problemaNote: r.note,
        collocazioneProblema: r.collocazione,
        codiceComponente: await componentOf(db, machine.crCod, r.component),
        soluzioneAdottataNote: r.repair?.soluzione ?? null,
        stato: 'ITA',
        provincia: r.provincia,
        statoAttivita: last?.stato ?? 'APERTA',
        lingua: 'it',
        createdBy: DEALER,
        createdDate: momentOf(filed, 8, now),
        lastModifiedBy: last ? BACK_OFFICE : null,
        lastModifiedDate: last ? momentOf(plusDays(filed, last.after), 14, now) : null,
      })
      .returning();
    if (!request) continue;
    await db.insert(richiestaGaranziaEvento).values([
      { richiestaId: request.id, statoAttivita: 'APERTA', nota: null, login: DEALER, data: momentOf(filed, 8, now) },
      ...r.moves.map((m) => ({
        richiestaId: request.id,
        statoAttivita: m.stato,
        nota: m.nota,
        login: BACK_OFFICE,
        data: momentOf(plusDays(filed, m.after), 14, now),
      })),
    ]);
    const attach = (name: string, bytes: Buffer, contentType: string, kind: 'image' | 'pdf', extension: string) =>
      files.add(db, { area: 'warranty', name, bytes, contentType, kind, extension }, (tx, row) =>
        tx.insert(richiestaGaranziaAllegato).values({
          richiestaId: request.id,
          fileId: row.id,
          createdBy: DEALER,
          createdDate: momentOf(filed, 8, now),
        }),
      );
    await attach(
      `guasto-${machine.matricola}.jpg`,
      await photoOf(machine.matricola, PROBLEMS[r.problema] ?? ''),
      'image/jpeg',
      'image',
      'jpg',
    );
    attachments++;
    if (r.report) {
      const dates = { failure: formatItalianDate(failure) ?? '', repair: formatItalianDate(repair) };
      await attach(
        'rapporto intervento.pdf',
        await reportOf(machine.matricola, r, dates),
        'application/pdf',
        'pdf',
        'pdf',
      );
      attachments++;
    }
    created++;
  }
  return { created, attachments };
};
