import { describe, expect, test } from "vitest";
import {
  readGstr2Period,
  type StoredPurchaseVoucher,
  toPurchaseRegisterRow,
  toReconBill,
} from "./register.ts";

function stored(document: Record<string, unknown>): StoredPurchaseVoucher {
  return {
    id: "e1",
    type: "purchases",
    date: "2024-09-05",
    number: "BS-1",
    partyName: "Bengaluru Systems",
    amountPaise: 118_000,
    document,
  };
}

const TAXED = { grossAmount: 1000, cgstAmount: 90, sgstAmount: 90 };

describe("toPurchaseRegisterRow", () => {
  test("the figures as saved", () => {
    const row = toPurchaseRegisterRow(
      stored({
        ...TAXED,
        gstin: "29aagcb7383j1z4",
        pos: "27",
        supplierStateCode: "27",
        taxKind: "intra",
        partyGstType: "regular",
      }),
      "invoice",
    );
    expect(row).toEqual({
      entryId: "e1",
      voucherType: "purchases",
      side: "invoice",
      number: "BS-1",
      date: "2024-09-05",
      supplierName: "Bengaluru Systems",
      gstin: "29AAGCB7383J1Z4",
      supplierStateCode: "27",
      pos: "27",
      taxKind: "intra",
      reverseCharge: false,
      importType: null,
      partyGstType: "regular",
      valuePaise: 118_000,
      taxablePaise: 100_000,
      igstPaise: 0,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
      cessPaise: 0,
      itcEligibility: "eligible",
    });
  });

  test.each([
    [{ grossAmount: 1000 }, "noTax"],
    [{ ...TAXED, rcmApplicable: true }, "reverseCharge"],
    [{ igstAmount: 18, importType: "goods" }, "importOfGoods"],
    [{ igstAmount: 18, importType: "services", rcmApplicable: true }, "importOfServices"],
    [{ cessAmount: 1 }, "eligible"],
  ])("%o: %s", (document, eligibility) => {
    expect(toPurchaseRegisterRow(stored(document), "invoice").itcEligibility).toBe(eligibility);
  });

  test("a nameless party and an unknown import type", () => {
    const row = toPurchaseRegisterRow(
      { ...stored({ importType: "x", igstAmount: "9" }), partyName: null },
      "credit",
    );
    expect(row).toMatchObject({ supplierName: "", importType: null, igstPaise: 0, side: "credit" });
  });
});

describe("toReconBill", () => {
  test("a registered supplier's bill is matched; an unregistered one's is not expected in 2B", () => {
    const registered = toPurchaseRegisterRow(
      stored({ ...TAXED, gstin: "29AAGCB7383J1Z4" }),
      "invoice",
    );
    expect(toReconBill(registered)).toMatchObject({
      id: "e1",
      gstin: "29AAGCB7383J1Z4",
      cgstPaise: 9_000,
    });
    expect(toReconBill(toPurchaseRegisterRow(stored(TAXED), "invoice"))).toBeNull();
    expect(
      toReconBill(
        toPurchaseRegisterRow(stored({ igstAmount: 18, importType: "goods" }), "invoice"),
      ),
    ).toMatchObject({ gstin: null, igstPaise: 1_800 });
  });
});

describe("readGstr2Period", () => {
  test("a month or a quarter, whatever the filing frequency", () => {
    expect(
      readGstr2Period({ year: "2024-25", startDate: "2024-07-01", endDate: "2024-09-30" }),
    ).toMatchObject({
      ok: true,
      period: { isQuarter: true, months: ["2024-07", "2024-08", "2024-09"] },
    });
    expect(
      readGstr2Period({ year: "2024-25", startDate: "2024-09-01", endDate: "2024-09-15" }),
    ).toMatchObject({
      ok: false,
    });
  });
});
