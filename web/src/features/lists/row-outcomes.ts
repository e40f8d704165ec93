import {
  buildConversionPath,
  buildVoucherScreenPath,
  type ListView,
  type OrganisationYear,
  type RowAction,
  VOUCHER_REGISTRY,
  type VoucherType,
} from "@bahi/domain";
import type { ListRecord } from "./lists.api.ts";

/** What choosing a row action does. */
export type RowOutcome =
  | { kind: "navigate"; to: string }
  | { kind: "refuse"; title: string; message: string }
  | { kind: "log" }
  | { kind: "delete" }
  /** Send via Mail: the contact check, then the Send Email dialog (spec 4). */
  | { kind: "send" };

/** spec 2.5: a row opens edit/{id} on the live list, old-version/{id}/{version} on the deleted one. */
export function describeRowOpenPath(
  scope: OrganisationYear,
  type: VoucherType,
  record: ListRecord,
  view: ListView,
): string {
  return view === "deleted"
    ? buildVoucherScreenPath(scope, type, {
        screen: "old-version",
        id: record._id,
        version: record.version,
      })
    : buildVoucherScreenPath(scope, type, { screen: "edit", id: record._id });
}

/**
 * Create Receipt / Create Payment (spec 2.6, spec 4): the add screen prefilled with the account,
 * the amount (pendingAmt, else totalAmount) and the invoice number, while the invoice is pending
 * or partly settled; otherwise the refusal toast of api.md 8. The query names are ours:
 * accountId, amount, invoiceNumber and invoiceId (the bill-wise allocation's entry).
 */
function settle(scope: OrganisationYear, type: VoucherType, record: ListRecord): RowOutcome {
  const settlement = VOUCHER_REGISTRY[type].settlement;
  if (!settlement) return { kind: "refuse", title: "Error", message: "Nothing to settle." };
  if (record.status && !settlement.allowedStatuses.includes(record.status)) {
    return { kind: "refuse", ...settlement.refusal };
  }
  const amount = record.pendingAmt ?? record.totalAmount;
  const query: Record<string, string> = { invoiceId: record._id };
  if (record.cashOrDebtorAccountId) query.accountId = record.cashOrDebtorAccountId;
  if (typeof amount === "number") query.amount = String(amount);
  if (record.number) query.invoiceNumber = String(record.number);
  return {
    kind: "navigate",
    to: buildVoucherScreenPath(scope, settlement.into, { screen: "add", query }),
  };
}

export function describeRowOutcome(
  action: RowAction,
  scope: OrganisationYear,
  type: VoucherType,
  record: ListRecord,
): RowOutcome {
  switch (action.id) {
    case "edit":
      return {
        kind: "navigate",
        to: buildVoucherScreenPath(scope, type, { screen: "edit", id: record._id }),
      };
    case "duplicate":
      return {
        kind: "navigate",
        to: buildVoucherScreenPath(scope, type, { screen: "duplicate", id: record._id }),
      };
    case "print":
      return {
        kind: "navigate",
        to: buildVoucherScreenPath(scope, type, { screen: "print", id: record._id }),
      };
    case "createReceipt":
    case "createPayment":
      return settle(scope, type, record);
    case "createInvoice":
    case "createPurchase":
      return { kind: "navigate", to: buildConversionPath(scope, type, record._id) };
    case "viewLog":
      return { kind: "log" };
    case "delete":
      return { kind: "delete" };
    case "sendViaMail":
      return { kind: "send" };
  }
}
