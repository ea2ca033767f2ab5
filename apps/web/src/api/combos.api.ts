import type { ComboList, ComboValue } from '@ricambi/domain';
import { useQuery } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

/** GET /api/combovoci/{list}: a lookup list of the after-sales forms (spec 2 §7 Combos). */
export const useComboList = (list: ComboList) =>
  useQuery({
    queryKey: queryKeys.combos.list(list),
    queryFn: () => http.get<ComboValue[]>(`/api/combovoci/${list}`),
    staleTime: 5 * 60_000,
  });
