import { toFieldErrors } from '@ricambi/domain';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import { ApiError } from '../api/http.ts';

/** An antd rule from the field's zod schema: the form and the server apply the same limits. */
export const zodRule = (schema: ZodType, t: TFunction): Rule => ({
  validator: async (_rule, value: unknown) => {
    const empty = value === undefined || value === null || value === '';
    if (empty && schema.safeParse(undefined).success) return;
    const result = schema.safeParse(value ?? '');
    if (result.success) return;
    const [first] = toFieldErrors(result.error.issues);
    throw new Error(first ? t(first.message, first.params ?? {}) : t('validation.invalid'));
  },
});

export const confirmRule =
  (field: string, t: TFunction): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(field)) throw new Error(t('global.messages.error.dontmatch'));
    },
  });

/** Puts the server's field errors on the form's fields; returns false when there were none. */
export const applyFieldErrors = (form: FormInstance, error: unknown, t: TFunction): boolean => {
  if (!(error instanceof ApiError) || !error.problem?.fieldErrors?.length) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const errors = error.problem.fieldErrors.filter((f) => known.has(f.field));
  if (errors.length === 0) return false;
  form.setFields(errors.map((f) => ({ name: f.field, errors: [t(f.message, f.params ?? {})] })));
  return true;
};
