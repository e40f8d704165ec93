import { describe, expect, test } from "vitest";
import {
  bahiTypeOfTallyVoucher,
  isTallyRoundOffLedger,
  journalVoucherType,
  nearestGstRate,
  placeTallyGstRates,
  readTallyDate,
  readTallyRate,
  tallyImportTypes,
  tallyLineRate,
  tallyOwnLineRate,
  tallyTaxHeadOf,
  tallyTaxLedgerRate,
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

  test("rates are read from the text exactly and rounded half up once (issue 34)", () => {
    // Math.round(1.005 * 100) is 100 and Math.round(2.675 * 100) is 267: float, not the decimal.
    expect(readTallyRate("1.005/Nos")).toBe(101);
    expect(readTallyRate("2.675/Kg")).toBe(268);
    expect(readTallyRate("68.40/Nos")).toBe(6840);
    expect(readTallyRate("33.33/Kg")).toBe(3333);
    expect(readTallyRate("-1.15/Nos")).toBe(115);
    expect(readTallyRate("")).toBe(0);
    // The nearest rate in integers: ₹8.50 of tax on ₹100 sits between 5 % and 12 %, nearer 5 %.
    expect(nearestGstRate(849, 10_000)).toBe(5);
    expect(nearestGstRate(851, 10_000)).toBe(12);
    expect(nearestGstRate(290, 10_000)).toBe(3);
  });
});

describe("mixed GST rates in one Tally voucher (decision 074)", () => {
  test("a tax ledger's rate comes from RATEOFINVOICETAX or its name, combined per head", () => {
    expect(tallyTaxLedgerRate("cgst", "Output CGST @ 2.5%")).toBe(5);
    expect(tallyTaxLedgerRate("sgst", "SGST 9%")).toBe(18);
    expect(tallyTaxLedgerRate("igst", "Input IGST", " 12")).toBe(12);
    expect(tallyTaxLedgerRate("igst", "Input IGST")).toBeNull();
    expect(tallyTaxLedgerRate("cgst", "CGST @ 7%")).toBeNull();
    expect(tallyTaxLedgerRate("cess", "Cess @ 12%")).toBeNull();
  });

  test("an item line's RATEDETAILS give IGST, else CGST + SGST", () => {
    expect(
      tallyLineRate([
        { head: "CGST", rate: " 9" },
        { head: "SGST/UTGST", rate: " 9" },
        { head: "IGST", rate: " 18" },
      ]),
    ).toBe(18);
    expect(
      tallyLineRate([
        { head: "CGST", rate: "2.5" },
        { head: "SGST/UTGST", rate: "2.5" },
      ]),
    ).toBe(5);
    expect(tallyLineRate([])).toBeNull();
    // Halves added as hundredths of a percent: 0.125 + 0.125 and 0.75 + 0.75 (stones, metals).
    expect(
      tallyLineRate([
        { head: "CGST", rate: "0.125" },
        { head: "SGST/UTGST", rate: "0.125" },
      ]),
    ).toBe(0.25);
    expect(tallyTaxLedgerRate("cgst", "CGST @ 0.75%")).toBe(1.5);
    expect(tallyTaxLedgerRate("cgst", "CGST", "0.125")).toBe(0.25);
    expect(tallyLineRate([{ head: "IGST", rate: "0" }])).toBe(0);
  });

  test("a line Tally marks exempt, nil-rated or non-GST is at 0 %, whatever rate details it has", () => {
    const igst18 = [{ head: "Integrated Tax", rate: " 18" }];
    expect(tallyOwnLineRate(igst18, "Purchase Taxable")).toBe(18);
    expect(tallyOwnLineRate([], "Purchase Exempt")).toBe(0);
    expect(tallyOwnLineRate(igst18, "Sales Nil Rated")).toBe(0);
    expect(tallyOwnLineRate([], "Purchase From SEZ - Exempt")).toBe(0);
    expect(tallyOwnLineRate([], "Non-GST")).toBe(0);
    expect(tallyOwnLineRate([], "")).toBeNull();
  });

  test("lines are placed so that each rate's tax is what the file books at it", () => {
    // ₹1,000 at 5 % and ₹3,000 at 18 %: ₹50 and ₹540 of tax.
    const taxByRate = new Map([
      [5, 5000],
      [18, 54000],
    ]);
    expect(
      placeTallyGstRates([{ taxablePaise: 100000 }, { taxablePaise: 300000 }], taxByRate),
    ).toEqual([5, 18]);
    // An exempt line with no tax ledger of its own is at 0 %.
    expect(
      placeTallyGstRates(
        [{ taxablePaise: 100000 }, { taxablePaise: 70000 }, { taxablePaise: 300000 }],
        taxByRate,
      ),
    ).toEqual([5, 0, 18]);
    // A line's own rate is kept; Bahi's item rate is tried first among equal fits.
    expect(
      placeTallyGstRates(
        [
          { taxablePaise: 100000, preferredRate: 18 },
          { taxablePaise: 100000, preferredRate: 5 },
        ],
        new Map([
          [5, 5000],
          [18, 18000],
        ]),
      ),
    ).toEqual([18, 5]);
    expect(
      placeTallyGstRates([{ taxablePaise: 100000, ownRate: 12 }], new Map([[18, 18000]])),
    ).toBeNull();
    // Tax that no placement explains: the caller falls back to one rate.
    expect(placeTallyGstRates([{ taxablePaise: 100000 }], new Map([[18, 9999]]))).toBeNull();
  });
});

describe("Tally types and duty heads the file does not name (issue 36)", () => {
  const shape = {
    partyNature: "Debtors",
    partyDebited: true,
    trades: "sales" as const,
    cashBankDebits: 0,
    cashBankCredits: 0,
    otherLines: 3,
  };
  test("a renamed type with no master is taken by what it does; orders are never guessed", async () => {
    const { tallyTypeByShape } = await import("./tally-vouchers.ts");
    expect(tallyTypeByShape("GST Sale Invoice", shape)).toBe("sales");
    expect(tallyTypeByShape("GST Sale Return", { ...shape, partyDebited: false })).toBe(
      "credit note",
    );
    expect(
      tallyTypeByShape("Purchase GST", { ...shape, trades: "purchases", partyDebited: false }),
    ).toBe("purchase");
    const money = { ...shape, trades: null, partyNature: null, otherLines: 1 };
    expect(tallyTypeByShape("Bank In", { ...money, cashBankDebits: 1 })).toBe("receipt");
    expect(tallyTypeByShape("Cash Out", { ...money, cashBankCredits: 1 })).toBe("payment");
    expect(tallyTypeByShape("GST Sales Order", shape)).toBeNull();
    expect(bahiTypeOfTallyVoucher("sales")).toBe("salesInvoice");
  });

  test("Tally Prime's duty heads, and a ledger master's head over its name", async () => {
    const { tallyDutyHead } = await import("./tally-vouchers.ts");
    expect(tallyDutyHead("Integrated Tax")).toBe("igst");
    expect(tallyDutyHead("Central Tax")).toBe("cgst");
    expect(tallyDutyHead("State Tax")).toBe("sgst");
    expect(tallyDutyHead("Cess")).toBe("cess");
    expect(tallyTaxHeadOf("Tax on Sales A")).toBeNull();
    expect(tallyTaxHeadOf("Tax on Sales A", new Map([["tax on sales a", "igst"]]))).toBe("igst");
  });
});
