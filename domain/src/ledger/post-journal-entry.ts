import type { Paise } from "../money/paise.ts";
import { LedgerError, UnbalancedJournalError } from "./ledger-error.ts";
import { credit, debit, type Posting } from "./posting.ts";

/** spec 3, Journal entry: each line has a debit or a credit amount (the other is 0). */
export type JournalLine = { accountId: string; debitPaise: Paise; creditPaise: Paise };

export type JournalEntryVoucher = { entries: readonly JournalLine[] };

/** Each line as a debit or a credit posting, once the two columns are shown to agree. */
export function postJournalEntry(voucher: JournalEntryVoucher): Posting[] {
  if (voucher.entries.length === 0) {
    throw new LedgerError("Add at least two lines.", ["entries"]);
  }
  let debitTotal = 0;
  let creditTotal = 0;
  const postings = voucher.entries.map((line, index) => {
    const at = `Line ${index + 1}`;
    const path = ["entries", index];
    if (line.accountId === "") {
      throw new LedgerError(`${at}: choose an account.`, [...path, "accountId"]);
    }
    for (const field of ["debitPaise", "creditPaise"] as const) {
      if (!Number.isSafeInteger(line[field]) || line[field] < 0) {
        throw new LedgerError(`${at}: amounts must be zero or more, in whole paise.`, [
          ...path,
          field,
        ]);
      }
    }
    if (line.debitPaise > 0 && line.creditPaise > 0) {
      throw new LedgerError(`${at}: enter either a debit or a credit amount, not both.`, path);
    }
    if (line.debitPaise === 0 && line.creditPaise === 0) {
      throw new LedgerError(`${at}: enter a debit or a credit amount.`, path);
    }
    debitTotal += line.debitPaise;
    creditTotal += line.creditPaise;
    if (!Number.isSafeInteger(debitTotal) || !Number.isSafeInteger(creditTotal)) {
      throw new LedgerError("The journal's totals are too large.", ["entries"]);
    }
    return line.debitPaise > 0
      ? debit(line.accountId, line.debitPaise)
      : credit(line.accountId, line.creditPaise);
  });
  if (debitTotal !== creditTotal) throw new UnbalancedJournalError(debitTotal, creditTotal);
  return postings;
}
