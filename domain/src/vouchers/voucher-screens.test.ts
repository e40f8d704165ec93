import { describe, expect, it } from "vitest";
import type { RowActionFeature } from "./row-actions.ts";
import {
  isGstRegularOrganisation,
  selectFilterFields,
  selectListColumns,
  selectRowActions,
  titleListScreen,
} from "./voucher-screens.ts";

const NO_FEATURES: ReadonlySet<RowActionFeature> = new Set();
const ALL_FEATURES: ReadonlySet<RowActionFeature> = new Set(["printing", "messaging"]);

describe("titleListScreen", () => {
  it.each([
    ["salesInvoice", "live", "Sales Invoice"],
    ["salesInvoice", "deleted", "Sales Invoice - Deleted Entries"],
    ["journalEntry", "live", "Journal Entries"],
    ["creditNote", "deleted", "Credit Notes - Deleted Entries"],
  ] as const)("%s %s -> %s", (type, view, title) => {
    expect(titleListScreen(type, view)).toBe(title);
  });
});

describe("selectListColumns", () => {
  it("shows Pending and Status only with bill-wise entry on", () => {
    const on = selectListColumns("salesInvoice", { billWiseEntry: true }).map((c) => c.key);
    const off = selectListColumns("salesInvoice", { billWiseEntry: false }).map((c) => c.key);
    expect(on).toEqual([
      "date",
      "invoiceNumber",
      "partyName",
      "dueDate",
      "totalAmount",
      "pendingAmt",
      "status",
    ]);
    expect(off).toEqual(["date", "invoiceNumber", "partyName", "dueDate", "totalAmount"]);
  });

  it("leaves types without bill-wise columns unchanged", () => {
    expect(selectListColumns("journalEntry", { billWiseEntry: false })).toHaveLength(5);
  });
});

describe("selectRowActions", () => {
  it("offers only View Log on the deleted view", () => {
    expect(
      selectRowActions("salesInvoice", { view: "deleted", features: ALL_FEATURES }).map(
        (a) => a.id,
      ),
    ).toEqual(["viewLog"]);
  });

  it("leaves out Print and Send via Mail until printing and messaging exist", () => {
    const ids = (features: ReadonlySet<RowActionFeature>) =>
      selectRowActions("quotation", { view: "live", features }).map((a) => a.id);
    expect(ids(NO_FEATURES)).toEqual(["edit", "duplicate", "createInvoice", "viewLog", "delete"]);
    expect(ids(new Set<RowActionFeature>(["printing"]))).toEqual([
      "print",
      "edit",
      "duplicate",
      "createInvoice",
      "viewLog",
      "delete",
    ]);
    expect(ids(ALL_FEATURES)[1]).toBe("sendViaMail");
  });

  it("labels actions with the spec's words and flags Delete destructive", () => {
    const actions = selectRowActions("salesInvoice", { view: "live", features: ALL_FEATURES });
    expect(actions.map((a) => a.label)).toEqual([
      "Print",
      "Send via Mail",
      "Edit",
      "Duplicate",
      "Create Receipt",
      "View Log",
      "Delete",
    ]);
    expect(actions.filter((a) => a.destructive).map((a) => a.id)).toEqual(["delete"]);
  });
});

describe("selectFilterFields", () => {
  const regular = { billWiseEntry: true, gstRegistered: true, gstRegType: "Regular" };
  const fields = (type: Parameters<typeof selectFilterFields>[0], context = regular) =>
    selectFilterFields(type, context).map((f) => f.field);

  it("shows GSTIN and RCM only to GST-registered regular organisations", () => {
    expect(fields("salesInvoice")).toContain("gstin");
    expect(fields("salesInvoice")).toContain("rcmApplicable");
    for (const context of [
      { ...regular, gstRegType: "composition" },
      { ...regular, gstRegistered: false },
    ]) {
      expect(fields("salesInvoice", context)).not.toContain("gstin");
      expect(fields("salesInvoice", context)).not.toContain("rcmApplicable");
    }
  });

  it("shows the status filter only with bill-wise entry on", () => {
    expect(fields("purchases")).toContain("statusFilters");
    expect(fields("purchases", { ...regular, billWiseEntry: false })).not.toContain(
      "statusFilters",
    );
  });

  it("gives fund transfers transfer from/to and no document fields", () => {
    expect(fields("fundTransfer")).toEqual([
      "dateFrom",
      "dateTo",
      "amountFrom",
      "amountTo",
      "transferFrom",
      "transferTo",
      "narration",
      "customFields",
    ]);
  });
});

describe("isGstRegularOrganisation", () => {
  it.each([
    [true, "regular", true],
    [true, "REGULAR", true],
    [true, "composition", false],
    [false, "regular", false],
  ])("registered %s, type %s -> %s", (gstRegistered, gstRegType, expected) => {
    expect(isGstRegularOrganisation({ gstRegistered, gstRegType })).toBe(expected);
  });
});
