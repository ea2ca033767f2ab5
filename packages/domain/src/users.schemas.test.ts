import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './problem.schemas.ts';
import { ASSIGNABLE_AUTHORITIES, userCreateSchema, userImportRowSchema, userUpdateSchema } from './users.schemas.ts';

const valid = {
  login: 'mario_rossi-2',
  newPassword: 'secret',
  email: 'mario@example.com',
};
const errorsOf = (result: { success: boolean; error?: { issues: Parameters<typeof toFieldErrors>[0] } }) =>
  result.success ? [] : toFieldErrors(result.error?.issues ?? []).map((e) => `${e.field}:${e.message}`);

// Spec 1 §5 "User form".
describe('user schemas', () => {
  it('takes lower-case letters, digits, underscore and hyphen in the login, up to 50', () => {
    expect(userCreateSchema.safeParse(valid).success).toBe(true);
    expect(errorsOf(userCreateSchema.safeParse({ ...valid, login: 'Mario' }))).toEqual([
      'login:userManagement.validation.loginPattern',
    ]);
    expect(errorsOf(userCreateSchema.safeParse({ ...valid, login: 'a'.repeat(51) }))).toEqual([
      'login:validation.maxlength',
    ]);
    expect(errorsOf(userCreateSchema.safeParse({ ...valid, login: 'authorities' }))).toEqual([
      'login:userManagement.validation.reservedLogin',
    ]);
  });

  it('requires the dealer for a subdealer only', () => {
    expect(errorsOf(userCreateSchema.safeParse({ ...valid, logica: 'subdealer' }))).toEqual([
      'dealerLogin:validation.required',
    ]);
    expect(userCreateSchema.safeParse({ ...valid, logica: 'subdealer', dealerLogin: 'dealer' }).success).toBe(true);
    expect(userUpdateSchema.safeParse({ email: valid.email, logica: 'dealer' }).success).toBe(true);
  });

  it('limits company to 40, the external credentials to 20, markup to 0–10 and sconto to 0–100 in steps of 0.01', () => {
    expect(
      errorsOf(
        userCreateSchema.safeParse({
          ...valid,
          company: 'x'.repeat(41),
          erpUser: 'x'.repeat(21),
          markup: 10.01,
          sconto: 5.555,
        }),
      ),
    ).toEqual([
      'company:validation.maxlength',
      'markup:validation.max',
      'sconto:userManagement.validation.step',
      'erpUser:validation.maxlength',
    ]);
    expect(userCreateSchema.safeParse({ ...valid, markup: 0.07, sconto: 99.99 }).success).toBe(true);
  });

  it('requires the password on create only, and never offers ROLE_PREVIOUS_ADMINISTRATOR', () => {
    expect(errorsOf(userCreateSchema.safeParse({ ...valid, newPassword: undefined }))).toEqual([
      'newPassword:validation.required',
    ]);
    expect(userUpdateSchema.safeParse({ email: valid.email, newPassword: '' }).success).toBe(true);
    expect(userImportRowSchema.safeParse({ login: 'x', email: valid.email }).success).toBe(true);
    expect(ASSIGNABLE_AUTHORITIES).not.toContain('ROLE_PREVIOUS_ADMINISTRATOR');
    expect(errorsOf(userCreateSchema.safeParse({ ...valid, authorities: ['ROLE_PREVIOUS_ADMINISTRATOR'] }))).toEqual([
      'authorities.0:userManagement.validation.authority',
    ]);
  });
});
