import { type RowActionFeature, selectRowActions, type VoucherType } from "@bahi/domain";
import { describe, expect, test } from "vitest";
import type { ListRecord } from "./lists.api.ts";
import { describeRowOpenPath, describeRowOutcome } from "./row-outcomes.ts";

const scope = { organisationId: "o1", year: "2025-26" };
const NO_FEATURES = new Set<RowActionFeature>();
const invoice: ListRecord = {
  _id: "inv-9",
  version: 3,
  number: "INV-9",
  status: "partial",
  pendingAmt: 400,
  totalAmount: 1180,
  cashOrDebtorAccountId: "ravi",
};

function actionOf(type: VoucherType, id: string) {
  const action = selectRowActions(type, { view: "live", features: NO_FEATURES }).find(
    (candidate) => candidate.id === id,
  );
  if (!action) throw new Error(`${type} has no ${id}`);
  return action;
}

function labels(type: VoucherType, view: "live" | "deleted" = "live") {
  return selectRowActions(type, { view, features: NO_FEATURES }).map((action) => action.label);
}

describe("row actions per type (spec 2.5)", () => {
  test("until printing and messaging exist, no Print and no Send via Mail anywhere", () => {
    expect(labels("salesInvoice")).toEqual([
      "Edit",
      "Duplicate",
      "Create Receipt",
      "View Log",
      "Delete",
    ]);
    expect(labels("purchases")).toEqual([
      "Edit",
      "Duplicate",
      "Create Payment",
      "View Log",
      "Delete",
    ]);
    expect(labels("quotation")).toEqual([
      "Edit",
      "Duplicate",
      "Create Invoice",
      "View Log",
      "Delete",
    ]);
    expect(labels("purchaseOrder")).toEqual([
      "Edit",
      "Duplicate",
      "Create Purchase",
      "View Log",
      "Delete",
    ]);
    expect(labels("journalEntry")).toEqual(["Edit", "Duplicate", "View Log", "Delete"]);
  });

  test("the deleted view offers only View Log", () => {
    expect(labels("salesInvoice", "deleted")).toEqual(["View Log"]);
    expect(labels("fundTransfer", "deleted")).toEqual(["View Log"]);
  });
});

describe("what a row and its actions open", () => {
  test("a live row opens edit, a deleted one its old version", () => {
    expect(describeRowOpenPath(scope, "salesInvoice", invoice, "live")).toBe(
      "/o1/2025-26/sales/edit/inv-9",
    );
    expect(describeRowOpenPath(scope, "salesInvoice", invoice, "deleted")).toBe(
      "/o1/2025-26/sales/old-version/inv-9/3",
    );
  });

  test("edit and duplicate", () => {
    expect(
      describeRowOutcome(actionOf("payments", "duplicate"), scope, "payments", invoice),
    ).toEqual({
      kind: "navigate",
      to: "/o1/2025-26/payment/duplicate/inv-9",
    });
  });

  test("Create Receipt opens receipt/add with the account, the pending amount and the number", () => {
    const outcome = describeRowOutcome(
      actionOf("salesInvoice", "createReceipt"),
      scope,
      "salesInvoice",
      invoice,
    );
    expect(outcome.kind).toBe("navigate");
    const url = new URL(`http://x${outcome.kind === "navigate" ? outcome.to : ""}`);
    expect(url.pathname).toBe("/o1/2025-26/receipt/add");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      invoiceId: "inv-9",
      accountId: "ravi",
      amount: "400",
      invoiceNumber: "INV-9",
    });
  });

  test("the total when nothing is pending yet", () => {
    const outcome = describeRowOutcome(actionOf("purchases", "createPayment"), scope, "purchases", {
      ...invoice,
      status: "pending",
      pendingAmt: null,
    });
    expect(outcome.kind === "navigate" && outcome.to).toContain("/payment/add?");
    expect(outcome.kind === "navigate" && outcome.to).toContain("amount=1180");
  });

  test("refused when already received or paid (api.md 8)", () => {
    expect(
      describeRowOutcome(actionOf("salesInvoice", "createReceipt"), scope, "salesInvoice", {
        ...invoice,
        status: "received",
      }),
    ).toEqual({
      kind: "refuse",
      title: "Receipt cannot be created",
      message: "Sales already has status of received.",
    });
    expect(
      describeRowOutcome(actionOf("purchases", "createPayment"), scope, "purchases", {
        ...invoice,
        status: "paid",
      }),
    ).toEqual({
      kind: "refuse",
      title: "Payment cannot be created",
      message: "Purchase already has status of paid.",
    });
  });

  test("Create Invoice and Create Purchase carry the source document", () => {
    expect(
      describeRowOutcome(
        actionOf("deliveryChallan", "createInvoice"),
        scope,
        "deliveryChallan",
        invoice,
      ),
    ).toEqual({ kind: "navigate", to: "/o1/2025-26/sales/add?deliveryChallanId=inv-9" });
    expect(
      describeRowOutcome(
        actionOf("purchaseOrder", "createPurchase"),
        scope,
        "purchaseOrder",
        invoice,
      ),
    ).toEqual({ kind: "navigate", to: "/o1/2025-26/purchases/add?purchaseOrderId=inv-9" });
  });
});
