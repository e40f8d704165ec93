import { describe, expect, test } from "vitest";
import type { Gstr3bDetailRow } from "../gstr3b.api.ts";
import {
  ALL_HEADS,
  detailsQuery,
  figureCell,
  figureTotalsText,
  gstr3bParams,
  itcDifferenceText,
  opensVouchers,
  readGstr3bView,
  summaryQuery,
  TABLE_4,
  voucherNumberText,
  voucherRowKey,
} from "./gstr3b.ts";

const PERIOD = {
  organisationId: "org-1",
  year: "2024-25",
  startDate: "2024-09-01",
  endDate: "2024-09-30",
};

const row = (overrides: Partial<Gstr3bDetailRow> = {}): Gstr3bDetailRow => ({
  entryId: "e1",
  transactionType: "salesInvoice",
  number: "INV-7",
  date: "2024-09-05",
  partyName: "Asha Traders",
  gstin: null,
  key: null,
  amendment: false,
  taxableValue: 1000,
  igst: 0,
  cgst: 90,
  sgst: 90,
  cess: 0,
  ...overrides,
});

describe("GSTR-3B screen rules", () => {
  test("the view: no figure, page 1, ITC as per books unless the address says otherwise", () => {
    expect(readGstr3bView(new URLSearchParams(""))).toEqual({
      table: null,
      page: 1,
      itcBasis: "books",
    });
    expect(readGstr3bView(new URLSearchParams("table=4B1&page=2&itc=2b"))).toEqual({
      table: "4B1",
      page: 2,
      itcBasis: "2b",
    });
    expect(readGstr3bView(new URLSearchParams("itc=other")).itcBasis).toBe("books");
  });

  test("a change of view keeps the period and the figure, and the 2B basis when chosen", () => {
    const current = { table: "3.1a" as const, page: 3, itcBasis: "2b" as const };
    expect(gstr3bParams("Sep 2024", current, { page: 4 })).toEqual({
      period: "Sep 2024",
      table: "3.1a",
      page: "4",
      itc: "2b",
    });
    expect(gstr3bParams("Sep 2024", current, { table: "4B1", page: 1 })).toEqual({
      period: "Sep 2024",
      table: "4B1",
      itc: "2b",
    });
    expect(gstr3bParams("Sep 2024", current, { itc: "books", table: null })).toEqual({
      period: "Sep 2024",
    });
  });

  test("the summary carries the ITC basis; the details page 50 at a time", () => {
    const summary = summaryQuery(PERIOD, "2b");
    expect(summary).toEqual({ ...PERIOD, itcBasis: "2b" });
    expect(summaryQuery(null, "books")).toBeNull();
    expect(detailsQuery(summary, { table: "4A5", page: 2, itcBasis: "2b" })).toEqual({
      ...PERIOD,
      itcBasis: "2b",
      table: "4A5",
      skip: 50,
      limit: 50,
    });
    expect(detailsQuery(summary, { table: null, page: 1, itcBasis: "2b" })).toBeNull();
  });

  test("a row shows the figures its table has, zero when the server has none", () => {
    expect(figureCell({ igst: 180 }, "igst", ALL_HEADS)).toMatch(/^₹?180\.00$/);
    expect(figureCell(undefined, "cgst", ALL_HEADS)).toMatch(/^₹?0\.00$/);
    expect(figureCell({ cgst: 5 }, "cgst", ["taxableValue"])).toBeNull();
  });

  test("every row of table 4 but 4C opens its vouchers", () => {
    const rows = TABLE_4.flatMap((group) => group.rows);
    expect(rows.filter((table) => !opensVouchers(table))).toEqual(["4C"]);
  });

  test("the messages read as the screen shows them", () => {
    expect(itcDifferenceText({ taxableValue: 0, igst: 10, cgst: 20, sgst: 20, cess: 0 })).toMatch(
      /^4A\(5\) is the credit of bills matched with GSTR-2B\. The books claim more by IGST ₹?10\.00, CGST ₹?20\.00, SGST ₹?20\.00, Cess ₹?0\.00\.$/,
    );
    expect(voucherNumberText(row())).toBe("INV-7");
    expect(voucherNumberText(row({ amendment: true }))).toBe(
      "INV-7 (amendment: amended − reported)",
    );
    expect(voucherRowKey(row({ key: "27" }))).toBe("e1|27|false");
    const totals = { taxableValue: 1000, igst: 0, cgst: 90, sgst: 90, cess: 0 };
    expect(
      figureTotalsText({ table: "3.1a", title: "t", transactions: [row()], count: 1, totals }),
    ).toMatch(/^1 voucher · Taxable ₹?1,000\.00 · IGST ₹?0\.00 · CGST ₹?90\.00 · SGST ₹?90\.00$/);
    expect(
      figureTotalsText({ table: "3.1a", title: "t", transactions: [], count: 2, totals }),
    ).toMatch(/^2 vouchers · /);
  });
});
