import { isCashOrBankNature } from "../reference/account-groups.ts";

// What a bank line most likely is, learned from the lines the organisation confirmed before:
// the words of a narration (UPI ids, party names, "RENT", "ELECTRICITY") point to the account
// they were booked to last time. Nothing here is sure; the confidence says how sure.

/** Words of narrations that say how money moved, not to whom: they point to no account. */
const CHANNEL_WORDS = new Set([
  "UPI",
  "NEFT",
  "IMPS",
  "RTGS",
  "TRF",
  "TRANSFER",
  "INB",
  "MB",
  "ACH",
  "NACH",
  "ECS",
  "REF",
  "THE",
  "AND",
  "FOR",
  "FROM",
  "PAYMENT",
  "PAY",
  "TXN",
  "BANK",
  "LTD",
  "PVT",
  "LIMITED",
  "PRIVATE",
  "CHQ",
  "CHEQUE",
  "DEP",
  "CLG",
  "INWARD",
  "OUTWARD",
  "YESB",
  "HDFC",
  "ICIC",
  "SBIN",
  "UTIB",
  "KKBK",
  "PUNB",
  "BARB",
  "CNRB",
  "OKAXIS",
  "OKICICI",
  "OKHDFCBANK",
  "OKSBI",
  "YBL",
  "PAYTM",
  "APL",
  "IBL",
  "AXL",
]);

/** Words that mean cash left or entered the account at a counter or an ATM. */
const CASH_WORDS = new Set(["ATM", "ATW", "CASH", "WDL", "NFS", "SELF", "CDM"]);

const MAX_WORDS = 16;

/**
 * The words a narration is known by: UPI ids whole ("upi:ramesh@okaxis"), then words of three
 * or more letters, upper-cased, without channel words or numbers.
 */
export function narrationWords(narration: string): string[] {
  const words = new Set<string>();
  for (const match of narration.matchAll(/[\w.]{2,}@[a-z]{2,}/gi)) {
    words.add(`upi:${match[0].toLowerCase()}`);
  }
  for (const raw of narration.toUpperCase().split(/[^A-Z0-9]+/)) {
    if (raw.length < 3 || /\d/.test(raw) || CHANNEL_WORDS.has(raw)) continue;
    words.add(raw);
    if (words.size >= MAX_WORDS) break;
  }
  return [...words];
}

/** How often each word went to each account: word → account id → count. */
export type LearnedWords = ReadonlyMap<string, ReadonlyMap<string, number>>;

export interface SuggestionAccount {
  id: string;
  name: string;
  nature: string;
  /** Cash, Bank and Bank OD/CC accounts other than the statement's own. */
  ownMoney?: boolean;
}

export interface AccountSuggestion {
  accountId: string | null;
  /** 0 (a guess from nothing) to 1 (every word was booked to this account before). */
  confidence: number;
  reason: "learned" | "name" | "cash" | "none";
}

const NO_SUGGESTION: AccountSuggestion = { accountId: null, confidence: 0, reason: "none" };

/** Name words long enough to mean something ("Sharma", not "and"). */
function nameWords(name: string): string[] {
  return name
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word.length >= 4 && !CHANNEL_WORDS.has(word));
}

/** Builds the suggester once per statement: the accounts' name words are indexed here. */
export function createAccountSuggester(
  accounts: readonly SuggestionAccount[],
  learned: LearnedWords,
  statementAccountId: string,
) {
  const byName = new Map<string, string[]>();
  const known = new Map(accounts.map((account) => [account.id, account]));
  for (const account of accounts) {
    if (account.id === statementAccountId) continue;
    for (const word of nameWords(account.name)) {
      byName.set(word, [...(byName.get(word) ?? []), account.id]);
    }
  }
  const cash = accounts.find((account) => account.nature === "Cash");

  return (narration: string, amountPaise: number): AccountSuggestion => {
    const words = narrationWords(narration);
    if (words.length === 0) return NO_SUGGESTION;
    // Learned: each word votes for the accounts it went to, in proportion; a UPI id counts thrice.
    const scores = new Map<string, number>();
    let weightOfWords = 0;
    for (const word of words) {
      const weight = word.startsWith("upi:") ? 3 : 1;
      weightOfWords += weight;
      const targets = learned.get(word);
      if (!targets) continue;
      let total = 0;
      for (const count of targets.values()) total += count;
      for (const [accountId, count] of targets) {
        if (accountId === statementAccountId || !known.has(accountId)) continue;
        scores.set(accountId, (scores.get(accountId) ?? 0) + (weight * count) / total);
      }
    }
    let best: [string, number] | null = null;
    for (const entry of scores) if (!best || entry[1] > best[1]) best = entry;
    if (best) {
      const confidence = Math.min(1, best[1] / Math.min(weightOfWords, 3));
      return { accountId: best[0], confidence: roundConfidence(confidence), reason: "learned" };
    }
    // A party's name in the narration.
    const named = new Map<string, number>();
    for (const word of words) {
      for (const accountId of byName.get(word) ?? []) {
        named.set(accountId, (named.get(accountId) ?? 0) + 1);
      }
    }
    let bestNamed: [string, number] | null = null;
    for (const entry of named) if (!bestNamed || entry[1] > bestNamed[1]) bestNamed = entry;
    if (bestNamed) {
      const account = known.get(bestNamed[0]);
      const wordsOfName = account ? Math.max(1, nameWords(account.name).length) : 1;
      return {
        accountId: bestNamed[0],
        confidence: roundConfidence(0.3 + 0.3 * Math.min(1, bestNamed[1] / wordsOfName)),
        reason: "name",
      };
    }
    // An ATM withdrawal or a cash deposit is a transfer with the cash account.
    if (cash && cash.id !== statementAccountId && words.some((word) => CASH_WORDS.has(word))) {
      return { accountId: cash.id, confidence: amountPaise < 0 ? 0.6 : 0.5, reason: "cash" };
    }
    return NO_SUGGESTION;
  };
}

function roundConfidence(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Whether a line with this counter-account moves money between the organisation's own accounts. */
export function isOwnMoneyNature(nature: string): boolean {
  return isCashOrBankNature(nature);
}

/** Adds a confirmed line's words to what was learned (a copy; the original is left alone). */
export function learnFromLine(
  learned: Map<string, Map<string, number>>,
  narration: string,
  accountId: string,
): void {
  for (const word of narrationWords(narration)) {
    const targets = learned.get(word) ?? new Map<string, number>();
    targets.set(accountId, (targets.get(accountId) ?? 0) + 1);
    learned.set(word, targets);
  }
}

export interface OpenBill {
  id: string;
  number: string;
  date: string;
  pendingPaise: number;
}

/**
 * The open bills a payment of `amountPaise` most likely settles: the one bill of exactly that
 * pending amount, else the oldest first until the money runs out (bill-wise, as a bookkeeper
 * would set it).
 */
export function suggestBillSettlement(
  bills: readonly OpenBill[],
  amountPaise: number,
): { id: string; number: string; amountPaise: number }[] {
  const amount = Math.abs(amountPaise);
  const exact = bills.find((bill) => bill.pendingPaise === amount);
  if (exact) return [{ id: exact.id, number: exact.number, amountPaise: amount }];
  const settled: { id: string; number: string; amountPaise: number }[] = [];
  let left = amount;
  const oldestFirst = [...bills].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const bill of oldestFirst) {
    if (left <= 0) break;
    const part = Math.min(left, bill.pendingPaise);
    if (part <= 0) continue;
    settled.push({ id: bill.id, number: bill.number, amountPaise: part });
    left -= part;
  }
  return settled;
}
