import {
  type ExportFormat,
  getVoucherDefinition,
  isInvoiceStatus,
  type ListColumnType,
  labelInvoiceStatus,
  nameExportFile,
  rupeesToPaise,
  type VoucherType,
} from "@bahi/domain";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { badRequest } from "../../http/errors.ts";
import {
  type ExportColumn,
  type ExportTable,
  NO_ENTRIES_TO_DOWNLOAD,
} from "../exports/export-table.ts";
import { sendTableDocument } from "../exports/table-document.ts";
import { presentVoucher } from "./voucher-presenter.ts";
import type { VoucherRow } from "./vouchers.repository.ts";

const KIND_OF: Record<ListColumnType, ExportColumn["kind"]> = {
  date: "date",
  amount: "amount",
  number: "number",
  invoiceNumber: "text",
  account: "text",
  party: "text",
  status: "text",
  string: "text",
  invoiceStatus: "text",
  datetime: "text",
};

/**
 * A list download (spec 2.5, api.md 7 `download=true`): every matching row in the list's own
 * columns, with the grand total, as PDF or Excel, named from the type and year.
 */
export async function sendVoucherListFile(
  reply: FastifyReply,
  db: Kysely<Database>,
  input: {
    organisation: OrganisationsTable;
    type: VoucherType;
    year: string;
    deleted: boolean;
    format: ExportFormat;
    pages: AsyncIterable<VoucherRow[]>;
  },
) {
  const definition = getVoucherDefinition(input.type);
  const billWise = input.organisation.bill_wise_entry === 1;
  const columns = definition.listColumns.filter((column) => billWise || !column.requiresBillWise);
  const names = await accountNames(db, input.organisation.id);
  const nameOf = (value: unknown): string =>
    Array.isArray(value)
      ? value.map(nameOf).join(", ")
      : typeof value === "string"
        ? (names.get(value) ?? value)
        : "";
  let totalPaise = 0;
  const toTableRow = (row: VoucherRow) => {
    totalPaise += row.amount_paise;
    const record = presentVoucher(row) as Record<string, unknown>;
    return Object.fromEntries(
      columns.map((column) => {
        const value = record[column.key];
        if (column.type === "amount")
          return [column.key, typeof value === "number" ? rupeesToPaise(value) : null];
        if (column.type === "account") return [column.key, nameOf(value)];
        // Issue 40: the status in words ("Partly Received"), as the list shows it, not the code.
        if (
          (column.type === "status" || column.type === "invoiceStatus") &&
          typeof value === "string" &&
          isInvoiceStatus(value)
        )
          return [column.key, labelInvoiceStatus(value, definition.partySide ?? "customer")];
        return [
          column.key,
          value === undefined || value === null ? null : (value as string | number),
        ];
      }),
    );
  };
  const rows: Record<string, string | number | null>[] = [];
  for await (const page of input.pages) for (const row of page) rows.push(toTableRow(row));
  if (rows.length === 0) throw badRequest(NO_ENTRIES_TO_DOWNLOAD);
  const amountColumn = columns.find((column) => column.type === "amount");
  const table: ExportTable = {
    title: `${definition.titles.list}${input.deleted ? " - Deleted Entries" : ""}`,
    organisationName: input.organisation.name,
    subtitle: `Financial year ${input.year}`,
    columns: columns.map((column) => ({
      key: column.key,
      label: column.label,
      kind: KIND_OF[column.type],
      width: column.width,
    })),
    rows,
    ...(amountColumn ? { totals: { [amountColumn.key]: totalPaise } } : {}),
    generatedAt: new Date().toISOString(),
  };
  return sendTableDocument(
    reply,
    table,
    input.format,
    nameExportFile(input.type, input.year, input.format, { deleted: input.deleted }),
    { organisationId: input.organisation.id },
  );
}

async function accountNames(
  db: Kysely<Database>,
  organisationId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("accounts")
    .select(["id", "name"])
    .where("organisation_id", "=", organisationId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
