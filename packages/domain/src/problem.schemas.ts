import { z } from 'zod';

/** One field error: `message` is an i18n key, `params` its interpolation values. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** RFC 9457 problem+json with an i18n `message` key (DESIGN.md "Rules"). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fieldErrors: z.array(fieldErrorSchema).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const ALERT_HEADERS = {
  alert: 'x-ricambi-alert',
  error: 'x-ricambi-error',
  params: 'x-ricambi-params',
} as const;

type ZodIssueLike = {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  input?: unknown;
};

/**
 * Turns zod issues into field errors with i18n keys. A schema's own message is used when it is an
 * i18n key (contains a dot); otherwise the key is derived from the issue kind.
 */
export const toFieldErrors = (issues: readonly ZodIssueLike[]): FieldError[] =>
  issues.map((issue): FieldError => {
    const field = issue.path.map(String).join('.') || '_';
    const missing = issue.input === undefined && /received undefined/.test(issue.message);
    if (/^[a-zA-Z][\w-]*(\.[\w-]+)+$/.test(issue.message)) return { field, message: issue.message };
    switch (issue.code) {
      case 'too_small':
        if (issue.origin === 'string' && Number(issue.minimum) === 1) return { field, message: 'validation.required' };
        return issue.origin === 'string'
          ? { field, message: 'validation.minlength', params: { min: Number(issue.minimum) } }
          : { field, message: 'validation.min', params: { min: Number(issue.minimum) } };
      case 'too_big':
        return issue.origin === 'string'
          ? { field, message: 'validation.maxlength', params: { max: Number(issue.maximum) } }
          : { field, message: 'validation.max', params: { max: Number(issue.maximum) } };
      case 'invalid_format':
        return { field, message: issue.format === 'email' ? 'validation.email' : 'validation.pattern' };
      case 'invalid_type':
        return {
          field,
          message: missing || issue.input === null ? 'validation.required' : 'validation.invalid',
        };
      default:
        return { field, message: 'validation.invalid' };
    }
  });
