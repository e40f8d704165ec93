import { describe, expect, it } from "vitest";
import { computeGstr3bTaxPayment } from "./gstr3b-payment.ts";

const amounts = (igst: number, cgst: number, sgst: number, cess = 0) => ({
  taxablePaise: 0,
  igstPaise: igst,
  cgstPaise: cgst,
  sgstPaise: sgst,
  cessPaise: cess,
});
const none = amounts(0, 0, 0);

describe("computeGstr3bTaxPayment (table 6.1)", () => {
  it("sets IGST credit off against IGST, then the CGST and SGST that their own credit cannot pay", () => {
    const payment = computeGstr3bTaxPayment({
      outwardTaxable: amounts(0, 10_000, 10_000),
      outwardZeroRated: none,
      reverseCharge: none,
      netItc: amounts(10_000, 10_000, 0),
    });
    const [igst, cgst, sgst] = payment.otherThanReverseCharge;
    expect(igst).toMatchObject({ payablePaise: 0, cashPaise: 0 });
    // A greedy IGST → CGST first would leave SGST 100 in cash; rule 88A lets IGST pay SGST.
    expect(cgst).toMatchObject({
      payablePaise: 10_000,
      paidByItc: { igst: 0, cgst: 10_000, sgst: 0, cess: 0 },
      cashPaise: 0,
    });
    expect(sgst).toMatchObject({
      payablePaise: 10_000,
      paidByItc: { igst: 10_000, cgst: 0, sgst: 0, cess: 0 },
      cashPaise: 0,
    });
    expect(payment.cashTotalPaise).toBe(0);
    expect(payment.itcLeftPaise).toEqual({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
  });

  it("uses IGST credit up before CGST and SGST credit (s.49A), leaving those to carry", () => {
    const payment = computeGstr3bTaxPayment({
      outwardTaxable: amounts(5_000, 8_000, 8_000),
      outwardZeroRated: none,
      reverseCharge: none,
      netItc: amounts(20_000, 3_000, 3_000),
    });
    const [igst, cgst, sgst] = payment.otherThanReverseCharge;
    expect(igst?.paidByItc.igst).toBe(5_000);
    expect(cgst?.paidByItc).toEqual({ igst: 8_000, cgst: 0, sgst: 0, cess: 0 });
    expect(sgst?.paidByItc).toEqual({ igst: 7_000, cgst: 0, sgst: 1_000, cess: 0 });
    expect(payment.itcLeftPaise).toEqual({ igst: 0, cgst: 3_000, sgst: 2_000, cess: 0 });
    expect(payment.cashTotalPaise).toBe(0);
  });

  it("pays IGST from CGST credit before SGST credit, never SGST from CGST credit, and the rest in cash", () => {
    const payment = computeGstr3bTaxPayment({
      outwardTaxable: amounts(10_000, 1_000, 6_000, 500),
      outwardZeroRated: amounts(2_000, 0, 0),
      reverseCharge: amounts(0, 900, 900),
      netItc: amounts(0, 5_000, 8_000, 200),
    });
    const [igst, cgst, sgst, cess] = payment.otherThanReverseCharge;
    expect(igst).toMatchObject({
      payablePaise: 12_000,
      paidByItc: { igst: 0, cgst: 4_000, sgst: 2_000, cess: 0 },
      cashPaise: 6_000,
    });
    expect(cgst).toMatchObject({ paidByItc: { cgst: 1_000, sgst: 0 }, cashPaise: 0 });
    expect(sgst).toMatchObject({ paidByItc: { sgst: 6_000, cgst: 0 }, cashPaise: 0 });
    expect(cess).toMatchObject({ paidByItc: { cess: 200 }, cashPaise: 300 });
    // Reverse charge is paid in cash only (s.49(4)).
    expect(payment.reverseCharge.map((row) => row.cashPaise)).toEqual([0, 900, 900, 0]);
    expect(payment.cashTotalPaise).toBe(6_000 + 300 + 1_800);
    expect(payment.itcLeftPaise).toEqual({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
  });

  it("treats negative figures as nothing payable and no credit", () => {
    const payment = computeGstr3bTaxPayment({
      outwardTaxable: amounts(-500, 0, 0),
      outwardZeroRated: none,
      reverseCharge: none,
      netItc: amounts(-100, 0, 0),
    });
    expect(payment.otherThanReverseCharge[0]).toMatchObject({ payablePaise: 0, cashPaise: 0 });
    expect(payment.itcLeftPaise.igst).toBe(0);
  });
});
