import { describe, expect, it } from "vitest";
import { computeDocument, type DocumentInput } from "../gst/compute/compute-document.ts";
import { expectInputError } from "../gst/compute/test-errors.ts";
import { LedgerError } from "./ledger-error.ts";
import { postCreditNote, postDebitNote, postPurchase, postSalesInvoice } from "./post-document.ts";
import { postVoucher } from "./post-voucher.ts";
import { sumPostings } from "./posting.ts";
import { accounts } from "./test-accounts.ts";

const registered = {
  gstApplicable: true,
  supplyType: "regular",
  reverseCharge: false,
  roundOff: true,
  accountLines: [],
} as const;

function compute(input: Partial<DocumentInput> & Pick<DocumentInput, "itemLines">) {
  return computeDocument({ ...registered, supplierStateCode: "27", placeOfSupply: "27", ...input });
}

// Worked by hand (see compute-document.test.ts): 3 × ₹333.33 at 18%, 1 × ₹10.10 at 5% and
// 2.5 × ₹199.99 at 12%, intra-state, each of CGST and SGST at half the rate: gross 1,510.07,
// CGST 120.25, SGST 120.25, round off +0.43, total 1,751.00.
const intraSale = compute({
  itemLines: [
    { quantity: 3, ratePaise: 33333, gstRate: 18 },
    { quantity: 1, ratePaise: 1010, gstRate: 5 },
    { quantity: 2.5, ratePaise: 19999, gstRate: 12 },
  ],
});

// Worked by hand: 10 × ₹118.50 less 10% = ₹1,066.50 and freight ₹500, both at 18% IGST:
// gross 1,566.50, IGST 281.97, round off −0.47, total 1,848.00.
const interLines = {
  itemLines: [
    { quantity: 10, ratePaise: 11850, gstRate: 18, discount: { kind: "percent", percent: 10 } },
  ],
  accountLines: [{ amountPaise: 50000, gstRate: 18 }],
} as const satisfies Partial<DocumentInput>;

// Worked by hand: legal fees ₹15,000.40 under reverse charge at 18% intra-state: CGST and SGST
// at 9% ₹1,350.036 → 1,350.04 each, not charged; total ₹15,000.40 − 0.40 = ₹15,000.00.
const rcmLegalFees = compute({
  reverseCharge: true,
  itemLines: [],
  accountLines: [{ amountPaise: 1500040, gstRate: 18 }],
});

describe("postSalesInvoice", () => {
  it("intra-state: Dr party the total, Cr sales, output CGST and SGST, and the round off", () => {
    const voucher = { partyAccountId: "customer", computed: intraSale, accountLineAccountIds: [] };
    expect(postVoucher({ type: "salesInvoice", ...voucher }, accounts)).toEqual([
      { accountId: "customer", amountPaise: 175100 },
      { accountId: "sales", amountPaise: -151007 },
      { accountId: "outputCgst", amountPaise: -12025 },
      { accountId: "outputSgst", amountPaise: -12025 },
      { accountId: "roundOff", amountPaise: -43 },
    ]);
    // The raw postings keep one line per item and the zero IGST and cess lines.
    expect(postSalesInvoice(voucher, accounts)).toHaveLength(9);
  });

  it("inter-state with an account line: Cr the freight account, output IGST; Dr a negative round off", () => {
    const computed = compute({ placeOfSupply: "29", ...interLines });
    const voucher = {
      partyAccountId: "customer",
      computed,
      itemLineAccountIds: [undefined],
      accountLineAccountIds: ["freightIncome"],
    };
    expect(postVoucher({ type: "salesInvoice", ...voucher }, accounts)).toEqual([
      { accountId: "customer", amountPaise: 184800 },
      { accountId: "sales", amountPaise: -106650 },
      { accountId: "freightIncome", amountPaise: -50000 },
      { accountId: "outputIgst", amountPaise: -28197 },
      { accountId: "roundOff", amountPaise: 47 },
    ]);
  });

  it("books each item line to its own income account and merges lines on one account", () => {
    const computed = compute({
      itemLines: [
        { quantity: 1, ratePaise: 10000, gstRate: -2 },
        { quantity: 1, ratePaise: 20000, gstRate: -2 },
        { quantity: 1, ratePaise: 30000, gstRate: -2 },
      ],
      accountLines: [{ amountPaise: 5000, gstRate: -2 }],
    });
    const postings = postVoucher(
      {
        type: "salesInvoice",
        partyAccountId: "cash",
        computed,
        itemLineAccountIds: ["serviceIncome", "", undefined],
        accountLineAccountIds: ["sales"],
      },
      accounts,
    );
    expect(postings).toEqual([
      { accountId: "cash", amountPaise: 65000 },
      { accountId: "serviceIncome", amountPaise: -10000 },
      { accountId: "sales", amountPaise: -55000 },
    ]);
  });

  it("under reverse charge posts no output tax: the recipient pays it", () => {
    // Worked by hand: goods transport ₹2,000 at 5% to another state under reverse charge:
    // IGST ₹100 computed, not charged; the customer owes ₹2,000.
    const computed = compute({
      placeOfSupply: "07",
      reverseCharge: true,
      itemLines: [{ quantity: 1, ratePaise: 200000, gstRate: 5 }],
    });
    expect(computed.igstPaise).toBe(10000);
    expect(
      postVoucher(
        { type: "salesInvoice", partyAccountId: "customer", computed, accountLineAccountIds: [] },
        accounts,
      ),
    ).toEqual([
      { accountId: "customer", amountPaise: 200000 },
      { accountId: "sales", amountPaise: -200000 },
    ]);
  });
});

describe("postPurchase", () => {
  it("inter-state: Dr purchases, freight and input IGST; Cr the round off and the supplier", () => {
    const computed = compute({ supplierStateCode: "29", placeOfSupply: "27", ...interLines });
    expect(
      postVoucher(
        {
          type: "purchases",
          partyAccountId: "supplier",
          computed,
          accountLineAccountIds: ["freightInward"],
        },
        accounts,
      ),
    ).toEqual([
      { accountId: "purchases", amountPaise: 106650 },
      { accountId: "freightInward", amountPaise: 50000 },
      { accountId: "inputIgst", amountPaise: 28197 },
      { accountId: "roundOff", amountPaise: -47 },
      { accountId: "supplier", amountPaise: -184800 },
    ]);
  });

  it("under reverse charge books both the input credit and the output liability", () => {
    const voucher = {
      partyAccountId: "advocate",
      computed: rcmLegalFees,
      accountLineAccountIds: ["legalFees"],
    };
    const postings = postVoucher({ type: "purchases", ...voucher }, accounts);
    expect(postings).toEqual([
      { accountId: "legalFees", amountPaise: 1500040 },
      { accountId: "inputCgst", amountPaise: 135004 },
      { accountId: "inputSgst", amountPaise: 135004 },
      { accountId: "rcmCgstPayable", amountPaise: -135004 },
      { accountId: "rcmSgstPayable", amountPaise: -135004 },
      { accountId: "roundOff", amountPaise: -40 },
      { accountId: "advocate", amountPaise: -1500000 },
    ]);
    expect(sumPostings(postPurchase(voucher, accounts))).toBe(0);
  });
});

describe("postCreditNote and postDebitNote", () => {
  it("a credit note (sales return) reverses the sale: Dr sales and output tax, Cr the customer", () => {
    expect(
      postVoucher(
        {
          type: "creditNote",
          partyAccountId: "customer",
          computed: intraSale,
          accountLineAccountIds: [],
        },
        accounts,
      ),
    ).toEqual([
      { accountId: "customer", amountPaise: -175100 },
      { accountId: "sales", amountPaise: 151007 },
      { accountId: "outputCgst", amountPaise: 12025 },
      { accountId: "outputSgst", amountPaise: 12025 },
      { accountId: "roundOff", amountPaise: 43 },
    ]);
  });

  it("a debit note (purchase return) reverses the purchase: Dr the supplier, Cr purchases and input tax", () => {
    // Worked by hand: 2 × ₹50 at 5% intra-state returned: ₹100 + CGST 2.50 + SGST 2.50 = ₹105.
    const computed = compute({ itemLines: [{ quantity: 2, ratePaise: 5000, gstRate: 5 }] });
    const voucher = { partyAccountId: "supplier", computed, accountLineAccountIds: [] };
    expect(postVoucher({ type: "debitNote", ...voucher }, accounts)).toEqual([
      { accountId: "purchases", amountPaise: -10000 },
      { accountId: "inputCgst", amountPaise: -250 },
      { accountId: "inputSgst", amountPaise: -250 },
      { accountId: "supplier", amountPaise: 10500 },
    ]);
    expect(postDebitNote(voucher, accounts)).toEqual(
      postPurchase(voucher, accounts).map((posting) => ({
        ...posting,
        amountPaise: 0 - posting.amountPaise,
      })),
    );
  });

  it("a reverse-charge debit note reverses both the input credit and the RCM liability", () => {
    expect(
      postVoucher(
        {
          type: "debitNote",
          partyAccountId: "advocate",
          computed: rcmLegalFees,
          accountLineAccountIds: ["legalFees"],
        },
        accounts,
      ),
    ).toEqual([
      { accountId: "legalFees", amountPaise: -1500040 },
      { accountId: "inputCgst", amountPaise: -135004 },
      { accountId: "inputSgst", amountPaise: -135004 },
      { accountId: "rcmCgstPayable", amountPaise: 135004 },
      { accountId: "rcmSgstPayable", amountPaise: 135004 },
      { accountId: "roundOff", amountPaise: 40 },
      { accountId: "advocate", amountPaise: 1500000 },
    ]);
  });

  it("a credit note keeps the same accounts as the sale it returns", () => {
    const voucher = { partyAccountId: "customer", computed: intraSale, accountLineAccountIds: [] };
    expect(postCreditNote(voucher, accounts).map((posting) => posting.accountId)).toEqual(
      postSalesInvoice(voucher, accounts).map((posting) => posting.accountId),
    );
  });
});

describe("postVoucher: a debit note to a customer (decision 066)", () => {
  it("intra-state price rise: Dr the customer, Cr sales, output CGST and SGST", () => {
    // Worked by hand: a rate difference of ₹2,000 at 18% intra-state: CGST 180, SGST 180, ₹2,360.
    const computed = compute({ itemLines: [{ quantity: 1, ratePaise: 200000, gstRate: 18 }] });
    const voucher = { partyAccountId: "customer", computed, accountLineAccountIds: [] };
    expect(postVoucher({ type: "salesDebitNote", ...voucher }, accounts)).toEqual([
      { accountId: "customer", amountPaise: 236000 },
      { accountId: "sales", amountPaise: -200000 },
      { accountId: "outputCgst", amountPaise: -18000 },
      { accountId: "outputSgst", amountPaise: -18000 },
    ]);
  });

  it("inter-state: Dr the customer, Cr sales and output IGST (the place of supply decides)", () => {
    // Worked by hand: ₹1,066.50 + ₹500 at 18% IGST = ₹281.97; round off −0.47; total ₹1,848.
    const computed = compute({ ...interLines, placeOfSupply: "29" });
    const voucher = {
      partyAccountId: "customer",
      computed,
      accountLineAccountIds: ["freightIncome"],
    };
    expect(postVoucher({ type: "salesDebitNote", ...voucher }, accounts)).toEqual([
      { accountId: "customer", amountPaise: 184800 },
      { accountId: "sales", amountPaise: -106650 },
      { accountId: "freightIncome", amountPaise: -50000 },
      { accountId: "outputIgst", amountPaise: -28197 },
      { accountId: "roundOff", amountPaise: 47 },
    ]);
  });
});

describe("document vouchers: invalid input", () => {
  const computed = compute({ itemLines: [], accountLines: [{ amountPaise: 100, gstRate: 18 }] });

  it.each([
    [
      "no party",
      { partyAccountId: "", accountLineAccountIds: ["freight"] },
      "Choose the party account.",
      ["partyAccountId"],
    ],
    [
      "fewer account ids than account lines",
      { partyAccountId: "customer", accountLineAccountIds: [] },
      "Choose one account for each account line.",
      ["accountLineAccountIds"],
    ],
    [
      "an empty account id",
      { partyAccountId: "customer", accountLineAccountIds: [""] },
      "Choose an account for account line 1.",
      ["accountLineAccountIds", 0],
    ],
  ])("refuses %s", (_name, fields, message, path) => {
    for (const post of [postSalesInvoice, postPurchase, postCreditNote, postDebitNote]) {
      expectInputError(() => post({ computed, ...fields }, accounts), LedgerError, message, path);
    }
  });
});
