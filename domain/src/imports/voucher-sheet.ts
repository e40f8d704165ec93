import { isValidCivilDate } from "../calendar/civil-date.ts";
import { getVoucherDefinition, voucherTypesWhere } from "../vouchers/voucher-registry.ts";
import type { VoucherType } from "../vouchers/voucher-type.ts";
import { parseStatementAmount, parseStatementDate } from "./bank-statement.ts";
import type { SheetColumn, SheetProblem } from "./sheet-import.ts";

// A spreadsheet of account-line vouchers (receipts, payments, fund transfers, journals): one row
// per line, the rows of one voucher sharing its `entry` value. Which types qualify is the
// registry's (families other than "document"); a type is named by its title, plural or route word.

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
  { field: "amount", labels: ["amount", "value"], kind: "amount", sample: "1180.00" },
  { field: "debit", labels: ["debit", "dr", "debit amount"], kind: "amount", sample: "" },
  { field: "credit", labels: ["credit", "cr", "credit amount"], kind: "amount", sample: "" },
  { field: "narration", labels: ["remarks", "description"], kind: "text", sample: "Against INV-1" },
];

/** The types a voucher sheet may hold: the account-line vouchers that post. */
export function voucherSheetTypes(): VoucherType[] {
  return voucherTypesWhere((definition) => definition.family !== "document" && definition.posts);
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

export function findVoucherSheetType(text: string): VoucherType | null {
  const key = squash(text);
  if (!key) return null;
  return (
    voucherSheetTypes().find((type) => {
      const definition = getVoucherDefinition(type);
      return [
        type,
        definition.routeWord,
        definition.titles.singular,
        definition.titles.plural,
        definition.titles.singular.split(" ")[0] ?? "",
      ].some((name) => squash(name) === key);
    }) ?? null
  );
}

export interface VoucherSheetLine {
  row: number;
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
  narration: string;
  lines: VoucherSheetLine[];
}

export const VOUCHER_SHEET_MESSAGES = {
  noHeader:
    'Row 1 must hold the column headings of the vouchers template (at least "entry", "type", "date" and "account").',
  unknownType: (text: string) =>
    `"${text}" is not a voucher type of this sheet (Receipt, Payment, Fund Transfer or Journal Entry).`,
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
  const fields = headings.map((heading) => {
    const key = squash(heading);
    return (
      VOUCHER_SHEET_COLUMNS.find(
        (column) =>
          squash(column.field) === key || column.labels.some((label) => squash(label) === key),
      )?.field ?? null
    );
  });
  const problems: SheetProblem[] = [];
  if (!["entry", "type", "date", "account"].every((field) => fields.includes(field))) {
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
    const account = cell("account");
    if (!account) {
      problem("account", VOUCHER_SHEET_MESSAGES.required(headingOf("account")));
      continue;
    }
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
      account,
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
  return { groups: [...groups.values()], problems, rowCount };
}
