import { describe, expect, it } from "vitest";
import { LedgerError, UnbalancedPostingsError } from "./ledger-error.ts";
import { assertBalanced, mergePostings, reversePostings, sumPostings } from "./posting.ts";

describe("sumPostings", () => {
  it("adds signed amounts", () => {
    expect(sumPostings([])).toBe(0);
    expect(
      sumPostings([
        { accountId: "cash", amountPaise: 118000 },
        { accountId: "sales", amountPaise: -100000 },
      ]),
    ).toBe(18000);
  });

  it("refuses amounts that are not whole paise, or a sum beyond exact arithmetic", () => {
    expect(() => sumPostings([{ accountId: "cash", amountPaise: 0.5 }])).toThrow(
      "Posting amounts must be whole numbers of paise.",
    );
    const huge = { accountId: "cash", amountPaise: Number.MAX_SAFE_INTEGER };
    expect(() => sumPostings([huge, huge])).toThrow("Posting amounts are too large.");
    expect(() => sumPostings([huge, huge])).toThrow(LedgerError);
  });
});

describe("assertBalanced", () => {
  it("accepts postings that sum to zero, and no postings at all", () => {
    expect(() =>
      assertBalanced([
        { accountId: "cash", amountPaise: 500 },
        { accountId: "sales", amountPaise: -500 },
      ]),
    ).not.toThrow();
    expect(() => assertBalanced([])).not.toThrow();
  });

  it.each([
    [10000, "Postings do not balance: debits exceed credits by 100.00."],
    [-150, "Postings do not balance: credits exceed debits by 1.50."],
  ])("reports a difference of %i paise", (difference, message) => {
    const postings = [
      { accountId: "cash", amountPaise: 100000 + difference },
      { accountId: "sales", amountPaise: -100000 },
    ];
    expect(() => assertBalanced(postings)).toThrow(message);
    try {
      assertBalanced(postings);
    } catch (error) {
      expect(error).toBeInstanceOf(UnbalancedPostingsError);
      expect(error).toBeInstanceOf(LedgerError);
      expect((error as UnbalancedPostingsError).differencePaise).toBe(difference);
      expect((error as UnbalancedPostingsError).name).toBe("UnbalancedPostingsError");
    }
  });
});

describe("mergePostings", () => {
  it("combines an account's lines in first-seen order and drops accounts that net to zero", () => {
    expect(
      mergePostings([
        { accountId: "party", amountPaise: 1000 },
        { accountId: "sales", amountPaise: -600 },
        { accountId: "outputIgst", amountPaise: 0 },
        { accountId: "freight", amountPaise: -400 },
        { accountId: "sales", amountPaise: -100 },
        { accountId: "party", amountPaise: 100 },
        { accountId: "roundOff", amountPaise: 5 },
        { accountId: "roundOff", amountPaise: -5 },
      ]),
    ).toEqual([
      { accountId: "party", amountPaise: 1100 },
      { accountId: "sales", amountPaise: -700 },
      { accountId: "freight", amountPaise: -400 },
    ]);
  });
});

describe("reversePostings", () => {
  it("swaps debit and credit without producing -0", () => {
    const reversed = reversePostings([
      { accountId: "cash", amountPaise: 500 },
      { accountId: "sales", amountPaise: -500 },
      { accountId: "roundOff", amountPaise: 0 },
    ]);
    expect(reversed).toEqual([
      { accountId: "cash", amountPaise: -500 },
      { accountId: "sales", amountPaise: 500 },
      { accountId: "roundOff", amountPaise: 0 },
    ]);
    expect(Object.is(reversed[2]?.amountPaise, 0)).toBe(true);
  });
});
