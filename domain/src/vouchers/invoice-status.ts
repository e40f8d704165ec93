import type { PartySide } from "./voucher-definition.ts";

/** Payment status of an invoice or bill (spec 3, spec 4 "Invoice payment status"). */
export const INVOICE_STATUSES = ["pending", "partial", "received", "paid"] as const;

export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What an invoice (customer side) or bill (supplier side) is once nothing is left to pay. */
export function settledInvoiceStatus(side: PartySide): "received" | "paid" {
  return side === "customer" ? "received" : "paid";
}

/**
 * spec 4 "Invoice payment status": settled when nothing is pending, pending while nothing has
 * been set against it, partial in between. The one rule the save, the SQL that refreshes
 * statuses after allocations change (vouchers.repository) and the screens follow.
 */
export function determineInvoiceStatus(
  side: PartySide,
  totalPaise: number,
  pendingPaise: number,
): InvoiceStatus {
  if (pendingPaise <= 0) return settledInvoiceStatus(side);
  return pendingPaise >= totalPaise ? "pending" : "partial";
}

/** Sales-like documents settle as 'received', purchase-like ones as 'paid'. */
export function listInvoiceStatuses(side: PartySide): readonly InvoiceStatus[] {
  return side === "customer" ? ["pending", "partial", "received"] : ["pending", "partial", "paid"];
}

export function isInvoiceStatus(value: string): value is InvoiceStatus {
  return (INVOICE_STATUSES as readonly string[]).includes(value);
}

/** 'partial' is 'Partly Received' on sales and 'Partly Paid' on purchases (spec 4). */
export function labelInvoiceStatus(status: InvoiceStatus, side: PartySide): string {
  switch (status) {
    case "pending":
      return "Pending";
    case "partial":
      return side === "customer" ? "Partly Received" : "Partly Paid";
    case "received":
      return "Received";
    case "paid":
      return "Paid";
  }
}

/** Create Receipt / Create Payment is allowed only while money is still due (spec 4). */
export function isSettlementAllowed(status: InvoiceStatus): boolean {
  return status === "pending" || status === "partial";
}
