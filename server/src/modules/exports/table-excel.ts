import { paiseToRupees } from "@bahi/domain";
import ExcelJS from "exceljs";
import {
  describeCell,
  describeGeneratedAt,
  type ExportCell,
  type ExportColumn,
  type ExportTable,
  findTotalLabelColumn,
  readAmountCell,
  readDateCell,
  TOTAL_ROW_LABEL,
} from "./export-table.ts";

// Excel draws the grouping from the reader's locale: lakh and crore grouping on an Indian
// (en-IN) machine, thousands elsewhere. The cell stays a number either way.
export const AMOUNT_NUMBER_FORMAT = "#,##,##0.00";
export const DATE_NUMBER_FORMAT = "dd-mm-yyyy";

const SHEET_NAME_MAX_LENGTH = 31;
const MIN_COLUMN_WIDTH = 8;
const MAX_COLUMN_WIDTH = 60;
const PORTRAIT_MAX_COLUMNS = 6;
const A4_PAPER_SIZE = 9;

/** Excel refuses sheet names over 31 characters, with \ / ? * [ ] :, or quoted at either end. */
export function nameWorksheet(title: string): string {
  const name = title
    .replace(/[\\/?*[\]:]/g, " ")
    .replace(/\s+/g, " ")
    .slice(0, SHEET_NAME_MAX_LENGTH)
    .trim()
    .replace(/^'+|'+$/g, "")
    .trim();
  return name === "" ? "Sheet1" : name;
}

/** The value a cell holds: rupees as a number (paise only until this boundary), dates as dates. */
function toCellValue(column: ExportColumn, value: ExportCell): ExcelJS.CellValue {
  switch (column.kind) {
    case "amount": {
      const paise = readAmountCell(column, value);
      return paise === null ? null : paiseToRupees(paise);
    }
    case "date": {
      const parts = readDateCell(column, value);
      if (parts === null) return null;
      const [year, month, day] = parts;
      // UTC midnight: exceljs writes a Date's UTC day, so the serial is the civil date exactly.
      return new Date(Date.UTC(year, month - 1, day));
    }
    default:
      return value;
  }
}

function styleColumnCell(cell: ExcelJS.Cell, column: ExportColumn): void {
  if (column.kind === "amount") cell.numFmt = AMOUNT_NUMBER_FORMAT;
  if (column.kind === "date") cell.numFmt = DATE_NUMBER_FORMAT;
  if (column.kind === "amount" || column.kind === "number") {
    cell.alignment = { horizontal: "right" };
  }
}

function fitColumnWidth(table: ExportTable, column: ExportColumn): number {
  let longest = column.label.length;
  const cells = [...table.rows.map((row) => row[column.key] ?? null), table.totals?.[column.key]];
  for (const value of cells) {
    if (value === undefined) continue;
    longest = Math.max(longest, describeCell(column, value).length);
  }
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, longest + 2));
}

export async function renderTableWorkbook(table: ExportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Bahi";
  workbook.title = table.title;
  const sheet = workbook.addWorksheet(nameWorksheet(table.title), {
    pageSetup: {
      paperSize: A4_PAPER_SIZE,
      orientation: table.columns.length > PORTRAIT_MAX_COLUMNS ? "landscape" : "portrait",
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
    },
  });

  sheet.addRow([table.organisationName]).font = { bold: true, size: 14 };
  sheet.addRow([table.title]).font = { bold: true, size: 12 };
  if (table.subtitle !== undefined) sheet.addRow([table.subtitle]);
  if (table.generatedAt !== undefined) sheet.addRow([describeGeneratedAt(table.generatedAt)]);
  sheet.addRow([]);

  const header = sheet.addRow(table.columns.map((column) => column.label));
  header.font = { bold: true };
  header.eachCell((cell, columnNumber) => {
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFEEEEEE" } };
    cell.border = { bottom: { style: "thin" } };
    const column = table.columns[columnNumber - 1];
    if (column?.kind === "amount" || column?.kind === "number") {
      cell.alignment = { horizontal: "right" };
    }
  });

  for (const record of table.rows) {
    const row = sheet.addRow(
      table.columns.map((column) => toCellValue(column, record[column.key] ?? null)),
    );
    table.columns.forEach((column, index) => {
      styleColumnCell(row.getCell(index + 1), column);
    });
  }

  // The given totals, not a SUM formula: the file reads the same in any viewer, even one that
  // does not calculate, and matches the on-screen grand total to the paisa.
  if (table.totals !== undefined) {
    const totals = table.totals;
    const labelColumn = findTotalLabelColumn(table);
    const row = sheet.addRow(
      table.columns.map((column) => {
        const value = totals[column.key];
        if (value !== undefined) return toCellValue(column, value);
        return column === labelColumn ? TOTAL_ROW_LABEL : null;
      }),
    );
    row.font = { bold: true };
    table.columns.forEach((column, index) => {
      const cell = row.getCell(index + 1);
      styleColumnCell(cell, column);
      cell.border = { top: { style: "thin" } };
    });
  }

  table.columns.forEach((column, index) => {
    sheet.getColumn(index + 1).width = fitColumnWidth(table, column);
  });
  sheet.views = [{ state: "frozen", xSplit: 0, ySplit: header.number }];
  sheet.pageSetup.printTitlesRow = `${header.number}:${header.number}`;

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
