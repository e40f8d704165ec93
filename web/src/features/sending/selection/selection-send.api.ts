import { apiRequest } from "../../../api/http.ts";
import { SENDING_TOASTS } from "../sending.api.ts";

/** One document of a list's selection, as the server answers for it (issue 40). */
export interface SelectionResult {
  entryId: string;
  transactionType: string;
  number: string;
  partyName: string;
  email: string;
  status: "queued" | "skipped" | "failed";
  message: string;
}

export interface SelectionAnswer {
  success: boolean;
  message: string;
  sent: number;
  skipped: number;
  failed: number;
  results: SelectionResult[];
}

/** POST /multipledocs/sendselectedemail: each document to its own party's email. */
export function sendSelectionByEmail(payload: {
  organisationId: string;
  documents: { entryId: string; transactionType: string }[];
  requestId: string;
}) {
  return apiRequest<SelectionAnswer>("POST", "/multipledocs/sendselectedemail", {
    body: payload,
    errorTitle: SENDING_TOASTS.emailFailed,
  });
}
