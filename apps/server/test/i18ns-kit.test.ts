import type { I18nText } from '@ricambi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nText } from '../src/db/schema/index.ts';
import { createTestApp, problemOf, type TestApp } from './test-app.ts';

// The entity-administration kit (issue 3 §1) through its composite-id entity, the translation
// texts of spec 2 §2 and §7 (GET api/i18ns; GET, PUT, DELETE api/i18ns/{textId}/{localeId}).
describe('entity-administration kit: translation texts', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['signIn']>>;

  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    admin = await t.signIn('admin');
    const rows = Array.from({ length: 45 }, (_, i) => ({
      textId: `demo.text${String(i).padStart(2, '0')}`,
      localeId: i % 2 === 0 ? 'it' : 'en',
      text: `Testo ${i}`,
    }));
    await t.db.insert(i18nText).values(rows);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pages the list 20 at a time with X-Total-Count and a Link header', async () => {
    const first = await admin.get('/api/i18ns?page=0&size=20&sort=textId,asc');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('45');
    const rows = first.json<I18nText[]>();
    expect(rows).toHaveLength(20);
    expect(rows[0]?.textId).toBe('demo.text00');
    const link = String(first.headers.link);
    expect(link).toContain('rel="next"');
    expect(link).toMatch(/page=2&size=20[^>]*>; rel="last"/);
    expect(link).not.toContain('rel="prev"');

    const last = await admin.get('/api/i18ns?page=2&size=20&sort=textId,asc');
    expect(last.json<I18nText[]>()).toHaveLength(5);
    expect(String(last.headers.link)).not.toContain('rel="next"');
  });

  it('sorts by allow-listed fields only, with the id as the last key', async () => {
    const byLocale = (await admin.get('/api/i18ns?size=50&sort=localeId,desc')).json<I18nText[]>();
    expect(byLocale[0]?.localeId).toBe('it');
    // Same locale: ordered by the id (textId, localeId).
    const its = byLocale.filter((r) => r.localeId === 'it').map((r) => r.textId);
    expect(its).toEqual([...its].sort());
    const bad = await admin.get('/api/i18ns?sort=password,asc');
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).fieldErrors).toEqual([{ field: 'sort', message: 'validation.invalid' }]);
  });

  it('filters with the search box', async () => {
    const found = await admin.get('/api/i18ns?search=text1');
    expect(found.headers['x-total-count']).toBe('10');
  });

  it('creates with audit fields and an alert header, and refuses a duplicate id', async () => {
    const created = await admin.post('/api/i18ns', { textId: 'login.title', localeId: 'en', text: 'Dealer sign-in' });
    expect(created.statusCode).toBe(201);
    expect(created.headers['x-ricambi-alert']).toBe('i18ns.created');
    expect(created.headers.location).toBe('/api/i18ns/login.title/en');
    expect(created.json<I18nText>()).toMatchObject({ textId: 'login.title', localeId: 'en', createdBy: 'admin' });

    const again = await admin.post('/api/i18ns', { textId: 'login.title', localeId: 'en', text: 'Other' });
    expect(again.statusCode).toBe(400);
    expect(problemOf(again).message).toBe('error.duplicate');
  });

  it('rejects bad input field by field and stores nothing', async () => {
    const before = (await admin.get('/api/i18ns')).headers['x-total-count'];
    const bad = await admin.post('/api/i18ns', { textId: 'no spaces allowed', localeId: 'pt', text: '' });
    expect(bad.statusCode).toBe(400);
    expect(
      problemOf(bad)
        .fieldErrors?.map((f) => f.field)
        .sort(),
    ).toEqual(['localeId', 'text', 'textId']);
    expect((await admin.get('/api/i18ns')).headers['x-total-count']).toBe(before);
  });

  it('reads, updates (ids unchanged, lastModifiedBy set) and deletes by the composite id', async () => {
    const one = await admin.get('/api/i18ns/login.title/en');
    expect(one.json<I18nText>().text).toBe('Dealer sign-in');
    const updated = await admin.put('/api/i18ns/login.title/en', { text: 'Sign in, dealer', textId: 'hack.me' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<I18nText>()).toMatchObject({
      textId: 'login.title',
      text: 'Sign in, dealer',
      lastModifiedBy: 'admin',
    });

    const overrides = await t.agent().get('/api/i18n-texts/en');
    expect(overrides.json()).toMatchObject({ 'login.title': 'Sign in, dealer' });

    expect((await admin.delete('/api/i18ns/login.title/en')).statusCode).toBe(204);
    expect((await admin.get('/api/i18ns/login.title/en')).statusCode).toBe(404);
    expect((await admin.delete('/api/i18ns/login.title/en')).statusCode).toBe(404);
  });

  it('serves the stored texts of a language to anonymous callers, for the pages before sign-in', async () => {
    expect(
      (await admin.post('/api/i18ns', { textId: 'login.form.button', localeId: 'de', text: 'Los' })).statusCode,
    ).toBe(201);
    const anonymous = await t.agent().get('/api/i18n-texts/de');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.json()).toMatchObject({ 'login.form.button': 'Los' });
    expect((await t.agent().get('/api/i18n-texts/pt')).statusCode).toBe(400);
  });

  it('lets a dealer read but not change, and an anonymous caller neither', async () => {
    const dealer = await t.signIn('dealer');
    expect((await dealer.get('/api/i18ns')).statusCode).toBe(200);
    expect((await dealer.post('/api/i18ns', { textId: 'a.b', localeId: 'it', text: 'x' })).statusCode).toBe(403);
    expect((await dealer.delete('/api/i18ns/demo.text00/it')).statusCode).toBe(403);
    expect((await t.agent().get('/api/i18ns')).statusCode).toBe(401);
  });
});
