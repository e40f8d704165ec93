import { describe, expect, it } from "vitest";
import {
  buildConversionPath,
  buildEntryApiPath,
  buildVoucherScreenPath,
  listEntryCalls,
  nameExportFile,
} from "./voucher-paths.ts";

const scope = { organisationId: "org-1", year: "2024-25" };

describe("listEntryCalls", () => {
  it("gives every family the common calls, templates where supported, and its extras", () => {
    expect(listEntryCalls("quotation")).toEqual([
      "add",
      "edit",
      "delete",
      "restore",
      "getsingleentrydetails",
      "getoldentrylist",
      "getoldentrydetails",
      "list",
      "getreceipts",
      "lastinvoicenumber",
    ]);
    expect(listEntryCalls("journalEntry")).toContain("gettemplates");
    expect(listEntryCalls("fundTransfer")).not.toContain("gettemplates");
  });
});

describe("buildEntryApiPath", () => {
  it.each([
    ["salesInvoice", "add", "/salesinvoice/add"],
    ["salesOrder", "list", "/otherentries/salesorder/salesorderlist"],
    ["purchaseOrder", "list", "/otherentries/purchaseorder/purchaseorderlist"],
    ["purchases", "getpayments", "/purchases/getpayments"],
    ["journalEntry", "template", "/journalentry/template"],
  ] as const)("%s %s -> %s", (type, call, path) => {
    expect(buildEntryApiPath(type, call)).toBe(path);
  });

  it("refuses a call the family does not have", () => {
    expect(() => buildEntryApiPath("journalEntry", "getreceipts")).toThrow(
      "/journalentry has no call 'getreceipts'",
    );
  });
});

describe("buildVoucherScreenPath", () => {
  it.each([
    [{ screen: "list" }, "/org-1/2024-25/credit-note/list"],
    [{ screen: "deleted-entries" }, "/org-1/2024-25/credit-note/deleted-entries"],
    [{ screen: "add" }, "/org-1/2024-25/credit-note/add"],
    [{ screen: "edit", id: "a/b" }, "/org-1/2024-25/credit-note/edit/a%2Fb"],
    [{ screen: "duplicate", id: "x" }, "/org-1/2024-25/credit-note/duplicate/x"],
    [{ screen: "print", id: "x" }, "/org-1/2024-25/credit-note/print/x"],
    [{ screen: "old-version", id: "x", version: 3 }, "/org-1/2024-25/credit-note/old-version/x/3"],
  ] as const)("%j -> %s", (screen, path) => {
    expect(buildVoucherScreenPath(scope, "creditNote", screen)).toBe(path);
  });
});

describe("buildConversionPath", () => {
  it.each([
    ["quotation", "/org-1/2024-25/sales/add?quotationId=q1"],
    ["salesOrder", "/org-1/2024-25/sales/add?salesOrderId=q1"],
    ["deliveryChallan", "/org-1/2024-25/sales/add?deliveryChallanId=q1"],
    ["purchaseOrder", "/org-1/2024-25/purchases/add?purchaseOrderId=q1"],
  ] as const)("%s -> %s", (type, path) => {
    expect(buildConversionPath(scope, type, "q1")).toBe(path);
  });

  it("refuses a type that converts into nothing", () => {
    expect(() => buildConversionPath(scope, "receipts", "r1")).toThrow(
      "receipts converts into nothing",
    );
  });
});

describe("nameExportFile", () => {
  it.each([
    ["salesInvoice", "pdf", false, "sales-invoices-2024-25.pdf"],
    ["journalEntry", "excel", false, "journal-entries-2024-25.xlsx"],
    ["deliveryChallan", "excel", true, "delivery-challans-2024-25-deleted.xlsx"],
  ] as const)("%s %s deleted=%s -> %s", (type, format, deleted, name) => {
    expect(nameExportFile(type, "2024-25", format, { deleted })).toBe(name);
  });

  it("defaults to the live list", () => {
    expect(nameExportFile("purchases", "2025-26", "pdf")).toBe("purchases-2025-26.pdf");
  });
});
