export const MONTH_SHORT_NAMES = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

export const MONTH_FULL_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** 'Apr 2024' for month 4 of 2024. */
export function formatMonthLabel(year: number, month: number): string {
  const name = MONTH_SHORT_NAMES[month - 1];
  if (name === undefined) throw new RangeError(`Not a month number: ${month}`);
  return `${name} ${year}`;
}

/**
 * 1-12 for a full or 3-letter English month name in any case ('apr', 'April', 'APRIL'), or
 * null. 'Sept' is also accepted because people write it.
 */
export function parseMonthName(text: string): number | null {
  const name = text.trim().toLowerCase();
  if (name === "sept") return 9;
  for (let index = 0; index < 12; index += 1) {
    if (
      name === MONTH_SHORT_NAMES[index]?.toLowerCase() ||
      name === MONTH_FULL_NAMES[index]?.toLowerCase()
    ) {
      return index + 1;
    }
  }
  return null;
}
