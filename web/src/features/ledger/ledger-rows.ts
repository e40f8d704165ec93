import { paiseToRupees } from "@bahi/domain";
import type { Balance } from "../reports/report-format.ts";
import { balanceOf, toPaise } from "../reports/report-format.ts";

interface Movement {
  debit: number;
  credit: number;
  balance: Balance;
}

function signedPaise(balance: Balance): number {
  const paise = toPaise(balance.amount);
  return balance.type === "cr" ? -paise : paise;
}

/**
 * The balance before a page's first entry (its "brought forward"): that entry's running balance
 * less its own debit and plus its own credit. null for an empty page.
 */
export function broughtForward(first: Movement | undefined): Balance | null {
  if (!first) return null;
  const paise = signedPaise(first.balance) - toPaise(first.debit) + toPaise(first.credit);
  return balanceOf(paiseToRupees(paise));
}

export const LEDGER_PAGE_SIZE = 50;

/** The pages of a ledger of `count` entries, 50 a page (at least one). */
export function countPages(count: number, pageSize = LEDGER_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
