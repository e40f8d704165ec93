import { describeErrorMessage, isAbortError, SessionEndedError } from "../api/errors.ts";
import { notify } from "./notify.tsx";

/**
 * The danger toast of a failed call made outside the client's errorTitle option (spec/api.md §8):
 * the caller's title, the server's message or the generic one; nothing for a cancelled call or
 * an ended session, which has its own way out.
 */
export function apiErrorToast(title: string, error: unknown): void {
  if (isAbortError(error) || error instanceof SessionEndedError) return;
  notify({ type: "danger", title, message: describeErrorMessage(error) });
}
