import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { postJournalEntry, UnbalancedJournalError } from "../ledger/index.ts";
import {
  FundTransferEditInput,
  FundTransferInput,
  JournalEntryInput,
  PaymentEditInput,
  PaymentInput,
  ReceiptEditInput,
  ReceiptInput,
} from "./account-entries.ts";
import { buildFundTransfer, buildJournal, buildPayment, buildReceipt } from "./test-payloads.ts";

function listIssues(schema: z.ZodType, payload: unknown) {
  const result = schema.safeParse(payload);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

describe("ReceiptInput", () => {
  it("accepts entries that add up, paisa-exact", () => {
    const receipt = ReceiptInput.parse(buildReceipt());
    expect(receipt.entries[1]?.billWiseEntries).toEqual([]);
    expect(receipt.bankImportId).toBeUndefined();
  });

  it.each([
    [{ receivedAmount: 1500.51 }, "entries", "The accounts must add up to the received amount."],
    [{ receivedAmount: 0 }, "receivedAmount", "Amount must be more than zero."],
    [{ receivedAccountId: "" }, "receivedAccountId", "Received In is required."],
    [{ entries: [] }, "entries", "Add at least one account."],
    [
      { receivedAccountId: "acc-a" },
      "receivedAccountId",
      "The cash or bank account cannot also be one of the accounts.",
    ],
    [{ date: "2025-04-01" }, "date", "Date should be within current financial year."],
    [
      {
        receivedAmount: 10,
        entries: [
          { accountId: "acc-a", amount: 10, billWiseEntries: [{ entryId: "i", amount: 10.01 }] },
        ],
      },
      "entries.0.billWiseEntries",
      "Bill-wise allocations cannot be more than the line amount.",
    ],
    [
      { entries: [{ accountId: "acc-a", amount: -1 }] },
      "entries.0.amount",
      "Amount must be more than zero.",
    ],
  ])("refuses %j at %s", (overrides, path, message) => {
    expect(listIssues(ReceiptInput, buildReceipt(overrides))[0]).toEqual({ path, message });
  });

  it("edit needs the entryId", () => {
    expect(listIssues(ReceiptEditInput, buildReceipt({ version: 1 }))).toEqual([
      { path: "entryId", message: "Id is required." },
    ]);
    expect(ReceiptEditInput.parse(buildReceipt({ entryId: "r-1", version: 1 })).entryId).toBe(
      "r-1",
    );
  });
});

describe("PaymentInput", () => {
  it("adds 0.1 and 0.2 to exactly 0.3", () => {
    expect(listIssues(PaymentInput, buildPayment())).toEqual([]);
  });

  it.each([
    [{ paidAmount: 0.31 }, "entries", "The accounts must add up to the paid amount."],
    [
      { paidAccountId: "acc-b" },
      "paidAccountId",
      "The cash or bank account cannot also be one of the accounts.",
    ],
    [{ paidAccountId: undefined }, "paidAccountId", "Paid From is required."],
    [{ paidAccountId: "" }, "paidAccountId", "Paid From is required."],
    [{ entries: [{ accountId: "", amount: 0.3 }] }, "entries.0.accountId", "Account is required."],
  ])("refuses %j at %s", (overrides, path, message) => {
    expect(listIssues(PaymentInput, buildPayment(overrides))[0]).toEqual({ path, message });
  });

  it("edit keeps the rules", () => {
    expect(
      listIssues(PaymentEditInput, buildPayment({ entryId: "p-1", version: 1, paidAmount: 1 }))[0]
        ?.message,
    ).toBe("The accounts must add up to the paid amount.");
  });
});

describe("FundTransferInput", () => {
  it("accepts equal amounts between two accounts", () => {
    expect(FundTransferInput.parse(buildFundTransfer()).bankImportId).toBe("bank-line-1");
  });

  it.each([
    [{ receivedAmount: 4999.99 }, "receivedAmount", "Paid and received amounts must be equal."],
    [
      { receivedAccountId: "acc-cash" },
      "receivedAccountId",
      "Transfer from and transfer to must be different accounts.",
    ],
    [{ paidAmount: 0 }, "paidAmount", "Amount must be more than zero."],
    [{ date: "2024-03-01" }, "date", "Date should be within current financial year."],
  ])("refuses %j at %s", (overrides, path, message) => {
    expect(listIssues(FundTransferInput, buildFundTransfer(overrides))[0]).toEqual({
      path,
      message,
    });
  });

  it("edit needs the entryId", () => {
    expect(listIssues(FundTransferEditInput, buildFundTransfer({ version: 1 }))[0]?.path).toBe(
      "entryId",
    );
  });
});

describe("JournalEntryInput", () => {
  it("accepts balanced lines and defaults the empty side to 0", () => {
    const journal = JournalEntryInput.parse(buildJournal());
    expect(journal.entries[0]).toEqual({
      accountId: "acc-rent",
      debitAmount: 12000,
      creditAmount: 0,
    });
  });

  it.each([
    [
      { entries: [{ accountId: "a", debitAmount: 10 }] },
      "entries",
      "A journal entry needs at least two lines.",
    ],
    [
      {
        entries: [
          { accountId: "a", debitAmount: 10 },
          { accountId: "b", creditAmount: 9.99 },
        ],
      },
      "entries",
      "Debit and credit totals must be equal: debit 10.00, credit 9.99 (difference 0.01).",
    ],
    [
      { entries: [{ accountId: "a", debitAmount: 10, creditAmount: 10 }, { accountId: "b" }] },
      "entries.0",
      "Each line needs either a debit or a credit amount.",
    ],
    [
      {
        entries: [
          { accountId: "a", debitAmount: -10 },
          { accountId: "b", debitAmount: 10 },
        ],
      },
      "entries.0.debitAmount",
      "Amount cannot be negative.",
    ],
  ])("refuses %j at %s", (overrides, path, message) => {
    expect(listIssues(JournalEntryInput, buildJournal(overrides))[0]).toEqual({ path, message });
  });

  it("says by how much the sides differ, in the ledger's own sentence", () => {
    const entries = [
      { accountId: "acc-rent", debitAmount: 1000 },
      { accountId: "acc-cash", creditAmount: 900 },
    ];
    const message =
      "Debit and credit totals must be equal: debit 1,000.00, credit 900.00 (difference 100.00).";
    expect(listIssues(JournalEntryInput, buildJournal({ entries }))).toEqual([
      { path: "entries", message },
    ]);
    const ledgerMessage = (() => {
      try {
        postJournalEntry({
          entries: [
            { accountId: "acc-rent", debitPaise: 100000, creditPaise: 0 },
            { accountId: "acc-cash", debitPaise: 0, creditPaise: 90000 },
          ],
        });
      } catch (error) {
        return error instanceof UnbalancedJournalError ? error.message : undefined;
      }
      return undefined;
    })();
    expect(ledgerMessage).toBe(message);
  });

  it("adds 0.1 and 0.2 exactly in paise", () => {
    const entries = [
      { accountId: "a", debitAmount: 0.1 },
      { accountId: "b", debitAmount: 0.2 },
      { accountId: "c", creditAmount: 0.3 },
    ];
    expect(listIssues(JournalEntryInput, buildJournal({ entries }))).toEqual([]);
  });

  it("reports an amount with 3 decimals, without running the balance check", () => {
    const entries = [
      { accountId: "a", debitAmount: 10.555 },
      { accountId: "b", creditAmount: 10 },
    ];
    expect(listIssues(JournalEntryInput, buildJournal({ entries }))).toEqual([
      { path: "entries.0.debitAmount", message: "Amount can have at most 2 decimals." },
    ]);
  });

  it("refuses totals past the safe range instead of throwing", () => {
    // 100 lines just under 1 lakh crore: each is a valid amount, the total is not safe paise.
    const entries: { accountId: string; debitAmount?: number; creditAmount?: number }[] =
      Array.from({ length: 100 }, (_, index) => ({
        accountId: `acc-${index}`,
        debitAmount: 999_999_999_999.99,
      }));
    entries.push({ accountId: "acc-x", creditAmount: 1 });
    expect(listIssues(JournalEntryInput, buildJournal({ entries }))).toEqual([
      { path: "entries", message: "The journal's totals are too large." },
    ]);
  });
});
