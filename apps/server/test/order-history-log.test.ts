import {
  ERP_STORICO_LOG_SORT_FIELDS,
  type ErpHistoryDocumentInput,
  type ErpStoricoLogRow,
  type OrderHistoryLine,
} from '@ricambi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, type TestApp } from './test-app.ts';

const DEALER = ['ROLE_USER', 'ROLE_CART', 'ROLE_CR_USER'] as const;
const URL = '/api/erpStoricoLogs';

// Issue 16 §1: "each document logged with its outcome" — the administrators' read-only log of the
// ERP's hand-back documents, on the entity-administration kit.
describe('ERP hand-back log', () => {
  let t: TestApp;
  let admin: Agent;
  let dealer: Agent;
  let login: string;

  const document = (documentId: string, generatedAt: string, qtaSpedita: number): ErpHistoryDocumentInput => ({
    documentId,
    generatedAt,
    ordini: [
      {
        nroOrdTxt: `LOG-${process.pid}`,
        cliente: login,
        dataIns: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        righe: [
          {
            riga: 1,
            codArt: 'LOG-PART-1',
            descRiga: 'Filtro olio',
            qtaOrdinata: 2,
            qtaSpedita,
            seEvasa: qtaSpedita >= 2,
          },
        ],
      },
    ],
  });
  const list = async (query: Record<string, string | string[]> = {}) => {
    const response = await admin.get(URL, { query: { size: '100', ...query } });
    expect(response.statusCode, response.body).toBe(200);
    return { rows: response.json<ErpStoricoLogRow[]>(), total: Number(response.headers['x-total-count']) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.createUser({ authorities: ['ROLE_ADMIN', 'ROLE_USER'] });
    admin = await t.signIn(a.login, a.password);
    const u = await t.createUser({ authorities: DEALER });
    login = u.login;
    dealer = await t.signIn(u.login, u.password);

    const newer = new Date(Date.now() - 60_000).toISOString();
    const older = new Date(Date.now() - 3_600_000).toISOString();
    const source = (name: string) => ({ source: 'file' as const, name });
    // The same file twice, then an older one, then a malformed one.
    const results = [
      await t.handback.apply(JSON.stringify(document('LOG-DOC-2', newer, 2)), source('history-2.json')),
      await t.handback.apply(JSON.stringify(document('LOG-DOC-2', newer, 2)), source('history-2.json')),
      await t.handback.apply(JSON.stringify(document('LOG-DOC-1', older, 0)), source('history-1.json')),
      await t.handback.apply('{"documentId": "LOG-DOC-3", "generatedAt": ', source('history-3.json')),
    ];
    expect(results.map((r) => r.outcome)).toEqual(['APPLIED', 'UNCHANGED', 'STALE', 'REJECTED']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the newer document’s state in the history', async () => {
    const response = await dealer.get('/api/storicoordine/ORD');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OrderHistoryLine[]>()).toMatchObject([{ codArt: 'LOG-PART-1', qtaSpedita: 2, seEvasa: true }]);
  });

  it('lists every document with its outcome to an administrator, newest first on request', async () => {
    // Received in the same millisecond on a fast machine (PGlite's clock counts milliseconds): the id,
    // the order they came in, breaks the tie — as a second sort key, which the list honours.
    const byDocument = await list({ sort: ['documentId,asc', 'id,desc'] });
    expect(byDocument.rows.map((r) => r.outcome)).toEqual(['STALE', 'UNCHANGED', 'APPLIED', 'REJECTED']);
    const { rows, total } = await list({ sort: ['receivedAt,desc', 'id,desc'] });
    expect(total).toBe(4);
    expect(rows.map((r) => [r.name, r.documentId, r.outcome, r.ordini, r.righe])).toEqual([
      ['history-3.json', null, 'REJECTED', 0, 0],
      ['history-1.json', 'LOG-DOC-1', 'STALE', 0, 0],
      ['history-2.json', 'LOG-DOC-2', 'UNCHANGED', 0, 0],
      ['history-2.json', 'LOG-DOC-2', 'APPLIED', 1, 1],
    ]);
    const [rejected, stale, unchanged, applied] = rows as [
      ErpStoricoLogRow,
      ErpStoricoLogRow,
      ErpStoricoLogRow,
      ErpStoricoLogRow,
    ];
    expect(rejected.reason).toMatch(/^not JSON: /);
    expect(stale.reason).toContain('newer document');
    expect(applied).toMatchObject({ source: 'file', reason: null });
    expect(applied.generatedAt).toBe(unchanged.generatedAt);
    expect(Date.parse(applied.generatedAt ?? '')).toBeGreaterThan(Date.parse(stale.generatedAt ?? ''));
    expect(rejected.generatedAt).toBeNull();
    for (const r of rows) expect(Number.isNaN(Date.parse(r.receivedAt))).toBe(false);

    // The detail is the row of the list.
    const one = await admin.get(`${URL}/${rejected.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(rejected);
    expect((await admin.get(`${URL}/999999999`)).statusCode).toBe(404);
    expect((await admin.get(`${URL}/abc`)).statusCode).toBe(404);
  });

  it('is paged, sorts by each of its fields both ways (the id last), and refuses another field', async () => {
    const page = await admin.get(URL, { query: { size: '3', sort: 'receivedAt,desc' } });
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.headers.link).toContain('rel="next"');
    expect(page.json<ErpStoricoLogRow[]>()).toHaveLength(3);

    for (const field of ERP_STORICO_LOG_SORT_FIELDS) {
      for (const direction of ['asc', 'desc'] as const) {
        const { rows } = await list({ sort: `${field},${direction}` });
        if (field === 'receivedAt') {
          // The answer has milliseconds, PostgreSQL sorts by microseconds: rows of one millisecond may come either way.
          const times = rows.map((r) => Date.parse(r.receivedAt));
          expect(times, `${field},${direction}`).toEqual(
            [...times].sort((a, b) => (direction === 'asc' ? a - b : b - a)),
          );
          continue;
        }
        const key = (r: ErpStoricoLogRow) => r[field];
        const expected = [...rows].sort((a, b) => {
          const [x, y] = [key(a), key(b)];
          // PostgreSQL: nulls last ascending, first descending.
          if (x !== y) {
            if (x === null) return direction === 'asc' ? 1 : -1;
            if (y === null) return direction === 'asc' ? -1 : 1;
            return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
          }
          return a.id - b.id;
        });
        expect(
          rows.map((r) => r.id),
          `${field},${direction}`,
        ).toEqual(expected.map((r) => r.id));
      }
    }
    expect((await admin.get(URL, { query: { sort: 'reason,asc' } })).statusCode).toBe(400);
  });

  it('searches the name, the document id, the reason and the outcome', async () => {
    const names = async (search: string) =>
      (await list({ search, sort: 'id,asc' })).rows.map((r) => `${r.name} ${r.outcome}`);
    expect(await names('history-2')).toEqual(['history-2.json APPLIED', 'history-2.json UNCHANGED']);
    expect(await names('log-doc-1')).toEqual(['history-1.json STALE']);
    expect(await names('not json')).toEqual(['history-3.json REJECTED']);
    expect(await names('rejected')).toEqual(['history-3.json REJECTED']);
    expect(await names('Applied')).toEqual(['history-2.json APPLIED']);
    expect(await names('50%_')).toEqual([]);
  });

  it('is for administrators only, and read-only', async () => {
    const [first] = (await list()).rows;
    for (const agent of [dealer, t.agent()]) {
      expect([401, 403]).toContain((await agent.get(URL)).statusCode);
      expect([401, 403]).toContain((await agent.get(`${URL}/${first?.id}`)).statusCode);
    }
    expect((await dealer.get(URL)).statusCode).toBe(403);
    const writes = [
      await admin.post(URL, { name: 'x', outcome: 'APPLIED' }),
      await admin.put(`${URL}/${first?.id}`, { name: 'x', outcome: 'APPLIED' }),
      await admin.delete(`${URL}/${first?.id}`),
    ];
    for (const w of writes) expect([404, 405]).toContain(w.statusCode);
    expect((await list()).total).toBe(4);
  });
});
