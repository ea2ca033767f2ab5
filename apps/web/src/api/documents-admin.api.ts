import type { DocumentCategoryType, DocumentUpload } from '@ricambi/domain';
import { useQuery } from '@tanstack/react-query';
import { useComboCategory, useComboList } from './combos.api.ts';
import { http, type UploadOptions } from './http.ts';
import { queryKeys } from './keys.ts';

/** The kit entity names of the document administration: their lists and items live under these keys. */
export const DOCUMENT_ENTITIES = {
  documenti: 'crDocumenti',
  files: 'crDocumentiFile',
  modelli: 'crDocumentiModelli',
  log: 'crDocumentiLog',
} as const;

/** The machine models' entity (features/cr-modelli): a change of a model reloads the names. */
const MODELS_ENTITY = 'crModelli';

/** A document's lookup lists: its brands, or its types and categories. */
export type DocumentComboSource = 'marchi' | DocumentCategoryType;

/** GET /api/combovoci/marchi or /api/combovoci/categorie/{type}: the same queries as the library's filters. */
export const useDocumentCombo = (source: DocumentComboSource) => {
  // Both hooks always run (hooks' rule); only the list asked for is fetched.
  const brands = useComboList('marchi', source === 'marchi');
  const category = useComboCategory(source === 'marchi' ? 'tipodocumento' : source, source !== 'marchi');
  return source === 'marchi' ? brands : category;
};

/** GET /api/crModellis/name: every model name, sorted (the model rows' select). */
export const useModelNames = () =>
  useQuery({
    queryKey: queryKeys.entity(MODELS_ENTITY).relation('names'),
    queryFn: () => http.get<string[]>('/api/crModellis/name'),
    staleTime: 60_000,
  });

/**
 * POST /api/crDocumentiFiles/upload: one PDF, multipart with the file alone, so that it waits for
 * the save that names its `upload` id (a document's `nomefiles`, or a new file row).
 */
export const uploadDocumentPdf = (file: File, options: UploadOptions = {}) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.upload<DocumentUpload>('/api/crDocumentiFiles/upload', form, options);
};
