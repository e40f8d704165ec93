import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { ExportTable } from "./export-table.ts";
import {
  AMOUNT_NUMBER_FORMAT,
  DATE_NUMBER_FORMAT,
  nameWorksheet,
  renderTableWorkbook,
} from "./table-excel.ts";

const salesInvoices: ExportTable = {
  title: "Sales Invoice",
  organisationName: "Mehta Traders",
  subtitle: "Financial year 2025-26",
  columns: [
    { key: "date", label: "Date", kind: "date", width: 2 },
    { key: "invoiceNumber", label: "Invoice Number", kind: "text", width: 3 },
    { key: "partyName", label: "Party", kind: "text", width: 6 },
    { key: "totalAmount", label: "Amount", kind: "amount", width: 4 },
  ],
  rows: [
    { date: "2025-05-10", invoiceNumber: "INV-1", partyName: "Sharma Stores", totalAmount: 118000 },
    { date: "2025-05-11", invoiceNumber: "INV-2", partyName: null, totalAmount: 5 },
    { date: null, invoiceNumber: "INV-3", partyName: "गुप्ता एंड संस", totalAmount: -123456789 },
  ],
  totals: { totalAmount: 118000 + 5 - 123456789 },
};

async function readWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
  return workbook;
}

async function readOnlySheet(table: ExportTable): Promise<ExcelJS.Worksheet> {
  const workbook = await readWorkbook(await renderTableWorkbook(table));
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

describe("renderTableWorkbook", () => {
  it("names the sheet after the title and heads it with organisation, title and subtitle", async () => {
    const sheet = await readOnlySheet(salesInvoices);
    expect(sheet.name).toBe("Sales Invoice");
    expect(sheet.getCell("A1").value).toBe("Mehta Traders");
    expect(sheet.getCell("A1").font?.bold).toBe(true);
    expect(sheet.getCell("A2").value).toBe("Sales Invoice");
    expect(sheet.getCell("A3").value).toBe("Financial year 2025-26");
  });

  it("writes a bold, frozen header row", async () => {
    const sheet = await readOnlySheet(salesInvoices);
    const header = sheet.getRow(5);
    expect(header.values).toEqual([undefined, "Date", "Invoice Number", "Party", "Amount"]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(header.getCell(4).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 5 });
  });

  it("keeps amounts as numbers in rupees with the Indian format, and dates as real dates", async () => {
    const sheet = await readOnlySheet(salesInvoices);
    const first = sheet.getRow(6);
    expect(first.getCell(1).value).toEqual(new Date(Date.UTC(2025, 4, 10)));
    expect(first.getCell(1).numFmt).toBe(DATE_NUMBER_FORMAT);
    expect(first.getCell(2).value).toBe("INV-1");
    expect(first.getCell(3).value).toBe("Sharma Stores");
    expect(first.getCell(4).value).toBe(1180);
    expect(first.getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(4).numFmt).toBe(AMOUNT_NUMBER_FORMAT);
    expect(AMOUNT_NUMBER_FORMAT).toBe("#,##,##0.00");

    const second = sheet.getRow(7);
    expect(second.getCell(3).value).toBeNull();
    expect(second.getCell(4).value).toBe(0.05);

    const third = sheet.getRow(8);
    expect(third.getCell(1).value).toBeNull();
    expect(third.getCell(3).value).toBe("गुप्ता एंड संस");
    expect(third.getCell(4).value).toBe(-1234567.89);
  });

  it("ends with a bold totals row holding the given totals as numbers, not a formula", async () => {
    const sheet = await readOnlySheet(salesInvoices);
    expect(sheet.rowCount).toBe(9);
    const totals = sheet.getRow(9);
    expect(totals.getCell(1).value).toBe("Total");
    expect(totals.getCell(1).font?.bold).toBe(true);
    expect(totals.getCell(4).value).toBe(-1233387.84);
    expect(totals.getCell(4).type).toBe(ExcelJS.ValueType.Number);
    expect(totals.getCell(4).numFmt).toBe(AMOUNT_NUMBER_FORMAT);
    expect(totals.getCell(4).font?.bold).toBe(true);
  });

  it("fits column widths to their longest text", async () => {
    const sheet = await readOnlySheet(salesInvoices);
    expect(sheet.getColumn(1).width).toBe(12); // '10-05-2025' + 2
    expect(sheet.getColumn(2).width).toBe(16); // 'Invoice Number' + 2
    expect(sheet.getColumn(4).width).toBe(15); // '-12,33,387.84' + 2
  });

  it("writes no totals row without totals, and the generation time when given", async () => {
    const { totals: _, ...withoutTotals } = salesInvoices;
    const sheet = await readOnlySheet({
      ...withoutTotals,
      generatedAt: "2025-05-10T08:30:00.000Z",
    });
    expect(sheet.getCell("A4").value).toBe("Generated on 10-05-2025 14:00");
    expect(sheet.getRow(6).values).toEqual([
      undefined,
      "Date",
      "Invoice Number",
      "Party",
      "Amount",
    ]);
    expect(sheet.rowCount).toBe(9);
    expect(sheet.getRow(9).getCell(2).value).toBe("INV-3");
  });

  it("writes only the header when there are no rows", async () => {
    const sheet = await readOnlySheet({ ...salesInvoices, subtitle: undefined, rows: [] });
    expect(sheet.getRow(4).values).toEqual([
      undefined,
      "Date",
      "Invoice Number",
      "Party",
      "Amount",
    ]);
    expect(sheet.getRow(5).getCell(1).value).toBe("Total");
  });
});

describe("nameWorksheet", () => {
  it.each([
    ["Sales Invoice", "Sales Invoice"],
    ["Sales Invoice - Deleted Entries", "Sales Invoice - Deleted Entries"],
    ["Purchase Orders - Deleted Entries", "Purchase Orders - Deleted Entri"],
    ["Profit/Loss: 2025 [draft]?*\\", "Profit Loss 2025 draft"],
    ["'Quoted'", "Quoted"],
    ["", "Sheet1"],
    ["///", "Sheet1"],
  ])("%o becomes %o", (title, expected) => {
    const name = nameWorksheet(title);
    expect(name).toBe(expected);
    expect(name.length).toBeLessThanOrEqual(31);
  });
});
