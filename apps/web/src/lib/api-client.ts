import type { ErrorEnvelope, PageMeta } from '@keurwijzer/shared/api';
import { TEXT, TRANSPORT, TRANSPORT_NL } from '@keurwijzer/shared/texts';
import { currentLanguage } from './i18n';
import { noteServerTime } from './server-clock';

/** A failed call: the server's envelope, or one of the transport errors of spec section 8. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly errors: ErrorEnvelope['errors'],
    readonly status: number,
    /** The request never got an answer (no connection): worth sending again. */
    readonly network = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiResult<T> = {
  data: T;
  meta?: PageMeta;
  message?: string;
  /** When the server made this answer (its Date header, ms; a copy kept offline keeps its own). */
  servedAt?: number;
};
export type Page<T> = { data: T[]; meta: PageMeta };
export type FormBody = Record<string, unknown>;
export type Query = Record<string, string | number | boolean | null | undefined>;

let csrfToken: string | null = null;
let mutationInFlight = false;

/** What a user reads for an error: the server's Dutch message, or a Dutch transport text. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return TRANSPORT_NL[error.message] ?? error.message;
  return TEXT.serverError;
}

/** Form data as the spec wants it: null becomes '', booleans 1/0, arrays repeat the key. */
export function toFormData(body: FormBody): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v instanceof Blob) form.append(key, v);
      else if (typeof v === 'boolean') form.append(key, v ? '1' : '0');
      else form.append(key, v === null || v === undefined ? '' : String(v));
    }
  }
  return form;
}

/** `path?query` without empty values; booleans as 1/0. */
export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** How long after the page opened its early requests (src/app/startup/early-requests.ts) may still be used. */
export const EARLY_MAX_AGE_MS = 15_000;

/**
 * The response of the page's early request for a GET of `path` (src/app/startup/early-requests.ts), once:
 * undefined when there is none, it was taken, or the page is older than EARLY_MAX_AGE_MS.
 */
export function takeEarlyResponse(path: string, now = performance.now()): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__keurwijzerEarly;
  if (!early) return undefined;
  if (now > EARLY_MAX_AGE_MS) {
    early.clear();
    return undefined;
  }
  const response = early.get(path);
  early.delete(path);
  return response;
}

async function send<T>(method: 'GET' | 'POST', path: string, body?: FormBody): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  if (method !== 'GET' && csrfToken) headers['X-CSRF-TOKEN'] = csrfToken;
  const request = () =>
    fetch(path, { method, headers, body: body ? toFormData(body) : undefined, credentials: 'same-origin' });
  const early = method === 'GET' ? takeEarlyResponse(path) : undefined;
  let response: Response;
  try {
    // An early request that failed is sent again the usual way.
    response = await (early ? early.catch(request) : request());
  } catch (err) {
    throw new ApiError(err instanceof Error ? err.message : String(err), {}, 500, true);
  }
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  if (!isJson) {
    if (!response.ok) throw new ApiError(TRANSPORT.notJson, {}, response.status);
    return { data: null as T, message: TRANSPORT.okNotJson };
  }
  const json = (await response.json()) as ApiResult<T> & Partial<ErrorEnvelope>;
  if (!response.ok) throw new ApiError(json.message ?? TEXT.serverError, json.errors ?? {}, response.status);
  const servedAt = Date.parse(response.headers.get('date') ?? '');
  if (Number.isNaN(servedAt)) return json;
  noteServerTime(servedAt);
  return { ...json, servedAt };
}

/** Fetches a fresh CSRF token for this session (before and after login, after logout). */
export async function refreshCsrfToken(): Promise<string> {
  const res = await send<{ token: string }>('GET', '/api/token');
  csrfToken = res.data.token;
  return csrfToken;
}

export function apiGet<T>(path: string, query?: Query): Promise<ApiResult<T>> {
  return send<T>('GET', withQuery(path, query));
}

/**
 * A change. Only one runs at a time ('Request already in progress.'); the CSRF token is fetched
 * when missing, and fetched again once when the server says it is stale (419).
 */
export async function apiSend<T>(
  path: string,
  body: FormBody = {},
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST',
) {
  if (mutationInFlight) throw new ApiError(TRANSPORT.inProgress, {}, 0);
  mutationInFlight = true;
  try {
    return await sendChange<T>(path, body, method);
  } finally {
    mutationInFlight = false;
  }
}

/**
 * A change with the CSRF token (fetched when missing, and again once after a 419), without the
 * one-at-a-time rule of user actions: for the outbox (lib/outbox/outbox.ts).
 */
export async function sendChange<T>(path: string, body: FormBody, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE') {
  const payload = method === 'POST' ? body : { ...body, _method: method };
  if (!csrfToken) await refreshCsrfToken();
  try {
    return await send<T>('POST', path, payload);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 419) throw err;
    await refreshCsrfToken();
    return await send<T>('POST', path, payload);
  }
}

/** For tests. */
export function resetApiClient(): void {
  csrfToken = null;
  mutationInFlight = false;
}
