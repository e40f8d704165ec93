export interface FieldError {
  path: string;
  message: string;
}

/** A failed API call: the server's `{ message, errors? }` body with the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];

  constructor(status: number, message: string, errors: FieldError[] = []) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
  }
}

/**
 * The session ended while this call ran (spec/api.md §8): the client has already logged out and
 * sent the person to `signInPath`, so callers show nothing more.
 */
export class SessionEndedError extends ApiError {
  readonly signInPath: string;

  constructor(message: string, signInPath: string) {
    super(401, message);
    this.name = "SessionEndedError";
    this.signInPath = signInPath;
  }
}

/** spec/api.md §8 and the GSTIN lookup failure: the last fallback of every error toast. */
export const GENERIC_ERROR_MESSAGE = "Something went wrong.";

/** A request cancelled through its AbortController; spec/api.md §8 ignores these. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === "AbortError"
    : error instanceof Error && error.name === "AbortError";
}

/** spec/api.md §8: the server's message, else the error's own message, else a generic one. */
export function describeErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== "") return error.message;
  if (typeof error === "string" && error.trim() !== "") return error;
  return GENERIC_ERROR_MESSAGE;
}

/** The first message the server gave for each field (`errors[].path`), for inline form errors. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(error instanceof ApiError)) return fields;
  for (const { path, message } of error.errors) fields[path] ??= message;
  return fields;
}
