import { describeAmount, formatAmount, type Paise } from "../money/index.ts";
import { LedgerError } from "./ledger-error.ts";
import { credit, debit, type Posting } from "./posting.ts";

/** One "received from" or "paid for" line of a receipt or payment. */
export type CashEntry = { accountId: string; amountPaise: Paise };

/** spec 3, Receipt: the cash or bank account received into, the amount, and whom it came from. */
export type ReceiptVoucher = {
  receivedAccountId: string;
  receivedAmountPaise: Paise;
  entries: readonly CashEntry[];
};

/** spec 3, Payment: the cash or bank account paid from, the amount, and what it paid for. */
export type PaymentVoucher = {
  paidAccountId: string;
  paidAmountPaise: Paise;
  entries: readonly CashEntry[];
};

/** Dr the received account the total; Cr each entry's account its amount. */
export function postReceipt(voucher: ReceiptVoucher): Posting[] {
  const total = checkEntries(voucher.entries, voucher.receivedAccountId, {
    accountField: "receivedAccountId",
    amountField: "receivedAmountPaise",
    word: "Received",
  });
  if (total !== voucher.receivedAmountPaise) {
    throw mismatch("Received", voucher.receivedAmountPaise, total, "receivedAmountPaise");
  }
  return [
    debit(voucher.receivedAccountId, total),
    ...voucher.entries.map((entry) => credit(entry.accountId, entry.amountPaise)),
  ];
}

/** Cr the paid account the total; Dr each entry's account its amount. */
export function postPayment(voucher: PaymentVoucher): Posting[] {
  const total = checkEntries(voucher.entries, voucher.paidAccountId, {
    accountField: "paidAccountId",
    amountField: "paidAmountPaise",
    word: "Paid",
  });
  if (total !== voucher.paidAmountPaise) {
    throw mismatch("Paid", voucher.paidAmountPaise, total, "paidAmountPaise");
  }
  return [
    ...voucher.entries.map((entry) => debit(entry.accountId, entry.amountPaise)),
    credit(voucher.paidAccountId, total),
  ];
}

type Fields = { accountField: string; amountField: string; word: string };

/** Validates the entries and returns their total. */
function checkEntries(entries: readonly CashEntry[], cashAccountId: string, fields: Fields) {
  if (cashAccountId === "") {
    throw new LedgerError(`Choose the ${fields.word.toLowerCase()} account.`, [
      fields.accountField,
    ]);
  }
  if (entries.length === 0) throw new LedgerError("Add at least one entry.", ["entries"]);
  let total = 0;
  entries.forEach((entry, index) => {
    const path = ["entries", index];
    if (entry.accountId === "") {
      throw new LedgerError(`Entry ${index + 1}: choose an account.`, [...path, "accountId"]);
    }
    if (entry.accountId === cashAccountId) {
      throw new LedgerError(
        `Entry ${index + 1}: the account cannot be the ${fields.word.toLowerCase()} account itself.`,
        [...path, "accountId"],
      );
    }
    if (!Number.isSafeInteger(entry.amountPaise) || entry.amountPaise <= 0) {
      throw new LedgerError(`Entry ${index + 1}: amount must be greater than zero.`, [
        ...path,
        "amountPaise",
      ]);
    }
    total += entry.amountPaise;
    if (!Number.isSafeInteger(total)) {
      throw new LedgerError("The entries' total is too large.", ["entries"]);
    }
  });
  return total;
}

// The declared amount is not checked for whole paise before this; one that is not (NaN) is shown
// as sent rather than making the message throw.
function mismatch(word: string, declared: Paise, total: Paise, field: string): LedgerError {
  return new LedgerError(
    `${word} amount ${describeAmount(declared)} must equal the total of the entries, ${formatAmount(total)}.`,
    [field],
  );
}
