import { describe, expect, test } from "vitest";
import type { CheckedStatement, ImportRequest } from "../imports.api.ts";
import {
  accountNameOf,
  canCheck,
  canImport,
  checkedFileKey,
  columnOptions,
  columnValue,
  describeBalanceBreak,
  describeStatement,
  importedMessage,
  importedOn,
  importRequestsKey,
  money,
  statementAction,
  unreadRows,
  withColumn,
  withHeaderRow,
} from "./bank-import.model.ts";

const READ: CheckedStatement = {
  fileName: "hdfc.csv",
  layout: "hdfc",
  layoutName: "HDFC Bank",
  headerRow: 3,
  headers: ["Date", "Narration", "", "Withdrawal", "Deposit", "Balance"],
  mapping: { date: 0, narration: 1, debit: 3, credit: 4, balance: 5 },
  lineCount: 4,
  moneyIn: 25000,
  moneyOut: 1234.5,
  firstDate: "2025-04-01",
  lastDate: "2025-04-30",
  problemCount: 0,
  problems: [],
  balanceBreak: null,
  preview: [],
};
const REFUSED: CheckedStatement = { fileName: "photo.png", error: "This is not a statement." };

const request = (overrides: Partial<ImportRequest> = {}): ImportRequest => ({
  _id: "r1",
  type: "bank",
  year: "2025-26",
  accountId: "a-hdfc",
  fileName: "hdfc.csv",
  layout: "hdfc",
  state: "uploaded",
  lineCount: 4,
  duplicateCount: 0,
  pendingCount: 4,
  acceptedCount: 0,
  skippedCount: 0,
  savedCount: 0,
  balanceBreak: null,
  problems: [],
  createdAt: "2025-05-02T10:00:00.000Z",
  ...overrides,
});

const file = (name: string) => new File(["x"], name, { lastModified: 7 });

describe("bank import: what may be done", () => {
  test("Check Files needs an account and a file", () => {
    expect(canCheck(null, [file("a.csv")])).toBe(false);
    expect(canCheck("a-hdfc", [])).toBe(false);
    expect(canCheck("a-hdfc", [file("a.csv")])).toBe(true);
  });

  test("Import needs every file read, nothing running and an account", () => {
    expect(canImport(null, null, "a-hdfc")).toBe(false);
    expect(canImport([READ], null, "a-hdfc")).toBe(true);
    expect(canImport([READ, REFUSED], null, "a-hdfc")).toBe(false);
    expect(canImport([READ], "checking", "a-hdfc")).toBe(false);
    expect(canImport([READ], "importing", "a-hdfc")).toBe(false);
    expect(canImport([READ], null, null)).toBe(false);
  });
});

describe("bank import: correcting the layout", () => {
  test("a column set starts from the server's reading of that file only", () => {
    const next = withColumn([], READ, 1, "reference", "2");
    expect(next).toEqual([undefined, { headerRow: 3, mapping: { ...READ.mapping, reference: 2 } }]);
    // The server's mapping itself is left as it was.
    expect(READ.mapping).not.toHaveProperty("reference");
  });

  test("a column set to none is taken off; a later change builds on the earlier one", () => {
    const first = withColumn([], READ, 0, "balance", "") ?? [];
    expect(first[0]?.mapping).not.toHaveProperty("balance");
    const second = withColumn(first, READ, 0, "reference", "2");
    expect(second?.[0]).toEqual({
      headerRow: 3,
      mapping: { date: 0, narration: 1, debit: 3, credit: 4, reference: 2 },
    });
  });

  test("a file the server did not read has no layout to correct", () => {
    expect(withColumn([], REFUSED, 0, "date", "0")).toBeNull();
    expect(withColumn([], undefined, 0, "date", "0")).toBeNull();
  });

  test("a new header row keeps the columns chosen, else the server's", () => {
    expect(withHeaderRow([], READ, 0, 5)).toEqual([{ headerRow: 5, mapping: READ.mapping }]);
    const chosen = [{ headerRow: 3, mapping: { date: 1 } }];
    expect(withHeaderRow(chosen, READ, 0, 4)).toEqual([{ headerRow: 4, mapping: { date: 1 } }]);
    expect(withHeaderRow([], REFUSED, 0, 2)).toEqual([{ headerRow: 2, mapping: {} }]);
  });

  test("the column choices: none, then each header, a blank one by its position", () => {
    expect(columnOptions(["Date", ""])).toEqual([
      { value: "", label: "—" },
      { value: "0", label: "Date" },
      { value: "1", label: "Column 2" },
    ]);
    expect(columnValue(READ, "debit")).toBe("3");
    expect(columnValue(READ, "date")).toBe("0");
    expect(columnValue(READ, "reference")).toBe("");
  });
});

describe("bank import: what a checked file says", () => {
  test("its lines, dates and money in and out", () => {
    expect(describeStatement(READ)).toBe(
      "4 lines from 01-04-2025 to 30-04-2025: money in ₹25,000.00, money out ₹1,234.50.",
    );
    expect(describeStatement({ ...READ, firstDate: null, moneyIn: undefined })).toBe(
      "4 lines: money in ₹0.00, money out ₹1,234.50.",
    );
  });

  test("where the running balance stops following", () => {
    expect(describeBalanceBreak({ rowNumber: 9, expected: 1500, found: 1400 })).toBe(
      "Row 9: the balance should be ₹1,500.00 but the statement says ₹1,400.00. Check the column mapping or the file.",
    );
  });

  test("rows not read: the count, and the first five of them", () => {
    expect(unreadRows(READ)).toBeNull();
    const problems = Array.from({ length: 7 }, (_, index) => ({
      rowNumber: index + 10,
      message: "No date",
    }));
    const unread = unreadRows({ ...READ, problemCount: 7, problems });
    expect(unread?.title).toBe("7 rows not read");
    expect(unread?.lines.map((line) => line.text)).toEqual([
      "Row 10: No date",
      "Row 11: No date",
      "Row 12: No date",
      "Row 13: No date",
      "Row 14: No date",
    ]);
  });

  test("a card is keyed by the chosen file, else by the name the server read", () => {
    expect(checkedFileKey([file("a.csv")], 0, READ)).toBe("a.csv-7");
    expect(checkedFileKey([], 0, READ)).toBe("hdfc.csv");
  });
});

describe("bank import: the statements imported", () => {
  test("the lines staged, over every statement", () => {
    expect(importedMessage([request({ lineCount: 4 }), request({ lineCount: 8 })])).toBe(
      "12 lines to review.",
    );
    expect(importedMessage([])).toBe("0 lines to review.");
  });

  test("saved entries are undone; a statement without them is deleted", () => {
    expect(statementAction(request({ savedCount: 0 }))).toBe("delete");
    expect(statementAction(request({ savedCount: 2, state: "saved" }))).toBe("undo");
  });

  test("the day, the account's name and the cache key", () => {
    expect(importedOn(request())).toBe("02-05-2025");
    const accounts = [{ _id: "a-hdfc", name: "HDFC Bank A/c" }];
    expect(accountNameOf(accounts, "a-hdfc")).toBe("HDFC Bank A/c");
    expect(accountNameOf(accounts, "a-gone")).toBe("");
    expect(accountNameOf(undefined, null)).toBe("");
    expect(importRequestsKey("org-1", "2025-26")).toEqual(["import-requests", "org-1", "2025-26"]);
    expect(money(-12.5)).toBe("-₹12.50");
  });
});
