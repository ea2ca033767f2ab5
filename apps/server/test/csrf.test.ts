import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '../src/platform/csrf.ts';
import { createTestApp, problemOf, setCookieOf, type TestApp } from './test-app.ts';

// DESIGN.md "Rules": every state-changing request needs the CSRF token (XSRF-TOKEN cookie echoed
// as X-XSRF-TOKEN). Spec 1 §7: "A CSRF cookie is sent as a header".
describe('CSRF double-submit cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets a readable XSRF-TOKEN cookie on a GET', async () => {
    const response = await t.agent().get('/api/themes');
    expect(response.statusCode).toBe(200);
    const cookie = setCookieOf(response, CSRF_COOKIE);
    expect(cookie?.value).toMatch(/^[\w-]{16,}$/);
    expect(cookie?.path).toBe('/');
    // The web reads it from JavaScript to echo it, so it must not be HttpOnly.
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('keeps the token once the browser has one', async () => {
    const agent = t.agent();
    await agent.get('/api/themes');
    const first = agent.cookie(CSRF_COOKIE);
    const again = await agent.get('/api/themes');
    expect(setCookieOf(again, CSRF_COOKIE)).toBeUndefined();
    expect(agent.cookie(CSRF_COOKIE)).toBe(first);
  });

  it('refuses a POST without any CSRF cookie or header with 403 error.csrf', async () => {
    const response = await t.agent().post('/api/logout', undefined, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(problemOf(response)).toMatchObject({ status: 403, message: 'error.csrf' });
  });

  it('refuses a POST that has the cookie but no X-XSRF-TOKEN header', async () => {
    const agent = t.agent();
    await agent.get('/api/themes');
    expect(agent.cookie(CSRF_COOKIE)).toBeDefined();
    const response = await agent.post('/api/logout', undefined, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(problemOf(response).message).toBe('error.csrf');
  });

  it('refuses a POST whose header does not match the cookie', async () => {
    const agent = t.agent();
    await agent.get('/api/themes');
    const response = await agent.post('/api/logout', undefined, { csrf: 'not-the-token' });
    expect(response.statusCode).toBe(403);
    expect(problemOf(response).message).toBe('error.csrf');
  });

  it('refuses a sign-in without the token, before looking at the credentials', async () => {
    const response = await t.agent().request('POST', '/api/authentication', {
      form: { username: 'admin', password: 'admin' },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(problemOf(response).message).toBe('error.csrf');
  });

  it('accepts a POST that echoes the cookie', async () => {
    const response = await t.agent().post('/api/logout');
    expect(response.statusCode).toBe(204);
  });
});
