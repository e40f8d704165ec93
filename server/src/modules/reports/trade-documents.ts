import { rupeesToPaise } from "@bahi/domain";
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
  /** Credit or debit note. */
  isReturn: boolean;
  /** Notes: 'return' moves goods back, 'adjustment' only corrects a price. */
  noteType: string | null;
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

export function readTradeDocument(row: VoucherDocumentRow, returnType: string): TradeDocument {
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
      quantityMilli: Math.round(Number(line.quantity ?? 0) * 1000),
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
  const isReturn = row.type === returnType;
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
    isReturn,
    noteType: isReturn ? (text(document.type) ?? "return") : null,
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

/** Whether a note sent goods back (quantities count) rather than only adjusting a price. */
export function movesGoods(document: TradeDocument): boolean {
  return !document.isReturn || document.noteType !== "adjustment";
}
