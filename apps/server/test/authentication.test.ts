import { type Account, LOGIN_THROTTLE } from '@ricambi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/platform/sessions.ts';
import { DEMO_USERS } from '../src/seed/demo.seed.ts';
import { auditEventsOf } from './factories.ts';
import { createTestApp, problemOf, type TestApp } from './test-app.ts';

// Spec 1 §4 (authentication), §7 (api/authentication, api/account, api/logout), §8 (sign-in failure).
describe('sign-in, account and sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(DEMO_USERS.map((u) => [u.login, u] as const))(
    'demo user %s signs in and GET /api/account returns exactly its authorities',
    async (login, demo) => {
      const agent = t.agent();
      const signIn = await agent.login(login, login);
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json<Account>().login).toBe(login);
      expect(agent.cookie(SESSION_COOKIE)).toBeDefined();

      const response = await agent.get('/api/account');
      expect(response.statusCode).toBe(200);
      const account = response.json<Account>();
      expect(account).toMatchObject({
        login,
        email: `${login}@ricambi.example`,
        firstName: demo.firstName,
        lastName: demo.lastName,
        activated: true,
        langKey: 'it',
        tema: demo.tema ?? 'eurocomach',
      });
      expect([...account.authorities].sort()).toEqual([...demo.authorities].sort());
    },
  );

  it('lower-cases the login (spec 1 §5): DEALER signs in as dealer', async () => {
    const agent = t.agent();
    const response = await agent.login('DEALER', 'dealer');
    expect(response.statusCode).toBe(200);
    expect(response.json<Account>().login).toBe('dealer');
    expect((await agent.get('/api/account')).json<Account>().login).toBe('dealer');
  });

  it('answers a wrong password with 401 error.login.failed and no session', async () => {
    const agent = t.agent({ remoteAddress: '10.0.0.1' });
    const response = await agent.login('manager', 'not-the-password');
    expect(response.statusCode).toBe(401);
    expect(problemOf(response)).toMatchObject({ status: 401, message: 'error.login.failed' });
    expect(agent.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await agent.get('/api/account')).statusCode).toBe(401);
  });

  it('answers an unknown login like a wrong password', async () => {
    const response = await t.agent({ remoteAddress: '10.0.0.1' }).login('nobody', 'whatever');
    expect(response.statusCode).toBe(401);
    expect(problemOf(response).message).toBe('error.login.failed');
  });

  it('answers an anonymous GET /api/account with 401', async () => {
    const response = await t.agent().get('/api/account');
    expect(response.statusCode).toBe(401);
    expect(problemOf(response).message).toBe('error.http.401');
  });

  it('ends the session on logout, also for a copy of the old cookie', async () => {
    const agent = await t.signIn('internal');
    const stolen = t.agent({ cookies: agent.cookies() });
    expect((await stolen.get('/api/account')).statusCode).toBe(200);

    const logout = await agent.logout();
    expect(logout.statusCode).toBe(204);
    expect(agent.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await agent.get('/api/account')).statusCode).toBe(401);
    expect((await stolen.get('/api/account')).statusCode).toBe(401);

    const logoutEvents = await auditEventsOf(t.db, 'internal', 'LOGOUT');
    expect(logoutEvents).toHaveLength(1);
  });

  it('writes AUTHENTICATION_SUCCESS and AUTHENTICATION_FAILURE audit events', async () => {
    const user = await t.createUser();
    const agent = t.agent({ remoteAddress: '10.0.0.2' });
    expect((await agent.login(user.login, 'wrong-password')).statusCode).toBe(401);
    expect((await agent.login(user.login, user.password)).statusCode).toBe(200);

    const events = await auditEventsOf(t.db, user.login);
    expect(events.map((e) => e.eventType)).toEqual(['AUTHENTICATION_FAILURE', 'AUTHENTICATION_SUCCESS']);
    expect(events[0]).toMatchObject({ remoteAddress: '10.0.0.2', data: { message: 'Bad credentials' } });
    expect(events[1]).toMatchObject({ remoteAddress: '10.0.0.2' });
    expect(events[1]?.eventDate).toBeInstanceOf(Date);
  });

  it(`throttles an account after ${LOGIN_THROTTLE.maxFailuresPerAccount} failures: 429 even with the right password`, async () => {
    const user = await t.createUser();
    const agent = t.agent({ remoteAddress: '10.0.0.3' });
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i++) {
      const failed = await agent.login(user.login, `wrong-${i}`);
      expect(failed.statusCode).toBe(401);
    }
    const throttled = await agent.login(user.login, user.password);
    expect(throttled.statusCode).toBe(429);
    expect(problemOf(throttled)).toMatchObject({
      message: 'error.login.throttled',
      params: { minutes: LOGIN_THROTTLE.windowMinutes },
    });
    expect(agent.cookie(SESSION_COOKIE)).toBeUndefined();

    // Throttling is per account: another account from another address still signs in.
    expect((await t.agent({ remoteAddress: '10.0.0.4' }).login('dealer', 'dealer')).statusCode).toBe(200);
  });

  it('keys the lockout by account and address: failures from elsewhere do not lock the owner out', async () => {
    const user = await t.createUser();
    const attacker = t.agent({ remoteAddress: '10.0.0.5' });
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i++) {
      expect((await attacker.login(user.login, `wrong-${i}`)).statusCode).toBe(401);
    }
    expect((await attacker.login(user.login, user.password)).statusCode).toBe(429);

    const owner = t.agent({ remoteAddress: '10.0.0.6' });
    expect((await owner.login(user.login, user.password)).statusCode).toBe(200);
    expect(owner.cookie(SESSION_COOKIE)).toBeDefined();
  });
});
