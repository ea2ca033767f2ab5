import { z } from 'zod';
import { LIMITS } from './limits.constants.ts';
import type { SortParam } from './paging.schemas.ts';

/** POST /api/cart/select. */
export const actAsSelectSchema = z.object({
  login: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(LIMITS.login.max)
    .transform((v) => v.toLowerCase()),
});
export type ActAsSelectRequest = z.input<typeof actAsSelectSchema>;

/** GET /api/cart/select: the user the session acts as. */
export const actAsTargetSchema = z.object({
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
});
export type ActAsTarget = z.infer<typeof actAsTargetSchema>;

/** GET /api/act-as/users: one row of the act-as page. */
export const actAsUserSchema = actAsTargetSchema.extend({
  email: z.string().nullable(),
  /** false for administrators and managers, who are never acted as. */
  selectable: z.boolean(),
});
export type ActAsUser = z.infer<typeof actAsUserSchema>;

export const ACT_AS_SORT_FIELDS = ['login', 'company', 'email'] as const;
export type ActAsSortField = (typeof ACT_AS_SORT_FIELDS)[number];
export const ACT_AS_DEFAULT_SORT: SortParam<ActAsSortField> = 'login,asc';
export const ACT_AS_SEARCH_MAX = 100;
/** Wait after the last keystroke before the act-as list searches. */
export const ACT_AS_SEARCH_DEBOUNCE_MS = 300;
