import type { VoucherType } from "./voucher-type.ts";

export const ROW_ACTION_IDS = [
  "print",
  "sendViaMail",
  "edit",
  "duplicate",
  "createReceipt",
  "createPayment",
  "createInvoice",
  "createPurchase",
  "viewLog",
  "delete",
] as const;

export type RowActionId = (typeof ROW_ACTION_IDS)[number];

/** spec 2.5 row-action labels, verbatim. */
export const ROW_ACTION_LABELS: Readonly<Record<RowActionId, string>> = {
  print: "Print",
  sendViaMail: "Send via Mail",
  edit: "Edit",
  duplicate: "Duplicate",
  createReceipt: "Create Receipt",
  createPayment: "Create Payment",
  createInvoice: "Create Invoice",
  createPurchase: "Create Purchase",
  viewLog: "View Log",
  delete: "Delete",
};

/** A product feature an action needs; screens leave the action out until the feature exists. */
export type RowActionFeature = "printing" | "messaging";

export interface RowAction {
  readonly id: RowActionId;
  readonly label: string;
  /** 'link' navigates; 'action' runs code (a dialog, a status check, a delete). */
  readonly kind: "link" | "action";
  readonly destructive: boolean;
  readonly requires: RowActionFeature | null;
  /** Draw a separator above this item (spec 2.5: items "may be separated"). */
  readonly separatedAbove: boolean;
  /** The voucher type whose add screen the action opens, for the create-* actions. */
  readonly opens: VoucherType | null;
}

export function buildRowAction(
  id: RowActionId,
  options: Partial<Omit<RowAction, "id" | "label">> = {},
): RowAction {
  return {
    id,
    label: ROW_ACTION_LABELS[id],
    kind: options.kind ?? "link",
    destructive: options.destructive ?? false,
    requires: options.requires ?? null,
    separatedAbove: options.separatedAbove ?? false,
    opens: options.opens ?? null,
  };
}

/**
 * The row menu of one type (spec 2.5). Order: Print, Send via Mail, Edit, Duplicate, the type's
 * create-* extras, View Log, then Delete under a separator so the destructive item stands apart.
 */
export function buildRowActions(
  options: { printable: boolean; extras?: readonly RowAction[] } = { printable: false },
): readonly RowAction[] {
  const printing = options.printable
    ? [
        buildRowAction("print", { requires: "printing" }),
        buildRowAction("sendViaMail", { kind: "action", requires: "messaging" }),
      ]
    : [];
  return [
    ...printing,
    buildRowAction("edit"),
    buildRowAction("duplicate"),
    ...(options.extras ?? []),
    buildRowAction("viewLog", { kind: "action" }),
    buildRowAction("delete", { kind: "action", destructive: true, separatedAbove: true }),
  ];
}
