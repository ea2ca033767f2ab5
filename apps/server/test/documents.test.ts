import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  businessToday,
  type CrDocumenti,
  type CrDocumentiFile,
  type CrDocumentiInput,
  type CrDocumentiLog,
  type CrDocumentiModelli,
  type DocumentResult,
  type DocumentTree,
  type DocumentUpload,
  type Language,
} from '@ricambi/domain';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crDocumenti,
  crDocumentiFile,
  crDocumentiLog,
  crDocumentiModelli,
  storedFile,
} from '../src/db/schema/index.ts';
import { createDocumentAdmin } from '../src/modules/documents/documents.contract.ts';
import { createMachine, createMachineModel, grantMachine, minimalPng } from './machine-factories.ts';
import { multipart, pdfBytes, streamedMultipart } from './multipart.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

type Response = Awaited<ReturnType<Agent['get']>>;

const DEALER = ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'] as const;
const SUBDEALER = ['ROLE_CR_SUBDEALER', 'ROLE_USER', 'ROLE_CART'] as const;
const INTERNAL = ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL', 'ROLE_USER', 'ROLE_CART'] as const;
const MB = 1024 * 1024;
const HOUR = 3_600_000;

const fieldsOf = (response: Response) =>
  Object.fromEntries((problemOf(response).fieldErrors ?? []).map((f) => [f.field, f.message]));

// Machine models of this file (cr_modelli) and serials of its machines (at most 20 characters: the
// library's serial box).
const MA = 'EC35 Doc';
const MB_MODEL = 'NK27 Doc';
const MC = 'EC60 Doc';
const S_IN = 'DOCX0150';
const S_LOW = 'DOCX0050';
const S_HIGH = 'DOCX0950';
const S_B = 'DOCY0150';
const S_SUB = 'DOCX0170';
const S_OTHER = 'DOCX0160';
const S_DE = 'DOCX0155';
const S_DASH = 'AB-5';
const S_AB10 = 'AB10';
const S_NOMODEL = 'DOCZ0001';

// Spec 2 §2–§7, spec 3 §5, §7, docs/api.md "Technical documents": the library (tree, results, icons,
// logged downloads), its administration (documents with their model rows and files, uploads waiting
// for their document) and the download log.
describe('technical documents', () => {
  let t: TestApp;
  let manager: Agent;
  let managerLogin: string;
  let admin: Agent;
  let dealer: { login: string; agent: Agent };
  let dealerDe: Agent;
  let otherDealer: Agent;
  let subdealer: Agent;
  let internal: { login: string; agent: Agent };
  /** A real three-page PDF. */
  let manual: Buffer;

  const signedIn = async (authorities: readonly string[], options: { langKey?: Language } = {}) => {
    const u = await t.createUser({ authorities: authorities as never, langKey: options.langKey ?? 'it' });
    return { login: u.login, agent: await t.signIn(u.login, u.password, { remoteAddress: '198.51.100.7' }) };
  };

  // --- Administration helpers ---------------------------------------------------------------

  const upload = (
    file: { filename: string; content: Buffer },
    meta?: Record<string, unknown> | string,
    agent: Agent = manager,
  ) => {
    const body = multipart([
      ...(meta === undefined
        ? []
        : [{ name: 'crDocumentiFile', value: typeof meta === 'string' ? meta : JSON.stringify(meta) }]),
      { name: 'file', ...file },
    ]);
    return agent.post('/api/crDocumentiFiles/upload', body.payload, { headers: body.headers });
  };
  const uploaded = async (filename: string, content: Buffer = manual) => {
    const response = await upload({ filename, content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<DocumentUpload>();
  };

  const documentInput = (overrides: Partial<CrDocumentiInput> = {}): CrDocumentiInput => ({
    nome: 'Documento',
    brand: 'eurocomach',
    tipoDocumento: 'MAN',
    categoria1: 'USO',
    ...overrides,
  });
  type FileSpec = { codice: string; lingua?: Language; descrizioneFile?: string; filename?: string; content?: Buffer };
  /** A document made as the admin dialog makes it: its files uploaded first, then the save naming them. */
  const createDocument = async (spec: Partial<CrDocumentiInput> & { files?: FileSpec[] }) => {
    const { files = [], ...rest } = spec;
    const nomefiles = [];
    for (const f of files) {
      const u = await uploaded(f.filename ?? `${f.codice}.pdf`, f.content);
      nomefiles.push({
        upload: u.upload,
        codice: f.codice,
        descrizioneFile: f.descrizioneFile ?? `File ${f.codice}`,
        lingua: f.lingua ?? 'it',
      });
    }
    const response = await manager.post('/api/crDocumentis', documentInput({ ...rest, nomefiles }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CrDocumenti>();
  };
  const readDocument = async (id: number) => {
    const response = await manager.get(`/api/crDocumentis/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CrDocumenti>();
  };

  // --- Library helpers -------------------------------------------------------------------------

  const search = async (agent: Agent, query: Record<string, string> = {}) => {
    const response = await agent.get('/api/documenti/search', { query });
    expect(response.statusCode, response.body).toBe(200);
    return {
      rows: response.json<DocumentResult[]>(),
      total: Number(response.headers['x-total-count']),
      link: String(response.headers.link ?? ''),
    };
  };
  /** The codes of the files found, in the order of the answer. */
  const codes = async (agent: Agent, query: Record<string, string> = {}) =>
    (await search(agent, { size: '100', ...query })).rows.map((r) => r.codice);
  const tree = async (agent: Agent, query: Record<string, string> = {}) => {
    const response = await agent.get('/api/crDocumentistree', { query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DocumentTree>();
  };
  const download = (agent: Agent, fileId: number, body: Record<string, unknown> = {}) =>
    agent.post(`/api/documenti/download/${fileId}`, body);

  // --- Database and file store -----------------------------------------------------------------

  const countOf = async (
    table: typeof crDocumenti | typeof crDocumentiModelli | typeof crDocumentiFile | typeof crDocumentiLog,
  ) => (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const countStored = async () => (await t.db.select({ n: count() }).from(storedFile))[0]?.n ?? 0;
  const storedRow = async (id: string) => (await t.db.select().from(storedFile).where(eq(storedFile.id, id)))[0];
  const filesDir = () => {
    const files = t.config.files;
    if (files.kind !== 'local') throw new Error('the tests run on the local file store');
    return files.dir;
  };
  /** Every object in the file store (committed and temporary), relative to its folder. */
  const storedObjects = async () => {
    const dir = filesDir();
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  };
  const objectExists = (key: string) =>
    fs.access(path.join(filesDir(), key)).then(
      () => true,
      () => false,
    );
  const snapshot = async () => ({
    documents: await countOf(crDocumenti),
    models: await countOf(crDocumentiModelli),
    files: await countOf(crDocumentiFile),
    logs: await countOf(crDocumentiLog),
    stored: await countStored(),
    objects: await storedObjects(),
  });
  /** An upload no document has taken: its stored file lives and no file row names it. */
  const isWaiting = async (uploadId: string) => {
    const row = await storedRow(uploadId);
    const taken = await t.db.select().from(crDocumentiFile).where(eq(crDocumentiFile.fileId, uploadId));
    return row !== undefined && row.deletedAt === null && taken.length === 0;
  };

  beforeAll(async () => {
    t = await createTestApp();
    manual = await pdfBytes(3, 'Manuale uso e manutenzione');
    const m = await t.createUser({ authorities: ['ROLE_MANAGER', 'ROLE_USER'] });
    managerLogin = m.login;
    manager = await t.signIn(m.login, m.password);
    const a = await t.createUser({ authorities: ['ROLE_ADMIN', 'ROLE_USER'] });
    admin = await t.signIn(a.login, a.password);
    dealer = await signedIn(DEALER);
    const de = await signedIn(DEALER, { langKey: 'de' });
    dealerDe = de.agent;
    const other = await signedIn(DEALER);
    otherDealer = other.agent;
    const sub = await signedIn(SUBDEALER);
    subdealer = sub.agent;
    internal = await signedIn(INTERNAL);

    const ma = await createMachineModel(t.db, MA);
    const mb = await createMachineModel(t.db, MB_MODEL);
    const mc = await createMachineModel(t.db, MC);
    const machine = (matricola: string, modelloId: number | null, dealerLogin = dealer.login) =>
      createMachine(t.db, { matricola, crCod: 'CR-DOCS', modelloId, dealerLogin });
    for (const s of [S_IN, S_LOW, S_HIGH, S_SUB]) await machine(s, ma.id);
    await machine(S_B, mb.id);
    await machine(S_DASH, mc.id);
    await machine(S_AB10, mc.id);
    await machine(S_NOMODEL, null);
    await machine(S_OTHER, ma.id, other.login);
    await machine(S_DE, ma.id, de.login);
    await grantMachine(t.db, { dealerLogin: dealer.login, login: sub.login, matricola: S_SUB });
  });
  afterAll(async () => {
    await t?.close();
  });

  // =============================================================================================
  describe('the library', () => {
    const docs: Record<string, CrDocumenti> = {};
    const doc = (key: string) => {
      const found = docs[key];
      if (!found) throw new Error(`no document ${key}`);
      return found;
    };
    const firstFile = (key: string) => {
      const found = doc(key).nomefiles[0];
      if (!found) throw new Error(`document ${key} has no file`);
      return found;
    };
    const today = businessToday();

    beforeAll(async () => {
      const lib = async (key: string, spec: Partial<CrDocumentiInput> & { files?: FileSpec[] }) => {
        docs[key] = await createDocument({ nome: `Lib ${key}`, files: [{ codice: `C-${key}` }], ...spec });
      };
      // Bounds typed in lower case are kept upper-case (spec 3 §5): this row covers DOCX0100–DOCX0200.
      await lib('RANGE', {
        daData: '2024-03-01',
        categoria2: 'MOT',
        categoria3: 'DIA',
        modellos: [{ modello: MA, daMatricola: 'docx0100', aMatricola: 'docx0200' }],
        files: [{ codice: 'C-RANGE', descrizioneFile: 'Schema impianto frizione' }],
      });
      await lib('ALLMA', { daData: '2024-03-01', categoria2: 'MOT', categoria3: 'SMO', modellos: [{ modello: MA }] });
      await lib('FROM', {
        nome: 'Lib FROM manuale operatore',
        daData: '2023-01-01',
        categoria2: 'IDR',
        modellos: [{ modello: MA, daMatricola: 'DOCX0100' }],
      });
      await lib('UPTO', { categoria1: 'SIC', modellos: [{ modello: MA, aMatricola: 'DOCX0100' }] });
      await lib('ONLYB', { tipoDocumento: 'BOL', modellos: [{ modello: MB_MODEL }] });
      await lib('TWOROWS', { modellos: [{ modello: MB_MODEL }, { modello: MA, daMatricola: 'DOCX0900' }] });
      await lib('INTERNAL', { categoria1: 'ASS', interno: true, modellos: [{ modello: MA }] });
      await lib('EXPIRED', {
        categoria1: 'ASS',
        daData: '2001-01-01',
        aData: '2001-12-31',
        modellos: [{ modello: MA }],
      });
      await lib('FUTURE', { categoria1: 'ASS', daData: '2999-01-01', modellos: [{ modello: MA }] });
      // In force on both bounds of its validity (spec 2 §3: from daData to aData, both included).
      await lib('TODAY', { categoria1: 'SIC', daData: today, aData: today, modellos: [{ modello: MA }] });
      await lib('NORD', { brand: 'nordmak', daData: '2022-06-01', categoria1: 'RIC', modellos: [{ modello: MA }] });
      await lib('LANG', {
        daData: '2021-01-01',
        categoria1: 'RIC',
        modellos: [{ modello: MA }],
        files: [
          { codice: 'C-LANG-IT', lingua: 'it', filename: 'libretto_uso.pdf' },
          { codice: 'C-LANG-DE', lingua: 'de' },
          { codice: 'C-LANG-EN', lingua: 'en' },
        ],
      });
      // Byte order ("C"): AB10 sorts after AB-9 ('1' > '-'), whatever the database's locale says.
      await lib('BYTES', { categoria1: 'SIC', modellos: [{ modello: MC, daMatricola: 'AB-0', aMatricola: 'AB-9' }] });
    });

    const libOnly = (list: string[]) => list.filter((c) => c.startsWith('C-'));

    it('finds for a serial the documents whose model row names its model and covers it, newest first then by code', async () => {
      expect(await codes(dealer.agent, { serial: S_IN })).toEqual([
        'C-TODAY',
        'C-ALLMA',
        'C-RANGE',
        'C-FROM',
        'C-NORD',
        'C-LANG-IT',
      ]);
      // Below the range: neither RANGE nor FROM; an upper bound only (UPTO) covers it.
      expect(await codes(dealer.agent, { serial: S_LOW })).toEqual([
        'C-TODAY',
        'C-ALLMA',
        'C-NORD',
        'C-LANG-IT',
        'C-UPTO',
      ]);
      // Above it: one of TWOROWS' two rows covers it.
      expect(await codes(dealer.agent, { serial: S_HIGH })).toEqual([
        'C-TODAY',
        'C-ALLMA',
        'C-FROM',
        'C-NORD',
        'C-LANG-IT',
        'C-TWOROWS',
      ]);
      // Another model: only its own documents.
      expect(await codes(dealer.agent, { serial: S_B })).toEqual(['C-ONLYB', 'C-TWOROWS']);
      // The serial as typed, in any case.
      expect(await codes(dealer.agent, { serial: ` ${S_IN.toLowerCase()} ` })).toEqual(
        await codes(dealer.agent, { serial: S_IN }),
      );
      // A machine without a model has no documents (and is no error).
      expect(await codes(dealer.agent, { serial: S_NOMODEL })).toEqual([]);
    });

    it('compares serials with the bounds byte by byte, upper-case', async () => {
      expect(doc('RANGE').modellos.map((m) => [m.daMatricola, m.aMatricola])).toEqual([['DOCX0100', 'DOCX0200']]);
      expect(await codes(dealer.agent, { serial: S_DASH })).toEqual(['C-BYTES']);
      expect(await codes(dealer.agent, { serial: S_AB10 })).toEqual([]);
    });

    it('answers one row per file with what the result list shows', async () => {
      const { rows } = await search(dealer.agent, { serial: S_IN, term: 'frizione' });
      expect(rows).toHaveLength(1);
      const range = doc('RANGE');
      const file = range.nomefiles[0] as CrDocumentiFile;
      expect(rows[0]).toEqual({
        id: file.id,
        idDocumenti: range.id,
        nome: 'Lib RANGE',
        nomeFileFisico: file.nomeFileFisico,
        nomeFileOriginale: 'C-RANGE.pdf',
        descrizioneFile: 'Schema impianto frizione',
        codice: 'C-RANGE',
        lingua: 'it',
        brand: 'eurocomach',
        tipoDocumento: expect.objectContaining({ it: 'Manuale', en: 'Manual' }),
        categorie: [
          expect.objectContaining({ it: 'Uso e manutenzione', en: 'Operation and maintenance' }),
          expect.objectContaining({ it: 'Motore', en: 'Engine' }),
          expect.objectContaining({ it: 'Diagnosi', en: 'Diagnostics' }),
        ],
        modelli: [{ modello: MA, daMatricola: 'DOCX0100', aMatricola: 'DOCX0200' }],
        daData: '2024-03-01',
        aData: null,
        interno: false,
        inVigore: true,
        sizeBytes: manual.length,
        icona: true,
      });
      expect(file.nomeFileFisico).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    });

    it('never shows dealers internal documents nor documents out of validity', async () => {
      const seen = libOnly(await codes(dealer.agent, { brand: 'eurocomach', lingua: '' }));
      expect(seen).not.toContain('C-INTERNAL');
      expect(seen).not.toContain('C-EXPIRED');
      expect(seen).not.toContain('C-FUTURE');
      expect(seen).toContain('C-TODAY');
      // Nor by a file lookup of the document.
      const lookup = await dealer.agent.get('/api/crDocumentiFilesByIdAndLingua', {
        query: { id: String(doc('INTERNAL').id) },
      });
      expect(lookup.statusCode).toBe(200);
      expect(lookup.json()).toEqual([]);
      // Internal staff see internal documents, not those out of validity.
      const staff = libOnly(await codes(internal.agent, { serial: S_IN }));
      expect(staff).toContain('C-INTERNAL');
      expect(staff).not.toContain('C-EXPIRED');
      expect(staff).not.toContain('C-FUTURE');
    });

    it('lets a manager type the serial of any machine, a dealer one it does not own', async () => {
      const seen = libOnly(await codes(manager, { serial: S_IN, lingua: 'it' }));
      expect(seen).toContain('C-RANGE');
      expect(seen).toContain('C-INTERNAL');
    });

    it('shows a manager internal and out-of-validity documents, flagged, in every language by default', async () => {
      const { rows } = await search(manager, { brand: 'eurocomach', size: '100' });
      const byCode = new Map(rows.map((r) => [r.codice, r]));
      expect(byCode.get('C-INTERNAL')).toMatchObject({ interno: true, inVigore: true });
      expect(byCode.get('C-EXPIRED')).toMatchObject({ inVigore: false, aData: '2001-12-31' });
      expect(byCode.get('C-FUTURE')).toMatchObject({ inVigore: false, daData: '2999-01-01' });
      expect(libOnly(rows.map((r) => r.codice))).toEqual(
        expect.arrayContaining(['C-LANG-IT', 'C-LANG-DE', 'C-LANG-EN']),
      );
      // A language asked for narrows the manager's list too.
      expect(libOnly(await codes(manager, { brand: 'eurocomach', lingua: 'de' }))).toEqual(['C-LANG-DE']);
    });

    it("gives readers their own language unless they ask for another, or for every one with lingua=''", async () => {
      expect(await codes(dealerDe, { serial: S_DE })).toEqual(['C-LANG-DE']);
      expect(await codes(dealer.agent, { serial: S_IN, lingua: 'en' })).toEqual(['C-LANG-EN']);
      const every = await codes(dealer.agent, { serial: S_IN, lingua: '' });
      expect(every.filter((c) => c.startsWith('C-LANG'))).toEqual(['C-LANG-DE', 'C-LANG-EN', 'C-LANG-IT']);
      // The files of one document, in one language or all.
      const lang = doc('LANG');
      const one = await dealer.agent.get('/api/crDocumentiFilesByIdAndLingua', {
        query: { id: String(lang.id), lingua: 'de' },
      });
      expect(one.json<DocumentResult[]>().map((r) => r.codice)).toEqual(['C-LANG-DE']);
      const all = await dealer.agent.get('/api/crDocumentiFilesByIdAndLingua', { query: { id: String(lang.id) } });
      expect(all.json<DocumentResult[]>().map((r) => r.lingua)).toEqual(['de', 'en', 'it']);
    });

    it('lets a sub-dealer read the documents of the serials granted to it, and no other serial', async () => {
      expect(await codes(subdealer, { serial: S_SUB })).toEqual(await codes(dealer.agent, { serial: S_SUB }));
      expect(await codes(subdealer, { serial: S_SUB })).toContain('C-RANGE');
      expect(await codes(subdealer, { serial: S_SUB })).not.toContain('C-INTERNAL');
      for (const [agent, serial] of [
        [subdealer, S_IN], // its dealer's machine, not granted
        [otherDealer, S_IN], // another dealer's machine
        [dealer.agent, S_OTHER],
        [dealer.agent, 'NOSUCHSERIAL'],
      ] as const) {
        for (const url of ['/api/documenti/search', '/api/crDocumentistree']) {
          const response = await agent.get(url, { query: { serial } });
          expect(response.statusCode, `${serial} ${url}`).toBe(400);
          expect(problemOf(response).fieldErrors).toEqual([
            { field: 'serial', message: 'documenti.error.serialNotFound', params: { serial } },
          ]);
        }
      }
      // The other dealer reads its own machine's documents.
      expect(await codes(otherDealer, { serial: S_OTHER })).toContain('C-RANGE');
    });

    it('needs a brand or a serial from dealers; ALL only for internal staff; a serial overrides the brand', async () => {
      for (const query of [{}, { brand: 'ALL' }, { brand: '  ' }] as Record<string, string>[]) {
        for (const agent of [dealer.agent, subdealer]) {
          const response = await agent.get('/api/documenti/search', { query });
          expect(response.statusCode).toBe(400);
          expect(fieldsOf(response)).toEqual({ brand: 'validation.required' });
          expect(fieldsOf(await agent.get('/api/crDocumentistree', { query }))).toEqual({
            brand: 'validation.required',
          });
        }
      }
      // A brand alone: that brand's documents, whatever the model.
      expect(libOnly(await codes(dealer.agent, { brand: 'nordmak' }))).toEqual(['C-NORD']);
      const euro = libOnly(await codes(dealer.agent, { brand: 'eurocomach' }));
      expect(euro).toEqual(expect.arrayContaining(['C-ONLYB', 'C-BYTES', 'C-RANGE', 'C-UPTO']));
      expect(euro).not.toContain('C-NORD');
      expect(libOnly(await codes(dealer.agent, { brand: 'eurocomach', tipoDocumento: 'BOL' }))).toEqual(['C-ONLYB']);
      // Internal staff: every brand at once, with ALL or without a brand.
      const all = libOnly(await codes(internal.agent, { brand: 'ALL' }));
      expect(all).toEqual(expect.arrayContaining(['C-NORD', 'C-RANGE', 'C-INTERNAL']));
      expect(libOnly(await codes(internal.agent))).toEqual(all);
      // The serial decides: the machine's documents of every brand, the brand filter aside.
      const bySerial = await codes(dealer.agent, { serial: S_IN });
      expect(await codes(dealer.agent, { serial: S_IN, brand: 'tracks' })).toEqual(bySerial);
      expect(bySerial).toContain('C-NORD');
    });

    it('finds by a term in the code, the file description, the document name and the file name', async () => {
      const find = async (term: string) => libOnly(await codes(dealer.agent, { brand: 'eurocomach', term }));
      expect(await find('c-upto')).toEqual(['C-UPTO']);
      expect(await find('FRIZIONE')).toEqual(['C-RANGE']);
      expect(await find('operatore')).toEqual(['C-FROM']);
      expect(await find('libretto_uso')).toEqual(['C-LANG-IT']);
      // LIKE's wildcards are plain characters.
      expect(await find('%')).toEqual([]);
      expect(await find('libretto%uso')).toEqual([]);
      // With a serial too.
      expect(await codes(dealer.agent, { serial: S_IN, term: 'lib all' })).toEqual(['C-ALLMA']);
    });

    it('answers the category tree of what the filters find: three levels, counts, localized titles, the machine', async () => {
      const found = await tree(dealer.agent, { serial: S_IN });
      const title = (it: string, en: string) => expect.objectContaining({ it, en });
      expect(found).toEqual({
        macchina: { matricola: S_IN, modello: MA },
        total: 6,
        nodes: [
          {
            key: 'USO',
            chiave: 'USO',
            titolo: title('Uso e manutenzione', 'Operation and maintenance'),
            count: 3,
            nodes: [
              {
                key: 'USO/MOT',
                chiave: 'MOT',
                titolo: title('Motore', 'Engine'),
                count: 2,
                nodes: [
                  { key: 'USO/MOT/DIA', chiave: 'DIA', titolo: title('Diagnosi', 'Diagnostics'), count: 1, nodes: [] },
                  {
                    key: 'USO/MOT/SMO',
                    chiave: 'SMO',
                    titolo: title('Smontaggio e montaggio', 'Removal and fitting'),
                    count: 1,
                    nodes: [],
                  },
                ],
              },
              {
                key: 'USO/IDR',
                chiave: 'IDR',
                titolo: title('Impianto idraulico', 'Hydraulic system'),
                count: 1,
                nodes: [],
              },
            ],
          },
          { key: 'RIC', chiave: 'RIC', titolo: title('Ricambi', 'Spare parts'), count: 2, nodes: [] },
          { key: 'SIC', chiave: 'SIC', titolo: title('Sicurezza', 'Safety'), count: 1, nodes: [] },
        ],
      });
      // The alias answers the same; the total is the results' count.
      const alias = await dealer.agent.get('/api/documenti/albero', { query: { serial: S_IN } });
      expect(alias.json()).toEqual(found);
      expect((await search(dealer.agent, { serial: S_IN })).total).toBe(6);
      // Without a serial there is no machine; the tree follows the reader's view.
      const byBrand = await tree(dealer.agent, { brand: 'nordmak' });
      expect(byBrand.macchina).toBeNull();
      expect(byBrand.nodes.map((n) => [n.key, n.count])).toEqual([['RIC', 1]]);
      const ass = (await tree(manager, { brand: 'eurocomach' })).nodes.find((n) => n.key === 'ASS');
      expect(ass?.count).toBe(3);
      expect((await tree(internal.agent, { serial: S_IN })).nodes.find((n) => n.key === 'ASS')?.count).toBe(1);
      expect((await tree(dealer.agent, { brand: 'eurocomach' })).nodes.find((n) => n.key === 'ASS')).toBeUndefined();
      expect((await tree(dealer.agent, { serial: S_NOMODEL })).macchina).toEqual({
        matricola: S_NOMODEL,
        modello: null,
      });
    });

    it('narrows the results to a node of the tree', async () => {
      expect(await codes(dealer.agent, { serial: S_IN, categoria1: 'USO' })).toEqual(['C-ALLMA', 'C-RANGE', 'C-FROM']);
      expect(await codes(dealer.agent, { serial: S_IN, categoria1: 'USO', categoria2: 'MOT' })).toEqual([
        'C-ALLMA',
        'C-RANGE',
      ]);
      expect(
        await codes(dealer.agent, { serial: S_IN, categoria1: 'USO', categoria2: 'MOT', categoria3: 'DIA' }),
      ).toEqual(['C-RANGE']);
      expect(await codes(dealer.agent, { serial: S_IN, categoria1: 'ASS' })).toEqual([]);
      expect((await search(dealer.agent, { serial: S_IN, categoria1: 'RIC' })).total).toBe(2);
    });

    it('pages the results 20 at a time with X-Total-Count and Link', async () => {
      const files = Array.from({ length: 23 }, (_, i) => ({ codice: `P-${String(i + 1).padStart(2, '0')}` }));
      const small = await pdfBytes(1, 'Pagina');
      await createDocument({
        nome: 'Lib PAGED',
        brand: 'tracks',
        modellos: [{ modello: MC }],
        files: files.map((f) => ({ ...f, content: small })),
      });
      const first = await search(dealer.agent, { brand: 'tracks' });
      expect(first.total).toBe(23);
      expect(first.rows.map((r) => r.codice)).toEqual(files.slice(0, 20).map((f) => f.codice));
      expect(first.link).toContain('rel="next"');
      const second = await search(dealer.agent, { brand: 'tracks', page: '1' });
      expect(second.total).toBe(23);
      expect(second.rows.map((r) => r.codice)).toEqual(['P-21', 'P-22', 'P-23']);
      expect(second.link).not.toContain('rel="next"');
      expect((await search(dealer.agent, { brand: 'tracks', page: '4', size: '5' })).rows).toHaveLength(3);
      // Past the end: no rows, the total still counted.
      const past = await search(dealer.agent, { brand: 'tracks', page: '7' });
      expect(past.rows).toEqual([]);
      expect(past.total).toBe(23);
    });

    it("answers a visible file's first-page picture as WebP, made on upload; 404 for what the reader may not see", async () => {
      const range = doc('RANGE');
      const file = range.nomefiles[0] as CrDocumentiFile;
      expect(file.icona).toBe(true);
      const stored = await storedRow(file.nomeFileFisico.replace(/\.pdf$/, ''));
      expect(stored?.thumbnailKey).toBeTruthy();
      expect(await objectExists(stored?.thumbnailKey ?? '')).toBe(true);

      const icon = await dealer.agent.get(`/api/geticon/${file.nomeFileFisico}`);
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/webp');
      const meta = await sharp(icon.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      // An A4 page, portrait: 200 pixels high.
      expect(meta.height).toBe(200);
      expect(meta.width).toBeLessThan(200);

      const secret = firstFile('INTERNAL').nomeFileFisico;
      expect((await dealer.agent.get(`/api/geticon/${secret}`)).statusCode).toBe(404);
      expect((await subdealer.get(`/api/geticon/${secret}`)).statusCode).toBe(404);
      expect((await internal.agent.get(`/api/geticon/${secret}`)).statusCode).toBe(200);
      const expired = firstFile('EXPIRED').nomeFileFisico;
      expect((await dealer.agent.get(`/api/geticon/${expired}`)).statusCode).toBe(404);
      expect((await manager.get(`/api/geticon/${expired}`)).statusCode).toBe(200);
      expect((await dealer.agent.get(`/api/geticon/${randomUUID()}.pdf`)).statusCode).toBe(404);
    });

    it('keeps a PDF it cannot draw, without a picture (404 for its icon)', async () => {
      // A PDF by its first bytes, damaged after them.
      const damaged = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 0x41)]);
      const u = await uploaded('danneggiato.pdf', damaged);
      expect(u.icona).toBe(false);
      const damagedDoc = await createDocument({ nome: 'Lib DAMAGED', brand: 'tracks' });
      const put = await manager.put(`/api/crDocumentis/${damagedDoc.id}`, {
        ...documentInput({ nome: 'Lib DAMAGED', brand: 'tracks' }),
        nomefiles: [{ upload: u.upload, codice: 'DMG', descrizioneFile: 'Danneggiato', lingua: 'it' }],
      });
      expect(put.statusCode, put.body).toBe(200);
      const file = put.json<CrDocumenti>().nomefiles[0] as CrDocumentiFile;
      expect(file.icona).toBe(false);
      expect((await dealer.agent.get(`/api/geticon/${file.nomeFileFisico}`)).statusCode).toBe(404);
      // Its bytes are downloadable all the same.
      const got = await dealer.agent.get('/api/documenti/download', { query: { id: String(file.id) } });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(damaged)).toBe(true);
    });

    it('streams the PDF as uploaded and logs the download with what the library knew', async () => {
      const range = doc('RANGE');
      const file = range.nomefiles[0] as CrDocumentiFile;
      const before = await countOf(crDocumentiLog);
      const response = await download(dealer.agent, file.id, {
        idDocumento: range.id,
        nomeFileOriginale: 'C-RANGE.pdf',
        linguaDocumento: 'it',
        filtriRicercaApplicati: `serial=${S_IN}`,
        alberoDocumento: 'USO/MOT/DIA',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain('C-RANGE.pdf');
      expect(response.rawPayload.equals(manual)).toBe(true);
      expect(await countOf(crDocumentiLog)).toBe(before + 1);
      const [row] = await t.db
        .select()
        .from(crDocumentiLog)
        .where(eq(crDocumentiLog.login, dealer.login))
        .orderBy(desc(crDocumentiLog.id))
        .limit(1);
      expect(row).toMatchObject({
        login: dealer.login,
        ipAddress: '198.51.100.7',
        interno: false,
        idDocumento: range.id,
        nomeFileOriginale: 'C-RANGE.pdf',
        linguaDocumento: 'it',
        filtriRicercaApplicati: `serial=${S_IN}`,
        alberoDocumento: 'USO/MOT/DIA',
      });
      expect(Date.now() - (row?.data.getTime() ?? 0)).toBeLessThan(60_000);

      // Staff downloads are logged as internal; the plain link logs no filters.
      const secret = firstFile('INTERNAL');
      const link = await internal.agent.get('/api/documenti/download', { query: { id: String(secret.id) } });
      expect(link.statusCode).toBe(200);
      expect(link.rawPayload.equals(manual)).toBe(true);
      const [staffRow] = await t.db.select().from(crDocumentiLog).where(eq(crDocumentiLog.login, internal.login));
      expect(staffRow).toMatchObject({
        interno: true,
        idDocumento: doc('INTERNAL').id,
        linguaDocumento: 'it',
        filtriRicercaApplicati: null,
        alberoDocumento: null,
      });
      expect((await download(manager, secret.id)).statusCode).toBe(200);
      const [managerRow] = await t.db.select().from(crDocumentiLog).where(eq(crDocumentiLog.login, managerLogin));
      expect(managerRow?.interno).toBe(true);
    });

    it('logs a download made while acting as a dealer under the staff member, as internal, with the view of the dealer', async () => {
      const staff = await signedIn(INTERNAL);
      const started = await staff.agent.post('/api/cart/select', { login: dealer.login });
      expect(started.statusCode, started.body).toBe(200);
      const secret = firstFile('INTERNAL');
      expect((await download(staff.agent, secret.id)).statusCode).toBe(404);
      expect(await codes(staff.agent, { serial: S_IN })).toEqual(await codes(dealer.agent, { serial: S_IN }));

      const range = firstFile('RANGE');
      expect((await download(staff.agent, range.id, { alberoDocumento: 'USO' })).statusCode).toBe(200);
      const rows = await t.db.select().from(crDocumentiLog).where(eq(crDocumentiLog.login, staff.login));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ interno: true, idDocumento: doc('RANGE').id, alberoDocumento: 'USO' });
      expect((await staff.agent.delete('/api/cart/select')).statusCode).toBeLessThan(300);
    });

    it('refuses a file the reader may not see with 404 and logs nothing', async () => {
      const before = await countOf(crDocumentiLog);
      const secret = firstFile('INTERNAL');
      const expired = firstFile('EXPIRED');
      for (const id of [secret.id, expired.id, 999_999_999]) {
        expect((await download(dealer.agent, id)).statusCode).toBe(404);
        expect((await download(subdealer, id)).statusCode).toBe(404);
        const link = await dealer.agent.get('/api/documenti/download', { query: { id: String(id) } });
        expect(link.statusCode).toBe(404);
      }
      // A download naming another document than the file's is refused.
      const range = firstFile('RANGE');
      expect((await download(dealer.agent, range.id, { idDocumento: doc('ALLMA').id })).statusCode).toBe(400);
      expect(await countOf(crDocumentiLog)).toBe(before);
    });

    it('shows the log to administrators only, paged and sorted by date, read-only', async () => {
      const total = await countOf(crDocumentiLog);
      expect(total).toBeGreaterThanOrEqual(3);
      const list = await admin.get('/api/crDocumentiLogs', { query: { sort: 'data,desc', size: '2' } });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.headers['x-total-count']).toBe(String(total));
      expect(list.headers.link).toContain('rel="next"');
      const rows = list.json<CrDocumentiLog[]>();
      expect(rows).toHaveLength(2);
      const all = (await admin.get('/api/crDocumentiLogs', { query: { sort: 'data,asc', size: '100' } })).json<
        CrDocumentiLog[]
      >();
      const dates = all.map((r) => r.data);
      expect(dates).toEqual([...dates].sort());
      expect(all.at(-1)?.data).toBe(rows[0]?.data);
      const first = all[0] as CrDocumentiLog;
      expect(first).toMatchObject({ login: dealer.login, ipAddress: '198.51.100.7', interno: false });
      const one = await admin.get(`/api/crDocumentiLogs/${first.id}`);
      expect(one.json()).toEqual(first);
      const dealerRows = await t.db.select().from(crDocumentiLog).where(eq(crDocumentiLog.login, dealer.login));
      const found = await admin.get('/api/crDocumentiLogs', { query: { search: dealer.login, size: '100' } });
      expect(
        found
          .json<CrDocumentiLog[]>()
          .map((r) => r.id)
          .sort(),
      ).toEqual(dealerRows.map((r) => r.id).sort());

      for (const agent of [manager, dealer.agent, internal.agent]) {
        expect((await agent.get('/api/crDocumentiLogs')).statusCode).toBe(403);
        expect((await agent.get(`/api/crDocumentiLogs/${first.id}`)).statusCode).toBe(403);
      }
      // No way to write it.
      const writes = [
        await admin.post('/api/crDocumentiLogs', { login: 'x', idDocumento: 1 }),
        await admin.put(`/api/crDocumentiLogs/${first.id}`, { login: 'x', idDocumento: 1 }),
        await admin.delete(`/api/crDocumentiLogs/${first.id}`),
      ];
      for (const w of writes) expect([404, 405]).toContain(w.statusCode);
      expect(await countOf(crDocumentiLog)).toBe(total);
      expect((await admin.get(`/api/crDocumentiLogs/${first.id}`)).json()).toEqual(first);
    });
  });

  // =============================================================================================
  describe('administration', () => {
    it('creates a document with two language files and a model range, that the dealer then finds', async () => {
      const before = await snapshot();
      const it1 = await uploaded('Manuale EC35.pdf');
      const en = await uploaded('Manual EC35.pdf', await pdfBytes(2, 'Operator manual'));
      expect(it1).toMatchObject({ nomeFileOriginale: 'Manuale EC35.pdf', sizeBytes: manual.length, icona: true });
      expect(it1.file).toBeNull();
      expect(await isWaiting(it1.upload)).toBe(true);
      // The first page's picture is made on upload, before any document names the file.
      const picture = (await storedRow(it1.upload))?.thumbnailKey;
      expect(picture).toMatch(/\.thumb\.webp$/);
      expect(await objectExists(picture ?? '')).toBe(true);

      const created = await manager.post(
        '/api/crDocumentis',
        documentInput({
          nome: 'Adm Manuale EC35',
          daData: '2020-01-01',
          categoria2: 'MOT',
          note: 'Prima edizione',
          modellos: [{ modello: MA, daMatricola: 'docx0140', aMatricola: 'DOCX0160', note: 'Serie 1' }],
          nomefiles: [
            { upload: it1.upload, codice: 'ADM-IT', descrizioneFile: 'Manuale', lingua: 'it' },
            { upload: en.upload, codice: 'ADM-EN', descrizioneFile: 'Manual', lingua: 'en', note: 'EN' },
          ],
        }),
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.headers['x-ricambi-alert']).toBe('crDocumenti.created');
      const doc = created.json<CrDocumenti>();
      expect(doc).toMatchObject({
        nome: 'Adm Manuale EC35',
        daData: '2020-01-01',
        aData: null,
        interno: false,
        brand: 'eurocomach',
        tipoDocumento: { id: { chiave: 'MAN' } },
        categoria1: { id: { chiave: 'USO' } },
        categoria2: { id: { chiave: 'MOT' } },
        categoria3: null,
        note: 'Prima edizione',
        inVigore: true,
        createdBy: managerLogin,
      });
      expect(doc.modellos).toEqual([
        {
          id: expect.any(Number),
          idCrDocumenti: { id: doc.id, nome: 'Adm Manuale EC35' },
          modello: MA,
          daMatricola: 'DOCX0140',
          aMatricola: 'DOCX0160',
          note: 'Serie 1',
        },
      ]);
      expect(doc.nomefiles.map((f) => [f.lingua, f.codice, f.nomeFileOriginale, f.nomeFileFisico, f.icona])).toEqual([
        ['en', 'ADM-EN', 'Manual EC35.pdf', `${en.upload}.pdf`, true],
        ['it', 'ADM-IT', 'Manuale EC35.pdf', `${it1.upload}.pdf`, true],
      ]);
      expect(await readDocument(doc.id)).toEqual(doc);
      expect(await isWaiting(it1.upload)).toBe(false);
      const after = await snapshot();
      expect(after.documents).toBe(before.documents + 1);
      expect(after.models).toBe(before.models + 1);
      expect(after.files).toBe(before.files + 2);
      expect(after.stored).toBe(before.stored + 2);

      // The dealer finds it by its serial (in its language), and the search by id of the admin list.
      expect(await codes(dealer.agent, { serial: S_IN })).toContain('ADM-IT');
      expect(await codes(dealer.agent, { serial: S_IN })).not.toContain('ADM-EN');
      expect(await codes(dealer.agent, { serial: S_HIGH })).not.toContain('ADM-IT');
      const byId = await manager.get('/api/crDocumentis', { query: { search: String(doc.id) } });
      expect(byId.json<CrDocumenti[]>().map((d) => d.id)).toContain(doc.id);
    });

    it('updates a document: kept rows edited, missing rows and files removed with their bytes, new uploads added', async () => {
      const doc = await createDocument({
        nome: 'Adm Update',
        modellos: [{ modello: MA, daMatricola: 'DOCX0100', aMatricola: 'DOCX0200' }, { modello: MB_MODEL }],
        files: [
          { codice: 'UPD-IT', lingua: 'it' },
          { codice: 'UPD-EN', lingua: 'en' },
        ],
      });
      const [keptModel, goneModel] = doc.modellos as [CrDocumentiModelli, CrDocumentiModelli];
      const keptFile = doc.nomefiles.find((f) => f.lingua === 'it') as CrDocumentiFile;
      const goneFile = doc.nomefiles.find((f) => f.lingua === 'en') as CrDocumentiFile;
      const goneStored = (await storedRow(
        goneFile.nomeFileFisico.replace('.pdf', ''),
      )) as typeof storedFile.$inferSelect;
      expect(await objectExists(goneStored.storageKey)).toBe(true);
      const fresh = await uploaded('Handbuch.pdf', await pdfBytes(2, 'Handbuch'));

      const response = await manager.put(`/api/crDocumentis/${doc.id}`, {
        ...documentInput({ nome: 'Adm Update v2', aData: '2099-12-31' }),
        modellos: [
          { id: keptModel.id, modello: MA, daMatricola: 'DOCX0100', aMatricola: 'DOCX0140' },
          { modello: MC, daMatricola: 'AB-0' },
        ],
        nomefiles: [
          { id: keptFile.id, codice: 'UPD-IT2', descrizioneFile: 'Rivisto', lingua: 'it', note: 'n' },
          { upload: fresh.upload, codice: 'UPD-DE', descrizioneFile: 'Handbuch', lingua: 'de' },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-ricambi-alert']).toBe('crDocumenti.updated');
      const updated = response.json<CrDocumenti>();
      expect(updated).toMatchObject({ nome: 'Adm Update v2', aData: '2099-12-31', lastModifiedBy: managerLogin });
      expect(updated.modellos.map((m) => [m.id === keptModel.id, m.modello, m.daMatricola, m.aMatricola])).toEqual([
        [true, MA, 'DOCX0100', 'DOCX0140'],
        [false, MC, 'AB-0', null],
      ]);
      expect(updated.modellos.map((m) => m.id)).not.toContain(goneModel.id);
      expect(updated.nomefiles.map((f) => [f.lingua, f.codice, f.descrizioneFile, f.id === keptFile.id])).toEqual([
        ['de', 'UPD-DE', 'Handbuch', false],
        ['it', 'UPD-IT2', 'Rivisto', true],
      ]);
      // The kept file keeps its bytes; the removed one's are gone, row and object.
      expect(updated.nomefiles.find((f) => f.id === keptFile.id)?.nomeFileFisico).toBe(keptFile.nomeFileFisico);
      expect(await storedRow(goneStored.id)).toBeUndefined();
      expect(await objectExists(goneStored.storageKey)).toBe(false);
      expect(await objectExists(goneStored.thumbnailKey ?? 'none')).toBe(false);
      expect(await t.db.select().from(crDocumentiFile).where(eq(crDocumentiFile.id, goneFile.id))).toEqual([]);
      expect(await t.db.select().from(crDocumentiModelli).where(eq(crDocumentiModelli.id, goneModel.id))).toEqual([]);

      // The library follows: the new range ends at DOCX0140, the name is searchable under its new value.
      expect(await codes(dealer.agent, { serial: S_IN })).not.toContain('UPD-IT2');
      expect(await codes(dealer.agent, { serial: 'DOCX0050' })).not.toContain('UPD-IT2');
      expect(await codes(dealer.agent, { serial: S_DASH, lingua: 'de' })).toContain('UPD-DE');
      expect(await codes(dealer.agent, { brand: 'eurocomach', term: 'adm update v2' })).toEqual(['UPD-IT2']);
      expect(await codes(dealer.agent, { brand: 'eurocomach', term: 'rivisto' })).toEqual(['UPD-IT2']);
    });

    it('deletes a document with its model rows, files and bytes; the log stays', async () => {
      const doc = await createDocument({
        nome: 'Adm Delete',
        modellos: [{ modello: MA }],
        files: [{ codice: 'DEL-IT' }, { codice: 'DEL-DE', lingua: 'de' }],
      });
      const file = doc.nomefiles.find((f) => f.lingua === 'it') as CrDocumentiFile;
      expect((await download(dealer.agent, file.id)).statusCode).toBe(200);
      const logs = await countOf(crDocumentiLog);
      const stored = await t.db
        .select()
        .from(storedFile)
        .where(
          inArray(
            storedFile.id,
            doc.nomefiles.map((f) => f.nomeFileFisico.replace('.pdf', '')),
          ),
        );
      expect(stored).toHaveLength(2);

      const response = await manager.delete(`/api/crDocumentis/${doc.id}`);
      expect(response.statusCode).toBe(204);
      expect((await manager.get(`/api/crDocumentis/${doc.id}`)).statusCode).toBe(404);
      expect(await t.db.select().from(crDocumentiModelli).where(eq(crDocumentiModelli.idCrDocumenti, doc.id))).toEqual(
        [],
      );
      expect(await t.db.select().from(crDocumentiFile).where(eq(crDocumentiFile.idCrDocumenti, doc.id))).toEqual([]);
      for (const s of stored) {
        expect(await storedRow(s.id)).toBeUndefined();
        expect(await objectExists(s.storageKey)).toBe(false);
        expect(await objectExists(s.thumbnailKey ?? 'none')).toBe(false);
      }
      expect((await download(dealer.agent, file.id)).statusCode).toBe(404);
      expect((await dealer.agent.get(`/api/geticon/${file.nomeFileFisico}`)).statusCode).toBe(404);
      expect(await countOf(crDocumentiLog)).toBe(logs);
      expect((await manager.delete(`/api/crDocumentis/${doc.id}`)).statusCode).toBe(404);
    });

    it('refuses wrong documents with field errors and changes nothing', async () => {
      const u = await uploaded('rifiutato.pdf');
      const file = { upload: u.upload, codice: 'REF', descrizioneFile: 'Rifiutato', lingua: 'it' };
      const before = await snapshot();
      const refused = async (body: Record<string, unknown>, expected: Record<string, string>) => {
        const response = await manager.post('/api/crDocumentis', body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
        expect(fieldsOf(response)).toEqual(expected);
      };
      const valid = { ...documentInput({ nome: 'Adm Refused' }), modellos: [{ modello: MA }], nomefiles: [file] };
      const { categoria1: _, ...withoutCategory } = valid;
      await refused(withoutCategory, { categoria1: 'validation.required' });
      await refused({ ...valid, nome: ' ' }, { nome: 'validation.required' });
      await refused({ ...valid, nome: 'x'.repeat(201) }, { nome: 'validation.maxlength' });
      await refused({ ...valid, brand: 'sconosciuto' }, { brand: 'crDocumenti.validation.brand' });
      await refused({ ...valid, brand: 'Eurocomach' }, { brand: 'crDocumenti.validation.brand' });
      await refused({ ...valid, tipoDocumento: 'XXX' }, { tipoDocumento: 'validation.invalid' });
      await refused({ ...valid, categoria3: 'DIA' }, { categoria2: 'crDocumenti.validation.categoria2' });
      await refused(
        { ...valid, daData: '2024-05-02', aData: '2024-05-01' },
        { aData: 'crDocumenti.validation.validityRange' },
      );
      await refused(
        { ...valid, modellos: [{ modello: MA, daMatricola: 'DOCX0200', aMatricola: 'docx0100' }] },
        { 'modellos.0.aMatricola': 'crDocumenti.validation.serialRange' },
      );
      await refused(
        { ...valid, modellos: [{ modello: 'Nessun modello' }] },
        { modellos: 'crDocumenti.validation.modelUnknown' },
      );
      await refused({ ...valid, modellos: [{ modello: '' }] }, { 'modellos.0.modello': 'validation.required' });
      await refused(
        { ...valid, nomefiles: [{ ...file, upload: randomUUID() }] },
        { 'nomefiles.0.upload': 'crDocumenti.validation.uploadGone' },
      );
      await refused(
        { ...valid, nomefiles: [{ ...file, lingua: 'xx' }] },
        { 'nomefiles.0.lingua': 'validation.invalid' },
      );
      await refused({ ...valid, nomefiles: [{ ...file, upload: null }] }, { 'nomefiles.0.upload': 'upload.missing' });
      // The same upload twice: the second finds it taken.
      await refused(
        { ...valid, nomefiles: [file, { ...file, lingua: 'en' }] },
        { 'nomefiles.1.upload': 'crDocumenti.validation.uploadGone' },
      );
      expect(await snapshot()).toEqual(before);
      expect(await isWaiting(u.upload)).toBe(true);
    });

    it('rolls the whole save back when a later file fails: the first upload still waits', async () => {
      const first = await uploaded('primo.pdf');
      const before = await snapshot();
      const body = {
        ...documentInput({ nome: 'Adm Rollback' }),
        modellos: [{ modello: MA }, { modello: MB_MODEL }],
        nomefiles: [
          { upload: first.upload, codice: 'RB-1', descrizioneFile: 'Primo', lingua: 'it' },
          { upload: randomUUID(), codice: 'RB-2', descrizioneFile: 'Secondo', lingua: 'en' },
        ],
      };
      const response = await manager.post('/api/crDocumentis', body);
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual({ 'nomefiles.1.upload': 'crDocumenti.validation.uploadGone' });
      expect(await snapshot()).toEqual(before);
      expect(await t.db.select().from(crDocumenti).where(eq(crDocumenti.nome, 'Adm Rollback'))).toEqual([]);
      expect(await isWaiting(first.upload)).toBe(true);

      // Still free: a save naming it alone takes it; a second document then finds it taken.
      const saved = await manager.post('/api/crDocumentis', { ...body, nomefiles: [body.nomefiles[0]] });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(await isWaiting(first.upload)).toBe(false);
      const again = await manager.post('/api/crDocumentis', {
        ...body,
        nome: 'Adm Rollback 2',
        nomefiles: [body.nomefiles[0]],
      });
      expect(fieldsOf(again)).toEqual({ 'nomefiles.0.upload': 'crDocumenti.validation.uploadGone' });

      // A file of another area is no upload of this one.
      const warrantyFile = await t.files.add(
        t.db,
        {
          area: 'warranty',
          name: 'garanzia.pdf',
          bytes: manual,
          contentType: 'application/pdf',
          kind: 'pdf',
          extension: 'pdf',
        },
        async (_tx, row) => row.id,
      );
      const stolen = await manager.post('/api/crDocumentis', {
        ...body,
        nome: 'Adm Stolen',
        nomefiles: [{ ...body.nomefiles[0], upload: warrantyFile }],
      });
      expect(fieldsOf(stolen)).toEqual({ 'nomefiles.0.upload': 'crDocumenti.validation.uploadGone' });
    });

    it('refuses a wrong update and leaves the document as it was', async () => {
      const doc = await createDocument({
        nome: 'Adm Keep',
        modellos: [{ modello: MA }, { modello: MB_MODEL }],
        files: [{ codice: 'KEEP-IT' }, { codice: 'KEEP-EN', lingua: 'en' }],
      });
      const other = await createDocument({ nome: 'Adm Other', files: [{ codice: 'OTHER-IT' }] });
      const itFile = doc.nomefiles.find((f) => f.lingua === 'it') as CrDocumentiFile;
      const before = await snapshot();
      const put = (body: Record<string, unknown>) => manager.put(`/api/crDocumentis/${doc.id}`, body);
      // Drops a model row and a file, edits the other, then fails on a new upload.
      const failing = await put({
        ...documentInput({ nome: 'Adm Keep changed' }),
        modellos: [{ id: doc.modellos[0]?.id, modello: MA, daMatricola: 'X' }],
        nomefiles: [
          { id: itFile.id, codice: 'CHANGED', descrizioneFile: 'x', lingua: 'it' },
          { upload: randomUUID(), codice: 'NEW', descrizioneFile: 'x', lingua: 'de' },
        ],
      });
      expect(fieldsOf(failing)).toEqual({ 'nomefiles.1.upload': 'crDocumenti.validation.uploadGone' });
      // A file or a model row of another document is not this one's to keep.
      const foreignFile = await put({
        ...documentInput({ nome: 'Adm Keep' }),
        nomefiles: [{ id: other.nomefiles[0]?.id, codice: 'MINE', descrizioneFile: 'x', lingua: 'it' }],
      });
      expect(fieldsOf(foreignFile)).toEqual({ nomefiles: 'validation.invalid' });
      const foreignModel = await put({
        ...documentInput({ nome: 'Adm Keep' }),
        modellos: [{ id: 999_999_999, modello: MA }],
      });
      expect(fieldsOf(foreignModel)).toEqual({ modellos: 'validation.invalid' });
      expect((await manager.put('/api/crDocumentis/999999999', documentInput())).statusCode).toBe(404);

      expect(await snapshot()).toEqual(before);
      expect(await readDocument(doc.id)).toEqual(doc);
      expect(await readDocument(other.id)).toEqual(other);
    });

    it('is for managers only', async () => {
      for (const agent of [admin, dealer.agent, internal.agent]) {
        expect((await agent.get('/api/crDocumentis')).statusCode).toBe(403);
        expect((await agent.post('/api/crDocumentis', documentInput())).statusCode).toBe(403);
        expect((await agent.get('/api/crDocumentiFiles')).statusCode).toBe(403);
        expect((await agent.get('/api/crDocumentiModellis')).statusCode).toBe(403);
      }
    });
  });

  // =============================================================================================
  describe('uploads', () => {
    it('refuses a PDF over 100 MB with 413 and stores nothing', async () => {
      const before = await snapshot();
      const start = await pdfBytes(1, 'Troppo grande');
      const big = streamedMultipart([], { name: 'file', filename: 'enorme.pdf', start, total: 101 * MB });
      const response = await manager.post('/api/crDocumentiFiles/upload', big.payload, { headers: big.headers });
      expect(response.statusCode, response.body).toBe(413);
      expect(problemOf(response)).toMatchObject({
        message: 'upload.tooLarge',
        params: { name: 'enorme.pdf', limit: '100 MB' },
      });
      expect(problemOf(response).fieldErrors?.[0]).toMatchObject({ field: 'file', message: 'upload.tooLarge' });
      expect(big.read()).toBeGreaterThan(100 * MB);
      expect(await snapshot()).toEqual(before);
    }, 60_000);

    it('judges the file by its content: a picture named .pdf, an empty file, no file are refused', async () => {
      const before = await snapshot();
      const png = await upload({ filename: 'x.pdf', content: minimalPng(40, 30) });
      expect(png.statusCode).toBe(400);
      expect(problemOf(png)).toMatchObject({ message: 'upload.wrongType' });
      expect(fieldsOf(png)).toEqual({ file: 'upload.wrongType' });
      expect(fieldsOf(await upload({ filename: 'vuoto.pdf', content: Buffer.alloc(0) }))).toEqual({
        file: 'upload.empty',
      });
      const none = multipart([{ name: 'crDocumentiFile', value: '{}' }]);
      const missing = await manager.post('/api/crDocumentiFiles/upload', none.payload, { headers: none.headers });
      expect(missing.statusCode).toBe(400);
      expect((await manager.post('/api/crDocumentiFiles/upload', { a: 1 })).statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it('gives an upload to a document at once when the JSON names it', async () => {
      const doc = await createDocument({ nome: 'Up Direct', files: [{ codice: 'DIR-IT' }] });
      const content = await pdfBytes(4, 'Bollettino');
      const response = await upload(
        { filename: 'Bollettino 12.pdf', content },
        { idCrDocumenti: doc.id, codice: ' DIR-FR ', descrizioneFile: 'Bulletin', lingua: 'fr', note: 'Nota' },
      );
      expect(response.statusCode, response.body).toBe(201);
      const answer = response.json<DocumentUpload>();
      expect(answer).toMatchObject({
        nomeFileOriginale: 'Bollettino 12.pdf',
        sizeBytes: content.length,
        icona: true,
        file: {
          idCrDocumenti: { id: doc.id, nome: 'Up Direct' },
          codice: 'DIR-FR',
          descrizioneFile: 'Bulletin',
          lingua: 'fr',
          note: 'Nota',
          nomeFileFisico: `${answer.upload}.pdf`,
          nomeFileOriginale: 'Bollettino 12.pdf',
          sizeBytes: content.length,
          icona: true,
        },
      });
      expect(await isWaiting(answer.upload)).toBe(false);
      expect((await readDocument(doc.id)).nomefiles.map((f) => f.codice)).toEqual(['DIR-FR', 'DIR-IT']);
      const got = await download(dealer.agent, answer.file?.id ?? 0);
      expect(got.rawPayload.equals(content)).toBe(true);
    });

    it('refuses a JSON that names a document without the file data, or a document that does not exist', async () => {
      const doc = await createDocument({ nome: 'Up Refused' });
      const before = await snapshot();
      const file = { filename: 'a.pdf', content: manual };
      const refused = await upload(file, { idCrDocumenti: doc.id, descrizioneFile: 'x', lingua: 'it' });
      expect(refused.statusCode).toBe(400);
      expect(fieldsOf(refused)).toEqual({ codice: 'validation.required' });
      expect(fieldsOf(await upload(file, { idCrDocumenti: doc.id, codice: 'c', descrizioneFile: 'x' }))).toEqual({
        lingua: 'validation.required',
      });
      expect(
        fieldsOf(await upload(file, { idCrDocumenti: 999_999_999, codice: 'c', descrizioneFile: 'x', lingua: 'it' })),
      ).toEqual({ idCrDocumenti: 'crDocumenti.validation.documentUnknown' });
      for (const meta of [
        '{not json',
        '[]',
        JSON.stringify({ idCrDocumenti: 'abc' }),
        JSON.stringify({ lingua: 'xx' }),
      ]) {
        const response = await upload(file, meta);
        expect(response.statusCode, meta).toBe(400);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('is for managers only', async () => {
      const before = await snapshot();
      for (const agent of [admin, dealer.agent, internal.agent, subdealer]) {
        expect((await upload({ filename: 'a.pdf', content: manual }, undefined, agent)).statusCode).toBe(403);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('sweeps uploads no document took within a day, keeping taken and young ones', async () => {
      const old = await uploaded('vecchio.pdf');
      const young = await uploaded('recente.pdf');
      const takenUpload = await uploaded('preso.pdf');
      await manager.post(
        '/api/crDocumentis',
        documentInput({
          nome: 'Up Swept',
          nomefiles: [{ upload: takenUpload.upload, codice: 'SW', descrizioneFile: 'x', lingua: 'it' }],
        }),
      );
      const age = (id: string, hours: number) =>
        t.db
          .update(storedFile)
          .set({ createdAt: new Date(Date.now() - hours * HOUR) })
          .where(eq(storedFile.id, id));
      await age(old.upload, 25);
      await age(young.upload, 23);
      await age(takenUpload.upload, 48);
      const oldRow = (await storedRow(old.upload)) as typeof storedFile.$inferSelect;
      expect(await objectExists(oldRow.storageKey)).toBe(true);

      const sweeper = createDocumentAdmin({ db: t.db, files: t.files });
      expect(await sweeper.sweepWaitingUploads(new Date())).toBe(1);
      expect(await storedRow(old.upload)).toBeUndefined();
      expect(await objectExists(oldRow.storageKey)).toBe(false);
      expect(await objectExists(oldRow.thumbnailKey ?? 'none')).toBe(false);
      expect(await isWaiting(young.upload)).toBe(true);
      expect(await storedRow(takenUpload.upload)).toBeDefined();
      // A swept upload cannot be given to a document any more.
      const late = await manager.post(
        '/api/crDocumentis',
        documentInput({
          nome: 'Up Late',
          nomefiles: [{ upload: old.upload, codice: 'LATE', descrizioneFile: 'x', lingua: 'it' }],
        }),
      );
      expect(fieldsOf(late)).toEqual({ 'nomefiles.0.upload': 'crDocumenti.validation.uploadGone' });
      // An hour later the young one has waited a day too.
      expect(await sweeper.sweepWaitingUploads(new Date(Date.now() + 2 * HOUR))).toBe(1);
      expect(await storedRow(young.upload)).toBeUndefined();
      expect(await storedRow(takenUpload.upload)).toBeDefined();
      expect(await sweeper.sweepWaitingUploads(new Date())).toBe(0);
    });

    it('does not sweep an upload that a save is taking at that very moment', async () => {
      const u = await uploaded('ultimo minuto.pdf');
      await t.db
        .update(storedFile)
        .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
        .where(eq(storedFile.id, u.upload));
      const stored = (await storedRow(u.upload)) as typeof storedFile.$inferSelect;
      const doc = await createDocument({ nome: 'Up Race', brand: 'tracks' });
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let taken = () => {};
      const isTaken = new Promise<void>((resolve) => {
        taken = resolve;
      });
      // A save as the document's does it: the upload's row locked, its file row written, not yet committed.
      const save = t.db.transaction(async (tx) => {
        await tx.select().from(storedFile).where(eq(storedFile.id, u.upload)).for('update');
        await tx.insert(crDocumentiFile).values({
          idCrDocumenti: doc.id,
          codice: 'RACE',
          descrizioneFile: 'Al limite',
          lingua: 'it',
          nomeFileFisico: `${u.upload}.pdf`,
          nomeFileOriginale: stored.originalName,
          fileId: u.upload,
        });
        taken();
        await gate;
      });
      await isTaken;
      const sweeping = createDocumentAdmin({ db: t.db, files: t.files }).sweepWaitingUploads(new Date());
      if (t.database.kind === 'postgres') {
        // The sweep has read the upload as waiting and now waits for the save's lock.
        const blocked = async () => {
          const result = (await t.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { n: number }[] };
          return result.rows[0]?.n ?? 0;
        };
        for (let i = 0; i < 500 && (await blocked()) === 0; i++) await new Promise((r) => setImmediate(r));
        expect(await blocked()).toBe(1);
      }
      release();
      await save;
      expect(await sweeping).toBe(0);
      expect(await storedRow(u.upload)).toMatchObject({ deletedAt: null });
      expect(await objectExists(stored.storageKey)).toBe(true);
      const [row] = await t.db.select().from(crDocumentiFile).where(eq(crDocumentiFile.fileId, u.upload));
      const got = await download(dealer.agent, row?.id ?? 0);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(manual)).toBe(true);
    });
  });

  // =============================================================================================
  describe('model rows and files on the kit', () => {
    let doc: CrDocumenti;
    beforeAll(async () => {
      doc = await createDocument({ nome: 'Kit Doc', brand: 'nordmak', categoria1: 'RIC' });
    });

    it('creates, reads, lists, updates and deletes a model row', async () => {
      const created = await manager.post('/api/crDocumentiModellis', {
        idCrDocumenti: doc.id,
        modello: MA,
        daMatricola: 'k0001',
        aMatricola: 'K0009',
        note: 'Kit',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.headers['x-ricambi-alert']).toBe('crDocumentiModelli.created');
      const row = created.json<CrDocumentiModelli>();
      expect(row).toEqual({
        id: expect.any(Number),
        idCrDocumenti: { id: doc.id, nome: 'Kit Doc' },
        modello: MA,
        daMatricola: 'K0001',
        aMatricola: 'K0009',
        note: 'Kit',
      });
      expect((await manager.get(`/api/crDocumentiModellis/${row.id}`)).json()).toEqual(row);
      expect((await readDocument(doc.id)).modellos).toEqual([row]);
      const list = await manager.get('/api/crDocumentiModellis', { query: { search: 'ec35', sort: 'id,desc' } });
      expect(list.statusCode).toBe(200);
      expect(Number(list.headers['x-total-count'])).toBeGreaterThan(0);
      expect(list.json<CrDocumentiModelli[]>()[0]).toEqual(row);

      const updated = await manager.put(`/api/crDocumentiModellis/${row.id}`, {
        idCrDocumenti: doc.id,
        modello: MB_MODEL,
        daMatricola: null,
        aMatricola: '',
        note: '',
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toEqual({ ...row, modello: MB_MODEL, daMatricola: null, aMatricola: null, note: null });
      expect(await codes(dealer.agent, { serial: S_B, brand: 'eurocomach' })).toContain('C-ONLYB');

      expect((await manager.delete(`/api/crDocumentiModellis/${row.id}`)).statusCode).toBe(204);
      expect((await manager.get(`/api/crDocumentiModellis/${row.id}`)).statusCode).toBe(404);
      expect((await readDocument(doc.id)).modellos).toEqual([]);
    });

    it('validates model rows: limits, a known model and document, the range', async () => {
      const before = await snapshot();
      const base = { idCrDocumenti: doc.id, modello: MA };
      const refused = async (body: Record<string, unknown>, expected: Record<string, string>) => {
        const response = await manager.post('/api/crDocumentiModellis', body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
        expect(fieldsOf(response)).toEqual(expected);
      };
      await refused({ ...base, modello: ' ' }, { modello: 'validation.required' });
      await refused({ ...base, modello: 'x'.repeat(201) }, { modello: 'validation.maxlength' });
      await refused({ ...base, daMatricola: 'x'.repeat(201) }, { daMatricola: 'validation.maxlength' });
      await refused({ ...base, aMatricola: 'x'.repeat(201) }, { aMatricola: 'validation.maxlength' });
      await refused({ ...base, note: 'x'.repeat(4001) }, { note: 'validation.maxlength' });
      await refused({ ...base, modello: 'Nessuno' }, { modello: 'crDocumenti.validation.modelUnknown' });
      await refused(
        { ...base, idCrDocumenti: 999_999_999 },
        { idCrDocumenti: 'crDocumenti.validation.documentUnknown' },
      );
      await refused(
        { ...base, daMatricola: 'B', aMatricola: 'a' },
        { aMatricola: 'crDocumenti.validation.serialRange' },
      );
      // At the limits it is accepted.
      const ok = await manager.post('/api/crDocumentiModellis', {
        ...base,
        daMatricola: 'A'.repeat(200),
        aMatricola: 'B'.repeat(200),
        note: 'n'.repeat(4000),
      });
      expect(ok.statusCode, ok.body).toBe(201);
      const id = ok.json<CrDocumentiModelli>().id;
      const put = await manager.put(`/api/crDocumentiModellis/${id}`, { ...base, modello: 'Nessuno' });
      expect(fieldsOf(put)).toEqual({ modello: 'crDocumenti.validation.modelUnknown' });
      expect((await manager.delete(`/api/crDocumentiModellis/${id}`)).statusCode).toBe(204);
      expect(await snapshot()).toEqual(before);
    });

    it('creates a file from an upload, edits its description, deletes it with its bytes', async () => {
      const u = await uploaded('Catalogue.pdf');
      const created = await manager.post('/api/crDocumentiFiles', {
        idCrDocumenti: doc.id,
        upload: u.upload,
        codice: 'KIT-FR',
        descrizioneFile: 'Catalogue des pièces',
        lingua: 'fr',
        note: 'Kit',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.headers['x-ricambi-alert']).toBe('crDocumentiFile.created');
      const file = created.json<CrDocumentiFile>();
      expect(file).toEqual({
        id: expect.any(Number),
        idCrDocumenti: { id: doc.id, nome: 'Kit Doc' },
        codice: 'KIT-FR',
        descrizioneFile: 'Catalogue des pièces',
        lingua: 'fr',
        nomeFileFisico: `${u.upload}.pdf`,
        nomeFileOriginale: 'Catalogue.pdf',
        note: 'Kit',
        sizeBytes: manual.length,
        icona: true,
      });
      expect((await manager.get(`/api/crDocumentiFiles/${file.id}`)).json()).toEqual(file);
      const list = await manager.get('/api/crDocumentiFiles', { query: { search: 'kit-fr', sort: 'codice,asc' } });
      expect(list.json<CrDocumentiFile[]>()).toEqual([file]);
      expect(list.headers['x-total-count']).toBe('1');
      // Taken: the upload cannot make a second file.
      const twice = await manager.post('/api/crDocumentiFiles', { ...file, idCrDocumenti: doc.id, upload: u.upload });
      expect(fieldsOf(twice)).toEqual({ upload: 'crDocumenti.validation.uploadGone' });

      const updated = await manager.put(`/api/crDocumentiFiles/${file.id}`, {
        codice: 'KIT-ES',
        descrizioneFile: 'Catálogo',
        lingua: 'es',
        note: null,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toEqual({
        ...file,
        codice: 'KIT-ES',
        descrizioneFile: 'Catálogo',
        lingua: 'es',
        note: null,
      });
      // The library's search text follows the new description.
      expect(await codes(manager, { brand: 'nordmak', term: 'catálogo' })).toEqual(['KIT-ES']);
      expect(await codes(manager, { brand: 'nordmak', term: 'pièces' })).toEqual([]);

      const stored = (await storedRow(u.upload)) as typeof storedFile.$inferSelect;
      expect((await manager.delete(`/api/crDocumentiFiles/${file.id}`)).statusCode).toBe(204);
      expect((await manager.get(`/api/crDocumentiFiles/${file.id}`)).statusCode).toBe(404);
      expect(await storedRow(u.upload)).toBeUndefined();
      expect(await objectExists(stored.storageKey)).toBe(false);
    });

    it('validates files: language, limits, an upload that waits, a known document', async () => {
      const u = await uploaded('valida.pdf');
      const before = await snapshot();
      const base = { idCrDocumenti: doc.id, upload: u.upload, codice: 'V', descrizioneFile: 'V', lingua: 'it' };
      const refused = async (body: Record<string, unknown>, expected: Record<string, string>) => {
        const response = await manager.post('/api/crDocumentiFiles', body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
        expect(fieldsOf(response)).toEqual(expected);
      };
      await refused({ ...base, lingua: 'xx' }, { lingua: 'validation.invalid' });
      await refused({ ...base, lingua: 'IT' }, { lingua: 'validation.invalid' });
      await refused({ ...base, codice: '' }, { codice: 'validation.required' });
      await refused({ ...base, codice: 'x'.repeat(201) }, { codice: 'validation.maxlength' });
      await refused({ ...base, descrizioneFile: 'x'.repeat(201) }, { descrizioneFile: 'validation.maxlength' });
      await refused({ ...base, note: 'x'.repeat(4001) }, { note: 'validation.maxlength' });
      await refused({ ...base, upload: 'non-un-uuid' }, { upload: 'validation.invalid' });
      await refused({ ...base, upload: randomUUID() }, { upload: 'crDocumenti.validation.uploadGone' });
      await refused(
        { ...base, idCrDocumenti: 999_999_999 },
        { idCrDocumenti: 'crDocumenti.validation.documentUnknown' },
      );
      expect(await snapshot()).toEqual(before);
      expect(await isWaiting(u.upload)).toBe(true);

      // At the limits it is accepted; an update validates the same way.
      const ok = await manager.post('/api/crDocumentiFiles', {
        ...base,
        codice: 'c'.repeat(200),
        descrizioneFile: 'd'.repeat(200),
        note: 'n'.repeat(4000),
      });
      expect(ok.statusCode, ok.body).toBe(201);
      const id = ok.json<CrDocumentiFile>().id;
      const put = await manager.put(`/api/crDocumentiFiles/${id}`, { codice: 'c', descrizioneFile: 'd', lingua: 'pt' });
      expect(fieldsOf(put)).toEqual({ lingua: 'validation.invalid' });
      expect((await manager.get(`/api/crDocumentiFiles/${id}`)).json<CrDocumentiFile>().lingua).toBe('it');
    });
  });

  // =============================================================================================
  describe('hostile input', () => {
    it('answers wrong filters with 400, never 500', async () => {
      const bad: Record<string, string | string[]>[] = [
        { serial: 'a\u0000b' },
        { brand: 'euro\u0000comach' },
        { term: 'x\u0000y', brand: 'eurocomach' },
        { term: 'x'.repeat(100_000), brand: 'eurocomach' },
        { serial: 'X'.repeat(21) },
        { brand: 'x'.repeat(51) },
        { lingua: 'xx', brand: 'eurocomach' },
        { lingua: ['it', 'en'], brand: 'eurocomach' },
        { categoria1: ['USO', 'ASS'], brand: 'eurocomach' },
        { categoria2: 'x'.repeat(51), brand: 'eurocomach' },
        { page: 'abc', brand: 'eurocomach' },
        { page: '-1', brand: 'eurocomach' },
        { size: '1e30', brand: 'eurocomach' },
        { size: '101', brand: 'eurocomach' },
      ];
      for (const query of bad) {
        const url = `/api/documenti/search?${new URLSearchParams(
          Object.entries(query).flatMap(([k, v]) => [v].flat().map((x): [string, string] => [k, x])),
        )}`;
        for (const agent of [dealer.agent, manager]) {
          const response = await agent.get(url);
          expect(response.statusCode, url.slice(0, 120)).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, url.slice(0, 120)).toBeLessThan(500);
        }
        const treeUrl = url.replace('/api/documenti/search', '/api/crDocumentistree');
        const treeResponse = await dealer.agent.get(treeUrl);
        expect(treeResponse.statusCode, treeUrl.slice(0, 120)).toBeLessThan(500);
      }
    });

    it('answers ids that cannot be ids with 4xx', async () => {
      const calls: [Agent, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [];
      for (const id of ['abc', '1e30', '99999999999999999999', '-1', '0', '1.5', '%00']) {
        calls.push([dealer.agent, 'POST', `/api/documenti/download/${id}`, {}]);
        calls.push([dealer.agent, 'GET', `/api/documenti/download?id=${id}`]);
        calls.push([dealer.agent, 'GET', `/api/crDocumentiFilesByIdAndLingua?id=${id}`]);
        calls.push([manager, 'GET', `/api/crDocumentis/${id}`]);
        calls.push([manager, 'PUT', `/api/crDocumentis/${id}`, documentInput()]);
        calls.push([manager, 'DELETE', `/api/crDocumentis/${id}`]);
        calls.push([manager, 'GET', `/api/crDocumentiFiles/${id}`]);
        calls.push([manager, 'DELETE', `/api/crDocumentiModellis/${id}`]);
        calls.push([admin, 'GET', `/api/crDocumentiLogs/${id}`]);
      }
      for (const [agent, method, url, payload] of calls) {
        const response = await agent.request(method, url, payload === undefined ? {} : { payload: payload as never });
        expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    });

    it('refuses physical names that are no server name, paths included', async () => {
      for (const name of [
        '..%2Fx.pdf',
        '..%2F..%2Fetc%2Fpasswd',
        'x.pdf',
        `${randomUUID()}.PDF`,
        '%00.pdf',
        'a'.repeat(5000),
      ]) {
        const response = await dealer.agent.get(`/api/geticon/${name}`);
        expect(response.statusCode, name.slice(0, 40)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, name.slice(0, 40)).toBeLessThan(500);
      }
      // Dot segments are resolved before routing: what is left is some other URL (the web app's page
      // once built, else a 404), never a file of the store.
      for (const url of ['/api/geticon/../x.pdf', '/api/geticon/../../x.pdf', '/api/geticon/%2E%2E/x.pdf']) {
        const response = await dealer.agent.get(url);
        expect(response.statusCode, url).toBeLessThan(500);
        expect(String(response.headers['content-type']), url).not.toMatch(/pdf|webp|octet/);
      }
    });

    it('answers wrong bodies with 400 and changes nothing', async () => {
      const before = await snapshot();
      const bodies: unknown[] = [
        null,
        [],
        'x',
        { ...documentInput(), nome: 123 },
        { ...documentInput(), nome: 'a\u0000b' },
        { ...documentInput(), nome: 'x'.repeat(100_000) },
        { ...documentInput(), interno: 'yes' },
        { ...documentInput(), daData: '2024-13-45x' },
        { ...documentInput(), modellos: 'x' },
        { ...documentInput(), modellos: [{ modello: MA, daMatricola: 12 }] },
        { ...documentInput(), nomefiles: [{ upload: 'x', codice: 'c', descrizioneFile: 'd', lingua: 'it' }] },
        { ...documentInput(), nomefiles: [{ id: 'abc', codice: 'c', descrizioneFile: 'd', lingua: 'it' }] },
        { ...documentInput(), nomefiles: [{ id: 1e30, codice: 'c', descrizioneFile: 'd', lingua: 'it' }] },
        { ...documentInput(), modellos: Array.from({ length: 201 }, () => ({ modello: MA })) },
      ];
      for (const body of bodies) {
        const response = await manager.post('/api/crDocumentis', JSON.stringify(body), {
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      }
      for (const body of [
        { filtriRicercaApplicati: 'x'.repeat(2001) },
        { idDocumento: 'abc' },
        { linguaDocumento: 'xx' },
      ]) {
        const range = await search(dealer.agent, { serial: S_IN, size: '1' });
        const response = await download(dealer.agent, range.rows[0]?.id ?? 0, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      }
      expect(await snapshot()).toEqual(before);
    });
  });
});
