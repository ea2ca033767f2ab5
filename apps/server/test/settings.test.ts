import { type Account, ALERT_HEADERS, type SettingsRequest } from '@ricambi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByLogin } from '../src/modules/account/account.repository.ts';
import { createTestApp, problemOf, type TestApp } from './test-app.ts';

// Spec 1 §2.3 (settings, password change), §5 (settings: first and last name required 1-50, e-mail
// 5-100; password 5-50) and §7 (POST api/account, POST api/account/change_password).
describe('account settings and password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saves first and last name, e-mail and langKey with the settings.messages.success alert', async () => {
    const user = await t.createUser({ firstName: 'Old', lastName: 'Name', langKey: 'it' });
    const agent = await t.signIn(user.login, user.password);
    const settings: SettingsRequest = {
      firstName: 'Giulia',
      lastName: 'Neri',
      email: `New.${user.login}@Example.com`,
      langKey: 'fr',
    };

    const response = await agent.post('/api/account', settings);
    expect(response.statusCode).toBe(200);
    expect(response.headers[ALERT_HEADERS.alert]).toBe('settings.messages.success');
    const expected = {
      login: user.login,
      firstName: 'Giulia',
      lastName: 'Neri',
      email: `new.${user.login}@example.com`,
      langKey: 'fr',
    };
    expect(response.json<Account>()).toMatchObject(expected);
    expect((await agent.get('/api/account')).json<Account>()).toMatchObject(expected);
    expect(await findUserByLogin(t.db, user.login)).toMatchObject({ ...expected, lastModifiedBy: user.login });
  });

  it('refuses an empty first name with 400 fieldErrors validation.required and saves nothing', async () => {
    const user = await t.createUser({ firstName: 'Kept' });
    const agent = await t.signIn(user.login, user.password);
    const response = await agent.post('/api/account', {
      firstName: '  ',
      lastName: 'Neri',
      email: user.email,
      langKey: 'it',
    });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).fieldErrors).toEqual([{ field: 'firstName', message: 'validation.required' }]);
    expect((await findUserByLogin(t.db, user.login))?.firstName).toBe('Kept');
  });

  it('refuses names over 50 characters and an unknown language', async () => {
    const user = await t.createUser();
    const agent = await t.signIn(user.login, user.password);
    const response = await agent.post('/api/account', {
      firstName: 'x'.repeat(51),
      lastName: 'Neri',
      email: user.email,
      langKey: 'xx',
    });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'validation.maxlength', params: { max: 50 } },
        { field: 'langKey', message: 'validation.invalid' },
      ]),
    );
  });

  it("refuses another account's e-mail with error.emailexists", async () => {
    const other = await t.createUser();
    const user = await t.createUser();
    const agent = await t.signIn(user.login, user.password);
    const response = await agent.post('/api/account', {
      firstName: 'A',
      lastName: 'B',
      email: other.email.toUpperCase(),
      langKey: 'it',
    });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).fieldErrors).toEqual([{ field: 'email', message: 'error.emailexists' }]);
  });

  it('refuses settings from an anonymous caller', async () => {
    const response = await t
      .agent()
      .post('/api/account', { firstName: 'A', lastName: 'B', email: 'a@b.it', langKey: 'it' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong current password: 400 field currentPassword password.messages.wrongCurrent', async () => {
    const user = await t.createUser();
    const agent = await t.signIn(user.login, user.password);
    const response = await agent.post('/api/account/change_password', {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-1',
    });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).fieldErrors).toEqual([
      { field: 'currentPassword', message: 'password.messages.wrongCurrent' },
    ]);
    expect((await t.agent().login(user.login, 'brand-new-1')).statusCode).toBe(401);
    expect((await t.agent().login(user.login, user.password)).statusCode).toBe(200);
  });

  it('refuses a new password shorter than 5 characters', async () => {
    const user = await t.createUser();
    const agent = await t.signIn(user.login, user.password);
    const response = await agent.post('/api/account/change_password', {
      currentPassword: user.password,
      newPassword: 'abcd',
    });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).fieldErrors).toEqual([
      { field: 'newPassword', message: 'validation.minlength', params: { min: 5 } },
    ]);
  });

  it("changes the password and ends the user's other sessions, not the current one", async () => {
    const user = await t.createUser();
    const current = await t.signIn(user.login, user.password);
    const otherBrowser = await t.signIn(user.login, user.password, { rememberMe: true });
    const bystander = await t.createUser();
    const bystanderAgent = await t.signIn(bystander.login, bystander.password);

    const response = await current.post('/api/account/change_password', {
      currentPassword: user.password,
      newPassword: 'brand-new-1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers[ALERT_HEADERS.alert]).toBe('password.messages.success');

    expect((await current.get('/api/account')).statusCode).toBe(200);
    expect((await otherBrowser.get('/api/account')).statusCode).toBe(401);
    expect((await bystanderAgent.get('/api/account')).statusCode).toBe(200);
    expect((await t.agent().login(user.login, user.password)).statusCode).toBe(401);
    expect((await t.agent().login(user.login, 'brand-new-1')).statusCode).toBe(200);
  });
});
