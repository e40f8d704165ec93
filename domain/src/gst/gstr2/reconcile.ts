import type { CivilDate } from "../../calendar/index.ts";
import type { Paise } from "../../money/index.ts";
import { cleanBillNumber } from "./bill-number.ts";
import type { ReconSide } from "./gstr2b-file.ts";

/**
 * Purchase bills in the books against GSTR-2B documents (issue 20, decision 065). Each bill and each
 * document ends in exactly one row:
 * - matched: same supplier GSTIN, same financial year and the same bill number, with place of
 *   supply, reverse charge and every amount within ±₹1 (or a pair the user accepted);
 * - matchedWithDifferences: the same pair, with the fields that differ named;
 * - suggested: the bill number equal only after cleaning (cleanBillNumber), or no number in
 *   common but the same amounts (±₹1) with the dates within 10 days; or, for a document nothing
 *   else was found for, a bill of an earlier period (`earlier`: the books' notes a supplier's
 *   credit note reaches 2B months after) with the same cleaned number and amounts (±₹1) (issue
 *   35); the user accepts it or not;
 * - missingIn2b / missingInBooks: nothing found on the other side.
 * Links the user made (link, accept) come first; a pair the user unlinked is never made again.
 */
export const MATCH_STATUSES = [
  "matched",
  "matchedWithDifferences",
  "suggested",
  "missingIn2b",
  "missingInBooks",
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const MATCH_STATUS_TITLES: Readonly<Record<MatchStatus, string>> = {
  matched: "Matched",
  matchedWithDifferences: "Matched with differences",
  suggested: "Suggested",
  missingIn2b: "Missing in 2B",
  missingInBooks: "Missing in books",
};

export const DIFFERENCE_FIELDS = [
  "pos",
  "reverseCharge",
  "taxableValue",
  "igst",
  "cgst",
  "sgst",
  "cess",
] as const;
export type DifferenceField = (typeof DIFFERENCE_FIELDS)[number];

/** ±₹1 per figure counts as the same (IC "Rounding Difference ≤ 1"). */
export const MATCH_TOLERANCE_PAISE = 100;
/** A suggestion by amount needs the two dates within this many days. */
export const MATCH_DATE_WINDOW_DAYS = 10;

export interface ReconAmounts {
  taxablePaise: Paise;
  igstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  cessPaise: Paise;
}

/** One side of a pair: a bill's or a 2B document's facts that matching reads. */
export interface ReconParty extends ReconAmounts {
  id: string;
  side: ReconSide;
  /** Supplier GSTIN; null for an import of goods from abroad. */
  gstin: string | null;
  number: string;
  date: CivilDate;
  pos: string | null;
  reverseCharge: boolean;
}

/**
 * Why a pair is suggested: the number equal once cleaned, the amounts and dates, or the number
 * and amounts of a bill of an earlier period.
 */
export const SUGGESTED_BY = ["billNumber", "amountAndDate", "earlierPeriod"] as const;
export type SuggestedBy = (typeof SUGGESTED_BY)[number];

export const SUGGESTED_BY_TITLES: Readonly<Record<SuggestedBy, string>> = {
  billNumber: "Bill number once cleaned",
  amountAndDate: "Amounts and dates",
  earlierPeriod: "Note of an earlier period",
};

export type LinkKind = "manual" | "accepted" | "rejected";

export interface ReconLink {
  documentId: string;
  entryId: string;
  kind: LinkKind;
}

export interface ReconRow {
  status: MatchStatus;
  entryId: string | null;
  documentId: string | null;
  differences: DifferenceField[];
  /** Why a suggestion was made. */
  suggestedBy: SuggestedBy | null;
  /** How the pair was made: automatically, linked by hand, or a suggestion accepted. */
  linkKind: "auto" | "manual" | "accepted" | null;
}

const AMOUNT_FIELDS: readonly [DifferenceField, keyof ReconAmounts][] = [
  ["taxableValue", "taxablePaise"],
  ["igst", "igstPaise"],
  ["cgst", "cgstPaise"],
  ["sgst", "sgstPaise"],
  ["cess", "cessPaise"],
];

/** The fields of a pair that differ: place of supply, reverse charge, amounts beyond ±₹1. */
export function findDifferences(bill: ReconParty, document: ReconParty): DifferenceField[] {
  const differences: DifferenceField[] = [];
  if (bill.pos !== null && document.pos !== null && bill.pos !== document.pos) {
    differences.push("pos");
  }
  if (bill.reverseCharge !== document.reverseCharge) differences.push("reverseCharge");
  for (const [field, key] of AMOUNT_FIELDS) {
    if (Math.abs(bill[key] - document[key]) > MATCH_TOLERANCE_PAISE) differences.push(field);
  }
  return differences;
}

function sameAmounts(bill: ReconParty, document: ReconParty): boolean {
  return AMOUNT_FIELDS.every(
    ([, key]) => Math.abs(bill[key] - document[key]) <= MATCH_TOLERANCE_PAISE,
  );
}

const supplierKey = (party: ReconParty) => `${party.side}|${party.gstin ?? ""}`;

/** Days since 1970-01-01 of a YYYY-MM-DD date, without validation (the dates are stored ones). */
function dayNumber(date: CivilDate): number {
  return (
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) /
    86_400_000
  );
}

/** What matching compares, worked out once per party. */
interface Prepared {
  party: ReconParty;
  day: number;
  supplier: string;
  /** Financial year and the number as typed (upper case, trimmed). */
  numberKey: string;
  /** The cleaned number, worked out when step 3 needs it. */
  cleanKey?: string;
}

/** The financial year's first calendar year: 2025 for any date from 2025-04-01 to 2026-03-31. */
function financialYearKey(date: CivilDate): number {
  const year = Number(date.slice(0, 4));
  return date.slice(5, 7) >= "04" ? year : year - 1;
}

function prepare(party: ReconParty): Prepared {
  return {
    party,
    day: dayNumber(party.date),
    supplier: supplierKey(party),
    numberKey: `${financialYearKey(party.date)}|${party.number.trim().toUpperCase()}`,
  };
}

function cleanKeyOf(prepared: Prepared): string {
  prepared.cleanKey ??= cleanBillNumber(prepared.party.number, prepared.party.date);
  return prepared.cleanKey;
}

/** Bills by supplier, then by a key within the supplier. */
function indexBy(bills: readonly Prepared[], key: (bill: Prepared) => string) {
  const index = new Map<string, Map<string, Prepared[]>>();
  for (const bill of bills) {
    let bySupplier = index.get(bill.supplier);
    if (!bySupplier) {
      bySupplier = new Map();
      index.set(bill.supplier, bySupplier);
    }
    const at = key(bill);
    const list = bySupplier.get(at);
    if (list) list.push(bill);
    else bySupplier.set(at, [bill]);
  }
  return index;
}

/**
 * Reconcile bills and 2B documents; rows in the order: the documents', then bills left over.
 * `earlier`: bills of earlier periods still unmatched there, offered to the documents left after
 * every other step, as suggestions only (step 5); one not taken gives no row.
 */
export function reconcile(
  bills: readonly ReconParty[],
  documents: readonly ReconParty[],
  links: readonly ReconLink[] = [],
  earlier: readonly ReconParty[] = [],
): ReconRow[] {
  const preparedBills = bills.map(prepare);
  const billsById = new Map(bills.map((bill) => [bill.id, bill]));
  const documentsById = new Map(documents.map((document) => [document.id, document]));
  const taken = new Set<string>();
  const rejected = new Set(
    links.filter((link) => link.kind === "rejected").map((l) => `${l.documentId}|${l.entryId}`),
  );
  const rows = new Map<string, ReconRow>();
  const pair = (
    document: ReconParty,
    bill: ReconParty,
    row: Omit<ReconRow, "entryId" | "documentId">,
  ) => {
    taken.add(bill.id);
    rows.set(document.id, { ...row, entryId: bill.id, documentId: document.id });
  };

  // 1. The user's own links.
  for (const link of links) {
    if (link.kind === "rejected") continue;
    const bill = billsById.get(link.entryId);
    const document = documentsById.get(link.documentId);
    if (!bill || !document || taken.has(bill.id) || rows.has(document.id)) continue;
    const differences = findDifferences(bill, document);
    pair(document, bill, {
      status:
        link.kind === "accepted" || differences.length === 0 ? "matched" : "matchedWithDifferences",
      differences,
      suggestedBy: null,
      linkKind: link.kind,
    });
  }

  const preparedDocuments = documents.filter((document) => !rows.has(document.id)).map(prepare);
  const open = () => preparedDocuments.filter((document) => !rows.has(document.party.id));
  const nearest = (document: Prepared, candidates: readonly Prepared[] | undefined) => {
    let best: ReconParty | undefined;
    let bestDays = Number.POSITIVE_INFINITY;
    for (const candidate of candidates ?? []) {
      if (taken.has(candidate.party.id)) continue;
      if (rejected.has(`${document.party.id}|${candidate.party.id}`)) continue;
      const days = Math.abs(candidate.day - document.day);
      if (days < bestDays) {
        best = candidate.party;
        bestDays = days;
      }
    }
    return best;
  };

  // 2. Same GSTIN, financial year and bill number: matched, or matched with differences.
  const byNumber = indexBy(preparedBills, (bill) => bill.numberKey);
  for (const document of open()) {
    const bill = nearest(document, byNumber.get(document.supplier)?.get(document.numberKey));
    if (!bill) continue;
    const differences = findDifferences(bill, document.party);
    pair(document.party, bill, {
      status: differences.length === 0 ? "matched" : "matchedWithDifferences",
      differences,
      suggestedBy: null,
      linkKind: "auto",
    });
  }

  // Steps 3 and 4 look only at bills still open, of suppliers with documents still open.
  const openSuppliers = new Set(open().map((document) => document.supplier));
  const openBills = () =>
    preparedBills.filter((bill) => !taken.has(bill.party.id) && openSuppliers.has(bill.supplier));

  // 3. Same GSTIN and the bill number equal once cleaned: suggested.
  const byCleanNumber = indexBy(openBills(), cleanKeyOf);
  for (const document of open()) {
    const cleaned = cleanKeyOf(document);
    if (cleaned === "") continue;
    const bill = nearest(document, byCleanNumber.get(document.supplier)?.get(cleaned));
    if (!bill) continue;
    pair(document.party, bill, {
      status: "suggested",
      differences: findDifferences(bill, document.party),
      suggestedBy: "billNumber",
      linkKind: null,
    });
  }

  // 4. Same GSTIN, the same amounts (±₹1) and the dates within 10 days: suggested.
  const bySupplier = indexBy(openBills(), () => "");
  for (const document of open()) {
    const candidates = (bySupplier.get(document.supplier)?.get("") ?? []).filter(
      (bill) =>
        Math.abs(bill.day - document.day) <= MATCH_DATE_WINDOW_DAYS &&
        sameAmounts(bill.party, document.party),
    );
    const bill = nearest(document, candidates);
    if (!bill) continue;
    pair(document.party, bill, {
      status: "suggested",
      differences: findDifferences(bill, document.party),
      suggestedBy: "amountAndDate",
      linkKind: null,
    });
  }

  // 5. A bill of an earlier period, same GSTIN and side, the number equal once cleaned and the
  // same amounts (±₹1): suggested (a supplier's credit note that reaches 2B months later).
  const current = new Set(bills.map((bill) => bill.id));
  const earlierOpen = earlier
    .filter((bill) => !current.has(bill.id) && !taken.has(bill.id))
    .map(prepare)
    .filter((bill) => openSuppliers.has(bill.supplier));
  const byEarlierNumber = indexBy(earlierOpen, cleanKeyOf);
  for (const document of open()) {
    const cleaned = cleanKeyOf(document);
    if (cleaned === "") continue;
    const candidates = (byEarlierNumber.get(document.supplier)?.get(cleaned) ?? []).filter((bill) =>
      sameAmounts(bill.party, document.party),
    );
    const bill = nearest(document, candidates);
    if (!bill) continue;
    pair(document.party, bill, {
      status: "suggested",
      differences: findDifferences(bill, document.party),
      suggestedBy: "earlierPeriod",
      linkKind: null,
    });
  }

  const result: ReconRow[] = documents.map(
    (document) =>
      rows.get(document.id) ?? {
        status: "missingInBooks",
        entryId: null,
        documentId: document.id,
        differences: [],
        suggestedBy: null,
        linkKind: null,
      },
  );
  for (const bill of bills) {
    if (taken.has(bill.id)) continue;
    result.push({
      status: "missingIn2b",
      entryId: bill.id,
      documentId: null,
      differences: [],
      suggestedBy: null,
      linkKind: null,
    });
  }
  return result;
}

export interface ItcTotals {
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
  cess: Paise;
}

/**
 * The ITC of matched pairs whose 2B document gives credit (itcavl not N): per tax head the smaller
 * of books and 2B for an invoice (credit no more than the supplier reported), the larger for a
 * credit note (the reversal no less), the credit notes taken away.
 */
export function matchedItc(
  rows: readonly ReconRow[],
  bills: ReadonlyMap<string, ReconParty>,
  documents: ReadonlyMap<string, ReconParty & { itcAvailable: "Y" | "N" | "T" | null }>,
): ItcTotals {
  const totals: ItcTotals = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
  for (const row of rows) {
    if (row.status !== "matched" || !row.entryId || !row.documentId) continue;
    const bill = bills.get(row.entryId);
    const document = documents.get(row.documentId);
    if (!bill || !document || document.itcAvailable === "N") continue;
    const credit = document.side === "credit";
    const pick = credit ? Math.max : Math.min;
    const sign = credit ? -1 : 1;
    totals.igst += sign * pick(bill.igstPaise, document.igstPaise);
    totals.cgst += sign * pick(bill.cgstPaise, document.cgstPaise);
    totals.sgst += sign * pick(bill.sgstPaise, document.sgstPaise);
    totals.cess += sign * pick(bill.cessPaise, document.cessPaise);
  }
  return totals;
}
