import { describe, expect, it } from "vitest";
import {
  challanInterest,
  interestBaseOf,
  lateDeductionInterest,
  lateDepositInterest,
  monthsOrPart,
  tdsDepositDueDate,
  tdsQuarterOf,
  tdsQuarterRange,
} from "./interest.ts";
import { describeBasisPoints, tdsSectionOn, tdsSectionsOn } from "./sections.ts";
import { type EarlierCredit, suggestTds } from "./suggest.ts";

const rupees = (n: number) => n * 100;
const PAN = "AAPFU0939F";
const credit = (date: string, amount: number, deducted = false): EarlierCredit => ({
  date,
  basePaise: rupees(amount),
  deducted,
});

describe("TDS sections by date", () => {
  it("has the Finance Act 2025 thresholds from 1 April 2025 and the earlier ones before", () => {
    expect(tdsSectionOn("194J(b)", "2025-03-31")?.aggregateThreshold).toBe(rupees(30_000));
    expect(tdsSectionOn("194J(b)", "2025-04-01")?.aggregateThreshold).toBe(rupees(50_000));
    expect(tdsSectionOn("194H", "2025-03-31")?.aggregateThreshold).toBe(rupees(15_000));
    expect(tdsSectionOn("194H", "2025-04-01")?.aggregateThreshold).toBe(rupees(20_000));
    expect(tdsSectionOn("194A", "2025-03-31")?.aggregateThreshold).toBe(rupees(5_000));
    expect(tdsSectionOn("194A", "2025-04-01")?.aggregateThreshold).toBe(rupees(10_000));
    const rentBefore = tdsSectionOn("194I(b)", "2025-03-31");
    const rentAfter = tdsSectionOn("194I(b)", "2025-04-01");
    expect([rentBefore?.aggregateThreshold, rentBefore?.aggregatePeriod]).toEqual([
      rupees(240_000),
      "year",
    ]);
    expect([rentAfter?.aggregateThreshold, rentAfter?.aggregatePeriod]).toEqual([
      rupees(50_000),
      "month",
    ]);
    const contractor = tdsSectionOn("194C", "2025-06-01");
    expect([contractor?.singleThreshold, contractor?.aggregateThreshold]).toEqual([
      rupees(30_000),
      rupees(100_000),
    ]);
  });

  it("194H's rate fell from 5% to 2% on 1 October 2024 (Finance (No. 2) Act, 2024)", () => {
    expect(tdsSectionOn("194H", "2024-09-30")?.rates.company).toBe(500);
    expect(tdsSectionOn("194H", "2024-10-01")?.rates.company).toBe(200);
  });

  it("moves to section 393 of the Income-tax Act, 2025 from 1 April 2026, keeping our keys", () => {
    const before = tdsSectionOn("194C", "2026-03-31");
    const after = tdsSectionOn("194C", "2026-04-01");
    expect(before?.act).toBe("1961");
    expect(after?.act).toBe("2025");
    expect(after?.source).toContain("s.393(1) Table Sl. No. 6(i)");
    expect(tdsSectionsOn("2026-04-01").map((s) => s.code)).toEqual(
      tdsSectionsOn("2026-03-31").map((s) => s.code),
    );
  });

  it("has no 194Q before 1 July 2021, and nothing before the table starts", () => {
    expect(tdsSectionOn("194Q", "2021-06-30")).toBeNull();
    expect(tdsSectionOn("194Q", "2021-07-01")?.rates.company).toBe(10);
    expect(tdsSectionsOn("2019-04-01")).toEqual([]);
  });

  it("writes rates as people do", () => {
    expect([describeBasisPoints(1000), describeBasisPoints(10), describeBasisPoints(150)]).toEqual([
      "10%",
      "0.1%",
      "1.5%",
    ]);
  });
});

describe("suggestTds: worked cases", () => {
  it("194C: no single payment over 30,000, the year's aggregate crosses 1,00,000 in December — 2% on all of it (₹2,040)", () => {
    // The usual textbook case (e.g. ClearTax's 194C guide): 25,000 + 28,000 + 20,000 + 29,000.
    const earlier = [
      credit("2025-05-10", 25_000),
      credit("2025-07-10", 28_000),
      credit("2025-09-10", 20_000),
    ];
    const september = suggestTds({
      section: "194C",
      date: "2025-09-10",
      deducteeType: "company",
      pan: PAN,
      amountPaise: rupees(20_000),
      earlier: earlier.slice(0, 2),
    });
    expect(september.deduct).toBe(false);
    const december = suggestTds({
      section: "194C",
      date: "2025-12-10",
      deducteeType: "company",
      pan: PAN,
      amountPaise: rupees(29_000),
      earlier,
    });
    expect(december).toMatchObject({
      deduct: true,
      rate: 200,
      baseAmountPaise: rupees(102_000),
      amountPaise: rupees(2_040),
    });
    expect(december.reason).toContain("not yet deducted on");
  });

  it("194C: one bill over 30,000 is taxed alone while the aggregate stays under 1,00,000 (individual: 1%)", () => {
    const s = suggestTds({
      section: "194C",
      date: "2025-05-10",
      deducteeType: "individual",
      pan: PAN,
      amountPaise: rupees(35_000),
      earlier: [credit("2025-04-10", 10_000)],
    });
    expect(s).toMatchObject({
      deduct: true,
      rate: 100,
      baseAmountPaise: rupees(35_000),
      amountPaise: rupees(350),
    });
  });

  it("194J professional fees: 40,000 is under FY 2025-26's 50,000; a further 20,000 crosses it — 10% on 60,000 (₹6,000)", () => {
    const first = suggestTds({
      section: "194J(b)",
      date: "2025-06-15",
      deducteeType: "individual",
      pan: PAN,
      amountPaise: rupees(40_000),
      earlier: [],
    });
    expect(first.deduct).toBe(false);
    const second = suggestTds({
      section: "194J(b)",
      date: "2025-08-15",
      deducteeType: "individual",
      pan: PAN,
      amountPaise: rupees(20_000),
      earlier: [credit("2025-06-15", 40_000)],
    });
    expect(second).toMatchObject({
      deduct: true,
      rate: 1000,
      baseAmountPaise: rupees(60_000),
      amountPaise: rupees(6_000),
    });
  });

  it("rate and threshold by date across 1 April 2025: 40,000 of fees is taxed in March 2025, not in April 2025", () => {
    const march = suggestTds({
      section: "194J(b)",
      date: "2025-03-20",
      deducteeType: "firm",
      pan: PAN,
      amountPaise: rupees(40_000),
      earlier: [],
    });
    const april = suggestTds({
      section: "194J(b)",
      date: "2025-04-20",
      deducteeType: "firm",
      pan: PAN,
      amountPaise: rupees(40_000),
      earlier: [],
    });
    expect(march.amountPaise).toBe(rupees(4_000));
    expect(april.deduct).toBe(false);
    // 194H: 18,000 of commission is over 15,000 in March 2025 (2%) but under 20,000 in April.
    expect(
      suggestTds({
        section: "194H",
        date: "2025-03-15",
        deducteeType: "individual",
        pan: PAN,
        amountPaise: rupees(18_000),
        earlier: [],
      }).amountPaise,
    ).toBe(rupees(360));
    expect(
      suggestTds({
        section: "194H",
        date: "2025-04-15",
        deducteeType: "individual",
        pan: PAN,
        amountPaise: rupees(18_000),
        earlier: [],
      }).deduct,
    ).toBe(false);
    expect(
      suggestTds({
        section: "194H",
        date: "2024-09-15",
        deducteeType: "individual",
        pan: PAN,
        amountPaise: rupees(18_000),
        earlier: [],
      }).amountPaise,
    ).toBe(rupees(900));
  });

  it("does not count the previous financial year's credits", () => {
    const s = suggestTds({
      section: "194J(b)",
      date: "2025-04-20",
      deducteeType: "firm",
      pan: PAN,
      amountPaise: rupees(20_000),
      earlier: [credit("2025-03-20", 40_000, true)],
    });
    expect(s.deduct).toBe(false);
  });

  it("194-I rent: 45,000 a month is taxed once FY 2024-25's 2,40,000 is crossed, never in FY 2025-26 (50,000 a month)", () => {
    const months = ["2024-04-05", "2024-05-05", "2024-06-05", "2024-07-05", "2024-08-05"].map((d) =>
      credit(d, 45_000),
    );
    const sixth = suggestTds({
      section: "194I(b)",
      date: "2024-09-05",
      deducteeType: "individual",
      pan: PAN,
      amountPaise: rupees(45_000),
      earlier: months,
    });
    expect(sixth).toMatchObject({
      deduct: true,
      baseAmountPaise: rupees(270_000),
      amountPaise: rupees(27_000),
    });
    const later = ["2025-04-05", "2025-05-05", "2025-06-05", "2025-07-05", "2025-08-05"].map((d) =>
      credit(d, 45_000),
    );
    expect(
      suggestTds({
        section: "194I(b)",
        date: "2025-09-05",
        deducteeType: "individual",
        pan: PAN,
        amountPaise: rupees(45_000),
        earlier: later,
      }).deduct,
    ).toBe(false);
    // Two bills in one month over 50,000: the month's aggregate is taxed.
    const twice = suggestTds({
      section: "194I(b)",
      date: "2025-09-20",
      deducteeType: "individual",
      pan: PAN,
      amountPaise: rupees(10_000),
      earlier: [...later, credit("2025-09-05", 45_000)],
    });
    expect(twice).toMatchObject({
      deduct: true,
      baseAmountPaise: rupees(55_000),
      amountPaise: rupees(5_500),
    });
  });

  it("194Q: 0.1% only on purchases over 50 lakh in the year (₹2,000 on the 20 lakh over)", () => {
    const s = suggestTds({
      section: "194Q",
      date: "2025-08-01",
      deducteeType: "company",
      pan: PAN,
      amountPaise: rupees(3_000_000),
      earlier: [credit("2025-06-01", 4_000_000)],
    });
    expect(s).toMatchObject({
      deduct: true,
      rate: 10,
      baseAmountPaise: rupees(2_000_000),
      amountPaise: rupees(2_000),
    });
  });

  it("194Q binds only a buyer whose turnover of the year before exceeded ₹10 crore: the organisation's setting decides, and the reason says which", () => {
    const input = {
      section: "194Q" as const,
      date: "2025-08-01",
      deducteeType: "company" as const,
      pan: PAN,
      amountPaise: rupees(3_000_000),
      earlier: [credit("2025-06-01", 4_000_000)],
    };
    const notBuyer = suggestTds({ ...input, buyerTurnoverOver10Crore: false });
    expect(notBuyer).toMatchObject({ deduct: false, amountPaise: 0 });
    expect(notBuyer.reason).toContain("exceeded ₹10 crore in the year before (2024-25)");
    expect(notBuyer.reason).toContain("Settings → Organisation");
    const buyer = suggestTds({ ...input, buyerTurnoverOver10Crore: true });
    expect(buyer).toMatchObject({ deduct: true, amountPaise: rupees(2_000) });
    expect(buyer.reason).toContain("turnover in 2024-25 exceeded ₹10 crore");
    // Other sections do not ask.
    const contractor = suggestTds({
      ...input,
      section: "194C",
      amountPaise: rupees(40_000),
      earlier: [],
      buyerTurnoverOver10Crore: false,
    });
    expect(contractor).toMatchObject({ deduct: true, amountPaise: rupees(800) });
  });

  it("no PAN (s.206AA): 20%, or the section's rate when higher; 5% for 194Q", () => {
    const contractor = suggestTds({
      section: "194C",
      date: "2025-05-10",
      deducteeType: "individual",
      pan: null,
      amountPaise: rupees(50_000),
      earlier: [],
    });
    expect(contractor).toMatchObject({ rate: 2000, amountPaise: rupees(10_000) });
    expect(contractor.reason).toContain("206AA");
    const badPan = suggestTds({
      section: "194C",
      date: "2025-05-10",
      deducteeType: "individual",
      pan: "NOTAPAN",
      amountPaise: rupees(50_000),
      earlier: [],
    });
    expect(badPan.rate).toBe(2000);
    const goods = suggestTds({
      section: "194Q",
      date: "2025-08-01",
      deducteeType: "company",
      pan: null,
      amountPaise: rupees(6_000_000),
      earlier: [],
    });
    expect(goods).toMatchObject({
      rate: 500,
      baseAmountPaise: rupees(1_000_000),
      amountPaise: rupees(50_000),
    });
  });

  it("a lower-deduction certificate's rate applies within its dates until its limit is used", () => {
    const certificate = {
      certificateNumber: "LDC123",
      rate: 200,
      validFrom: "2025-04-01",
      validTo: "2026-03-31",
      limit: rupees(100_000),
    };
    const first = suggestTds({
      section: "194J(b)",
      date: "2025-06-01",
      deducteeType: "individual",
      pan: PAN,
      amountPaise: rupees(60_000),
      earlier: [],
      certificate,
    });
    expect(first).toMatchObject({
      rate: 200,
      amountPaise: rupees(1_200),
      certificateBasePaise: rupees(60_000),
    });
    const second = suggestTds({
      section: "194J(b)",
      date: "2025-07-01",
      deducteeType: "individual",
      pan: PAN,
      amountPaise: rupees(70_000),
      earlier: [
        {
          date: "2025-06-01",
          basePaise: rupees(60_000),
          deducted: true,
          certificateBasePaise: rupees(60_000),
        },
      ],
      certificate,
    });
    // 40,000 left under the certificate at 2% (800) and 30,000 at 10% (3,000).
    expect(second).toMatchObject({
      amountPaise: rupees(3_800),
      certificateBasePaise: rupees(40_000),
    });
    const expired = suggestTds({
      section: "194J(b)",
      date: "2026-04-02",
      deducteeType: "individual",
      pan: PAN,
      amountPaise: rupees(60_000),
      earlier: [],
      certificate,
    });
    expect(expired).toMatchObject({ rate: 1000, amountPaise: rupees(6_000) });
  });
});

describe("deposit due dates and interest (s.201(1A), rule 30)", () => {
  it("is due by the 7th of the next month, and by 30 April for March", () => {
    expect(tdsDepositDueDate("2025-06-15")).toBe("2025-07-07");
    expect(tdsDepositDueDate("2025-12-31")).toBe("2026-01-07");
    expect(tdsDepositDueDate("2026-03-05")).toBe("2026-04-30");
  });

  it("counts months or part as calendar months touched", () => {
    expect(monthsOrPart("2025-04-25", "2025-06-10")).toBe(3);
    expect(monthsOrPart("2025-04-25", "2025-04-30")).toBe(1);
    expect(monthsOrPart("2025-04-25", "2025-04-25")).toBe(0);
  });

  it("late deposit: 1.5% a month or part from the date of deduction (₹10,000 deducted 25 April, paid 10 June: ₹450)", () => {
    expect(lateDepositInterest(rupees(10_000), "2025-04-25", "2025-06-10")).toEqual({
      months: 3,
      ratePercent: 1.5,
      basePaise: rupees(10_000),
      interestPaise: rupees(450),
    });
    expect(lateDepositInterest(rupees(10_000), "2025-04-25", "2025-05-07").interestPaise).toBe(0);
    expect(lateDepositInterest(rupees(10_000), "2026-03-10", "2026-04-30").interestPaise).toBe(0);
    expect(lateDepositInterest(rupees(10_000), "2026-03-10", "2026-05-02")).toMatchObject({
      months: 3,
      interestPaise: rupees(450),
    });
  });

  it("late deduction: 1% a month or part from when deductible to when deducted (₹5,000, 15 June to 20 August: ₹150)", () => {
    expect(lateDeductionInterest(rupees(5_000), "2025-06-15", "2025-08-20")).toEqual({
      months: 3,
      ratePercent: 1,
      basePaise: rupees(5_000),
      interestPaise: rupees(150),
    });
  });
});

// Worked cases from public sources, compared to the rupee (decision 400).
describe("s.201(1A) interest: worked cases from public sources", () => {
  it("TRACES justification report (caclubindia.com/forum/tds-late-payment-254706.asp): ₹16,147 deducted 30-Apr-2012, due 7-May-2012, deposited 9-May-2012 → 2 months, ₹483", () => {
    // Rule 119A(c): worked on ₹16,100; April (deducted on its last day) and May both count.
    expect(lateDepositInterest(rupees(16_147), "2012-04-30", "2012-05-09")).toEqual({
      months: 2,
      ratePercent: 1.5,
      basePaise: rupees(16_100),
      interestPaise: rupees(483),
    });
  });

  it("TRACES working quoted by simpletaxindia.in (procedure-of-calculating-interest-on-late-payment-of-tds): ₹4,000 deducted 4-Mar-2012, due 30-Apr-2012, deposited 7-May-2012 → 3 months (Mar–May), ₹180", () => {
    expect(lateDepositInterest(rupees(4_000), "2012-03-04", "2012-05-07")).toMatchObject({
      months: 3,
      interestPaise: rupees(180),
    });
  });

  it("blog.tdsman.com (interest-on-late-payment-of-tds): deducted 26 June, paid 9 July (due 7 July) → 2 months, 3%; deducted 20 March, paid 5 May (due 30 April) → 3 months, 4.5%", () => {
    expect(lateDepositInterest(rupees(1_000), "2018-06-26", "2018-07-09")).toMatchObject({
      months: 2,
      interestPaise: rupees(30),
    });
    expect(lateDepositInterest(rupees(1_000), "2018-03-20", "2018-05-05")).toMatchObject({
      months: 3,
      interestPaise: rupees(45),
    });
  });

  it("caclubindia.com/experts/interest-on-delayed-payment-tds-2367159.asp: ₹1,000 payable, paid on the 8th of the next month → TRACES charges 2 months, ₹30 (the issue's 15 Jan / 7 Feb / 8 Feb case alike)", () => {
    expect(lateDepositInterest(rupees(1_000), "2026-01-15", "2026-02-08")).toMatchObject({
      months: 2,
      interestPaise: rupees(30),
    });
    expect(lateDepositInterest(rupees(1_000), "2026-01-15", "2026-02-07").interestPaise).toBe(0);
  });

  it("late deduction runs from the month the tax was deductible to the month deducted (caclubindia.com/Experts/interest-on-tds-non-deduction-late-payment-2192004.asp), then late deposit from deduction to payment", () => {
    // ₹5,250 deductible 15 Nov 2025, deducted 10 Jan 2026 (Nov, Dec, Jan: 3 × 1% of ₹5,200 =
    // ₹156), paid 8 Feb 2026, a day after its due date (Jan, Feb: 2 × 1.5% of ₹5,200 = ₹156).
    const owed = challanInterest(
      [{ taxPaise: rupees(5_250), deductibleOn: "2025-11-15", deductedOn: "2026-01-10" }],
      "2026-02-08",
    );
    expect(owed.rows[0]?.lateDeduction).toMatchObject({ months: 3, interestPaise: rupees(156) });
    expect(owed.rows[0]?.lateDeposit).toMatchObject({ months: 2, interestPaise: rupees(156) });
    expect(owed).toMatchObject({
      lateDeductionPaise: rupees(156),
      lateDepositPaise: rupees(156),
      totalPaise: rupees(312),
    });
  });

  it("works each deduction on its own ₹100-rounded tax, and owes nothing below ₹100 or on time", () => {
    const owed = challanInterest(
      [
        { taxPaise: rupees(16_147), deductibleOn: "2012-04-30", deductedOn: "2012-04-30" },
        { taxPaise: rupees(99), deductibleOn: "2012-04-01", deductedOn: "2012-04-30" },
        { taxPaise: rupees(250), deductibleOn: "2012-04-30", deductedOn: "2012-04-30" },
      ],
      "2012-05-09",
    );
    expect(owed.rows.map((row) => row.lateDeposit.interestPaise)).toEqual([
      rupees(483),
      0,
      rupees(6),
    ]);
    expect(owed.lateDeductionPaise).toBe(0);
    expect(owed.totalPaise).toBe(rupees(489));
    expect(interestBaseOf(rupees(16_147) + 99)).toBe(rupees(16_100));
  });

  it("knows the quarters", () => {
    expect([
      tdsQuarterOf("2025-04-01"),
      tdsQuarterOf("2025-09-30"),
      tdsQuarterOf("2025-10-01"),
      tdsQuarterOf("2026-03-31"),
    ]).toEqual([1, 2, 3, 4]);
    expect(tdsQuarterRange(2025, 4)).toEqual({ startDate: "2026-01-01", endDate: "2026-03-31" });
  });
});
