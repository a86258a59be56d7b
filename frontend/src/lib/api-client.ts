import { API_BASE, PHOTO_WIDTHS } from '@/config/constants';

/**
 * The one HTTP client. Every call goes to `/api/v1`, carries `Authorization: <token>` when a
 * session exists, and turns any failure into an `ApiError`:
 * - the server's `{success: false, message}` (or `{ok: false, message}`) becomes `message`;
 * - `status` is the HTTP status, or 0 when the server could not be reached.
 * A 401 on a call that carried a token ends the session (see `configureApiClient`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server could not be reached (offline, refused, CORS, DNS). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

type ClientConfig = {
  getToken: () => string | null | undefined;
  onUnauthorized: () => void;
  fetch: typeof fetch;
};

const config: ClientConfig = {
  getToken: () => null,
  onUnauthorized: () => {},
  fetch: (...args) => globalThis.fetch(...args),
};

/** Wire the client to the session store once, at start-up (see app/provider.tsx). */
export function configureApiClient(next: Partial<ClientConfig>): void {
  Object.assign(config, next);
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`); the client's own always win. */
  headers?: Record<string, string>;
};

const NETWORK_MESSAGE = 'Network error';
const FALLBACK_MESSAGE = 'Something went wrong';

export function apiUrl(path: string, params?: RequestOptions['params']): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  let url = `${API_BASE}${clean}`;
  if (params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
    }
    const query = search.toString();
    if (query) url += `?${query}`;
  }
  return url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function messageOf(body: unknown, response: Response): string {
  if (isRecord(body) && typeof body.message === 'string' && body.message.trim()) return body.message;
  if (isRecord(body) && typeof body.error === 'string' && body.error.trim()) return body.error;
  return response.statusText || FALLBACK_MESSAGE;
}

type Sent = { response: Response; token: string | null | undefined };

/** Send one call with the session's token; a network failure becomes an `ApiError` with status 0. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Sent> {
  const { method = 'GET', body, params, signal } = options;
  const token = config.getToken();
  const headers: Record<string, string> = { ...options.headers, Accept: accept };
  if (token) headers.Authorization = token;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  try {
    const response = await config.fetch(apiUrl(path, params), { method, headers, body: payload, signal });
    return { response, token };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_MESSAGE, 0, error);
  }
}

/** Reading a body can fail like the call itself (connection lost mid-body). */
async function read<T>(reading: () => Promise<T>): Promise<T> {
  try {
    return await reading();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_MESSAGE, 0, error);
  }
}

const isRefusal = (data: unknown) => isRecord(data) && (data.success === false || data.ok === false);

/** Throw the server's refusal as an `ApiError`; a 401 to a call that carried a token ends the session. */
function refuse({ response, token }: Sent, data: unknown): never {
  if (response.status === 401 && token) config.onUnauthorized();
  throw new ApiError(messageOf(data, response), response.status, data);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const sent = await send(path, options, 'application/json');
  const data = await read(() => readBody(sent.response));
  if (!sent.response.ok || isRefusal(data)) refuse(sent, data);
  return data as T;
}

/** A file the API answered with, and the name its `Content-Disposition` gives (`null` without one). */
export type DownloadedFile = { blob: Blob; filename: string | null };

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''...` (RFC 6266) first, else
 * `filename="..."` or a bare `filename=...`; `null` when there is none.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2])?.trim();
  return name || null;
}

const isJson = (type: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

/**
 * GET a file (a PDF invoice, say) with the same token and the same errors as every other
 * call: a refusal comes back as the server's JSON `{success: false, message}` and is thrown as
 * an `ApiError`; a 401 to a call that carried a token ends the session.
 */
export async function downloadFile(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> & { accept?: string } = {},
): Promise<DownloadedFile> {
  const { accept = '*/*', ...rest } = options;
  const sent = await send(path, { ...rest, method: 'GET' }, accept);
  const { response } = sent;
  if (!response.ok) refuse(sent, await read(() => readBody(response)));
  const blob = await read(() => response.blob());
  const type = blob.type || response.headers.get('Content-Type') || '';
  if (isJson(type)) {
    // A 2xx carrying `success: false` is a refusal here too.
    const text = await read(() => blob.text());
    let data: unknown = text;
    try {
      data = JSON.parse(text) as unknown;
    } catch {
      // Not JSON after all: the file itself.
    }
    if (isRefusal(data)) refuse(sent, data);
  }
  return { blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition')) };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * The text to show for a failed call: the server's own words when it refused the request
 * (4xx, or a 2xx carrying `success: false`), else the screen's fallback (network failure, 5xx).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500 && error.message) {
    return error.message;
  }
  return fallback;
}

export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/**
 * The photo of a product, served by the API: at one of the server's widths when `width` is
 * given, and with the product's `photoVersion` as `v` when known, which lets the browser keep
 * it for a year.
 */
export function productPhotoUrl(productId: string, width?: PhotoWidth, version?: string | null): string {
  return apiUrl(`/product/product-photo/${encodeURIComponent(productId)}`, { w: width, v: version });
}

/** A `srcset` over every width the server makes of a product photo. */
export function productPhotoSrcSet(productId: string, version?: string | null): string {
  return PHOTO_WIDTHS.map((w) => `${productPhotoUrl(productId, w, version)} ${w}w`).join(', ');
}

/** A product's photo as the server serves it: by id, at the widths it makes, `v` when known. */
export type PhotoRef = { id: string; version?: string | null };

export const photoOf = (product: { _id: string; photoVersion?: string | null }): PhotoRef => ({
  id: product._id,
  version: product.photoVersion,
});
