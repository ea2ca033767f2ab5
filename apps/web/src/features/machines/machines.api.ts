import {
  AUTOCOMPLETE_SIZE,
  type CatalogueHeader,
  type CataloguePdfStatus,
  type CatalogueRow,
  type CatalogueTreeSearch,
  type CrArticolo,
  type DrawingData,
  type InfoCliente,
  type Machine,
  PAGE_SIZE,
  problemSchema,
} from '@ricambi/domain';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../../api/http.ts';

const enc = encodeURIComponent;
const useLang = () => useTranslation().i18n.language;

/**
 * Query keys of the machine area. Everything of one machine's catalogue sits under
 * `catalogue(idMatricola)`, so that a refresh clears exactly that machine's cache (spec 2 §4).
 */
export const machineKeys = {
  all: ['machines'] as const,
  search: (params: object) => [...machineKeys.all, 'search', params] as const,
  catalogue: (idMatricola: number) => [...machineKeys.all, 'catalogue', idMatricola] as const,
  header: (idMatricola: number, matricola: string, lang: string) =>
    [...machineKeys.catalogue(idMatricola), 'header', matricola, lang] as const,
  rows: (idMatricola: number, parent: number | 'root', lang: string) =>
    [...machineKeys.catalogue(idMatricola), 'rows', parent, lang] as const,
  treeSearch: (idMatricola: number, q: string, lang: string) =>
    [...machineKeys.catalogue(idMatricola), 'tree-search', q, lang] as const,
  drawing: (name: string) => [...machineKeys.all, 'drawing', name] as const,
  item: (id: number, lang: string) => [...machineKeys.all, 'item', id, lang] as const,
  itemInfo: (id: number, quantita: number) => [...machineKeys.all, 'item-info', id, quantita] as const,
};

export type MachinePage = { items: Machine[]; total: number };

const fetchMachines = async (term: string, page: number, size: number): Promise<MachinePage> => {
  const params = new URLSearchParams({ term, page: String(page), size: String(size) });
  const { data, headers } = await http.getWithHeaders<Machine[]>(`/api/machine/full?${params}`);
  return { items: data, total: Number(headers.get('X-Total-Count') ?? data.length) };
};

/** Spec 2 §5, §9: the serial typeahead lower-cases the term and asks for 10 machines and the total. */
export const useMachineTypeahead = (term: string) => {
  const lang = useLang();
  const lower = term.toLowerCase();
  return useQuery({
    queryKey: machineKeys.search({ kind: 'typeahead', term: lower, lang }),
    queryFn: () => fetchMachines(lower, 0, AUTOCOMPLETE_SIZE),
    enabled: lower.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

/** The paged result list (20 a page). */
export const useMachineList = (term: string, page: number) => {
  const lang = useLang();
  const lower = term.toLowerCase();
  return useQuery({
    queryKey: machineKeys.search({ kind: 'list', term: lower, page, lang }),
    queryFn: () => fetchMachines(lower, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
};

export const useCatalogueHeader = (idMatricola: number, matricola: string) => {
  const lang = useLang();
  return useQuery({
    queryKey: machineKeys.header(idMatricola, matricola, lang),
    queryFn: () => http.get<CatalogueHeader>(`/api/catalogo/${idMatricola}/${enc(matricola)}?lang=${enc(lang)}`),
    enabled: idMatricola > 0 && matricola !== '',
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesErrors: true },
  });
};

/** The rows under `parent` (level 1 for 'root'), cached per machine until a refresh. */
export const fetchCatalogueRows = (
  client: QueryClient,
  idMatricola: number,
  crId: number,
  parent: number | 'root',
  lang: string,
) =>
  client.fetchQuery({
    queryKey: machineKeys.rows(idMatricola, parent, lang),
    queryFn: () =>
      http.get<CatalogueRow[]>(
        `${parent === 'root' ? `/api/righecatalogo/${crId}/bylevel/1` : `/api/righecatalogo/${crId}/byitem/${parent}`}?lang=${enc(lang)}`,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const fetchTreeSearch = (client: QueryClient, idMatricola: number, q: string, lang: string) =>
  client.fetchQuery({
    queryKey: machineKeys.treeSearch(idMatricola, q, lang),
    queryFn: () =>
      http.get<CatalogueTreeSearch>(`/api/righecatalogo/list?${new URLSearchParams({ mt: String(idMatricola), q })}`),
    staleTime: 60_000,
  });

export const drawingImageUrl = (name: string) => `/api/catalogo/resource-dot/${enc(name)}.png`;

export const useDrawingData = (name: string | null) =>
  useQuery({
    queryKey: machineKeys.drawing(name ?? ''),
    queryFn: () => http.get<DrawingData>(`/api/catalogo/resource-dot/${enc(name ?? '')}.json`),
    enabled: Boolean(name),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesErrors: true },
  });

/**
 * Spec 2 §2, §4: refresh marks every serial of the catalogue code for regeneration (refreshall),
 * regenerates this machine's catalogue now and clears what was cached for this machine.
 */
export const refreshCatalogue = async (
  client: QueryClient,
  machine: { idMatricola: number; matricola: string; crCodice: string | null },
  lang: string,
) => {
  if (machine.crCodice) await http.get<unknown>(`/api/catalogo/refreshall/${enc(machine.crCodice)}`);
  const header = await http.put<CatalogueHeader>(`/api/catalogo/${machine.idMatricola}?lang=${enc(lang)}`, {});
  const cached = machineKeys.catalogue(machine.idMatricola);
  client.removeQueries({ queryKey: [...cached, 'rows'] });
  client.removeQueries({ queryKey: [...cached, 'tree-search'] });
  client.removeQueries({ queryKey: [...cached, 'header'], predicate: (q) => q.queryKey[5] !== lang });
  client.setQueryData(machineKeys.header(machine.idMatricola, machine.matricola, lang), header);
  return header;
};

/** The file name of a download from its Content-Disposition header. */
const fileNameOf = (response: Response, fallback: string) => {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
};

const get = async (url: string) => {
  try {
    return await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, url, 'GET');
  }
};

const failure = async (response: Response, url: string) => {
  const parsed = problemSchema.safeParse(await response.json().catch(() => undefined));
  return new ApiError(response.status, url, 'GET', parsed.success ? parsed.data : undefined);
};

const save = async (response: Response, fallback: string) => {
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response, fallback);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
};

/** GET /api/catalogo/{crId}/pdf/download/{rigItem}/{lang}: one assembly's PDF, saved by the browser. */
export const downloadAssemblyPdf = async (
  crId: number,
  rigItem: number,
  lang: string,
  matricola: string,
  fallback: string,
) => {
  const url = `/api/catalogo/${crId}/pdf/download/${rigItem}/${enc(lang)}?matricola=${enc(matricola)}`;
  const response = await get(url);
  if (!response.ok) throw await failure(response, url);
  await save(response, fallback);
};

/**
 * GET /api/catalogo/{idMatricola}/pdf/download/{lang}: the full PDF when it is ready (saved, answers
 * READY), else the job's state (202).
 */
export const requestFullPdf = async (idMatricola: number, lang: string, fallback: string) => {
  const url = `/api/catalogo/${idMatricola}/pdf/download/${enc(lang)}`;
  const response = await get(url);
  if (!response.ok) throw await failure(response, url);
  if (response.status === 202) return (await response.json()) as CataloguePdfStatus;
  await save(response, fallback);
  return { state: 'READY', progress: 100 } satisfies CataloguePdfStatus;
};

/** GET /api/esisteCatalogo/{idMatricola}?lang: "OK PDF", "GENERATING n", "NO" or "FAILED" (text). */
export const fullPdfStatus = async (idMatricola: number, lang: string): Promise<CataloguePdfStatus> => {
  const url = `/api/esisteCatalogo/${idMatricola}?lang=${enc(lang)}`;
  const response = await get(url);
  if (!response.ok) throw await failure(response, url);
  return parsePdfStatus(await response.text());
};

export const parsePdfStatus = (text: string): CataloguePdfStatus => {
  const reply = text.trim();
  if (reply.startsWith('OK PDF')) return { state: 'READY', progress: 100 };
  const generating = /^GENERATING\s+(\d+)/.exec(reply);
  if (generating) return { state: 'GENERATING', progress: Math.min(100, Number(generating[1])) };
  if (reply.startsWith('GENERATING')) return { state: 'GENERATING', progress: 0 };
  if (reply.startsWith('FAILED')) return { state: 'FAILED', progress: 0 };
  return { state: 'NONE', progress: 0 };
};

/** GET /api/catalogo/download/{idMatricola}?lang: the ready full PDF. */
export const downloadFullPdf = async (idMatricola: number, lang: string, fallback: string) => {
  const url = `/api/catalogo/download/${idMatricola}?lang=${enc(lang)}`;
  const response = await get(url);
  if (!response.ok) throw await failure(response, url);
  await save(response, fallback);
};

export const useCrArticolo = (id: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: machineKeys.item(id, lang),
    queryFn: () => http.get<CrArticolo>(`/api/crarticolo/?id=${id}&lang=${enc(lang)}`),
    enabled: id > 0,
    meta: { handlesErrors: true },
  });
};

/** Availability and price of the item for a quantity (asked after 200 ms of no typing by the caller). */
export const useCrInfoCliente = (id: number, quantita: number) =>
  useQuery({
    queryKey: machineKeys.itemInfo(id, quantita),
    queryFn: () =>
      http.get<InfoCliente>(
        `/api/crarticolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita?articoloId=${id}&quantita=${quantita}`,
      ),
    enabled: id > 0 && quantita > 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
