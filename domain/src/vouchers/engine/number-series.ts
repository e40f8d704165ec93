/** The first number of a new series (per type and financial year). */
export const FIRST_VOUCHER_NUMBER = "1";

const DIGIT_RUN = /\d+/g;

/**
 * The number after the last one of a series: its last run of digits counted up with its width
 * kept ("INV/24-25/009" → "INV/24-25/010", "7" → "8"); a number without digits gets "-1" added.
 */
export function suggestNextVoucherNumber(last: string | null | undefined): string {
  if (!last) return FIRST_VOUCHER_NUMBER;
  const runs = [...last.matchAll(DIGIT_RUN)];
  const run = runs.at(-1);
  if (!run || run.index === undefined) return `${last}-1`;
  const next = (BigInt(run[0]) + 1n).toString().padStart(run[0].length, "0");
  return `${last.slice(0, run.index)}${next}${last.slice(run.index + run[0].length)}`;
}

/** A key that sorts numbers as people read them: digit runs padded, so "2" comes before "10". */
export function sortKeyOfVoucherNumber(number: string): string {
  return number
    .toLowerCase()
    .replace(DIGIT_RUN, (digits) => digits.replace(/^0+(?=\d)/, "").padStart(20, "0"));
}
