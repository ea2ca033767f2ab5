import { type ComboValue, LANGUAGES } from '@ricambi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, problemOf, type TestApp } from './test-app.ts';

type Agent = Awaited<ReturnType<TestApp['signIn']>>;

// Spec 2 §7: the lookup lists of the road-registration, warranty and ticket forms.
describe('combo lists (/api/combovoci)', () => {
  let t: TestApp;
  let dealer: Agent;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    const d = await t.createUser({ authorities: ['ROLE_CR_USER', 'ROLE_USER'] });
    dealer = await t.signIn(d.login, d.password);
    const a = await t.createUser({ authorities: ['ROLE_ADMIN', 'ROLE_USER'] });
    admin = await t.signIn(a.login, a.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves each list in its order with its five-language descriptions', async () => {
    for (const [path, size] of [
      ['problemi', 7],
      ['problemiSegnalati', 9],
      ['collocazioneProblema', 13],
      ['settori', 9],
      ['lingue', 5],
      ['lingue/', 5],
    ] as const) {
      const response = await dealer.get(`/api/combovoci/${path}`);
      expect(response.statusCode, path).toBe(200);
      const values = response.json<ComboValue[]>();
      expect(values, path).toHaveLength(size);
      for (const v of values) expect(Object.keys(v.descrizione).sort(), path).toEqual([...LANGUAGES].sort());
    }
    const places = (await dealer.get('/api/combovoci/collocazioneProblema')).json<ComboValue[]>();
    expect(places.map((p) => p.id.chiave)).toEqual(Array.from({ length: 13 }, (_, i) => String(i + 1)));
    expect(places[0]).toEqual({
      id: { tipo: 'COLLOCAZIONE_PROBLEMA', chiave: '1' },
      descrizione: { it: 'Motore', en: 'Engine', fr: 'Moteur', de: 'Motor', es: 'Motor' },
    });
    const languages = (await dealer.get('/api/combovoci/lingue')).json<ComboValue[]>();
    expect(languages.map((l) => l.id.chiave)).toEqual(['it', 'en', 'fr', 'de', 'es']);
  });

  it('shows what managers change on the combo values screen, document categories by type', async () => {
    const created = await admin.post('/api/comboVoci', {
      tipo: 'CATEGORIE_1',
      chiave: 'MAN',
      descrizione: { it: 'Manuali', en: 'Manuals' },
      ordine: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const categories = (await dealer.get('/api/combovoci/categorie/1')).json<ComboValue[]>();
    expect(categories).toEqual([
      { id: { tipo: 'CATEGORIE_1', chiave: 'MAN' }, descrizione: { it: 'Manuali', en: 'Manuals' } },
    ]);
    expect((await dealer.get('/api/combovoci/categorie/none')).json()).toEqual([]);
    const bad = await dealer.get('/api/combovoci/categorie/a%20b');
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).fieldErrors?.[0]?.field).toBe('type');
  });

  it('is for signed-in users only', async () => {
    expect((await t.agent().get('/api/combovoci/settori')).statusCode).toBe(401);
  });
});
