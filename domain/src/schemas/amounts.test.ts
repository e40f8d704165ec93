import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EXEMPT_RATE, GST_RATES, MAX_CESS_RATE, NO_GST_RATE } from "../gst/rates/index.ts";
import { rupeesToPaise } from "../money/index.ts";
import {
  CessRate,
  DiscountPercent,
  GstRateValue,
  hasAtMostDecimals,
  NonNegativeQuantity,
  NonNegativeRupeeAmount,
  PositiveRupeeAmount,
  Quantity,
  RupeeAmount,
} from "./amounts.ts";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("RupeeAmount", () => {
  it.each([0, 1, -1, 0.1, 0.29, 1234.56, -99.99, 999_999_999_999.99, -999_999_999_999.99])(
    "accepts %d",
    (value) => {
      expect(RupeeAmount.parse(value)).toBe(value);
    },
  );

  it.each([
    [1.005, "Amount can have at most 2 decimals."],
    [0.001, "Amount can have at most 2 decimals."],
    [1e12, "Amount must be less than 1 lakh crore."],
    [-1e12, "Amount must be less than 1 lakh crore."],
    [Number.POSITIVE_INFINITY, "Amount must be a number."],
    [Number.NaN, "Amount must be a number."],
    ["10", "Amount must be a number."],
    [null, "Amount must be a number."],
  ])("refuses %s: %s", (value, message) => {
    expect(firstMessage(RupeeAmount.safeParse(value))).toBe(message);
  });

  it("accepts every whole number of paise below the limit, as a 2-decimal number", () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999_999, max: 99_999_999_999_999 }), (paise) => {
        const rupees = paise / 100;
        expect(RupeeAmount.safeParse(rupees).success).toBe(true);
        expect(rupeesToPaise(rupees)).toBe(paise);
      }),
    );
  });
});

describe("an amount that fails", () => {
  it("gets one message, the first that applies", () => {
    expect(NonNegativeRupeeAmount.safeParse(-0.001).error?.issues).toEqual([
      expect.objectContaining({ message: "Amount can have at most 2 decimals." }),
    ]);
    expect(RupeeAmount.safeParse(1e12 + 0.5).error?.issues).toHaveLength(1);
  });
});

describe("signed variants", () => {
  it.each([
    [NonNegativeRupeeAmount, 0, undefined],
    [NonNegativeRupeeAmount, -0.01, "Amount cannot be negative."],
    [PositiveRupeeAmount, 0.01, undefined],
    [PositiveRupeeAmount, 0, "Amount must be more than zero."],
    [PositiveRupeeAmount, 1.234, "Amount can have at most 2 decimals."],
  ] as const)("%#: %d -> %s", (schema, value, message) => {
    expect(firstMessage(schema.safeParse(value))).toBe(message);
  });
});

describe("quantities", () => {
  it.each([
    [Quantity, 1.125, undefined],
    [Quantity, 0, "Quantity must be more than zero."],
    [Quantity, 1.0001, "Quantity can have at most 3 decimals."],
    [Quantity, 1e9, "Quantity must be less than 100 crore."],
    [Quantity, "2", "Quantity must be a number."],
    [NonNegativeQuantity, 0, undefined],
    [NonNegativeQuantity, -1, "Quantity cannot be negative."],
  ] as const)("%#: %s -> %s", (schema, value, message) => {
    expect(firstMessage(schema.safeParse(value))).toBe(message);
  });
});

describe("percentages and rates", () => {
  it.each([
    [DiscountPercent, 100, undefined],
    [DiscountPercent, 100.01, "Discount cannot be more than 100."],
    [DiscountPercent, -1, "Discount cannot be negative."],
    [DiscountPercent, 12.345, "Discount can have at most 2 decimals."],
    [CessRate, 290, undefined],
    [CessRate, 12.5, undefined],
    [CessRate, 0, undefined],
    [CessRate, MAX_CESS_RATE, undefined],
    [CessRate, -1, "Cess rate cannot be negative."],
    [CessRate, -1.234, "Cess rate cannot be negative."],
    [CessRate, 1001, "Cess rate cannot be more than 1000."],
    [CessRate, 1.234, "Cess rate can have at most 2 decimals."],
    [CessRate, 0.1 + 0.2, "Cess rate can have at most 2 decimals."],
    [CessRate, "12", "Cess rate must be a number."],
  ] as const)("%#: %s -> %s", (schema, value, message) => {
    expect(firstMessage(schema.safeParse(value))).toBe(message);
  });
});

describe("GstRateValue (gst/rates' isValidGstRateCode)", () => {
  const RATE_MESSAGE = "GST rate must be a percentage, -1 (Exempt) or -2 (none).";

  it("accepts every rate of the dropdown table, Exempt (-1) and none (-2)", () => {
    for (const { code } of GST_RATES) expect(GstRateValue.parse(code)).toBe(code);
    expect(GstRateValue.parse(EXEMPT_RATE)).toBe(-1);
    expect(GstRateValue.parse(NO_GST_RATE)).toBe(-2);
  });

  it.each([0, 0.25, 1.5, 3, 18, 40, 100, 17])(
    "accepts %d: any percentage with at most 2 decimals is a code (gst/rates README)",
    (rate) => {
      expect(GstRateValue.safeParse(rate).success).toBe(true);
    },
  );

  it.each([
    [-3, RATE_MESSAGE],
    [-0.5, RATE_MESSAGE],
    [101, RATE_MESSAGE],
    [17.125, RATE_MESSAGE],
    [0.125, RATE_MESSAGE],
    [0.1 + 0.2, RATE_MESSAGE],
    ["18", "GST rate must be a number."],
    [Number.NaN, "GST rate must be a number."],
  ])("refuses %s", (rate, message) => {
    expect(firstMessage(GstRateValue.safeParse(rate))).toBe(message);
  });
});

describe("hasAtMostDecimals (money's exact decimal reading)", () => {
  it.each([
    [1.1, 1, true],
    [1.15, 1, false],
    [2, 0, true],
    [0.123, 3, true],
    [0.29, 2, true],
    [1.005, 2, false],
    [0.1 + 0.2, 2, false],
    [1e21, 0, true],
    [Number.NaN, 2, false],
    [Number.POSITIVE_INFINITY, 2, false],
  ])("%d with %d places -> %s", (value, places, expected) => {
    expect(hasAtMostDecimals(value, places)).toBe(expected);
  });
});
