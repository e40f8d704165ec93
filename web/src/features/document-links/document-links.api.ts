import { apiRequest } from "../../api/http.ts";

export const DOCUMENT_LINK_TOASTS = {
  fetchFailed: "Could not fetch the shared links.",
  revokeFailed: "Could not revoke the link.",
  revokedOne: "Link revoked",
  noneLive: "No active links to revoke.",
} as const;

export type DocumentLinkState = "active" | "expired" | "revoked";

/** One signed link to a document's PDF (GET /documentlinks/list, docs/api/delivery.md). */
export interface DocumentLink {
  _id: string;
  entryId: string;
  transactionType: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  lastOpenedAt: string | null;
  openCount: number;
  state: DocumentLinkState;
}

export interface DocumentRef {
  organisationId: string;
  entryId: string;
  /** The registry's type name (salesInvoice, creditNote…). */
  type: string;
}

export function fetchDocumentLinks(document: DocumentRef, signal?: AbortSignal) {
  return apiRequest<{ links: DocumentLink[] }>("GET", "/documentlinks/list", {
    query: {
      organisationId: document.organisationId,
      entryId: document.entryId,
      transactionType: document.type,
    },
    ...(signal ? { signal } : {}),
    errorTitle: DOCUMENT_LINK_TOASTS.fetchFailed,
  });
}

/** Revokes one link (linkId), or every live link of the document (no linkId). */
export function revokeDocumentLinks(document: DocumentRef, linkId?: string) {
  return apiRequest<{ success: true; revoked: number }>("POST", "/documentlinks/revoke", {
    body: linkId
      ? { organisationId: document.organisationId, linkId }
      : {
          organisationId: document.organisationId,
          entryId: document.entryId,
          transactionType: document.type,
        },
    errorTitle: DOCUMENT_LINK_TOASTS.revokeFailed,
  });
}

export function describeRevoked(count: number): string {
  if (count === 0) return DOCUMENT_LINK_TOASTS.noneLive;
  return count === 1 ? DOCUMENT_LINK_TOASTS.revokedOne : `${count} links revoked`;
}
