import {
  getVoucherDefinition,
  isNoteType,
  isVoucherType,
  paiseToRupees,
  readStoredDocument,
  type StoredAccountLine,
  type StoredItemLine,
} from "@bahi/domain";
import type { VoucherDocumentRow } from "./reports.repository.ts";

// An item-line voucher as the trade reports total it, read by the domain's one reader of the
// stored voucher (readStoredDocument).

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

function taxesOf(line: StoredItemLine | StoredAccountLine) {
  const { taxablePaise, cgstPaise, sgstPaise, igstPaise, cessPaise } = line;
  return { taxablePaise, cgstPaise, sgstPaise, igstPaise, cessPaise };
}

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
  const document = readStoredDocument(row.type, row.document);
  const items = document.itemLines;
  const lines: TradeLine[] = [
    ...items.map((line, index) => ({
      kind: "item" as const,
      lineNo: index + 1,
      itemId: line.itemId || null,
      accountId: null,
      quantityMilli: line.quantityMilli,
      ratePaise: line.ratePaise,
      discountType: line.discount?.kind === "amount" ? ("amount" as const) : ("percent" as const),
      discount:
        line.discount === null
          ? 0
          : line.discount.kind === "amount"
            ? paiseToRupees(line.discount.paise)
            : line.discount.percent,
      gstRate: line.gstRate,
      ...taxesOf(line),
    })),
    ...document.accountLines.map((line, index) => ({
      kind: "account" as const,
      lineNo: items.length + index + 1,
      itemId: null,
      accountId: line.accountId || null,
      quantityMilli: 0,
      ratePaise: 0,
      discountType: "percent" as const,
      discount: 0,
      gstRate: line.gstRate,
      ...taxesOf(line),
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
    dueDate: document.dueDate,
    sign: facts.sign,
    isReturn: facts.isNote && facts.sign < 0,
    isRaise: facts.isNote && facts.sign > 0,
    noteType: facts.isNote ? (document.priceAdjustmentOnly ? "adjustment" : "return") : null,
    typeMovesStock: facts.movesStock,
    pos: document.pos,
    supplierStateCode: document.supplierStateCode,
    gstin: document.gstin,
    reverseCharge: document.reverseCharge,
    taxablePaise: document.grossPaise,
    cgstPaise: document.cgstPaise,
    sgstPaise: document.sgstPaise,
    igstPaise: document.igstPaise,
    cessPaise: document.cessPaise,
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
