import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  businessToday,
  formatItalianDate,
  GENERIC_SERIAL,
  isTreeRowVisible,
  isWarrantyEditable,
  NODE_HIDDEN,
  NODE_LEAF,
  OUTSIDE_FLEET,
  TICKET_CLOSED,
  TICKET_STATUSES,
  TICKET_WAITING_CUSTOMER,
  ticketAcceptsNotes,
  ticketInputSchema,
  WARRANTY_DONE_STATES,
  WARRANTY_STATES,
  WARRANTY_TRANSITIONS,
  type WarrantyState,
  warrantyDateErrors,
  warrantyInputSchema,
  warrantyMinDate,
} from '@ricambi/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  macchina,
  messaInStrada,
  messaInStradaAllegato,
  richiestaGaranzia,
  richiestaGaranziaAllegato,
  richiestaGaranziaEvento,
  storedFile,
  ticket,
  ticketFile,
  ticketNota,
} from '../src/db/schema/index.ts';
import { catalogueDrawingPath, SAFE_DRAWING_NAME } from '../src/modules/machines/catalogue.generation.ts';
import { createFileStore, createFiles } from '../src/platform/files.ts';
import { generateCatalogue } from '../src/seed/catalogue-generator.ts';
import { DEMO_USERS, loadDemoData } from '../src/seed/demo.seed.ts';
import { DEMO_CATALOGUE, loadDemoCatalogue } from '../src/seed/demo-catalogue.seed.ts';
import { loadDemoMachines } from '../src/seed/demo-machines.seed.ts';
import { loadDemoMessaInStrada } from '../src/seed/demo-messa-in-strada.seed.ts';
import { loadDemoTickets } from '../src/seed/demo-tickets.seed.ts';
import { loadDemoWarranty } from '../src/seed/demo-warranty.seed.ts';
import {
  BENCH_CATALOGUE_CODE,
  BENCH_CATALOGUE_ROWS,
  benchCatalogueRows,
  DEMO_SERIAL,
  generateMachines,
  type MachinesSeed,
  type PartArticle,
} from '../src/seed/machines-generator.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

const demo = generateCatalogue(DEMO_CATALOGUE);
const articles: PartArticle[] = [];
for (const batch of demo.batches())
  for (const a of batch.articoli)
    if (a.tipoArticolo === 'R' && !a.cingoloInGomma)
      articles.push({
        id: a.id as number,
        family: a.tag4 ?? null,
        model: a.tag5 ?? null,
        namesModel: !!a.tag5 && (a.descrizione ?? '').endsWith(a.tag5),
      });
const showcase = demo.showcase()[0];
const seed: MachinesSeed = generateMachines({ articles, showcaseArticleId: showcase?.id });
const modelCatalogues = seed.catalogues.filter(
  (c) => c.crCodice.startsWith('CR-') && c.crCodice !== BENCH_CATALOGUE_CODE,
);
const drawings = new Map(seed.drawings.map((d) => [d.name, d]));

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (buffer: Buffer) => {
  expect(buffer.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
};

describe('demo machines generator', () => {
  it('generates the same demo data on every run (the digest changes only with the data)', () => {
    // The digest of the whole generated seed: a change of the data (not of the code's shape) shows here;
    // last changed when machines got their version's name in five languages.
    expect(createHash('sha256').update(JSON.stringify(seed)).digest('hex')).toBe(
      'a1b741b5f53a70cd65ff6c499663385ac75c650aaea721b095dfa7d5024ca365',
    );
  });

  it('is deterministic', () => {
    const again = generateMachines({ articles, showcaseArticleId: showcase?.id });
    expect(JSON.stringify(again)).toBe(JSON.stringify(seed));
    expect(JSON.stringify(benchCatalogueRows(articles))).toBe(
      JSON.stringify(seed.catalogues.find((c) => c.crCodice === BENCH_CATALOGUE_CODE)?.rows),
    );
  });

  it('has at least 8 models, each with a catalogue of 400+ rows in 15+ assemblies', () => {
    expect(seed.models.length).toBeGreaterThanOrEqual(8);
    expect(modelCatalogues.length).toBeGreaterThanOrEqual(8);
    for (const catalogue of modelCatalogues) {
      expect(catalogue.rows.length, catalogue.crCodice).toBeGreaterThanOrEqual(400);
      expect(catalogue.rows.filter((r) => r.rigLivello === 2).length).toBeGreaterThanOrEqual(15);
      // a sub-assembly opens a fourth level
      expect(catalogue.rows.some((r) => r.rigLivello === 4 && r.rigTipoNodo === NODE_LEAF)).toBe(true);
      for (const lang of ['it', 'en', 'fr', 'de', 'es'] as const)
        expect(catalogue.localizedDescrizione[lang]).toBeTruthy();
    }
    // Parts for the catalogue's own model, or parts that name no model (a few exceptions at most).
    const byId = new Map(articles.map((a) => [a.id, a]));
    for (const catalogue of modelCatalogues) {
      const foreign = catalogue.rows.filter((r) => {
        const a = byId.get(r.articoloId ?? 0);
        return a?.namesModel && !catalogue.crCodice.includes((a.model ?? '').replaceAll(' ', ''));
      });
      expect(foreign.length / catalogue.rows.length).toBeLessThan(0.02);
    }
    const first = modelCatalogues[0]?.rows ?? [];
    const firstAssembly = first.find((r) => r.rigLivello === 2);
    expect(first.find((r) => r.rigItemPrec === firstAssembly?.rigItem)?.articoloId).toBe(showcase?.id);
  });

  it('numbers rows per catalogue and links each to its parent', () => {
    for (const catalogue of seed.catalogues) {
      const items = new Map(catalogue.rows.map((r) => [r.rigItem, r]));
      expect(items.size).toBe(catalogue.rows.length);
      for (const row of catalogue.rows) {
        if (row.rigLivello === 1) {
          expect(row.rigItemPrec).toBeNull();
          continue;
        }
        const parent = items.get(row.rigItemPrec as number);
        expect(parent?.rigLivello).toBe(row.rigLivello - 1);
        expect(parent?.rigTipoNodo).not.toBe(NODE_LEAF);
      }
      const orders = new Set(catalogue.rows.map((r) => `${r.rigItemPrec}:${r.rigOrdine}`));
      expect(orders.size).toBe(catalogue.rows.length);
    }
  });

  it('keeps hidden rows and non-orderable rows in every model catalogue', () => {
    for (const catalogue of modelCatalogues) {
      expect(catalogue.rows.filter((r) => r.rigTipoNodo === NODE_HIDDEN).length).toBeGreaterThanOrEqual(2);
      expect(catalogue.rows.filter((r) => r.rigIdTav === null).length).toBeGreaterThanOrEqual(2);
      expect(catalogue.rows.filter((r) => r.rigTipoArt === 'T').length).toBeGreaterThanOrEqual(3);
      expect(catalogue.rows.filter((r) => r.rigNote).length).toBeGreaterThan(5);
    }
  });

  it('has the generic catalogue and the 5,000-row benchmark catalogue', () => {
    const generic = seed.catalogues.find((c) => c.crCodice === GENERIC_SERIAL);
    expect(generic?.rows.filter((r) => r.rigTipoNodo === NODE_LEAF).length).toBeGreaterThan(30);
    expect(seed.machines.find((m) => m.mtMatricola === GENERIC_SERIAL)).toMatchObject({
      mtCrCod: GENERIC_SERIAL,
      dealerLogin: null,
    });
    const bench = seed.catalogues.find((c) => c.crCodice === BENCH_CATALOGUE_CODE);
    expect(bench?.rows.length).toBe(BENCH_CATALOGUE_ROWS);
    expect(seed.machines.filter((m) => m.mtCrCod === BENCH_CATALOGUE_CODE).length).toBeGreaterThanOrEqual(2);
  });

  it('gives every visible leaf a balloon in its drawing', () => {
    for (const catalogue of seed.catalogues) {
      for (const row of catalogue.rows) {
        if (row.rigDisegno) expect(drawings.has(row.rigDisegno), row.rigDisegno).toBe(true);
        if (!isTreeRowVisible(row) || row.rigTipoNodo !== NODE_LEAF) continue;
        const drawing = drawings.get(row.rigDisegno ?? '');
        expect(
          drawing?.labels.some((l) => l.label === row.rigPos),
          `${catalogue.crCodice} ${row.rigIdTav} pos ${row.rigPos}`,
        ).toBe(true);
      }
    }
    for (const drawing of seed.drawings) {
      expect(drawing.name).toMatch(SAFE_DRAWING_NAME);
      for (const label of drawing.labels) {
        expect(label.x).toBeGreaterThan(label.font);
        expect(label.x).toBeLessThan(drawing.width - label.font);
        expect(label.y).toBeGreaterThan(label.font);
        expect(label.y).toBeLessThan(drawing.height - label.font);
        expect(label.labelLength).toBe(label.label.length);
      }
      // no two balloons overlap
      for (const a of drawing.labels)
        for (const b of drawing.labels)
          if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y), drawing.name).toBeGreaterThanOrEqual(2 * a.font);
    }
  });

  it('spreads 300+ machines over the dealers, with warranties and customers', () => {
    const machines = seed.machines.filter((m) => m.mtMatricola !== GENERIC_SERIAL);
    expect(machines.length).toBeGreaterThanOrEqual(300);
    const of = (login: string) => machines.filter((m) => m.dealerLogin === login);
    expect(of('dealer').length).toBeGreaterThanOrEqual(120);
    expect(of('superdealer').length).toBeGreaterThanOrEqual(60);
    expect(new Set(machines.map((m) => m.dealerLogin)).size).toBeGreaterThanOrEqual(4);
    const dealerSerials = of('dealer')
      .map((m) => m.mtMatricola)
      .sort();
    expect(dealerSerials[0]).toBe(DEMO_SERIAL);
    expect(new Set(seed.machines.map((m) => m.mtMatricola)).size).toBe(seed.machines.length);
    const codes = new Set(seed.catalogues.map((c) => c.crCodice));
    for (const m of seed.machines) {
      expect(m.mtMatricola).toMatch(/^[A-Z0-9]{1,15}$/);
      expect(codes.has(m.mtCrCod)).toBe(true);
      expect(m.localizedDescrizione.en).toBeTruthy();
    }
    for (const m of machines) {
      const delivered = m.mtDtCons ?? '';
      expect(delivered >= '2019-01-01' && delivered <= '2026-12-31').toBe(true);
      expect(m.dataFineGaranzia?.slice(4)).toBe(m.mtDtCons?.slice(4));
      expect(Number(m.dataFineGaranzia?.slice(0, 4))).toBe(Number(m.mtDtCons?.slice(0, 4)) + 2);
    }
    expect(machines.some((m) => (m.dataFineGaranzia as string) < '2024-01-01')).toBe(true);
    expect(machines.some((m) => (m.dataFineGaranzia as string) > '2027-06-01')).toBe(true);
    const outside = machines.filter((m) => m.mtCliDescr === OUTSIDE_FLEET).length / machines.length;
    expect(outside).toBeGreaterThan(0.05);
    expect(outside).toBeLessThan(0.16);
  });

  it('grants the subdealers some of their dealer’s machines', () => {
    const dealerOf = new Map(seed.machines.map((m) => [m.mtMatricola, m.dealerLogin]));
    const sub = seed.visibilita.filter((v) => v.login === 'subdealer');
    expect(sub.length).toBeGreaterThanOrEqual(10);
    expect(sub.map((v) => v.matricola)).toContain(DEMO_SERIAL);
    for (const v of sub) expect(dealerOf.get(v.matricola)).toBe('dealer');
    const sub2 = seed.visibilita.filter((v) => v.login === 'subdealer2');
    expect(sub2.length).toBe(5);
    for (const v of sub2) expect(dealerOf.get(v.matricola)).toBe('superdealer');
    expect(DEMO_USERS.find((u) => u.login === 'subdealer2')).toMatchObject({
      dealerLogin: 'superdealer',
      vedePrezzi: false,
      company: 'Officina Rossi',
    });
  });
});

describe('demo machines loader', () => {
  let database: TestDatabase;
  let dataDir: string;
  let loaded: Awaited<ReturnType<typeof loadDemoMachines>>;
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string | number }>(database.db, query))[0]?.n ?? 0);

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ricambi-machines-'));
    await loadDemoData(database.db);
    await loadDemoCatalogue(database.db, null);
    loaded = await loadDemoMachines(database.db, dataDir);
  }, 180_000);

  afterAll(async () => {
    await database?.dispose();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('loads the generated data and regenerates every catalogue', async () => {
    expect(loaded).toMatchObject({
      created: true,
      models: seed.models.length,
      catalogues: seed.catalogues.length,
      machines: seed.machines.length,
      drawings: seed.drawings.length,
      pngs: seed.drawings.length,
    });
    expect(await count(sql`select count(*) as n from cr_modelli`)).toBe(seed.models.length);
    expect(await count(sql`select count(*) as n from macchina`)).toBe(seed.machines.length);
    expect(await count(sql`select count(*) as n from catalogo where righe = 0 or stale`)).toBe(0);
    expect(await count(sql`select righe as n from catalogo where cr_codice = ${BENCH_CATALOGUE_CODE}`)).toBe(5000);
    expect(
      await count(
        sql`select count(*) as n from catalogo_riga where articolo_id is not null and articolo_codice is null`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from catalogo_riga where search_text = ''`)).toBe(0);
    // non-NR units: the row quantity multiplies what the user types
    expect(
      await count(sql`select count(*) as n from catalogo_riga where unita_misura in ('LT', 'MT', 'KG')`),
    ).toBeGreaterThan(12);
    expect(
      await count(sql`select count(*) as n from catalogo_riga r join articolo a on a.id = r.articolo_id
                       where not a.ordinabile and r.rig_tipo_art = 'T'`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from macchina m join cr_modelli c on c.id = m.modello_id
                       where m.mt_matricola = ${DEMO_SERIAL} and m.dealer_login = 'dealer'`),
    ).toBe(1);
    expect(
      await count(sql`select count(*) as n from cr_subdealer_visibilita v join app_user u on u.login = v.login
                       where v.login = 'subdealer2' and u.dealer_login = 'superdealer'`),
    ).toBe(5);
  });

  it('writes every drawing PNG in the size stored with its balloons', async () => {
    const stored = await queryRows<{ name: string; width: number; height: number; labels: unknown[] }>(
      database.db,
      sql`select name, width, height, labels from catalogo_disegno`,
    );
    expect(stored.length).toBe(seed.drawings.length);
    for (const d of stored) {
      const size = pngSize(await fs.readFile(catalogueDrawingPath(dataDir, d.name)));
      expect(size).toEqual({ width: d.width, height: d.height });
      expect(d.labels.length).toBeGreaterThan(0);
    }
  });

  // Issue 12 §6, issue 14: the demo dealers' road registrations, warranty requests and support tickets, with their files.
  describe('after-sales demo data', () => {
    const files = () =>
      createFiles(createFileStore({ kind: 'local', dir: path.join(dataDir, 'files') }), pino({ level: 'silent' }));
    let loaded: {
      registrations: { created: number };
      warranty: { created: number; attachments: number };
      tickets: { created: number; notes: number; files: number };
    };
    beforeAll(async () => {
      const store = files();
      try {
        loaded = {
          registrations: await loadDemoMessaInStrada(database.db, store),
          warranty: await loadDemoWarranty(database.db, store),
          tickets: await loadDemoTickets(database.db, store),
        };
      } finally {
        await store.store.close();
      }
    }, 60_000);

    /** The bytes of a stored file, as a download reads them. */
    const bytesOf = async (id: string) => {
      const store = files();
      try {
        const [file] = await database.db.select().from(storedFile).where(eq(storedFile.id, id));
        if (!file) throw new Error(`no stored_file ${id}`);
        return buffer(await store.open(file));
      } finally {
        await store.store.close();
      }
    };

    it('registers four of the dealer’s machines, the first locked, two with a photo and the signed form', async () => {
      expect(loaded.registrations).toEqual({ created: 4 });
      const rows = await database.db
        .select({
          matricola: messaInStrada.matricola,
          seEditable: messaInStrada.seEditable,
          dealer: macchina.dealerLogin,
        })
        .from(messaInStrada)
        .innerJoin(macchina, eq(macchina.mtMatricola, messaInStrada.matricola));
      expect(rows).toHaveLength(4);
      expect(rows.every((r) => r.dealer === 'dealer')).toBe(true);
      expect(rows.filter((r) => r.seEditable === 'N')).toHaveLength(1);
      const attached = await database.db
        .select({ matricola: messaInStradaAllegato.matricola, kind: storedFile.kind })
        .from(messaInStradaAllegato)
        .innerJoin(storedFile, eq(storedFile.id, messaInStradaAllegato.fileId));
      expect(attached.map((a) => a.kind).sort()).toEqual(['image', 'image', 'pdf', 'pdf']);
      expect(new Set(attached.map((a) => a.matricola)).size).toBe(2);
    });

    it('files warranty requests on the dealer’s machines in every state, with history, component and files', async () => {
      expect(loaded.warranty).toEqual({ created: 7, attachments: 10 });
      const requests = await database.db
        .select({ r: richiestaGaranzia, machineDealer: macchina.dealerLogin, crCod: macchina.mtCrCod })
        .from(richiestaGaranzia)
        .innerJoin(macchina, eq(macchina.mtMatricola, richiestaGaranzia.matricola))
        .orderBy(asc(richiestaGaranzia.numero));
      expect(requests).toHaveLength(7);
      expect(new Set(requests.map((w) => w.r.statoAttivita))).toEqual(new Set(WARRANTY_STATES));
      const today = businessToday();
      const combos = await queryRows<{ tipo: string; chiave: string }>(
        database.db,
        sql`select tipo, chiave from combo_voci`,
      );
      const inList = (tipo: string, chiave: string) => combos.some((c) => c.tipo === tipo && c.chiave === chiave);
      // Some repaired at a cost; one on a machine whose warranty had ended.
      expect(requests.filter((w) => (w.r.costoTotaleIntervento ?? 0) > 0).length).toBeGreaterThanOrEqual(3);
      expect(requests.some((w) => (w.r.dataFineGaranzia ?? '') < w.r.dataRichiesta)).toBe(true);
      for (const { r, machineDealer, crCod } of requests) {
        const label = `${r.numero} ${r.matricola}`;
        expect(machineDealer, label).toBe('dealer');
        expect(r.dealerLogin, label).toBe('dealer');
        expect(inList('PROBLEMI_SEGNALATI', r.problemaSegnalato), label).toBe(true);
        expect(inList('COLLOCAZIONE_PROBLEMA', r.collocazioneProblema), label).toBe(true);
        expect(r.problemaNote.length, label).toBeGreaterThan(40);
        // The component is a visible part of the machine's own catalogue.
        expect(
          await count(sql`select count(*) as n from catalogo_riga cr join catalogo c on c.id = cr.cr_id
                           where c.cr_codice = ${crCod} and cr.articolo_codice = ${r.codiceComponente}
                             and cr.rig_tipo_nodo <> ${NODE_HIDDEN}`),
          label,
        ).toBeGreaterThan(0);
        // Dates count back from today: filed after the failure, never in the future.
        expect(r.dataGuasto <= r.dataRichiesta && r.dataRichiesta <= today, label).toBe(true);
        if (!WARRANTY_DONE_STATES.includes(r.statoAttivita as WarrantyState))
          expect(r.dataGuasto >= warrantyMinDate(60, today), label).toBe(true);
        if ((r.costoTotaleIntervento ?? 0) > 0) {
          expect(r.dataRiparazione && r.dataRiparazione >= r.dataGuasto, label).toBe(true);
          expect([r.oreIntervento, r.oreViaggio, r.chilometri, r.soluzioneAdottataNote], label).not.toContain(null);
        }
        // What the dealer may still edit passes the form's own rules (spec 2 §5).
        if (isWarrantyEditable(r.statoAttivita as WarrantyState)) {
          const input = {
            id: { matricola: r.matricola, numeroRichiesta: r.numero },
            dataGuasto: formatItalianDate(r.dataGuasto),
            dataRiparazione: formatItalianDate(r.dataRiparazione),
            oreLavoro: r.oreLavoro,
            oreIntervento: r.oreIntervento,
            oreViaggio: r.oreViaggio,
            chilometri: r.chilometri,
            costoTotaleIntervento: r.costoTotaleIntervento,
            problemaSegnalato: r.problemaSegnalato,
            problemaNote: r.problemaNote,
            collocazioneProblema: r.collocazioneProblema,
            codiceComponente: r.codiceComponente,
            soluzioneAdottataNote: r.soluzioneAdottataNote,
            stato: r.stato,
            provincia: r.provincia,
          };
          expect(warrantyInputSchema.safeParse(input).error?.issues ?? [], label).toEqual([]);
          expect(warrantyDateErrors(input, 90, today), label).toEqual([]);
        }

        // Its history: filed by the dealer, then each move of the back office with its note.
        const events = await database.db
          .select()
          .from(richiestaGaranziaEvento)
          .where(eq(richiestaGaranziaEvento.richiestaId, r.id))
          .orderBy(asc(richiestaGaranziaEvento.data), asc(richiestaGaranziaEvento.id));
        expect(events[0], label).toMatchObject({ statoAttivita: 'APERTA', login: 'dealer' });
        expect(events.at(-1)?.statoAttivita, label).toBe(r.statoAttivita);
        for (const [i, e] of events.entries()) {
          if (i === 0) continue;
          const from = events[i - 1]?.statoAttivita as WarrantyState;
          expect(WARRANTY_TRANSITIONS[from], label).toContain(e.statoAttivita);
          expect(e.login, label).toBe('internal');
          expect(e.nota?.length ?? 0, label).toBeGreaterThan(10);
          expect(e.data.getTime(), label).toBeLessThanOrEqual(Date.now());
        }

        // A photo each (JPEG with its preview); the PDFs are real ones.
        const attached = await database.db
          .select({ file: storedFile })
          .from(richiestaGaranziaAllegato)
          .innerJoin(storedFile, eq(storedFile.id, richiestaGaranziaAllegato.fileId))
          .where(eq(richiestaGaranziaAllegato.richiestaId, r.id));
        const photo = attached.find((a) => a.file.kind === 'image')?.file;
        expect(photo, label).toMatchObject({ area: 'warranty', contentType: 'image/jpeg' });
        expect(photo?.thumbnailKey, label).not.toBeNull();
        const jpeg = await bytesOf(photo?.id ?? '');
        expect(jpeg.subarray(0, 3), label).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
        for (const { file } of attached.filter((a) => a.file.kind === 'pdf'))
          expect((await bytesOf(file.id)).subarray(0, 5).toString('latin1'), label).toBe('%PDF-');
      }
      expect(await count(sql`select count(*) as n from stored_file where area = 'warranty' and kind = 'pdf'`)).toBe(3);
      expect(await count(sql`select count(*) as n from richiesta_garanzia_evento`)).toBe(15);
    });

    it('opens support tickets of the dealer and the superdealer on their machines in every status, notes both ways, waiting as the service keeps it, files readable', async () => {
      expect(loaded.tickets).toEqual({ created: 7, notes: 12, files: 6 });
      const tickets = await database.db
        .select({ t: ticket, machineDealer: macchina.dealerLogin, descrizione: macchina.localizedDescrizione })
        .from(ticket)
        .innerJoin(macchina, eq(macchina.mtMatricola, ticket.matricola))
        .orderBy(asc(ticket.id));
      expect(tickets).toHaveLength(7);
      expect(new Set(tickets.map((x) => x.t.status))).toEqual(new Set(TICKET_STATUSES));
      expect(tickets.filter((x) => x.t.login === 'superdealer')).toHaveLength(1);
      const places = await queryRows<{ chiave: string }>(
        database.db,
        sql`select chiave from combo_voci where tipo = 'COLLOCAZIONE_PROBLEMA'`,
      );
      const now = new Date();
      const closed = tickets.filter((x) => x.t.status === TICKET_CLOSED);
      // One closed yesterday (it still takes notes for 3 days), one a week ago (it does not).
      expect(
        closed
          .map((x) => ticketAcceptsNotes({ status: x.t.status, closeTime: x.t.closeTime?.toISOString() ?? null }, now))
          .sort(),
      ).toEqual([false, true]);
      let staffNotes = 0;
      let customerNotes = 0;
      for (const { t: row, machineDealer, descrizione } of tickets) {
        const label = `${row.id} ${row.title}`;
        // On the customer's own machine, with its model and warranty end; what the form would accept.
        expect(machineDealer, label).toBe(row.login);
        expect(row.modello, label).toBe(descrizione.it);
        expect(row.matricola, label).not.toBe(GENERIC_SERIAL);
        expect(row.dataGaranzia, label).not.toBeNull();
        expect(row.nome, label).toBeTruthy();
        expect(
          places.map((p) => p.chiave),
          label,
        ).toContain(String(row.collocazioneKey));
        const input = {
          title: row.title,
          clientDescription: row.descrizione,
          tipologiaKey: row.tipologiaKey,
          matricola: row.matricola,
          modello: row.modello,
          oreUtilizzo: row.oreUtilizzo,
          collocazioneKey: row.collocazioneKey,
          urgenzaClienteKey: row.urgenzaClienteKey,
        };
        expect(ticketInputSchema.safeParse(input).error?.issues ?? [], label).toEqual([]);
        expect(row.descrizione.length, label).toBeGreaterThan(40);

        const notes = await database.db
          .select()
          .from(ticketNota)
          .where(eq(ticketNota.ticketId, row.id))
          .orderBy(asc(ticketNota.createdAt), asc(ticketNota.id));
        for (const n of notes) {
          expect(n.author, label).toBe(n.staff ? 'internal' : row.login);
          expect(n.createdAt.getTime(), label).toBeGreaterThanOrEqual(row.insertTime.getTime());
          expect(n.createdAt.getTime(), label).toBeLessThanOrEqual(row.closeTime?.getTime() ?? now.getTime());
          expect(n.text.length, label).toBeGreaterThan(10);
          if (n.staff) staffNotes++;
          else customerNotes++;
        }
        // Closed: a close time and nobody waiting. Open: whoever wrote last waits for the other
        // side; 46 waits for the customer; the help desk member who answered is the assignee.
        const last = notes.at(-1);
        if (row.status === TICKET_CLOSED) {
          expect(row.closeTime, label).not.toBeNull();
          expect(row.attesa, label).toBeNull();
        } else {
          expect(row.closeTime, label).toBeNull();
          expect(row.attesa, label).toBe(row.status === TICKET_WAITING_CUSTOMER || last?.staff ? 'CUSTOMER' : 'STAFF');
        }
        if (row.status === 1) expect(notes, label).toEqual([]);
        expect(row.assegnatario, label).toBe(row.status === 1 ? null : 'internal');
        expect(row.insertTime.getTime(), label).toBeLessThanOrEqual(now.getTime());

        // Its files: real JPEGs (with a preview) and PDFs, by the customer or the help desk.
        const attached = await database.db
          .select({ file: storedFile, createdBy: ticketFile.createdBy })
          .from(ticketFile)
          .innerJoin(storedFile, eq(storedFile.id, ticketFile.fileId))
          .where(eq(ticketFile.ticketId, row.id));
        for (const { file, createdBy } of attached) {
          expect(file.area, label).toBe('ticket');
          expect(['internal', row.login], label).toContain(createdBy);
          const bytes = await bytesOf(file.id);
          expect(bytes.length, label).toBe(file.sizeBytes);
          if (file.kind === 'image') {
            expect(file.contentType, label).toBe('image/jpeg');
            expect(file.thumbnailKey, label).not.toBeNull();
            expect(bytes.subarray(0, 3), label).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
          } else {
            expect(file.kind, label).toBe('pdf');
            expect(bytes.subarray(0, 5).toString('latin1'), label).toBe('%PDF-');
          }
        }
      }
      expect(staffNotes).toBeGreaterThan(0);
      expect(customerNotes).toBeGreaterThan(0);
      // Each badge has something to count: tickets waiting for the help desk and for the dealer.
      const waiting = (attesa: string, login?: string) =>
        tickets.filter((x) => x.t.attesa === attesa && (!login || x.t.login === login)).length;
      expect(waiting('STAFF')).toBeGreaterThan(0);
      expect(waiting('CUSTOMER', 'dealer')).toBeGreaterThan(0);
      expect(await count(sql`select count(*) as n from stored_file where area = 'ticket' and kind = 'pdf'`)).toBe(2);
      expect(await count(sql`select count(*) as n from stored_file where area = 'ticket' and kind = 'image'`)).toBe(4);
    });

    it('adds nothing the second time', async () => {
      const store = files();
      try {
        expect(await loadDemoMessaInStrada(database.db, store)).toEqual({ created: 0 });
        expect(await loadDemoWarranty(database.db, store)).toEqual({ created: 0, attachments: 0 });
        expect(await loadDemoTickets(database.db, store)).toEqual({ created: 0, notes: 0, files: 0 });
      } finally {
        await store.store.close();
      }
      expect(await count(sql`select count(*) as n from richiesta_garanzia`)).toBe(7);
      expect(await count(sql`select count(*) as n from stored_file where area = 'warranty'`)).toBe(10);
      expect(await count(sql`select count(*) as n from ticket`)).toBe(7);
      expect(await count(sql`select count(*) as n from ticket_nota`)).toBe(12);
      expect(await count(sql`select count(*) as n from stored_file where area = 'ticket'`)).toBe(6);
    });
  });

  it('does nothing the second time', async () => {
    expect((await loadDemoMachines(database.db, dataDir)).created).toBe(false);
    expect(await count(sql`select count(*) as n from macchina`)).toBe(seed.machines.length);
  });
});
