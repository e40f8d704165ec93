import { describe, expect, test } from "vitest";
import {
  bahiTypeOfTallyVoucher,
  isTallyRoundOffLedger,
  journalVoucherType,
  nearestGstRate,
  readTallyDate,
  readTallyRate,
  tallyImportTypes,
  tallyTaxHeadOf,
} from "./tally-vouchers.ts";

describe("Tally day book rules", () => {
  test("Tally's eight accounting types map through the registry; user types follow their parent", () => {
    // Tally's eight types; Debit Note becomes either side's debit note (decision 067).
    expect(tallyImportTypes()).toHaveLength(9);
    expect(bahiTypeOfTallyVoucher("Sales")).toBe("salesInvoice");
    expect(bahiTypeOfTallyVoucher("Credit Note")).toBe("creditNote");
    expect(bahiTypeOfTallyVoucher("Contra")).toBe("fundTransfer");
    const userTypes = new Map([
      ["bank receipt", "\u0004 Receipt"],
      ["gst sales", "Retail Sales"],
      ["retail sales", "Sales"],
    ]);
    expect(bahiTypeOfTallyVoucher("Bank Receipt", userTypes)).toBe("receipts");
    expect(bahiTypeOfTallyVoucher("GST Sales", userTypes)).toBe("salesInvoice");
    expect(bahiTypeOfTallyVoucher("Sales Order", userTypes)).toBeNull();
    expect(journalVoucherType()).toBe("journalEntry");
  });

  test("a Debit Note is the purchase-side note unless its party is a customer (decision 067)", () => {
    expect(bahiTypeOfTallyVoucher("Debit Note")).toBe("debitNote");
    expect(bahiTypeOfTallyVoucher("Debit Note", new Map(), "supplier")).toBe("debitNote");
    expect(bahiTypeOfTallyVoucher("Debit Note", new Map(), "customer")).toBe("salesDebitNote");
    const userTypes = new Map([["sales debit note", "Debit Note"]]);
    expect(bahiTypeOfTallyVoucher("Sales Debit Note", userTypes, "customer")).toBe(
      "salesDebitNote",
    );
    // A type with one Bahi type keeps it whatever the side.
    expect(bahiTypeOfTallyVoucher("Credit Note", new Map(), "supplier")).toBe("creditNote");
    expect(bahiTypeOfTallyVoucher("Sales", new Map(), "supplier")).toBe("salesInvoice");
  });

  test("tax heads, round off, rates and dates as Tally writes them", () => {
    expect(tallyTaxHeadOf("Output CGST @9%")).toBe("cgst");
    expect(tallyTaxHeadOf("SGST/UTGST")).toBe("sgst");
    expect(tallyTaxHeadOf("IGST Payable")).toBe("igst");
    expect(tallyTaxHeadOf("Sales @18%")).toBeNull();
    expect(isTallyRoundOffLedger("Rounding Off A/c")).toBe(true);
    expect(isTallyRoundOffLedger("Rent")).toBe(false);
    expect(nearestGstRate(18_000, 100_000)).toBe(18);
    expect(nearestGstRate(11_990, 100_000)).toBe(12);
    expect(nearestGstRate(0, 100_000)).toBe(0);
    expect(readTallyRate("1,250.50/Nos")).toBe(125_050);
    expect(readTallyDate("20250401")).toBe("2025-04-01");
    expect(readTallyDate("1-Apr-25")).toBe("");
  });
});
