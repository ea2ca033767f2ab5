import type { Theme } from '@ricambi/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../src/db/schema/index.ts';
import { createTestApp, problemOf, type TestApp } from './test-app.ts';

// Spec 1 §1 (brand themes with canAccessParts / canAccessTracks), §6 (ROLE_ADMIN reloads themes)
// and §7 (GET /api/themes, POST /api/themes-reload).
describe('themes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the parts theme and the tracks theme with their access flags, to anyone', async () => {
    const response = await t.agent().get('/api/themes');
    expect(response.statusCode).toBe(200);
    const themes = response.json<Theme[]>();
    expect(themes.map((x) => x.name)).toEqual(['eurocomach', 'tracks']);
    expect(themes[0]).toMatchObject({
      name: 'eurocomach',
      label: 'PARTS',
      canAccessParts: true,
      canAccessTracks: true,
      isDefault: true,
    });
    expect(themes[1]).toMatchObject({
      name: 'tracks',
      label: 'TRACKS',
      canAccessParts: false,
      canAccessTracks: true,
      isDefault: false,
    });
    for (const x of themes) expect(x.tokens.colorPrimary).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('refuses a reload to a dealer (403) and to an anonymous caller (401)', async () => {
    const dealer = await t.signIn('dealer');
    const forbidden = await dealer.post('/api/themes-reload');
    expect(forbidden.statusCode).toBe(403);
    expect(problemOf(forbidden).message).toBe('error.http.403');
    expect((await t.agent().post('/api/themes-reload')).statusCode).toBe(401);
  });

  it('serves themes from memory until an administrator reloads them', async () => {
    await t.db.update(theme).set({ label: 'RICAMBI', canAccessTracks: false }).where(eq(theme.name, 'eurocomach'));
    const cached = (await t.agent().get('/api/themes')).json<Theme[]>();
    expect(cached[0]).toMatchObject({ label: 'PARTS', canAccessTracks: true });

    const admin = await t.signIn('admin');
    const reload = await admin.post('/api/themes-reload');
    expect(reload.statusCode).toBe(200);
    expect(reload.json<Theme[]>()[0]).toMatchObject({ name: 'eurocomach', label: 'RICAMBI', canAccessTracks: false });

    const listed = (await t.agent().get('/api/themes')).json<Theme[]>();
    expect(listed[0]).toMatchObject({ name: 'eurocomach', label: 'RICAMBI', canAccessTracks: false });
  });
});
