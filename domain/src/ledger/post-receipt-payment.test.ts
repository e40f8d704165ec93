import { describe, expect, it } from "vitest";
import { expectInputError } from "../gst/compute/test-errors.ts";
import { LedgerError } from "./ledger-error.ts";
import { postPayment, postReceipt } from "./post-receipt-payment.ts";

describe("postReceipt", () => {
  it("Dr the received account the total; Cr each entry", () => {
    expect(
      postReceipt({
        receivedAccountId: "bank",
        receivedAmountPaise: 150000,
        entries: [
          { accountId: "customerA", amountPaise: 100000 },
          { accountId: "customerB", amountPaise: 50000 },
        ],
      }),
    ).toEqual([
      { accountId: "bank", amountPaise: 150000 },
      { accountId: "customerA", amountPaise: -100000 },
      { accountId: "customerB", amountPaise: -50000 },
    ]);
  });

  it.each([
    [
      "an amount that differs from the entries",
      { receivedAmountPaise: 100000, entries: [{ accountId: "customer", amountPaise: 90000 }] },
      "Received amount 1,000.00 must equal the total of the entries, 900.00.",
      ["receivedAmountPaise"],
    ],
    [
      "a received amount that is not a number",
      { receivedAmountPaise: Number.NaN },
      "Received amount NaN must equal the total of the entries, 1.00.",
      ["receivedAmountPaise"],
    ],
    [
      "no received account",
      { receivedAccountId: "" },
      "Choose the received account.",
      ["receivedAccountId"],
    ],
    ["no entries", { entries: [] }, "Add at least one entry.", ["entries"]],
    [
      "an entry without account",
      { entries: [{ accountId: "", amountPaise: 100 }] },
      "Entry 1: choose an account.",
      ["entries", 0, "accountId"],
    ],
    [
      "an entry on the received account itself",
      {
        entries: [
          { accountId: "customer", amountPaise: 50 },
          { accountId: "bank", amountPaise: 50 },
        ],
      },
      "Entry 2: the account cannot be the received account itself.",
      ["entries", 1, "accountId"],
    ],
    [
      "a zero entry",
      { entries: [{ accountId: "customer", amountPaise: 0 }] },
      "Entry 1: amount must be greater than zero.",
      ["entries", 0, "amountPaise"],
    ],
    [
      "a fractional paisa",
      { entries: [{ accountId: "customer", amountPaise: 0.5 }] },
      "Entry 1: amount must be greater than zero.",
      ["entries", 0, "amountPaise"],
    ],
    [
      "entries beyond exact arithmetic",
      {
        entries: [
          { accountId: "a", amountPaise: Number.MAX_SAFE_INTEGER },
          { accountId: "b", amountPaise: Number.MAX_SAFE_INTEGER },
        ],
      },
      "The entries' total is too large.",
      ["entries"],
    ],
  ])("refuses %s", (_name, change, message, path) => {
    const attempt = () =>
      postReceipt({
        receivedAccountId: "bank",
        receivedAmountPaise: 100,
        entries: [{ accountId: "customer", amountPaise: 100 }],
        ...change,
      });
    expectInputError(attempt, LedgerError, message, path);
  });
});

describe("postPayment", () => {
  it("Dr each entry; Cr the paid account the total", () => {
    expect(
      postPayment({
        paidAccountId: "cash",
        paidAmountPaise: 1250050,
        entries: [
          { accountId: "rent", amountPaise: 1200000 },
          { accountId: "electricity", amountPaise: 50050 },
        ],
      }),
    ).toEqual([
      { accountId: "rent", amountPaise: 1200000 },
      { accountId: "electricity", amountPaise: 50050 },
      { accountId: "cash", amountPaise: -1250050 },
    ]);
  });

  it.each([
    [
      "an amount that differs from the entries",
      { paidAmountPaise: 100001 },
      "Paid amount 1,000.01 must equal the total of the entries, 1,000.00.",
      ["paidAmountPaise"],
    ],
    ["no paid account", { paidAccountId: "" }, "Choose the paid account.", ["paidAccountId"]],
    [
      "an entry on the paid account itself",
      { entries: [{ accountId: "cash", amountPaise: 100000 }] },
      "Entry 1: the account cannot be the paid account itself.",
      ["entries", 0, "accountId"],
    ],
  ])("refuses %s", (_name, change, message, path) => {
    const attempt = () =>
      postPayment({
        paidAccountId: "cash",
        paidAmountPaise: 100000,
        entries: [{ accountId: "supplier", amountPaise: 100000 }],
        ...change,
      });
    expectInputError(attempt, LedgerError, message, path);
  });
});
