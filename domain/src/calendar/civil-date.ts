/** A calendar day with no time or zone, written 'YYYY-MM-DD' (DESIGN 4, "Dates"). */
export type CivilDate = string;

/** A calendar month, written 'YYYY-MM'. */
export type MonthKey = string;

const CIVIL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY_DATE_PATTERN = /^(\d{2})-(\d{2})-(\d{4})$/;
const MIN_YEAR = 1;
const MAX_YEAR = 9999;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function isValidCivilDate(text: string): boolean {
  return splitCivilDate(text) !== null;
}

/** The date `days` days after `date` (before it when negative). */
export function addDays(date: CivilDate, days: number): CivilDate {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return fromDayNumber(toDayNumber(date) + days);
}

/** -1, 0 or 1, for sorting dates in ascending order. */
export function compareDates(a: CivilDate, b: CivilDate): -1 | 0 | 1 {
  const difference = toDayNumber(a) - toDayNumber(b);
  return difference < 0 ? -1 : difference > 0 ? 1 : 0;
}

/** Whole days from `from` to `to`: positive when `to` is later. */
export function daysBetween(from: CivilDate, to: CivilDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

export function monthOf(date: CivilDate): MonthKey {
  requireCivilDate(date);
  return date.slice(0, 7);
}

export function startOfMonth(date: CivilDate): CivilDate {
  requireCivilDate(date);
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: CivilDate): CivilDate {
  const [year, month] = requireCivilDate(date);
  return `${date.slice(0, 7)}-${pad2(daysInMonth(year, month))}`;
}

/**
 * The calendar date at `now` in `timeZone`. India's date, not UTC's: from 00:00 to 05:30 IST
 * the UTC date is still yesterday, and a voucher typed then belongs to today.
 */
export function todayCivil(now: Date = new Date(), timeZone = "Asia/Kolkata"): CivilDate {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

/** 'YYYY-MM-DD' → 'dd-MM-yyyy', the form the UI shows (DESIGN 4). */
export function formatDateDisplay(date: CivilDate): string {
  requireCivilDate(date);
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

/** Strict 'dd-MM-yyyy' → 'YYYY-MM-DD', or null. Typed text goes through normaliseDateInput. */
export function parseDisplayDate(text: string): CivilDate | null {
  const match = DISPLAY_DATE_PATTERN.exec(text);
  if (match === null) return null;
  const date = `${match[3]}-${match[2]}-${match[1]}`;
  return isValidCivilDate(date) ? date : null;
}

export function composeCivilDate(year: number, month: number, day: number): CivilDate {
  const date = `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`;
  requireCivilDate(date);
  return date;
}

/** [year, month, day] of a valid date; throws RangeError otherwise. */
export function requireCivilDate(date: CivilDate): [number, number, number] {
  const parts = splitCivilDate(date);
  if (parts === null) throw new RangeError(`Not a civil date (YYYY-MM-DD): ${date}`);
  return parts;
}

function splitCivilDate(text: string): [number, number, number] | null {
  const match = CIVIL_DATE_PATTERN.exec(text);
  if (match === null) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < MIN_YEAR || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return [year, month, day];
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}

// Day numbers (days since 1970-01-01) by H. Hinnant's days_from_civil / civil_from_days: plain
// integer arithmetic, so no machine time zone or daylight saving can shift a date.
function toDayNumber(date: CivilDate): number {
  const [year, month, day] = requireCivilDate(date);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function fromDayNumber(dayNumber: number): CivilDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36524) -
      Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`Date outside years ${MIN_YEAR}-${MAX_YEAR}`);
  }
  return composeCivilDate(year, month, day);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US-u-ca-gregory-nu-latn", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}
