import type { AccountNature } from "../reference/account-groups.ts";
import { findUqcUnit } from "../reference/uqc-units.ts";
import { parseStatementAmount } from "./bank-statement.ts";

// A Tally company's masters (shared/returns-reference.md §7): the export is XML, often UTF-16 with
// a byte-order mark and control characters XML 1.0 forbids, literal or as &#4; references.
// Tally's 28 reserved groups map onto Bahi's natures; a user group takes the nature of its
// nearest reserved ancestor. Opening balances: Tally writes a debit as a negative amount.

/** Tally's reserved groups (and the display aliases seen in exports) and Bahi's nature of each. */
export const TALLY_GROUP_NATURES: Readonly<Record<string, AccountNature>> = {
  "capital account": "Capital",
  "loans (liability)": "Unsecured Loan",
  "current liabilities": "Current Liabilities",
  "fixed assets": "Fixed Asset",
  investments: "Investments",
  "current assets": "Current Assets",
  "suspense a/c": "Suspense",
  "misc. expenses (asset)": "Miscellaneous Assets",
  "sales accounts": "Sales",
  "purchase accounts": "Purchases",
  "direct incomes": "Direct Income",
  "income (direct)": "Direct Income",
  "indirect incomes": "Indirect Income",
  "income (indirect)": "Indirect Income",
  "direct expenses": "Direct Expense",
  "expenses (direct)": "Direct Expense",
  "indirect expenses": "Indirect Expense",
  "expenses (indirect)": "Indirect Expense",
  "bank accounts": "Bank",
  "bank od a/c": "Bank OD/CC",
  "bank occ a/c": "Bank OD/CC",
  "cash-in-hand": "Cash",
  "deposits (asset)": "Deposits - Assets",
  "duties & taxes": "Duties and Taxes",
  "loans & advances (asset)": "Loans and Advances - Asset",
  provisions: "Provisions",
  "reserves & surplus": "Reserves",
  "secured loans": "Secured Loan",
  "stock-in-hand": "Stock",
  "sundry creditors": "Creditors",
  "sundry debtors": "Debtors",
  "unsecured loans": "Unsecured Loan",
};

export const TALLY_MESSAGES = {
  doctype: "The file declares a DOCTYPE or ENTITY; Tally exports have none, so it was refused.",
  notTally: "This is not a Tally XML export (no ENVELOPE).",
  cannotPlace: (parent: string) =>
    `Group "${parent}" does not lead to one of Tally's reserved groups; choose its nature in Bahi.`,
} as const;

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/**
 * The text of a Tally export: UTF-16 by its byte-order mark (or by NULs between the characters
 * of a mark-less one), else UTF-8; XML-illegal control characters removed, literal or as
 * character references (Tally writes `&#4;` before reserved names).
 */
export function decodeTallyXml(bytes: Uint8Array): string {
  let text: string;
  if (startsWith(bytes, [0xff, 0xfe])) text = new TextDecoder("utf-16le").decode(bytes.subarray(2));
  else if (startsWith(bytes, [0xfe, 0xff]))
    text = new TextDecoder("utf-16be").decode(bytes.subarray(2));
  else if (startsWith(bytes, [0xef, 0xbb, 0xbf]))
    text = new TextDecoder().decode(bytes.subarray(3));
  else if (bytes.length > 1 && bytes[0] !== 0 && bytes[1] === 0)
    text = new TextDecoder("utf-16le").decode(bytes);
  else if (bytes.length > 1 && bytes[0] === 0 && bytes[1] !== 0)
    text = new TextDecoder("utf-16be").decode(bytes);
  else text = new TextDecoder().decode(bytes);
  return (
    text
      .replace(/&#(x[0-9a-f]+|\d+);/gi, (reference, code: string) => {
        const point =
          code.startsWith("x") || code.startsWith("X")
            ? Number.parseInt(code.slice(1), 16)
            : Number(code);
        return point < 32 && point !== 9 && point !== 10 && point !== 13 ? "" : reference;
      })
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
  );
}

/** Whether the text declares a DOCTYPE or entities (refused: no entity is ever expanded). */
export function declaresEntities(text: string): boolean {
  return /<!DOCTYPE|<!ENTITY/i.test(text);
}

/** "Primary" or a name without the reserved-name marker, trimmed. */
function cleanName(name: string): string {
  return name.replaceAll(String.fromCharCode(4), "").trim();
}

/** Each group's nature, by its nearest reserved ancestor; null where none is reached. */
export function resolveTallyGroups(
  groups: ReadonlyMap<string, string>,
): Map<string, AccountNature | null> {
  const natures = new Map<string, AccountNature | null>();
  const natureOf = (name: string, depth = 0): AccountNature | null => {
    const key = cleanName(name).toLowerCase();
    const reserved = TALLY_GROUP_NATURES[key];
    if (reserved) return reserved;
    if (depth > 50 || key === "primary" || key === "") return null;
    const parent = groups.get(key);
    return parent === undefined ? null : natureOf(parent, depth + 1);
  };
  for (const name of groups.keys()) natures.set(name, natureOf(name));
  return natures;
}

/** A Tally opening balance as Bahi keeps it: paise, positive for debit. */
export function readTallyOpening(text: string | undefined): number {
  if (!text) return 0;
  // A forex opening reads "-$8500.00 @ ₹ 83/$ = -₹ 705500.00": the base amount follows "=".
  const base = text.includes("=") ? (text.split("=").at(-1) ?? "") : text;
  const amount = parseStatementAmount(base.replace(/[^\d.,()\-+a-zA-Z₹ ]/g, "").trim());
  if (!amount || amount === "invalid") return 0;
  if (amount.marker === "dr") return Math.abs(amount.paise);
  if (amount.marker === "cr") return -Math.abs(amount.paise);
  return -amount.paise;
}

/** "55 Nos" → 55; "12.5 Kgs" → 12.5. */
export function readTallyQuantity(text: string | undefined): number {
  const match = /-?\d[\d,]*(\.\d+)?/.exec(text ?? "");
  return match ? Math.abs(Number(match[0].replace(/,/g, ""))) : 0;
}

/** A Tally unit as a UQC code ("Nos" → NOS, "NOS-NUMBERS" → NOS), or undefined. */
export function tallyUnitToUqc(unit: string | undefined): string | undefined {
  if (!unit) return undefined;
  const code = unit.split("-")[0]?.trim().toUpperCase() ?? "";
  const guesses = [code, code.replace(/S$/, ""), `${code}S`];
  for (const guess of guesses) {
    const found = findUqcUnit(guess);
    if (found) return found.code;
  }
  return undefined;
}
