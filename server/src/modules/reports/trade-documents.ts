import {
  getVoucherDefinition,
  isNoteType,
  isVoucherType,
  rupeesToPaise,
  storedQuantityToMilli,
} from "@bahi/domain";
import type { VoucherDocumentRow } from "./reports.repository.ts";

// The stored JSON of an item-line voucher (vouchers.document, DESIGN.md §4) read into paise.
// The server wrote every amount in it (domain prepareVoucher), so they are exact to the paisa.

export interface TradeLine {
  kind: "item" | "account";
  lineNo: number;
  itemId: string | null;
  accountId: string | null;
  /** Thousandths of a unit; 0 for account lines. */
  quantityMilli: number;
  ratePaise: number;
  discountType: "percent" | "amount";
  discount: number;
  gstRate: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
}

export interface TradeDocument {
  id: string;
  type: string;
  year: string;
  date: string;
  number: string;
  partyAccountId: string | null;
  partyName: string | null;
  totalPaise: number;
  pendingPaise: number | null;
  dueDate: string | null;
  /**
   * The registry's trade sign (decision 067): +1 an invoice or bill, or a note that raises one (the
   * debit note to a customer); -1 a note that lowers one.
   */
  sign: 1 | -1;
  /** A note that lowers the side's invoices or bills (credit note, purchase-side debit note). */
  isReturn: boolean;
  /** A note that raises them (the debit note to a customer, decision 066). */
  isRaise: boolean;
  /** Notes: 'return' moves goods back, 'adjustment' only corrects a price. */
  noteType: string | null;
  /** Whether the type moves stock at all (the registry's movesStock). */
  typeMovesStock: boolean;
  pos: string | null;
  /** Where the supplier was, as the engine located it on save (issue 18). */
  supplierStateCode: string | null;
  gstin: string | null;
  reverseCharge: boolean;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  lines: TradeLine[];
}

type Json = Record<string, unknown>;

const paise = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) ? rupeesToPaise(value) : 0;
const text = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : null;

/** The registry's facts a report needs of a row's type; a type the registry does not know adds. */
function tradeFactsOf(type: string) {
  if (!isVoucherType(type)) return { sign: 1 as const, isNote: false, movesStock: false };
  const definition = getVoucherDefinition(type);
  return {
    sign: definition.tradeSign ?? 1,
    isNote: isNoteType(type),
    movesStock: definition.movesStock !== null,
  };
}

export function readTradeDocument(row: VoucherDocumentRow): TradeDocument {
  const document = JSON.parse(row.document) as Json;
  const items = Array.isArray(document.itemDetails) ? (document.itemDetails as Json[]) : [];
  const accounts = Array.isArray(document.accountDetails)
    ? (document.accountDetails as Json[])
    : [];
  const lines: TradeLine[] = [
    ...items.map((line, index) => ({
      kind: "item" as const,
      lineNo: index + 1,
      itemId: text(line.itemId),
      accountId: null,
      quantityMilli: storedQuantityToMilli(Number(line.quantity ?? 0)),
      ratePaise: paise(line.rate),
      discountType: line.discountType === "amount" ? ("amount" as const) : ("percent" as const),
      discount: Number(line.discount ?? 0),
      gstRate: Number(line.gstRate ?? -2),
      taxablePaise: paise(line.amount),
      cgstPaise: paise(line.cgstAmount),
      sgstPaise: paise(line.sgstAmount),
      igstPaise: paise(line.igstAmount),
      cessPaise: paise(line.cessAmount),
    })),
    ...accounts.map((line, index) => ({
      kind: "account" as const,
      lineNo: items.length + index + 1,
      itemId: null,
      accountId: text(line.accountId),
      quantityMilli: 0,
      ratePaise: 0,
      discountType: "percent" as const,
      discount: 0,
      gstRate: Number(line.gstRate ?? -2),
      taxablePaise: paise(line.amount),
      cgstPaise: paise(line.cgstAmount),
      sgstPaise: paise(line.sgstAmount),
      igstPaise: paise(line.igstAmount),
      cessPaise: paise(line.cessAmount),
    })),
  ];
  const facts = tradeFactsOf(row.type);
  return {
    id: row.id,
    type: row.type,
    year: row.year,
    date: row.date,
    number: row.number,
    partyAccountId: row.partyAccountId,
    partyName: row.partyName,
    totalPaise: row.amountPaise,
    pendingPaise: row.pendingPaise,
    dueDate: text(document.dueDate),
    sign: facts.sign,
    isReturn: facts.isNote && facts.sign < 0,
    isRaise: facts.isNote && facts.sign > 0,
    noteType: facts.isNote ? (text(document.type) ?? "return") : null,
    typeMovesStock: facts.movesStock,
    pos: text(document.pos),
    supplierStateCode: text(document.supplierStateCode),
    gstin: text(document.gstin),
    reverseCharge: document.rcmApplicable === true,
    taxablePaise: paise(document.grossAmount),
    cgstPaise: paise(document.cgstAmount),
    sgstPaise: paise(document.sgstAmount),
    igstPaise: paise(document.igstAmount),
    cessPaise: paise(document.cessAmount),
    lines,
  };
}

/**
 * Whether the document's quantities count: an invoice or bill, or a note that sent goods back; not
 * a note that only adjusts a price, nor one of a type that moves no goods (a debit note to a
 * customer raises a price).
 */
export function movesGoods(document: TradeDocument): boolean {
  if (!document.isReturn && !document.isRaise) return true;
  return document.typeMovesStock && document.noteType !== "adjustment";
}
