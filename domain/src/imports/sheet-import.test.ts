import { describe, expect, it } from "vitest";
import { mapSheetHeadings, neutraliseFormulaText, readSheetImport } from "./sheet-import.ts";
import { readVoucherSheet } from "./voucher-sheet.ts";

describe("sheet headings", () => {
  it("accepts the API's field names and the labels people use", () => {
    expect(
      mapSheetHeadings("accounts", [
        "Ledger Name",
        "Under",
        "Opening Bal.",
        "Dr/Cr",
        "GST No",
        "Colour",
      ]),
    ).toEqual({
      fields: ["name", "nature", "openingBalance", "openingBalanceType", "gstin", null],
      unknown: ["Colour"],
    });
  });
});

describe("account rows", () => {
  it("reads Dr/Cr as typed and a negative opening as a credit", () => {
    const { valid, problems } = readSheetImport("accounts", "org", [
      ["name", "nature", "openingBalance", "openingBalanceType"],
      ["A", "Capital", "-5,000", ""],
      ["B", "Debtors", "100", "DEBIT"],
      ["C", "Sales", "₹ 1,000.50 Cr", ""],
    ]);
    expect(problems).toEqual([]);
    expect(
      valid.map((row) => [row.payload.openingBalance, row.payload.openingBalanceType]),
    ).toEqual([
      [5000, "cr"],
      [100, "dr"],
      [1000.5, "cr"],
    ]);
  });
});

describe("formula-like text", () => {
  it.each([
    ["=SUM(A1)", "'=SUM(A1)"],
    ["+91 98", "'+91 98"],
    ["-5", "'-5"],
    ["@cmd", "'@cmd"],
    ["Asha", "Asha"],
  ])("%s is written as %s", (text, written) => {
    expect(neutraliseFormulaText(text)).toBe(written);
  });
});

describe("voucher rows", () => {
  it("groups the rows of one entry and names the type by its title or route word", () => {
    const { groups, problems } = readVoucherSheet([
      ["entry", "type", "date", "account", "debit", "credit"],
      ["J1", "journal", "01/04/2025", "Rent", "100", ""],
      ["J1", "Journal Entry", "2025-04-01", "Cash", "", "100"],
      ["R1", "Receipts", "2025-04-02", "Asha", "", ""],
      ["X", "Quotation", "2025-04-02", "Asha", "", ""],
    ]);
    expect(groups.map((group) => [group.entry, group.type, group.lines.length])).toEqual([
      ["J1", "journalEntry", 2],
      ["R1", "receipts", 1],
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ row: 5, column: "type" });
  });
});
