import { API_BASE_PATH } from '@atoll/domain/constants';
import { loading } from './loading.ts';

declare global {
  interface Window {
    /** Optional host prefix for the API (spec platform §7), e.g. 'https://api.example.com'. */
    ATOLL_API_HOST?: string;
  }
}

/** A failed call, mapped per spec platform §8. `description` is the key the message bar translates. */
export class ApiError extends Error {
  /** The server's own description of the failure (English; e.g. the reason a remote service gave), if any. */
  reason?: string;
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly details?: { path: string; code: string; message: string }[],
  ) {
    super(`HTTP(${status}): ${description}`);
  }
}

type THooks = {
  token: () => string | null;
  onTokenExpired: () => void;
  onError: (error: ApiError) => void;
};
let hooks: THooks = { token: () => null, onTokenExpired: () => {}, onError: () => {} };
/** The session and the message bar plug in here (avoids an import cycle). */
export const configureApi = (h: THooks) => {
  hooks = h;
};

export type TApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** No message bar for this call's failure; the caller shows its own. */
  silent?: boolean;
  signal?: AbortSignal;
};

const isOk = (status: number) => (status >= 200 && status < 300) || status === 304;

export function apiUrl(path: string, query?: TApiOptions['query']) {
  const root = path.startsWith('/api/') || path === '/version' || path === '/clearCache' ? '' : API_BASE_PATH;
  const url = `${window.ATOLL_API_HOST ?? ''}${root}${path}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function toApiError(status: number, body: unknown): ApiError {
  if (body === undefined) return new ApiError(status, 'INVALID_JSON_RESPONSE', 'INVALID_JSON_RESPONSE');
  const b = (body ?? {}) as {
    error?: string;
    message?: string;
    description?: string;
    details?: ApiError['details'];
  };
  const code = b.error ?? 'UNKNOWN';
  const expired = code === 'TokenExpiredError' || code === 'TOKEN_EXPIRED' || b.message === 'token expired';
  if (expired) return new ApiError(status, 'TOKEN_EXPIRED', 'UNAUTHORIZED', b.details);
  if (status === 403) return new ApiError(status, code, 'FORBIDDEN_RESSOURCE', b.details);
  // 449 keeps the server's own message.
  if (status === 449) return new ApiError(status, code, b.description ?? b.message ?? code, b.details);
  return new ApiError(status, code, b.message ?? code, b.details);
}

/** The one fetch wrapper: base path, bearer token, loading bar, error mapping, message bar. */
export async function api<T>(path: string, opts: TApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = hooks.token();
  if (token) headers.authorization = `Bearer ${token}`;
  // A FormData body (file upload) sets its own multipart content type with the boundary.
  const isForm = opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  loading.start();
  try {
    let res: Response;
    try {
      res = await fetch(apiUrl(path, opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body: opts.body === undefined ? null : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
        signal: opts.signal ?? null,
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw fail(new ApiError(0, 'NETWORK', 'NETWORK'), opts);
    }
    const text = res.status === 204 || opts.method === 'HEAD' ? '' : await res.text();
    let body: unknown;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!isOk(res.status)) {
      const error = toApiError(res.status, body);
      const described = (body as { description?: unknown } | null | undefined)?.description;
      if (typeof described === 'string') error.reason = described;
      if (error.code === 'TOKEN_EXPIRED') hooks.onTokenExpired();
      throw fail(error, opts);
    }
    if (body === undefined)
      throw fail(new ApiError(res.status, 'INVALID_JSON_RESPONSE', 'INVALID_JSON_RESPONSE'), opts);
    return body as T;
  } finally {
    loading.done();
  }
}

function fail(error: ApiError, opts: TApiOptions) {
  if (!opts.silent) hooks.onError(error);
  return error;
}
