import { describe, expect, it } from "vitest";
import {
  describeCell,
  describeGeneratedAt,
  type ExportCell,
  type ExportColumn,
  type ExportTable,
  findTotalLabelColumn,
} from "./export-table.ts";

const amount: ExportColumn = { key: "totalAmount", label: "Amount", kind: "amount" };
const date: ExportColumn = { key: "date", label: "Date", kind: "date" };
const quantity: ExportColumn = { key: "quantity", label: "Quantity", kind: "number" };
const party: ExportColumn = { key: "partyName", label: "Party", kind: "text" };

describe("describeCell", () => {
  it.each<[ExportColumn, ExportCell, string]>([
    [amount, 118000, "1,180.00"],
    [amount, 11800000, "1,18,000.00"],
    [amount, 123456780, "12,34,567.80"],
    [amount, -5, "-0.05"],
    [amount, 0, "0.00"],
    [amount, null, ""],
    [date, "2025-05-10", "10-05-2025"],
    [date, null, ""],
    [quantity, 1234567.5, "12,34,567.5"],
    [quantity, "12 Nos", "12 Nos"],
    [party, "Mehta & Sons", "Mehta & Sons"],
    [party, 42, "42"],
  ])("%o with %o shows %o", (column, value, expected) => {
    expect(describeCell(column, value)).toBe(expected);
  });

  it.each<[ExportColumn, ExportCell]>([
    [amount, "1180.00"],
    [amount, 1180.5],
    [date, "10-05-2025"],
    [date, "2025-02-30"],
    [date, 20250510],
  ])("refuses %o holding %o", (column, value) => {
    expect(() => describeCell(column, value)).toThrow();
  });
});

describe("findTotalLabelColumn", () => {
  const table = (columns: ExportColumn[], totals: Record<string, number>): ExportTable => ({
    title: "T",
    organisationName: "O",
    columns,
    rows: [],
    totals,
  });

  it("labels the first column without a total", () => {
    expect(findTotalLabelColumn(table([date, party, amount], { totalAmount: 1 }))).toBe(date);
    expect(findTotalLabelColumn(table([amount, party], { totalAmount: 1 }))).toBe(party);
  });

  it("has no label column when every column carries a total", () => {
    expect(findTotalLabelColumn(table([amount], { totalAmount: 1 }))).toBeUndefined();
  });
});

describe("describeGeneratedAt", () => {
  it("shows India's date and time, past midnight IST while UTC is still yesterday", () => {
    expect(describeGeneratedAt("2025-05-09T19:00:00.000Z")).toBe("Generated on 10-05-2025 00:30");
  });

  it("refuses text that is not an instant", () => {
    expect(() => describeGeneratedAt("yesterday")).toThrow(RangeError);
  });
});
