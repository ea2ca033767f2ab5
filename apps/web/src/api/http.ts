import { CSRF, PAGE_HEADERS, type Problem, problemSchema, SEARCH_HEADERS } from '@ricambi/domain';

/** A failed call: `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly method: string,
    readonly problem?: Problem,
  ) {
    super(problem?.message ?? `HTTP ${status}`);
  }
}

const SAFE = new Set(['GET', 'HEAD']);

const readCookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

type Body = { json: unknown } | { form: Record<string, string> } | { multipart: FormData } | undefined;

const send = async (method: string, url: string, body: Body, extra?: Record<string, string>): Promise<Response> => {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (!SAFE.has(method)) {
    const token = readCookie(CSRF.cookie);
    if (token) headers[CSRF.header] = decodeURIComponent(token);
  }
  let payload: string | FormData | undefined;
  if (body && 'json' in body) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body && 'form' in body) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body.form).toString();
  } else if (body && 'multipart' in body) {
    // The browser sets the multipart Content-Type with its boundary.
    payload = body.multipart;
  }
  try {
    return await fetch(url, { method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, url, method);
  }
};

const toError = async (response: Response, url: string, method: string) => {
  const parsed = problemSchema.safeParse(await response.json().catch(() => undefined));
  return new ApiError(response.status, url, method, parsed.success ? parsed.data : undefined);
};

/**
 * One way to call the API. A 403 on a non-GET is retried once after fetching the root, which
 * hands out a fresh CSRF cookie (spec 1 §8).
 */
export const requestWithHeaders = async <T>(
  method: string,
  url: string,
  body?: Body,
  headers?: Record<string, string>,
): Promise<{ data: T; headers: Headers }> => {
  let response = await send(method, url, body, headers);
  if (response.status === 403 && !SAFE.has(method)) {
    await fetch('/', { credentials: 'same-origin' }).catch(() => undefined);
    response = await send(method, url, body, headers);
  }
  if (!response.ok) throw await toError(response, url, method);
  const text = response.status === 204 ? '' : await response.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
};

export const request = async <T>(
  method: string,
  url: string,
  body?: Body,
  headers?: Record<string, string>,
): Promise<T> => (await requestWithHeaders<T>(method, url, body, headers)).data;

/** One page of a paged list (DESIGN.md: `X-Total-Count`); `capped` when the server stopped counting. */
export type Page<T> = { items: T[]; total: number; capped: boolean };

/** GET a paged list: the rows, the total and the capped flag from the headers, and the headers. */
const getPage = async <T>(url: string): Promise<Page<T> & { headers: Headers }> => {
  const { data, headers } = await requestWithHeaders<T[]>('GET', url);
  const total = headers.get(PAGE_HEADERS.totalCount);
  return {
    items: data,
    total: total === null ? data.length : Number(total),
    capped: headers.get(SEARCH_HEADERS.totalCapped) === 'true',
    headers,
  };
};

/** GET whatever the server answers (a file, a text); a failure throws the ApiError of any call. */
const getResponse = async (url: string): Promise<Response> => {
  const response = await send('GET', url, undefined, { Accept: '*/*' });
  if (!response.ok) throw await toError(response, url, 'GET');
  return response;
};

/** The file name of a download from its Content-Disposition header. */
const fileNameOf = (response: Response, fallback: string) => {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
};

/** Lets the browser save a file answer under the server's file name (else `fallback`). */
const saveFile = async (response: Response, fallback: string) => {
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response, fallback);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
};

export const http = {
  /** `headers`: extra request headers (e.g. a secret that must not appear in the URL). */
  get: <T>(url: string, headers?: Record<string, string>) => request<T>('GET', url, undefined, headers),
  getPage,
  getResponse,
  saveFile,
  /** GET a file (with the session cookie) and let the browser save it. */
  download: async (url: string, fallbackName: string) => saveFile(await getResponse(url), fallbackName),
  post: <T>(url: string, json?: unknown) => request<T>('POST', url, json === undefined ? undefined : { json }),
  put: <T>(url: string, json: unknown) => request<T>('PUT', url, { json }),
  delete: <T>(url: string) => request<T>('DELETE', url),
  postForm: <T>(url: string, form: Record<string, string>) => request<T>('POST', url, { form }),
  /** A file upload (multipart/form-data). */
  postMultipart: <T>(url: string, multipart: FormData) => request<T>('POST', url, { multipart }),
};
