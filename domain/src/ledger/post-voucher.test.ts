import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeDocument } from "../gst/compute/compute-document.ts";
import { documentInputArbitrary } from "../gst/compute/test-arbitraries.ts";
import { UnbalancedPostingsError } from "./ledger-error.ts";
import { postCreditNote, postDebitNote, postPurchase, postSalesInvoice } from "./post-document.ts";
import { type PostableVoucher, postVoucher } from "./post-voucher.ts";
import { sumPostings } from "./posting.ts";
import { accounts } from "./test-accounts.ts";

// A small pool of ids, system accounts among them, so that lines often share an account.
const accountId = fc.constantFrom(
  "customer",
  "bank",
  "rent",
  "sales",
  "cash",
  "roundOff",
  "inputIgst",
);
const amount = fc.integer({ min: 1, max: 1_000_000_000_000 });

const documentVoucher = documentInputArbitrary.chain((input) => {
  const computed = computeDocument(input);
  return fc.record({
    type: fc.constantFrom(
      "salesInvoice" as const,
      "purchases" as const,
      "creditNote" as const,
      "debitNote" as const,
    ),
    partyAccountId: accountId,
    computed: fc.constant(computed),
    itemLineAccountIds: fc.array(fc.option(accountId, { nil: undefined }), {
      minLength: computed.itemLines.length,
      maxLength: computed.itemLines.length,
    }),
    accountLineAccountIds: fc.array(accountId, {
      minLength: computed.accountLines.length,
      maxLength: computed.accountLines.length,
    }),
  });
});

const entries = (excluded: string) =>
  fc.array(
    fc.record({ accountId: accountId.filter((id) => id !== excluded), amountPaise: amount }),
    {
      minLength: 1,
      maxLength: 6,
    },
  );
const total = (lines: { amountPaise: number }[]) =>
  lines.reduce((sum, line) => sum + line.amountPaise, 0);

const receipt = entries("bank").map(
  (lines): PostableVoucher => ({
    type: "receipts",
    receivedAccountId: "bank",
    receivedAmountPaise: total(lines),
    entries: lines,
  }),
);

const payment = entries("cash").map(
  (lines): PostableVoucher => ({
    type: "payments",
    paidAccountId: "cash",
    paidAmountPaise: total(lines),
    entries: lines,
  }),
);

const fundTransfer = fc
  .uniqueArray(accountId, { minLength: 2, maxLength: 2 })
  .chain(([paidAccountId = "", receivedAccountId = ""]) =>
    amount.map(
      (amountPaise): PostableVoucher => ({
        type: "fundTransfer",
        paidAccountId,
        receivedAccountId,
        amountPaise,
      }),
    ),
  );

// Each debit is matched by a credit of the same amount on any account, then the lines are shuffled.
const journalEntry = fc
  .array(fc.tuple(accountId, accountId, amount), { minLength: 1, maxLength: 6 })
  .chain((pairs) => {
    const lines = pairs.flatMap(([debitAccount, creditAccount, paise]) => [
      { accountId: debitAccount, debitPaise: paise, creditPaise: 0 },
      { accountId: creditAccount, debitPaise: 0, creditPaise: paise },
    ]);
    return fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length });
  })
  .map((lines): PostableVoucher => ({ type: "journalEntry", entries: lines }));

const anyVoucher: fc.Arbitrary<PostableVoucher> = fc.oneof(
  documentVoucher,
  receipt,
  payment,
  fundTransfer,
  journalEntry,
);

const documentPosters = {
  salesInvoice: postSalesInvoice,
  purchases: postPurchase,
  creditNote: postCreditNote,
  debitNote: postDebitNote,
};

describe("postVoucher", () => {
  it("posts receipts, payments, fund transfers and journals through one entry point", () => {
    expect(
      postVoucher(
        {
          type: "receipts",
          receivedAccountId: "bank",
          receivedAmountPaise: 118000,
          entries: [{ accountId: "customer", amountPaise: 118000 }],
        },
        accounts,
      ),
    ).toEqual([
      { accountId: "bank", amountPaise: 118000 },
      { accountId: "customer", amountPaise: -118000 },
    ]);
    expect(
      postVoucher(
        {
          type: "payments",
          paidAccountId: "bank",
          paidAmountPaise: 5000,
          entries: [{ accountId: "rent", amountPaise: 5000 }],
        },
        accounts,
      ),
    ).toEqual([
      { accountId: "rent", amountPaise: 5000 },
      { accountId: "bank", amountPaise: -5000 },
    ]);
    expect(
      postVoucher(
        {
          type: "fundTransfer",
          paidAccountId: "bank",
          receivedAccountId: "cash",
          amountPaise: 700,
        },
        accounts,
      ),
    ).toEqual([
      { accountId: "cash", amountPaise: 700 },
      { accountId: "bank", amountPaise: -700 },
    ]);
  });

  it("merges a journal's lines on one account, leaving nothing when they cancel", () => {
    expect(
      postVoucher(
        {
          type: "journalEntry",
          entries: [
            { accountId: "rent", debitPaise: 300, creditPaise: 0 },
            { accountId: "rent", debitPaise: 200, creditPaise: 0 },
            { accountId: "cash", debitPaise: 0, creditPaise: 500 },
          ],
        },
        accounts,
      ),
    ).toEqual([
      { accountId: "rent", amountPaise: 500 },
      { accountId: "cash", amountPaise: -500 },
    ]);
    expect(
      postVoucher(
        {
          type: "journalEntry",
          entries: [
            { accountId: "rent", debitPaise: 500, creditPaise: 0 },
            { accountId: "rent", debitPaise: 0, creditPaise: 500 },
          ],
        },
        accounts,
      ),
    ).toEqual([]);
  });

  it("refuses a computed document whose total was altered after computing", () => {
    const computed = computeDocument({
      supplierStateCode: "27",
      placeOfSupply: "27",
      gstApplicable: true,
      supplyType: "regular",
      itemLines: [{ quantity: 1, ratePaise: 10000, gstRate: 18 }],
    });
    const attempt = () =>
      postVoucher(
        {
          type: "salesInvoice",
          partyAccountId: "customer",
          computed: { ...computed, totalPaise: computed.totalPaise + 100 },
          accountLineAccountIds: [],
        },
        accounts,
      );
    expect(attempt).toThrow(UnbalancedPostingsError);
    expect(attempt).toThrow("Postings do not balance: debits exceed credits by 1.00.");
  });
});

describe("postVoucher: properties", () => {
  it("every posting type's raw postings sum to zero for random valid documents", () => {
    fc.assert(
      fc.property(documentVoucher, (voucher) => {
        expect(sumPostings(documentPosters[voucher.type](voucher, accounts))).toBe(0);
      }),
    );
  });

  it("postVoucher's result balances, has one line per account and no zero amounts", () => {
    fc.assert(
      fc.property(anyVoucher, (voucher) => {
        const postings = postVoucher(voucher, accounts);
        expect(sumPostings(postings)).toBe(0);
        expect(postings.every((posting) => posting.amountPaise !== 0)).toBe(true);
        expect(new Set(postings.map((posting) => posting.accountId)).size).toBe(postings.length);
      }),
      { numRuns: 500 },
    );
  });

  it("a document's party carries its total, on the debit side for sales and debit notes", () => {
    fc.assert(
      fc.property(documentVoucher, (voucher) => {
        const raw = documentPosters[voucher.type](voucher, accounts);
        // A party id that is also a line or tax account nets with that line; skip those.
        fc.pre(raw.filter((posting) => posting.accountId === voucher.partyAccountId).length === 1);
        const party = postVoucher(voucher, accounts).find(
          (posting) => posting.accountId === voucher.partyAccountId,
        );
        const sign = voucher.type === "salesInvoice" || voucher.type === "debitNote" ? 1 : -1;
        expect((party?.amountPaise ?? 0) === sign * voucher.computed.totalPaise).toBe(true);
      }),
    );
  });
});
