import { describe, expect, it } from "vitest";
import { checkDeclaredTotals, type DeclaredTotals } from "./check-declared-totals.ts";
import { computeDocument } from "./compute-document.ts";

// Worked by hand: 10 × ₹100 at 18% intra-state = ₹1,000 + CGST ₹90 + SGST ₹90 = ₹1,180.
const computed = computeDocument({
  supplierStateCode: "27",
  placeOfSupply: "27",
  gstApplicable: true,
  supplyType: "regular",
  reverseCharge: false,
  roundOff: true,
  itemLines: [{ quantity: 10, ratePaise: 10000, gstRate: 18 }],
  accountLines: [],
});

const declared: DeclaredTotals = {
  grossPaise: 100000,
  cgstPaise: 9000,
  sgstPaise: 9000,
  igstPaise: 0,
  roundOffPaise: 0,
  totalPaise: 118000,
};

describe("checkDeclaredTotals", () => {
  it("finds nothing when the client agrees with the computation", () => {
    expect(checkDeclaredTotals(computed, declared)).toEqual([]);
  });

  it("tolerates a paisa by default, and not when told otherwise", () => {
    const offByOne = { ...declared, cgstPaise: 9001 };
    expect(checkDeclaredTotals(computed, offByOne)).toEqual([]);
    expect(checkDeclaredTotals(computed, offByOne, 0)).toEqual([
      {
        field: "cgstPaise",
        expectedPaise: 9000,
        declaredPaise: 9001,
        differencePaise: 1,
        message: "CGST amount should be 90.00, not 90.01",
      },
    ]);
  });

  it("lists every disagreement in field order with a message fit for the user", () => {
    const mismatches = checkDeclaredTotals(computed, {
      ...declared,
      grossPaise: 10000000,
      sgstPaise: 8998,
      igstPaise: 2,
      roundOffPaise: -2,
      totalPaise: 118100,
    });
    expect(mismatches.map((mismatch) => mismatch.message)).toEqual([
      "Gross amount should be 1,000.00, not 1,00,000.00",
      "SGST amount should be 90.00, not 89.98",
      "IGST amount should be 0.00, not 0.02",
      "Round off amount should be 0.00, not -0.02",
      "Total amount should be 1,180.00, not 1,181.00",
    ]);
    expect(mismatches.map((mismatch) => mismatch.differencePaise)).toEqual([
      9900000, -2, 2, -2, 100,
    ]);
  });

  it("counts a value that is not a number as a mismatch", () => {
    const mismatches = checkDeclaredTotals(computed, { ...declared, totalPaise: Number.NaN });
    expect(mismatches.map((mismatch) => mismatch.field)).toEqual(["totalPaise"]);
    expect(mismatches[0]?.message).toBe("Total amount should be 1,180.00, not NaN");
  });
});
