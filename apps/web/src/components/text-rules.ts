import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/**
 * A required text field's rule from the domain limits, with the messages zod's would give
 * (`validation.required`, `validation.maxlength`). Kept apart from components/forms.ts so that the
 * sign-in page, which needs no other rule, does not take zod along (issue 11 §4).
 */
export const requiredTextRule = (t: TFunction, { max, trim = false }: { max: number; trim?: boolean }): Rule => ({
  validator: async (_rule, value: unknown) => {
    const text = typeof value === 'string' ? (trim ? value.trim() : value) : '';
    if (text.length === 0) throw new Error(t('validation.required'));
    if (text.length > max) throw new Error(t('validation.maxlength', { max }));
  },
});
