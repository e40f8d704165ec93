import { describe, expect, test } from "vitest";
import {
  missingZohoColumns,
  recogniseZohoSheet,
  zohoContactsAsAccountRows,
  zohoInvoicesAsVoucherRows,
} from "./zoho-books.ts";

describe("Zoho Books exports", () => {
  test("are told apart by their headings, and other sheets are not taken for them", () => {
    expect(recogniseZohoSheet(["Display Name", "Contact ID", "Contact Type"])).toBe("contacts");
    expect(recogniseZohoSheet(["Invoice Date", "Invoice ID", "Invoice Number"])).toBe("invoices");
    expect(recogniseZohoSheet(["account name", "group", "opening balance"])).toBeNull();
    expect(recogniseZohoSheet(["Invoice Number", "Invoice Date", "party"])).toBeNull();
    expect(
      missingZohoColumns("invoices", ["Invoice Date", "Invoice ID", "Invoice Number"]),
    ).toEqual(["Customer Name", "Item Name", "Quantity", "Item Price"]);
  });

  test("a vendor's opening is Cr, a customer's Dr; the state from Zoho's code or the GSTIN", () => {
    const rows = zohoContactsAsAccountRows([
      [
        "Display Name",
        "Contact Type",
        "Opening Balance",
        "Place of Contact(With State Code)",
        "GST Identification Number (GSTIN)",
        "GST Treatment",
      ],
      ["Asha", "customer", "1,500.50", "MH", "", "consumer"],
      ["Bala", "vendor", "2200", "", "29AABCB1234C1Z5", "business_gst"],
      ["Chand", "vendor", "-300", "TS", "", "business_none"],
    ]);
    expect(rows.slice(1).map((row) => row.slice(0, 7))).toEqual([
      ["Asha", "Debtors", "1500.50", "Dr", "Unregistered", "", "Maharashtra"],
      ["Bala", "Creditors", "2200", "Cr", "Regular", "29AABCB1234C1Z5", "Karnataka"],
      ["Chand", "Creditors", "300", "Dr", "Unregistered", "", "Telangana"],
    ]);
  });

  test("invoice rows become sales invoice lines; drafts and voids are left out", () => {
    const rows = zohoInvoicesAsVoucherRows([
      [
        "Invoice Date",
        "Invoice Number",
        "Invoice Status",
        "Customer Name",
        "Item Name",
        "Quantity",
        "Item Price",
        "Item Tax %",
      ],
      ["2025-06-02", "INV-1", "Sent", "Asha", "Hinge", "4", "40", "12"],
      ["2025-06-03", "INV-2", "Draft", "Asha", "Hinge", "1", "40", "12"],
      ["2025-06-04", "INV-3", "Void", "Asha", "Hinge", "1", "40", "12"],
    ]);
    expect(rows.slice(1)).toEqual([
      ["INV-1", "Sales Invoice", "2025-06-02", "INV-1", "Asha", "Hinge", "4", "40", "12", ""],
    ]);
  });
});
