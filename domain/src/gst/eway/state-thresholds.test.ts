import { describe, expect, it } from "vitest";
import { STATES } from "../../reference/index.ts";
import { readStoredDocument } from "../../vouchers/stored/stored-voucher.ts";
import { needsEWayBill } from "./eway-bill.ts";
import {
  INTRA_STATE_EWAY_BILL_LIMITS,
  intraStateEWayBillThresholdPaise,
  stateEWayBillThresholdPaise,
} from "./state-thresholds.ts";

const LAKH = 10_000_000;
const FIFTY_THOUSAND = 5_000_000;

describe("each state's intra-state limit", () => {
  it.each([
    ["Delhi", "07", "2026-09-01", LAKH],
    ["Maharashtra", "27", "2026-09-01", LAKH],
    ["Tamil Nadu", "33", "2026-09-01", LAKH],
    ["Bihar", "10", "2026-09-01", LAKH],
    ["Bihar before 21 Jan 2019", "10", "2019-01-20", 2 * LAKH],
    ["Punjab", "03", "2026-09-01", LAKH],
    ["Rajasthan", "08", "2026-09-01", LAKH],
    ["Jharkhand", "20", "2026-09-01", LAKH],
    ["West Bengal until 31 May 2026", "19", "2026-05-31", LAKH],
    ["West Bengal from 1 Jun 2026", "19", "2026-06-01", FIFTY_THOUSAND],
    ["Karnataka (Rule 138)", "29", "2026-09-01", FIFTY_THOUSAND],
    ["Gujarat (exempts by goods: Rule 138 kept)", "24", "2026-09-01", FIFTY_THOUSAND],
    ["no state", null, "2026-09-01", FIFTY_THOUSAND],
  ])("%s", (_name, stateCode, date, paise) => {
    expect(stateEWayBillThresholdPaise(stateCode, date)).toBe(paise);
  });

  it("lists real states, each once, its limits in date order and never below ₹50,000", () => {
    const codes = INTRA_STATE_EWAY_BILL_LIMITS.map((row) => row.stateCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const row of INTRA_STATE_EWAY_BILL_LIMITS) {
      expect(STATES.some((state) => state.code === row.stateCode)).toBe(true);
      expect(row.source).not.toBe("");
      const dates = row.limits.map((limit) => limit.from);
      expect(dates).toEqual([...dates].sort());
      for (const limit of row.limits) expect(limit.rupees).toBeGreaterThanOrEqual(50_000);
    }
  });
});

describe("the threshold a document is held to", () => {
  it.each([
    ["the state's, when the organisation set none", "07", null, LAKH],
    ["the organisation's setting over the state's", "07", 7_500_000, 7_500_000],
    ["a setting of ₹50,000 lowers a ₹1,00,000 state", "27", FIFTY_THOUSAND, FIFTY_THOUSAND],
    ["a setting raises a ₹50,000 state", "29", 2 * LAKH, 2 * LAKH],
    ["never below Rule 138's ₹50,000", "29", 1_000_000, FIFTY_THOUSAND],
  ])("%s", (_name, stateCode, settingPaise, paise) => {
    expect(intraStateEWayBillThresholdPaise({ stateCode, date: "2026-09-01", settingPaise })).toBe(
      paise,
    );
  });

  // ₹60,000 + 18 %: ₹70,800 of goods.
  const goods = [
    {
      itemId: "steel",
      hsnCode: "7214",
      quantity: 1,
      gstRate: 18,
      amount: 60_000,
      cgstAmount: 5_400,
      sgstAmount: 5_400,
      igstAmount: 0,
      cessAmount: 0,
    },
  ];
  it.each([
    ["within Delhi: under its ₹1,00,000", "intra", "07", false],
    ["within Karnataka: over Rule 138's ₹50,000", "intra", "29", true],
    ["within West Bengal after 1 Jun 2026", "intra", "19", true],
    ["from Delhi to another state: Rule 138's ₹50,000", "inter", "07", true],
  ])("%s", (_name, taxKind, stateCode, needed) => {
    const threshold = intraStateEWayBillThresholdPaise({
      stateCode,
      date: "2026-09-01",
      settingPaise: null,
    });
    expect(
      needsEWayBill(readStoredDocument("salesInvoice", { taxKind, itemDetails: goods }), threshold),
    ).toBe(needed);
  });
});
