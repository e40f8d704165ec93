import { type MatchStatus, SUGGESTED_BY_TITLES } from "@bahi/domain";
import { formatInstantDate } from "../../lists/format-values.ts";
import { formatDate, formatRupees } from "../../reports/report-format.ts";
import type {
  ImportAnswer,
  PurchaseRegister,
  Reconciliation,
  ReconciliationRow,
} from "../gstr2.api.ts";

// GSTR-2B reconciliation: what each row allows, the keys, linking by hand, and the messages.

export const STATUS_COLOURS: Record<MatchStatus, string> = {
  matched: "green",
  matchedWithDifferences: "orange",
  suggested: "blue",
  missingIn2b: "red",
  missingInBooks: "grape",
};

const IMS_ACTION_TITLES: Record<string, string> = {
  accepted: "accepted",
  rejected: "rejected",
  pending: "pending",
  noAction: "no action",
};

/** The IMS badge of a 2B document: "IMS accepted", …, or the portal's word when unknown. */
export const imsText = (action: string) => `IMS ${IMS_ACTION_TITLES[action] ?? action}`;

type Taxes = { igst: number; cgst: number; sgst: number; cess: number };

/** The tax of one side (IGST + CGST + SGST + cess), null when the side is absent. */
export const taxOf = (party: Taxes | null) =>
  party ? party.igst + party.cgst + party.sgst + party.cess : null;

/** A row with only one side: the side it has, for linking by hand. */
export function loneSide(row: ReconciliationRow): "bill" | "document" | null {
  if (row.status === "missingIn2b") return "bill";
  if (row.status === "missingInBooks") return "document";
  return null;
}

/** Why a row is suggested ("Bill number once cleaned", "Note of an earlier period" …), else "". */
export const suggestionText = (row: ReconciliationRow) =>
  row.status === "suggested" && row.suggestedBy ? SUGGESTED_BY_TITLES[row.suggestedBy] : "";

/** A suggestion, or a match with differences, can be accepted. */
export const canAccept = (row: ReconciliationRow) =>
  row.status === "suggested" || row.status === "matchedWithDifferences";

/** A row with both sides can be unlinked. */
export const canUnlink = (row: ReconciliationRow) => Boolean(row.entryId && row.documentId);

/** Same pair of bill and document (the picked row is shown as selected). */
export const samePair = (a: ReconciliationRow | null, b: ReconciliationRow) =>
  a !== null && a.entryId === b.entryId && a.documentId === b.documentId;

export type LinkStep =
  | { kind: "none" }
  | { kind: "pick" }
  | { kind: "link"; entryId: string; documentId: string };

/**
 * L (or Link) on a row: a row with both sides does nothing; with one side it is picked, unless
 * a row missing on the other side is already picked: then the two are linked.
 */
export function linkStep(picked: ReconciliationRow | null, row: ReconciliationRow): LinkStep {
  const side = loneSide(row);
  if (!side) return { kind: "none" };
  if (!picked || loneSide(picked) === side) return { kind: "pick" };
  const bill = side === "bill" ? row : picked;
  const document = side === "document" ? row : picked;
  return {
    kind: "link",
    entryId: bill.entryId as string,
    documentId: document.documentId as string,
  };
}

/** The Link button's word: "Link here" on a row that would complete the picked pair. */
export const linkLabel = (picked: ReconciliationRow | null, row: ReconciliationRow) =>
  picked && loneSide(picked) !== loneSide(row) ? "Link here" : "Link";

export type ReconKeyAction = "next" | "previous" | "accept" | "unlink" | "link" | "cancel" | "open";

/**
 * The keys of a reconciliation row: ↑ ↓ move, A accepts a suggestion, U unlinks, L picks or
 * links, Esc cancels the pick, Enter opens the bill. A key the row cannot use is null.
 */
export function reconKeyAction(key: string, row: ReconciliationRow): ReconKeyAction | null {
  switch (key.toLowerCase()) {
    case "arrowdown":
      return "next";
    case "arrowup":
      return "previous";
    case "a":
      return canAccept(row) ? "accept" : null;
    case "u":
      return canUnlink(row) ? "unlink" : null;
    case "l":
      return "link";
    case "escape":
      return "cancel";
    case "enter":
      return row.bill ? "open" : null;
    default:
      return null;
  }
}

/** The note while a row is picked for linking. */
export function pickedMessage(picked: ReconciliationRow): string {
  const what =
    loneSide(picked) === "bill"
      ? `Bill ${picked.bill?.number ?? ""}`
      : `GSTR-2B document ${picked.document?.number ?? ""}`;
  return `${what} picked: press L on a row missing on the other side to link it (Esc cancels).`;
}

/** "number · dd-mm-yyyy" of a side, blank when absent. */
export const sideText = (side: { number: string; date: string } | null) =>
  side ? `${side.number} · ${formatDate(side.date)}` : "";

/** The GSTR-2B files imported for the period, as one line. */
export function importsText(imports: Reconciliation["imports"]): string {
  const files = imports.map(
    (row) =>
      `${row.returnPeriod} (${row.documentCount} documents, ${formatInstantDate(row.importedAt)})`,
  );
  return `GSTR-2B imported: ${files.join(", ")}`;
}

/** After an import: the server's sentence and how the bills now stand. */
export function importedMessage(answer: ImportAnswer): string {
  const summary = answer.summary;
  return `${answer.message} Matched ${summary.matched}, with differences ${summary.matchedWithDifferences}, suggested ${summary.suggested}, missing in 2B ${summary.missingIn2b}, missing in books ${summary.missingInBooks}.`;
}

export function matchedItcText(itc: Taxes): string {
  return `ITC as per 2B, matched only: IGST ${formatRupees(itc.igst)} · CGST ${formatRupees(itc.cgst)} · SGST ${formatRupees(itc.sgst)} · Cess ${formatRupees(itc.cess)}`;
}

export function registerTotalsText(register: PurchaseRegister): string {
  const { itc } = register;
  return `${register.count} entries · Taxable ${formatRupees(register.totals.taxableValue)} · ITC IGST ${formatRupees(itc.igst)} · CGST ${formatRupees(itc.cgst)} · SGST ${formatRupees(itc.sgst)} · Cess ${formatRupees(itc.cess)}`;
}
