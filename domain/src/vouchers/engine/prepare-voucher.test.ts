import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { sumPostings } from "../../ledger/posting.ts";
import {
  DeclaredTotalsError,
  prepareVoucher,
  type VoucherAccount,
  type VoucherContext,
} from "./prepare-voucher.ts";
import { VoucherError } from "./voucher-error.ts";

const SYSTEM = {
  sales: "sales",
  purchases: "purchases",
  outputCgst: "out-cgst",
  outputSgst: "out-sgst",
  outputIgst: "out-igst",
  outputCess: "out-cess",
  inputCgst: "in-cgst",
  inputSgst: "in-sgst",
  inputIgst: "in-igst",
  inputCess: "in-cess",
  rcmCgstPayable: "rcm-cgst",
  rcmSgstPayable: "rcm-sgst",
  rcmIgstPayable: "rcm-igst",
  rcmCessPayable: "rcm-cess",
  roundOff: "round-off",
  cash: "cash",
};

const NO_GST = { gstin: null, stateCode: null, gstType: null };
const accounts = new Map<string, VoucherAccount>([
  ["cash", { name: "Cash", nature: "Cash", active: true, ...NO_GST }],
  ["bank", { name: "HDFC Bank", nature: "Bank", active: true, ...NO_GST }],
  ["ravi", { name: "Ravi Stores", nature: "Debtors", active: true, ...NO_GST }],
  [
    "mehta",
    {
      name: "Mehta Supplies",
      nature: "Creditors",
      active: true,
      gstin: "27AAPFU0939F1ZV",
      stateCode: "27",
      gstType: "regular",
    },
  ],
  ["freight", { name: "Freight Charges", nature: "Direct Income", active: true, ...NO_GST }],
  ["rent", { name: "Rent", nature: "Indirect Expense", active: true, ...NO_GST }],
  ["old", { name: "Old Party", nature: "Debtors", active: false, ...NO_GST }],
]);

const context: VoucherContext = {
  organisation: {
    stateCode: "27",
    gstRegistered: true,
    gstRegType: "regular",
    manageInventory: true,
  },
  systemAccounts: SYSTEM,
  accounts,
  items: new Map([
    ["rice", { name: "Basmati Rice", type: "goods" as const }],
    ["repair", { name: "Repair service", type: "services" as const }],
  ]),
};

const line = (over: Record<string, unknown> = {}) => ({
  itemId: "rice",
  quantity: 2,
  rate: 500,
  discountType: "percent",
  discount: 0,
  gstRate: 18,
  amount: 1000,
  ...over,
});

// Worked by hand: 2 × ₹500 = ₹1,000 taxable; 18 % intra-state = ₹90 CGST + ₹90 SGST; total ₹1,180.
const intraInvoice = {
  date: "2025-05-10",
  year: "2025-26",
  invoiceNumber: "INV-7",
  cashOrDebtorAccountId: "ravi",
  pos: "27",
  rcmApplicable: false,
  itemDetails: [line()],
  accountDetails: [],
  grossAmount: 1000,
  cgstAmount: 90,
  sgstAmount: 90,
  igstAmount: 0,
  roundOffAmount: 0,
  totalAmount: 1180,
};

describe("documents", () => {
  test("an intra-state sales invoice posts, moves stock out and keeps the server's amounts", () => {
    const prepared = prepareVoucher("salesInvoice", intraInvoice, context);
    expect(prepared.amountPaise).toBe(118_000);
    expect(prepared.postings).toEqual([
      { accountId: "ravi", amountPaise: 118_000 },
      { accountId: "sales", amountPaise: -100_000 },
      { accountId: "out-cgst", amountPaise: -9_000 },
      { accountId: "out-sgst", amountPaise: -9_000 },
    ]);
    expect(prepared.stock).toEqual([
      { lineNo: 1, itemId: "rice", quantityMilli: -2000, valuePaise: -100_000 },
    ]);
    expect(prepared.partyName).toBe("Ravi Stores");
    expect(prepared.searchTerms).toEqual(
      expect.arrayContaining(["INV-7", "Ravi Stores", "1,180.00", "1180"]),
    );
    expect(prepared.document).toMatchObject({
      totalAmount: 1180,
      cgstAmount: 90,
      taxKind: "intra",
    });
  });

  test("an inter-state invoice charges IGST", () => {
    const prepared = prepareVoucher(
      "salesInvoice",
      { ...intraInvoice, pos: "29", cgstAmount: 0, sgstAmount: 0, igstAmount: 180 },
      context,
    );
    expect(prepared.postings).toContainEqual({ accountId: "out-igst", amountPaise: -18_000 });
  });

  test("totals that disagree by more than a paisa are refused, saying what they should be", () => {
    const run = () =>
      prepareVoucher("salesInvoice", { ...intraInvoice, totalAmount: 1181 }, context);
    expect(run).toThrow(DeclaredTotalsError);
    expect(run).toThrow("Total amount should be 1,180.00, not 1,181.00");
  });

  test("a paisa of rounding difference in the declared total is accepted", () => {
    expect(
      prepareVoucher("salesInvoice", { ...intraInvoice, totalAmount: 1180.01 }, context)
        .amountPaise,
    ).toBe(118_000);
  });

  test("a reverse-charge purchase books the credit and the liability, and moves stock in", () => {
    // Worked by hand: ₹1,000 at 18 % under RCM: tax ₹180 computed but not charged; party gets ₹1,000.
    const prepared = prepareVoucher(
      "purchases",
      { ...intraInvoice, cashOrDebtorAccountId: "mehta", rcmApplicable: true, totalAmount: 1000 },
      context,
    );
    expect(prepared.postings).toEqual(
      expect.arrayContaining([
        { accountId: "purchases", amountPaise: 100_000 },
        { accountId: "in-cgst", amountPaise: 9_000 },
        { accountId: "rcm-cgst", amountPaise: -9_000 },
        { accountId: "mehta", amountPaise: -100_000 },
      ]),
    );
    expect(sumPostings(prepared.postings)).toBe(0);
    expect(prepared.stock[0]?.quantityMilli).toBe(2000);
  });

  test("a credit note for a price correction moves no stock; one for returned goods does", () => {
    const note = { ...intraInvoice, billWiseEntries: [{ entryId: "inv-1", amount: 500 }] };
    expect(prepareVoucher("creditNote", { ...note, type: "adjustment" }, context).stock).toEqual(
      [],
    );
    const returned = prepareVoucher("creditNote", { ...note, type: "return" }, context);
    expect(returned.stock[0]?.quantityMilli).toBe(2000);
    expect(returned.allocations).toEqual([
      {
        invoiceId: "inv-1",
        partyAccountId: "ravi",
        invoiceType: "salesInvoice",
        amountPaise: 50_000,
        path: "billWiseEntries.0.amount",
      },
    ]);
  });

  test("a debit note to a customer posts as a sale, moves no goods and raises the invoice it names", () => {
    const note = { ...intraInvoice, billWiseEntries: [{ entryId: "inv-1", amount: 500 }] };
    const prepared = prepareVoucher("salesDebitNote", note, context);
    expect(prepared.postings).toEqual(
      prepareVoucher("salesInvoice", intraInvoice, context).postings,
    );
    expect(prepared.postings).toEqual(
      expect.arrayContaining([
        { accountId: "ravi", amountPaise: 118_000 },
        { accountId: "sales", amountPaise: -100_000 },
      ]),
    );
    expect(prepared.stock).toEqual([]);
    // A negative allocation: the invoice's pending amount rises by the note's ₹500.
    expect(prepared.allocations).toEqual([
      {
        invoiceId: "inv-1",
        partyAccountId: "ravi",
        invoiceType: "salesInvoice",
        amountPaise: -50_000,
        path: "billWiseEntries.0.amount",
      },
    ]);
  });

  test("services move no stock, and nothing moves without inventory", () => {
    expect(
      prepareVoucher(
        "salesInvoice",
        { ...intraInvoice, itemDetails: [line({ itemId: "repair" })] },
        context,
      ).stock,
    ).toEqual([]);
    const noInventory = {
      ...context,
      organisation: { ...context.organisation, manageInventory: false },
    };
    expect(prepareVoucher("salesInvoice", intraInvoice, noInventory).stock).toEqual([]);
  });

  test("a quotation posts nothing, and a converted invoice records its source", () => {
    expect(prepareVoucher("quotation", intraInvoice, context).postings).toEqual([]);
    expect(
      prepareVoucher("salesInvoice", { ...intraInvoice, quotationId: "q-1" }, context).source,
    ).toEqual({
      type: "quotation",
      id: "q-1",
    });
  });

  test("a composition dealer charges no GST", () => {
    const composition = {
      ...context,
      organisation: { ...context.organisation, gstRegType: "composition" },
    };
    const prepared = prepareVoucher(
      "salesInvoice",
      { ...intraInvoice, cgstAmount: 0, sgstAmount: 0, totalAmount: 1000 },
      composition,
    );
    expect(prepared.amountPaise).toBe(100_000);
  });

  test.each([
    [
      { cashOrDebtorAccountId: "nobody" },
      "cashOrDebtorAccountId",
      "This account does not exist in the organisation.",
    ],
    [
      { cashOrDebtorAccountId: "old" },
      "cashOrDebtorAccountId",
      "The account Old Party is inactive.",
    ],
    [
      { itemDetails: [line({ itemId: "ghost" })] },
      "itemDetails.0.itemId",
      "This item does not exist in the organisation.",
    ],
  ])("refuses %o", (change, path, message) => {
    try {
      prepareVoucher("salesInvoice", { ...intraInvoice, ...change }, context);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(VoucherError);
      expect(error).toMatchObject({ path, message });
    }
  });
});

describe("account vouchers", () => {
  test("a receipt debits the bank and credits each party, with its allocations", () => {
    const prepared = prepareVoucher(
      "receipts",
      {
        date: "2025-06-01",
        year: "2025-26",
        receivedAccountId: "bank",
        receivedAmount: 1500,
        entries: [
          {
            accountId: "ravi",
            amount: 1000,
            billWiseEntries: [{ entryId: "inv-1", amount: 1000 }],
          },
          { accountId: "mehta", amount: 500, billWiseEntries: [] },
        ],
      },
      context,
    );
    expect(prepared.postings).toEqual([
      { accountId: "bank", amountPaise: 150_000 },
      { accountId: "ravi", amountPaise: -100_000 },
      { accountId: "mehta", amountPaise: -50_000 },
    ]);
    expect(prepared.allocations).toHaveLength(1);
    expect(prepared.partyAccountId).toBeNull();
    expect(prepared.partyName).toBe("Ravi Stores, Mehta Supplies");
  });

  test("money can only be received into cash or bank", () => {
    expect(() =>
      prepareVoucher(
        "receipts",
        {
          date: "2025-06-01",
          year: "2025-26",
          receivedAccountId: "rent",
          receivedAmount: 10,
          entries: [{ accountId: "ravi", amount: 10 }],
        },
        context,
      ),
    ).toThrow("Rent is not a Cash, Bank or Bank OD/CC account.");
  });

  test("a fund transfer moves money between two cash or bank accounts", () => {
    const prepared = prepareVoucher(
      "fundTransfer",
      {
        date: "2025-06-01",
        year: "2025-26",
        paidAccountId: "cash",
        paidAmount: 5000,
        receivedAccountId: "bank",
        receivedAmount: 5000,
      },
      context,
    );
    expect(prepared.postings).toEqual([
      { accountId: "bank", amountPaise: 500_000 },
      { accountId: "cash", amountPaise: -500_000 },
    ]);
  });

  test("a journal whose sides differ is refused, saying by how much", () => {
    const run = () =>
      prepareVoucher(
        "journalEntry",
        {
          date: "2025-06-01",
          year: "2025-26",
          entries: [
            { accountId: "rent", debitAmount: 1000, creditAmount: 0 },
            { accountId: "cash", debitAmount: 0, creditAmount: 900 },
          ],
        },
        context,
      );
    expect(run).toThrow(VoucherError);
    expect(run).toThrow(/100\.00/);
  });
});

describe("properties", () => {
  const amount = fc.integer({ min: 1, max: 10_000_000 }).map((paise) => paise / 100);

  test("every receipt and journal balances", () => {
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 6 }), (amounts) => {
        const entries = amounts.map((value, index) => ({
          accountId: index % 2 ? "ravi" : "mehta",
          amount: value,
        }));
        const total = amounts.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;
        const receipt = prepareVoucher(
          "receipts",
          {
            date: "2025-06-01",
            year: "2025-26",
            receivedAccountId: "bank",
            receivedAmount: total,
            entries,
          },
          context,
        );
        expect(sumPostings(receipt.postings)).toBe(0);
        const journal = prepareVoucher(
          "journalEntry",
          {
            date: "2025-06-01",
            year: "2025-26",
            entries: [
              ...amounts.map((value) => ({
                accountId: "rent",
                debitAmount: value,
                creditAmount: 0,
              })),
              { accountId: "cash", debitAmount: 0, creditAmount: total },
            ],
          },
          context,
        );
        expect(sumPostings(journal.postings)).toBe(0);
        expect(journal.amountPaise).toBe(Math.round(total * 100));
      }),
    );
  });

  test("every posting document balances whatever its lines, and stock follows the registry", () => {
    const itemLine = fc.record({
      itemId: fc.constantFrom("rice", "repair"),
      quantity: fc.integer({ min: 1, max: 100_000 }).map((milli) => milli / 1000),
      rate: fc.integer({ min: 0, max: 5_000_000 }).map((paise) => paise / 100),
      discountType: fc.constant("percent"),
      discount: fc.integer({ min: 0, max: 10_000 }).map((centi) => centi / 100),
      gstRate: fc.constantFrom(0, 3, 5, 12, 18, 28, 40, -1, -2),
      amount: fc.constant(0),
    });
    fc.assert(
      fc.property(
        fc.constantFrom("salesInvoice", "purchases", "creditNote", "debitNote"),
        fc.array(itemLine, { minLength: 1, maxLength: 8 }),
        fc.constantFrom("27", "29", "96"),
        fc.boolean(),
        (type, itemDetails, pos, rcmApplicable) => {
          const draft = {
            ...intraInvoice,
            pos,
            rcmApplicable,
            itemDetails,
            grossAmount: 0,
            cgstAmount: 0,
            sgstAmount: 0,
            igstAmount: 0,
            totalAmount: 0,
          };
          // Ask the engine for its figures, then send them back declared: it must accept its own.
          let declared: Record<string, unknown> = draft;
          try {
            prepareVoucher(type, draft, context);
          } catch (error) {
            if (!(error instanceof DeclaredTotalsError)) throw error;
            const fix = Object.fromEntries(
              error.mismatches.map((m) => [
                {
                  grossPaise: "grossAmount",
                  cgstPaise: "cgstAmount",
                  sgstPaise: "sgstAmount",
                  igstPaise: "igstAmount",
                  roundOffPaise: "roundOffAmount",
                  totalPaise: "totalAmount",
                }[m.field],
                m.expectedPaise / 100,
              ]),
            );
            declared = { ...draft, ...fix };
          }
          const prepared = prepareVoucher(type, declared, context);
          expect(sumPostings(prepared.postings)).toBe(0);
          const goodsLines = itemDetails.filter((l) => l.itemId === "rice").length;
          expect(prepared.stock).toHaveLength(goodsLines);
          const sign = type === "purchases" || type === "creditNote" ? 1 : -1;
          for (const movement of prepared.stock)
            expect(Math.sign(movement.quantityMilli)).toBe(sign);
        },
      ),
    );
  });
});
