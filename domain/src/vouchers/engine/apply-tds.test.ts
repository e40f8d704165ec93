import { describe, expect, test } from "vitest";
import { sumPostings } from "../../ledger/posting.ts";
import { prepareVoucher, type VoucherAccount, type VoucherContext } from "./prepare-voucher.ts";
import { VoucherError } from "./voucher-error.ts";

// Decision 300: an entry's `tds` debits the deductee and credits TDS Payable; a bill is owed net.

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
const NO_GST = { gstin: null, stateCode: "27", gstType: null };
const accounts = new Map<string, VoucherAccount>([
  ["bank", { name: "HDFC Bank", nature: "Bank", active: true, ...NO_GST }],
  ["rao", { name: "Rao", nature: "Creditors", active: true, ...NO_GST, tdsSection: "194J(b)" }],
  ["plain", { name: "Plain Supplier", nature: "Creditors", active: true, ...NO_GST }],
  ["fees", { name: "Fees", nature: "Indirect Expense", active: true, ...NO_GST }],
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
  items: new Map(),
  tdsPayableAccounts: new Map([["194J(b)", "tds-194jb"]]),
};

const bill = (party: string, tds?: Record<string, unknown>) => ({
  date: "2025-08-15",
  year: "2025-26",
  cashOrDebtorAccountId: party,
  itemDetails: [],
  accountDetails: [{ accountId: "fees", amount: 20000, gstRate: 18 }],
  ...(tds ? { tds } : {}),
});

describe("TDS in the engine", () => {
  test("a bill with TDS: Cr party 23,600 less 6,000, Cr TDS Payable 6,000; owed 17,600", () => {
    const prepared = prepareVoucher(
      "purchases",
      bill("rao", { section: "194J(b)", rate: 10, baseAmount: 60000, amount: 6000 }),
      context,
    );
    expect(sumPostings(prepared.postings)).toBe(0);
    const of = (id: string) => prepared.postings.find((p) => p.accountId === id)?.amountPaise;
    expect([of("rao"), of("tds-194jb")]).toEqual([-17_600_00, -6_000_00]);
    expect(prepared.amountPaise).toBe(17_600_00);
    expect(prepared.tds).toEqual({
      partyAccountId: "rao",
      section: "194J(b)",
      creditPaise: 20_000_00,
      basePaise: 60_000_00,
      tdsPaise: 6_000_00,
      rateBasisPoints: 1000,
      certificateBasePaise: 0,
      deductibleOn: null,
    });
  });

  test("a deduction made after the tax was deductible keeps that date (late deduction); a later one is refused", () => {
    const late = prepareVoucher(
      "purchases",
      bill("rao", {
        section: "194J(b)",
        rate: 10,
        baseAmount: 20000,
        amount: 2000,
        deductibleOn: "2025-06-10",
      }),
      context,
    );
    expect(late.tds?.deductibleOn).toBe("2025-06-10");
    const sameDay = prepareVoucher(
      "purchases",
      bill("rao", {
        section: "194J(b)",
        rate: 10,
        baseAmount: 20000,
        amount: 2000,
        deductibleOn: "2025-08-15",
      }),
      context,
    );
    expect(sameDay.tds?.deductibleOn).toBeNull();
    expect(() =>
      prepareVoucher(
        "purchases",
        bill("rao", {
          section: "194J(b)",
          rate: 10,
          baseAmount: 20000,
          amount: 2000,
          deductibleOn: "2025-08-16",
        }),
        context,
      ),
    ).toThrow("The date the tax was deductible cannot be after the entry's date.");
  });

  test("a bill to a party with a section but no TDS is still a credit the year counts; one without a section is not", () => {
    expect(prepareVoucher("purchases", bill("rao"), context).tds).toMatchObject({
      creditPaise: 20_000_00,
      tdsPaise: 0,
    });
    expect(prepareVoucher("purchases", bill("plain"), context).tds ?? null).toBeNull();
  });

  test("a journal's deductee must be credited in it", () => {
    const journal = {
      date: "2025-08-15",
      year: "2025-26",
      entries: [
        { accountId: "fees", debitAmount: 1000, creditAmount: 0 },
        { accountId: "rao", debitAmount: 0, creditAmount: 1000 },
      ],
      tds: { section: "194J(b)", rate: 10, baseAmount: 1000, amount: 100, accountId: "fees" },
    };
    expect(() => prepareVoucher("journalEntry", journal, context)).toThrow(VoucherError);
    const ok = prepareVoucher(
      "journalEntry",
      { ...journal, tds: { ...journal.tds, accountId: "rao" } },
      context,
    );
    expect(ok.postings.find((p) => p.accountId === "rao")?.amountPaise).toBe(-900_00);
  });
});
