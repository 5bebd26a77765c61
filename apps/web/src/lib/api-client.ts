// The one HTTP client of the web app: calls a contract endpoint by its request
// line, JSON in and out, same-origin cookies, and problem+json failures turned
// into a typed ApiError. Features decide what the user sees.
// This module is on the home page's critical path, so it takes only types from
// the contract: its schemas would pull zod into the entry bundle, and the line
// itself says where to send the request.
import type {
  EndpointAt,
  EndpointLine,
  EndpointRequest,
  EndpointResponse,
  HttpMethod,
  QueryValue,
} from '@grantbridge/contract/endpoints';
import type { ErrorCode, FieldError, Problem } from '@grantbridge/contract/errors';
import { codeForStatus } from '@grantbridge/contract/problem-codes';

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

function withQuery(path: string, query?: Record<string, QueryValue | null | undefined>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** `/api/v1/grants/:id` with `{ id }` → `/api/v1/grants/<id>`. */
function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export type CallOptions<L extends EndpointLine> = EndpointRequest<EndpointAt<L>> & {
  signal?: AbortSignal;
};

/** The options argument, optional when the endpoint needs nothing. */
type CallArgs<L extends EndpointLine> =
  Record<never, never> extends EndpointRequest<EndpointAt<L>>
    ? [options?: CallOptions<L>]
    : [options: CallOptions<L>];

type LooseOptions = {
  params?: Record<string, string>;
  query?: Record<string, QueryValue | undefined>;
  body?: unknown;
  signal?: AbortSignal;
};

/** Calls an endpoint of the contract, e.g. `call('GET /api/v1/grants/:id', { params: { id } })`. */
async function call<L extends EndpointLine>(
  line: L,
  ...[options]: CallArgs<L>
): Promise<EndpointResponse<EndpointAt<L>>> {
  const [method, path] = line.split(' ') as [HttpMethod, string];
  const { params, query, body, signal } = (options ?? {}) as LooseOptions;
  // A POST always carries a JSON body, `{}` when the endpoint takes none.
  const payload = body ?? (method === 'POST' ? {} : undefined);
  const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' };
  if (payload !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(withQuery(fillPath(path, params), query), {
    method,
    headers,
    body: payload === undefined ? undefined : JSON.stringify(payload),
    credentials: 'same-origin',
    signal,
  });

  if (!response.ok) throw await toApiError(response);
  // 204 No Content: the endpoint's response schema is null.
  if (response.status === 204) return null as EndpointResponse<EndpointAt<L>>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as EndpointResponse<EndpointAt<L>>;
}

/** Sends a file's text or bytes (a CSV file, a picture) to an endpoint that takes one; answers its JSON like `call`. */
async function upload<L extends EndpointLine>(
  line: L,
  options: { text: string | Blob; contentType: string; query?: Record<string, QueryValue | undefined>; signal?: AbortSignal },
): Promise<EndpointResponse<EndpointAt<L>>> {
  const [method, path] = line.split(' ') as [HttpMethod, string];
  const response = await fetch(withQuery(path, options.query), {
    method,
    headers: { Accept: 'application/json, application/problem+json', 'Content-Type': options.contentType },
    body: options.text,
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as EndpointResponse<EndpointAt<L>>;
}

/** Sends a form with files (multipart/form-data; the browser sets the boundary); answers its JSON like `call`. */
async function sendForm<L extends EndpointLine>(
  line: L,
  options: { params?: Record<string, string>; form: FormData; signal?: AbortSignal },
): Promise<EndpointResponse<EndpointAt<L>>> {
  const [method, path] = line.split(' ') as [HttpMethod, string];
  const response = await fetch(fillPath(path, options.params), {
    method,
    headers: { Accept: 'application/json, application/problem+json' },
    body: options.form,
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as EndpointResponse<EndpointAt<L>>;
}

/** The address of a GET endpoint with its query, for links (a CSV download). */
function href(path: string, query?: Record<string, QueryValue | undefined>): string {
  return withQuery(path, query);
}

export const api = { call, upload, sendForm, href };
