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
} from '@ricambi/domain';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from './http.ts';
import { except, queryKeys } from './keys.ts';

const enc = encodeURIComponent;
const useLang = () => useTranslation().i18n.language;

const fetchMachines = (term: string, page: number, size: number) => {
  const params = new URLSearchParams({ term, page: String(page), size: String(size) });
  return http.getPage<Machine>(`/api/machine/full?${params}`);
};

/** Spec 2 §5, §9: the serial typeahead lower-cases the term and asks for 10 machines and the total. */
export const useMachineTypeahead = (term: string) => {
  const lang = useLang();
  const lower = term.toLowerCase();
  return useQuery({
    queryKey: queryKeys.machines.search({ kind: 'typeahead', term: lower, lang }),
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
    queryKey: queryKeys.machines.search({ kind: 'list', term: lower, page, lang }),
    queryFn: () => fetchMachines(lower, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
};

export const useCatalogueHeader = (idMatricola: number, matricola: string) => {
  const lang = useLang();
  return useQuery({
    queryKey: queryKeys.machines.header(idMatricola, matricola, lang),
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
    queryKey: queryKeys.machines.rows(idMatricola, parent, lang),
    queryFn: () =>
      http.get<CatalogueRow[]>(
        `${parent === 'root' ? `/api/righecatalogo/${crId}/bylevel/1` : `/api/righecatalogo/${crId}/byitem/${parent}`}?lang=${enc(lang)}`,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const fetchTreeSearch = (client: QueryClient, idMatricola: number, q: string, lang: string) =>
  client.fetchQuery({
    queryKey: queryKeys.machines.treeSearch(idMatricola, q, lang),
    queryFn: () =>
      http.get<CatalogueTreeSearch>(`/api/righecatalogo/list?${new URLSearchParams({ mt: String(idMatricola), q })}`),
    staleTime: 60_000,
  });

export const drawingImageUrl = (name: string) => `/api/catalogo/resource-dot/${enc(name)}.png`;

export const useDrawingData = (name: string | null) =>
  useQuery({
    queryKey: queryKeys.machines.drawing(name ?? ''),
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
  const keys = queryKeys.machines;
  client.removeQueries({ queryKey: keys.rowsAll(machine.idMatricola) });
  client.removeQueries({ queryKey: keys.treeSearchAll(machine.idMatricola) });
  // The header in this language is the one just answered; the other languages' are read again when asked.
  const current = keys.header(machine.idMatricola, machine.matricola, lang);
  client.setQueryData(current, header);
  client.removeQueries({ queryKey: keys.headers(machine.idMatricola), predicate: except(current) });
  return header;
};

/** GET /api/catalogo/{crId}/pdf/download/{rigItem}/{lang}: one assembly's PDF, saved by the browser. */
export const downloadAssemblyPdf = (crId: number, rigItem: number, lang: string, matricola: string, fallback: string) =>
  http.download(`/api/catalogo/${crId}/pdf/download/${rigItem}/${enc(lang)}?matricola=${enc(matricola)}`, fallback);

/**
 * GET /api/catalogo/{idMatricola}/pdf/download/{lang}: the full PDF when it is ready (saved, answers
 * READY), else the job's state (202).
 */
export const requestFullPdf = async (idMatricola: number, lang: string, fallback: string) => {
  const response = await http.getResponse(`/api/catalogo/${idMatricola}/pdf/download/${enc(lang)}`);
  if (response.status === 202) return (await response.json()) as CataloguePdfStatus;
  await http.saveFile(response, fallback);
  return { state: 'READY', progress: 100 } satisfies CataloguePdfStatus;
};

/** GET /api/esisteCatalogo/{idMatricola}?lang: "OK PDF", "GENERATING n", "NO" or "FAILED" (text). */
export const fullPdfStatus = async (idMatricola: number, lang: string): Promise<CataloguePdfStatus> => {
  const response = await http.getResponse(`/api/esisteCatalogo/${idMatricola}?lang=${enc(lang)}`);
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
export const downloadFullPdf = (idMatricola: number, lang: string, fallback: string) =>
  http.download(`/api/catalogo/download/${idMatricola}?lang=${enc(lang)}`, fallback);

export const useCrArticolo = (id: number) => {
  const lang = useLang();
  return useQuery({
    queryKey: queryKeys.machines.item(id, lang),
    queryFn: () => http.get<CrArticolo>(`/api/crarticolo/?id=${id}&lang=${enc(lang)}`),
    enabled: id > 0,
    meta: { handlesErrors: true },
  });
};

/** Availability and price of the item for a quantity (asked after 200 ms of no typing by the caller). */
export const useCrInfoCliente = (id: number, quantita: number) =>
  useQuery({
    queryKey: queryKeys.machines.itemInfo(id, quantita),
    queryFn: () =>
      http.get<InfoCliente>(
        `/api/crarticolo/search/findInfoClienteByArticoloIdAndUtenteIdAndQuantita?articoloId=${id}&quantita=${quantita}`,
      ),
    enabled: id > 0 && quantita > 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
