import { describe, expect, it } from "vitest";
import { expectInputError } from "../gst/compute/test-errors.ts";
import { LedgerError, UnbalancedJournalError } from "./ledger-error.ts";
import { type JournalLine, postJournalEntry } from "./post-journal-entry.ts";

const line = (accountId: string, debitPaise: number, creditPaise: number): JournalLine => ({
  accountId,
  debitPaise,
  creditPaise,
});

describe("postJournalEntry", () => {
  it("posts each line on its side", () => {
    // Depreciation ₹12,000 split over two assets.
    expect(
      postJournalEntry({
        entries: [
          line("depreciation", 1200000, 0),
          line("furniture", 0, 700000),
          line("computers", 0, 500000),
        ],
      }),
    ).toEqual([
      { accountId: "depreciation", amountPaise: 1200000 },
      { accountId: "furniture", amountPaise: -700000 },
      { accountId: "computers", amountPaise: -500000 },
    ]);
  });

  it("says by how much debits and credits differ", () => {
    const attempt = () =>
      postJournalEntry({ entries: [line("rent", 100000, 0), line("cash", 0, 90000)] });
    expect(attempt).toThrow(
      "Debit and credit totals must be equal: debit 1,000.00, credit 900.00 (difference 100.00).",
    );
    try {
      attempt();
    } catch (error) {
      expect(error).toBeInstanceOf(UnbalancedJournalError);
      expect(error).toBeInstanceOf(LedgerError);
      const unbalanced = error as UnbalancedJournalError;
      expect([unbalanced.debitPaise, unbalanced.creditPaise, unbalanced.differencePaise]).toEqual([
        100000, 90000, 10000,
      ]);
      expect(unbalanced.path).toEqual(["entries"]);
      expect(unbalanced.name).toBe("UnbalancedJournalError");
    }
    expect(() =>
      postJournalEntry({ entries: [line("rent", 90000, 0), line("cash", 0, 100000)] }),
    ).toThrow(
      "Debit and credit totals must be equal: debit 900.00, credit 1,000.00 (difference 100.00).",
    );
  });

  it.each<[string, JournalLine[], string, (string | number)[]]>([
    ["no lines", [], "Add at least two lines.", ["entries"]],
    [
      "a line with both a debit and a credit",
      [line("rent", 100, 0), line("cash", 100, 100)],
      "Line 2: enter either a debit or a credit amount, not both.",
      ["entries", 1],
    ],
    [
      "a line with neither",
      [line("rent", 0, 0)],
      "Line 1: enter a debit or a credit amount.",
      ["entries", 0],
    ],
    [
      "a negative amount",
      [line("rent", -100, 0)],
      "Line 1: amounts must be zero or more, in whole paise.",
      ["entries", 0, "debitPaise"],
    ],
    [
      "a fractional paisa",
      [line("rent", 0, 0.5)],
      "Line 1: amounts must be zero or more, in whole paise.",
      ["entries", 0, "creditPaise"],
    ],
    [
      "a line without account",
      [line("", 100, 0)],
      "Line 1: choose an account.",
      ["entries", 0, "accountId"],
    ],
    [
      "totals beyond exact arithmetic",
      [line("a", Number.MAX_SAFE_INTEGER, 0), line("b", Number.MAX_SAFE_INTEGER, 0)],
      "The journal's totals are too large.",
      ["entries"],
    ],
  ])("refuses %s", (_name, entries, message, path) => {
    expectInputError(() => postJournalEntry({ entries }), LedgerError, message, path);
  });
});
