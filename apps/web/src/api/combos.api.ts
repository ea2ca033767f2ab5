import type { ComboList, ComboValue, DocumentCategoryType } from '@ricambi/domain';
import { useQuery } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

/** GET /api/combovoci/{list}: a lookup list of the after-sales forms (spec 2 §7 Combos). */
export const useComboList = (list: ComboList, enabled = true) =>
  useQuery({
    enabled,
    queryKey: queryKeys.combos.list(list),
    queryFn: () => http.get<ComboValue[]>(`/api/combovoci/${list}`),
    staleTime: 5 * 60_000,
  });

/** GET /api/combovoci/categorie/{type}: the document types and categories (spec 2 §7). */
export const useComboCategory = (type: DocumentCategoryType, enabled = true) =>
  useQuery({
    enabled,
    queryKey: queryKeys.combos.list(`categorie/${type}`),
    queryFn: () => http.get<ComboValue[]>(`/api/combovoci/categorie/${type}`),
    staleTime: 5 * 60_000,
  });
