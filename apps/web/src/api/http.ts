import { type Problem, problemSchema } from '@ricambi/domain';

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

const CSRF_COOKIE = 'XSRF-TOKEN';
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
    const token = readCookie(CSRF_COOKIE);
    if (token) headers['X-XSRF-TOKEN'] = decodeURIComponent(token);
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

export const http = {
  /** `headers`: extra request headers (e.g. a secret that must not appear in the URL). */
  get: <T>(url: string, headers?: Record<string, string>) => request<T>('GET', url, undefined, headers),
  getWithHeaders: <T>(url: string) => requestWithHeaders<T>('GET', url),
  post: <T>(url: string, json?: unknown) => request<T>('POST', url, json === undefined ? undefined : { json }),
  put: <T>(url: string, json: unknown) => request<T>('PUT', url, { json }),
  delete: <T>(url: string) => request<T>('DELETE', url),
  postForm: <T>(url: string, form: Record<string, string>) => request<T>('POST', url, { form }),
  /** A file upload (multipart/form-data). */
  postMultipart: <T>(url: string, multipart: FormData) => request<T>('POST', url, { multipart }),
};
