import { describe, expect, it } from 'vitest';
import { isActingAs, isRefusedActAsTarget, mayActAs } from './act-as.rules.ts';
import { actAsSelectSchema } from './act-as.schemas.ts';

describe('act-as rules (spec 1 §4, §6)', () => {
  it('lets only internal staff act', () => {
    expect(mayActAs(['ROLE_INTERNAL', 'ROLE_USER'])).toBe(true);
    expect(mayActAs(['ROLE_CR_INTERNAL'])).toBe(true);
    expect(mayActAs(['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_USER', 'ROLE_CR_USER'])).toBe(false);
    expect(mayActAs(undefined)).toBe(false);
  });

  it('never acts as an administrator or a manager', () => {
    expect(isRefusedActAsTarget(['ROLE_ADMIN', 'ROLE_USER'])).toBe(true);
    expect(isRefusedActAsTarget(['ROLE_MANAGER'])).toBe(true);
    expect(isRefusedActAsTarget(['ROLE_USER', 'ROLE_CR_USER', 'ROLE_CART'])).toBe(false);
  });

  it('reads act-as mode from ROLE_PREVIOUS_ADMINISTRATOR', () => {
    expect(isActingAs({ authorities: ['ROLE_USER', 'ROLE_PREVIOUS_ADMINISTRATOR'] })).toBe(true);
    expect(isActingAs({ authorities: ['ROLE_INTERNAL'] })).toBe(false);
    expect(isActingAs(null)).toBe(false);
  });

  it('lower-cases and requires the login', () => {
    expect(actAsSelectSchema.parse({ login: ' Dealer ' })).toEqual({ login: 'dealer' });
    expect(actAsSelectSchema.safeParse({ login: '' }).success).toBe(false);
    expect(actAsSelectSchema.safeParse({ login: 'x'.repeat(51) }).success).toBe(false);
  });
});
