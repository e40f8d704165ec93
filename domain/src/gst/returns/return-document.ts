import type { CivilDate } from "../../calendar/index.ts";
import type { Paise } from "../../money/index.ts";
import {
  readStoredDocument,
  type StoredAccountLine,
  type StoredDocument,
  type StoredItemLine,
} from "../../vouchers/stored/stored-voucher.ts";

/**
 * One line of a stored, server-computed document as a return reads it (DESIGN.md 10): never
 * re-derived from today's masters.
 */
export interface ReturnLine {
  /** HSN or SAC as saved on the line; null when none was given. */
  hsn: string | null;
  /** UQC code of the line's unit (NOS, KGS…); null when none. */
  uqc: string | null;
  /** A service line (SAC, or an HSN starting 99): its UQC in Table 12 is NA. */
  isService: boolean;
  description: string;
  /** Thousandths of a unit (quantities carry at most 3 decimals). */
  quantityMilli: number;
  /** Percent (18, 0.25), 0 nil-rated, -1 exempt, -2 non-GST. */
  gstRate: number;
  taxablePaise: Paise;
  igstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  cessPaise: Paise;
  /** An account line (freight, packing, an income account): it has no HSN of its own. */
  fromAccountLine?: boolean;
  /**
   * The item the line sells, as saved; an account line takes its principal item's (the one whose
   * HSN it carries). The e-invoice reads the item's name by it (issue 35).
   */
  itemId?: string | null;
}

/** How an export or SEZ supply was made (the sales invoice's gstPaymentTypeInExportOrSez). */
export type ReturnSupplyKind =
  | "regular"
  | "exportWithPayment"
  | "exportWithoutPayment"
  | "sezWithPayment"
  | "sezWithoutPayment"
  | "deemedExport";

/** The invoice a note was made against, as saved. */
export interface ReturnOriginalInvoice {
  number: string;
  date: CivilDate;
  totalPaise: Paise;
  /**
   * How the invoice was supplied, and its export details, when the caller read them: a note on an
   * export or SEZ invoice is reported as one (the e-invoice's SupTyp and ExpDtls, issue 35).
   */
  supplyKind?: ReturnSupplyKind;
  portCode?: string | null;
  shippingBillNumber?: string | null;
  shippingBillDate?: CivilDate | null;
  countryCode?: string | null;
}

/** A live outward document of the period: a sales invoice, or a note on outward supplies. */
export interface ReturnDocument {
  entryId: string;
  /** The voucher type's Table 13 nature and note direction come from the registry. */
  voucherType: string;
  role: "outwardSupply" | "outwardNote";
  /** C lowers the supply, D raises it; null for an invoice. */
  noteType: "C" | "D" | null;
  table13Nature: number | null;
  number: string;
  date: CivilDate;
  partyName: string;
  /** The recipient's GSTIN as saved on the document; null for an unregistered recipient. */
  gstin: string | null;
  /** Two-digit place of supply as saved; null when the document has none. */
  pos: string | null;
  /** The party account's GST registration type when saved (composition, uinholder…), if any. */
  partyGstType?: string | null;
  supplyKind: ReturnSupplyKind;
  reverseCharge: boolean;
  /** A note that only corrects a price or discount moves no quantity. */
  priceAdjustmentOnly: boolean;
  /** The document's total, its round-off included (GSTR-1 `val`). */
  totalPaise: Paise;
  lines: ReturnLine[];
  portCode: string | null;
  shippingBillNumber: string | null;
  shippingBillDate: CivilDate | null;
  /** An export's destination country, ISO 3166 alpha-2 (US, AE), as saved; absent when none. */
  countryCode?: string | null;
  /** For a note: the invoices it settles (bill-wise), as saved. */
  originalInvoices: ReturnOriginalInvoice[];
}

/** A number of the period that was taken and then deleted (Table 13 "cancelled"). */
export interface DeletedNumber {
  voucherType: string;
  table13Nature: number;
  number: string;
  date: CivilDate;
}

/** What the server stores of a voucher: its row and the server-computed document (prepareVoucher). */
export interface StoredOutwardVoucher {
  id: string;
  type: string;
  date: CivilDate;
  number: string;
  partyName: string | null;
  amountPaise: Paise;
  /** The stored JSON (text or parsed), read by readStoredDocument. */
  document: string | object;
}

const SUPPLY_KINDS: readonly ReturnSupplyKind[] = [
  "exportWithPayment",
  "exportWithoutPayment",
  "sezWithPayment",
  "sezWithoutPayment",
  "deemedExport",
];

function taxOf(line: StoredItemLine | StoredAccountLine) {
  const { taxablePaise, igstPaise, cgstPaise, sgstPaise, cessPaise } = line;
  return { taxablePaise, igstPaise, cgstPaise, sgstPaise, cessPaise };
}

/**
 * What an original invoice's stored document says of how it was supplied, for a note made against
 * it (ReturnOriginalInvoice): its supply kind and export details, as saved.
 */
export function originalSupplyFacts(
  document: StoredDocument,
): Pick<
  ReturnOriginalInvoice,
  "supplyKind" | "portCode" | "shippingBillNumber" | "shippingBillDate" | "countryCode"
> {
  return {
    supplyKind: SUPPLY_KINDS.find((kind) => kind === document.exportOrSez) ?? "regular",
    ...exportFieldsOf(document),
  };
}

/** An export's shipping details and destination country as saved on the invoice. */
function exportFieldsOf(document: StoredDocument) {
  const json = document.json as {
    portCode?: string;
    shippingBillNumber?: string;
    shippingBillDate?: string;
    countryCode?: string;
  };
  const text = (value: string | undefined) => value?.trim() || null;
  return {
    portCode: text(json.portCode),
    shippingBillNumber: text(json.shippingBillNumber),
    shippingBillDate: text(json.shippingBillDate),
    countryCode: text(json.countryCode)?.toUpperCase() ?? null,
  };
}

/**
 * A stored outward voucher as the return reads it: the lines, taxes, party GSTIN and place of
 * supply as saved (DESIGN.md 10). An account line (freight, packing) has no HSN of its own: it is
 * part of the supply it is billed with (a composite supply), so it takes the HSN of the
 * document's item line at the same rate, else of its first item line.
 */
export function toReturnDocument(
  stored: StoredOutwardVoucher,
  facts: {
    role: "outwardSupply" | "outwardNote";
    noteType: "C" | "D" | null;
    table13Nature: number | null;
  },
  originalInvoices: ReturnOriginalInvoice[] = [],
): ReturnDocument {
  return returnDocumentOf(
    stored,
    readStoredDocument(stored.type, stored.document),
    facts,
    originalInvoices,
  );
}

/**
 * toReturnDocument of a voucher already read by readStoredDocument (a caller that needs the
 * stored document's other fields too, such as the invoices a note settles, reads it once).
 */
export function returnDocumentOf(
  stored: Omit<StoredOutwardVoucher, "document">,
  doc: StoredDocument,
  facts: {
    role: "outwardSupply" | "outwardNote";
    noteType: "C" | "D" | null;
    table13Nature: number | null;
  },
  originalInvoices: ReturnOriginalInvoice[] = [],
): ReturnDocument {
  const itemLines: ReturnLine[] = doc.itemLines.map((line) => {
    const hsn = line.hsnCode ?? line.sacCode;
    return {
      hsn,
      uqc: line.uom,
      isService: line.sacCode !== null || (hsn?.startsWith("99") ?? false),
      description: line.description ?? "",
      itemId: line.itemId || null,
      quantityMilli: line.quantityMilli,
      gstRate: line.gstRate,
      ...taxOf(line),
    };
  });
  const accountLines: ReturnLine[] = doc.accountLines.map((line) => {
    const principal = itemLines.find((item) => item.gstRate === line.gstRate) ?? itemLines[0];
    return {
      hsn: principal?.hsn ?? null,
      uqc: principal?.uqc ?? null,
      isService: principal?.isService ?? false,
      description: principal?.description ?? line.description ?? "",
      itemId: principal?.itemId ?? null,
      quantityMilli: 0,
      gstRate: line.gstRate,
      ...taxOf(line),
      fromAccountLine: true,
    };
  });
  const supplyKind = SUPPLY_KINDS.find((kind) => kind === doc.exportOrSez) ?? "regular";
  return {
    entryId: stored.id,
    voucherType: stored.type,
    role: facts.role,
    noteType: facts.noteType,
    table13Nature: facts.table13Nature,
    number: stored.number,
    date: stored.date,
    partyName: stored.partyName ?? "",
    gstin: doc.gstin,
    pos: doc.pos,
    partyGstType: doc.partyGstType,
    supplyKind,
    reverseCharge: doc.reverseCharge,
    priceAdjustmentOnly: doc.priceAdjustmentOnly,
    totalPaise: stored.amountPaise,
    lines: [...itemLines, ...accountLines],
    ...exportFieldsOf(doc),
    originalInvoices,
  };
}
