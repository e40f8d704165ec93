import { isValidCivilDate } from "../calendar/civil-date.ts";
import { GST_RATES } from "../gst/rates/index.ts";
import { booksDateProblem } from "../schemas/dates.ts";
import { getVoucherDefinition, voucherTypesWhere } from "../vouchers/voucher-registry.ts";
import type { VoucherType } from "../vouchers/voucher-type.ts";
import { parseStatementAmount, parseStatementDate } from "./bank-statement.ts";
import type { SheetColumn, SheetProblem } from "./sheet-import.ts";

// A spreadsheet of vouchers: one row per line, the rows of one voucher sharing its `entry` value.
// Receipts, payments, transfers and journals have account lines; sales, purchases and notes
// (the registry's "document" family) have a party and item lines (item, quantity, rate, discount,
// GST rate) or account lines (account, amount, GST rate). Which types qualify is the registry's
// (those that post); a type is named by its title, plural or route word.

export const VOUCHER_SHEET_COLUMNS: readonly SheetColumn[] = [
  {
    field: "entry",
    labels: ["entry no", "voucher", "group", "sl no"],
    kind: "text",
    required: true,
    sample: "1",
  },
  {
    field: "type",
    labels: ["voucher type", "entry type"],
    kind: "text",
    required: true,
    sample: "Receipt",
    allowed: voucherSheetTypes().map((type) => getVoucherDefinition(type).titles.singular),
  },
  {
    field: "date",
    labels: ["voucher date", "entry date"],
    kind: "text",
    required: true,
    sample: "2025-04-05",
  },
  { field: "voucherNumber", labels: ["number", "voucher no", "ref no"], kind: "text", sample: "" },
  {
    field: "cashBankAccount",
    labels: ["received in", "paid from", "bank", "cash/bank", "transfer to"],
    kind: "text",
    sample: "Cash",
  },
  {
    field: "account",
    labels: ["account name", "ledger", "party", "particulars"],
    kind: "text",
    required: true,
    sample: "Asha Traders",
  },
  {
    field: "party",
    labels: ["customer", "supplier", "party name", "cash/debtor"],
    kind: "text",
    sample: "",
  },
  {
    field: "gstin",
    labels: ["party gstin", "supplier gstin", "customer gstin", "gstin/uin", "gst no"],
    kind: "text",
    sample: "",
  },
  { field: "item", labels: ["item name", "product", "stock item"], kind: "text", sample: "" },
  { field: "quantity", labels: ["qty", "quantity"], kind: "text", sample: "" },
  { field: "rate", labels: ["price", "unit price", "rate"], kind: "amount", sample: "" },
  { field: "discount", labels: ["discount %", "disc", "disc %"], kind: "text", sample: "" },
  {
    field: "gstRate",
    labels: ["gst", "gst %", "gst rate", "tax rate"],
    kind: "text",
    sample: "",
    allowed: GST_RATES.filter((rate) => rate.code >= 0).map((rate) => String(rate.code)),
  },
  { field: "amount", labels: ["amount", "value"], kind: "amount", sample: "1180.00" },
  { field: "debit", labels: ["debit", "dr", "debit amount"], kind: "amount", sample: "" },
  { field: "credit", labels: ["credit", "cr", "credit amount"], kind: "amount", sample: "" },
  { field: "narration", labels: ["remarks", "description"], kind: "text", sample: "Against INV-1" },
];

/** The types a voucher sheet may hold: the vouchers that post. */
export function voucherSheetTypes(): VoucherType[] {
  return voucherTypesWhere((definition) => definition.posts);
}

/** Whether rows of this type carry a party and item lines. */
export function hasItemLines(type: VoucherType): boolean {
  return getVoucherDefinition(type).family === "document";
}

const GST_RATE_CODES = new Set(GST_RATES.map((rate) => rate.code).filter((code) => code >= 0));

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

let typeNames: Map<string, VoucherType> | undefined;

/** A type by its id, route word, title, plural or first word ("Journal"); looked up once per name. */
export function findVoucherSheetType(text: string): VoucherType | null {
  if (!typeNames) {
    typeNames = new Map();
    for (const type of voucherSheetTypes()) {
      const definition = getVoucherDefinition(type);
      for (const name of [
        type,
        definition.routeWord,
        definition.titles.singular,
        definition.titles.plural,
        definition.titles.singular.split(" ")[0] ?? "",
      ]) {
        const key = squash(name);
        if (key && !typeNames.has(key)) typeNames.set(key, type);
      }
    }
  }
  return typeNames.get(squash(text)) ?? null;
}

export interface VoucherSheetLine {
  row: number;
  /** An item line's item; "" on an account line. */
  item: string;
  quantity: number;
  ratePaise: number;
  /** Percent, 0–100. */
  discount: number;
  /** null: the item's own rate (0 for an account line). */
  gstRate: number | null;
  account: string;
  amountPaise: number;
  debitPaise: number;
  creditPaise: number;
}

export interface VoucherSheetGroup {
  entry: string;
  row: number;
  type: VoucherType;
  date: string;
  voucherNumber: string;
  cashBankAccount: string;
  party: string;
  /**
   * Issue 40: the party's GSTIN as the sheet gives it (a purchase's supplier, for GSTR-2B);
   * "" leaves the party master's.
   */
  gstin: string;
  narration: string;
  lines: VoucherSheetLine[];
}

export const VOUCHER_SHEET_MESSAGES = {
  noHeader:
    'Row 1 must hold the column headings of the vouchers template (at least "entry", "type", "date" and "account").',
  unknownType: (text: string) =>
    `"${text}" is not a voucher type of this sheet (${voucherSheetTypes()
      .map((type) => getVoucherDefinition(type).titles.singular)
      .join(", ")}).`,
  badQuantity: (text: string) => `"${text}" is not a quantity more than zero.`,
  badDiscount: (text: string) => `"${text}" is not a discount between 0 and 100 per cent.`,
  badGstRate: (text: string) => `"${text}" is not a GST rate (${[...GST_RATE_CODES].join(", ")}).`,
  itemOrAccount: "Give the item (with quantity and rate), or the account and amount.",
  partyRequired: (column: string) => `${column} is required: the customer or supplier.`,
  badDate: (text: string) => `"${text}" is not a date.`,
  badAmount: (text: string) => `"${text}" is not an amount.`,
  required: (column: string) => `${column} is required.`,
  differs: (column: string) => `Every row of one entry must have the same ${column}.`,
} as const;

/** The sheet's rows grouped into vouchers, with every problem by row; nothing is looked up here. */
export function readVoucherSheet(rows: readonly (readonly string[])[]): {
  groups: VoucherSheetGroup[];
  problems: SheetProblem[];
  rowCount: number;
} {
  const headings = (rows[0] ?? []).map((cell) => cell.trim());
  // A field's own name first ("party" is a column, and also a label people use for the account).
  const fields = headings.map((heading) => {
    const key = squash(heading);
    return (
      VOUCHER_SHEET_COLUMNS.find((column) => squash(column.field) === key)?.field ??
      VOUCHER_SHEET_COLUMNS.find((column) => column.labels.some((label) => squash(label) === key))
        ?.field ??
      null
    );
  });
  const problems: SheetProblem[] = [];
  if (
    !["entry", "type", "date"].every((field) => fields.includes(field)) ||
    !(fields.includes("account") || fields.includes("item"))
  ) {
    return {
      groups: [],
      problems: [{ row: 1, column: "entry", message: VOUCHER_SHEET_MESSAGES.noHeader }],
      rowCount: 0,
    };
  }
  const headingOf = (field: string) => headings[fields.indexOf(field)] || field;
  const groups = new Map<string, VoucherSheetGroup>();
  let rowCount = 0;
  for (let index = 1; index < rows.length; index += 1) {
    const cells = rows[index] ?? [];
    if (cells.every((cell) => cell.trim() === "")) continue;
    rowCount += 1;
    const row = index + 1;
    const cell = (field: string) => {
      const at = fields.indexOf(field);
      return at < 0 ? "" : (cells[at] ?? "").trim();
    };
    const problem = (field: string, message: string) =>
      problems.push({ row, column: headingOf(field), message });
    const entry = cell("entry");
    if (!entry) {
      problem("entry", VOUCHER_SHEET_MESSAGES.required(headingOf("entry")));
      continue;
    }
    const type = findVoucherSheetType(cell("type"));
    if (!type) {
      problem("type", VOUCHER_SHEET_MESSAGES.unknownType(cell("type")));
      continue;
    }
    const dateText = cell("date");
    const date = isValidCivilDate(dateText) ? dateText : parseStatementDate(dateText);
    if (!date) {
      problem("date", VOUCHER_SHEET_MESSAGES.badDate(dateText));
      continue;
    }
    const outside = booksDateProblem(date, dateText);
    if (outside) {
      problem("date", outside);
      continue;
    }
    const documentRow = hasItemLines(type);
    // A receipt's "Party" heading names its account.
    const account = cell("account") || (documentRow ? "" : cell("party"));
    const item = cell("item");
    if (documentRow ? !item && !account : !account) {
      problem(
        documentRow ? "item" : "account",
        documentRow
          ? VOUCHER_SHEET_MESSAGES.itemOrAccount
          : VOUCHER_SHEET_MESSAGES.required(headingOf("account")),
      );
      continue;
    }
    const itemFields = documentRow ? readItemFields(cell, problem) : ITEMLESS;
    if (!itemFields) continue;
    const amounts: Record<"amount" | "debit" | "credit", number> = {
      amount: 0,
      debit: 0,
      credit: 0,
    };
    let bad = false;
    for (const field of ["amount", "debit", "credit"] as const) {
      const reading = parseStatementAmount(cell(field));
      if (reading === "invalid") {
        problem(field, VOUCHER_SHEET_MESSAGES.badAmount(cell(field)));
        bad = true;
      } else if (reading) {
        amounts[field] = Math.abs(reading.paise);
        if (field === "amount" && reading.marker === "dr") amounts.debit = Math.abs(reading.paise);
        if (field === "amount" && reading.marker === "cr") amounts.credit = Math.abs(reading.paise);
      }
    }
    if (bad) continue;
    const line = {
      row,
      ...itemFields,
      item: documentRow ? item : "",
      account: documentRow && item ? "" : account,
      amountPaise: amounts.amount || amounts.debit || amounts.credit,
      debitPaise: amounts.debit,
      creditPaise: amounts.credit,
    };
    const group = groups.get(entry);
    if (!group) {
      groups.set(entry, {
        entry,
        row,
        type,
        date,
        voucherNumber: cell("voucherNumber"),
        cashBankAccount: cell("cashBankAccount"),
        party: cell("party"),
        gstin: cell("gstin").toUpperCase(),
        narration: cell("narration"),
        lines: [line],
      });
      continue;
    }
    if (group.type !== type) problem("type", VOUCHER_SHEET_MESSAGES.differs(headingOf("type")));
    else if (group.date !== date)
      problem("date", VOUCHER_SHEET_MESSAGES.differs(headingOf("date")));
    else group.lines.push(line);
  }
  for (const group of groups.values()) {
    if (hasItemLines(group.type) && !group.party)
      problems.push({
        row: group.row,
        column: headingOf("party"),
        message: VOUCHER_SHEET_MESSAGES.partyRequired(headingOf("party")),
      });
  }
  return {
    groups: [...groups.values()].filter((group) => !hasItemLines(group.type) || group.party),
    problems,
    rowCount,
  };
}

const ITEMLESS = { quantity: 0, ratePaise: 0, discount: 0, gstRate: null };

/** An item or account line's quantity, rate, discount and GST rate; null after a problem. */
function readItemFields(
  cell: (field: string) => string,
  problem: (field: string, message: string) => void,
): Pick<VoucherSheetLine, "quantity" | "ratePaise" | "discount" | "gstRate"> | null {
  const item = cell("item");
  const quantityText = cell("quantity").replace(/,/g, "");
  const quantity = quantityText === "" && !item ? 0 : Number(quantityText);
  if (item && !(Number.isFinite(quantity) && quantity > 0 && quantityText !== "")) {
    problem("quantity", VOUCHER_SHEET_MESSAGES.badQuantity(cell("quantity")));
    return null;
  }
  const rate = parseStatementAmount(cell("rate"));
  if (rate === "invalid" || (rate && rate.paise < 0)) {
    problem("rate", VOUCHER_SHEET_MESSAGES.badAmount(cell("rate")));
    return null;
  }
  const discountText = cell("discount").replace(/%$/, "").trim();
  const discount = discountText === "" ? 0 : Number(discountText);
  if (!Number.isFinite(discount) || discount < 0 || discount > 100) {
    problem("discount", VOUCHER_SHEET_MESSAGES.badDiscount(cell("discount")));
    return null;
  }
  const gstText = cell("gstRate").replace(/%$/, "").trim();
  const gstRate = gstText === "" ? null : Number(gstText);
  if (gstRate !== null && !GST_RATE_CODES.has(gstRate)) {
    problem("gstRate", VOUCHER_SHEET_MESSAGES.badGstRate(cell("gstRate")));
    return null;
  }
  return { quantity, ratePaise: rate ? rate.paise : 0, discount, gstRate };
}
