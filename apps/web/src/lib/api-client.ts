// The one HTTP client of the web app: JSON in and out, same-origin cookies,
// and problem+json failures turned into a typed ApiError. Features decide
// what the user sees.
// Only types come from the contract here: this module is on the home page's
// critical path, and the contract's runtime schemas would pull zod into it.
import type { ErrorCode, Problem } from '@grantbridge/contract/errors';

export type FieldError = { path: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly detail: string;
  readonly errors: FieldError[];
  readonly meta: Record<string, unknown>;

  constructor(problem: {
    status: number;
    code: ErrorCode;
    title?: string;
    detail?: string;
    errors?: FieldError[];
    meta?: Record<string, unknown>;
  }) {
    super(problem.detail || problem.title || `Request failed with status ${problem.status}`);
    this.name = 'ApiError';
    this.status = problem.status;
    this.code = problem.code;
    this.detail = problem.detail ?? '';
    this.errors = problem.errors ?? [];
    this.meta = problem.meta ?? {};
  }
}

export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

type QueryValue = string | number | boolean | undefined | null;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
};

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'validation_failed';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 429) return 'rate_limited';
  return 'internal';
}

function isFieldErrorList(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as FieldError).path === 'string' &&
        typeof (item as FieldError).message === 'string',
    )
  );
}

/** Reads a failed response; a body that is not problem+json still gives a usable error. */
async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<Problem> | undefined;
  try {
    const text = await response.text();
    body = text ? (JSON.parse(text) as Partial<Problem>) : undefined;
  } catch {
    body = undefined;
  }
  const code =
    typeof body?.code === 'string' ? (body.code as ErrorCode) : codeForStatus(response.status);
  return new ApiError({
    status: response.status,
    code,
    title: typeof body?.title === 'string' ? body.title : response.statusText,
    detail: typeof body?.detail === 'string' ? body.detail : undefined,
    errors: isFieldErrorList(body?.errors) ? body.errors : undefined,
    meta:
      typeof body?.meta === 'object' && body.meta !== null && !Array.isArray(body.meta)
        ? body.meta
        : undefined,
  });
}

function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(withQuery(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
