import { LIMITS, loginFormSchema } from '@ricambi/domain';
import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { zodRule } from './forms.ts';
import { requiredTextRule } from './text-rules.ts';

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
describe('requiredTextRule agrees with the sign-in schema', () => {
  const cases: [string, unknown, RuleObject, RuleObject][] = [];
  const username = [
    requiredTextRule(t, { max: LIMITS.email.max, trim: true }),
    zodRule(loginFormSchema.shape.username, t),
  ];
  const password = [requiredTextRule(t, { max: LIMITS.password.max }), zodRule(loginFormSchema.shape.password, t)];
  for (const value of [undefined, '', '   ', 'dealer', ' Dealer ', 'x'.repeat(LIMITS.email.max + 1)]) {
    cases.push(['username', value, username[0] as RuleObject, username[1] as RuleObject]);
  }
  for (const value of [undefined, '', ' ', 'secret', 'x'.repeat(LIMITS.password.max + 1)]) {
    cases.push(['password', value, password[0] as RuleObject, password[1] as RuleObject]);
  }
  it.each(cases)('%s %j', async (_field, value, light, zod) => {
    expect(await messageOf(light, value)).toBe(await messageOf(zod, value));
  });
});
