import { type ActiveBanner, BANNER_TYPES, type Banner } from '@ricambi/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banner, bannerChecked } from '../src/db/schema/index.ts';
import { loadDemoBanners } from '../src/seed/demo-banners.seed.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

const HOUR = 3_600_000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * HOUR).toISOString();

const input = (over: Record<string, unknown> = {}) => ({
  startDate: at(-1),
  endDate: at(24),
  headers: { it: 'Chiusura estiva', en: 'Summer closing', fr: 'Fermeture estivale', de: 'Sommerpause', es: 'Cierre' },
  messages: { it: 'Il magazzino chiude ad agosto.', en: 'The warehouse closes in August.' },
  type: 'INFO',
  ambiente: 'TUTTI',
  ...over,
});

const DEALER = ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'] as const;

// Spec 1 §3 "Banner", §4 "Banners", §5 "Banner", §7 (api/banners, active, types, checked).
describe('banners', () => {
  let t: TestApp;
  let manager: Agent;

  const countBanners = async () => (await t.db.select({ n: count() }).from(banner))[0]?.n ?? 0;
  const create = async (over: Record<string, unknown> = {}) => {
    const response = await manager.post('/api/banners', input(over));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Banner>();
  };
  const dealer = async (tema = 'eurocomach') => {
    const user = await t.createUser({ authorities: DEALER, tema });
    return { user, agent: await t.signIn(user.login, user.password) };
  };
  const activeIds = async (agent: Agent, query = '') =>
    (await agent.get(`/api/banners/active${query}`)).json<ActiveBanner[]>().map((b) => b.id);

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser({ authorities: ['ROLE_MANAGER', 'ROLE_USER'] });
    manager = await t.signIn(user.login, user.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the banner types from the one list in the domain', async () => {
    const { agent } = await dealer();
    const response = await agent.get('/api/banners/types');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([...BANNER_TYPES]);
    expect(BANNER_TYPES).toContain('CHECKOUT');
  });

  it('creates a banner in five languages with audit fields, reads, updates and deletes it', async () => {
    const created = await manager.post('/api/banners', input({ ambiente: 'tracks', type: 'WARNING' }));
    expect(created.statusCode).toBe(201);
    expect(created.headers['x-ricambi-alert']).toBe('banners.created');
    const body = created.json<Banner>();
    expect(created.headers.location).toBe(`/api/banners/${body.id}`);
    expect(body).toMatchObject({
      type: 'WARNING',
      ambiente: 'tracks',
      headers: { it: 'Chiusura estiva', de: 'Sommerpause', es: 'Cierre' },
      // Languages left empty are not stored: the Italian text stands in for them.
      messages: { it: 'Il magazzino chiude ad agosto.', en: 'The warehouse closes in August.' },
      lastModifiedBy: null,
    });
    expect(Object.keys(body.messages).sort()).toEqual(['en', 'it']);

    expect((await manager.get(`/api/banners/${body.id}`)).json<Banner>()).toEqual(body);

    const updated = await manager.put(
      `/api/banners/${body.id}`,
      input({ headers: { it: 'Chiusura invernale', fr: '' }, ambiente: 'TUTTI' }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Banner>()).toMatchObject({ headers: { it: 'Chiusura invernale' }, ambiente: 'TUTTI' });
    expect(updated.json<Banner>().lastModifiedBy).toBeTruthy();

    expect((await manager.delete(`/api/banners/${body.id}`)).statusCode).toBe(204);
    expect((await manager.get(`/api/banners/${body.id}`)).statusCode).toBe(404);
    expect((await manager.get('/api/banners/not-a-number')).statusCode).toBe(404);
  });

  it('rejects bad input field by field and stores nothing', async () => {
    const before = await countBanners();
    const cases: [Record<string, unknown>, { field: string; message: string; params?: object }][] = [
      [
        { headers: { it: 'x'.repeat(257) } },
        { field: 'headers.it', message: 'validation.maxlength', params: { max: 256 } },
      ],
      [
        { headers: { it: 'ok', es: 'x'.repeat(257) } },
        { field: 'headers.es', message: 'validation.maxlength', params: { max: 256 } },
      ],
      [
        { messages: { it: 'ok', de: 'x'.repeat(1025) } },
        { field: 'messages.de', message: 'validation.maxlength', params: { max: 1024 } },
      ],
      [
        { startDate: at(5), endDate: at(2) },
        { field: 'endDate', message: 'banner.error.endBeforeStart' },
      ],
      [
        { startDate: at(2), endDate: at(2) },
        { field: 'endDate', message: 'banner.error.endBeforeStart' },
      ],
      [{ ambiente: 'nowhere' }, { field: 'ambiente', message: 'banner.error.unknownAmbiente' }],
      [{ type: 'PROMO' }, { field: 'type', message: 'validation.invalid' }],
      [{ headers: { en: 'only English' } }, { field: 'headers.it', message: 'validation.required' }],
    ];
    for (const [over, expected] of cases) {
      const response = await manager.post('/api/banners', input(over));
      expect(response.statusCode, JSON.stringify(over)).toBe(400);
      expect(problemOf(response).fieldErrors, JSON.stringify(over)).toEqual([expected]);
    }
    // Limits are inclusive.
    const longest = await manager.post(
      '/api/banners',
      input({ headers: { it: 'h'.repeat(256) }, messages: { it: 'm'.repeat(1024) } }),
    );
    expect(longest.statusCode).toBe(201);
    expect(await countBanners()).toBe(before + 1);

    // The same rules on update, and the stored banner is unchanged.
    const id = longest.json<Banner>().id;
    const bad = await manager.put(`/api/banners/${id}`, input({ ambiente: 'nowhere' }));
    expect(bad.statusCode).toBe(400);
    expect((await manager.get(`/api/banners/${id}`)).json<Banner>().ambiente).toBe('TUTTI');
    await manager.delete(`/api/banners/${id}`);
  });

  it('is managed by managers only: a dealer gets 403 on every administration call', async () => {
    const { agent } = await dealer();
    const existing = await create();
    const calls = [
      agent.get('/api/banners'),
      agent.get(`/api/banners/${existing.id}`),
      agent.post('/api/banners', input()),
      agent.put(`/api/banners/${existing.id}`, input()),
      agent.delete(`/api/banners/${existing.id}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(problemOf(response).message).toBe('error.http.403');
    }
    expect((await manager.get(`/api/banners/${existing.id}`)).statusCode).toBe(200);
    await manager.delete(`/api/banners/${existing.id}`);
  });

  it('pages the list with X-Total-Count and Link, sorted by the allowed fields', async () => {
    await t.db.delete(banner);
    for (let i = 0; i < 23; i++) {
      await create({ startDate: at(-100 + i), type: i % 3 === 0 ? 'WARNING' : 'INFO' });
    }
    const first = await manager.get('/api/banners?page=0&size=20&sort=startDate,desc');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('23');
    const rows = first.json<Banner[]>();
    expect(rows).toHaveLength(20);
    const starts = rows.map((r) => r.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(String(first.headers.link)).toMatch(/page=1&size=20[^>]*>; rel="next"/);
    expect(String(first.headers.link)).toMatch(/page=1&size=20[^>]*>; rel="last"/);

    const second = await manager.get('/api/banners?page=1&size=20&sort=startDate,desc');
    expect(second.json<Banner[]>()).toHaveLength(3);
    expect(String(second.headers.link)).toContain('rel="prev"');

    for (const field of ['id', 'endDate', 'type', 'ambiente']) {
      expect((await manager.get(`/api/banners?sort=${field},asc`)).statusCode, field).toBe(200);
    }
    const byType = (await manager.get('/api/banners?size=50&sort=type,desc')).json<Banner[]>();
    expect(byType[0]?.type).toBe('WARNING');
    // Same type: the id decides.
    const warnings = byType.filter((b) => b.type === 'WARNING').map((b) => b.id);
    expect(warnings).toEqual([...warnings].sort((a, b) => a - b));
    const bad = await manager.get('/api/banners?sort=headers,asc');
    expect(bad.statusCode).toBe(400);
    expect(problemOf(bad).fieldErrors).toEqual([{ field: 'sort', message: 'validation.invalid' }]);
    await t.db.delete(banner);
  });

  describe('active banners and acknowledgements', () => {
    it('lists banners in their period, for the ambiente or TUTTI, of the type asked', async () => {
      await t.db.delete(banner);
      const now = await create({ ambiente: 'TUTTI' });
      const tracks = await create({ ambiente: 'tracks', type: 'WARNING' });
      const parts = await create({ ambiente: 'eurocomach' });
      const checkout = await create({ ambiente: 'TUTTI', type: 'CHECKOUT' });
      await create({ startDate: at(1), endDate: at(5) }); // not started yet
      await create({ startDate: at(-5), endDate: at(-1) }); // over

      const { agent } = await dealer('eurocomach');
      expect(await activeIds(agent, '?ambiente=tracks')).toEqual([now.id, tracks.id, checkout.id]);
      expect(await activeIds(agent, '?ambiente=eurocomach')).toEqual([now.id, parts.id, checkout.id]);
      expect(await activeIds(agent, '?ambiente=tracks&type=WARNING')).toEqual([tracks.id]);
      expect(await activeIds(agent, '?ambiente=eurocomach&type=CHECKOUT')).toEqual([checkout.id]);
      // Without an ambiente: the caller's theme (the user's tema here).
      expect(await activeIds(agent)).toEqual([now.id, parts.id, checkout.id]);
      const { agent: tracksUser } = await dealer('tracks');
      expect(await activeIds(tracksUser)).toEqual([now.id, tracks.id, checkout.id]);

      const [shown] = (await agent.get('/api/banners/active?type=INFO')).json<ActiveBanner[]>();
      expect(shown).toEqual({
        id: now.id,
        startDate: now.startDate,
        endDate: now.endDate,
        headers: now.headers,
        messages: now.messages,
        type: 'INFO',
        ambiente: 'TUTTI',
      });
      expect((await agent.get('/api/banners/active?type=PROMO')).statusCode).toBe(400);
      expect((await t.agent().get('/api/banners/active')).statusCode).toBe(401);
    });

    it('an acknowledged banner is no longer active for that user, and still is for another', async () => {
      await t.db.delete(banner);
      const first = await create();
      const second = await create();
      const { user, agent } = await dealer();
      const { agent: other } = await dealer();

      const checked = await agent.post('/api/banners/checked', { id: first.id, text: 'Chiusura estiva' });
      expect(checked.statusCode).toBe(204);
      expect(await activeIds(agent)).toEqual([second.id]);
      expect(await activeIds(other)).toEqual([first.id, second.id]);

      // Idempotent: the first acknowledgement is kept.
      expect((await agent.post('/api/banners/checked', { id: first.id, text: 'again' })).statusCode).toBe(204);
      const rows = await t.db.select().from(bannerChecked).where(eq(bannerChecked.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ bannerId: first.id, text: 'Chiusura estiva' });

      const unknown = await agent.post('/api/banners/checked', { id: 999_999_999 });
      expect(unknown.statusCode).toBe(404);
      const bad = await agent.post('/api/banners/checked', { id: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(problemOf(bad).fieldErrors?.[0]?.field).toBe('id');
      expect((await t.agent().post('/api/banners/checked', { id: first.id })).statusCode).toBe(401);

      // Deleting the banner removes its acknowledgements with it.
      await manager.delete(`/api/banners/${first.id}`);
      expect(await t.db.select().from(bannerChecked).where(eq(bannerChecked.bannerId, first.id))).toEqual([]);
    });

    it('staff acting as a dealer see the dealer’s banners but cannot acknowledge for the dealer', async () => {
      await t.db.delete(banner);
      const shown = await create();
      const { user: target } = await dealer();
      const internal = await t.createUser({ authorities: ['ROLE_INTERNAL', 'ROLE_USER'] });
      const staff = await t.signIn(internal.login, internal.password);
      expect((await staff.post('/api/cart/select', { login: target.login })).statusCode).toBe(200);

      expect(await activeIds(staff)).toEqual([shown.id]);
      const refused = await staff.post('/api/banners/checked', { id: shown.id });
      expect(refused.statusCode).toBe(403);
      expect(problemOf(refused).message).toBe('actas.messages.notWhileActing');
      expect(await t.db.select().from(bannerChecked).where(eq(bannerChecked.bannerId, shown.id))).toEqual([]);
    });
  });

  it('loads the demo banners once: one for every theme now, one for the tracks theme', async () => {
    await t.db.delete(banner);
    expect(await loadDemoBanners(t.db)).toBe(2);
    expect(await loadDemoBanners(t.db)).toBe(0);
    const { agent } = await dealer('eurocomach');
    const { agent: tracks } = await dealer('tracks');
    const forParts = (await agent.get('/api/banners/active')).json<ActiveBanner[]>();
    expect(forParts.map((b) => [b.type, b.ambiente])).toEqual([['INFO', 'TUTTI']]);
    expect(Object.keys(forParts[0]?.headers ?? {}).sort()).toEqual(['de', 'en', 'es', 'fr', 'it']);
    expect(Object.keys(forParts[0]?.messages ?? {}).sort()).toEqual(['de', 'en', 'es', 'fr', 'it']);
    expect((await tracks.get('/api/banners/active')).json<ActiveBanner[]>().map((b) => b.ambiente)).toEqual([
      'TUTTI',
      'tracks',
    ]);
  });
});
