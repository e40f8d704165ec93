import { EINVOICE_CANCEL_REASONS, type EInvoiceState } from "@bahi/domain";
import { ApiError } from "../../api/http.ts";
import type { EInvoiceList, EInvoicePeriod, EInvoiceRow, ImportAnswer } from "./einvoice.api.ts";

// The pure part of returns/einvoice (EInvoicePage): states, the selection, the download's query,
// the refusals shown above the table and the cancellation's body. No React, no calls.

export const STATE_LABELS: Record<EInvoiceState, string> = {
  needsIrn: "Needs IRN",
  exported: "JSON exported",
  registered: "Registered",
  cancelled: "Cancelled",
  notApplicable: "Not applicable",
};

export const STATE_COLORS: Record<EInvoiceState, string> = {
  needsIrn: "orange",
  exported: "blue",
  registered: "green",
  cancelled: "gray",
  notApplicable: "gray",
};

/** The states in the order the counts show them. */
export const COUNT_ORDER = Object.keys(STATE_LABELS) as EInvoiceState[];

/** Only a document without an IRN yet (never exported, or exported) can go in a download. */
export const isSelectable = (row: Pick<EInvoiceRow, "state">) =>
  row.state === "needsIrn" || row.state === "exported";

/** The entry ids a "Select all" chooses. */
export function selectableIds(documents: readonly EInvoiceRow[]): string[] {
  return documents.filter(isSelectable).map((row) => row.entryId);
}

/** "Select all" is ticked when something can be chosen and all of it is. */
export function allSelected(documents: readonly EInvoiceRow[], selected: readonly string[]) {
  const selectable = selectableIds(documents);
  return selectable.length > 0 && selected.length === selectable.length;
}

/** The selection after one document's box was ticked (on) or cleared. */
export function toggleSelection(selected: readonly string[], entryId: string, on: boolean) {
  return on ? [...selected, entryId] : selected.filter((id) => id !== entryId);
}

/** The period's JSON is offered only when some document of the period needs an IRN. */
export const canDownloadPeriod = (list: EInvoiceList | undefined) =>
  Boolean(list) && list?.counts.needsIrn !== 0;

export const selectedButtonLabel = (count: number) => `Download JSON of selected (${count})`;

/** GET /einvoice/json's query: the documents chosen, or (null) the period's. */
export function downloadQuery(period: EInvoicePeriod, entryIds: string[] | null) {
  return entryIds
    ? { organisationId: period.organisationId, entryIds }
    : {
        organisationId: period.organisationId,
        year: period.year,
        startDate: period.startDate,
        endDate: period.endDate,
      };
}

/** A refusal shown above the table: the server's sentence and its reasons, one a line. */
export interface Refusal {
  message: string;
  lines: string[];
}

/** A download the server refused with reasons (what to fix, per document); else null (a toast). */
export function refusalOfDownload(error: unknown): Refusal | null {
  if (error instanceof ApiError && error.errors.length > 0) {
    return { message: error.message, lines: error.errors.map((item) => item.message) };
  }
  return null;
}

/** The rows of an IRP answer that were not taken, each saying why; null when all were. */
export function refusalOfImport(answer: ImportAnswer): Refusal | null {
  const lines = [
    ...answer.unmatched.map((entry) => `${entry.number ?? entry.irn}: ${entry.message}`),
    ...(answer.problems ?? []),
  ];
  return lines.length > 0 ? { message: "Some rows of the file were not imported:", lines } : null;
}

/** "Ack No 1125… · 2025-09-12 10:00:00", or null before the IRP acknowledged it. */
export const ackLine = (row: Pick<EInvoiceRow, "ackNo" | "ackDate">) =>
  row.ackNo ? `Ack No ${row.ackNo} · ${row.ackDate}` : null;

/** The IRP's cancellation reasons, as "2 Data entry mistake". */
export const CANCEL_REASON_OPTIONS = EINVOICE_CANCEL_REASONS.map((item) => ({
  value: String(item.code),
  label: `${item.code} ${item.label}`,
}));

export const cancelTitle = (row: Pick<EInvoiceRow, "number"> | null) =>
  `Cancel the IRN of ${row?.number ?? ""}`;

/** POST /einvoice/cancel's body: the reason's code, and the remark when one was written. */
export function cancelBody(input: {
  organisationId: string;
  entryId: string | undefined;
  reason: string | null;
  remark: string;
}) {
  const remark = input.remark.trim();
  return {
    organisationId: input.organisationId,
    entryId: input.entryId ?? "",
    reason: Number(input.reason),
    ...(remark ? { remark } : {}),
  };
}
