import { formatAmount, type Paise } from "../money/index.ts";

/**
 * A voucher that cannot be posted: the message is fit to show a user, and `path` names the
 * offending input field so the server can answer 400 (DESIGN §5).
 */
export class LedgerError extends Error {
  override readonly name: string = "LedgerError";
  readonly path: readonly (string | number)[];

  constructor(message: string, path: readonly (string | number)[] = []) {
    super(message);
    this.path = path;
  }
}

/** Postings whose sum is not zero; `differencePaise` is that sum (positive: debits exceed). */
export class UnbalancedPostingsError extends LedgerError {
  override readonly name: string = "UnbalancedPostingsError";
  readonly differencePaise: Paise;

  constructor(differencePaise: Paise) {
    const side = differencePaise > 0 ? "debits exceed credits" : "credits exceed debits";
    super(`Postings do not balance: ${side} by ${formatAmount(Math.abs(differencePaise))}.`);
    this.differencePaise = differencePaise;
  }
}

/** A journal entry whose debit and credit columns add up to different totals. */
export class UnbalancedJournalError extends LedgerError {
  override readonly name: string = "UnbalancedJournalError";
  readonly debitPaise: Paise;
  readonly creditPaise: Paise;
  /** debit − credit. */
  readonly differencePaise: Paise;

  constructor(debitPaise: Paise, creditPaise: Paise) {
    const differencePaise = debitPaise - creditPaise;
    super(
      `Debit and credit totals must be equal: debit ${formatAmount(debitPaise)}, credit ${formatAmount(creditPaise)} (difference ${formatAmount(Math.abs(differencePaise))}).`,
      ["entries"],
    );
    this.debitPaise = debitPaise;
    this.creditPaise = creditPaise;
    this.differencePaise = differencePaise;
  }
}
