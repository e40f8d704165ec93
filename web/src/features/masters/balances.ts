import { formatAmount, type Paise, rupeesToPaise } from "@bahi/domain";

export type Side = "dr" | "cr";

/** "2,180.00 Dr": a balance in rupees with its side, en-IN with 2 decimals (spec 1). */
export function describeBalance(rupees: number, side: Side | null | undefined): string {
  const paise = rupeesToPaise(Math.abs(rupees));
  if (paise === 0) return formatAmount(0);
  return `${formatAmount(paise)} ${side === "cr" ? "Cr" : "Dr"}`;
}

/** A signed opening balance: positive debit, negative credit (spec 3). */
export function signedPaise(paise: Paise, side: Side): Paise {
  return side === "cr" ? -paise : paise;
}

export interface OpeningTotals {
  debitPaise: Paise;
  creditPaise: Paise;
  /** Debit less credit: positive when debits are more. */
  differencePaise: Paise;
}

/** Totals of signed opening balances, as the list-with-opening-balances screen shows them. */
export function totalOpeningBalances(balances: readonly Paise[]): OpeningTotals {
  let debitPaise = 0;
  let creditPaise = 0;
  for (const balance of balances) {
    if (balance > 0) debitPaise += balance;
    else creditPaise -= balance;
  }
  return { debitPaise, creditPaise, differencePaise: debitPaise - creditPaise };
}

/** "5,000.00 Dr", or "0.00" when the sides agree. */
export function describeDifference(differencePaise: Paise): string {
  if (differencePaise === 0) return formatAmount(0);
  return `${formatAmount(Math.abs(differencePaise))} ${differencePaise > 0 ? "Dr" : "Cr"}`;
}
