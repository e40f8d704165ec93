import { isValidCivilDate } from "../calendar/civil-date.ts";
import { expandTypedYear } from "../calendar/implied-year.ts";
import { parseMonthName } from "../calendar/month-names.ts";
import { roundRupeesToPaise } from "../money/external-figures.ts";
import type { Paise } from "../money/paise.ts";
import { booksDateProblem } from "../schemas/dates.ts";

// Bank statements as banks hand them out (shared/returns-reference.md §6.1): a preamble of account
// details, a header row whose words name the columns, then one row per transaction, with
// narrations that wrap onto date-less rows and summary rows at the end. Header texts are treated
// as keywords, never as fixed positions.

export const STATEMENT_COLUMNS = [
  "date",
  "narration",
  "reference",
  "debit",
  "credit",
  "amount",
  "drCr",
  "balance",
] as const;

export type StatementColumn = (typeof STATEMENT_COLUMNS)[number];

/** Zero-based column index of each role the statement has. */
export type StatementMapping = Partial<Record<StatementColumn, number>>;

/** The usual layouts of five banks' statements, told apart by words of their header rows. */
export const STATEMENT_PRESETS = [
  { id: "hdfc", name: "HDFC Bank", words: ["narration", "chq./ref.no.", "withdrawal amt."] },
  { id: "icici", name: "ICICI Bank", words: ["transaction remarks"] },
  { id: "sbi", name: "State Bank of India", words: ["txn date", "description"] },
  { id: "axis", name: "Axis Bank", words: ["tran date", "particulars"] },
  { id: "kotak", name: "Kotak Mahindra Bank", words: ["chq/ref no"] },
  { id: "kotak", name: "Kotak Mahindra Bank", words: ["withdrawal (dr)"] },
  { id: "kotak", name: "Kotak Mahindra Bank", words: ["sl.no.", "dr / cr"] },
] as const;

export type StatementLayoutId = (typeof STATEMENT_PRESETS)[number]["id"] | "generic" | "manual";

export const STATEMENT_MESSAGES = {
  noHeader:
    "No header row found: the statement needs columns for the date and the amount (debit and credit, or one amount).",
  noDate: "Choose the column of the date.",
  noAmount: "Choose the debit and credit columns, or one amount column.",
  badDate: (text: string) => `"${text}" is not a date.`,
  noAmountOnRow: "This row has no amount.",
  badAmount: (text: string) => `"${text}" is not an amount.`,
  bothSides: "This row has both a debit and a credit.",
} as const;

/** Header text as compared: lower case, single spaces. */
export function normaliseHeader(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

// Each role's header words, tried in order; the first role a header fits wins (so "withdrawal
// (dr)/deposit (cr)" is one signed amount column, and "dr / cr" a marker, not a debit).
const HEADER_RULES: readonly { role: StatementColumn; test: (header: string) => boolean }[] = [
  {
    role: "amount",
    test: (h) => /withdrawal/.test(h) && /deposit/.test(h),
  },
  {
    role: "drCr",
    test: (h) =>
      /^(dr|cr|d|c)\.?\s*\/\s*(cr|dr|c|d)\.?$|^(txn |transaction )?type$|^debit\s*\/\s*credit$|^credit\s*\/\s*debit$|^dr\s*\/\s*cr indicator$/.test(
        h,
      ),
  },
  // Axis Bank's CSV heads its balance "BAL".
  { role: "balance", test: (h) => /balance|^bal\.?$/.test(h) },
  {
    role: "date",
    test: (h) => /\b(date|dt)\b/.test(h) && !/value/.test(h),
  },
  {
    role: "narration",
    test: (h) => /narration|description|particulars|remarks|details/.test(h),
  },
  { role: "reference", test: (h) => /ch(e)?q|cheque|ref/.test(h) },
  { role: "debit", test: (h) => /withdrawal|debit|^dr\.?$|\(dr\)|paid out/.test(h) },
  { role: "credit", test: (h) => /deposit|credit|^cr\.?$|\(cr\)|paid in/.test(h) },
  { role: "amount", test: (h) => /amount|amt/.test(h) },
];

/** The role each header cell names: the first cell for a role wins (a second "Dr / Cr" is the balance's). */
export function mapHeaderRow(cells: readonly string[]): StatementMapping {
  const mapping: StatementMapping = {};
  cells.forEach((cell, index) => {
    const header = normaliseHeader(cell);
    if (!header) return;
    const rule = HEADER_RULES.find((candidate) => candidate.test(header));
    if (rule && mapping[rule.role] === undefined) mapping[rule.role] = index;
  });
  // A value date alone (no transaction date) still dates the line.
  if (mapping.date === undefined) {
    const valueDate = cells.findIndex((cell) => /\b(date|dt)\b/.test(normaliseHeader(cell)));
    if (valueDate >= 0) mapping.date = valueDate;
  }
  return mapping;
}

/** Why a mapping cannot read lines, or null when it can. */
export function checkMapping(mapping: StatementMapping): string | null {
  if (mapping.date === undefined) return STATEMENT_MESSAGES.noDate;
  const sides = mapping.debit !== undefined && mapping.credit !== undefined;
  if (!sides && mapping.amount === undefined) return STATEMENT_MESSAGES.noAmount;
  return null;
}

export interface StatementLayout {
  layout: StatementLayoutId;
  layoutName: string;
  /** Zero-based index of the header row. */
  headerRowIndex: number;
  headers: string[];
  mapping: StatementMapping;
}

const HEADER_SCAN_ROWS = 60;

/** The header row (the first of the first rows that names a date and an amount) and its layout. */
export function detectStatementLayout(
  rows: readonly (readonly string[])[],
): StatementLayout | null {
  const limit = Math.min(rows.length, HEADER_SCAN_ROWS);
  for (let index = 0; index < limit; index += 1) {
    const cells = rows[index] ?? [];
    const mapping = mapHeaderRow(cells);
    if (checkMapping(mapping) !== null) continue;
    const known = Object.keys(mapping).length;
    if (known < 3) continue;
    const headerText = cells.map(normaliseHeader);
    const preset = STATEMENT_PRESETS.find((candidate) =>
      candidate.words.every((word) => headerText.some((header) => header.includes(word))),
    );
    return {
      layout: preset?.id ?? "generic",
      layoutName: preset?.name ?? "Other bank",
      headerRowIndex: index,
      headers: cells.map((cell) => cell.trim()),
      mapping,
    };
  }
  return null;
}

const DATE_PATTERNS: readonly { pattern: RegExp; read: (m: RegExpExecArray) => number[] }[] = [
  // 2025-04-01 (ISO, and what a spreadsheet date cell is turned into)
  { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})/, read: (m) => [+m[1]!, +m[2]!, +m[3]!] },
  // 01/04/2025, 1-4-25, 01.04.2025 (day first, as Indian banks write)
  {
    pattern: /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?!\d)/,
    read: (m) => [expandTypedYear(m[3]!), +m[2]!, +m[1]!],
  },
  // 1 Apr 2025, 01-Apr-25, 01 APR 2025, 1-April-2025
  {
    pattern: /^(\d{1,2})[\s/-]+([A-Za-z]{3,9})[\s/,-]+(\d{4}|\d{2})(?!\d)/,
    read: (m) => [expandTypedYear(m[3]!), parseMonthName(m[2]!) ?? 0, +m[1]!],
  },
  // Apr 1, 2025
  {
    pattern: /^([A-Za-z]{3,9})\s+(\d{1,2}),?\s+(\d{4})/,
    read: (m) => [+m[3]!, parseMonthName(m[1]!) ?? 0, +m[2]!],
  },
];

/** A statement's date cell as YYYY-MM-DD, or null when it is not a date. */
export function parseStatementDate(text: string): string | null {
  const trimmed = text.trim();
  for (const { pattern, read } of DATE_PATTERNS) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    const [year, month, day] = read(match) as [number, number, number];
    if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 9999) return null;
    const date = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    return isValidCivilDate(date) ? date : null;
  }
  return null;
}

type AmountCell = { paise: Paise; marker: "dr" | "cr" | null } | null | "invalid";

/**
 * An amount as banks print it: "1,23,456.78", "₹ 500", "Rs.500", "INR 500", "1,000.00 Cr",
 * "250.00(Dr)", "-250", "(250.00)". Blank, "-" and "0.00" are no amount.
 */
export function parseStatementAmount(text: string): AmountCell {
  let rest = text.trim();
  if (!rest || rest === "-" || rest === "--") return null;
  let marker: "dr" | "cr" | null = null;
  const suffix = /\(?\s*(dr|cr)\.?\s*\)?$/i.exec(rest);
  if (suffix) {
    marker = suffix[1]!.toLowerCase() as "dr" | "cr";
    rest = rest.slice(0, suffix.index).trim();
  }
  rest = rest.replace(/^(₹|rs\.?|inr)\s*/i, "").replace(/,/g, "");
  let negative = false;
  if (/^\(.*\)$/.test(rest)) {
    negative = true;
    rest = rest.slice(1, -1);
  }
  if (rest.startsWith("-")) {
    negative = !negative;
    rest = rest.slice(1);
  } else if (rest.startsWith("+")) {
    rest = rest.slice(1);
  }
  rest = rest.replace(/^(₹|rs\.?|inr)\s*/i, "");
  const match = /^(\d{1,13})(?:\.(\d{1,4}))?$/.exec(rest);
  if (!match) return "invalid";
  // Banks print two decimals; a third or fourth (from a spreadsheet's float) rounds half up.
  const paise = roundRupeesToPaise(rest);
  if (paise === 0) return null;
  return { paise: negative ? -paise : paise, marker };
}

export interface StatementLine {
  /** The sheet's own row number (the first row is 1). */
  rowNumber: number;
  date: string;
  narration: string;
  reference: string;
  /** Money into the account positive, out of it negative. */
  amountPaise: Paise;
  balancePaise: Paise | null;
}

export interface StatementProblem {
  rowNumber: number;
  message: string;
}

export interface BalanceBreak {
  rowNumber: number;
  expectedPaise: Paise;
  foundPaise: Paise;
}

export interface StatementReading {
  lines: StatementLine[];
  problems: StatementProblem[];
  /** The first row where the running balance does not follow from the one before, if any. */
  balanceBreak: BalanceBreak | null;
  /** Whether the statement lists its newest line first (read from its balances). */
  newestFirst: boolean;
  /** The balance an "Opening Balance" row in the table gives, if one does. */
  openingBalancePaise: Paise | null;
}

// Rows that are not transactions: openings, totals, summaries, footers and legal text.
const SUMMARY_ROW =
  /^(opening balance|opening bal|closing balance|closing bal|balance (b\/f|c\/f|brought forward|carried forward|forward)|total|grand total|transaction totals?|statement summary|summary|b\/f|c\/f|brought forward|carried forward|dr count|cr count|\*+|end of statement|page \d+|generated (on|by|at)|this is (a )?(computer|system)|computer generated|unless the constituent|contents of this statement|please|note\b|notes\b|legends?\b|disclaimer|abbreviations?)/i;

const WHOLE_SUMMARY =
  /^(closing balance|closing bal|total|grand total|totals|transaction totals?|statement summary|balance c\/f|c\/f|carried forward)[\s:.-]*$/i;

const OPENING_ROW =
  /^(opening balance|opening bal|balance (b\/f|brought forward|forward)|b\/f|brought forward)/i;

/** A row that names the columns again (a page's header): a date and an amount column, 3 roles. */
function isHeaderRow(row: readonly string[]): boolean {
  const mapping = mapHeaderRow(row);
  return checkMapping(mapping) === null && Object.keys(mapping).length >= 3;
}

function cellAt(row: readonly string[], index: number | undefined): string {
  return index === undefined ? "" : (row[index] ?? "").trim();
}

/**
 * A row's balance, signed. Kotak writes the balance's side in a "Dr / Cr" column of its own right
 * after it (its first "Dr / Cr" is the amount's): "5,000.00, DR" is an overdrawn ₹5,000.
 */
function balanceOf(row: readonly string[], mapping: StatementMapping): Paise | null {
  const cell = parseStatementAmount(cellAt(row, mapping.balance));
  if (cell === null || cell === "invalid" || cell.marker !== null || mapping.balance === undefined)
    return signedBalance(cell);
  const next = mapping.balance + 1;
  const mapped = Object.values(mapping).includes(next);
  const marker = mapped ? null : markerOf(cellAt(row, next));
  return signedBalance({ ...cell, marker });
}

function signedBalance(cell: AmountCell): Paise | null {
  if (cell === null || cell === "invalid") return null;
  // A bank's "Dr" balance is money owed to the bank: an overdrawn account.
  return cell.marker === "dr" ? -Math.abs(cell.paise) : cell.paise;
}

/** Which way a marker cell says the money went ("Dr", "D", "Debit", "Cr", "C", "Credit"), if it says. */
function markerOf(text: string): "dr" | "cr" | null {
  const marker = text.trim().toLowerCase().replace(/\.$/, "");
  if (/^(dr|d|debit|withdrawal|wdl)$/.test(marker)) return "dr";
  if (/^(cr|c|credit|deposit|dep)$/.test(marker)) return "cr";
  return null;
}

/**
 * Money in positive, out negative, from whichever columns the mapping has. A debit column's
 * figure goes out and a credit column's comes in, sign and all: a negative withdrawal (a
 * reversal) is money in, a negative deposit money out (issue 36). A marker beside one amount
 * column, or on the amount itself, turns the amount the same way.
 */
function readAmount(
  row: readonly string[],
  mapping: StatementMapping,
): { paise: Paise } | { problem: string } | null {
  if (mapping.debit !== undefined && mapping.credit !== undefined) {
    const debit = parseStatementAmount(cellAt(row, mapping.debit));
    const credit = parseStatementAmount(cellAt(row, mapping.credit));
    if (debit === "invalid")
      return { problem: STATEMENT_MESSAGES.badAmount(cellAt(row, mapping.debit)) };
    if (credit === "invalid")
      return { problem: STATEMENT_MESSAGES.badAmount(cellAt(row, mapping.credit)) };
    if (debit && credit) return { problem: STATEMENT_MESSAGES.bothSides };
    if (debit) return { paise: debit.marker === "cr" ? Math.abs(debit.paise) : -debit.paise };
    if (credit) return { paise: credit.marker === "dr" ? -Math.abs(credit.paise) : credit.paise };
    return null;
  }
  const text = cellAt(row, mapping.amount);
  const amount = parseStatementAmount(text);
  if (amount === "invalid") return { problem: STATEMENT_MESSAGES.badAmount(text) };
  if (!amount) return null;
  const marker =
    (mapping.drCr !== undefined ? markerOf(cellAt(row, mapping.drCr)) : null) ?? amount.marker;
  if (marker === "dr") return { paise: -amount.paise };
  return { paise: amount.paise };
}

/** The first line whose balance does not follow from the line before it in time (or the opening). */
function findBalanceBreak(
  lines: readonly StatementLine[],
  newestFirst: boolean,
  opening: Paise | null,
) {
  const ordered = newestFirst ? [...lines].reverse() : lines;
  let previous: Paise | null = opening;
  for (const line of ordered) {
    if (line.balancePaise === null) continue;
    if (previous !== null && previous + line.amountPaise !== line.balancePaise) {
      return {
        rowNumber: line.rowNumber,
        expectedPaise: previous + line.amountPaise,
        foundPaise: line.balancePaise,
      };
    }
    previous = line.balancePaise;
  }
  return null;
}

/** The figure of an opening balance row: its balance cell, else its amount cell. */
function openingOf(row: readonly string[], mapping: StatementMapping): Paise | null {
  const balance = balanceOf(row, mapping);
  if (balance !== null) return balance;
  const amount = readAmount(row, mapping);
  if (amount && "paise" in amount) return Math.abs(amount.paise);
  // "Opening Balance :, 1,00,000.00" written beside its label, out of the table's columns.
  for (const cell of row.slice(1)) {
    const figure = signedBalance(parseStatementAmount(cell));
    if (figure !== null) return figure;
  }
  return null;
}

/**
 * The transaction lines of the table: narrations continued on date-less rows joined to the line
 * above; opening balance rows set the opening; summary, footer and repeated header rows (page
 * breaks) skipped silently; dated rows above the header row read too (a first page whose header
 * did not read); and each row of the table that cannot be read reported with its number. Rows
 * without an amount and without a date are never problems: they are footers and legal text.
 */
export function readStatementLines(
  rows: readonly (readonly string[])[],
  headerRowIndex: number,
  mapping: StatementMapping,
): StatementReading {
  const lines: StatementLine[] = [];
  const problems: StatementProblem[] = [];
  let opening: Paise | null = null;
  // After a summary or footer row, undated rows are the summary's until the next dated line.
  let inFooter = false;
  for (let index = 0; index < rows.length; index += 1) {
    if (index === headerRowIndex) continue;
    const row = rows[index] ?? [];
    const rowNumber = index + 1;
    const above = index < headerRowIndex;
    if (row.every((cell) => cell.trim() === "")) continue;
    const dateText = cellAt(row, mapping.date);
    const narration = cellAt(row, mapping.narration);
    const date = parseStatementDate(dateText);
    const label = narration || dateText || row.find((cell) => cell.trim())?.trim() || "";
    // A dated row is a summary only when its narration is nothing but one ("TOTAL ENERGIES" is a
    // fuel station); an undated row when any of its first words are.
    const summary = date
      ? OPENING_ROW.test(narration) || WHOLE_SUMMARY.test(narration)
      : SUMMARY_ROW.test(label) ||
        SUMMARY_ROW.test(dateText) ||
        SUMMARY_ROW.test(row.find((cell) => cell.trim())?.trim() ?? "");
    if (summary) {
      if (
        opening === null &&
        lines.length === 0 &&
        (OPENING_ROW.test(label) || OPENING_ROW.test(dateText))
      ) {
        opening = openingOf(row, mapping);
      }
      inFooter = true;
      continue;
    }
    if (isHeaderRow(row)) {
      inFooter = false;
      continue;
    }
    if (!date) {
      const amount = readAmount(row, mapping);
      const last = lines.at(-1);
      if (!amount && !dateText && last && narration && !inFooter && !above) {
        last.narration = `${last.narration} ${narration}`.trim();
        continue;
      }
      // No date and no amount: a footer, a page's title, legal text.
      if (!amount || inFooter || above) continue;
      problems.push({ rowNumber, message: STATEMENT_MESSAGES.badDate(dateText) });
      continue;
    }
    const amount = readAmount(row, mapping);
    // Above the header only whole lines count: a preamble's "Statement date" is not a problem.
    if (above && (!amount || "problem" in amount)) continue;
    inFooter = false;
    // A line dated outside the books' years could never be saved (issue 26).
    const outside = booksDateProblem(date, dateText);
    if (outside) {
      problems.push({ rowNumber, message: outside });
      continue;
    }
    if (!amount) {
      problems.push({ rowNumber, message: STATEMENT_MESSAGES.noAmountOnRow });
      continue;
    }
    if ("problem" in amount) {
      problems.push({ rowNumber, message: amount.problem });
      continue;
    }
    lines.push({
      rowNumber,
      date,
      narration,
      reference: cellAt(row, mapping.reference).replace(/^0+$/, ""),
      amountPaise: amount.paise,
      balancePaise: mapping.balance === undefined ? null : balanceOf(row, mapping),
    });
  }
  const forward = findBalanceBreak(lines, false, opening);
  const backward = forward ? findBalanceBreak(lines, true, null) : null;
  // Read in the other order, the balances of a newest-first statement follow one another.
  const reach = (found: BalanceBreak, reversed: boolean) => {
    const index = lines.findIndex((line) => line.rowNumber === found.rowNumber);
    return reversed ? lines.length - 1 - index : index;
  };
  const first = lines[0]?.date ?? "";
  const last = lines.at(-1)?.date ?? "";
  // The dates say which way the statement runs; only a statement of one day asks the balances
  // (an opening row above the lines says oldest first).
  const newestFirst =
    first > last ||
    (first === last &&
      opening === null &&
      forward !== null &&
      (backward === null || reach(backward, true) > reach(forward, false)));
  return {
    lines,
    problems,
    balanceBreak: newestFirst ? backward : forward,
    newestFirst,
    openingBalancePaise: opening,
  };
}
