import { describe, expect, it } from "vitest";
import { expectInputError } from "../gst/compute/test-errors.ts";
import { LedgerError } from "./ledger-error.ts";
import { postFundTransfer } from "./post-fund-transfer.ts";

describe("postFundTransfer", () => {
  it("Dr the received account; Cr the paid account", () => {
    expect(
      postFundTransfer({ paidAccountId: "cash", receivedAccountId: "bank", amountPaise: 2500000 }),
    ).toEqual([
      { accountId: "bank", amountPaise: 2500000 },
      { accountId: "cash", amountPaise: -2500000 },
    ]);
  });

  it.each([
    [
      "the same account twice",
      { receivedAccountId: "cash" },
      "Paid and received accounts must be different.",
      ["receivedAccountId"],
    ],
    ["no paid account", { paidAccountId: "" }, "Choose the account paid from.", ["paidAccountId"]],
    [
      "no received account",
      { receivedAccountId: "" },
      "Choose the account received into.",
      ["receivedAccountId"],
    ],
    ["a zero amount", { amountPaise: 0 }, "Amount must be greater than zero.", ["amountPaise"]],
    [
      "a negative amount",
      { amountPaise: -100 },
      "Amount must be greater than zero.",
      ["amountPaise"],
    ],
    [
      "a fractional paisa",
      { amountPaise: 1.5 },
      "Amount must be greater than zero.",
      ["amountPaise"],
    ],
  ])("refuses %s", (_name, change, message, path) => {
    const attempt = () =>
      postFundTransfer({
        paidAccountId: "cash",
        receivedAccountId: "bank",
        amountPaise: 100,
        ...change,
      });
    expectInputError(attempt, LedgerError, message, path);
  });
});
