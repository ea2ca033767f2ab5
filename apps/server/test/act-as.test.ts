import { type Account, type ActAsTarget, type ActAsUser, ALERT_HEADERS } from '@ricambi/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAuthority, userSession } from '../src/db/schema/index.ts';
import { updateUser } from '../src/modules/account/account.repository.ts';
import { SESSION_COOKIE } from '../src/platform/sessions.ts';
import { auditEventsOf, type CreatedUser, uniqueLogin } from './factories.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

const SELECT = '/api/cart/select';
const INTERNAL = ['ROLE_INTERNAL', 'ROLE_CR_INTERNAL', 'ROLE_USER', 'ROLE_CART'] as const;
const DEALER = ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'] as const;

// Spec 1 §2.3 "Act-as", §4 (ROLE_PREVIOUS_ADMINISTRATOR marks act-as), §6 (ROLE_INTERNAL and
// ROLE_CR_INTERNAL act), §7 (GET, POST, DELETE api/cart/select); issue 3 §4 (admin/manager refused,
// audit trail with both identities).
describe('act-as', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const staff = async (authorities: readonly (typeof INTERNAL)[number][] = INTERNAL) => {
    const user = await t.createUser({ authorities });
    return { user, agent: await t.signIn(user.login, user.password, { rememberMe: true }) };
  };
  const dealer = (input: { activated?: boolean } = {}) =>
    t.createUser({ authorities: DEALER, firstName: 'Davide', lastName: 'Rossi', ...input });
  const actAs = (agent: Agent, login: string) => agent.post(SELECT, { login });
  const accountOf = async (agent: Agent) => (await agent.get('/api/account')).json<Account>();

  it('internal acts as a dealer: the account is the dealer plus ROLE_PREVIOUS_ADMINISTRATOR', async () => {
    const { user: internal, agent } = await staff();
    const target = await dealer();
    await updateUser(t.db, target.id, { company: 'Rossi Macchine Srl' });

    expect((await agent.get(SELECT)).statusCode).toBe(204);
    const started = await actAs(agent, target.login.toUpperCase());
    expect(started.statusCode).toBe(200);
    expect(started.headers[ALERT_HEADERS.alert]).toBe('actas.messages.started');
    const expectedTarget: ActAsTarget = {
      login: target.login,
      firstName: 'Davide',
      lastName: 'Rossi',
      company: 'Rossi Macchine Srl',
    };
    expect(started.json<ActAsTarget>()).toEqual(expectedTarget);

    const account = await accountOf(agent);
    expect(account.login).toBe(target.login);
    expect(account.email).toBe(target.email);
    expect([...account.authorities].sort()).toEqual([...DEALER, 'ROLE_PREVIOUS_ADMINISTRATOR'].sort());
    expect((await agent.get(SELECT)).json<ActAsTarget>()).toEqual(expectedTarget);

    const [start] = await auditEventsOf(t.db, internal.login, 'ACT_AS_START');
    expect(start?.data).toMatchObject({ target: target.login });
  });

  it('records every state-changing request made while acting with both identities, and no GET', async () => {
    const { user: internal, agent } = await staff();
    const target = await dealer();
    await actAs(agent, target.login);

    await agent.get('/api/account');
    const response = await agent.post('/api/account', {
      firstName: 'X',
      lastName: 'Y',
      email: target.email,
      langKey: 'it',
    });
    // Staff never change a dealer's own settings or password.
    expect(response.statusCode).toBe(403);
    expect(problemOf(response).message).toBe('actas.messages.notWhileActing');

    const requests = await auditEventsOf(t.db, internal.login, 'ACT_AS_REQUEST');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      principal: internal.login,
      eventType: 'ACT_AS_REQUEST',
      data: { target: target.login, method: 'POST', url: '/api/account' },
    });
    expect(requests[0]?.data.message).toContain(target.login);
  });

  it("refuses the dealer's password change and sessions while acting", async () => {
    const { agent } = await staff();
    const target = await dealer();
    await actAs(agent, target.login);
    const password = await agent.post('/api/account/change_password', {
      currentPassword: target.password,
      newPassword: 'changed-by-staff',
    });
    expect(password.statusCode).toBe(403);
    expect(problemOf(password).message).toBe('actas.messages.notWhileActing');
    expect((await agent.get('/api/account/sessions')).statusCode).toBe(403);
    expect((await agent.delete('/api/account/sessions/anything')).statusCode).toBe(403);
    // The dealer's own password still works.
    await t.signIn(target.login, target.password);
  });

  it('DELETE returns to the own identity and records the end', async () => {
    const { user: internal, agent } = await staff();
    const target = await dealer();
    await actAs(agent, target.login);

    const ended = await agent.delete(SELECT);
    expect(ended.statusCode).toBe(204);
    const account = await accountOf(agent);
    expect(account.login).toBe(internal.login);
    expect([...account.authorities].sort()).toEqual([...INTERNAL].sort());
    expect((await agent.get(SELECT)).statusCode).toBe(204);
    const [end] = await auditEventsOf(t.db, internal.login, 'ACT_AS_END');
    expect(end?.data).toMatchObject({ target: target.login });
    // Starting and ending are not also recorded as requests.
    expect(await auditEventsOf(t.db, internal.login, 'ACT_AS_REQUEST')).toEqual([]);
    // Nothing to end any more: still 204, no second event.
    expect((await agent.delete(SELECT)).statusCode).toBe(204);
    expect(await auditEventsOf(t.db, internal.login, 'ACT_AS_END')).toHaveLength(1);
  });

  it('keeps acting after the session cookie is gone and the remember-me cookie signs in again', async () => {
    const { agent } = await staff();
    const target = await dealer();
    await actAs(agent, target.login);
    agent.deleteCookie(SESSION_COOKIE);
    expect((await accountOf(agent)).login).toBe(target.login);
  });

  it('only acts in its own session: another browser of the same staff member is not acting', async () => {
    const { user: internal, agent } = await staff();
    const target = await dealer();
    await actAs(agent, target.login);
    const other = await t.signIn(internal.login, internal.password);
    expect((await accountOf(other)).login).toBe(internal.login);
  });

  it('signing out while acting ends the staff member’s session', async () => {
    const { user: internal, agent } = await staff();
    const target = await dealer();
    await actAs(agent, target.login);
    expect((await agent.logout()).statusCode).toBe(204);
    expect((await agent.get('/api/account')).statusCode).toBe(401);
    const rows = await t.db.select().from(userSession).where(eq(userSession.userId, internal.id));
    expect(rows).toEqual([]);
    expect(await auditEventsOf(t.db, internal.login, 'LOGOUT')).toHaveLength(1);
  });

  it('a dealer may not act: 403 on POST, and GET/DELETE answer 204', async () => {
    const self = await dealer();
    const other = await dealer();
    const agent = await t.signIn(self.login, self.password);
    const response = await actAs(agent, other.login);
    expect(response.statusCode).toBe(403);
    expect(problemOf(response).message).toBe('error.http.403');
    expect((await agent.get(SELECT)).statusCode).toBe(204);
    expect((await agent.delete(SELECT)).statusCode).toBe(204);
    expect((await agent.get('/api/act-as/users')).statusCode).toBe(403);
    expect((await accountOf(agent)).login).toBe(self.login);
  });

  it('a subdealer may not act, and staff may act as a subdealer', async () => {
    const subdealer = await t.createUser({ authorities: ['ROLE_CR_SUBDEALER', 'ROLE_USER', 'ROLE_CART'] });
    const denied = await actAs(await t.signIn(subdealer.login, subdealer.password), (await dealer()).login);
    expect(denied.statusCode).toBe(403);

    const { agent } = await staff(['ROLE_CR_INTERNAL']);
    expect((await actAs(agent, subdealer.login)).statusCode).toBe(200);
    const account = await accountOf(agent);
    expect(account.login).toBe(subdealer.login);
    expect([...account.authorities].sort()).toEqual(
      ['ROLE_CART', 'ROLE_CR_SUBDEALER', 'ROLE_PREVIOUS_ADMINISTRATOR', 'ROLE_USER'].sort(),
    );
  });

  it.each([
    ['an administrator', ['ROLE_ADMIN', 'ROLE_USER']],
    ['a manager', ['ROLE_MANAGER', 'ROLE_USER']],
    ['an internal manager', ['ROLE_MANAGER', 'ROLE_INTERNAL']],
  ] as const)('refuses to act as %s with a field error on login', async (_, authorities) => {
    const { agent } = await staff();
    const target = await t.createUser({ authorities });
    const response = await actAs(agent, target.login);
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).fieldErrors).toEqual([{ field: 'login', message: 'actas.messages.refused' }]);
    expect((await agent.get(SELECT)).statusCode).toBe(204);
  });

  it('refuses an unknown login, a deactivated user and oneself', async () => {
    const { user: internal, agent } = await staff();
    const inactive = await dealer({ activated: false });
    for (const [login, message] of [
      [uniqueLogin('nobody'), 'actas.messages.notFound'],
      [inactive.login, 'actas.messages.notFound'],
      [internal.login, 'actas.messages.self'],
    ]) {
      const response = await actAs(agent, login as string);
      expect(response.statusCode, login).toBe(400);
      expect(problemOf(response).fieldErrors).toEqual([{ field: 'login', message }]);
    }
    const empty = await agent.post(SELECT, { login: '' });
    expect(empty.statusCode).toBe(400);
    expect(problemOf(empty).fieldErrors).toEqual([{ field: 'login', message: 'validation.required' }]);
    expect(await auditEventsOf(t.db, internal.login, 'ACT_AS_START')).toEqual([]);
  });

  it('while acting, the principal is the target: acting as a dealer cannot start another act-as', async () => {
    const { agent } = await staff();
    await actAs(agent, (await dealer()).login);
    const response = await actAs(agent, (await dealer()).login);
    expect(response.statusCode).toBe(403);
    expect((await agent.get('/api/act-as/users')).statusCode).toBe(403);
  });

  it('acting as another internal user does not chain into a second act-as', async () => {
    const { agent } = await staff();
    const colleague = await t.createUser({ authorities: ['ROLE_INTERNAL', 'ROLE_USER'] });
    expect((await actAs(agent, colleague.login)).statusCode).toBe(200);
    const response = await actAs(agent, (await dealer()).login);
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).message).toBe('actas.messages.alreadyActing');
    expect((await agent.get('/api/act-as/users')).statusCode).toBe(403);
    expect((await accountOf(agent)).login).toBe(colleague.login);
  });

  it('ends act-as when the staff member loses the act-as role or the target is deactivated', async () => {
    const first = await staff();
    const target = await dealer();
    await actAs(first.agent, target.login);
    await t.db.delete(userAuthority).where(eq(userAuthority.userId, first.user.id));
    expect((await accountOf(first.agent)).login).toBe(first.user.login);
    const [row] = await t.db.select().from(userSession).where(eq(userSession.userId, first.user.id));
    expect(row?.actAsUserId).toBeNull();

    const second = await staff();
    await actAs(second.agent, target.login);
    await updateUser(t.db, target.id, { activated: false });
    expect((await accountOf(second.agent)).login).toBe(second.user.login);
    expect((await second.agent.get(SELECT)).statusCode).toBe(204);
  });

  describe('GET /api/act-as/users', () => {
    const company = `Actas${process.pid}`;
    let internal: { user: CreatedUser; agent: Agent };
    const listed: CreatedUser[] = [];

    beforeAll(async () => {
      internal = await staff();
      await updateUser(t.db, internal.user.id, { company });
      for (const [prefix, authorities] of [
        ['aa', DEALER],
        ['bb', DEALER],
        ['cc', ['ROLE_ADMIN', 'ROLE_USER']],
        ['dd', ['ROLE_MANAGER', 'ROLE_USER']],
        ['ee', DEALER],
      ] as const) {
        const user = await t.createUser({ login: uniqueLogin(prefix), authorities });
        await updateUser(t.db, user.id, { company: `${company} ${prefix.toUpperCase()}` });
        listed.push(user);
      }
      const inactive = await dealer({ activated: false });
      await updateUser(t.db, inactive.id, { company });
    });

    const page = (query: Record<string, string>) => internal.agent.get('/api/act-as/users', { query });

    it('is paged with X-Total-Count and Link; deactivated users and the caller are left out', async () => {
      const response = await page({ search: company.toLowerCase(), page: '1', size: '2', sort: 'login,asc' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('5');
      const link = String(response.headers.link);
      for (const rel of ['first', 'prev', 'next', 'last']) expect(link).toContain(`rel="${rel}"`);
      expect(link).toContain('page=2');
      const rows = response.json<ActAsUser[]>();
      expect(rows.map((r) => r.login)).toEqual([listed[2]?.login, listed[3]?.login]);
    });

    it('marks administrators and managers as not selectable and never sends secrets', async () => {
      const response = await page({ search: company, size: '20' });
      const rows = response.json<Record<string, unknown>[]>();
      expect(rows).toHaveLength(5);
      expect(rows.map((r) => r.selectable)).toEqual([true, true, false, false, true]);
      for (const row of rows) {
        expect(Object.keys(row).sort()).toEqual(['company', 'email', 'firstName', 'lastName', 'login', 'selectable']);
      }
    });

    it('searches login, company, e-mail and names case-insensitively, and sorts by the allowed fields', async () => {
      const byLogin = (await page({ search: listed[1]?.login.toUpperCase() ?? '' })).json<ActAsUser[]>();
      expect(byLogin.map((r) => r.login)).toEqual([listed[1]?.login]);
      const byEmail = (await page({ search: listed[4]?.email ?? '' })).json<ActAsUser[]>();
      expect(byEmail.map((r) => r.login)).toEqual([listed[4]?.login]);
      const byCompany = await page({ search: `${company} ee` });
      expect(byCompany.json<ActAsUser[]>().map((r) => r.login)).toEqual([listed[4]?.login]);
      const byName = await page({ search: `test ${listed[0]?.login}` });
      expect(byName.json<ActAsUser[]>().map((r) => r.login)).toEqual([listed[0]?.login]);
      expect((await page({ search: '%' })).headers['x-total-count']).toBe('0');

      const desc = (await page({ search: company, sort: 'company,desc' })).json<ActAsUser[]>();
      expect(desc.map((r) => r.login)).toEqual([...listed].reverse().map((u) => u.login));
      expect((await page({ search: company, sort: 'email,asc' })).statusCode).toBe(200);
      const bad = await page({ sort: 'passwordHash,asc' });
      expect(bad.statusCode).toBe(400);
      expect(problemOf(bad).fieldErrors).toEqual([{ field: 'sort', message: 'validation.invalid' }]);
    });
  });
});
