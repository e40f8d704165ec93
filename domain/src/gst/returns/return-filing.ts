import { addDays, type CivilDate, formatDateDisplay } from "../../calendar/index.ts";

/**
 * A return is filed for a period that has ended (section 37/39: GSTR-1 and GSTR-3B are furnished
 * "after the end of" the tax period, IFF by the 13th of the next month). Marking a period as filed
 * before its last day would lock a month still being written (issue 40).
 */
export function filingOpensOn(endDate: CivilDate): CivilDate {
  return addDays(endDate, 1);
}

/** Why the period cannot be marked as filed today, or null when it can. */
export function filingTooEarlyReason(
  title: string,
  endDate: CivilDate,
  today: CivilDate,
): string | null {
  if (today > endDate) return null;
  return `${title} for this period can be marked as filed from ${formatDateDisplay(filingOpensOn(endDate))}, after the period ends.`;
}
