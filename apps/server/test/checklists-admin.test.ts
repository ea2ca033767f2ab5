import {
  businessToday,
  type ChecklistHeaderAdmin,
  type ChecklistLineAdmin,
  type ChecklistTemplateHeaderAdmin,
  type ChecklistTemplateLineAdmin,
} from '@ricambi/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crDarHeader, crDarLine, crDarTemplateHeader, crDarTemplateLine, storedFile } from '../src/db/schema/index.ts';
import { dayBefore } from '../src/modules/checklists-admin/checklists-admin.service.ts';
import { createTestApp, problemOf, type TestApp } from './test-app.ts';

type Agent = Awaited<ReturnType<TestApp['signIn']>>;
type Response = Awaited<ReturnType<Agent['get']>>;
const fieldsOf = (response: Response) =>
  Object.fromEntries((problemOf(response).fieldErrors ?? []).map((f) => [f.field, f.message]));
const IN_USE = 'crDarTemplate.error.inUse';

/** A template (version 1, DAR, in force) with a group row and `questions` question rows (the last allows N/A). */
const insertTemplate = async (
  t: TestApp,
  o: { nome?: string; versione?: string; questions?: number; daData?: string | null; aData?: string | null } = {},
) => {
  const [template] = await t.db
    .insert(crDarTemplateHeader)
    .values({
      nome: o.nome ?? `Template ${Math.random().toString(36).slice(2, 8)}`,
      versione: o.versione ?? '1',
      tipoDocumento: 'DAR',
      daData: o.daData === undefined ? '2025-01-01' : o.daData,
      aData: o.aData ?? null,
      nomeBreve: 'T',
      darDescr: 'Ispezione',
    })
    .returning();
  if (!template) throw new Error('no template');
  const questions = o.questions ?? 2;
  const lines = await t.db
    .insert(crDarTemplateLine)
    .values([
      { templateHeaderId: template.id, tipoRiga: 'G', progressivo1: 1, darDescr1: { it: 'Motore', en: 'Engine' } },
      ...Array.from({ length: questions }, (_, i) => ({
        templateHeaderId: template.id,
        tipoRiga: 'D',
        progressivo1: 1,
        progressivo2: i + 1,
        darDescr1: { it: `Domanda ${i + 1}`, de: `Frage ${i + 1}` },
        darDescr2: { it: 'Controllare' },
        scoreOK: 2,
        scoreKO: -1,
        scoreNA: 0,
        darNaFlag: i === questions - 1 ? 'Y' : 'N',
      })),
    ])
    .returning();
  return { template, lines };
};

/** A compiled checklist of the template with a blank line per template line. */
const insertChecklist = async (t: TestApp, templateId: number, stato = 'In Corso') => {
  const [header] = await t.db
    .insert(crDarHeader)
    .values({
      matricola: `SN${Math.floor(Math.random() * 1e6)}`,
      modello: 'EC35',
      userLogin: 'dealer',
      dealerLogin: 'dealer',
      stato,
      dataArrivoMacchina: '2026-01-10',
      templateHeaderId: templateId,
    })
    .returning();
  if (!header) throw new Error('no header');
  const templateLines = await t.db
    .select()
    .from(crDarTemplateLine)
    .where(eq(crDarTemplateLine.templateHeaderId, templateId))
    .orderBy(crDarTemplateLine.id);
  const lines = await t.db
    .insert(crDarLine)
    .values(templateLines.map((tl) => ({ headerId: header.id, templateLineId: tl.id })))
    .returning();
  return { header, lines, templateLines };
};

const countOf = async (t: TestApp, table: typeof crDarTemplateLine | typeof crDarLine, where: ReturnType<typeof eq>) =>
  (await t.db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
const templateRow = async (t: TestApp, id: number) =>
  (await t.db.select().from(crDarTemplateHeader).where(eq(crDarTemplateHeader.id, id)))[0];
const headerRow = async (t: TestApp, id: number) =>
  (await t.db.select().from(crDarHeader).where(eq(crDarHeader.id, id)))[0];

const templateBody = (over: Record<string, unknown> = {}) => ({
  nome: 'Checklist consegna',
  nomeBreve: 'Consegna',
  versione: '1',
  darDescr: 'Ispezione alla consegna',
  tipoDocumento: 'PDI',
  daData: '2026-01-01',
  aData: null,
  note: null,
  ...over,
});
const lineBody = (templateId: number, over: Record<string, unknown> = {}) => ({
  idCrDarTemplateHeader: templateId,
  tipoRiga: 'D',
  progressivo1: 2,
  progressivo2: 1,
  darDescr1: { it: 'Livello olio', en: 'Oil level', fr: '', de: 'Ölstand', es: 'Nivel de aceite' },
  darDescr2: { it: 'Controllare a freddo' },
  scoreOK: 1,
  scoreKO: 0,
  scoreNA: 0,
  darNaFlag: 'Y',
  ...over,
});

// Spec 3 §2, §3, §5, §7 and issue 15 §7: the checklist administration on the entity kit (ROLE_MANAGER).
describe('checklist administration', () => {
  let t: TestApp;
  let manager: Agent;
  let dealer: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    const m = await t.createUser({ authorities: ['ROLE_MANAGER', 'ROLE_USER'] });
    manager = await t.signIn(m.login, m.password);
    const d = await t.createUser({ authorities: ['ROLE_CR_USER', 'ROLE_USER'] });
    dealer = await t.signIn(d.login, d.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for managers only: a dealer gets 403 on every resource, a manager 200', async () => {
    const { template } = await insertTemplate(t);
    for (const path of [
      '/api/crDarTemplateHeaders',
      '/api/crDarTemplateLines',
      '/api/crDarHeaders',
      '/api/crDarLines',
    ]) {
      expect((await dealer.get(path)).statusCode, path).toBe(403);
      expect((await manager.get(path)).statusCode, path).toBe(200);
    }
    expect((await dealer.post(`/api/crDarTemplateHeaders/${template.id}/newVersion`)).statusCode).toBe(403);
    expect((await dealer.post('/api/crDarTemplateHeaders', templateBody())).statusCode).toBe(403);
    expect((await dealer.delete(`/api/crDarTemplateHeaders/${template.id}`)).statusCode).toBe(403);
    expect(await templateRow(t, template.id)).toBeTruthy();
  });

  describe('template headers', () => {
    it('creates, lists (paged, sorted, searched), reads, updates and deletes a template', async () => {
      const created = await manager.post('/api/crDarTemplateHeaders', templateBody({ nome: '  Consegna ZX  ' }));
      expect(created.statusCode, created.body).toBe(201);
      expect(created.headers['x-ricambi-alert']).toBe('crDarTemplateHeader.created');
      const row = created.json<ChecklistTemplateHeaderAdmin>();
      expect(row).toMatchObject({
        nome: 'Consegna ZX',
        versione: '1',
        tipoDocumento: 'PDI',
        daData: '2026-01-01',
        aData: null,
        inUso: false,
      });
      expect(row.createdBy).not.toBe('system');
      expect((await manager.get(`/api/crDarTemplateHeaders/${row.id}`)).json()).toEqual(row);

      const list = await manager.get('/api/crDarTemplateHeaders', {
        query: { search: 'consegna zx', sort: 'nome,desc', size: '1' },
      });
      expect(list.statusCode).toBe(200);
      expect(list.headers['x-total-count']).toBe('1');
      expect(list.headers.link).toContain('rel="last"');
      expect(list.json<ChecklistTemplateHeaderAdmin[]>().map((r) => r.id)).toEqual([row.id]);
      expect((await manager.get('/api/crDarTemplateHeaders', { query: { sort: 'nope,asc' } })).statusCode).toBe(400);

      const updated = await manager.put(
        `/api/crDarTemplateHeaders/${row.id}`,
        templateBody({ nome: 'Consegna ZX', aData: '2026-12-31', versione: '1.1' }),
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json<ChecklistTemplateHeaderAdmin>()).toMatchObject({ aData: '2026-12-31', versione: '1.1' });

      const removed = await manager.delete(`/api/crDarTemplateHeaders/${row.id}`);
      expect(removed.statusCode).toBe(204);
      expect(removed.headers['x-ricambi-alert']).toBe('crDarTemplateHeader.deleted');
      expect((await manager.get(`/api/crDarTemplateHeaders/${row.id}`)).statusCode).toBe(404);
    });

    it('keeps the limits of spec 3 §5 (field errors)', async () => {
      const post = (over: Record<string, unknown>) => manager.post('/api/crDarTemplateHeaders', templateBody(over));
      expect(fieldsOf(await post({ nome: 'x'.repeat(201) }))).toEqual({ nome: 'validation.maxlength' });
      expect(fieldsOf(await post({ nome: ' ' }))).toEqual({ nome: 'validation.required' });
      expect(fieldsOf(await post({ nomeBreve: 'x'.repeat(51) }))).toEqual({ nomeBreve: 'validation.maxlength' });
      expect(fieldsOf(await post({ versione: 'x'.repeat(11) }))).toEqual({ versione: 'validation.maxlength' });
      expect(fieldsOf(await post({ darDescr: 'x'.repeat(65) }))).toEqual({ darDescr: 'validation.maxlength' });
      expect(fieldsOf(await post({ note: 'x'.repeat(4001) }))).toEqual({ note: 'validation.maxlength' });
      expect(fieldsOf(await post({ tipoDocumento: 'XYZ' }))).toEqual({ tipoDocumento: 'validation.required' });
      expect(fieldsOf(await post({ daData: '31/12/2026' }))).toEqual({ daData: 'validation.invalid' });
    });
  });

  describe('template lines', () => {
    it('creates, reads, updates and deletes a line with its five-language descriptions', async () => {
      const { template } = await insertTemplate(t, { nome: 'Linee' });
      const created = await manager.post('/api/crDarTemplateLines', lineBody(template.id, { tipoRiga: 'd' }));
      expect(created.statusCode, created.body).toBe(201);
      const row = created.json<ChecklistTemplateLineAdmin>();
      expect(row).toMatchObject({
        idCrDarTemplateHeader: { id: template.id, nome: 'Linee', versione: '1', tipoDocumento: 'DAR', inUso: false },
        tipoRiga: 'D',
        progressivo1: 2,
        progressivo2: 1,
        progressivo3: null,
        // An empty language is left out.
        darDescr1: { it: 'Livello olio', en: 'Oil level', de: 'Ölstand', es: 'Nivel de aceite' },
        darDescr2: { it: 'Controllare a freddo' },
        darNaFlag: 'Y',
        scoreOK: 1,
      });

      const list = await manager.get(
        `/api/crDarTemplateLines?search=${template.id}&sort=progressivo1,asc&sort=progressivo2,asc`,
      );
      expect(list.headers['x-total-count']).toBe('4');
      expect(list.json<ChecklistTemplateLineAdmin[]>().at(-1)?.id).toBe(row.id);
      const byText = await manager.get('/api/crDarTemplateLines', { query: { search: 'ölstand' } });
      expect(byText.json<ChecklistTemplateLineAdmin[]>().map((l) => l.id)).toEqual([row.id]);

      const updated = await manager.put(
        `/api/crDarTemplateLines/${row.id}`,
        lineBody(template.id, { darDescr1: { it: 'Livello olio motore' }, darNaFlag: 'N' }),
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json<ChecklistTemplateLineAdmin>()).toMatchObject({
        darDescr1: { it: 'Livello olio motore' },
        darNaFlag: 'N',
      });
      expect((await manager.delete(`/api/crDarTemplateLines/${row.id}`)).statusCode).toBe(204);
      expect(await countOf(t, crDarTemplateLine, eq(crDarTemplateLine.id, row.id))).toBe(0);
    });

    it('keeps the limits of spec 3 §5 and needs an existing template', async () => {
      const { template } = await insertTemplate(t);
      const post = (over: Record<string, unknown>) =>
        manager.post('/api/crDarTemplateLines', lineBody(template.id, over));
      expect(fieldsOf(await post({ tipoRiga: 'DD' }))).toEqual({ tipoRiga: 'validation.maxlength' });
      expect(fieldsOf(await post({ darDescr1: { en: 'Oil' } }))).toEqual({ 'darDescr1.it': 'validation.required' });
      expect(fieldsOf(await post({ darDescr1: { it: 'x', fr: 'x'.repeat(65) } }))).toEqual({
        'darDescr1.fr': 'validation.maxlength',
      });
      expect(fieldsOf(await post({ darDescr2: { de: 'x'.repeat(65) } }))).toEqual({
        'darDescr2.de': 'validation.maxlength',
      });
      expect(fieldsOf(await post({ note: 'x'.repeat(4001) }))).toEqual({ note: 'validation.maxlength' });
      expect(fieldsOf(await post({ progressivo1: undefined }))).toEqual({ progressivo1: 'validation.required' });
      expect(fieldsOf(await post({ idCrDarTemplateHeader: 999_999_999 }))).toEqual({
        idCrDarTemplateHeader: 'crDarTemplateLine.validation.templateUnknown',
      });
    });
  });

  describe('a template in use', () => {
    it('refuses to edit or delete it, or to add, change or delete its lines (409, nothing changed)', async () => {
      const { template, lines } = await insertTemplate(t, { nome: 'In uso' });
      await insertChecklist(t, template.id);
      const before = await templateRow(t, template.id);
      const lineCount = () => countOf(t, crDarTemplateLine, eq(crDarTemplateLine.templateHeaderId, template.id));
      const refused = async (response: Response) => {
        expect(response.statusCode, response.body).toBe(409);
        expect(problemOf(response).message).toBe(IN_USE);
        expect(response.headers['x-ricambi-error']).toBe(IN_USE);
      };

      expect((await manager.get(`/api/crDarTemplateHeaders/${template.id}`)).json()).toMatchObject({ inUso: true });
      expect((await manager.get(`/api/crDarTemplateLines/${lines[0]?.id}`)).json()).toMatchObject({
        idCrDarTemplateHeader: { id: template.id, inUso: true },
      });
      await refused(await manager.put(`/api/crDarTemplateHeaders/${template.id}`, templateBody({ nome: 'Cambiato' })));
      await refused(await manager.delete(`/api/crDarTemplateHeaders/${template.id}`));
      await refused(await manager.post('/api/crDarTemplateLines', lineBody(template.id)));
      const line = lines[1] as (typeof lines)[number];
      await refused(
        await manager.put(`/api/crDarTemplateLines/${line.id}`, lineBody(template.id, { darDescr1: { it: 'Nuovo' } })),
      );
      await refused(await manager.delete(`/api/crDarTemplateLines/${line.id}`));
      // Nor can a line of a template not in use be moved into it.
      const other = await insertTemplate(t);
      const movable = other.lines[0] as (typeof other.lines)[number];
      await refused(await manager.put(`/api/crDarTemplateLines/${movable.id}`, lineBody(template.id)));

      expect(await templateRow(t, template.id)).toEqual(before);
      expect(await lineCount()).toBe(lines.length);
      const [kept] = await t.db.select().from(crDarTemplateLine).where(eq(crDarTemplateLine.id, line.id));
      expect(kept?.darDescr1).toEqual(line.darDescr1);
      expect(await countOf(t, crDarTemplateLine, eq(crDarTemplateLine.templateHeaderId, other.template.id))).toBe(
        other.lines.length,
      );
    });

    it('gets a new version: header and lines copied, in force from today, the old one closed yesterday', async () => {
      const { template, lines } = await insertTemplate(t, { nome: 'Versioni', questions: 3 });
      await insertChecklist(t, template.id);
      const today = businessToday();

      const response = await manager.post(`/api/crDarTemplateHeaders/${template.id}/newVersion`);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['x-ricambi-alert']).toBe('crDarTemplateHeader.versioned');
      const created = response.json<ChecklistTemplateHeaderAdmin>();
      expect(response.headers.location).toBe(`/api/crDarTemplateHeaders/${created.id}`);
      expect(created).toMatchObject({
        nome: 'Versioni',
        nomeBreve: 'T',
        darDescr: 'Ispezione',
        tipoDocumento: 'DAR',
        versione: '2',
        daData: today,
        aData: null,
        inUso: false,
      });
      expect((await templateRow(t, template.id))?.aData).toBe(dayBefore(today));

      const copied = await t.db
        .select()
        .from(crDarTemplateLine)
        .where(eq(crDarTemplateLine.templateHeaderId, created.id))
        .orderBy(crDarTemplateLine.id);
      const shape = (l: (typeof lines)[number]) => ({
        tipoRiga: l.tipoRiga,
        progressivo1: l.progressivo1,
        progressivo2: l.progressivo2,
        darDescr1: l.darDescr1,
        darDescr2: l.darDescr2,
        scoreOK: l.scoreOK,
        scoreKO: l.scoreKO,
        scoreNA: l.scoreNA,
        darNaFlag: l.darNaFlag,
      });
      expect(copied.map(shape)).toEqual(lines.map(shape));
      expect(copied.every((l) => !lines.some((o) => o.id === l.id))).toBe(true);
      // The old lines stay with the old template (its checklists still point at them).
      expect(await countOf(t, crDarTemplateLine, eq(crDarTemplateLine.templateHeaderId, template.id))).toBe(
        lines.length,
      );

      // The new version is not in use: it can be edited.
      const edited = await manager.put(
        `/api/crDarTemplateHeaders/${created.id}`,
        templateBody({ nome: 'Versioni', tipoDocumento: 'DAR', versione: '2', daData: today }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      // Its next version after "2" (and "1") is "3"; "1.1" counts as 1.
      const third = await manager.post(`/api/crDarTemplateHeaders/${created.id}/newVersion`);
      expect(third.json<ChecklistTemplateHeaderAdmin>().versione).toBe('3');
    });

    it('leaves a version already closed before yesterday as it was; a dotted version goes to the next number', async () => {
      const { template } = await insertTemplate(t, { nome: 'Chiuso', versione: '1.1', aData: '2025-06-30' });
      const created = (
        await manager.post(`/api/crDarTemplateHeaders/${template.id}/newVersion`)
      ).json<ChecklistTemplateHeaderAdmin>();
      expect(created.versione).toBe('2');
      expect((await templateRow(t, template.id))?.aData).toBe('2025-06-30');
      expect((await manager.post('/api/crDarTemplateHeaders/999999999/newVersion')).statusCode).toBe(404);
    });
  });

  describe('compiled checklists', () => {
    it('creates a checklist with a blank line per template line, In Corso; its template is kept', async () => {
      const { template, lines } = await insertTemplate(t);
      const body = {
        idCrDarTemplateHeader: template.id,
        matricola: 'ec35a0001',
        modello: 'EC35',
        dataArrivoMacchina: '2026-02-01',
        stato: 'Completato',
        dealerLogin: 'dealer1',
      };
      const created = await manager.post('/api/crDarHeaders', body);
      expect(created.statusCode, created.body).toBe(201);
      const header = created.json<ChecklistHeaderAdmin>();
      expect(header).toMatchObject({
        matricola: 'EC35A0001',
        stato: 'In Corso',
        dealerLogin: 'dealer1',
        idCrDarTemplateHeader: { id: template.id, nome: template.nome, tipoDocumento: 'DAR' },
      });
      expect(await countOf(t, crDarLine, eq(crDarLine.headerId, header.id))).toBe(lines.length);

      const other = await insertTemplate(t);
      expect(
        fieldsOf(
          await manager.put(`/api/crDarHeaders/${header.id}`, { ...body, idCrDarTemplateHeader: other.template.id }),
        ),
      ).toEqual({ idCrDarTemplateHeader: 'crDarHeader.validation.templateFixed' });
      expect(
        fieldsOf(await manager.post('/api/crDarHeaders', { ...body, idCrDarTemplateHeader: 999_999_999 })),
      ).toEqual({ idCrDarTemplateHeader: 'crDarHeader.validation.templateUnknown' });

      const list = await manager.get('/api/crDarHeaders', { query: { search: 'EC35A0001', sort: 'matricola,asc' } });
      expect(list.json<ChecklistHeaderAdmin[]>().map((h) => h.id)).toEqual([header.id]);
    });

    it('keeps the limits of spec 3 §5 (field errors)', async () => {
      const { template } = await insertTemplate(t);
      const post = (over: Record<string, unknown>) =>
        manager.post('/api/crDarHeaders', {
          idCrDarTemplateHeader: template.id,
          matricola: 'SN1',
          modello: 'EC35',
          dataArrivoMacchina: '2026-02-01',
          stato: 'In Corso',
          ...over,
        });
      expect(fieldsOf(await post({ matricola: 'x'.repeat(21) }))).toEqual({ matricola: 'validation.maxlength' });
      expect(fieldsOf(await post({ modello: 'x'.repeat(51) }))).toEqual({ modello: 'validation.maxlength' });
      expect(fieldsOf(await post({ modello: '' }))).toEqual({ modello: 'validation.required' });
      expect(fieldsOf(await post({ dataArrivoMacchina: undefined }))).toEqual({
        dataArrivoMacchina: 'validation.invalid',
      });
      expect(fieldsOf(await post({ userLogin: 'x'.repeat(51) }))).toEqual({ userLogin: 'validation.maxlength' });
      expect(fieldsOf(await post({ userFirstName: 'x'.repeat(51) }))).toEqual({
        userFirstName: 'validation.maxlength',
      });
      expect(fieldsOf(await post({ userLastName: 'x'.repeat(51) }))).toEqual({ userLastName: 'validation.maxlength' });
      expect(fieldsOf(await post({ userEmail: 'x'.repeat(101) }))).toEqual({ userEmail: 'validation.maxlength' });
      expect(fieldsOf(await post({ dealerLogin: 'x'.repeat(51) }))).toEqual({ dealerLogin: 'validation.maxlength' });
      expect(fieldsOf(await post({ userRagioneSociale: 'x'.repeat(256) }))).toEqual({
        userRagioneSociale: 'validation.maxlength',
      });
      expect(fieldsOf(await post({ note: 'x'.repeat(4001) }))).toEqual({ note: 'validation.maxlength' });
      expect(fieldsOf(await post({ stato: 'Chiuso' }))).toEqual({ stato: 'validation.invalid' });
    });

    it('deletes a checklist with its lines and their images', async () => {
      const { template } = await insertTemplate(t);
      const { header, lines } = await insertChecklist(t, template.id);
      const line = lines[1] as (typeof lines)[number];
      const image = await t.files.add(
        t.db,
        {
          area: 'checklist',
          name: 'foto.png',
          bytes: Buffer.from('not really a png'),
          contentType: 'image/png',
          kind: 'image',
          extension: 'png',
        },
        async (tx, file) => {
          await tx
            .update(crDarLine)
            .set({ risposta: 'KO', nomeImmagine1: 'SN_DAR_1_20260101120000_1.png', immagine1FileId: file.id })
            .where(eq(crDarLine.id, line.id));
          return file;
        },
      );
      expect(await t.files.store.exists(image.storageKey)).toBe(true);

      const response = await manager.delete(`/api/crDarHeaders/${header.id}`);
      expect(response.statusCode, response.body).toBe(204);
      expect(await headerRow(t, header.id)).toBeUndefined();
      expect(await countOf(t, crDarLine, eq(crDarLine.headerId, header.id))).toBe(0);
      expect(await t.db.select().from(storedFile).where(eq(storedFile.id, image.id))).toEqual([]);
      expect(await t.files.store.exists(image.storageKey)).toBe(false);
      // The template is free again.
      expect((await manager.get(`/api/crDarTemplateHeaders/${template.id}`)).json()).toMatchObject({ inUso: false });
    });
  });

  describe('checklist lines', () => {
    it("an admin's line edit recomputes the checklist's state and score", async () => {
      const { template } = await insertTemplate(t, { questions: 2 });
      const { header, lines, templateLines } = await insertChecklist(t, template.id);
      const [, first, second] = lines as [(typeof lines)[number], (typeof lines)[number], (typeof lines)[number]];
      const put = (line: (typeof lines)[number], risposta: string, more: Record<string, unknown> = {}) =>
        manager.put(`/api/crDarLines/${line.id}`, {
          idCrDarHeader: header.id,
          idCrDarTemplateLine: line.templateLineId,
          risposta,
          ...more,
        });

      const one = await put(first, 'OK');
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json<ChecklistLineAdmin>()).toMatchObject({
        risposta: 'OK',
        idCrDarHeader: { id: header.id, matricola: header.matricola, stato: 'In Corso' },
        idCrDarTemplateLine: { id: first.templateLineId, tipoRiga: 'D', progressivo1: 1, progressivo2: 1 },
      });
      // The first question does not allow N/A; the second (the template's last) does.
      expect(fieldsOf(await put(first, '--'))).toEqual({ risposta: 'crDarLine.validation.notApplicable' });
      expect(fieldsOf(await put(second, 'KO', { rispostaDettaglio: 'x'.repeat(2001) }))).toEqual({
        rispostaDettaglio: 'validation.maxlength',
      });
      expect(fieldsOf(await put(second, 'OK', { note: 'x'.repeat(4001) }))).toEqual({ note: 'validation.maxlength' });
      expect(fieldsOf(await put(second, 'XX'))).toEqual({ risposta: 'validation.required' });

      const two = await put(second, '--');
      expect(two.json<ChecklistLineAdmin>().idCrDarHeader.stato).toBe('Completato');
      const after = await headerRow(t, header.id);
      expect(after).toMatchObject({ stato: 'Completato', valutazioneCalcolata: 2 });
      expect(after?.dataCompilazione).not.toBeNull();

      // A line of another template, or a line moved to another checklist: refused.
      const other = await insertTemplate(t);
      expect(fieldsOf(await put(first, 'OK', { idCrDarTemplateLine: other.lines[1]?.id }))).toEqual({
        idCrDarTemplateLine: 'crDarLine.validation.fixed',
      });
      const otherChecklist = await insertChecklist(t, template.id);
      expect(fieldsOf(await put(first, 'OK', { idCrDarHeader: otherChecklist.header.id }))).toEqual({
        idCrDarHeader: 'crDarLine.validation.fixed',
      });
      expect(templateLines).toHaveLength(3);

      // Deleting a question line leaves the rest; the checklist stays complete on what is left.
      await put(first, 'KO');
      expect((await headerRow(t, header.id))?.valutazioneCalcolata).toBe(-1);
      expect((await manager.delete(`/api/crDarLines/${first.id}`)).statusCode).toBe(204);
      expect(await headerRow(t, header.id)).toMatchObject({ stato: 'Completato', valutazioneCalcolata: 0 });
    });

    it('creates a line only on its checklist template; the list finds a checklist by id or serial', async () => {
      const { template } = await insertTemplate(t, { questions: 1 });
      const { header, lines, templateLines } = await insertChecklist(t, template.id);
      const question = lines[1] as (typeof lines)[number];
      await t.db.delete(crDarLine).where(eq(crDarLine.id, question.id));
      const other = await insertTemplate(t);
      const body = { idCrDarHeader: header.id, idCrDarTemplateLine: other.lines[1]?.id, risposta: 'OK' };
      expect(fieldsOf(await manager.post('/api/crDarLines', body))).toEqual({
        idCrDarTemplateLine: 'crDarLine.validation.templateLine',
      });
      expect(fieldsOf(await manager.post('/api/crDarLines', { ...body, idCrDarHeader: 999_999_999 }))).toEqual({
        idCrDarHeader: 'crDarLine.validation.headerUnknown',
      });
      const created = await manager.post('/api/crDarLines', { ...body, idCrDarTemplateLine: templateLines[1]?.id });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json<ChecklistLineAdmin>().idCrDarHeader.stato).toBe('Completato');
      // Twice the same template line on one checklist: refused.
      const twice = await manager.post('/api/crDarLines', { ...body, idCrDarTemplateLine: templateLines[1]?.id });
      expect(twice.statusCode).toBe(400);

      for (const search of [String(header.id), header.matricola]) {
        const list = await manager.get('/api/crDarLines', { query: { search, sort: 'idCrDarHeader,desc' } });
        expect(
          list.json<ChecklistLineAdmin[]>().every((l) => l.idCrDarHeader.id === header.id),
          search,
        ).toBe(true);
        expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
      }
    });

    it('lets the back office change a sent checklist: it stays Inviato, its score follows', async () => {
      const { template } = await insertTemplate(t, { questions: 1 });
      const { header, lines } = await insertChecklist(t, template.id, 'Inviato');
      const question = lines[1] as (typeof lines)[number];
      const response = await manager.put(`/api/crDarLines/${question.id}`, {
        idCrDarHeader: header.id,
        idCrDarTemplateLine: question.templateLineId,
        risposta: 'OK',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await headerRow(t, header.id)).toMatchObject({ stato: 'Inviato', valutazioneCalcolata: 2 });

      // Taken back from Inviato, the state follows its lines again.
      const reopened = await manager.put(`/api/crDarHeaders/${header.id}`, {
        idCrDarTemplateHeader: template.id,
        matricola: header.matricola,
        modello: header.modello,
        dataArrivoMacchina: '2026-01-10',
        stato: 'In Corso',
      });
      expect(reopened.statusCode, reopened.body).toBe(200);
      expect(reopened.json<ChecklistHeaderAdmin>().stato).toBe('Completato');
    });
  });
});
