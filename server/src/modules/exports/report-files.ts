import {
  EXPORT_FILE_EXTENSIONS,
  type ExportFormat,
  formatDateDisplay,
  paiseToRupees,
} from "@bahi/domain";
import type { FastifyReply } from "fastify";
import { badRequest } from "../../http/errors.ts";
import {
  type ExportCell,
  type ExportColumn,
  type ExportSection,
  type ExportTable,
  NO_ENTRIES_TO_DOWNLOAD,
} from "./export-table.ts";
import { sendTableDocument } from "./table-document.ts";

/**
 * A tabular report as the services build it: amounts in paise, dates 'YYYY-MM-DD'. The same
 * value answers the JSON call (amounts turned into rupees) and the download (one ExportTable).
 */
export interface TabularReport {
  /** The route's own name: 'salesbyitem', 'cashpaymentsover10k'. */
  report: string;
  title: string;
  /** 'From 01-04-2024 to 31-03-2025', 'As at 31-03-2025'. */
  period: string;
  startDate?: string;
  endDate?: string;
  columns: ExportColumn[];
  rows: Record<string, ExportCell>[];
  /** Paise per amount column, or a plain number per number column. */
  totals?: Record<string, number>;
  /** Keys in each row that the JSON carries but the file does not (ids for drill-down). */
  extra?: Record<string, unknown>;
}

export function describeRange(startDate: string, endDate: string): string {
  return `From ${formatDateDisplay(startDate)} to ${formatDateDisplay(endDate)}`;
}

export function describeAsAt(date: string): string {
  return `As at ${formatDateDisplay(date)}`;
}

/** The JSON of a tabular report: every amount column in rupees. */
export function presentTabular(report: TabularReport) {
  const amountKeys = new Set(
    report.columns.filter((column) => column.kind === "amount").map((column) => column.key),
  );
  const convert = (record: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(record).map(([key, value]) => [
        key,
        amountKeys.has(key) && typeof value === "number" ? paiseToRupees(value) : value,
      ]),
    );
  return {
    report: report.report,
    title: report.title,
    period: report.period,
    ...(report.startDate ? { startDate: report.startDate } : {}),
    ...(report.endDate ? { endDate: report.endDate } : {}),
    columns: report.columns.map(({ key, label, kind }) => ({ key, label, kind })),
    rows: report.rows.map(convert),
    totals: report.totals ? convert(report.totals) : {},
    count: report.rows.length,
    ...(report.extra ?? {}),
  };
}

/** File names: the report's title in kebab case and the year or date ('balance-sheet-2024-25.pdf'). */
export function nameReportFile(title: string, suffix: string, format: ExportFormat): string {
  const stem = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${stem}-${suffix}${EXPORT_FILE_EXTENSIONS[format]}`;
}

/**
 * Sends a report as PDF or Excel (api.md 7: download=true with format). A report with no rows is
 * refused with the spec's message (api.md 8, "Not able to download file!").
 */
export async function sendReportFile(
  reply: FastifyReply,
  input: {
    /** Whose download: it waits in the heavy-work pool's line fair between organisations. */
    organisationId: string;
    organisationName: string;
    title: string;
    subtitle: string;
    columns: ExportColumn[];
    rows: Record<string, ExportCell>[];
    totals?: Record<string, number> | undefined;
    /** PDF only: tables printed after this one (export-table.ts). */
    sections?: readonly ExportSection[] | undefined;
    format: ExportFormat;
    fileSuffix: string;
  },
) {
  if (input.rows.length === 0) throw badRequest(NO_ENTRIES_TO_DOWNLOAD);
  const table: ExportTable = {
    title: input.title,
    organisationName: input.organisationName,
    subtitle: input.subtitle,
    columns: input.columns,
    rows: input.rows,
    ...(input.totals ? { totals: input.totals } : {}),
    ...(input.sections?.length ? { sections: input.sections } : {}),
    generatedAt: new Date().toISOString(),
  };
  return sendTableDocument(
    reply,
    table,
    input.format,
    nameReportFile(input.title, input.fileSuffix, input.format),
    { organisationId: input.organisationId },
  );
}

export function sendTabularReport(
  reply: FastifyReply,
  report: TabularReport,
  organisation: { id: string; name: string },
  format: ExportFormat,
  fileSuffix: string,
) {
  return sendReportFile(reply, {
    organisationId: organisation.id,
    organisationName: organisation.name,
    title: report.title,
    subtitle: report.period,
    columns: report.columns,
    rows: report.rows,
    totals: report.totals,
    format,
    fileSuffix,
  });
}
