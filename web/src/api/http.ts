/** A failed API call: the server's `{ message, errors? }` body with the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: { path: string; message: string }[];

  constructor(status: number, message: string, errors: { path: string; message: string }[] = []) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
  }
}

export const GENERIC_ERROR_MESSAGE = "Something went wrong.";

type Query = Record<string, string | number | boolean | undefined | null | string[]>;

export function buildApiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, item);
    else params.append(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ""}`;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/** One JSON call to the API with the session cookies; throws ApiError on a non-2xx answer. */
export async function apiRequest<T>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const response = await fetch(buildApiUrl(path, options.query), {
    method,
    credentials: "include",
    headers: options.body === undefined ? {} : { "content-type": "application/json" },
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body = (data ?? {}) as { message?: unknown; errors?: unknown };
    const message = typeof body.message === "string" ? body.message : response.statusText;
    const errors = Array.isArray(body.errors) ? (body.errors as ApiError["errors"]) : [];
    throw new ApiError(response.status, message || GENERIC_ERROR_MESSAGE, errors);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}
