import { classifySessionFailure, type SessionFailure } from "@bahi/domain";
import { isPublicAuthPath } from "../app/routes.ts";
import {
  ApiError,
  describeErrorMessage,
  type FieldError,
  GENERIC_ERROR_MESSAGE,
  isAbortError,
  SessionEndedError,
} from "./errors.ts";

export {
  ApiError,
  describeErrorMessage,
  GENERIC_ERROR_MESSAGE,
  isAbortError,
  SessionEndedError,
} from "./errors.ts";

import { TAB_HEADER, TAB_ID } from "./tab-id.ts";

type QueryValue = string | number | boolean | undefined | null | string[];
export type Query = Record<string, QueryValue>;
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

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
  /** JSON-encoded, or sent as it is when a FormData (multipart uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Shows a danger toast with this title when the call fails (spec/api.md §8 catalogue titles). */
  errorTitle?: string;
  /**
   * "endSession" (default): a missing or invalid token, or a failed refresh, logs out and goes to
   * the sign-in page. "reject": the failure is only returned — for the start-up token check, whose
   * caller decides (a signed-out visitor may be on a page that needs no session).
   */
  onSessionFailure?: "endSession" | "reject";
}

/** Where an ended session sends the person (spec/api.md §2). */
export const SIGN_IN_PATH = "/signin";
export const FORCED_SIGN_IN_PATH = "/signin?forceLogout=true";

export interface ApiClientOptions {
  fetch: typeof fetch;
  /** The path the person is on; an ended session on a public auth page redirects nowhere. */
  currentPath: () => string;
  /** Resets the client-side session and goes to the sign-in page. */
  onSessionEnded: (signInPath: string) => void;
  /** Shows a danger toast. */
  notifyError: (title: string, message: string) => void;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /** POST /auth/logout; true when it succeeded. Calls made at once share one request. */
  logout(): Promise<boolean>;
  configure(options: Partial<ApiClientOptions>): void;
}

interface Waiter {
  resolve: (refreshFailure: ApiError | null) => void;
}

/**
 * The one HTTP client (DESIGN.md §3), following spec/api.md §8:
 * - cookies go with every call;
 * - a 401 "token expired" on a call not yet retried refreshes the session once: calls failing
 *   while the refresh runs wait in a queue and are all replayed, in order, when it succeeds;
 * - a failed refresh, a missing token or an invalid one logs out and goes to /signin (missing) or
 *   /signin?forceLogout=true (the others, and whenever the logout itself fails) — except on the
 *   public auth pages, where the failure is simply returned to the caller.
 */
export function createApiClient(initial: Partial<ApiClientOptions> = {}): ApiClient {
  const options: ApiClientOptions = {
    fetch: (input, init) => globalThis.fetch(input, init),
    currentPath: () => globalThis.location?.pathname ?? "/",
    onSessionEnded: (signInPath) => globalThis.location?.assign(signInPath),
    notifyError: () => {},
    ...initial,
  };

  // Bumped by every successful refresh. A call sent before the latest refresh that comes back
  // "expired" carried the old cookie: it is replayed at once instead of refreshing again.
  let refreshGeneration = 0;
  let refreshing = false;
  const queue: Waiter[] = [];
  let loggingOut: Promise<boolean> | null = null;
  let endingSession: Promise<string> | null = null;

  function send(method: HttpMethod, path: string, request: RequestOptions): Promise<Response> {
    const isForm = typeof FormData !== "undefined" && request.body instanceof FormData;
    const body =
      request.body === undefined
        ? null
        : isForm
          ? (request.body as FormData)
          : JSON.stringify(request.body);
    return options.fetch(buildApiUrl(path, request.query), {
      method,
      credentials: "include",
      headers:
        request.body === undefined || isForm
          ? { [TAB_HEADER]: TAB_ID }
          : { "content-type": "application/json", [TAB_HEADER]: TAB_ID },
      body,
      signal: request.signal ?? null,
    });
  }

  function logout(): Promise<boolean> {
    loggingOut ??= send("POST", "/auth/logout", {})
      .then((response) => response.ok)
      .catch(() => false)
      .finally(() => {
        loggingOut = null;
      });
    return loggingOut;
  }

  /** Logs out and leaves for the sign-in page; resolves to that page. Shared by parallel calls. */
  function endSession(failure: SessionFailure): Promise<string> {
    endingSession ??= logout()
      .then((loggedOut) => {
        const signInPath = failure === "noToken" && loggedOut ? SIGN_IN_PATH : FORCED_SIGN_IN_PATH;
        options.onSessionEnded(signInPath);
        return signInPath;
      })
      .finally(() => {
        endingSession = null;
      });
    return endingSession;
  }

  async function failSession(
    failure: SessionFailure,
    cause: ApiError,
    request: RequestOptions,
  ): Promise<never> {
    if (request.onSessionFailure === "reject" || isPublicAuthPath(options.currentPath())) {
      throw cause;
    }
    const signInPath = await endSession(failure);
    throw new SessionEndedError(cause.message, signInPath);
  }

  async function refresh(): Promise<void> {
    refreshing = true;
    let failure: ApiError | null = null;
    try {
      const response = await send("POST", "/auth/refreshToken", {});
      if (!response.ok) failure = await readError(response);
    } catch (error) {
      failure = new ApiError(401, describeErrorMessage(error));
    }
    refreshing = false;
    if (failure === null) refreshGeneration += 1;
    // In the order the calls failed, so that their replays go out in that order.
    for (const waiter of queue.splice(0)) waiter.resolve(failure);
  }

  /** Waits for a fresh access token: null once it is in the cookie, else the refresh's failure. */
  function awaitFreshToken(sentInGeneration: number): Promise<ApiError | null> {
    if (sentInGeneration !== refreshGeneration) return Promise.resolve(null);
    return new Promise((resolve) => {
      queue.push({ resolve });
      if (!refreshing) void refresh();
    });
  }

  async function attempt<T>(
    method: HttpMethod,
    path: string,
    request: RequestOptions,
    retried: boolean,
  ): Promise<T> {
    const generation = refreshGeneration;
    const response = await send(method, path, request);
    if (response.ok) return readBody<T>(response);
    const error = await readError(response);
    if (response.status !== 401) throw error;
    const failure = classifySessionFailure(error.message);
    if (failure === "tokenExpired" && !retried) {
      const refreshFailure = await awaitFreshToken(generation);
      if (refreshFailure) return failSession("refreshFailed", refreshFailure, request);
      return attempt<T>(method, path, request, true);
    }
    if (failure !== null && failure !== "tokenExpired") return failSession(failure, error, request);
    throw error;
  }

  return {
    async request<T>(method: HttpMethod, path: string, request: RequestOptions = {}) {
      try {
        return await attempt<T>(method, path, request, false);
      } catch (error) {
        const title = request.errorTitle;
        if (title && !isAbortError(error) && !(error instanceof SessionEndedError)) {
          options.notifyError(title, describeErrorMessage(error));
        }
        throw error;
      }
    },
    logout,
    configure(partial) {
      Object.assign(options, partial);
    },
  };
}

async function readBody<T>(response: Response): Promise<T> {
  // A download (content-disposition: attachment) is the Response itself, for the caller to save.
  if (response.headers.get("content-disposition")?.startsWith("attachment")) return response as T;
  const text = await response.text();
  return (text ? safeJson(text) : undefined) as T;
}

async function readError(response: Response): Promise<ApiError> {
  const data = await readBody<unknown>(response).catch(() => undefined);
  const body = (data ?? {}) as { message?: unknown; errors?: unknown };
  const message =
    typeof body.message === "string" && body.message.trim() !== ""
      ? body.message
      : response.statusText;
  const errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : [];
  return new ApiError(response.status, message || GENERIC_ERROR_MESSAGE, errors);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** The app's client; App.tsx configures how an ended session resets the app and shows toasts. */
export const api = createApiClient();

export function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return api.request<T>(method, path, options);
}
