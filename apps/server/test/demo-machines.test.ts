import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  businessToday,
  CHECKLIST_IMAGE_NAME,
  CHECKLIST_LIMITS,
  CHECKLIST_STATES,
  CHECKLIST_TYPES,
  type ChecklistState,
  checklistScoreOf,
  checklistStateOf,
  formatItalianDate,
  GENERIC_SERIAL,
  isTreeRowVisible,
  isWarrantyEditable,
  LANGUAGES,
  NODE_HIDDEN,
  NODE_LEAF,
  OUTSIDE_FLEET,
  TICKET_CLOSED,
  TICKET_STATUSES,
  TICKET_WAITING_CUSTOMER,
  TRACKING_STATES,
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
  appUser,
  crDarHeader,
  crDarLine,
  crDarTemplateHeader,
  crDarTemplateLine,
  crModelli,
  macchina,
  messaInStrada,
  messaInStradaAllegato,
  richiestaGaranzia,
  richiestaGaranziaAllegato,
  richiestaGaranziaEvento,
  storedFile,
  storicoOrdine,
  storicoOrdineRiga,
  storicoTrackingEvento,
  ticket,
  ticketFile,
  ticketNota,
} from '../src/db/schema/index.ts';
import { catalogueDrawingPath, SAFE_DRAWING_NAME } from '../src/modules/machines/catalogue.generation.ts';
import { historySearchText } from '../src/modules/order-history/order-history.mapper.ts';
import { createFileStore, createFiles } from '../src/platform/files.ts';
import { generateCatalogue } from '../src/seed/catalogue-generator.ts';
import { DEMO_USERS, loadDemoData } from '../src/seed/demo.seed.ts';
import { DEMO_CATALOGUE, loadDemoCatalogue } from '../src/seed/demo-catalogue.seed.ts';
import {
  checklistTextProblems,
  DEMO_CHECKLIST_TEMPLATES,
  DEMO_CHECKLISTS,
  type DemoChecklistsResult,
  loadDemoChecklists,
} from '../src/seed/demo-checklists.seed.ts';
import { loadDemoMachines } from '../src/seed/demo-machines.seed.ts';
import { loadDemoMessaInStrada } from '../src/seed/demo-messa-in-strada.seed.ts';
import { DEMO_TRACKED_WAYBILL, loadDemoOrderHistory } from '../src/seed/demo-order-history.seed.ts';
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

    // Issue 15 §9: the PDI and DAR templates and the demo dealers' checklists, with photos on KO answers.
    describe('checklists', () => {
      let checklists: DemoChecklistsResult;
      let ms = 0;
      beforeAll(async () => {
        const store = files();
        try {
          const started = Date.now();
          checklists = await loadDemoChecklists(database.db, store);
          ms = Date.now() - started;
        } finally {
          await store.store.close();
        }
      }, 60_000);

      it('writes a PDI (1 in force, 0.9 closed) and a DAR of 60+ rows in three levels and five languages', async () => {
        expect(checklistTextProblems()).toEqual([]);
        expect(ms).toBeLessThan(10_000);
        const headers = await database.db
          .select()
          .from(crDarTemplateHeader)
          .orderBy(asc(crDarTemplateHeader.tipoDocumento), asc(crDarTemplateHeader.versione));
        expect(headers.map((h) => `${h.tipoDocumento} ${h.versione}`)).toEqual(['DAR 1', 'PDI 0.9', 'PDI 1']);
        const [dar, pdiOld, pdi] = headers;
        const twoYearsAgo = `${Number(businessToday().slice(0, 4)) - 2}${businessToday().slice(4)}`;
        expect(pdi).toMatchObject({ nome: 'PDI – Pre-Delivery Inspection', aData: null });
        expect(dar).toMatchObject({ nome: 'DAR – Delivery Acceptance Report', aData: null });
        expect(pdi?.daData?.slice(0, 7)).toBe(twoYearsAgo.slice(0, 7));
        expect(pdiOld?.aData && pdi?.daData && pdiOld.aData < pdi.daData).toBe(true);
        expect(pdiOld?.daData && pdiOld.aData && pdiOld.daData < pdiOld.aData).toBe(true);
        for (const header of headers) {
          const label = `${header.tipoDocumento} ${header.versione}`;
          const lines = await database.db
            .select()
            .from(crDarTemplateLine)
            .where(eq(crDarTemplateLine.templateHeaderId, header.id));
          expect(lines.length, label).toBeGreaterThanOrEqual(60);
          const numbering = (l: (typeof lines)[number]) =>
            [l.progressivo1, l.progressivo2, l.progressivo3].filter((n) => n !== null).join('.');
          const numbers = new Set(lines.map(numbering));
          expect(numbers.size, label).toBe(lines.length);
          for (const l of lines) {
            const at = `${label} ${numbering(l)}`;
            // Level 1 are groups; a row with children is a group; a question (D) has none; parents exist.
            if (l.progressivo2 === null) expect(l.tipoRiga, at).toBe('G');
            const parent = numbering(l).split('.').slice(0, -1).join('.');
            if (parent) expect(numbers.has(parent), at).toBe(true);
            const hasChildren = lines.some((c) => numbering(c).startsWith(`${numbering(l)}.`));
            expect(l.tipoRiga, at).toBe(hasChildren ? 'G' : 'D');
            for (const lang of LANGUAGES)
              for (const text of [l.darDescr1[lang], l.darDescr2[lang]]) {
                expect(text?.trim(), `${at} ${lang}`).toBeTruthy();
                expect(text?.length, `${at} ${lang}`).toBeLessThanOrEqual(CHECKLIST_LIMITS.darDescr);
              }
            // Real translations, not copies of the Italian.
            expect(new Set(LANGUAGES.map((lang) => l.darDescr2[lang])).size, at).toBeGreaterThan(2);
            if (l.tipoRiga === 'D') {
              expect(l.scoreOK, at).toBe(1);
              expect(l.scoreKO, at).toBeLessThan(0);
              expect(l.scoreNA, at).toBe(0);
            } else expect([l.scoreOK, l.scoreKO, l.scoreNA, l.darNaFlag], at).toEqual([null, null, null, 'N']);
          }
          expect(lines.filter((l) => l.progressivo3 !== null && l.tipoRiga === 'D').length, label).toBeGreaterThan(10);
          expect(
            lines.filter((l) => l.progressivo2 !== null && l.progressivo3 === null && l.tipoRiga === 'D').length,
            label,
          ).toBeGreaterThan(10);
          expect(lines.filter((l) => l.darNaFlag === 'Y').length, label).toBeGreaterThan(5);
          expect(lines.filter((l) => l.darNaFlag === 'N' && l.tipoRiga === 'D').length, label).toBeGreaterThan(30);
        }
        for (const t of DEMO_CHECKLIST_TEMPLATES) expect(t.lines.length).toBeGreaterThanOrEqual(60);
        expect(checklists.templates).toBe(3);
        expect(checklists.templateLines).toBe(await count(sql`select count(*) as n from cr_dar_template_line`));
      });

      it('puts ten of the dealer’s machines and five of the superdealer’s on the road', async () => {
        const onRoad = await queryRows<{ dealer: string; n: number }>(
          database.db,
          sql`select m.dealer_login as dealer, count(*)::int as n from messa_in_strada s
                join macchina m on m.mt_matricola = s.matricola group by 1`,
        );
        const of = (login: string) => onRoad.find((r) => r.dealer === login)?.n ?? 0;
        expect(of('dealer')).toBeGreaterThanOrEqual(10);
        expect(of('superdealer')).toBeGreaterThanOrEqual(5);
        expect(of('dealer') + of('superdealer')).toBe(4 + checklists.registrations);
        // The demo's first four are kept as they were.
        expect(await count(sql`select count(*) as n from messa_in_strada where se_editable = 'N'`)).toBe(1);
        const added = await database.db.select().from(messaInStrada).where(eq(messaInStrada.seEditable, 'Y'));
        for (const r of added) {
          expect(r.partitaIva, r.matricola).toMatch(/^IT\d{11}$/);
          expect(r.provincia, r.matricola).toMatch(/^[A-Z]{2}$/);
          expect(r.msSettore, r.matricola).toMatch(/^\d$/);
        }
      });

      it('has checklists in every state for both dealers, consistent with the domain rules', async () => {
        const rows = await database.db
          .select({ h: crDarHeader, t: crDarTemplateHeader, modello: crModelli.modello, dealer: macchina.dealerLogin })
          .from(crDarHeader)
          .innerJoin(crDarTemplateHeader, eq(crDarTemplateHeader.id, crDarHeader.templateHeaderId))
          .innerJoin(macchina, eq(macchina.mtMatricola, crDarHeader.matricola))
          .innerJoin(crModelli, eq(crModelli.id, macchina.modelloId))
          .innerJoin(messaInStrada, eq(messaInStrada.matricola, crDarHeader.matricola));
        expect(rows.length).toBe(checklists.checklists);
        expect(rows.length).toBe(DEMO_CHECKLISTS.length);
        for (const login of ['dealer', 'superdealer']) {
          const mine = rows.filter((r) => r.h.dealerLogin === login);
          expect(new Set(mine.map((r) => r.h.stato)), login).toEqual(new Set(CHECKLIST_STATES));
          expect(new Set(mine.map((r) => r.t.tipoDocumento)), login).toEqual(new Set(CHECKLIST_TYPES));
        }
        expect(rows.filter((r) => r.h.stato === 'Inviato').length).toBeGreaterThanOrEqual(2);
        expect(new Set(rows.map((r) => r.h.matricola)).size).toBeGreaterThanOrEqual(6);
        expect(rows.some((r) => r.t.versione === '0.9')).toBe(true);
        // At most one checklist not yet sent per machine and type (a new one is refused while one is open).
        const open = rows.filter((r) => r.h.stato !== 'Inviato').map((r) => `${r.h.matricola} ${r.t.tipoDocumento}`);
        expect(new Set(open).size).toBe(open.length);
        // One In Corso without its arrival date (the PDF button is disabled).
        expect(rows.filter((r) => r.h.stato === 'In Corso' && r.h.dataArrivoMacchina === null).length).toBe(1);
        const users = await database.db.select().from(appUser);
        for (const { h, t, modello, dealer } of rows) {
          const label = `${t.tipoDocumento} ${h.matricola} ${h.stato}`;
          const user = users.find((u) => u.login === h.userLogin);
          expect(dealer, label).toBe(h.dealerLogin);
          expect(h.dealerLogin, label).toBe(h.userLogin);
          expect(h, label).toMatchObject({
            modello,
            userFirstName: user?.firstName,
            userLastName: user?.lastName,
            userEmail: user?.email,
            userRagioneSociale: user?.company,
          });
          // The template in force when it was compiled.
          const day = businessToday(h.dataCompilazione ?? new Date());
          expect((t.daData ?? '') <= day && (t.aData === null || day <= t.aData), label).toBe(true);
          expect(h.dataCompilazione && h.dataCompilazione.getTime() <= Date.now(), label).toBe(true);
          if (h.dataArrivoMacchina) expect(h.dataArrivoMacchina <= day, label).toBe(true);

          const lines = await database.db
            .select({ l: crDarLine, t: crDarTemplateLine })
            .from(crDarLine)
            .innerJoin(crDarTemplateLine, eq(crDarTemplateLine.id, crDarLine.templateLineId))
            .where(eq(crDarLine.headerId, h.id));
          expect(lines.length, label).toBe(
            await count(sql`select count(*) as n from cr_dar_template_line where template_header_id = ${t.id}`),
          );
          const answers = lines.map(({ l, t: tl }) => ({ ...tl, risposta: l.risposta }));
          expect(h.valutazioneCalcolata, label).toBe(checklistScoreOf(answers));
          if (h.stato === 'Inviato') {
            expect(checklistStateOf('In Corso', answers), label).toBe('Completato');
            expect(h.inviatoAt, label).not.toBeNull();
            expect(h.valutazioneUtente, label).not.toBeNull();
            expect((h.inviatoAt?.getTime() ?? 0) > (h.dataCompilazione?.getTime() ?? 0), label).toBe(true);
          } else {
            expect(checklistStateOf(h.stato as ChecklistState, answers), label).toBe(h.stato);
            expect(h.inviatoAt, label).toBeNull();
          }
          if (h.stato === 'In Corso')
            expect(
              answers.some((a) => a.tipoRiga === 'D' && a.risposta),
              label,
            ).toBe(true);
          expect(
            lines.some(({ l }) => l.risposta === 'KO'),
            label,
          ).toBe(true);
          for (const { l, t: tl } of lines) {
            const at = `${label} line ${l.id}`;
            if (tl.tipoRiga !== 'D') expect(l.risposta, at).toBeNull();
            if (l.risposta === '--') expect(tl.darNaFlag, at).toBe('Y');
            if (l.risposta !== 'KO') {
              expect([l.rispostaDettaglio, l.nomeImmagine1, l.nomeImmagine2], at).toEqual([null, null, null]);
              continue;
            }
            // A KO: the detail in Italian and one or two photos, named as an upload names them, with a preview.
            expect(l.rispostaDettaglio?.length, at).toBeGreaterThan(40);
            expect(l.nomeImmagine1, at).not.toBeNull();
            for (const [nome, fileId] of [
              [l.nomeImmagine1, l.immagine1FileId],
              [l.nomeImmagine2, l.immagine2FileId],
            ] as const) {
              expect(nome === null, at).toBe(fileId === null);
              if (!nome || !fileId) continue;
              expect(nome, at).toMatch(CHECKLIST_IMAGE_NAME);
              expect(nome.startsWith(`${h.matricola}_${t.tipoDocumento}_${l.id}_`), at).toBe(true);
              const [file] = await database.db.select().from(storedFile).where(eq(storedFile.id, fileId));
              expect(file, at).toMatchObject({ area: 'checklist', kind: 'image', contentType: 'image/jpeg' });
              expect(file?.thumbnailKey, at).not.toBeNull();
              const bytes = await bytesOf(fileId);
              expect(bytes.length, at).toBe(file?.sizeBytes);
              expect(bytes.subarray(0, 3), at).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
            }
          }
        }
        expect(
          await count(sql`select count(*) as n from cr_dar_line where immagine2_file_id is not null`),
        ).toBeGreaterThan(0);
        expect(await count(sql`select count(*) as n from stored_file where area = 'checklist'`)).toBe(
          checklists.photos,
        );
      });

      it('adds nothing the second time', async () => {
        const store = files();
        try {
          expect(await loadDemoChecklists(database.db, store)).toEqual({
            templates: 0,
            templateLines: 0,
            registrations: 0,
            checklists: 0,
            lines: 0,
            photos: 0,
          });
        } finally {
          await store.store.close();
        }
        expect(await count(sql`select count(*) as n from cr_dar_header`)).toBe(checklists.checklists);
        expect(await count(sql`select count(*) as n from cr_dar_line`)).toBe(checklists.lines);
        expect(await count(sql`select count(*) as n from stored_file where area = 'checklist'`)).toBe(
          checklists.photos,
        );
      });
    });
  });

  // Issue 16 §7: two years of order history of the demo customers.
  describe('order history demo data', () => {
    let history: Awaited<ReturnType<typeof loadDemoOrderHistory>>;
    let ms = 0;
    beforeAll(async () => {
      const started = Date.now();
      history = await loadDemoOrderHistory(database.db);
      ms = Date.now() - started;
    }, 60_000);

    type Row = { login: string; tipo: string; portale: boolean; righe: number; ordini: number };
    const byCustomer = () =>
      queryRows<Row>(
        database.db,
        sql`select u.login, r.tiporichiesta as tipo, o.portale, count(*)::int as righe,
                   count(distinct o.id)::int as ordini
              from storico_ordine_riga r join storico_ordine o on o.id = r.storico_id
              join app_user u on u.id = r.user_id
             group by 1, 2, 3`,
      );

    it('loads over 5,000 lines in a few seconds, most of them the dealer’s, of every kind', async () => {
      expect(history.righe).toBeGreaterThanOrEqual(5000);
      expect(ms).toBeLessThan(20_000);
      expect(await count(sql`select count(*) as n from storico_ordine`)).toBe(history.ordini);
      expect(await count(sql`select count(*) as n from storico_ordine_riga`)).toBe(history.righe);
      expect(await count(sql`select count(*) as n from storico_tracking_evento`)).toBe(history.eventi);
      const rows = await byCustomer();
      const lines = (login: string, tipo?: string, portale?: boolean) =>
        rows
          .filter(
            (r) => r.login === login && (!tipo || r.tipo === tipo) && (portale === undefined || r.portale === portale),
          )
          .reduce((sum, r) => sum + r.righe, 0);
      expect(lines('dealer')).toBeGreaterThanOrEqual(3000);
      for (const login of ['dealer', 'superdealer']) {
        expect(lines(login, 'ORD', true), login).toBeGreaterThan(0);
        expect(lines(login, 'ORD', false), login).toBeGreaterThan(0);
        expect(lines(login, 'PREV'), login).toBeGreaterThan(0);
        expect(lines(login, 'ORDCG'), login).toBeGreaterThan(0);
      }
      expect(lines('tracks')).toBe(lines('tracks', 'ORD'));
      expect(lines('tracks')).toBeGreaterThan(0);
      for (const login of ['subdealer', 'subdealer2']) {
        expect(lines(login), login).toBeGreaterThan(0);
        expect(lines(login), login).toBe(lines(login, 'REQ', true));
      }
      // Each line repeats its order's customer, type and date.
      expect(
        await count(sql`select count(*) as n from storico_ordine_riga r join storico_ordine o on o.id = r.storico_id
                         where r.user_id <> o.user_id or r.tiporichiesta <> o.tiporichiesta or r.data_ins <> o.data_ins`),
      ).toBe(0);
    });

    it('numbers portal and ERP orders apart and moves the order sequence past the portal’s', async () => {
      const orders = await database.db
        .select({ nro: storicoOrdine.nroOrdTxt, portale: storicoOrdine.portale, tipo: storicoOrdine.tiporichiesta })
        .from(storicoOrdine);
      let highest = 0;
      for (const o of orders) {
        if (o.portale) {
          expect(o.nro).toMatch(new RegExp(`^${o.tipo}§20\\d\\d§\\d{6}$`));
          highest = Math.max(highest, Number(o.nro.slice(-6)));
        } else expect(o.nro).toMatch(/^ERP-20\d\d-\d{6}$/);
      }
      expect(await count(sql`select last_value as n from ordine_numero_seq`)).toBe(highest);
      expect(
        await count(sql`select count(*) as n from storico_ordine where rif_vs_nro_ord is not null`),
      ).toBeGreaterThan(0);
    });

    it('spreads two years, ships the old lines, keeps back-orders mostly recent and never ships a quote', async () => {
      expect(
        await count(sql`select count(*) as n from storico_ordine where data_ins < now() - interval '700 days'`),
      ).toBeGreaterThan(0);
      expect(
        await count(
          sql`select count(*) as n from storico_ordine where data_ins < now() - interval '731 days' or data_ins > now()`,
        ),
      ).toBe(0);
      expect(
        await count(sql`select count(*) as n from storico_ordine_riga where tiporichiesta = 'PREV'
                         and (qta_spedita > 0 or se_evasa or data_spediz is not null or way_bill is not null)`),
      ).toBe(0);
      // Fulfilled ⇔ all shipped; whatever is shipped has its date, transport document and shipment.
      expect(
        await count(sql`select count(*) as n from storico_ordine_riga
                         where se_evasa <> (qta_spedita >= qta_ordinata) or qta_spedita > qta_ordinata
                            or (qta_spedita > 0) <> (data_spediz is not null and nro_sped_txt is not null)
                            or data_spediz < data_ins::date or data_spediz > (now() at time zone 'Europe/Rome')::date
                            or is_aftership <> (way_bill is not null) or (cod_aftership is not null) <> is_aftership
                            or (importo is null or importo < 0)`),
      ).toBe(0);
      expect(
        await count(sql`select count(*) as n from storico_ordine_riga where qta_spedita > 0
                         and (nro_sped_txt !~ '^DDT 20\\d\\d/\\d{5}$' or coalesce(nro_fatt_txt, 'FT 2000/00000') !~ '^FT 20\\d\\d/\\d{5}$'
                              or coalesce(way_bill, 'X') !~ '^[A-Za-z0-9._/-]+$')`),
      ).toBe(0);
      const share = async (where: ReturnType<typeof sql>) => {
        const [row] = await queryRows<{ open: number; all: number }>(
          database.db,
          sql`select count(*) filter (where not se_evasa)::int as open, count(*)::int as all
                from storico_ordine_riga where tiporichiesta <> 'PREV' and ${where}`,
        );
        return (row?.open ?? 0) / Math.max(1, row?.all ?? 0);
      };
      const recent = await share(sql`data_ins > now() - interval '90 days'`);
      const old = await share(sql`data_ins < now() - interval '180 days'`);
      expect(recent).toBeGreaterThan(0.1);
      expect(old).toBeLessThan(0.05);
      expect(
        await count(sql`select count(*) as n from storico_ordine_riga where qta_spedita > 0 and not se_evasa`),
      ).toBeGreaterThan(20);
      expect(
        await count(sql`select count(*) as n from storico_ordine_riga where nro_fatt_txt is not null`),
      ).toBeGreaterThan(history.righe / 2);
    });

    it('names real articles (some no longer orderable), a few codes outside the catalogue and the dealers’ machines', async () => {
      expect(
        await count(sql`select count(*) as n from storico_ordine_riga r left join articolo a on a.id = r.articolo_id
                         where r.articolo_id is not null and (a.id is null or a.articolo <> r.cod_art)`),
      ).toBe(0);
      const dealerLines = (where: ReturnType<typeof sql>) =>
        count(sql`select count(*) as n from storico_ordine_riga r join app_user u on u.id = r.user_id
                   left join articolo a on a.id = r.articolo_id where u.login = 'dealer' and ${where}`);
      expect(await dealerLines(sql`not a.ordinabile`)).toBeGreaterThan(10);
      expect(await dealerLines(sql`r.articolo_id is null`)).toBeGreaterThan(3);
      expect(
        await count(sql`select count(*) as n from storico_ordine_riga where articolo_id is null
                         and cod_art in (select articolo from articolo)`),
      ).toBe(0);
      // ~30 % of the lines name a machine of the customer (a subdealer: one it was granted).
      const withSerial = await count(sql`select count(*) as n from storico_ordine_riga where matricola is not null`);
      expect(withSerial / history.righe).toBeGreaterThan(0.2);
      expect(
        await count(sql`select count(*) as n from storico_ordine_riga r join app_user u on u.id = r.user_id
                         where r.matricola is not null and not exists (
                           select 1 from macchina m where m.mt_matricola = r.matricola and m.dealer_login = coalesce(u.dealer_login, u.login))`),
      ).toBe(0);
      // The term filter's text, as the history module writes it.
      const sample = await database.db
        .select({ r: storicoOrdineRiga, nroOrdTxt: storicoOrdine.nroOrdTxt, rifVsNroOrd: storicoOrdine.rifVsNroOrd })
        .from(storicoOrdineRiga)
        .innerJoin(storicoOrdine, eq(storicoOrdine.id, storicoOrdineRiga.storicoId))
        .orderBy(asc(storicoOrdineRiga.id))
        .limit(300);
      for (const { r, nroOrdTxt, rifVsNroOrd } of sample)
        expect(r.searchText).toBe(historySearchText({ ...r, nroOrdTxt, rifVsNroOrd }));
    });

    it('tracks the last six months’ waybills (one per shipment), and the dealer’s demo waybill to delivery', async () => {
      const events = await database.db.select().from(storicoTrackingEvento);
      expect(events.length).toBeGreaterThan(500);
      const now = Date.now();
      for (const e of events) {
        expect(TRACKING_STATES).toContain(e.stato);
        expect(e.data.getTime()).toBeLessThanOrEqual(now);
        expect(e.descrizione.length).toBeGreaterThan(10);
      }
      expect(new Set(events.map((e) => e.stato))).toEqual(new Set(TRACKING_STATES));
      // Every waybill with events is a shipped line's, shipped in the last six months; older ones have none.
      expect(
        await count(sql`select count(distinct e.way_bill) as n from storico_tracking_evento e
                         where not exists (select 1 from storico_ordine_riga r where r.way_bill = e.way_bill
                                              and r.data_spediz >= current_date - 184)`),
      ).toBe(0);
      expect(
        await count(sql`select count(*) as n from storico_ordine_riga r where r.data_spediz < current_date - 190
                         and exists (select 1 from storico_tracking_evento e where e.way_bill = r.way_bill)`),
      ).toBe(0);
      // One waybill per shipment: a waybill belongs to one customer, day and transport document.
      expect(
        await count(sql`select count(*) as n from (select way_bill from storico_ordine_riga where way_bill is not null
                         group by way_bill having count(distinct (user_id, data_spediz, nro_sped_txt)) > 1) x`),
      ).toBe(0);
      expect(
        await count(sql`select count(*) as n from (select way_bill from storico_ordine_riga where way_bill is not null
                         group by way_bill having count(*) > 1) x`),
      ).toBeGreaterThan(50);

      const demo = await database.db
        .select({ r: storicoOrdineRiga, login: appUser.login })
        .from(storicoOrdineRiga)
        .innerJoin(appUser, eq(appUser.id, storicoOrdineRiga.userId))
        .where(eq(storicoOrdineRiga.wayBill, DEMO_TRACKED_WAYBILL));
      expect(demo.length).toBeGreaterThanOrEqual(2);
      for (const { r, login } of demo) {
        expect(login).toBe('dealer');
        expect(r).toMatchObject({ isAftership: true, codAftership: 'brt', seEvasa: true, tiporichiesta: 'ORD' });
        expect(r.dataSpediz && r.dataSpediz >= businessToday(new Date(now - 90 * 24 * 3600_000))).toBe(true);
      }
      // "Order again" leaves out a part no longer orderable and a code outside the catalogue.
      expect(demo.some(({ r }) => r.articoloId === null)).toBe(true);
      expect(demo.some(({ r }) => r.matricola === DEMO_SERIAL)).toBe(true);
      const demoEvents = events
        .filter((e) => e.wayBill === DEMO_TRACKED_WAYBILL)
        .sort((a, b) => a.data.getTime() - b.data.getTime());
      expect(demoEvents.map((e) => e.stato)).toEqual([
        'INFO',
        'IN_TRANSIT',
        'IN_TRANSIT',
        'IN_TRANSIT',
        'OUT_FOR_DELIVERY',
        'DELIVERED',
      ]);
    });

    it('adds nothing the second time', async () => {
      expect(await loadDemoOrderHistory(database.db)).toEqual({ ordini: 0, righe: 0, eventi: 0 });
      expect(await count(sql`select count(*) as n from storico_ordine_riga`)).toBe(history.righe);
    });
  });

  it('does nothing the second time', async () => {
    expect((await loadDemoMachines(database.db, dataDir)).created).toBe(false);
    expect(await count(sql`select count(*) as n from macchina`)).toBe(seed.machines.length);
  });
});
