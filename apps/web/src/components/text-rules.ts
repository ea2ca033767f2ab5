import type { TFunction } from 'i18next';

/**
 * The message of a required text field against the domain limits, as zod's would say it
 * (`validation.required`, `validation.maxlength`); undefined when the value is good. Kept apart from
 * components/forms.ts so that the sign-in page, which needs no other rule, does not take zod along
 * (issue 11 §4).
 */
export const requiredTextError = (
  t: TFunction,
  value: unknown,
  { max, trim = false }: { max: number; trim?: boolean },
): string | undefined => {
  const text = typeof value === 'string' ? (trim ? value.trim() : value) : '';
  if (text.length === 0) return t('validation.required');
  if (text.length > max) return t('validation.maxlength', { max });
  return undefined;
};
