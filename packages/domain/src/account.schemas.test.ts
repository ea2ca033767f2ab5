import { describe, expect, it } from 'vitest';
import { loginFormSchema, registerSchema, resetInitSchema, settingsSchema } from './account.schemas.ts';
import { toFieldErrors } from './problem.schemas.ts';

const errorsOf = (result: { success: boolean; error?: { issues: Parameters<typeof toFieldErrors>[0] } }) =>
  result.success ? [] : toFieldErrors(result.error?.issues ?? []);

describe('registerSchema (spec 1 §5)', () => {
  const valid = { login: 'officina1', email: 'a@example.com', password: 'secret', langKey: 'it' };

  it('accepts a valid registration', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });
  it('requires login, e-mail and password', () => {
    const fields = errorsOf(registerSchema.safeParse({ login: '', email: '', password: '' }));
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'login', message: 'validation.required' },
        { field: 'email', message: 'validation.required' },
        { field: 'password', message: 'validation.required' },
      ]),
    );
  });
  it('takes lower-case letters and digits only for the login, at most 50', () => {
    expect(errorsOf(registerSchema.safeParse({ ...valid, login: 'Officina' }))).toEqual([
      { field: 'login', message: 'validation.loginPattern' },
    ]);
    expect(errorsOf(registerSchema.safeParse({ ...valid, login: 'a_b' }))[0]?.message).toBe('validation.loginPattern');
    expect(errorsOf(registerSchema.safeParse({ ...valid, login: 'a'.repeat(51) }))[0]).toEqual({
      field: 'login',
      message: 'validation.maxlength',
      params: { max: 50 },
    });
  });
  it('wants a valid e-mail of 5 to 100 characters', () => {
    expect(errorsOf(registerSchema.safeParse({ ...valid, email: 'nope' }))[0]?.field).toBe('email');
    expect(errorsOf(registerSchema.safeParse({ ...valid, email: `${'a'.repeat(95)}@x.com` }))[0]).toEqual({
      field: 'email',
      message: 'validation.maxlength',
      params: { max: 100 },
    });
  });
  it('wants a password of 5 to 50 characters', () => {
    expect(errorsOf(registerSchema.safeParse({ ...valid, password: 'abcd' }))[0]).toEqual({
      field: 'password',
      message: 'validation.minlength',
      params: { min: 5 },
    });
    expect(errorsOf(registerSchema.safeParse({ ...valid, password: 'a'.repeat(51) }))[0]?.message).toBe(
      'validation.maxlength',
    );
  });
  it('accepts only the five languages', () => {
    expect(registerSchema.safeParse({ ...valid, langKey: 'pt' }).success).toBe(false);
  });
});

describe('settingsSchema', () => {
  it('requires first and last name of at most 50', () => {
    const fields = errorsOf(
      settingsSchema.safeParse({ firstName: ' ', lastName: 'x'.repeat(51), email: 'a@b.it', langKey: 'en' }),
    );
    expect(fields).toEqual([
      { field: 'firstName', message: 'validation.required' },
      { field: 'lastName', message: 'validation.maxlength', params: { max: 50 } },
    ]);
  });
});

describe('loginFormSchema', () => {
  it('lower-cases the login and reads remember-me from a form value', () => {
    const parsed = loginFormSchema.parse({ username: ' Dealer ', password: 'x', 'remember-me': 'true' });
    expect(parsed).toEqual({ username: 'dealer', password: 'x', 'remember-me': true });
    expect(loginFormSchema.parse({ username: 'a', password: 'x' })['remember-me']).toBe(false);
  });
});

describe('resetInitSchema', () => {
  it('takes the e-mail as JSON or as a plain-text body', () => {
    expect(resetInitSchema.parse('a@example.com')).toEqual({ email: 'a@example.com' });
    expect(resetInitSchema.parse({ email: 'a@example.com' })).toEqual({ email: 'a@example.com' });
  });
});
