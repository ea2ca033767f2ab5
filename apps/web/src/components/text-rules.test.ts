import { LIMITS, loginFormSchema } from '@ricambi/domain';
import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { zodRule } from './forms.ts';
import { requiredTextError } from './text-rules.ts';

const t = ((key: string, params?: Record<string, unknown>) =>
  `${key}${params && Object.keys(params).length > 0 ? JSON.stringify(params) : ''}`) as TFunction;

const messageOf = async (rule: unknown, value: unknown) => {
  try {
    await (rule as RuleObject).validator?.({} as RuleObject, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

// The sign-in form checks its fields without zod; it must say what the domain schema would.
describe('requiredTextError agrees with the sign-in schema', () => {
  const limits = { username: { max: LIMITS.email.max, trim: true }, password: { max: LIMITS.password.max } };
  const cases: (readonly ['username' | 'password', unknown])[] = [
    ...[undefined, '', '   ', 'dealer', ' Dealer ', 'x'.repeat(LIMITS.email.max + 1)].map(
      (value) => ['username', value] as const,
    ),
    ...[undefined, '', ' ', 'secret', 'x'.repeat(LIMITS.password.max + 1)].map((value) => ['password', value] as const),
  ];
  it.each(cases)('%s %j', async (field, value) => {
    const zod = zodRule(loginFormSchema.shape[field], t);
    expect(requiredTextError(t, value, limits[field])).toBe(await messageOf(zod, value));
  });
});
