import { isInvoiceStatus, type ListColumn, labelInvoiceStatus, type PartySide } from "@bahi/domain";
import { Badge } from "@mantine/core";
import { formatCivilDate, formatInstant, formatRupeeValue } from "./format-values.ts";
import classes from "./ListGrid.module.css";
import { describeAccountCell } from "./list-accounts.ts";
import type { ListRecord } from "./lists.api.ts";

export interface CellContext {
  accountNames: ReadonlyMap<string, string>;
  partySide: PartySide | null;
}

const STATUS_COLOURS: Record<string, string> = {
  pending: "red",
  partial: "orange",
  received: "green",
  paid: "green",
};

/** The text a cell shows, by its column type (spec 2.5). */
export function describeCellText(
  column: ListColumn,
  record: ListRecord,
  context: CellContext,
): string {
  const value = record[column.key];
  switch (column.type) {
    case "date":
      return formatCivilDate(value);
    case "invoiceNumber":
      return String(record.number ?? value ?? "");
    case "party":
      return (
        (typeof value === "string" && value) ||
        describeAccountCell(record.cashOrDebtorAccountId, context.accountNames)
      );
    case "account":
      return describeAccountCell(value, context.accountNames);
    case "amount":
      return formatRupeeValue(value);
    case "status":
    case "invoiceStatus":
      return typeof value === "string" && isInvoiceStatus(value)
        ? labelInvoiceStatus(value, context.partySide ?? "customer")
        : "";
    case "datetime":
      return formatInstant(value);
    default:
      return value === null || value === undefined ? "" : String(value);
  }
}

export function ListCell({
  column,
  record,
  context,
}: {
  column: ListColumn;
  record: ListRecord;
  context: CellContext;
}) {
  const text = describeCellText(column, record, context);
  if ((column.type === "status" || column.type === "invoiceStatus") && text) {
    const status = String(record[column.key]);
    return (
      <Badge variant="light" color={STATUS_COLOURS[status] ?? "gray"} size="sm" tt="none">
        {text}
      </Badge>
    );
  }
  const className = column.type === "amount" ? `${classes.cell} ${classes.amount}` : classes.cell;
  return (
    <span className={className} title={text}>
      {text}
    </span>
  );
}
