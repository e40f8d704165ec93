import {
  CASH_AND_BANK_NATURES,
  formatDateDisplay,
  formatRupees,
  rupeesToPaise,
  type StatementColumn,
} from "@bahi/domain";
import { formatInstantDate } from "../../lists/format-values.ts";
import type { CheckedStatement, ImportRequest, StatementLayoutChoice } from "../imports.api.ts";

// The pure part of /imports/bank (BankImportPage): what the screen shows of a checked statement
// and of the statements imported, and how a corrected layout is kept. No React, no calls.

/** Rupees from the API, shown as ₹12,34,567.80. */
export const money = (rupees: number) => formatRupees(rupeesToPaise(rupees));

/** The natures a bank account picker offers: cash and bank, less cash. */
export const BANK_NATURES = CASH_AND_BANK_NATURES.filter((nature) => nature !== "Cash");

export const COLUMN_LABELS: Record<StatementColumn, string> = {
  date: "Date",
  narration: "Narration",
  reference: "Cheque / Ref. No.",
  debit: "Withdrawal (Debit)",
  credit: "Deposit (Credit)",
  amount: "Amount (signed or with Dr/Cr)",
  drCr: "Dr/Cr marker",
  balance: "Balance",
};

export const STATE_LABELS: Record<ImportRequest["state"], string> = {
  uploaded: "Uploaded",
  reviewed: "Reviewed",
  saved: "Saved",
  undone: "Undone",
};

export const STATE_COLORS: Record<ImportRequest["state"], string> = {
  uploaded: "gray",
  reviewed: "blue",
  saved: "green",
  undone: "orange",
};

export function importRequestsKey(organisationId: string, year: string) {
  return ["import-requests", organisationId, year] as const;
}

/** What the page is waiting for: the files' check, the import, or nothing. */
export type BankImportBusy = "checking" | "importing" | null;

/** One layout per file: null where the server's own reading stands. */
export type LayoutChoices = readonly (StatementLayoutChoice | null)[];

/** Check Files needs a bank account and at least one file. */
export function canCheck(accountId: string | null, files: readonly File[]): boolean {
  return accountId !== null && files.length > 0;
}

/** Import needs every checked file read without an error, nothing running, and an account. */
export function canImport(
  checked: readonly CheckedStatement[] | null,
  busy: BankImportBusy,
  accountId: string | null,
): boolean {
  return Boolean(checked?.every((file) => !file.error)) && busy === null && accountId !== null;
}

/**
 * The layouts after the person set a column of file `index` to the header at `value` ("" takes
 * the column off). Null when that file has no layout to correct (it was not read).
 */
export function withColumn(
  layouts: LayoutChoices,
  file: CheckedStatement | undefined,
  index: number,
  column: StatementColumn,
  value: string,
): (StatementLayoutChoice | null)[] | null {
  if (!file?.mapping || !file.headerRow) return null;
  const current = layouts[index] ?? { headerRow: file.headerRow, mapping: { ...file.mapping } };
  const mapping = { ...current.mapping };
  if (value === "") delete mapping[column];
  else mapping[column] = Number(value);
  const next = [...layouts];
  next[index] = { ...current, mapping };
  return next;
}

/** The layouts after the person moved the header row of file `index`; the columns stay. */
export function withHeaderRow(
  layouts: LayoutChoices,
  file: CheckedStatement | undefined,
  index: number,
  headerRow: number,
): (StatementLayoutChoice | null)[] {
  const next = [...layouts];
  next[index] = { headerRow, mapping: layouts[index]?.mapping ?? file?.mapping ?? {} };
  return next;
}

/** The choices of a column select: none, then each header (a blank one by its position). */
export function columnOptions(headers: readonly string[]): { value: string; label: string }[] {
  return [
    { value: "", label: "—" },
    ...headers.map((header, index) => ({
      value: String(index),
      label: header || `Column ${index + 1}`,
    })),
  ];
}

/** The select's value of a column: its header's position, or "" when no header is chosen. */
export function columnValue(file: CheckedStatement, column: StatementColumn): string {
  const position = file.mapping?.[column];
  return position === undefined ? "" : String(position);
}

/** "4 lines from 01/04/2025 to 30/04/2025: money in ₹…, money out ₹…." */
export function describeStatement(file: CheckedStatement): string {
  const range =
    file.firstDate && file.lastDate
      ? ` from ${formatDateDisplay(file.firstDate)} to ${formatDateDisplay(file.lastDate)}`
      : "";
  return `${file.lineCount} lines${range}: money in ${money(file.moneyIn ?? 0)}, money out ${money(file.moneyOut ?? 0)}.`;
}

/** Where the running balance stops following the lines, in words. */
export function describeBalanceBreak(
  balanceBreak: NonNullable<CheckedStatement["balanceBreak"]>,
): string {
  return `Row ${balanceBreak.rowNumber}: the balance should be ${money(balanceBreak.expected)} but the statement says ${money(balanceBreak.found)}. Check the column mapping or the file.`;
}

/** A saved import's balance break (in paise, as the server keeps it), in words. */
export function describeSavedBalanceBreak(balanceBreak: {
  rowNumber: number;
  expectedPaise: number;
  foundPaise: number;
}): string {
  return `The balance breaks at row ${balanceBreak.rowNumber} of the statement: it should be ${formatRupees(balanceBreak.expectedPaise)} but the statement says ${formatRupees(balanceBreak.foundPaise)}. A line may be missing or read the wrong way; check the file before saving.`;
}

/** How many of a file's unread rows are listed. */
export const SHOWN_PROBLEMS = 5;

/** The rows not read, as the alert titles and lists them; null when every row was read. */
export function unreadRows(
  file: CheckedStatement,
): { title: string; lines: { key: number; text: string }[] } | null {
  const count = file.problemCount ?? 0;
  if (count <= 0) return null;
  return {
    title: `${count} rows not read`,
    lines: (file.problems ?? []).slice(0, SHOWN_PROBLEMS).map((problem) => ({
      key: problem.rowNumber,
      text: `Row ${problem.rowNumber}: ${problem.message}`,
    })),
  };
}

/** Money out is red, money in green. */
export const amountColor = (amount: number) => (amount < 0 ? "red" : "green");

/** A stable key for the card of file `index`: the chosen file's name and time, else the name read. */
export function checkedFileKey(
  files: readonly File[],
  index: number,
  file: CheckedStatement,
): string {
  const chosen = files[index];
  return chosen ? `${chosen.name}-${chosen.lastModified}` : file.fileName;
}

/** "12 lines to review.", over every statement the import staged. */
export function importedMessage(requests: readonly ImportRequest[]): string {
  const lines = requests.reduce((sum, request) => sum + request.lineCount, 0);
  return `${lines} lines to review.`;
}

/** A statement with saved entries is undone (the entries deleted); one without, deleted. */
export function statementAction(request: ImportRequest): "undo" | "delete" {
  return request.savedCount > 0 ? "undo" : "delete";
}

/** The day a statement was imported, as the screen shows dates. */
export const importedOn = (request: ImportRequest) => formatInstantDate(request.createdAt);

/** The name of the bank account, or "" when it is not among the active accounts. */
export function accountNameOf(
  accounts: readonly { _id: string; name: string }[] | undefined,
  id: string | null,
): string {
  return accounts?.find((account) => account._id === id)?.name ?? "";
}
