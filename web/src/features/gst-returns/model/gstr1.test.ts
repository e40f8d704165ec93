import { describe, expect, test } from "vitest";
import type { ReturnCounts } from "../returns.api.ts";
import {
  COLUMNS,
  filesBlocked,
  opensVoucher,
  returnFile,
  rowKey,
  rowsQuery,
  sectionOf,
  sectionParams,
  sectionTabLabel,
  sectionTotalsText,
  showCell,
} from "./gstr1.ts";

const PERIOD = {
  organisationId: "org-1",
  year: "2024-25",
  startDate: "2024-09-01",
  endDate: "2024-09-30",
};

const counts = (overrides: Partial<ReturnCounts> = {}): ReturnCounts => ({
  returnKind: "gstr1",
  gstin: "27AAAPA1234A1Z5",
  fp: "092024",
  startDate: "2024-09-01",
  endDate: "2024-09-30",
  sections: [],
  warnings: [],
  warningsCount: 0,
  errorsCount: 0,
  filing: null,
  ...overrides,
});

describe("GSTR-1 / IFF screen rules", () => {
  test("the section is B2B unless the address names another", () => {
    expect(sectionOf(new URLSearchParams(""))).toBe("b2b");
    expect(sectionOf(new URLSearchParams("section=hsn"))).toBe("hsn");
  });

  test("the address keeps period and section; a page only when one is chosen", () => {
    expect(sectionParams("Sep 2024", "b2cs")).toEqual({ period: "Sep 2024", section: "b2cs" });
    expect(sectionParams("Sep 2024", "b2b", 3)).toEqual({
      period: "Sep 2024",
      section: "b2b",
      page: "3",
    });
  });

  test("the rows are asked 50 at a time from the page, and not while the period is wrong", () => {
    expect(rowsQuery(PERIOD, "b2b", 3)).toEqual({ ...PERIOD, type: "b2b", skip: 100, limit: 50 });
    expect(rowsQuery(null, "b2b", 1)).toBeNull();
  });

  test("cells: rupees for amounts, dd-mm-yyyy for dates, blank for nothing", () => {
    const [date, number] = COLUMNS.b2b;
    const value = COLUMNS.b2b.find((column) => column.key === "value");
    if (!date || !number || !value) throw new Error("B2B columns changed");
    expect(showCell(date, "2024-09-05")).toBe("05-09-2024");
    expect(showCell(number, "INV-1")).toBe("INV-1");
    expect(showCell(value, 1180)).toMatch(/1,180\.00/);
    expect(showCell(value, null)).toBe("");
    expect(showCell(number, undefined)).toBe("");
  });

  test("the portal's codes show in words, not raw (issue 40)", () => {
    const [table] = COLUMNS.hsn;
    const [supplyType] = COLUMNS.nil;
    if (!table || !supplyType) throw new Error("HSN or nil columns changed");
    expect(showCell(table, "hsn_b2b")).toBe("B2B (to registered persons)");
    expect(showCell(table, "hsn_b2c")).toBe("B2C (to unregistered persons)");
    expect(showCell(supplyType, "INTRAB2C")).toBe("Intra-state to unregistered persons");
  });

  test("amendments show the original number and date first", () => {
    expect(COLUMNS.b2ba.slice(0, 3).map((column) => column.label)).toEqual([
      "Original number",
      "Original date",
      "Date",
    ]);
    expect(COLUMNS.hsn.map((column) => column.label)).toContain("HSN/SAC");
  });

  test("a row is its voucher, else the columns that make it one row", () => {
    expect(rowKey({ entryId: "e1", hsn: "8471" })).toBe("e1");
    expect(rowKey({ table: "B2B", hsn: "8471", uqc: "NOS", rate: 18 })).toBe("B2B|8471|NOS|18|||");
    expect(opensVoucher({ entryId: "e1" })).toBe(true);
    expect(opensVoucher({ hsn: "8471" })).toBe(false);
  });

  test("files wait for the return and are refused while it has errors", () => {
    expect(filesBlocked(undefined)).toBe(true);
    expect(filesBlocked(counts({ errorsCount: 2 }))).toBe(true);
    expect(filesBlocked(counts())).toBe(false);
  });

  test("tabs and totals read as the screen shows them", () => {
    expect(sectionTabLabel({ type: "doc_issue", count: 4 })).toBe("Documents (4)");
    const text = sectionTotalsText({
      type: "b2b",
      title: "B2B invoices",
      transactions: [],
      count: 2,
      totals: { count: 2, value: 2360, taxableValue: 2000, igst: 0, cgst: 180, sgst: 180, cess: 0 },
    });
    expect(text).toMatch(
      /^B2B invoices: 2 rows · Taxable ₹?2,000\.00 · IGST ₹?0\.00 · CGST ₹?180\.00 · SGST ₹?180\.00$/,
    );
  });

  test("files are named after the return", () => {
    expect(returnFile("gstr1", "json")).toEqual({
      fileName: "GSTR-1.json",
      message: "GSTR-1 downloaded.",
    });
    expect(returnFile("iff", "excel")).toEqual({
      fileName: "IFF.xlsx",
      message: "IFF downloaded.",
    });
  });
});
