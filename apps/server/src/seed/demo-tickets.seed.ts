import { GENERIC_SERIAL, TICKET_CLOSED, TICKET_WAITING_CUSTOMER, type TicketStatus } from '@ricambi/domain';
import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { appUser, macchina, ticket, ticketFile, ticketNota } from '../db/schema/index.ts';
import type { Files } from '../platform/files.ts';
import { BENCH_CATALOGUE_CODE } from './machines-generator.ts';

/** The help desk member who answers the demo tickets. */
const STAFF = 'internal';
const HOUR = 60 * 60 * 1000;

type DemoNote = { staff: boolean; hoursAgo: number; text: string };
type DemoFile = { kind: 'photo' | 'pdf'; name: string; staff: boolean; hoursAgo: number };

type DemoTicket = {
  login: 'dealer' | 'superdealer';
  title: string;
  descrizione: string;
  /** 1 information request, 2 technical problem. */
  tipologiaKey: 1 | 2;
  /** A key of the COLLOCAZIONE_PROBLEMA list (1–13). */
  collocazioneKey: number;
  urgenzaClienteKey: 1 | 2 | 3 | 4;
  oreUtilizzo: number;
  status: TicketStatus;
  openedHoursAgo: number;
  /** When the help desk closed it (status 3 only). */
  closedHoursAgo?: number;
  notes: DemoNote[];
  files: DemoFile[];
};

/**
 * The demo tickets (issue 14): the dealer's in every status — new, being handled (waiting for either
 * side), waiting for the customer (46), closed yesterday (still taking notes for 3 days) and closed a
 * week ago — and one of the superdealer's, with notes both ways and files of either side.
 */
const TICKETS: DemoTicket[] = [
  {
    login: 'dealer',
    title: 'Spia avaria motore accesa all’avviamento',
    descrizione:
      'Da stamattina all’avviamento si accende la spia gialla di avaria motore e resta accesa. La macchina lavora ma il regime sembra più basso del solito.',
    tipologiaKey: 2,
    collocazioneKey: 1,
    urgenzaClienteKey: 3,
    oreUtilizzo: 864,
    status: 1,
    openedHoursAgo: 3,
    notes: [],
    files: [{ kind: 'photo', name: 'cruscotto spia.jpg', staff: false, hoursAgo: 3 }],
  },
  {
    login: 'dealer',
    title: 'Macchina ferma: il braccio non si alza',
    descrizione:
      'Il braccio non risponde al comando di sollevamento; gli altri movimenti funzionano. Il cliente ha un cantiere fermo e chiede un intervento urgente.',
    tipologiaKey: 2,
    collocazioneKey: 6,
    urgenzaClienteKey: 1,
    oreUtilizzo: 2150,
    status: 2,
    openedHoursAgo: 30,
    notes: [
      {
        staff: true,
        hoursAgo: 28,
        text: 'Buongiorno, verificate per favore il fusibile F12 del circuito servocomandi e la pressione di pilotaggio al manometro (valore atteso 35–40 bar).',
      },
      {
        staff: false,
        hoursAgo: 20,
        text: 'Il fusibile è integro; la pressione di pilotaggio è di 12 bar. Allego la foto del manometro.',
      },
    ],
    files: [{ kind: 'photo', name: 'manometro pilotaggio.jpg', staff: false, hoursAgo: 20 }],
  },
  {
    login: 'dealer',
    title: 'Richiesta intervallo di manutenzione dell’olio idraulico',
    descrizione:
      'Il cliente lavora con il martello demolitore per molte ore al giorno: chiede se l’intervallo di sostituzione dell’olio idraulico va ridotto.',
    tipologiaKey: 1,
    collocazioneKey: 3,
    urgenzaClienteKey: 4,
    oreUtilizzo: 1320,
    status: 2,
    openedHoursAgo: 72,
    notes: [
      {
        staff: true,
        hoursAgo: 50,
        text: 'Con il martello demolitore l’olio idraulico va sostituito ogni 1000 ore invece di 2000, e il filtro di ritorno ogni 250 ore. Vi inviamo a parte la tabella aggiornata.',
      },
    ],
    files: [],
  },
  {
    login: 'dealer',
    title: 'Perdita d’olio dal cilindro della benna',
    descrizione:
      'Perdita d’olio dalla guarnizione lato stelo del cilindro della benna: circa mezzo litro al giorno. Stelo senza rigature visibili.',
    tipologiaKey: 2,
    collocazioneKey: 7,
    urgenzaClienteKey: 2,
    oreUtilizzo: 1785,
    status: TICKET_WAITING_CUSTOMER,
    openedHoursAgo: 96,
    notes: [
      {
        staff: true,
        hoursAgo: 80,
        text: 'Per ordinare il kit guarnizioni corretto ci serve la foto della targhetta del cilindro. Vi alleghiamo la procedura di sostituzione.',
      },
    ],
    files: [
      { kind: 'photo', name: 'perdita cilindro benna.jpg', staff: false, hoursAgo: 96 },
      { kind: 'pdf', name: 'procedura sostituzione guarnizioni.pdf', staff: true, hoursAgo: 80 },
    ],
  },
  {
    login: 'dealer',
    title: 'Aria condizionata in cabina non raffredda',
    descrizione:
      'Il climatizzatore soffia aria ma non raffredda. Il compressore si innesta per pochi secondi e poi si stacca.',
    tipologiaKey: 2,
    collocazioneKey: 5,
    urgenzaClienteKey: 3,
    oreUtilizzo: 640,
    status: TICKET_CLOSED,
    openedHoursAgo: 7 * 24,
    closedHoursAgo: 24,
    notes: [
      {
        staff: true,
        hoursAgo: 6 * 24,
        text: 'Probabile carica di gas insufficiente: fate controllare la pressione del circuito e cercate perdite sui raccordi del condensatore.',
      },
      {
        staff: false,
        hoursAgo: 3 * 24,
        text: 'Trovata una perdita sul raccordo del condensatore; sostituito l’O-ring e ricaricato il gas. Ora raffredda correttamente.',
      },
      {
        staff: true,
        hoursAgo: 24,
        text: 'Perfetto, grazie del riscontro. Chiudiamo il ticket: potete aggiungere note per altri tre giorni.',
      },
    ],
    files: [{ kind: 'pdf', name: 'rapporto intervento clima.pdf', staff: false, hoursAgo: 3 * 24 }],
  },
  {
    login: 'dealer',
    title: 'Cingolo sinistro che si allenta',
    descrizione:
      'Il cingolo sinistro perde tensione dopo poche ore di lavoro; va ritensionato ogni giorno dall’ingrassatore.',
    tipologiaKey: 2,
    collocazioneKey: 9,
    urgenzaClienteKey: 3,
    oreUtilizzo: 3410,
    status: TICKET_CLOSED,
    openedHoursAgo: 20 * 24,
    closedHoursAgo: 7 * 24,
    notes: [
      {
        staff: true,
        hoursAgo: 19 * 24,
        text: 'Il grasso esce dalla valvola del tenditore? Se non esce, la causa è la guarnizione del cilindro tendicingolo.',
      },
      {
        staff: false,
        hoursAgo: 15 * 24,
        text: 'Nessuna perdita dalla valvola. Abbiamo ordinato il kit guarnizioni del tenditore.',
      },
      {
        staff: false,
        hoursAgo: 8 * 24,
        text: 'Kit montato: il cingolo tiene la tensione da una settimana. Per noi si può chiudere.',
      },
      { staff: true, hoursAgo: 7 * 24, text: 'Grazie, chiudiamo il ticket.' },
    ],
    files: [{ kind: 'photo', name: 'tenditore cingolo.jpg', staff: false, hoursAgo: 15 * 24 }],
  },
  {
    login: 'superdealer',
    title: 'Errore E-214 sul display dopo l’aggiornamento',
    descrizione:
      'Dopo l’aggiornamento del software della centralina compare l’errore E-214 sul display e il joystick destro non comanda la rotazione.',
    tipologiaKey: 2,
    collocazioneKey: 4,
    urgenzaClienteKey: 2,
    oreUtilizzo: 512,
    status: TICKET_WAITING_CUSTOMER,
    openedHoursAgo: 48,
    notes: [
      {
        staff: true,
        hoursAgo: 40,
        text: 'Serve il registro errori della centralina: scaricatelo con il software di diagnosi e allegatelo al ticket.',
      },
    ],
    files: [],
  },
];

/** A photo of the fault: the serial and the ticket's title on a workshop-coloured picture (JPEG). */
const photoOf = (matricola: string, caption: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#5f6b73"/>` +
        `<rect y="430" width="800" height="170" fill="#3a4046"/><rect x="170" y="180" width="460" height="230" rx="16" fill="#e8a33a"/>` +
        `<circle cx="540" cy="300" r="44" fill="#2b2b2b"/><rect x="240" y="240" width="200" height="22" fill="#2b2b2b"/>` +
        `<text x="400" y="80" font-family="Arial" font-size="40" text-anchor="middle" fill="#fff">${matricola}</text>` +
        `<text x="400" y="130" font-family="Arial" font-size="24" text-anchor="middle" fill="#fff">${caption}</text></svg>`,
    ),
  )
    .jpeg({ quality: 80 })
    .toBuffer();

/** A one-page document of the ticket (the help desk's procedure, or the workshop's report). */
const documentOf = async (title: string, matricola: string, lines: readonly string[]) => {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  // The standard fonts have no typographic apostrophe or dash.
  const plain = (text: string) => text.replaceAll('’', "'").replaceAll('–', '-');
  page.drawText(plain(title), { x: 50, y: 770, size: 18, font });
  let y = 730;
  for (const paragraph of [`Matricola: ${matricola}`, ...lines]) {
    // Word-wrapped to the page's width.
    let line = '';
    for (const word of plain(paragraph).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, 10) > 495) {
        page.drawText(line, { x: 50, y, size: 10, font });
        y -= 14;
        line = word;
      } else line = next;
    }
    page.drawText(line, { x: 50, y, size: 10, font });
    y -= 24;
  }
  return Buffer.from(await pdf.save());
};

/** Whose answer a ticket waits for, as the tickets service keeps it: none once closed; the customer at 46. */
const waitingOf = (t: DemoTicket) => {
  if (t.status === TICKET_CLOSED) return null;
  if (t.status === TICKET_WAITING_CUSTOMER) return 'CUSTOMER';
  return t.notes.at(-1)?.staff ? 'CUSTOMER' : 'STAFF';
};

/**
 * Support tickets of the demo dealers (issue 14): on their own machines, in every status, with the
 * help desk's (`internal`) and the customer's notes, attesa and assegnatario as the service leaves
 * them, and photos and PDFs of either side. Times count back from the seed's run, so a ticket closed
 * "yesterday" still takes notes. Does nothing when a ticket exists.
 */
export const loadDemoTickets = async (db: Db, files: Files) => {
  const [present] = await db.select({ n: sql<number>`count(*)::int` }).from(ticket);
  if ((present?.n ?? 0) > 0) return { created: 0, notes: 0, files: 0 };
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const machinesOf = (login: string, skip: number, count: number) =>
    db
      .select({
        matricola: macchina.mtMatricola,
        localizedDescrizione: macchina.localizedDescrizione,
        dataFineGaranzia: macchina.dataFineGaranzia,
      })
      .from(macchina)
      .where(
        and(
          eq(macchina.dealerLogin, login),
          isNotNull(macchina.mtDtCons),
          ne(macchina.mtMatricola, GENERIC_SERIAL),
          ne(macchina.mtCrCod, BENCH_CATALOGUE_CODE),
        ),
      )
      .orderBy(desc(macchina.mtDtCons), asc(macchina.mtMatricola))
      .offset(skip)
      .limit(count);
  // Recent machines, past the ones the warranty demo uses.
  const pool = {
    dealer: await machinesOf('dealer', 8, TICKETS.length),
    superdealer: await machinesOf('superdealer', 0, TICKETS.length),
  };
  let created = 0;
  let notes = 0;
  let attached = 0;
  for (const [i, t] of TICKETS.entries()) {
    const machine = pool[t.login][i % Math.max(1, pool[t.login].length)];
    const [customer] = await db
      .select({ firstName: appUser.firstName, lastName: appUser.lastName, langKey: appUser.langKey })
      .from(appUser)
      .where(eq(appUser.login, t.login));
    if (!machine || !customer) continue;
    const answered = t.notes.some((n) => n.staff) || t.status === TICKET_WAITING_CUSTOMER || t.status === TICKET_CLOSED;
    const [row] = await db
      .insert(ticket)
      .values({
        login: t.login,
        nome: customer.firstName,
        cognome: customer.lastName,
        title: t.title,
        descrizione: t.descrizione,
        tipologiaKey: t.tipologiaKey,
        modello: machine.localizedDescrizione.it ?? null,
        matricola: machine.matricola,
        oreUtilizzo: t.oreUtilizzo,
        collocazioneKey: t.collocazioneKey,
        urgenzaClienteKey: t.urgenzaClienteKey,
        status: t.status,
        lingua: customer.langKey,
        dataGaranzia: machine.dataFineGaranzia,
        attesa: waitingOf(t),
        assegnatario: answered ? STAFF : null,
        insertTime: at(t.openedHoursAgo),
        closeTime: t.closedHoursAgo === undefined ? null : at(t.closedHoursAgo),
      })
      .returning();
    if (!row) continue;
    if (t.notes.length > 0)
      await db.insert(ticketNota).values(
        t.notes.map((n) => ({
          ticketId: row.id,
          author: n.staff ? STAFF : t.login,
          staff: n.staff,
          text: n.text,
          createdAt: at(n.hoursAgo),
        })),
      );
    notes += t.notes.length;
    for (const f of t.files) {
      const bytes =
        f.kind === 'photo'
          ? await photoOf(machine.matricola, t.title)
          : await documentOf(
              f.name.replace(/\.pdf$/, '').replace(/^./, (c) => c.toUpperCase()),
              machine.matricola,
              [t.title, ...t.notes.filter((n) => n.staff === f.staff).map((n) => n.text)],
            );
      await files.add(
        db,
        {
          area: 'ticket',
          name: f.name,
          bytes,
          contentType: f.kind === 'photo' ? 'image/jpeg' : 'application/pdf',
          kind: f.kind === 'photo' ? 'image' : 'pdf',
          extension: f.kind === 'photo' ? 'jpg' : 'pdf',
        },
        (tx, stored) =>
          tx.insert(ticketFile).values({
            ticketId: row.id,
            fileId: stored.id,
            createdBy: f.staff ? STAFF : t.login,
            createdDate: at(f.hoursAgo),
          }),
      );
      attached++;
    }
    created++;
  }
  return { created, notes, files: attached };
};
