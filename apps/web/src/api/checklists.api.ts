import {
  CHECKLIST_PAGE_SIZE,
  CHECKLIST_SEARCH_PAGE_SIZE,
  type ChecklistAnswerInput,
  type ChecklistHeader,
  type ChecklistHeaderUpdate,
  type ChecklistLine,
  type ChecklistMachine,
  type ChecklistNode,
  type ChecklistState,
  type ChecklistType,
  type Language,
} from '@ricambi/domain';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './keys.ts';

const enc = encodeURIComponent;

/** The list's filters as the address keeps them (spec 3 §2: /crDars?stato&term&tipo, and rate, page, sort). */
export type ChecklistListParams = {
  term?: string;
  rate?: number;
  tipo?: ChecklistType;
  stato?: ChecklistState;
  page: number;
  sort?: string;
};

/** GET api/crDars/headers's query: the filters set, one page of 20, the sort (the server adds id). */
export const checklistListQuery = (params: ChecklistListParams) => {
  const query = new URLSearchParams({ page: String(params.page), size: String(CHECKLIST_PAGE_SIZE) });
  if (params.term) query.set('term', params.term);
  if (params.rate !== undefined) query.set('rate', String(params.rate));
  if (params.tipo) query.set('tipo', params.tipo);
  if (params.stato) query.set('stato', params.stato);
  if (params.sort) query.set('sort', params.sort);
  return query;
};

/** GET api/crDars/headers: a page of the user's checklists, the total in X-Total-Count. */
export const useChecklistPage = (params: ChecklistListParams) =>
  useQuery({
    queryKey: queryKeys.checklists.list(params),
    queryFn: () => http.getPage<ChecklistHeader>(`/api/crDars/headers?${checklistListQuery(params)}`),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });

/** GET api/crDars/{id}: one checklist's header. */
export const useChecklistHeader = (id: number) =>
  useQuery({
    queryKey: queryKeys.checklists.header(id),
    queryFn: () => http.get<ChecklistHeader>(`/api/crDars/${id}`),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
    meta: { handlesErrors: true },
  });

/** GET api/crDars/lines/{id}: the checklist's numbered tree of lines (spec 3 §3: line, figli). */
export const useChecklistTree = (id: number) =>
  useQuery({
    queryKey: queryKeys.checklists.tree(id),
    queryFn: () => http.get<ChecklistNode[]>(`/api/crDars/lines/${id}`),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
    meta: { handlesErrors: true },
  });

/**
 * GET /api/crDars/search: the dealer's machines on the road (messa in strada) matching a serial or
 * code, 10 a page, by serial (spec 3 §5).
 */
export const useChecklistMachines = (tipo: ChecklistType, term: string, page: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.checklists.machines(tipo, term, page),
    queryFn: () => {
      const query = new URLSearchParams({
        tipoDoc: tipo,
        page: String(page),
        size: String(CHECKLIST_SEARCH_PAGE_SIZE),
        sort: 'id.matricola,asc',
      });
      if (term) query.set('term', term);
      return http.getPage<ChecklistMachine>(`/api/crDars/search?${query}`);
    },
    enabled,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });

/** GET api/crDarHeaders/active/{matricola}: the serial's checklists not yet sent. */
export const useActiveChecklists = (matricola: string | undefined) =>
  useQuery({
    queryKey: queryKeys.checklists.active(matricola ?? ''),
    queryFn: () => http.get<ChecklistHeader[]>(`/api/crDarHeaders/active/${enc(matricola ?? '')}`),
    enabled: Boolean(matricola),
    meta: { handlesErrors: true },
  });

/** POST api/crDarHeadersLines: a new checklist of the type for a machine on the road; answers [header]. */
export const useCreateChecklist = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { matricola: string; tipo: ChecklistType }) =>
      http.post<ChecklistHeader[]>('/api/crDarHeadersLines', body),
    onSuccess: (headers, body) => {
      for (const header of headers) client.setQueryData(queryKeys.checklists.header(header.id), header);
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.checklists.lists() }),
        client.invalidateQueries({ queryKey: queryKeys.checklists.active(body.matricola) }),
      ]);
    },
    meta: { handlesErrors: true },
  });
};

/** Puts a changed line in its checklist's cached tree (the tree's marks change at once). */
export const withLine = (nodes: readonly ChecklistNode[], line: ChecklistLine): ChecklistNode[] =>
  nodes.map((node) =>
    node.line.id === line.id
      ? { ...node, line: { ...node.line, ...line } }
      : node.figli.length
        ? { ...node, figli: withLine(node.figli, line) }
        : node,
  );

const lineChanged = (client: QueryClient, headerId: number, line: ChecklistLine) =>
  client.setQueryData<ChecklistNode[]>(queryKeys.checklists.tree(headerId), (tree) =>
    tree ? withLine(tree, line) : tree,
  );

/** A header the server answered: its cache takes it; lists and the serial's open checklists are read again. */
const headerChanged = (client: QueryClient, header: ChecklistHeader) => {
  client.setQueryData(queryKeys.checklists.header(header.id), header);
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.checklists.lists() }),
    client.invalidateQueries({ queryKey: queryKeys.checklists.active(header.matricola) }),
  ]);
};

/**
 * PUT api/crDars/lines/{id}: one answer (or none: `risposta` null clears it); the server recomputes
 * the state, so the header and the tree take its answer at once.
 */
export const useAnswerLine = (headerId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ChecklistAnswerInput & { id: number }) =>
      http.put<{ line: ChecklistLine; header: ChecklistHeader }>(`/api/crDars/lines/${id}`, body),
    onSuccess: (answer) => {
      lineChanged(client, headerId, answer.line);
      return headerChanged(client, answer.header);
    },
    meta: { handlesErrors: true },
  });
};

/** POST /api/crDars/uploadfile: multipart `id` (the line) then `file`; answers the line. */
export const CHECKLIST_UPLOAD_URL = '/api/crDars/uploadfile';

/** The line an upload answered, in its checklist's tree. */
export const useChecklistLineUploaded = (headerId: number) => {
  const client = useQueryClient();
  return (line: ChecklistLine) => lineChanged(client, headerId, line);
};

/** POST api/crDars/cancellafile {nomeFile}: deletes one image of a line; answers the line. */
export const useDeleteChecklistImage = (headerId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nomeFile: string) => http.post<ChecklistLine>('/api/crDars/cancellafile', { nomeFile }),
    onSuccess: (line) => lineChanged(client, headerId, line),
    meta: { handlesErrors: true },
  });
};

/** GET /api/crDars/thumbnail/{name}: the image's 200 px WebP preview (an <img> source). */
export const checklistThumbnailUrl = (name: string) => `/api/crDars/thumbnail/${enc(name)}`;

/** GET /api/crDars/scaricafile/{name}/download: the image itself. */
export const downloadChecklistImage = (name: string) =>
  http.download(`/api/crDars/scaricafile/${enc(name)}/download`, name);

/** GET /api/crDars/downloadpdf/{id}/{lang}: the checklist's PDF, named by the server (type and serial). */
export const downloadChecklistPdf = (
  header: Pick<ChecklistHeader, 'id' | 'matricola' | 'idCrDarTemplateHeader'>,
  lang: Language,
) =>
  http.download(
    `/api/crDars/downloadpdf/${header.id}/${lang}`,
    `${header.idCrDarTemplateHeader.tipoDocumento}_${header.matricola}.pdf`,
  );

/**
 * PUT api/crDars?langKey: the header dialog (arrival date, rating, note); `invia` sends a Completato
 * checklist. Answers the header.
 */
export const useUpdateChecklistHeader = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, lang }: { body: ChecklistHeaderUpdate; lang: Language }) =>
      http.put<ChecklistHeader>(`/api/crDars?langKey=${lang}`, body),
    onSuccess: (header) => headerChanged(client, header),
    meta: { handlesErrors: true },
  });
};
