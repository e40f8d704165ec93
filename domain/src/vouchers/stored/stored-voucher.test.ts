import { describe, expect, it } from "vitest";
import { prepareVoucher, type VoucherContext } from "../engine/prepare-voucher.ts";
import { getVoucherDefinition } from "../voucher-registry.ts";
import { VOUCHER_TYPES } from "../voucher-type.ts";
import {
  type DocumentVoucherType,
  readStoredDocument,
  readStoredVoucher,
  type SettlementVoucherType,
} from "./stored-voucher.ts";

const DOCUMENT_TYPES: readonly DocumentVoucherType[] = [
  "salesInvoice",
  "purchases",
  "creditNote",
  "debitNote",
  "salesDebitNote",
  "quotation",
  "salesOrder",
  "purchaseOrder",
  "deliveryChallan",
];
const SETTLEMENT_TYPES: readonly SettlementVoucherType[] = ["receipts", "payments"];

const context: VoucherContext = {
  organisation: {
    stateCode: "27",
    gstRegistered: true,
    gstRegType: "regular",
    manageInventory: true,
  },
  systemAccounts: {
    cash: "cash",
    sales: "sales",
    purchases: "purchases",
    cgstOutput: "cgst-out",
    sgstOutput: "sgst-out",
    igstOutput: "igst-out",
    cessOutput: "cess-out",
    cgstInput: "cgst-in",
    sgstInput: "sgst-in",
    igstInput: "igst-in",
    cessInput: "cess-in",
    roundOff: "round-off",
  } as unknown as VoucherContext["systemAccounts"],
  accounts: new Map([
    [
      "party",
      {
        name: "Bharat Steel",
        nature: "Debtors",
        active: true,
        gstin: "27AAPFU0939F1ZV",
        stateCode: "27",
      },
    ],
    ["freight", { name: "Freight", nature: "Indirect Income", active: true }],
  ]) as unknown as VoucherContext["accounts"],
  items: new Map([["rice", { name: "Basmati Rice", type: "goods" as const }]]),
};

describe("the stored voucher's types", () => {
  it("names each family's voucher types as the registry does", () => {
    const family = (type: string) => getVoucherDefinition(type as never).family;
    expect(VOUCHER_TYPES.filter((type) => family(type) === "document")).toEqual(
      expect.arrayContaining([...DOCUMENT_TYPES]),
    );
    expect(VOUCHER_TYPES.filter((type) => family(type) === "document")).toHaveLength(
      DOCUMENT_TYPES.length,
    );
    expect(VOUCHER_TYPES.filter((type) => family(type) === "settlement")).toEqual([
      ...SETTLEMENT_TYPES,
    ]);
  });
});

describe("readStoredDocument", () => {
  it("reads loose-goods lines exactly: quantity × rate once, where floats went wrong", () => {
    const stored = {
      invoiceNumber: "INV-7",
      date: "2026-05-04",
      cashOrDebtorAccountId: "party",
      gstin: "27aapfu0939f1zv",
      pos: "27",
      taxKind: "intra",
      itemDetails: [
        {
          itemId: "rice",
          quantity: 100,
          rate: 68.4,
          amount: 6840,
          cgstAmount: 171,
          sgstAmount: 171,
          gstRate: 5,
        },
        {
          itemId: "rice",
          quantity: 2.5,
          rate: 33.33,
          discountType: "amount",
          discount: 3.33,
          amount: 80,
          gstRate: 5,
          cgstAmount: 2,
          sgstAmount: 2,
        },
      ],
      accountDetails: [{ accountId: "freight", amount: 100.5, gstRate: 18, igstAmount: 0 }],
      billWiseEntries: [{ entryId: "inv-1", amount: 12.34 }],
      grossAmount: 7020.5,
      totalAmount: 7366,
      roundOffAmount: -0.23,
    };
    const document = readStoredDocument("salesInvoice", JSON.stringify(stored));
    expect(document.family).toBe("document");
    expect(document.number).toBe("INV-7");
    expect(document.gstin).toBe("27AAPFU0939F1ZV");
    expect(document.taxKind).toBe("intra");
    expect(
      document.itemLines.map((line) => [line.quantityMilli, line.ratePaise, line.grossPaise]),
    ).toEqual([
      [100_000, 6840, 684_000],
      [2500, 3333, 8333],
    ]);
    expect(document.itemLines[1]).toMatchObject({
      discountPaise: 333,
      discount: { kind: "amount", paise: 333 },
      taxablePaise: 8000,
      cgstPaise: 200,
    });
    expect(document.accountLines[0]).toMatchObject({
      accountId: "freight",
      taxablePaise: 10_050,
      gstRate: 18,
    });
    expect(document.billWise).toEqual([{ entryId: "inv-1", amountPaise: 1234 }]);
    expect(document).toMatchObject({
      grossPaise: 702_050,
      totalPaise: 736_600,
      roundOffPaise: -23,
    });
  });

  it("reads what prepareVoucher stored, figure for figure", () => {
    const prepared = prepareVoucher(
      "salesInvoice",
      {
        organisationId: "org",
        year: "2026-27",
        date: "2026-05-04",
        invoiceNumber: "INV-1",
        cashOrDebtorAccountId: "party",
        gstin: "27AAPFU0939F1ZV",
        itemDetails: [
          {
            itemId: "rice",
            quantity: 2.5,
            rate: 33.33,
            discountType: "percent",
            discount: 10,
            amount: 75,
            gstRate: 5,
          },
        ],
        accountDetails: [],
      },
      context,
    );
    const document = readStoredDocument("salesInvoice", prepared.document);
    const [line] = document.itemLines;
    expect(line).toMatchObject({
      quantityMilli: 2500,
      ratePaise: 3333,
      grossPaise: 8333,
      discountPaise: 833,
    });
    expect(line?.taxablePaise).toBe(7500);
    expect(document.totalPaise).toBe(prepared.amountPaise);
    // ₹75 at 5 % within the state: 2.5 % of it, ₹1.875, rounds to ₹1.88 for CGST and for SGST.
    expect([document.cgstPaise, document.sgstPaise]).toEqual([188, 188]);
  });

  it("refuses a voucher of another family and a document that is not an object", () => {
    expect(() => readStoredDocument("receipts", {})).toThrow(TypeError);
    expect(() => readStoredVoucher("salesInvoice", "[1]")).toThrow("must be a JSON object");
    expect(() => readStoredVoucher("salesInvoice", "null")).toThrow(TypeError);
  });

  it("reads an old document with missing figures as zeros and nulls", () => {
    const document = readStoredDocument("purchases", {
      itemDetails: [{ quantity: 1.0005, rate: 10 }],
    });
    expect(document).toMatchObject({ number: "", gstin: null, taxKind: null, totalPaise: 0 });
    expect(document.itemLines[0]).toMatchObject({
      quantityMilli: 1001,
      grossPaise: 1001,
      discount: null,
    });
  });
});

describe("readStoredVoucher for account-line vouchers", () => {
  it("reads receipts, payments, transfers and journals in paise", () => {
    expect(
      readStoredVoucher("receipts", {
        voucherNumber: "R-1",
        receivedAccountId: "cash",
        receivedAmount: 150.1,
        entries: [
          { accountId: "party", amount: 150.1, billWiseEntries: [{ entryId: "i", amount: 0.1 }] },
        ],
      }),
    ).toMatchObject({
      family: "settlement",
      number: "R-1",
      cashOrBankAccountId: "cash",
      amountPaise: 15_010,
      entries: [
        { accountId: "party", amountPaise: 15_010, billWise: [{ entryId: "i", amountPaise: 10 }] },
      ],
    });
    expect(
      readStoredVoucher("payments", { paidAccountId: "bank", paidAmount: 5, entries: [] }),
    ).toMatchObject({ cashOrBankAccountId: "bank", amountPaise: 500 });
    expect(
      readStoredVoucher("fundTransfer", {
        paidAccountId: "a",
        receivedAccountId: "b",
        paidAmount: 0.07,
      }),
    ).toMatchObject({ family: "transfer", fromAccountId: "a", toAccountId: "b", amountPaise: 7 });
    expect(
      readStoredVoucher("journalEntry", {
        entries: [
          { accountId: "a", debitAmount: 1.1, creditAmount: 0 },
          { accountId: "b", debitAmount: 0, creditAmount: 1.1 },
        ],
      }),
    ).toMatchObject({
      family: "journal",
      entries: [
        { accountId: "a", debitPaise: 110, creditPaise: 0 },
        { accountId: "b", debitPaise: 0, creditPaise: 110 },
      ],
    });
  });
});
