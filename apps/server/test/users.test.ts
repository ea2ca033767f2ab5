import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ALERT_HEADERS,
  type CountryOption,
  type ErpTestResult,
  type User,
  type UserImportPreview,
  type UserSummary,
} from '@ricambi/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser } from '../src/db/schema/index.ts';
import { countOutbox, countUsers, uniqueLogin } from './factories.ts';
import { type Agent, createTestApp, problemOf, type TestApp } from './test-app.ts';

const MANAGER = ['ROLE_MANAGER', 'ROLE_USER'] as const;

/** A multipart/form-data body with one file, as a browser sends it. */
const multipart = (filename: string, content: Buffer | string, type = 'application/octet-stream') => {
  const boundary = `----ricambi${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const upload = (agent: Agent, filename: string, content: Buffer | string, type?: string) => {
  const body = multipart(filename, content, type);
  return agent.post('/api/users/import/preview', body.payload, { headers: body.headers });
};

const rawUser = async (t: TestApp, login: string) =>
  (await t.db.select().from(appUser).where(eq(appUser.login, login)))[0];

// Spec 1 §2.3 "User list", "User form", §3 "User", §5 "User form", §7 api/users; issue 3 §2.
describe('user management', () => {
  let t: TestApp;
  let manager: Agent;
  let managerLogin: string;
  let dealerLogin: string;

  beforeAll(async () => {
    t = await createTestApp();
    const m = await t.createUser({ authorities: MANAGER });
    managerLogin = m.login;
    manager = await t.signIn(m.login, m.password);
    dealerLogin = uniqueLogin('dealer');
    const created = await manager.post('/api/users', {
      login: dealerLogin,
      newPassword: 'dealer-pw',
      email: `${dealerLogin}@test.example`,
      company: 'Rossi Macchine Srl',
      authorities: ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'],
    });
    expect(created.statusCode, created.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  const subdealer = (login = uniqueLogin('sub')) => ({
    login,
    newPassword: 'secret-pw',
    firstName: 'Sara',
    lastName: 'Bianchi',
    company: 'Bianchi Noleggi',
    email: `${login}@test.example`,
    logica: 'subdealer',
    indirizzo: 'Via Roma 1',
    cap: '40100',
    citta: 'Bologna',
    stato: 'ITA',
    dealerLogin,
    authorities: ['ROLE_USER', 'ROLE_CR_SUBDEALER'],
    markup: 1.25,
    sconto: 12.5,
    erpUser: 'erp-sara',
    erpPassword: 'erp-secret-1',
  });

  describe('create', () => {
    it('refuses a subdealer with a bad login, a company over 40 and no dealer, with each field error, storing nothing', async () => {
      const before = await countUsers(t.db);
      const response = await manager.post('/api/users', {
        ...subdealer(),
        login: 'Bad Login!',
        company: 'x'.repeat(41),
        dealerLogin: '',
      });
      expect(response.statusCode).toBe(400);
      const errors = problemOf(response).fieldErrors ?? [];
      expect(errors).toEqual(
        expect.arrayContaining([
          { field: 'login', message: 'userManagement.validation.loginPattern' },
          { field: 'company', message: 'validation.maxlength', params: { max: 40 } },
          { field: 'dealerLogin', message: 'validation.required' },
        ]),
      );
      expect(await countUsers(t.db)).toBe(before);
    });

    it('creates a subdealer with every field, queues the "account created" mail and never returns a password', async () => {
      const input = subdealer();
      const outbox = await countOutbox(t.db);
      const response = await manager.post('/api/users', input);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers.location).toBe(`/api/users/${input.login}`);
      expect(response.headers[ALERT_HEADERS.alert]).toBe('userManagement.created');
      const user = response.json<User>();
      expect(user).toMatchObject({
        login: input.login,
        company: 'Bianchi Noleggi',
        email: input.email,
        logica: 'subdealer',
        dealerLogin,
        indirizzo: 'Via Roma 1',
        cap: '40100',
        citta: 'Bologna',
        stato: 'ITA',
        markup: 1.25,
        sconto: 12.5,
        activated: true,
        langKey: 'it',
        tema: 'eurocomach',
        temaPdf: 'eurocomach',
        vedeSconto: true,
        vedePrezzi: true,
        vedeTutteLeMatricole: false,
        erpUser: 'erp-sara',
        erpPasswordSet: true,
        createdBy: managerLogin,
      });
      expect(user.authorities.sort()).toEqual(['ROLE_CR_SUBDEALER', 'ROLE_USER']);
      expect(response.body).not.toContain('erp-secret-1');
      expect(response.body).not.toContain('passwordHash');
      expect(await countOutbox(t.db)).toBe(outbox + 1);
      await t.signIn(input.login, 'secret-pw');
    });

    it('stores the external credentials encrypted (AES-256-GCM), not as plain text', async () => {
      const input = subdealer();
      await manager.post('/api/users', input);
      const row = await rawUser(t, input.login);
      expect(row?.erpUserEnc).toMatch(/^v1:/);
      expect(row?.erpPasswordEnc).toMatch(/^v1:/);
      expect(row?.erpPasswordEnc).not.toContain('erp-secret-1');
      expect(Buffer.from(row?.erpPasswordEnc?.slice(3) ?? '', 'base64').toString('latin1')).not.toContain(
        'erp-secret-1',
      );
      // A random IV: the same value encrypts differently each time.
      expect(row?.erpUserEnc).not.toBe((await rawUser(t, dealerLogin))?.erpUserEnc ?? 'x');
      const read = (await manager.get(`/api/users/${input.login}`)).json<User & { erpPassword?: string }>();
      expect(read.erpUser).toBe('erp-sara');
      expect(read.erpPasswordSet).toBe(true);
      expect(read.erpPassword).toBeUndefined();
    });

    it('applies the new-user defaults of spec 1 §3', async () => {
      const login = uniqueLogin('plain');
      const response = await manager.post('/api/users', {
        login,
        newPassword: 'secret-pw',
        email: `${login}@test.example`,
      });
      expect(response.json<User>()).toMatchObject({
        activated: true,
        langKey: 'it',
        tema: 'eurocomach',
        temaPdf: 'eurocomach',
        logica: 'dealer',
        vedeSconto: true,
        vedePrezzi: true,
        markup: 1,
        vedeTutteLeMatricole: false,
        sconto: 0,
        authorities: ['ROLE_USER'],
        erpUser: null,
        erpPasswordSet: false,
      });
    });

    it('refuses a taken login, a taken e-mail (any case), an unknown dealer and the act-as marker', async () => {
      const taken = await manager.post('/api/users', {
        ...subdealer(dealerLogin),
        email: `${dealerLogin}@TEST.example`,
        dealerLogin: 'nobody-here',
        authorities: ['ROLE_PREVIOUS_ADMINISTRATOR'],
      });
      expect(taken.statusCode).toBe(400);
      const fields = (problemOf(taken).fieldErrors ?? []).map((e) => `${e.field}:${e.message}`);
      expect(fields).toEqual(expect.arrayContaining(['authorities.0:userManagement.validation.authority']));

      const again = await manager.post('/api/users', {
        ...subdealer(dealerLogin),
        dealerLogin: 'nobody-here',
      });
      expect((problemOf(again).fieldErrors ?? []).map((e) => `${e.field}:${e.message}`)).toEqual([
        'login:error.userexists',
        'dealerLogin:userManagement.validation.dealerUnknown',
      ]);
      const email = await manager.post('/api/users', { ...subdealer(), email: `${dealerLogin}@TEST.example` });
      expect(problemOf(email).fieldErrors).toEqual([{ field: 'email', message: 'error.emailexists' }]);
    });

    it('checks the password, markup and sconto rules of spec 1 §5', async () => {
      const response = await manager.post('/api/users', {
        ...subdealer(),
        newPassword: '',
        markup: 10.5,
        sconto: 12.345,
        erpUser: 'x'.repeat(21),
      });
      expect((problemOf(response).fieldErrors ?? []).map((e) => `${e.field}:${e.message}`)).toEqual(
        expect.arrayContaining([
          'newPassword:validation.required',
          'markup:validation.max',
          'sconto:userManagement.validation.step',
          'erpUser:validation.maxlength',
        ]),
      );
    });
  });

  describe('edit, activation, delete', () => {
    it('edits a user: a new logica clears the subdealer fields, an empty password keeps the old one', async () => {
      const input = subdealer();
      await manager.post('/api/users', input);
      const response = await manager.put(`/api/users/${input.login}`, {
        ...input,
        login: undefined,
        newPassword: '',
        erpPassword: '',
        company: 'Bianchi Noleggi Srl',
        logica: 'dealer',
        authorities: ['ROLE_USER', 'ROLE_CART'],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<User>()).toMatchObject({
        company: 'Bianchi Noleggi Srl',
        logica: 'dealer',
        dealerLogin: null,
        indirizzo: null,
        stato: null,
        erpUser: 'erp-sara',
        erpPasswordSet: true,
        lastModifiedBy: managerLogin,
        authorities: ['ROLE_CART', 'ROLE_USER'],
      });
      await t.signIn(input.login, 'secret-pw');

      const changed = await manager.put(`/api/users/${input.login}`, {
        email: input.email,
        newPassword: 'another-pw',
        erpUser: '',
      });
      expect(changed.json<User>()).toMatchObject({ erpUser: null, erpPasswordSet: false });
      await t.signIn(input.login, 'another-pw');
    });

    it('toggles activation; a deactivated user cannot sign in', async () => {
      const input = subdealer();
      await manager.post('/api/users', input);
      const session = await t.signIn(input.login, 'secret-pw');
      const off = await manager.put(`/api/users/${input.login}/activated`, { activated: false });
      expect(off.statusCode).toBe(200);
      // Its open sessions stop at once.
      expect((await session.get('/api/account')).statusCode).toBe(401);
      expect(off.json<User>().activated).toBe(false);
      expect(off.headers[ALERT_HEADERS.alert]).toBe('userManagement.messages.deactivated');
      expect((await t.agent().login(input.login, 'secret-pw')).statusCode).toBe(401);
      const on = await manager.put(`/api/users/${input.login}/activated`, { activated: true });
      expect(on.json<User>().activated).toBe(true);
      await t.signIn(input.login, 'secret-pw');
    });

    it('does not let the current account be deleted or deactivated', async () => {
      const deleted = await manager.delete(`/api/users/${managerLogin}`);
      expect(deleted.statusCode).toBe(400);
      expect(problemOf(deleted).message).toBe('userManagement.messages.deleteSelf');
      const off = await manager.put(`/api/users/${managerLogin}/activated`, { activated: false });
      expect(off.statusCode).toBe(400);
      expect(problemOf(off).fieldErrors).toEqual([
        { field: 'activated', message: 'userManagement.validation.notSelf' },
      ]);
      expect((await rawUser(t, managerLogin))?.activated).toBe(true);
    });

    it('deletes another user, but not a dealer that still has subdealers', async () => {
      const input = subdealer();
      await manager.post('/api/users', input);
      const refused = await manager.delete(`/api/users/${dealerLogin}`);
      expect(refused.statusCode).toBe(400);
      expect(problemOf(refused).message).toBe('userManagement.messages.hasSubdealers');
      expect((await manager.delete(`/api/users/${input.login}`)).statusCode).toBe(204);
      expect(await rawUser(t, input.login)).toBeUndefined();
      expect((await manager.get(`/api/users/${input.login}`)).statusCode).toBe(404);
    });

    it('lets only administrators grant ROLE_ADMIN or change an administrator', async () => {
      const admin = await t.createUser({ authorities: ['ROLE_ADMIN', 'ROLE_USER'] });
      const grant = await manager.post('/api/users', { ...subdealer(), authorities: ['ROLE_ADMIN'] });
      expect(problemOf(grant).fieldErrors).toEqual(
        expect.arrayContaining([{ field: 'authorities', message: 'userManagement.validation.adminOnly' }]),
      );
      const change = await manager.put(`/api/users/${admin.login}`, { email: admin.email, company: 'x' });
      expect(change.statusCode).toBe(403);
      expect(problemOf(change).message).toBe('userManagement.messages.adminOnly');
      expect((await manager.delete(`/api/users/${admin.login}`)).statusCode).toBe(403);

      const adminAgent = await t.signIn(admin.login, admin.password);
      const granted = await adminAgent.post('/api/users', { ...subdealer(), authorities: ['ROLE_ADMIN'] });
      expect(granted.statusCode).toBe(201);
    });
  });

  describe('list and lookups', () => {
    it('pages with X-Total-Count and Link, searches case-insensitively, sorts by allow-listed fields', async () => {
      const company = `Zeta${Date.now()}`;
      for (let i = 0; i < 3; i++) await manager.post('/api/users', { ...subdealer(), company: `${company} ${i}` });
      const first = await manager.get('/api/users', {
        query: { search: company.toUpperCase(), size: '2', sort: 'company,desc' },
      });
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-total-count']).toBe('3');
      expect(first.headers.link).toContain('rel="next"');
      expect(first.headers.link).toContain('rel="last"');
      const rows = first.json<User[]>();
      expect(rows.map((u) => u.company)).toEqual([`${company} 2`, `${company} 1`]);
      expect(rows[0]?.authorities.sort()).toEqual(['ROLE_CR_SUBDEALER', 'ROLE_USER']);
      const second = await manager.get('/api/users', {
        query: { search: company, size: '2', page: '1', sort: 'company,desc' },
      });
      expect(second.json<User[]>().map((u) => u.company)).toEqual([`${company} 0`]);

      const all = await manager.get('/api/users');
      expect(all.json<User[]>().length).toBeLessThanOrEqual(20);
      for (const sort of ['id,asc', 'login,desc', 'email,asc', 'createdDate,desc', 'lastModifiedBy,asc']) {
        expect((await manager.get('/api/users', { query: { sort } })).statusCode, sort).toBe(200);
      }
      expect((await manager.get('/api/users', { query: { sort: 'passwordHash,asc' } })).statusCode).toBe(400);
    });

    it('answers the lookups of spec 1 §7', async () => {
      const sub = subdealer();
      await manager.post('/api/users', sub);
      const typeahead = (
        await manager.get('/api/users/search', { query: { term: dealerLogin.slice(0, 8), logica: 'dealer' } })
      ).json<UserSummary[]>();
      expect(typeahead.map((u) => u.login)).toContain(dealerLogin);
      expect(typeahead.every((u) => u.logica === 'dealer')).toBe(true);
      expect(typeahead.length).toBeLessThanOrEqual(10);

      expect(
        (await manager.get('/api/users/search/byLogin', { query: { login: sub.login } })).json<UserSummary>(),
      ).toMatchObject({
        login: sub.login,
        company: 'Bianchi Noleggi',
      });
      expect((await manager.get('/api/users/search/byLogin', { query: { login: 'nobody-here' } })).statusCode).toBe(
        404,
      );

      const basic = await manager.get('/api/users/searchBasic/byLoginOrEmailOrCompany', {
        query: { term: sub.email.toUpperCase() },
      });
      expect(basic.headers['x-total-count']).toBe('1');
      // The lookups sort on the list's fields only, by login unless asked.
      const badSort = await manager.get('/api/users/searchBasic/byLoginOrEmailOrCompany', {
        query: { term: sub.email, sort: 'passwordHash,asc' },
      });
      expect(badSort.statusCode).toBe(400);
      expect(problemOf(badSort).fieldErrors).toEqual([{ field: 'sort', message: 'validation.invalid' }]);

      const authorities = (await manager.get('/api/users/authorities')).json<string[]>();
      expect(authorities).toContain('ROLE_CR_SUBDEALER');
      expect(authorities).not.toContain('ROLE_PREVIOUS_ADMINISTRATOR');
      expect((await manager.get('/api/users/temi')).json<{ name: string }[]>().map((x) => x.name)).toEqual(
        expect.arrayContaining(['eurocomach', 'tracks']),
      );
      expect((await manager.get('/api/users/temipdf')).statusCode).toBe(200);
      expect((await manager.get('/api/users/logiche')).json<string[]>()).toEqual(
        expect.arrayContaining(['dealer', 'subdealer']),
      );
      const countries = (await manager.get('/api/users/getstato')).json<CountryOption[]>();
      expect(countries.find((c) => c.id.chiaveDue === 'ITA')).toMatchObject({
        descrizioneMap: { it: 'Italia', en: 'Italy', fr: 'Italie', de: 'Italien', es: 'Italia' },
        province: true,
      });

      const subdealers = await manager.get('/api/users/subdealers', { query: { dealer: dealerLogin } });
      expect(subdealers.json<UserSummary[]>().map((u) => u.login)).toContain(sub.login);

      const superdealer = await t.createUser({ authorities: ['ROLE_CR_SUPERDEALER', 'ROLE_USER'] });
      const supers = await manager.get('/api/users/searchSuperdealers', { query: { term: superdealer.login } });
      expect(supers.json<UserSummary[]>().map((u) => u.login)).toEqual([superdealer.login]);
      const asSuper = await t.signIn(superdealer.login, superdealer.password);
      expect((await asSuper.get('/api/users/subdealers', { query: { dealer: dealerLogin } })).statusCode).toBe(403);
      expect((await asSuper.get('/api/users/subdealers')).json<UserSummary[]>()).toEqual([]);
    });
  });

  describe('external-system credential test', () => {
    it('says NOT_CONFIGURED when no endpoint is configured, never a fake success', async () => {
      const response = await manager.get('/api/users/login', {
        query: { erpUser: 'someone' },
        headers: { 'x-erp-password': 'pw' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<ErpTestResult>()).toEqual({
        status: 'NOT_CONFIGURED',
        message: 'userManagement.erp.notConfigured',
      });
    });

    it('checks stored or given credentials against the configured endpoint', async () => {
      const received: string[] = [];
      const erp = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => {
          body += c.toString();
        });
        req.on('end', () => {
          received.push(body);
          const { username, password } = JSON.parse(body) as { username: string; password: string };
          res.statusCode = username === 'erp-sara' && password === 'erp-secret-1' ? 200 : 401;
          res.end('{}');
        });
      });
      await new Promise<void>((resolve) => erp.listen(0, '127.0.0.1', resolve));
      const port = (erp.address() as AddressInfo).port;
      const configured = await createTestApp({ env: { ERP_LOGIN_URL: `http://127.0.0.1:${port}/login` } });
      try {
        const m = await configured.createUser({ authorities: MANAGER });
        const agent = await configured.signIn(m.login, m.password);
        await agent.post('/api/users', { ...subdealer(), dealerLogin: undefined, logica: 'dealer', login: 'erpuser' });
        const stored = await agent.get('/api/users/login', { query: { login: 'erpuser' } });
        expect(stored.json<ErpTestResult>()).toEqual({ status: 'OK', message: 'userManagement.erp.ok' });
        const wrong = await agent.get('/api/users/login', {
          query: { erpUser: 'erp-sara' },
          headers: { 'x-erp-password': 'wrong' },
        });
        expect(wrong.json<ErpTestResult>()).toMatchObject({ status: 'REJECTED', httpStatus: 401 });
        expect(received.at(-1)).toBe(JSON.stringify({ username: 'erp-sara', password: 'wrong' }));
        expect((await agent.get('/api/users/login', { query: { erpUser: 'x' } })).json<ErpTestResult>().status).toBe(
          'MISSING',
        );
      } finally {
        await configured.close();
        await new Promise((resolve) => erp.close(resolve));
      }
      const down = await createTestApp({ env: { ERP_LOGIN_URL: `http://127.0.0.1:${port}/login` } });
      try {
        const m = await down.createUser({ authorities: MANAGER });
        const agent = await down.signIn(m.login, m.password);
        const response = await agent.get('/api/users/login', {
          query: { erpUser: 'a' },
          headers: { 'x-erp-password': 'b' },
        });
        expect(response.json<ErpTestResult>()).toEqual({
          status: 'UNREACHABLE',
          message: 'userManagement.erp.unreachable',
        });
      } finally {
        await down.close();
      }
    });
  });

  describe('import', () => {
    const csv = (rows: string[][]) => rows.map((r) => r.join(';')).join('\r\n');
    const header = ['login', 'email', 'company', 'logica', 'dealerLogin', 'authorities', 'markup', 'vedePrezzi'];

    it('previews a CSV with one bad row, refuses to apply it (nothing stored), then imports the fixed file', async () => {
      const a = uniqueLogin('imp');
      const b = uniqueLogin('imp');
      const before = await countUsers(t.db);
      const bad = csv([
        header,
        [a, `${a}@test.example`, 'Alfa Srl', 'dealer', '', 'ROLE_USER|ROLE_CART', '1,5', 'sì'],
        [b, `${b}@test.example`, 'Beta Srl', 'subdealer', '', 'ROLE_USER', '1', 'no'],
        [dealerLogin, `${dealerLogin}@test.example`, 'Rossi Macchine SpA', '', '', '', '', ''],
      ]);
      const preview = await upload(manager, 'users.csv', bad, 'text/csv');
      expect(preview.statusCode, preview.body).toBe(200);
      const body = preview.json<UserImportPreview>();
      expect(body.format).toBe('csv');
      expect(body.errorCount).toBe(1);
      expect(body.rows.map((r) => r.action)).toEqual(['create', 'create', 'update']);
      expect(body.rows[1]?.line).toBe(3);
      expect(body.rows[1]?.errors).toEqual([{ field: 'dealerLogin', message: 'validation.required' }]);
      expect(body.rows[0]?.values).toMatchObject({
        markup: 1.5,
        vedePrezzi: true,
        authorities: ['ROLE_USER', 'ROLE_CART'],
      });
      expect(await countUsers(t.db)).toBe(before);

      const refused = await manager.post(
        '/api/users/updateList',
        body.rows.map((r) => r.values ?? { login: r.cells.login, email: r.cells.email }),
      );
      expect(refused.statusCode).toBe(400);
      expect(problemOf(refused).message).toBe('userManagement.import.invalid');
      expect(problemOf(refused).fieldErrors).toEqual([{ field: '1.dealerLogin', message: 'validation.required' }]);
      expect(await countUsers(t.db)).toBe(before);

      const fixed = bad.replace(`subdealer;;`, `subdealer;${dealerLogin};`);
      const ok = (await upload(manager, 'users.csv', fixed)).json<UserImportPreview>();
      expect(ok.errorCount).toBe(0);
      const outbox = await countOutbox(t.db);
      const applied = await manager.post(
        '/api/users/updateList',
        ok.rows.map((r) => r.values),
      );
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json()).toEqual({ created: 2, updated: 1 });
      expect(await countUsers(t.db)).toBe(before + 2);
      expect(await countOutbox(t.db)).toBe(outbox + 2);
      const imported = (await manager.get(`/api/users/${a}`)).json<User>();
      expect(imported).toMatchObject({ company: 'Alfa Srl', markup: 1.5, tema: 'eurocomach', createdBy: managerLogin });
      expect(imported.authorities.sort()).toEqual(['ROLE_CART', 'ROLE_USER']);
      expect((await manager.get(`/api/users/${b}`)).json<User>()).toMatchObject({ logica: 'subdealer', dealerLogin });
      // The existing dealer: only the filled cells changed.
      const dealer = (await manager.get(`/api/users/${dealerLogin}`)).json<User>();
      expect(dealer).toMatchObject({ company: 'Rossi Macchine SpA', logica: 'dealer' });
      expect(dealer.authorities.sort()).toEqual(['ROLE_CART', 'ROLE_CR_USER', 'ROLE_USER']);
    });

    it('reports duplicate logins in the file and unknown columns', async () => {
      const a = uniqueLogin('dup');
      const preview = await upload(
        manager,
        'dup.csv',
        `login,email,colore\n${a},${a}@test.example,blu\n${a},${a}2@test.example,rosso\n`,
      );
      const body = preview.json<UserImportPreview>();
      expect(body.ignoredColumns).toEqual(['colore']);
      expect(body.rows[1]?.errors).toEqual([{ field: 'login', message: 'userManagement.import.duplicateLogin' }]);
    });

    it('imports an XLSX file', async () => {
      const login = uniqueLogin('xlsx');
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('users');
      sheet.addRow(['Login', 'Email', 'Company', 'Sconto', 'Activated']);
      sheet.addRow([login, `${login}@test.example`, 'Gamma Srl', 7.5, false]);
      const data = Buffer.from(await workbook.xlsx.writeBuffer());
      const preview = await upload(manager, 'users.xlsx', data);
      expect(preview.statusCode, preview.body).toBe(200);
      const body = preview.json<UserImportPreview>();
      expect(body).toMatchObject({ format: 'xlsx', errorCount: 0 });
      const applied = await manager.post(
        '/api/users/updateList',
        body.rows.map((r) => r.values),
      );
      expect(applied.json()).toEqual({ created: 1, updated: 0 });
      expect((await manager.get(`/api/users/${login}`)).json<User>()).toMatchObject({
        company: 'Gamma Srl',
        sconto: 7.5,
        activated: false,
      });
    });

    it('refuses a file named .xlsx that is not one, a binary CSV, a file without the key columns and a file over 5 MB', async () => {
      const fake = await upload(manager, 'users.xlsx', 'login;email\nabc;abc@test.example\n');
      expect(fake.statusCode).toBe(400);
      expect(problemOf(fake)).toMatchObject({ message: 'userManagement.import.badFile', params: { format: 'XLSX' } });
      const binary = await upload(manager, 'users.csv', Buffer.from([0xff, 0xfe, 0x00, 0x41]));
      expect(problemOf(binary).message).toBe('userManagement.import.badFile');
      const columns = await upload(manager, 'users.csv', 'name;company\nabc;x\n');
      expect(problemOf(columns).message).toBe('userManagement.import.missingColumns');
      const other = await upload(manager, 'users.pdf', '%PDF-1.4');
      expect(problemOf(other).message).toBe('userManagement.import.badType');
      const big = await upload(manager, 'users.csv', `login;email\n${'a'.repeat(5 * 1024 * 1024 + 10)}`);
      expect(big.statusCode).toBe(413);
    });

    it('is refused to anyone but managers and administrators', async () => {
      const dealer = await t.createUser({ authorities: ['ROLE_USER', 'ROLE_CR_USER'] });
      const agent = await t.signIn(dealer.login, dealer.password);
      expect((await upload(agent, 'users.csv', 'login;email\n')).statusCode).toBe(403);
      expect((await agent.post('/api/users/updateList', [{ login: 'x', email: 'x@test.example' }])).statusCode).toBe(
        403,
      );
    });
  });
});
