import type { PartySide } from "./voucher-definition.ts";

/** Payment status of an invoice or bill (spec 3, spec 4 "Invoice payment status"). */
export const INVOICE_STATUSES = ["pending", "partial", "received", "paid"] as const;

export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

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
