import { describe, expect, test } from "vitest";
import {
  missingZohoColumns,
  recogniseZohoSheet,
  ZOHO_MESSAGES,
  zohoContactsAsAccountRows,
  zohoInvoicesAsVoucherRows,
  zohoSheetAsVoucherRows,
  zohoUnreadDocuments,
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
      [
        "INV-1",
        "Sales Invoice",
        "2025-06-02",
        "INV-1",
        "Asha",
        "",
        "Hinge",
        "4",
        "40",
        "",
        "12",
        "",
        "",
        "",
        "",
      ],
    ]);
  });

  test("bills, credit notes, vendor credits and payments are told apart; payments before invoices", () => {
    expect(recogniseZohoSheet(["Bill Date", "Bill ID", "Bill Number"])).toBe("bills");
    expect(recogniseZohoSheet(["Credit Note Date", "Credit Note Number"])).toBe("creditNotes");
    expect(recogniseZohoSheet(["Vendor Credit Date", "Vendor Credit Number"])).toBe(
      "vendorCredits",
    );
    // A Customer Payment export also names the invoices it settled.
    expect(
      recogniseZohoSheet([
        "Payment Number",
        "CustomerPayment ID",
        "Invoice Number",
        "Invoice Date",
      ]),
    ).toBe("customerPayments");
    expect(recogniseZohoSheet(["Payment Number", "Vendor Name", "Paid Through"])).toBe(
      "vendorPayments",
    );
    expect(recogniseZohoSheet(["Bill Number", "Bill Date", "Vendor"])).toBeNull();
    expect(
      missingZohoColumns("bills", ["Bill Date", "Bill ID", "Bill Number", "Item Price"]),
    ).toEqual(["Vendor Name", "Item Name", "Quantity"]);
    expect(ZOHO_MESSAGES.missingColumns("bills", [["Rate", "Item Price"]])).toContain(
      'no "Rate" or "Item Price" column',
    );
  });

  test("a bill's line without an item is booked to its account; a line without a tax % has none", () => {
    const rows = zohoSheetAsVoucherRows("bills", [
      [
        "Bill Date",
        "Bill ID",
        "Bill Number",
        "Bill Status",
        "Vendor Name",
        "Item Name",
        "Account",
        "Quantity",
        "Rate",
        "Item Total",
        "Tax Percentage",
        "GST Identification Number (GSTIN)",
      ],
      [
        "2025-06-05",
        "b1",
        "KE/1",
        "Open",
        "Bala",
        "Hinge",
        "Cost of Goods Sold",
        "2.00",
        "40.000",
        "80.000",
        "12.00",
        "29aabcb1234c1z5",
      ],
      [
        "2025-06-05",
        "b1",
        "KE/1",
        "Open",
        "Bala",
        "",
        "Freight",
        "1.00",
        "100.000",
        "100.000",
        "",
        "29aabcb1234c1z5",
      ],
      ["2025-06-06", "", "KE/1", "Paid", "Chand", "Hinge", "", "1", "40", "40", "12", ""],
      ["2025-06-07", "b3", "KE/2", "Draft", "Bala", "Hinge", "", "1", "40", "40", "12", ""],
    ]);
    expect(rows.slice(1).map((row) => row.slice(0, 14))).toEqual([
      [
        "b1",
        "Purchase",
        "2025-06-05",
        "KE/1",
        "Bala",
        "29AABCB1234C1Z5",
        "Hinge",
        "2.00",
        "40.000",
        "",
        "12",
        "",
        "",
        "",
      ],
      [
        "b1",
        "Purchase",
        "2025-06-05",
        "KE/1",
        "Bala",
        "29AABCB1234C1Z5",
        "",
        "1.00",
        "100.000",
        "",
        "0",
        "",
        "Freight",
        "100.000",
      ],
      [
        "Chand / KE/1",
        "Purchase",
        "2025-06-06",
        "KE/1",
        "Chand",
        "",
        "Hinge",
        "1",
        "40",
        "",
        "12",
        "",
        "",
        "",
      ],
    ]);
    expect(
      zohoUnreadDocuments("bills", [
        [
          "Bill Number",
          "Bill Status",
          "Is Inclusive Tax",
          "Quantity",
          "Rate",
          "Discount",
          "Discount Amount",
          "Adjustment",
          "Shipping Charge",
        ],
        ["KE/1", "Open", "true", "1", "100", "0", "0", "0", "0"],
        ["KE/2", "Draft", "true", "1", "100", "0", "0", "0", "0"],
        ["KE/3", "Open", "false", "2", "100.000", "10.00", "20.000", "0.000", "0.000"],
        ["KE/4", "Open", "false", "2", "100", "0", "15", "0", "0"],
        ["KE/5", "Open", "false", "2", "100", "0", "0", "-0.40", "0"],
        ["KE/6", "Open", "false", "2", "100", "0", "0", "0", "50"],
      ]),
    ).toEqual([
      { number: "KE/1", what: "prices that include tax" },
      { number: "KE/4", what: "a discount in rupees on a line" },
      { number: "KE/5", what: "an adjustment" },
      { number: "KE/6", what: "a shipping charge" },
    ]);
  });

  test("a line's discount that is its per cent of the line is read as the discount %", () => {
    const rows = zohoSheetAsVoucherRows("invoices", [
      [
        "Invoice Number",
        "Invoice Date",
        "Invoice Status",
        "Customer Name",
        "Item Name",
        "Quantity",
        "Item Price",
        "Discount",
        "Discount Amount",
        "Item Tax %",
      ],
      ["INV-7", "2025-06-02", "Sent", "Asha", "Hinge", "3", "33.33", "12.5", "12.50", "12"],
    ]);
    // 3 × ₹33.33 = ₹99.99; 12.5 % of it is ₹12.50 (half up): read as 12.5 %.
    expect(rows[1]?.[9]).toBe("12.5");
  });

  test("a payment applied to two invoices is one receipt of its amount; a draft payment is left out", () => {
    const rows = zohoSheetAsVoucherRows("vendorPayments", [
      [
        "Payment Number",
        "Date",
        "Vendor Name",
        "Amount",
        "Paid Through",
        "Bill Number",
        "Payment Status",
        "Description",
      ],
      ["4", "2025-07-01", "Bala", "3480.000", "HDFC", "KE/1", "Paid", "Two bills"],
      ["4", "2025-07-01", "Bala", "3480.000", "HDFC", "KE/2", "Paid", "Two bills"],
      ["5", "2025-07-02", "Bala", "590.000", "HDFC", "KE/3", "Draft", ""],
    ]);
    expect(rows.slice(1)).toEqual([
      [
        "4",
        "Payment",
        "2025-07-01",
        "4",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "HDFC",
        "Bala",
        "3480.000",
        "Two bills",
      ],
    ]);
  });
});
