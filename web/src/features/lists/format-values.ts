import {
  type CivilDate,
  formatAmount,
  formatDateDisplay,
  isValidCivilDate,
  roundRupeesToPaise,
} from "@bahi/domain";

/** An API amount in rupees (at most 2 decimals) in Indian grouping: 123456.5 → '1,23,456.50'. */
export function formatRupeeValue(value: unknown): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "";
  // Read as the exact decimal, so a stray third decimal rounds half up instead of by float noise.
  return formatAmount(roundRupeesToPaise(value));
}

/** 'YYYY-MM-DD' → 'dd-MM-yyyy'; anything else as it is. */
export function formatCivilDate(value: unknown): string {
  if (typeof value !== "string") return "";
  return isValidCivilDate(value) ? formatDateDisplay(value as CivilDate) : value;
}

const INSTANT_FORMAT = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: true,
});

/** An ISO instant as India's date and time: '21-11-2026 03:05 pm'. */
export function formatInstant(value: unknown): string {
  if (typeof value !== "string") return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const parts = Object.fromEntries(
    INSTANT_FORMAT.formatToParts(date).map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute} ${(parts.dayPeriod ?? "").toLowerCase()}`.trim();
}

/**
 * An ISO instant's date in India, dd-mm-yyyy (issue 40: slicing the UTC text showed 28-11 for
 * 01:00 IST on the 29th).
 */
export function formatInstantDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const parts = Object.fromEntries(
    INSTANT_FORMAT.formatToParts(date).map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year}`;
}
