import { type CivilDate, compareDates, requireCivilDate } from "../calendar/civil-date.ts";

/**
 * TDS sections as data with validity dates, like GST's rate table (gst/rates): the rules in force
 * on a credit's date decide its rate and thresholds. Our keys stay the familiar Income-tax Act,
 * 1961 codes; from 1 April 2026 the Income-tax Act, 2025 moves them all into section 393, whose
 * table's serial numbers each version names in `newActReference` (decision 300).
 *
 * Sources (each version cites its own):
 * - Income-tax Act, 1961, ss.194A, 194C, 194H, 194-I, 194J, 194Q, 206AA (as amended).
 * - Finance Act, 2020 (194J: 2% for fees for technical services from 1 Apr 2020).
 * - Finance Act, 2021 (194Q from 1 Jul 2021; 206AA(1)'s 5% for 194Q).
 * - Finance (No. 2) Act, 2024 (194H rate 5% → 2% from 1 Oct 2024).
 * - Finance Act, 2025 (thresholds from 1 Apr 2025: 194A other than bank 5,000 → 10,000;
 *   194H 15,000 → 20,000; 194-I 2,40,000 a year → 50,000 a month or part of a month; 194J
 *   30,000 → 50,000; 194C unchanged at 30,000 single and 1,00,000 aggregate).
 * - Income-tax Act, 2025, s.393(1) Table (from 1 Apr 2026): Sl. No. 6(i) contractors (1% / 2%,
 *   30,000 / 1,00,000) and 6(iii) professional and technical fees (10% / 2%) as read at
 *   indiankanoon.org "Section 393(6) in The Income Tax Act, 2025"; Sl. No. 1(ii) commission,
 *   2(ii) rent, 5(iii) other interest as listed by the payment-code tables published for the
 *   draft Form 140 (terra-insight.com TDS payment-code lookup, palgou.com). 194Q's serial number
 *   was not found in a source we could read; it is marked unverified.
 */

/** Who the deductee is (the rates differ for individuals and HUFs under 194C). */
export const DEDUCTEE_TYPES = ["individual", "huf", "company", "firm", "other"] as const;
export type DeducteeType = (typeof DEDUCTEE_TYPES)[number];

export const TDS_SECTION_CODES = [
  "194C",
  "194J(a)",
  "194J(b)",
  "194H",
  "194I(a)",
  "194I(b)",
  "194A",
  "194Q",
] as const;
export type TdsSectionCode = (typeof TDS_SECTION_CODES)[number];

export function isTdsSectionCode(text: string): text is TdsSectionCode {
  return (TDS_SECTION_CODES as readonly string[]).includes(text);
}

/** Rates in basis points (hundredths of a percent): 1% = 100, 0.1% = 10, 20% = 2000. */
export type BasisPoints = number;

/** The period a threshold's aggregate is counted over. */
export type ThresholdPeriod = "year" | "month";

export interface TdsSectionVersion {
  readonly code: TdsSectionCode;
  readonly name: string;
  readonly validFrom: CivilDate;
  /** Last date in force, or null while in force. */
  readonly validTo: CivilDate | null;
  readonly rates: Readonly<Record<DeducteeType, BasisPoints>>;
  /** s.206AA: without a valid PAN, the higher of the section's rate and this (20 %; 5 % for 194Q). */
  readonly noPanRate: BasisPoints;
  /** Deduct when one credit exceeds this (paise), or null when the section has none. */
  readonly singleThreshold: number | null;
  /** Deduct when the credits of the period exceed this (paise), or null. */
  readonly aggregateThreshold: number | null;
  readonly aggregatePeriod: ThresholdPeriod;
  /** 194Q: tax only on what exceeds the aggregate threshold, not on the whole. */
  readonly excessOnly: boolean;
  /** Which Act the version belongs to, and its place there. */
  readonly act: "1961" | "2025";
  readonly newActReference: string;
  readonly source: string;
}

const RUPEE = 100;
const lakh = (n: number) => n * 100_000 * RUPEE;
const rupees = (n: number) => n * RUPEE;
const flat = (rate: BasisPoints): Record<DeducteeType, BasisPoints> => ({
  individual: rate,
  huf: rate,
  company: rate,
  firm: rate,
  other: rate,
});

/** The first date our table covers: 194J's split into technical (2%) and professional (10%). */
export const TDS_TABLE_START: CivilDate = "2020-04-01";
export const FINANCE_ACT_2025_DATE: CivilDate = "2025-04-01";
export const INCOME_TAX_ACT_2025_DATE: CivilDate = "2026-04-01";
const BEFORE_FA_2025: CivilDate = "2025-03-31";
const BEFORE_ACT_2025: CivilDate = "2026-03-31";

const NO_PAN_RATE: BasisPoints = 2000;

/** One section's rules before the Finance Act 2025, from it, and under the Income-tax Act 2025. */
function threeEras(
  base: Omit<
    TdsSectionVersion,
    | "validFrom"
    | "validTo"
    | "act"
    | "source"
    | "singleThreshold"
    | "aggregateThreshold"
    | "aggregatePeriod"
  > & { validFrom?: CivilDate },
  before: Pick<TdsSectionVersion, "singleThreshold" | "aggregateThreshold" | "aggregatePeriod"> & {
    source: string;
  },
  after: Pick<TdsSectionVersion, "singleThreshold" | "aggregateThreshold" | "aggregatePeriod"> & {
    source: string;
  },
): TdsSectionVersion[] {
  const { validFrom = TDS_TABLE_START, ...rest } = base;
  const { source: beforeSource, ...beforeThresholds } = before;
  const { source: afterSource, ...afterThresholds } = after;
  return [
    {
      ...rest,
      ...beforeThresholds,
      validFrom,
      validTo: BEFORE_FA_2025,
      act: "1961",
      source: beforeSource,
    },
    {
      ...rest,
      ...afterThresholds,
      validFrom: FINANCE_ACT_2025_DATE,
      validTo: BEFORE_ACT_2025,
      act: "1961",
      source: afterSource,
    },
    {
      ...rest,
      ...afterThresholds,
      validFrom: INCOME_TAX_ACT_2025_DATE,
      validTo: null,
      act: "2025",
      source: `Income-tax Act, 2025, s.393(1) Table ${rest.newActReference}`,
    },
  ];
}

const common = { noPanRate: NO_PAN_RATE, excessOnly: false };

export const TDS_SECTIONS: readonly TdsSectionVersion[] = [
  ...threeEras(
    {
      code: "194C",
      name: "Payments to contractors",
      rates: { individual: 100, huf: 100, company: 200, firm: 200, other: 200 },
      newActReference: "Sl. No. 6(i)",
      ...common,
    },
    {
      singleThreshold: rupees(30_000),
      aggregateThreshold: rupees(100_000),
      aggregatePeriod: "year",
      source:
        "Income-tax Act, 1961, s.194C(1) and (5) (thresholds as amended by Finance Act, 2016)",
    },
    {
      singleThreshold: rupees(30_000),
      aggregateThreshold: rupees(100_000),
      aggregatePeriod: "year",
      source: "Income-tax Act, 1961, s.194C (unchanged by Finance Act, 2025)",
    },
  ),
  ...threeEras(
    {
      code: "194J(a)",
      name: "Fees for technical services (2%)",
      rates: flat(200),
      newActReference: "Sl. No. 6(iii)",
      ...common,
    },
    {
      singleThreshold: null,
      aggregateThreshold: rupees(30_000),
      aggregatePeriod: "year",
      source:
        "Income-tax Act, 1961, s.194J(1)(a) as amended by Finance Act, 2020; threshold 30,000 a year",
    },
    {
      singleThreshold: null,
      aggregateThreshold: rupees(50_000),
      aggregatePeriod: "year",
      source: "Finance Act, 2025: s.194J threshold 30,000 → 50,000",
    },
  ),
  ...threeEras(
    {
      code: "194J(b)",
      name: "Fees for professional services (10%)",
      rates: flat(1000),
      newActReference: "Sl. No. 6(iii)",
      ...common,
    },
    {
      singleThreshold: null,
      aggregateThreshold: rupees(30_000),
      aggregatePeriod: "year",
      source: "Income-tax Act, 1961, s.194J(1)(b); threshold 30,000 a year",
    },
    {
      singleThreshold: null,
      aggregateThreshold: rupees(50_000),
      aggregatePeriod: "year",
      source: "Finance Act, 2025: s.194J threshold 30,000 → 50,000",
    },
  ),
  // 194H changed its rate on 1 Oct 2024 and its threshold on 1 Apr 2025: four versions.
  {
    code: "194H",
    name: "Commission or brokerage",
    validFrom: TDS_TABLE_START,
    validTo: "2024-09-30",
    rates: flat(500),
    ...common,
    singleThreshold: null,
    aggregateThreshold: rupees(15_000),
    aggregatePeriod: "year",
    act: "1961",
    newActReference: "Sl. No. 1(ii)",
    source: "Income-tax Act, 1961, s.194H: 5%, threshold 15,000 a year",
  },
  ...threeEras(
    {
      code: "194H",
      name: "Commission or brokerage",
      validFrom: "2024-10-01",
      rates: flat(200),
      newActReference: "Sl. No. 1(ii)",
      ...common,
    },
    {
      singleThreshold: null,
      aggregateThreshold: rupees(15_000),
      aggregatePeriod: "year",
      source: "Finance (No. 2) Act, 2024: s.194H rate 5% → 2% from 1 Oct 2024",
    },
    {
      singleThreshold: null,
      aggregateThreshold: rupees(20_000),
      aggregatePeriod: "year",
      source: "Finance Act, 2025: s.194H threshold 15,000 → 20,000",
    },
  ),
  ...threeEras(
    {
      code: "194I(a)",
      name: "Rent of plant, machinery or equipment",
      rates: flat(200),
      newActReference: "Sl. No. 2(ii) (plant, machinery)",
      ...common,
    },
    {
      singleThreshold: null,
      aggregateThreshold: rupees(240_000),
      aggregatePeriod: "year",
      source: "Income-tax Act, 1961, s.194-I(a): 2%, threshold 2,40,000 a year (Finance Act, 2019)",
    },
    {
      singleThreshold: null,
      aggregateThreshold: rupees(50_000),
      aggregatePeriod: "month",
      source: "Finance Act, 2025: s.194-I threshold 50,000 for a month or part of a month",
    },
  ),
  ...threeEras(
    {
      code: "194I(b)",
      name: "Rent of land, building or furniture",
      rates: flat(1000),
      newActReference: "Sl. No. 2(ii) (land, building)",
      ...common,
    },
    {
      singleThreshold: null,
      aggregateThreshold: rupees(240_000),
      aggregatePeriod: "year",
      source:
        "Income-tax Act, 1961, s.194-I(b): 10%, threshold 2,40,000 a year (Finance Act, 2019)",
    },
    {
      singleThreshold: null,
      aggregateThreshold: rupees(50_000),
      aggregatePeriod: "month",
      source: "Finance Act, 2025: s.194-I threshold 50,000 for a month or part of a month",
    },
  ),
  ...threeEras(
    {
      code: "194A",
      name: "Interest other than on securities (payer not a bank)",
      rates: flat(1000),
      newActReference: "Sl. No. 5(iii)",
      ...common,
    },
    {
      singleThreshold: null,
      aggregateThreshold: rupees(5_000),
      aggregatePeriod: "year",
      source:
        "Income-tax Act, 1961, s.194A(3)(i): 10%, threshold 5,000 a year when the payer is not a bank",
    },
    {
      singleThreshold: null,
      aggregateThreshold: rupees(10_000),
      aggregatePeriod: "year",
      source: "Finance Act, 2025: s.194A threshold (other than banks) 5,000 → 10,000",
    },
  ),
  ...threeEras(
    {
      code: "194Q",
      name: "Purchase of goods",
      validFrom: "2021-07-01",
      rates: flat(10),
      newActReference: "Sl. No. 8 (purchase of goods; serial not verified)",
      noPanRate: 500,
      excessOnly: true,
    },
    {
      singleThreshold: null,
      aggregateThreshold: lakh(50),
      aggregatePeriod: "year",
      source:
        "Income-tax Act, 1961, s.194Q (Finance Act, 2021, from 1 Jul 2021): 0.1% of the sum exceeding 50 lakh in a year; s.206AA(1) proviso 5% without PAN",
    },
    {
      singleThreshold: null,
      aggregateThreshold: lakh(50),
      aggregatePeriod: "year",
      source: "Income-tax Act, 1961, s.194Q (unchanged by Finance Act, 2025)",
    },
  ),
];

function inForce(version: TdsSectionVersion, date: CivilDate): boolean {
  return (
    compareDates(version.validFrom, date) <= 0 &&
    (version.validTo === null || compareDates(date, version.validTo) <= 0)
  );
}

/** Every section in force on `date`, in our table's order. */
export function tdsSectionsOn(
  date: CivilDate,
  table: readonly TdsSectionVersion[] = TDS_SECTIONS,
): TdsSectionVersion[] {
  requireCivilDate(date);
  return table.filter((version) => inForce(version, date));
}

/** One section's rules on `date`, or null when it was not in force (or before our table). */
export function tdsSectionOn(
  code: TdsSectionCode,
  date: CivilDate,
  table: readonly TdsSectionVersion[] = TDS_SECTIONS,
): TdsSectionVersion | null {
  return tdsSectionsOn(date, table).find((version) => version.code === code) ?? null;
}

/** "10%", "0.1%", "2%": a rate in basis points as people write it. */
export function describeBasisPoints(rate: BasisPoints): string {
  const whole = Math.trunc(rate / 100);
  const fraction = rate % 100;
  if (fraction === 0) return `${whole}%`;
  return `${whole}.${String(fraction).padStart(2, "0").replace(/0$/, "")}%`;
}

/** The ledger a section's deductions are posted to (created on demand under Duties & Taxes). */
export function tdsPayableLedgerName(code: TdsSectionCode): string {
  return `TDS Payable – ${code}`;
}
