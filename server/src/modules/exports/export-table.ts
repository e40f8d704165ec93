import {
  type CivilDate,
  formatAmount,
  formatDateDisplay,
  type Paise,
  requireCivilDate,
  todayCivil,
} from "@bahi/domain";

export type ExportColumnKind = "text" | "date" | "amount" | "number";

export interface ExportColumn {
  readonly key: string;
  readonly label: string;
  readonly kind: ExportColumnKind;
  /** Share of the PDF's width, as the list's 24-column grid gives it; used when all columns have one. */
  readonly width?: number;
}

/** Amount cells are paise integers, date cells 'YYYY-MM-DD', blanks null. */
export type ExportCell = string | number | null;

/** One titled table: every download (voucher lists, reports, ledgers) is one of these. */
export interface ExportTable {
  readonly title: string;
  readonly organisationName: string;
  /** 'Financial year 2025-26' or 'From 01-04-2025 to 31-03-2026'. */
  readonly subtitle?: string;
  readonly columns: readonly ExportColumn[];
  readonly rows: readonly Readonly<Record<string, ExportCell>>[];
  /** Paise per amount column key, shown in a bold last row labelled 'Total'. */
  readonly totals?: Readonly<Record<string, Paise>>;
  /** An ISO instant; shown as India's date and time. */
  readonly generatedAt?: string;
  /**
   * PDF only: titled tables printed after this one (the ledger's open bills with their age, issue
   * 40). The Excel file keeps the one table, so that it sorts and filters as a table.
   */
  readonly sections?: readonly ExportSection[];
}

/** A titled table printed after the main one, with its own columns. */
export type ExportSection = Pick<ExportTable, "title" | "columns" | "rows" | "totals">;

export const TOTAL_ROW_LABEL = "Total";

/** api.md "Not able to download file!": a download with no rows. */
export const NO_ENTRIES_TO_DOWNLOAD = "There are no entries to download";

export function readAmountCell(column: ExportColumn, value: ExportCell): Paise | null {
  if (value === null) return null;
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new TypeError(`Column '${column.key}' holds paise integers, got ${String(value)}`);
  }
  return value;
}

/** [year, month, day] of a date cell, or null for a blank one. */
export function readDateCell(
  column: ExportColumn,
  value: ExportCell,
): [number, number, number] | null {
  if (value === null) return null;
  if (typeof value !== "string") {
    throw new TypeError(`Column '${column.key}' holds 'YYYY-MM-DD' dates, got ${String(value)}`);
  }
  return requireCivilDate(value satisfies CivilDate);
}

const numberText = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 3 });

/** A cell as the reader sees it: amounts in Indian grouping with 2 decimals, dates dd-MM-yyyy. */
export function describeCell(column: ExportColumn, value: ExportCell): string {
  if (value === null) return "";
  switch (column.kind) {
    case "amount": {
      const paise = readAmountCell(column, value);
      return paise === null ? "" : formatAmount(paise);
    }
    case "date":
      readDateCell(column, value);
      return formatDateDisplay(value as CivilDate);
    case "number":
      return typeof value === "number" ? numberText.format(value) : value;
    case "text":
      return String(value);
  }
}

/** The column that carries the 'Total' label: the first one without a total of its own. */
export function findTotalLabelColumn(
  table: Pick<ExportTable, "columns" | "totals">,
): ExportColumn | undefined {
  const totals = table.totals ?? {};
  return table.columns.find((column) => totals[column.key] === undefined);
}

const timeText = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Kolkata",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** 'Generated on 10-05-2025 14:05' in India's time, whatever the server's zone. */
export function describeGeneratedAt(at: string): string {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not an instant: ${at}`);
  return `Generated on ${formatDateDisplay(todayCivil(instant))} ${timeText.format(instant)}`;
}
