import type { CrModelli } from '@ricambi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, createMachine, createMachineModel } from './machine-factories.ts';
import { createTestApp, problemOf, type TestApp } from './test-app.ts';

type Agent = Awaited<ReturnType<TestApp['signIn']>>;
const tag = `M${process.pid % 10000}`;
const fieldsOf = (response: Awaited<ReturnType<Agent['get']>>) =>
  Object.fromEntries((problemOf(response).fieldErrors ?? []).map((f) => [f.field, f.message]));

// Spec 2 §2, §3, §6, §7: machine models on the entity kit, for managers.
describe('machine models (crModelli)', () => {
  let t: TestApp;
  let manager: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    const m = await t.createUser({ authorities: ['ROLE_MANAGER', 'ROLE_USER'] });
    manager = await t.signIn(m.login, m.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, updates and deletes a model', async () => {
    const created = await manager.post('/api/crModellis', { modello: `  ${tag} EC35 `, note: 'Mini escavatore' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['x-ricambi-alert']).toBe('crModelli.created');
    const row = created.json<CrModelli>();
    expect(row).toMatchObject({ modello: `${tag} EC35`, note: 'Mini escavatore' });
    expect((await manager.get(`/api/crModellis/${row.id}`)).json<CrModelli>()).toEqual(row);

    const updated = await manager.put(`/api/crModellis/${row.id}`, { modello: `${tag} EC35 Plus`, note: '' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<CrModelli>()).toEqual({ id: row.id, modello: `${tag} EC35 Plus`, note: null });

    const list = await manager.get('/api/crModellis', { query: { search: tag } });
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json<CrModelli[]>().map((m) => m.modello)).toEqual([`${tag} EC35 Plus`]);

    expect((await manager.delete(`/api/crModellis/${row.id}`)).statusCode).toBe(204);
    expect((await manager.get(`/api/crModellis/${row.id}`)).statusCode).toBe(404);
  });

  it('needs a model name of at most 100 characters, unique regardless of case, and a note of at most 4000', async () => {
    expect(fieldsOf(await manager.post('/api/crModellis', { modello: ' ' }))).toEqual({
      modello: 'validation.required',
    });
    expect(fieldsOf(await manager.post('/api/crModellis', { modello: 'x'.repeat(101) }))).toEqual({
      modello: 'validation.maxlength',
    });
    expect(fieldsOf(await manager.post('/api/crModellis', { modello: `${tag}N`, note: 'x'.repeat(4001) }))).toEqual({
      note: 'validation.maxlength',
    });
    const first = (await manager.post('/api/crModellis', { modello: `${tag} Unique` })).json<CrModelli>();
    const twice = await manager.post('/api/crModellis', { modello: `${tag} UNIQUE` });
    expect(twice.statusCode).toBe(400);
    expect(fieldsOf(twice)).toEqual({ modello: 'crModelli.validation.modelloTaken' });
    const other = (await manager.post('/api/crModellis', { modello: `${tag} Other` })).json<CrModelli>();
    expect(fieldsOf(await manager.put(`/api/crModellis/${other.id}`, { modello: `${tag} unique` }))).toEqual({
      modello: 'crModelli.validation.modelloTaken',
    });
    // Saving a model under its own name is no clash.
    expect((await manager.put(`/api/crModellis/${first.id}`, { modello: `${tag} Unique`, note: 'n' })).statusCode).toBe(
      200,
    );
  });

  it('refuses to delete a model a machine uses (400 in use)', async () => {
    const model = await createMachineModel(t.db, `${tag} Used`);
    const cat = await createCatalogue(t.db, { rows: [] });
    await createMachine(t.db, { crCod: cat.crCodice, modelloId: model.id });
    const response = await manager.delete(`/api/crModellis/${model.id}`);
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).message).toBe('error.inuse');
  });

  it('lists the model names, sorted', async () => {
    await createMachineModel(t.db, `${tag} B-name`);
    await createMachineModel(t.db, `${tag} A-name`);
    const names = (await manager.get('/api/crModellis/name')).json<string[]>();
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names.filter((n) => n.endsWith('-name'))).toEqual([`${tag} A-name`, `${tag} B-name`]);
  });

  it('is for managers only (403 for others)', async () => {
    const u = await t.createUser({ authorities: ['ROLE_CR_INTERNAL', 'ROLE_USER', 'ROLE_ADMIN'] });
    const other = await t.signIn(u.login, u.password);
    expect((await other.get('/api/crModellis')).statusCode).toBe(403);
    expect((await other.get('/api/crModellis/name')).statusCode).toBe(403);
    expect((await other.post('/api/crModellis', { modello: 'x' })).statusCode).toBe(403);
  });
});
