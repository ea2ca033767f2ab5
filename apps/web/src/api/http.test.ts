import { problemSchema } from '@ricambi/domain';
import { describe, expect, it } from 'vitest';
import { asProblem } from './http.ts';

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
