import { problemSchema } from '@ricambi/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, asProblem, http } from './http.ts';

const base = { type: 'about:blank', title: 'Bad Request', status: 400, message: 'error.validation' };

// api/http.ts checks problem answers by hand (no zod on every page): it must accept what the schema does.
describe('asProblem agrees with problemSchema', () => {
  it.each([
    base,
    { ...base, detail: 'x', params: { max: 3, name: 'a' } },
    { ...base, fieldErrors: [{ field: 'login', message: 'validation.required' }] },
    { ...base, fieldErrors: [{ field: 'login', message: 'validation.maxlength', params: { max: 50 } }] },
    { ...base, status: 400.5 },
    { ...base, message: 3 },
    { ...base, params: { a: true } },
    { ...base, fieldErrors: [{ field: 'login' }] },
    { ...base, fieldErrors: 'nope' },
    { title: 'no type', status: 500, message: 'error.internal' },
    null,
    'text',
    undefined,
  ])('%j', (value) => {
    const parsed = problemSchema.safeParse(value);
    expect(asProblem(value) !== undefined).toBe(parsed.success);
    if (parsed.success) expect(asProblem(value)).toMatchObject(parsed.data);
  });
});

describe('a request given up by its caller', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rejects with the abort, not as a network failure, and a request not given up still fails as one', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) =>
      init?.signal?.aborted
        ? Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetch);
    const controller = new AbortController();
    controller.abort();
    const aborted = await http.getPage('/api/search/full?term=filtro', controller.signal).catch((e: unknown) => e);
    expect(fetch.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
    expect(aborted).toBeInstanceOf(DOMException);
    expect((aborted as DOMException).name).toBe('AbortError');
    const failed = await http.getPage('/api/search/full?term=filtro').catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(0);
  });
});
