import type { ChecklistTemplateHeaderAdmin } from '@ricambi/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

/** The kit entity names of the checklist administration: their lists and items live under these keys. */
export const CHECKLIST_ENTITIES = {
  templateHeader: 'crDarTemplateHeader',
  templateLine: 'crDarTemplateLine',
  header: 'crDarHeader',
  line: 'crDarLine',
} as const;

/**
 * POST /api/crDarTemplateHeaders/{id}/newVersion: a copy of the template and its lines in force from
 * today; the old one closes yesterday. Both templates' lists and the template lines are read again.
 */
export const useNewTemplateVersion = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<ChecklistTemplateHeaderAdmin>(`/api/crDarTemplateHeaders/${id}/newVersion`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.entity(CHECKLIST_ENTITIES.templateHeader).all }),
        client.invalidateQueries({ queryKey: queryKeys.entity(CHECKLIST_ENTITIES.templateLine).all }),
      ]),
  });
};
