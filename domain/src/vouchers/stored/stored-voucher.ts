import type { z } from "zod";
import type { TaxKind } from "../../gst/compute/tax-kind.ts";
import {
  amountForQuantity,
  type Paise,
  storedQuantityToMilli,
  storedRupeesToPaise,
} from "../../money/index.ts";
import type { ENTRY_INPUT_SCHEMAS } from "../../schemas/entry-input-schemas.ts";
import type { VoucherFamily } from "../voucher-definition.ts";
import { getVoucherDefinition } from "../voucher-registry.ts";
import type { VoucherType } from "../voucher-type.ts";

type Payload<T extends VoucherType> = z.output<(typeof ENTRY_INPUT_SCHEMAS)[T]["add"]>;

/** The voucher types of each family, from the registry's `family` (voucher-registry.ts). */
export type DocumentVoucherType =
  | "salesInvoice"
  | "purchases"
  | "creditNote"
  | "debitNote"
  | "salesDebitNote"
  | "quotation"
  | "salesOrder"
  | "purchaseOrder"
  | "deliveryChallan";
export type SettlementVoucherType = "receipts" | "payments";

/**
 * What prepareVoucher adds to a document's payload: the server's own figures and the GST facts as
 * decided on the day (DESIGN.md 10), which outputs read and never re-derive from today's masters.
 */
interface DocumentFiguresJson {
  invoiceNumber: string;
  cessAmount?: number;
  taxKind?: TaxKind;
  supplierStateCode?: string;
  partyGstType?: string;
}

/** The JSON the server stores for a voucher of type T: its validated payload with the figures. */
export type StoredVoucherJson<T extends VoucherType> = T extends DocumentVoucherType
  ? Payload<T> & DocumentFiguresJson
  : Payload<T> & { voucherNumber: string };

/** One item line, every amount exact: paise, thousandths of a unit. */
export interface StoredItemLine {
  itemId: string;
  description: string | null;
  hsnCode: string | null;
  sacCode: string | null;
  uom: string | null;
  quantityMilli: number;
  ratePaise: Paise;
  /** quantity × rate, rounded once (money's amountForQuantity). */
  grossPaise: Paise;
  /** gross − taxable: what the line's discount took off. */
  discountPaise: Paise;
  /** The discount as typed: a percentage, or an amount off the line. */
  discount: { kind: "percent"; percent: number } | { kind: "amount"; paise: Paise } | null;
  gstRate: number;
  cessRate: number;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  cessPaise: Paise;
}

/** One account line (freight, packing, an income account billed directly). */
export interface StoredAccountLine {
  accountId: string;
  description: string | null;
  gstRate: number;
  cessRate: number;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  cessPaise: Paise;
}

/** Money set against one invoice or bill. */
export interface StoredBillWise {
  entryId: string;
  amountPaise: Paise;
}

interface StoredVoucherBase<T extends VoucherType, F extends VoucherFamily> {
  family: F;
  type: T;
  /** The stored JSON itself, typed, for text fields that need no conversion. */
  json: StoredVoucherJson<T>;
  date: string;
  /** The number as stored (invoiceNumber or voucherNumber). */
  number: string;
  narration: string | null;
}

/** A sales invoice, purchase, note, quotation, order or challan as stored. */
export interface StoredDocument<T extends DocumentVoucherType = DocumentVoucherType>
  extends StoredVoucherBase<T, "document"> {
  partyAccountId: string;
  partyName: string | null;
  /** The party's GSTIN as saved, upper-cased; null for an unregistered party. */
  gstin: string | null;
  /** Two-digit place of supply as saved. */
  pos: string | null;
  supplierStateCode: string | null;
  partyGstType: string | null;
  taxKind: TaxKind | null;
  reverseCharge: boolean;
  /** A note that only corrects a price (`type: "adjustment"`) moves no goods. */
  priceAdjustmentOnly: boolean;
  /** How an export or SEZ supply was made; null for a regular supply. */
  exportOrSez: string | null;
  itemLines: StoredItemLine[];
  accountLines: StoredAccountLine[];
  /** Σ taxable values of all lines. */
  grossPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  cessPaise: Paise;
  roundOffPaise: Paise;
  totalPaise: Paise;
  billWise: StoredBillWise[];
  dueDate: string | null;
  billingAddress: string | null;
  shippingAddress: string | null;
}

/** A receipt or payment: money into or out of one cash or bank account, from or to accounts. */
export interface StoredSettlement<T extends SettlementVoucherType = SettlementVoucherType>
  extends StoredVoucherBase<T, "settlement"> {
  cashOrBankAccountId: string;
  amountPaise: Paise;
  entries: { accountId: string; amountPaise: Paise; billWise: StoredBillWise[] }[];
}

export interface StoredTransfer extends StoredVoucherBase<"fundTransfer", "transfer"> {
  fromAccountId: string;
  toAccountId: string;
  amountPaise: Paise;
}

export interface StoredJournal extends StoredVoucherBase<"journalEntry", "journal"> {
  entries: { accountId: string; debitPaise: Paise; creditPaise: Paise }[];
}

export type StoredVoucher = StoredDocument | StoredSettlement | StoredTransfer | StoredJournal;

type Json = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;
const numberOf = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) ? value : 0;
const paiseOf = (value: unknown): Paise => storedRupeesToPaise(numberOf(value));
const records = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((entry): entry is Json => typeof entry === "object") : [];
const TAX_KINDS: readonly TaxKind[] = ["intra", "inter", "none"];

function parse(stored: string | object): Json {
  const value: unknown = typeof stored === "string" ? JSON.parse(stored) : stored;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError("A stored voucher's document must be a JSON object.");
  }
  return value as Json;
}

function taxesOf(line: Json) {
  return {
    gstRate: numberOf(line.gstRate),
    cessRate: numberOf(line.cessRate),
    taxablePaise: paiseOf(line.amount),
    cgstPaise: paiseOf(line.cgstAmount),
    sgstPaise: paiseOf(line.sgstAmount),
    igstPaise: paiseOf(line.igstAmount),
    cessPaise: paiseOf(line.cessAmount),
  };
}

function readItemLine(line: Json): StoredItemLine {
  const quantityMilli = storedQuantityToMilli(numberOf(line.quantity));
  const ratePaise = paiseOf(line.rate);
  const grossPaise = amountForQuantity(quantityMilli, ratePaise);
  const taxes = taxesOf(line);
  const discountValue = numberOf(line.discount);
  return {
    itemId: text(line.itemId) ?? "",
    description: text(line.description),
    hsnCode: text(line.hsnCode),
    sacCode: text(line.sacCode),
    uom: text(line.uom),
    quantityMilli,
    ratePaise,
    grossPaise,
    discountPaise: Math.max(0, grossPaise - taxes.taxablePaise),
    discount:
      discountValue === 0
        ? null
        : line.discountType === "amount"
          ? { kind: "amount", paise: paiseOf(discountValue) }
          : { kind: "percent", percent: discountValue },
    ...taxes,
  };
}

function readAccountLine(line: Json): StoredAccountLine {
  return {
    accountId: text(line.accountId) ?? "",
    description: text(line.description),
    ...taxesOf(line),
  };
}

const readBillWise = (value: unknown): StoredBillWise[] =>
  records(value).map((entry) => ({
    entryId: text(entry.entryId) ?? "",
    amountPaise: paiseOf(entry.amount),
  }));

function readDocument(type: DocumentVoucherType, json: Json): StoredDocument {
  const taxKind = TAX_KINDS.find((kind) => kind === json.taxKind) ?? null;
  return {
    family: "document",
    type,
    json: json as unknown as StoredVoucherJson<DocumentVoucherType>,
    date: text(json.date) ?? "",
    number: text(json.invoiceNumber) ?? "",
    narration: text(json.narration),
    partyAccountId: text(json.cashOrDebtorAccountId) ?? "",
    partyName: text(json.partyName),
    gstin: text(json.gstin)?.toUpperCase() ?? null,
    pos: text(json.pos),
    supplierStateCode: text(json.supplierStateCode),
    partyGstType: text(json.partyGstType),
    taxKind,
    reverseCharge: json.rcmApplicable === true,
    priceAdjustmentOnly: json.type === "adjustment",
    exportOrSez: text(json.gstPaymentTypeInExportOrSez),
    itemLines: records(json.itemDetails).map(readItemLine),
    accountLines: records(json.accountDetails).map(readAccountLine),
    grossPaise: paiseOf(json.grossAmount),
    cgstPaise: paiseOf(json.cgstAmount),
    sgstPaise: paiseOf(json.sgstAmount),
    igstPaise: paiseOf(json.igstAmount),
    cessPaise: paiseOf(json.cessAmount),
    roundOffPaise: paiseOf(json.roundOffAmount),
    totalPaise: paiseOf(json.totalAmount),
    billWise: readBillWise(json.billWiseEntries),
    dueDate: text(json.dueDate),
    billingAddress: text(json.billingAddress),
    shippingAddress: text(json.shippingAddress),
  };
}

function baseOf<T extends VoucherType>(type: T, json: Json) {
  return {
    type,
    json: json as unknown as StoredVoucherJson<T>,
    date: text(json.date) ?? "",
    number: text(json.voucherNumber) ?? "",
    narration: text(json.narration),
  };
}

function readSettlement(type: SettlementVoucherType, json: Json): StoredSettlement {
  const receipt = type === "receipts";
  return {
    family: "settlement",
    ...baseOf(type, json),
    cashOrBankAccountId: text(receipt ? json.receivedAccountId : json.paidAccountId) ?? "",
    amountPaise: paiseOf(receipt ? json.receivedAmount : json.paidAmount),
    entries: records(json.entries).map((entry) => ({
      accountId: text(entry.accountId) ?? "",
      amountPaise: paiseOf(entry.amount),
      billWise: readBillWise(entry.billWiseEntries),
    })),
  };
}

/**
 * The one reader of a stored voucher (vouchers.document): the JSON text or its parsed object, read
 * by the voucher type's family into exact figures — paise, thousandths, quantity × rate worked out
 * once by money's amountForQuantity. Every output (printing, returns, return facts, e-invoice,
 * e-way bill, reports) reads a voucher through it, never the JSON by hand.
 */
export function readStoredVoucher(type: VoucherType, stored: string | object): StoredVoucher {
  const json = parse(stored);
  const family = getVoucherDefinition(type).family;
  switch (family) {
    case "document":
      return readDocument(type as DocumentVoucherType, json);
    case "settlement":
      return readSettlement(type as SettlementVoucherType, json);
    case "transfer":
      return {
        family: "transfer",
        ...baseOf("fundTransfer", json),
        fromAccountId: text(json.paidAccountId) ?? "",
        toAccountId: text(json.receivedAccountId) ?? "",
        amountPaise: paiseOf(json.paidAmount),
      };
    case "journal":
      return {
        family: "journal",
        ...baseOf("journalEntry", json),
        entries: records(json.entries).map((entry) => ({
          accountId: text(entry.accountId) ?? "",
          debitPaise: paiseOf(entry.debitAmount),
          creditPaise: paiseOf(entry.creditAmount),
        })),
      };
  }
}

/** A stored document (item-line voucher); throws TypeError for a type of another family. */
export function readStoredDocument(
  type: VoucherType | string,
  stored: string | object,
): StoredDocument {
  const voucher = readStoredVoucher(type as VoucherType, stored);
  if (voucher.family !== "document") {
    throw new TypeError(`A ${type} is not an item-line document.`);
  }
  return voucher;
}
