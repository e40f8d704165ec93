import type { Paise } from "../money/paise.ts";
import { LedgerError, UnbalancedPostingsError } from "./ledger-error.ts";

/** One line of the ledger: an account and a signed amount, positive = debit, negative = credit. */
export type Posting = { accountId: string; amountPaise: Paise };

/** The signed sum of the postings; throws LedgerError on an amount that is not whole paise. */
export function sumPostings(postings: readonly Posting[]): Paise {
  let sum = 0n;
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amountPaise)) {
      throw new LedgerError("Posting amounts must be whole numbers of paise.");
    }
    sum += BigInt(posting.amountPaise);
  }
  if (sum > BigInt(Number.MAX_SAFE_INTEGER) || sum < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new LedgerError("Posting amounts are too large.");
  }
  return Number(sum);
}

/** The one rule of double entry (hledger, beancount): the postings sum to zero. */
export function assertBalanced(postings: readonly Posting[]): void {
  const difference = sumPostings(postings);
  if (difference !== 0) throw new UnbalancedPostingsError(difference);
}

/**
 * One posting per account, in the order each account first appears, without the accounts that
 * net to zero.
 */
export function mergePostings(postings: readonly Posting[]): Posting[] {
  const totals = new Map<string, Paise>();
  for (const posting of postings) {
    totals.set(posting.accountId, (totals.get(posting.accountId) ?? 0) + posting.amountPaise);
  }
  return [...totals]
    .filter(([, amountPaise]) => amountPaise !== 0)
    .map(([accountId, amountPaise]) => ({ accountId, amountPaise }));
}

export function debit(accountId: string, amountPaise: Paise): Posting {
  return { accountId, amountPaise };
}

export function credit(accountId: string, amountPaise: Paise): Posting {
  // 0 - x rather than -x so that a zero credit is +0, not -0.
  return { accountId, amountPaise: 0 - amountPaise };
}

/** The same postings with debit and credit swapped: a return undoes the original document. */
export function reversePostings(postings: readonly Posting[]): Posting[] {
  return postings.map((posting) => credit(posting.accountId, posting.amountPaise));
}
