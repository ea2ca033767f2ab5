import { CSRF, type FieldError, PAGE_HEADERS, type Problem, SEARCH_HEADERS } from '@ricambi/domain';

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

const send = async (
  method: string,
  url: string,
  body: Body,
  extra?: Record<string, string>,
  signal?: AbortSignal,
): Promise<Response> => {
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
    return await fetch(url, { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (error) {
    // A request given up by its caller (a superseded typeahead) is not a network failure.
    if (signal?.aborted) throw error;
    throw new ApiError(0, url, method);
  }
};

type Params = NonNullable<Problem['params']>;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isParams = (value: unknown): value is Params =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number');
const isFieldError = (value: unknown): value is FieldError =>
  isRecord(value) &&
  typeof value.field === 'string' &&
  typeof value.message === 'string' &&
  (value.params === undefined || isParams(value.params));

/**
 * The shape of `problemSchema` (packages/domain), checked by hand: every page reads failed answers,
 * and zod (~28 KB gzip) would otherwise be in the first script of every page, the sign-in page's too.
 */
export const asProblem = (value: unknown): Problem | undefined => {
  if (!isRecord(value)) return undefined;
  const { type, title, status, detail, message, params, fieldErrors } = value;
  const ok =
    typeof type === 'string' &&
    typeof title === 'string' &&
    Number.isInteger(status) &&
    (detail === undefined || typeof detail === 'string') &&
    typeof message === 'string' &&
    (params === undefined || isParams(params)) &&
    (fieldErrors === undefined || (Array.isArray(fieldErrors) && fieldErrors.every(isFieldError)));
  return ok ? (value as Problem) : undefined;
};

const toError = async (response: Response, url: string, method: string) =>
  new ApiError(response.status, url, method, asProblem(await response.json().catch(() => undefined)));

/**
 * One way to call the API. A 403 on a non-GET is retried once after fetching the root, which
 * hands out a fresh CSRF cookie (spec 1 §8).
 */
export const requestWithHeaders = async <T>(
  method: string,
  url: string,
  body?: Body,
  headers?: Record<string, string>,
  signal?: AbortSignal,
): Promise<{ data: T; headers: Headers }> => {
  let response = await send(method, url, body, headers, signal);
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

/**
 * GET a paged list: the rows, the total and the capped flag from the headers, and the headers. A
 * query's `signal` cancels the request when the query is no longer wanted (the term changed).
 */
const getPage = async <T>(url: string, signal?: AbortSignal): Promise<Page<T> & { headers: Headers }> => {
  const { data, headers } = await requestWithHeaders<T[]>('GET', url, undefined, undefined, signal);
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

/** A POST whose answer is a file (a JSON body, the CSRF header; a 403 retried once with a fresh cookie). */
const postForResponse = async (url: string, json: unknown): Promise<Response> => {
  let response = await send('POST', url, { json }, { Accept: '*/*' });
  if (response.status === 403) {
    await fetch('/', { credentials: 'same-origin' }).catch(() => undefined);
    response = await send('POST', url, { json }, { Accept: '*/*' });
  }
  if (!response.ok) throw await toError(response, url, 'POST');
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

export type UploadOptions = {
  /** 0–100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/** One POST of a form with upload progress (fetch reports none), with the CSRF header of every call. */
const sendForm = (url: string, form: FormData, options: UploadOptions) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie(CSRF.cookie);
    if (token) xhr.setRequestHeader(CSRF.header, decodeURIComponent(token));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, url, 'POST'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });

/**
 * A file upload (multipart/form-data) that reports its progress; failures are the ApiError of any
 * call, and a 403 is retried once with a fresh CSRF cookie as `request` does.
 */
const upload = async <T>(url: string, form: FormData, options: UploadOptions = {}): Promise<T> => {
  let answer = await sendForm(url, form, options);
  if (answer.status === 403) {
    await fetch('/', { credentials: 'same-origin' }).catch(() => undefined);
    answer = await sendForm(url, form, options);
  }
  const parse = () => {
    try {
      return answer.text ? (JSON.parse(answer.text) as unknown) : undefined;
    } catch {
      return undefined;
    }
  };
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, url, 'POST', asProblem(parse()));
  return parse() as T;
};

export const http = {
  /** `headers`: extra request headers (e.g. a secret that must not appear in the URL). */
  get: <T>(url: string, headers?: Record<string, string>) => request<T>('GET', url, undefined, headers),
  getPage,
  getResponse,
  saveFile,
  /** GET a file (with the session cookie) and let the browser save it. */
  download: async (url: string, fallbackName: string) => saveFile(await getResponse(url), fallbackName),
  /** POST a JSON body and let the browser save the file it answers. */
  downloadPost: async (url: string, json: unknown, fallbackName: string) =>
    saveFile(await postForResponse(url, json), fallbackName),
  post: <T>(url: string, json?: unknown) => request<T>('POST', url, json === undefined ? undefined : { json }),
  put: <T>(url: string, json: unknown) => request<T>('PUT', url, { json }),
  delete: <T>(url: string) => request<T>('DELETE', url),
  postForm: <T>(url: string, form: Record<string, string>) => request<T>('POST', url, { form }),
  /** A file upload (multipart/form-data). */
  postMultipart: <T>(url: string, multipart: FormData) => request<T>('POST', url, { multipart }),
  /** A file upload with progress (the attachment uploader). */
  upload,
};
