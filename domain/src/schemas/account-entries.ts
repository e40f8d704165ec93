import { z } from "zod";
import { UnbalancedJournalError } from "../ledger/ledger-error.ts";
import { rupeesToPaise } from "../money/index.ts";
import { NonNegativeRupeeAmount, PositiveRupeeAmount } from "./amounts.ts";
import { BooksDateText, FinancialYearText } from "./dates.ts";
import {
  EDIT_FIELDS,
  INVOICE_NUMBER_MAX,
  NARRATION_MAX,
  refineEntryDate,
} from "./document-entries.ts";
import {
  BillWiseAllocations,
  CustomFieldValues,
  sumBillWiseInPaise,
  sumRupeesInPaise,
} from "./entry-lines.ts";
import { EntryTdsInput } from "./tds-input.ts";
import { boundedText, EntityId, optionalText, RequiredId } from "./text-fields.ts";

export const ACCOUNT_LINES_MAX = 1000;

export const ACCOUNT_ENTRY_MESSAGES = {
  noEntries: "Add at least one account.",
  receivedTotal: "The accounts must add up to the received amount.",
  paidTotal: "The accounts must add up to the paid amount.",
  sameAccount: "The cash or bank account cannot also be one of the accounts.",
  billWiseOverLine: "Bill-wise allocations cannot be more than the line amount.",
  transferAmounts: "Paid and received amounts must be equal.",
  transferAccounts: "Transfer from and transfer to must be different accounts.",
  journalLines: "A journal entry needs at least two lines.",
  journalSide: "Each line needs either a debit or a credit amount.",
  journalTooLarge: "The journal's totals are too large.",
} as const;

/** Fields of every account-line voucher (api.md 3). */
const VOUCHER_FIELDS = {
  organisationId: EntityId,
  year: FinancialYearText,
  // A voucher date lies within the years Bahi keeps (issue 26), like every report date.
  date: BooksDateText,
  narration: optionalText(
    boundedText(NARRATION_MAX, `Narration cannot be more than ${NARRATION_MAX} characters.`),
  ),
  customFieldValues: CustomFieldValues.optional(),
};

/** The bank-statement line a voucher was made from (imports/bank). */
const BANK_IMPORT_FIELDS = { bankImportId: optionalText(EntityId) };

/**
 * One account of a receipt or payment: the party or expense account, the amount, and optionally
 * its allocation against invoices or bills.
 */
export const SettlementLine = z
  .object({
    accountId: RequiredId("Account"),
    amount: PositiveRupeeAmount,
    billWiseEntries: BillWiseAllocations,
  })
  .superRefine((line, ctx) => {
    if (sumBillWiseInPaise(line.billWiseEntries) > rupeesToPaise(line.amount)) {
      ctx.addIssue({
        code: "custom",
        path: ["billWiseEntries"],
        message: ACCOUNT_ENTRY_MESSAGES.billWiseOverLine,
      });
    }
  });

export type SettlementLine = z.infer<typeof SettlementLine>;

const SettlementLines = z
  .array(SettlementLine)
  .min(1, ACCOUNT_ENTRY_MESSAGES.noEntries)
  .max(ACCOUNT_LINES_MAX, `At most ${ACCOUNT_LINES_MAX} accounts.`);

type SettlementValue<A extends string, M extends string> = {
  readonly date: string;
  readonly year: string;
  readonly entries: readonly SettlementLine[];
} & Readonly<Record<A, string>> &
  Readonly<Record<M, number>>;

/**
 * The checks of a receipt or payment, whose cash or bank account and amount go by different
 * names: the entries add up to the amount, and the cash or bank account is not one of them.
 */
function buildSettlementRefinement<A extends string, M extends string>(
  accountKey: A,
  amountKey: M,
  totalMessage: string,
) {
  return (value: SettlementValue<A, M>, ctx: z.RefinementCtx): void => {
    refineEntryDate(value, ctx);
    const entriesPaise = sumRupeesInPaise(value.entries.map((line) => line.amount));
    if (entriesPaise !== rupeesToPaise(value[amountKey])) {
      ctx.addIssue({ code: "custom", path: ["entries"], message: totalMessage });
    }
    if (value.entries.some((line) => line.accountId === value[accountKey])) {
      ctx.addIssue({
        code: "custom",
        path: [accountKey],
        message: ACCOUNT_ENTRY_MESSAGES.sameAccount,
      });
    }
  };
}

const ReceiptFields = z.object({
  ...VOUCHER_FIELDS,
  ...BANK_IMPORT_FIELDS,
  receivedAccountId: RequiredId("Received In"),
  receivedAmount: PositiveRupeeAmount,
  entries: SettlementLines,
});

const refineReceipt = buildSettlementRefinement(
  "receivedAccountId",
  "receivedAmount",
  ACCOUNT_ENTRY_MESSAGES.receivedTotal,
);

export const ReceiptInput = ReceiptFields.superRefine(refineReceipt);
export type ReceiptInput = z.infer<typeof ReceiptInput>;
export const ReceiptEditInput = ReceiptFields.extend(EDIT_FIELDS).superRefine(refineReceipt);
export type ReceiptEditInput = z.infer<typeof ReceiptEditInput>;

const PaymentFields = z.object({
  ...VOUCHER_FIELDS,
  ...BANK_IMPORT_FIELDS,
  paidAccountId: RequiredId("Paid From"),
  paidAmount: PositiveRupeeAmount,
  entries: SettlementLines,
  /** Issue 39: TDS deducted on the payment (decision 300). */
  tds: EntryTdsInput.optional(),
});

const refinePayment = buildSettlementRefinement(
  "paidAccountId",
  "paidAmount",
  ACCOUNT_ENTRY_MESSAGES.paidTotal,
);

export const PaymentInput = PaymentFields.superRefine(refinePayment);
export type PaymentInput = z.infer<typeof PaymentInput>;
export const PaymentEditInput = PaymentFields.extend(EDIT_FIELDS).superRefine(refinePayment);
export type PaymentEditInput = z.infer<typeof PaymentEditInput>;

const FundTransferFields = z.object({
  ...VOUCHER_FIELDS,
  ...BANK_IMPORT_FIELDS,
  paidAccountId: RequiredId("Transfer From"),
  paidAmount: PositiveRupeeAmount,
  receivedAccountId: RequiredId("Transfer To"),
  receivedAmount: PositiveRupeeAmount,
});

function refineFundTransfer(value: z.infer<typeof FundTransferFields>, ctx: z.RefinementCtx): void {
  refineEntryDate(value, ctx);
  if (rupeesToPaise(value.paidAmount) !== rupeesToPaise(value.receivedAmount)) {
    ctx.addIssue({
      code: "custom",
      path: ["receivedAmount"],
      message: ACCOUNT_ENTRY_MESSAGES.transferAmounts,
    });
  }
  if (value.paidAccountId === value.receivedAccountId) {
    ctx.addIssue({
      code: "custom",
      path: ["receivedAccountId"],
      message: ACCOUNT_ENTRY_MESSAGES.transferAccounts,
    });
  }
}

export const FundTransferInput = FundTransferFields.superRefine(refineFundTransfer);
export type FundTransferInput = z.infer<typeof FundTransferInput>;
export const FundTransferEditInput =
  FundTransferFields.extend(EDIT_FIELDS).superRefine(refineFundTransfer);
export type FundTransferEditInput = z.infer<typeof FundTransferEditInput>;

/** One journal line: exactly one of debitAmount and creditAmount is above zero. */
export const JournalEntryLine = z
  .object({
    accountId: RequiredId("Account"),
    debitAmount: NonNegativeRupeeAmount.default(0),
    creditAmount: NonNegativeRupeeAmount.default(0),
  })
  .superRefine((line, ctx) => {
    if (line.debitAmount > 0 === line.creditAmount > 0) {
      ctx.addIssue({ code: "custom", path: [], message: ACCOUNT_ENTRY_MESSAGES.journalSide });
    }
  });

export type JournalEntryLine = z.infer<typeof JournalEntryLine>;

const JournalEntryFields = z.object({
  ...VOUCHER_FIELDS,
  /** Blank takes the next number in the series; a Tally import keeps Tally's (issue 36). */
  voucherNumber: optionalText(
    boundedText(
      INVOICE_NUMBER_MAX,
      `Voucher number cannot be more than ${INVOICE_NUMBER_MAX} characters.`,
    ),
  ),
  entries: z
    .array(JournalEntryLine)
    .min(2, ACCOUNT_ENTRY_MESSAGES.journalLines)
    .max(ACCOUNT_LINES_MAX, `At most ${ACCOUNT_LINES_MAX} lines.`),
  /** Issue 39: TDS deducted on the journal's credit to a deductee (decision 300). */
  tds: EntryTdsInput.optional(),
});

function refineJournalEntry(value: z.infer<typeof JournalEntryFields>, ctx: z.RefinementCtx): void {
  refineEntryDate(value, ctx);
  const debitPaise = sumRupeesInPaise(value.entries.map((line) => line.debitAmount));
  const creditPaise = sumRupeesInPaise(value.entries.map((line) => line.creditAmount));
  if (!Number.isSafeInteger(debitPaise) || !Number.isSafeInteger(creditPaise)) {
    // 1000 lines just under 1 lakh crore each can pass the line checks and still overflow.
    ctx.addIssue({
      code: "custom",
      path: ["entries"],
      message: ACCOUNT_ENTRY_MESSAGES.journalTooLarge,
    });
  } else if (debitPaise !== creditPaise) {
    // The ledger's own sentence, so the form and postJournalEntry say the same thing:
    // 'Debit and credit totals must be equal: debit 1,000.00, credit 900.00 (difference 100.00).'
    ctx.addIssue({
      code: "custom",
      path: ["entries"],
      message: new UnbalancedJournalError(debitPaise, creditPaise).message,
    });
  }
}

export const JournalEntryInput = JournalEntryFields.superRefine(refineJournalEntry);
export type JournalEntryInput = z.infer<typeof JournalEntryInput>;
export const JournalEntryEditInput =
  JournalEntryFields.extend(EDIT_FIELDS).superRefine(refineJournalEntry);
export type JournalEntryEditInput = z.infer<typeof JournalEntryEditInput>;
