import type { Account, Session } from '@ricambi/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSession } from '../src/db/schema/index.ts';
import { REMEMBER_COOKIE, SESSION_COOKIE } from '../src/platform/sessions.ts';
import { auditEventsOf, type CreatedUser, sessionsOfUser } from './factories.ts';
import { createTestApp, problemOf, setCookieOf, type TestApp } from './test-app.ts';

const seriesOf = (rememberValue: string | undefined) => rememberValue?.split(':')[0] ?? '';

// Spec 1 §2.3 (login: remember-me; sessions list with ip address, user agent, series, date; an
// entry can be invalidated) and §7 (GET, DELETE api/account/sessions/{series}).
describe('remember-me', () => {
  let t: TestApp;
  let user: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets a persistent, HttpOnly remember-me cookie when remember-me=true', async () => {
    const agent = t.agent();
    const response = await agent.login(user.login, user.password, true);
    expect(response.statusCode).toBe(200);
    const cookie = setCookieOf(response, REMEMBER_COOKIE);
    expect(cookie?.value).toMatch(/^[\w-]+:[\w-]+$/);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.maxAge).toBe(t.config.rememberMeDays * 86_400);
  });

  it('sets no remember-me cookie without remember-me', async () => {
    const response = await t.agent().login(user.login, user.password, false);
    expect(response.statusCode).toBe(200);
    expect(setCookieOf(response, REMEMBER_COOKIE)).toBeUndefined();
    expect(setCookieOf(response, SESSION_COOKIE)).toBeDefined();
  });

  it('signs in from the remember-me cookie alone, rotates it, and treats a late replay as theft', async () => {
    const victim = await t.createUser();
    const first = t.agent();
    expect((await first.login(victim.login, victim.password, true)).statusCode).toBe(200);
    const original = first.cookie(REMEMBER_COOKIE);
    expect(original).toBeDefined();

    // A new browser process: no RICAMBI_SESSION, only the remember-me cookie.
    const returning = t.agent({ cookies: { [REMEMBER_COOKIE]: original ?? '' } });
    const resumed = await returning.get('/api/account');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<Account>().login).toBe(victim.login);
    const rotated = setCookieOf(resumed, REMEMBER_COOKIE)?.value;
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(original);
    expect(seriesOf(rotated)).toBe(seriesOf(original));
    expect(setCookieOf(resumed, SESSION_COOKIE)).toBeDefined();
    // The rotated pair keeps working.
    expect((await returning.get('/api/account')).statusCode).toBe(200);

    // Within 30 s a concurrent request may still carry the old value: accepted, nothing rotates.
    const concurrent = await t.agent({ cookies: { [REMEMBER_COOKIE]: original ?? '' } }).get('/api/account');
    expect(concurrent.statusCode).toBe(200);
    expect(setCookieOf(concurrent, REMEMBER_COOKIE)).toBeUndefined();

    // The server has no injectable clock: age the rotation in the database instead.
    await t.db
      .update(userSession)
      .set({ tokenRotatedAt: new Date(Date.now() - 60_000) })
      .where(eq(userSession.series, seriesOf(original)));
    const other = t.agent();
    expect((await other.login(victim.login, victim.password)).statusCode).toBe(200);
    expect((await sessionsOfUser(t.db, victim.id)).length).toBe(2);

    const thief = t.agent({ cookies: { [REMEMBER_COOKIE]: original ?? '' } });
    const replay = await thief.get('/api/account');
    expect(replay.statusCode).toBe(401);
    expect(thief.cookie(REMEMBER_COOKIE)).toBeUndefined();

    // Every session of the account is gone: the rotated value and the other browser stop working.
    expect(await sessionsOfUser(t.db, victim.id)).toEqual([]);
    expect((await returning.get('/api/account')).statusCode).toBe(401);
    expect((await t.agent({ cookies: { [REMEMBER_COOKIE]: rotated ?? '' } }).get('/api/account')).statusCode).toBe(401);
    expect((await other.get('/api/account')).statusCode).toBe(401);
    expect(await auditEventsOf(t.db, victim.login, 'REMEMBER_ME_THEFT')).toHaveLength(1);
  });

  it('lists the sessions with series, ip address, user agent, date, rememberMe and current', async () => {
    const owner = await t.createUser();
    const before = Date.now();
    const laptop = t.agent({ userAgent: 'Laptop Browser/1.0', remoteAddress: '192.0.2.10' });
    expect((await laptop.login(owner.login, owner.password, true)).statusCode).toBe(200);
    const phone = t.agent({ userAgent: 'Phone Browser/2.0', remoteAddress: '192.0.2.20' });
    expect((await phone.login(owner.login, owner.password, false)).statusCode).toBe(200);

    const response = await laptop.get('/api/account/sessions');
    expect(response.statusCode).toBe(200);
    const sessions = response.json<Session[]>();
    expect(sessions).toHaveLength(2);
    const laptopSeries = seriesOf(laptop.cookie(REMEMBER_COOKIE));
    const mine = sessions.find((s) => s.series === laptopSeries);
    expect(mine).toMatchObject({
      series: laptopSeries,
      ipAddress: '192.0.2.10',
      userAgent: 'Laptop Browser/1.0',
      rememberMe: true,
      current: true,
    });
    expect(Date.parse(mine?.date ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(sessions.find((s) => s.series !== laptopSeries)).toMatchObject({
      ipAddress: '192.0.2.20',
      userAgent: 'Phone Browser/2.0',
      rememberMe: false,
      current: false,
    });
  });

  it('invalidates a session by series: its cookies stop working, the others keep working', async () => {
    const owner = await t.createUser();
    const laptop = t.agent();
    expect((await laptop.login(owner.login, owner.password, true)).statusCode).toBe(200);
    const desk = await t.signIn(owner.login, owner.password);
    const series = seriesOf(laptop.cookie(REMEMBER_COOKIE));

    const listed = (await desk.get('/api/account/sessions')).json<Session[]>();
    expect(listed.find((s) => s.series === series)).toMatchObject({ rememberMe: true, current: false });

    const deleted = await desk.delete(`/api/account/sessions/${encodeURIComponent(series)}`);
    expect(deleted.statusCode).toBe(204);
    // Both the session cookie and the remember-me cookie of that browser are dead.
    expect((await laptop.get('/api/account')).statusCode).toBe(401);
    expect(
      (await t.agent({ cookies: { [REMEMBER_COOKIE]: laptop.cookie(REMEMBER_COOKIE) ?? '' } }).get('/api/account'))
        .statusCode,
    ).toBe(401);
    expect((await desk.get('/api/account')).statusCode).toBe(200);
    expect((await desk.get('/api/account/sessions')).json<Session[]>().map((s) => s.series)).not.toContain(series);
  });

  it("answers 404 for another user's series and leaves that session alone", async () => {
    const owner = await t.createUser();
    const intruder = await t.createUser();
    const ownerAgent = await t.signIn(owner.login, owner.password, { rememberMe: true });
    const series = seriesOf(ownerAgent.cookie(REMEMBER_COOKIE));
    const intruderAgent = await t.signIn(intruder.login, intruder.password);

    const response = await intruderAgent.delete(`/api/account/sessions/${encodeURIComponent(series)}`);
    expect(response.statusCode).toBe(404);
    expect(problemOf(response).message).toBe('sessions.messages.error');
    expect((await ownerAgent.get('/api/account')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown series', async () => {
    const agent = await t.signIn(user.login, user.password);
    expect((await agent.delete('/api/account/sessions/does-not-exist')).statusCode).toBe(404);
  });
});
