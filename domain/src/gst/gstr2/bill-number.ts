import type { CivilDate } from "../../calendar/index.ts";

/**
 * A bill number as GSTR-2B matching compares it (issues 20 and 35; after India Compliance's
 * get_cleaner_bill_no, returns-reference §3.2), upper case:
 * - the financial year written into it dropped: two numbers in a row joined by `-`, `/` or `\`
 *   whose years follow each other (2025-26, 2025/26, 2025-2026, 25-26, 25/26); and, when the
 *   document's date is given, the compact form of that date's year (2526, 20252026) standing as
 *   a part of its own beside others;
 * - separators dropped (spaces, `/`, `\`, `-`, `_`, `.`);
 * - leading zeros of each run of digits dropped, a run of letters and one of digits being parts
 *   of their own ("INV0042" as "INV" "42").
 * "INV/2024-25/0042", "inv-42", "INV 042" clean to "INV42"; "0088/2025-26" and "88" to "88".
 */
export function cleanBillNumber(number: string, date?: CivilDate): string {
  const parts: { text: string; joinedBy: string }[] = [];
  for (const match of number.toUpperCase().matchAll(PART)) {
    parts.push({ text: match[2] as string, joinedBy: match[1] ?? "" });
  }
  const dropped = new Set<number>();
  for (let at = 0; at + 1 < parts.length; at += 1) {
    const first = parts[at] as { text: string };
    const second = parts[at + 1] as { text: string; joinedBy: string };
    if (
      YEAR_JOINER.test(second.joinedBy) &&
      isFinancialYearText(first.text, second.text) &&
      !dropped.has(at)
    ) {
      dropped.add(at);
      dropped.add(at + 1);
      at += 1;
    }
  }
  const compact = date ? compactYears(date) : [];
  const kept = parts.filter((_, at) => !dropped.has(at));
  const withoutCompact =
    kept.length > 1 ? kept.filter((part) => !compact.includes(part.text)) : kept;
  let cleaned = "";
  for (const { text } of withoutCompact) {
    let start = 0;
    if (DIGIT.test(text)) while (start < text.length - 1 && text[start] === "0") start += 1;
    cleaned += text.slice(start);
  }
  return cleaned;
}

/** A run of digits or of other characters, with the separators before it. */
const PART = /([\s/\\\-_.]*)(\d+|[^\d\s/\\\-_.]+)/g;
const YEAR_JOINER = /^[-/\\]$/;
const DIGIT = /^\d/;

function isFinancialYearText(first: string, second: string): boolean {
  if (!/^(\d{2}|\d{4})$/.test(first) || !/^(\d{2}|\d{4})$/.test(second)) return false;
  if (first.length === 4 && second.length === 4) return Number(second) === Number(first) + 1;
  if (first.length === 2 && second.length === 4) return false;
  return (Number(first.slice(-2)) + 1) % 100 === Number(second.slice(-2));
}

/** "2526" and "20252026" for a date from 2025-04-01 to 2026-03-31. */
function compactYears(date: CivilDate): string[] {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5, 7) >= "04" ? year : year - 1;
  const short = (value: number) => String(value % 100).padStart(2, "0");
  return [`${short(start)}${short(start + 1)}`, `${start}${start + 1}`];
}
