import { describe, expect, test } from "vitest";
import { describeNegativeCash } from "./cash-warning.ts";

describe("describeNegativeCash (issue 40)", () => {
  test("warns when the payment takes more than the cash in hand", () => {
    expect(
      describeNegativeCash({ accountName: "Cash", balancePaise: 500_000, outgoingPaise: 799_000 }),
    ).toBe(
      "Cash goes negative: ₹5,000.00 in hand on this date, ₹7,990.00 paid out leaves ₹-2,990.00. Check for a receipt not yet entered or the date.",
    );
  });
  test("says nothing when the cash covers it, to the paisa, or nothing goes out", () => {
    expect(
      describeNegativeCash({ accountName: "Cash", balancePaise: 799_000, outgoingPaise: 799_000 }),
    ).toBeNull();
    expect(
      describeNegativeCash({ accountName: "Cash", balancePaise: -100, outgoingPaise: 0 }),
    ).toBeNull();
  });
  test("an already negative balance is shown with its sign", () => {
    expect(
      describeNegativeCash({ accountName: "Cash", balancePaise: -10_000, outgoingPaise: 5_000 }),
    ).toContain("₹-100.00 in hand");
  });
});
