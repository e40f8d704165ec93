import {
  type CivilDate,
  defaultEntryDate,
  getVoucherDefinition,
  type Paise,
  paiseToRupees,
  rupeesToPaise,
  type VoucherType,
} from "@bahi/domain";
import type { AllocationForm, EntrySaveOptions } from "./document-form.ts";
import { finishEntryPayload } from "./document-form.ts";
import {
  cleanCustomFieldValues,
  type EntryContext,
  newLineKey,
  readArray,
  readCustomFieldValues,
  readNumber,
  readString,
  type StoredEntry,
  textOrUndefined,
} from "./entry-context.ts";

// The account-line vouchers: receipt and payment (a cash or bank account and the accounts it
// settles, bill-wise), fund transfer, and journal.

// ---------------------------------------------------------------------------------------------
// Receipt and payment.

export interface SettlementLineForm {
  key: string;
  accountId: string | null;
  amountPaise: Paise;
  /** The party's open invoices or bills, with what this line sets against each. */
  allocations: AllocationForm[];
  /** The person changed an allocation: the line amount no longer spreads over them by itself. */
  allocationsTouched: boolean;
}

export interface SettlementForm {
  kind: "settlement";
  date: CivilDate;
  cashBankAccountId: string | null;
  lines: SettlementLineForm[];
  narration: string;
  customFieldValues: Record<string, string>;
}

/** How a receipt or a payment names its fields (api.md 3), and what it settles (the registry). */
export interface SettlementLayout {
  cashBankKey: "receivedAccountId" | "paidAccountId";
  amountKey: "receivedAmount" | "paidAmount";
  cashBankLabel: string;
  linesLabel: string;
  /** The type whose Create Receipt/Payment opens this one: salesInvoice or purchases. */
  settles: "salesInvoice" | "purchases";
}

function columnLabel(type: VoucherType, index: number, fallback: string): string {
  return getVoucherDefinition(type).listColumns[index]?.label ?? fallback;
}

export function describeSettlement(type: "receipts" | "payments"): SettlementLayout {
  const settles = getVoucherDefinition(type).settles ?? "salesInvoice";
  const receipt = type === "receipts";
  return {
    cashBankKey: receipt ? "receivedAccountId" : "paidAccountId",
    amountKey: receipt ? "receivedAmount" : "paidAmount",
    // The registry's list columns name them: Received In / Received From, Paid From / Paid To.
    cashBankLabel: columnLabel(type, 1, receipt ? "Received In" : "Paid From"),
    linesLabel: columnLabel(type, 2, receipt ? "Received From" : "Paid To"),
    settles,
  };
}

export function emptySettlementLine(): SettlementLineForm {
  return {
    key: newLineKey(),
    accountId: null,
    amountPaise: 0,
    allocations: [],
    allocationsTouched: false,
  };
}

export function emptySettlementForm(context: EntryContext): SettlementForm {
  return {
    kind: "settlement",
    date: defaultEntryDate(context.year, context.today),
    cashBankAccountId: null,
    lines: [emptySettlementLine()],
    narration: "",
    customFieldValues: {},
  };
}

/** The amount received or paid: the sum of the lines (so the two can never disagree). */
export function settlementTotalPaise(form: SettlementForm): Paise {
  return form.lines.reduce((total, line) => total + line.amountPaise, 0);
}

/** Spreads an amount over open bills, oldest first, each up to what is pending on it. */
export function allocateOldestFirst(
  allocations: readonly AllocationForm[],
  amountPaise: Paise,
): AllocationForm[] {
  let left = Math.max(0, amountPaise);
  return allocations.map((allocation) => {
    const amount = Math.min(left, allocation.pendingPaise);
    left -= amount;
    return { ...allocation, amountPaise: amount };
  });
}

/** An open invoice or bill as misc/getOpenInvoices and getOpenPurchaseBills answer it. */
export interface OpenBill {
  _id: string;
  invoiceNumber: string | null;
  date: string;
  totalAmount: number;
  pendingAmt: number;
}

/**
 * The open bills of the line's account arrived: amounts already set stay (an edit keeps its own
 * allocations, whose bills may no longer be open), new bills come in at zero, and while the person
 * has not touched them the line's amount is spread oldest first.
 */
export function mergeOpenBills(
  line: SettlementLineForm,
  bills: readonly OpenBill[],
): SettlementLineForm {
  const byId = new Map(line.allocations.map((allocation) => [allocation.entryId, allocation]));
  const merged: AllocationForm[] = bills.map((bill) => {
    const existing = byId.get(bill._id);
    byId.delete(bill._id);
    const pendingPaise = rupeesToPaise(bill.pendingAmt) + (existing?.savedPaise ?? 0);
    return {
      entryId: bill._id,
      invoiceNumber: bill.invoiceNumber ?? "",
      date: bill.date,
      totalPaise: rupeesToPaise(bill.totalAmount),
      pendingPaise,
      amountPaise: existing?.amountPaise ?? 0,
    };
  });
  // Bills this entry settled in full are no longer open; they stay, with their amounts.
  const settledHere = [...byId.values()].map((allocation) => ({
    ...allocation,
    pendingPaise: Math.max(allocation.pendingPaise, allocation.savedPaise ?? 0),
  }));
  const allocations = [...settledHere, ...merged];
  return {
    ...line,
    allocations: line.allocationsTouched
      ? allocations
      : allocateOldestFirst(allocations, line.amountPaise),
  };
}

export function setSettlementLineAmount(
  line: SettlementLineForm,
  amountPaise: Paise,
): SettlementLineForm {
  return {
    ...line,
    amountPaise,
    allocations: line.allocationsTouched
      ? line.allocations
      : allocateOldestFirst(line.allocations, amountPaise),
  };
}

export function setAllocationAmount(
  line: SettlementLineForm,
  entryId: string,
  amountPaise: Paise,
): SettlementLineForm {
  return {
    ...line,
    allocationsTouched: true,
    allocations: line.allocations.map((allocation) =>
      allocation.entryId === entryId ? { ...allocation, amountPaise } : allocation,
    ),
  };
}

export function setSettlementLineAccount(
  line: SettlementLineForm,
  accountId: string | null,
): SettlementLineForm {
  if (line.accountId === accountId) return line;
  return { ...line, accountId, allocations: [], allocationsTouched: false };
}

/** Lines with neither an account nor an amount are not sent. */
function isBlankSettlementLine(line: SettlementLineForm): boolean {
  return line.accountId === null && line.amountPaise === 0;
}

/** Which line on screen each payload entry came from (blank lines are not sent). */
export function settlementLineIndexes(form: SettlementForm): number[] {
  return form.lines.flatMap((line, index) => (isBlankSettlementLine(line) ? [] : [index]));
}

export function buildSettlementPayload(
  form: SettlementForm,
  context: EntryContext & { type: "receipts" | "payments" },
  options: EntrySaveOptions,
): Record<string, unknown> {
  const layout = describeSettlement(context.type);
  const payload: Record<string, unknown> = {
    organisationId: context.organisationId,
    year: context.year,
    date: form.date,
    [layout.cashBankKey]: form.cashBankAccountId ?? "",
    [layout.amountKey]: paiseToRupees(settlementTotalPaise(form)),
    entries: form.lines
      .filter((line) => !isBlankSettlementLine(line))
      .map((line) => ({
        accountId: line.accountId ?? "",
        amount: paiseToRupees(line.amountPaise),
        billWiseEntries: line.allocations
          .filter((allocation) => allocation.amountPaise > 0)
          .map((allocation) => ({
            entryId: allocation.entryId,
            amount: paiseToRupees(allocation.amountPaise),
          })),
      })),
    narration: textOrUndefined(form.narration),
    customFieldValues: cleanCustomFieldValues(form.customFieldValues),
  };
  return finishEntryPayload(payload, options);
}

export function settlementFormFromEntry(
  entry: StoredEntry,
  context: EntryContext & { type: "receipts" | "payments" },
  options: { copy: boolean },
): SettlementForm {
  const layout = describeSettlement(context.type);
  const empty = emptySettlementForm(context);
  const lines = readArray(entry, "entries").map((stored) => ({
    key: newLineKey(),
    accountId: readString(stored, "accountId") || null,
    amountPaise: rupeesToPaise(readNumber(stored, "amount")),
    allocations: options.copy
      ? []
      : readArray(stored, "billWiseEntries").map((allocation) => ({
          entryId: readString(allocation, "entryId"),
          invoiceNumber: readString(allocation, "invoiceNumber"),
          date: "",
          totalPaise: 0,
          pendingPaise: rupeesToPaise(readNumber(allocation, "amount")),
          amountPaise: rupeesToPaise(readNumber(allocation, "amount")),
          savedPaise: rupeesToPaise(readNumber(allocation, "amount")),
        })),
    // A saved entry's allocations are what the person chose; they are not spread again.
    allocationsTouched: !options.copy,
  }));
  return {
    ...empty,
    date: options.copy ? empty.date : readString(entry, "date") || empty.date,
    cashBankAccountId: readString(entry, layout.cashBankKey) || null,
    lines: lines.length > 0 ? lines : empty.lines,
    narration: readString(entry, "narration"),
    customFieldValues: readCustomFieldValues(entry),
  };
}

/** Create Receipt / Create Payment (spec 2.6): the invoice's party, its pending amount, the invoice. */
export function settlementFormForInvoice(
  invoice: StoredEntry,
  context: EntryContext & { type: "receipts" | "payments" },
): SettlementForm {
  const pending = invoice.pendingAmt;
  const amountPaise = rupeesToPaise(
    typeof pending === "number" && pending > 0 ? pending : readNumber(invoice, "totalAmount"),
  );
  const number = readString(invoice, "number") || readString(invoice, "invoiceNumber");
  const form = emptySettlementForm(context);
  return {
    ...form,
    lines: [
      {
        key: newLineKey(),
        accountId: readString(invoice, "cashOrDebtorAccountId") || null,
        amountPaise,
        allocations: [
          {
            entryId: readString(invoice, "_id"),
            invoiceNumber: number,
            date: readString(invoice, "date"),
            totalPaise: rupeesToPaise(readNumber(invoice, "totalAmount")),
            pendingPaise: amountPaise,
            amountPaise,
          },
        ],
        // The invoice is the person's choice: it is not spread over older ones.
        allocationsTouched: true,
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Fund transfer.

export interface TransferForm {
  kind: "transfer";
  date: CivilDate;
  fromAccountId: string | null;
  toAccountId: string | null;
  amountPaise: Paise;
  narration: string;
  customFieldValues: Record<string, string>;
}

export function emptyTransferForm(context: EntryContext): TransferForm {
  return {
    kind: "transfer",
    date: defaultEntryDate(context.year, context.today),
    fromAccountId: null,
    toAccountId: null,
    amountPaise: 0,
    narration: "",
    customFieldValues: {},
  };
}

export function buildTransferPayload(
  form: TransferForm,
  context: EntryContext,
  options: EntrySaveOptions,
): Record<string, unknown> {
  const amount = paiseToRupees(form.amountPaise);
  const payload: Record<string, unknown> = {
    organisationId: context.organisationId,
    year: context.year,
    date: form.date,
    paidAccountId: form.fromAccountId ?? "",
    paidAmount: amount,
    receivedAccountId: form.toAccountId ?? "",
    receivedAmount: amount,
    narration: textOrUndefined(form.narration),
    customFieldValues: cleanCustomFieldValues(form.customFieldValues),
  };
  return finishEntryPayload(payload, options);
}

export function transferFormFromEntry(
  entry: StoredEntry,
  context: EntryContext,
  options: { copy: boolean },
): TransferForm {
  const empty = emptyTransferForm(context);
  return {
    ...empty,
    date: options.copy ? empty.date : readString(entry, "date") || empty.date,
    fromAccountId: readString(entry, "paidAccountId") || null,
    toAccountId: readString(entry, "receivedAccountId") || null,
    amountPaise: rupeesToPaise(readNumber(entry, "paidAmount")),
    narration: readString(entry, "narration"),
    customFieldValues: readCustomFieldValues(entry),
  };
}

// ---------------------------------------------------------------------------------------------
// Journal.

export interface JournalLineForm {
  key: string;
  accountId: string | null;
  debitPaise: Paise;
  creditPaise: Paise;
}

export interface JournalForm {
  kind: "journal";
  date: CivilDate;
  lines: JournalLineForm[];
  narration: string;
  customFieldValues: Record<string, string>;
}

export function emptyJournalLine(): JournalLineForm {
  return { key: newLineKey(), accountId: null, debitPaise: 0, creditPaise: 0 };
}

export function emptyJournalForm(context: EntryContext): JournalForm {
  return {
    kind: "journal",
    date: defaultEntryDate(context.year, context.today),
    // One line to start: each line added after it takes the amount that balances the entry.
    lines: [emptyJournalLine()],
    narration: "",
    customFieldValues: {},
  };
}

export interface JournalTotals {
  debitPaise: Paise;
  creditPaise: Paise;
  /** debit − credit: positive when debits are ahead. */
  differencePaise: Paise;
}

export function journalTotals(form: JournalForm): JournalTotals {
  const debitPaise = form.lines.reduce((total, line) => total + line.debitPaise, 0);
  const creditPaise = form.lines.reduce((total, line) => total + line.creditPaise, 0);
  return { debitPaise, creditPaise, differencePaise: debitPaise - creditPaise };
}

/**
 * A new journal line takes the amount that would balance the entry, on the short side (as Tally
 * does), so a two-line journal is typed once; the person may overtype it.
 */
export function balancingJournalLine(form: JournalForm): JournalLineForm {
  const { differencePaise } = journalTotals(form);
  return {
    ...emptyJournalLine(),
    debitPaise: Math.max(-differencePaise, 0),
    creditPaise: Math.max(differencePaise, 0),
  };
}

/** Typing a debit clears the credit of the line and the other way round: one side per line. */
export function setJournalAmount(
  line: JournalLineForm,
  side: "debit" | "credit",
  amountPaise: Paise,
): JournalLineForm {
  if (side === "debit") {
    return {
      ...line,
      debitPaise: amountPaise,
      creditPaise: amountPaise > 0 ? 0 : line.creditPaise,
    };
  }
  return { ...line, creditPaise: amountPaise, debitPaise: amountPaise > 0 ? 0 : line.debitPaise };
}

function isBlankJournalLine(line: JournalLineForm): boolean {
  return line.accountId === null && line.debitPaise === 0 && line.creditPaise === 0;
}

export function journalLineIndexes(form: JournalForm): number[] {
  return form.lines.flatMap((line, index) => (isBlankJournalLine(line) ? [] : [index]));
}

export function buildJournalPayload(
  form: JournalForm,
  context: EntryContext,
  options: EntrySaveOptions,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    organisationId: context.organisationId,
    year: context.year,
    date: form.date,
    entries: form.lines
      .filter((line) => !isBlankJournalLine(line))
      .map((line) => ({
        accountId: line.accountId ?? "",
        debitAmount: paiseToRupees(line.debitPaise),
        creditAmount: paiseToRupees(line.creditPaise),
      })),
    narration: textOrUndefined(form.narration),
    customFieldValues: cleanCustomFieldValues(form.customFieldValues),
  };
  return finishEntryPayload(payload, options);
}

export function journalFormFromEntry(
  entry: StoredEntry,
  context: EntryContext,
  options: { copy: boolean },
): JournalForm {
  const empty = emptyJournalForm(context);
  const lines = readArray(entry, "entries").map((stored) => ({
    key: newLineKey(),
    accountId: readString(stored, "accountId") || null,
    debitPaise: rupeesToPaise(readNumber(stored, "debitAmount")),
    creditPaise: rupeesToPaise(readNumber(stored, "creditAmount")),
  }));
  return {
    ...empty,
    date: options.copy ? empty.date : readString(entry, "date") || empty.date,
    lines: lines.length > 0 ? lines : empty.lines,
    narration: readString(entry, "narration"),
    customFieldValues: readCustomFieldValues(entry),
  };
}
