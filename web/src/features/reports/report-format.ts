import {
  type CivilDate,
  financialYearRange,
  formatAmount,
  formatDateDisplay,
  isValidCivilDate,
  type Paise,
  paiseToRupees,
  roundRupeesToPaise,
  sumPaise,
} from "@bahi/domain";

/** A balance as the server answers it: the amount without sign and its side. */
export interface Balance {
  amount: number;
  type: "dr" | "cr";
  signed?: number;
}

/** A report column's kind (docs/api/reports.md: the tabular reports' `columns`). */
export type ColumnKind = "text" | "date" | "amount" | "number";

/**
 * The API carries rupees with at most 2 decimals (DESIGN.md §4); shown amounts go through paise so
 * that sums and formatting never see float noise.
 */
export function toPaise(rupees: number): Paise {
  // A figure with a third decimal (a stored one from before the checks) is still shown, rounded
  // half up on its exact decimal: roundRupeesToPaise is rupeesToPaise for 2 decimals or fewer.
  return roundRupeesToPaise(rupees);
}

/** '12,34,567.80' (en-IN grouping, 2 decimals); '' for a blank cell. */
export function formatRupees(rupees: number | null | undefined): string {
  if (rupees === null || rupees === undefined || !Number.isFinite(rupees)) return "";
  return formatAmount(toPaise(rupees));
}

/** '1,00,000.00 Dr', '3,600.00 Cr'; a zero balance has no side. */
export function formatBalance(balance: Balance | null | undefined): string {
  if (!balance) return "";
  const amount = formatRupees(balance.amount);
  if (toPaise(balance.amount) === 0) return amount;
  return `${amount} ${balance.type === "dr" ? "Dr" : "Cr"}`;
}

/** The side of a signed amount (positive debit) as a balance. */
export function balanceOf(signedRupees: number): Balance {
  return {
    amount: Math.abs(signedRupees),
    type: signedRupees < 0 ? "cr" : "dr",
    signed: signedRupees,
  };
}

const QUANTITY = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 3 });

/** Quantities and counts: en-IN grouping, up to 3 decimals. */
export function formatQuantity(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  return QUANTITY.format(value);
}

/** 'YYYY-MM-DD' as 'dd-MM-yyyy'; anything else as it is. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "";
  return isValidCivilDate(value) ? formatDateDisplay(value) : value;
}

/** A report cell by its column's kind. */
export function formatCell(kind: ColumnKind, value: unknown): string {
  if (value === null || value === undefined) return "";
  switch (kind) {
    case "amount":
      return typeof value === "number" ? formatRupees(value) : String(value);
    case "number":
      return typeof value === "number" ? formatQuantity(value) : String(value);
    case "date":
      return typeof value === "string" ? formatDate(value) : String(value);
    default:
      return String(value);
  }
}

/** Adds rupee amounts exactly (in paise) and answers rupees. */
export function sumRupees(values: readonly number[]): number {
  return paiseToRupees(sumPaise(values.map(toPaise)));
}

/** 'From 01-04-2025 to 31-03-2026', as the files print it (docs/api/reports.md "Downloads"). */
export function describeRange(startDate: string, endDate: string): string {
  return `From ${formatDate(startDate)} to ${formatDate(endDate)}`;
}

/** 'As at 31-03-2026'. */
export function describeAsAt(date: string): string {
  return `As at ${formatDate(date)}`;
}

/**
 * A report's default date, as the server picks it (docs/api/reports.md "Default date"): the year's
 * end, or today when that is earlier; the year's end again for a year not yet begun.
 */
export function defaultReportDate(year: string, today: CivilDate): CivilDate {
  const range = financialYearRange(year);
  if (today < range.startDate) return range.endDate;
  return today < range.endDate ? today : range.endDate;
}

const AXIS_SCALES = [
  { size: 1_00_00_000, word: "crore" },
  { size: 1_00_000, word: "lakh" },
  { size: 1_000, word: "thousand" },
] as const;

/**
 * A chart axis tick in rupees, the Indian way (issue 25): "80 thousand", "1.5 lakh", "2 crore",
 * never "80.0 K". One decimal at most, none when it is a zero.
 */
export function formatAxisAmount(rupees: number): string {
  const scale = AXIS_SCALES.find(({ size }) => Math.abs(rupees) >= size);
  if (!scale) return rupees.toLocaleString("en-IN", { maximumFractionDigits: 2 });
  const scaled = Math.round((rupees / scale.size) * 10) / 10;
  return `${scaled.toLocaleString("en-IN", { maximumFractionDigits: 1 })} ${scale.word}`;
}
