import { ENTRY_INPUT_SCHEMAS } from "@bahi/domain";
import { describe, expect, it } from "vitest";
import {
  allocateOldestFirst,
  balancingJournalLine,
  buildJournalPayload,
  buildSettlementPayload,
  buildTransferPayload,
  describeSettlement,
  emptyJournalForm,
  emptySettlementForm,
  emptySettlementLine,
  emptyTransferForm,
  journalFormFromEntry,
  journalTotals,
  mergeOpenBills,
  type OpenBill,
  setAllocationAmount,
  setJournalAmount,
  setSettlementLineAccount,
  setSettlementLineAmount,
  settlementFormForInvoice,
  settlementFormFromEntry,
  settlementTotalPaise,
} from "./account-forms.ts";
import type { AllocationForm } from "./document-form.ts";
import type { EntryContext } from "./entry-context.ts";
import { emptyEntryForm, selectEntryFormKind, validateEntryForm } from "./entry-form.ts";
import { describeDateLock } from "./lock-period.ts";

function contextFor<T extends EntryContext["type"]>(type: T): EntryContext & { type: T } {
  return {
    type,
    organisationId: "org-1",
    year: "2025-26",
    today: "2025-06-15",
    organisation: {
      stateCode: "27",
      gstRegistered: true,
      gstRegType: "regular",
      manageInventory: false,
      billWiseEntry: true,
    },
  };
}

const BILLS: OpenBill[] = [
  { _id: "inv-1", invoiceNumber: "1", date: "2025-05-01", totalAmount: 1180, pendingAmt: 1180 },
  { _id: "inv-2", invoiceNumber: "2", date: "2025-05-20", totalAmount: 2360, pendingAmt: 1360 },
];

describe("which form a type uses", () => {
  it("follows the registry's shape, then the account voucher's family", () => {
    expect(selectEntryFormKind("salesInvoice")).toBe("document");
    expect(selectEntryFormKind("deliveryChallan")).toBe("document");
    expect(selectEntryFormKind("receipts")).toBe("settlement");
    expect(selectEntryFormKind("payments")).toBe("settlement");
    expect(selectEntryFormKind("fundTransfer")).toBe("transfer");
    expect(selectEntryFormKind("journalEntry")).toBe("journal");
    expect(emptyEntryForm(contextFor("journalEntry")).kind).toBe("journal");
  });

  it("names the receipt's and payment's fields from the registry", () => {
    expect(describeSettlement("receipts")).toEqual({
      cashBankKey: "receivedAccountId",
      amountKey: "receivedAmount",
      cashBankLabel: "Received In",
      linesLabel: "Received From",
      settles: "salesInvoice",
    });
    expect(describeSettlement("payments")).toMatchObject({
      cashBankLabel: "Paid From",
      linesLabel: "Paid To",
      settles: "purchases",
    });
  });
});

describe("bill-wise allocation", () => {
  const allocations: AllocationForm[] = BILLS.map((bill) => ({
    entryId: bill._id,
    invoiceNumber: bill.invoiceNumber ?? "",
    date: bill.date,
    totalPaise: bill.totalAmount * 100,
    pendingPaise: bill.pendingAmt * 100,
    amountPaise: 0,
  }));

  it("spreads an amount oldest first, each up to what is pending", () => {
    expect(allocateOldestFirst(allocations, 200000).map((a) => a.amountPaise)).toEqual([
      118000, 82000,
    ]);
    expect(allocateOldestFirst(allocations, 500000).map((a) => a.amountPaise)).toEqual([
      118000, 136000,
    ]);
    expect(allocateOldestFirst(allocations, 0).map((a) => a.amountPaise)).toEqual([0, 0]);
  });

  it("open bills arriving are spread over while the person has not touched them", () => {
    const line = setSettlementLineAmount(
      setSettlementLineAccount(emptySettlementLine(), "asha"),
      250000,
    );
    const merged = mergeOpenBills(line, BILLS);
    expect(merged.allocations.map((a) => [a.invoiceNumber, a.amountPaise])).toEqual([
      ["1", 118000],
      ["2", 132000],
    ]);
    const touched = setAllocationAmount(merged, "inv-1", 50000);
    expect(touched.allocationsTouched).toBe(true);
    expect(setSettlementLineAmount(touched, 10000).allocations[0]?.amountPaise).toBe(50000);
  });

  it("an edit keeps its own allocations, whose bills may be settled in full", () => {
    const stored = {
      date: "2025-06-01",
      receivedAccountId: "bank",
      entries: [
        { accountId: "asha", amount: 1180, billWiseEntries: [{ entryId: "inv-0", amount: 1180 }] },
      ],
    };
    const form = settlementFormFromEntry(stored, contextFor("receipts"), { copy: false });
    const line = form.lines[0];
    if (!line) throw new Error("no line");
    const merged = mergeOpenBills(line, BILLS);
    expect(merged.allocations.map((a) => [a.entryId, a.amountPaise, a.pendingPaise])).toEqual([
      ["inv-0", 118000, 118000],
      ["inv-1", 0, 118000],
      ["inv-2", 0, 136000],
    ]);
  });

  it("merging the same bills again changes nothing", () => {
    const line = setSettlementLineAmount(
      setSettlementLineAccount(emptySettlementLine(), "asha"),
      150000,
    );
    const once = mergeOpenBills(line, BILLS);
    expect(mergeOpenBills(once, BILLS)).toEqual(once);
  });

  it("Create Receipt's invoice keeps its pending amount when its bills arrive", () => {
    const form = settlementFormForInvoice(
      {
        _id: "inv-2",
        number: "2",
        cashOrDebtorAccountId: "asha",
        totalAmount: 2360,
        pendingAmt: 1360,
      },
      contextFor("receipts"),
    );
    const line = form.lines[0];
    if (!line) throw new Error("no line");
    const merged = mergeOpenBills(line, BILLS);
    expect(merged.allocations.map((a) => [a.entryId, a.pendingPaise, a.amountPaise])).toEqual([
      ["inv-1", 118000, 0],
      ["inv-2", 136000, 136000],
    ]);
  });

  it("choosing another account forgets the allocations", () => {
    const line = mergeOpenBills(setSettlementLineAccount(emptySettlementLine(), "asha"), BILLS);
    expect(setSettlementLineAccount(line, "ravi").allocations).toEqual([]);
  });
});

describe("receipt and payment payloads", () => {
  it("the received amount is the sum of the lines, with their allocations", () => {
    const form = {
      ...emptySettlementForm(contextFor("receipts")),
      cashBankAccountId: "bank",
      lines: [
        mergeOpenBills(
          setSettlementLineAmount(setSettlementLineAccount(emptySettlementLine(), "asha"), 250000),
          BILLS,
        ),
        emptySettlementLine(),
      ],
    };
    expect(settlementTotalPaise(form)).toBe(250000);
    const payload = buildSettlementPayload(form, contextFor("receipts"), { mode: "add" });
    expect(payload).toEqual({
      organisationId: "org-1",
      year: "2025-26",
      date: "2025-06-15",
      receivedAccountId: "bank",
      receivedAmount: 2500,
      entries: [
        {
          accountId: "asha",
          amount: 2500,
          billWiseEntries: [
            { entryId: "inv-1", amount: 1180 },
            { entryId: "inv-2", amount: 1320 },
          ],
        },
      ],
    });
    expect(ENTRY_INPUT_SCHEMAS.receipts.add.safeParse(payload).success).toBe(true);
  });

  it("Create Receipt takes the invoice's party, pending amount and number (spec 2.6)", () => {
    const invoice = {
      _id: "inv-2",
      number: "2",
      date: "2025-05-20",
      cashOrDebtorAccountId: "asha",
      totalAmount: 2360,
      pendingAmt: 1360,
    };
    const form = settlementFormForInvoice(invoice, contextFor("receipts"));
    expect(form.lines[0]).toMatchObject({
      accountId: "asha",
      amountPaise: 136000,
      allocations: [{ entryId: "inv-2", invoiceNumber: "2", amountPaise: 136000 }],
    });
    const unpaid = settlementFormForInvoice(
      { ...invoice, pendingAmt: null },
      contextFor("payments"),
    );
    expect(unpaid.lines[0]?.amountPaise).toBe(236000);
  });

  it("is refused when the bank account is also a line", () => {
    const form = {
      ...emptySettlementForm(contextFor("payments")),
      cashBankAccountId: "bank",
      lines: [
        setSettlementLineAmount(setSettlementLineAccount(emptySettlementLine(), "bank"), 100),
      ],
    };
    const validation = validateEntryForm(form, contextFor("payments"), { mode: "add" });
    expect(validation).toMatchObject({
      ok: false,
      errors: { paidAccountId: "The cash or bank account cannot also be one of the accounts." },
    });
  });
});

describe("fund transfer", () => {
  it("sends the one amount as paid and received", () => {
    const form = {
      ...emptyTransferForm(contextFor("fundTransfer")),
      fromAccountId: "cash",
      toAccountId: "bank",
      amountPaise: 500000,
    };
    const payload = buildTransferPayload(form, contextFor("fundTransfer"), { mode: "add" });
    expect(payload).toMatchObject({ paidAmount: 5000, receivedAmount: 5000 });
    expect(ENTRY_INPUT_SCHEMAS.fundTransfer.add.safeParse(payload).success).toBe(true);
  });

  it("refuses the same account on both sides", () => {
    const form = {
      ...emptyTransferForm(contextFor("fundTransfer")),
      fromAccountId: "cash",
      toAccountId: "cash",
      amountPaise: 100,
    };
    expect(validateEntryForm(form, contextFor("fundTransfer"), { mode: "add" })).toMatchObject({
      ok: false,
      message: "Transfer from and transfer to must be different accounts.",
    });
  });
});

describe("journal", () => {
  it("keeps one side per line", () => {
    const line = setJournalAmount(
      { key: "k", accountId: "rent", debitPaise: 0, creditPaise: 500 },
      "debit",
      100,
    );
    expect(line).toMatchObject({ debitPaise: 100, creditPaise: 0 });
  });

  it("a new line takes the amount that balances it", () => {
    const form = {
      ...emptyJournalForm(contextFor("journalEntry")),
      lines: [{ key: "a", accountId: "rent", debitPaise: 100000, creditPaise: 0 }],
    };
    expect(balancingJournalLine(form)).toMatchObject({ debitPaise: 0, creditPaise: 100000 });
  });

  it("refuses a journal that does not balance with the ledger's sentence", () => {
    const form = {
      ...emptyJournalForm(contextFor("journalEntry")),
      lines: [
        { key: "a", accountId: "rent", debitPaise: 100000, creditPaise: 0 },
        { key: "b", accountId: "cash", debitPaise: 0, creditPaise: 90000 },
        { key: "c", accountId: null, debitPaise: 0, creditPaise: 0 },
      ],
    };
    expect(journalTotals(form)).toEqual({
      debitPaise: 100000,
      creditPaise: 90000,
      differencePaise: 10000,
    });
    const validation = validateEntryForm(form, contextFor("journalEntry"), { mode: "add" });
    expect(validation).toMatchObject({
      ok: false,
      message:
        "Debit and credit totals must be equal: debit 1,000.00, credit 900.00 (difference 100.00).",
    });
  });

  it("a balanced journal passes and reads back", () => {
    const form = {
      ...emptyJournalForm(contextFor("journalEntry")),
      lines: [
        { key: "a", accountId: "rent", debitPaise: 100000, creditPaise: 0 },
        { key: "b", accountId: "cash", debitPaise: 0, creditPaise: 100000 },
      ],
    };
    const validation = validateEntryForm(form, contextFor("journalEntry"), { mode: "add" });
    expect(validation.ok).toBe(true);
    const payload = buildJournalPayload(form, contextFor("journalEntry"), { mode: "add" });
    const back = journalFormFromEntry(payload, contextFor("journalEntry"), { copy: false });
    expect(back.lines.map((line) => [line.accountId, line.debitPaise, line.creditPaise])).toEqual([
      ["rent", 100000, 0],
      ["cash", 0, 100000],
    ]);
  });
});

describe("locked periods", () => {
  const rows = [
    { monthKey: "2025-05", transactionType: "salesInvoice", locked: true },
    { monthKey: "2025-06", transactionType: "all", locked: true },
    { monthKey: "2025-07", transactionType: "salesInvoice", locked: false },
  ];

  it("names the lock in the server's words", () => {
    expect(describeDateLock(rows, "salesInvoice", "2025-05-10")).toBe(
      "Sales Invoice entries dated in May 2025 are locked. Unlock the period in Settings → Lock Period to change them.",
    );
    expect(describeDateLock(rows, "receipts", "2025-06-01")).toBe(
      "Receipt entries dated in Jun 2025 are locked. Unlock the period in Settings → Lock Period to change them.",
    );
  });

  it("is quiet for other types, unlocked months and other months", () => {
    expect(describeDateLock(rows, "purchases", "2025-05-10")).toBeNull();
    expect(describeDateLock(rows, "salesInvoice", "2025-07-10")).toBeNull();
    expect(describeDateLock(rows, "salesInvoice", "2025-08-10")).toBeNull();
  });
});
