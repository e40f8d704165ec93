import { divideRoundingHalfAwayFromZero, scaleDecimal } from "../../money/decimal.ts";
import {
  amountForQuantity,
  formatAmount,
  type Paise,
  type RupeeRounding,
  roundToRupee,
} from "../../money/index.ts";
import { percentToBasisPoints } from "../rates/basis-points.ts";
import { EXEMPT_RATE, isValidGstRateCode, NO_GST_RATE, rateToBasisPoints } from "../rates/index.ts";
import { DocumentError } from "./document-error.ts";
import { determineTaxKind, type TaxKind, type TaxKindInput } from "./tax-kind.ts";

/** A line discount: a percentage of the line amount (0–100, 2 decimals) or an amount in paise. */
export type Discount = { kind: "percent"; percent: number } | { kind: "amount"; paise: Paise };

export type ItemLineInput = {
  /** Up to 3 decimals, not negative. */
  quantity: number;
  /** Price per unit in whole paise, not negative. */
  ratePaise: Paise;
  discount?: Discount | undefined;
  /** Percent (18, 0.25…), 0 nil-rated, -1 Exempt, -2 non-GST (spec 3, Account: gstRate). */
  gstRate: number;
  /** Compensation cess in percent, up to 2 decimals. */
  cessRate?: number | undefined;
};

/** A line booked straight to an account (freight, packing…): its amount is the taxable value. */
export type AccountLineInput = {
  amountPaise: Paise;
  gstRate: number;
  cessRate?: number | undefined;
};

export type DocumentInput = TaxKindInput & {
  /** Tax is computed and reported but not charged in the total (gst-reference §8). */
  reverseCharge?: boolean | undefined;
  /** Round the total to the rupee with a separate round-off line; default true. */
  roundOff?: boolean | undefined;
  itemLines: readonly ItemLineInput[];
  accountLines?: readonly AccountLineInput[] | undefined;
};

export type ComputedLine = {
  /** quantity × rate (for an account line, its amount). */
  grossPaise: Paise;
  discountPaise: Paise;
  /** grossPaise − discountPaise. */
  taxablePaise: Paise;
  gstRate: number;
  cessRate: number;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  cessPaise: Paise;
  /** cgst + sgst + igst + cess, charged or not. */
  taxPaise: Paise;
  /** taxable + tax, without the tax under reverse charge. */
  totalPaise: Paise;
};

export type RateSummaryRow = {
  gstRate: number;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  cessPaise: Paise;
};

export type ComputedDocument = {
  itemLines: ComputedLine[];
  accountLines: ComputedLine[];
  taxKind: TaxKind;
  reverseCharge: boolean;
  /** Σ taxable values of all lines (the spec's grossAmount). */
  grossPaise: Paise;
  /** Σ line discounts, for display. */
  discountPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  cessPaise: Paise;
  /** cgst + sgst + igst + cess. */
  taxPaise: Paise;
  /** The tax in the total: taxPaise, or 0 under reverse charge. */
  chargedTaxPaise: Paise;
  roundOffPaise: Paise;
  /** grossPaise + chargedTaxPaise + roundOffPaise. */
  totalPaise: Paise;
  /** One row per GST rate ≥ 0 present, ascending; empty when GST does not apply. */
  rateSummary: RateSummaryRow[];
  nilRatedPaise: Paise;
  exemptPaise: Paise;
  nonGstPaise: Paise;
};

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

type LineContext = { taxKind: TaxKind; reverseCharge: boolean };

type LineAmounts = {
  grossPaise: bigint;
  discountPaise: bigint;
  gstRate: number;
  cessRate: number | undefined;
};

type LineLabel = { label: string; path: readonly (string | number)[] };

/**
 * Computes an invoice, purchase, note, quotation or order from its lines: the one computation
 * shared by the entry forms and the server. Throws DocumentError on invalid input.
 */
export function computeDocument(input: DocumentInput): ComputedDocument {
  const taxKind = determineTaxKind(input);
  const context: LineContext = { taxKind, reverseCharge: input.reverseCharge === true };
  const itemLines = input.itemLines.map((line, index) =>
    computeItemLine(line, { label: `Item line ${index + 1}`, path: ["itemLines", index] }, context),
  );
  const accountLines = (input.accountLines ?? []).map((line, index) =>
    computeAccountLine(
      line,
      { label: `Account line ${index + 1}`, path: ["accountLines", index] },
      context,
    ),
  );
  return summariseDocument(
    [...itemLines, ...accountLines],
    { itemLines, accountLines },
    { ...context, gstApplicable: input.gstApplicable, roundOff: input.roundOff !== false },
  );
}

/**
 * CGST and SGST (or UTGST) of an intra-state line (decision 099). Each is levied under its own Act
 * at half the GST rate on the same taxable value, so each is taxable × rate/2 %, rounded half-up
 * to the paisa (gst-reference §9), and the two are always equal: ₹101 at 5 % gives 2.53 and 2.53
 * (GST 5.06), not a 5.05 split into 2.53 and 2.52. Throws RangeError on a taxable value that is
 * not whole, non-negative paise or a rate that is not a GST rate of 0 % or more.
 */
export function computeIntraStateTaxes(
  taxablePaise: Paise,
  gstRate: number,
): { cgstPaise: Paise; sgstPaise: Paise } {
  if (!Number.isSafeInteger(taxablePaise) || taxablePaise < 0) {
    throw new RangeError(`Taxable value must be whole paise, not negative, got ${taxablePaise}.`);
  }
  if (!isValidGstRateCode(gstRate) || gstRate < 0) {
    throw new RangeError(`Expected a GST rate of 0 % or more, got ${gstRate}.`);
  }
  const half = Number(halfRateTax(BigInt(taxablePaise), BigInt(rateToBasisPoints(gstRate))));
  return { cgstPaise: half, sgstPaise: half };
}

/** Taxable × (basis points / 2) / 10,000, half-up: the CGST, and equally the SGST, of a line. */
function halfRateTax(taxable: bigint, basisPoints: bigint): bigint {
  return divideRoundingHalfAwayFromZero(taxable * basisPoints, 20000n);
}

function computeItemLine(line: ItemLineInput, at: LineLabel, context: LineContext): ComputedLine {
  const quantity = readDecimal(line.quantity, 3);
  if (quantity === null) {
    fail(at, "quantity", "quantity must be a number with at most 3 decimals.");
  }
  if (quantity < 0n) fail(at, "quantity", "quantity cannot be negative.");
  const rate = readPaise(line.ratePaise, at, "ratePaise", "rate");
  const grossPaise = BigInt(lineAmount(toPaise(quantity, at), Number(rate), at));
  const discountPaise = computeDiscount(line.discount, grossPaise, at);
  return computeLineTaxes(
    { grossPaise, discountPaise, gstRate: line.gstRate, cessRate: line.cessRate },
    at,
    context,
  );
}

function computeAccountLine(
  line: AccountLineInput,
  at: LineLabel,
  context: LineContext,
): ComputedLine {
  const amount = readPaise(line.amountPaise, at, "amountPaise", "amount");
  return computeLineTaxes(
    { grossPaise: amount, discountPaise: 0n, gstRate: line.gstRate, cessRate: line.cessRate },
    at,
    context,
  );
}

function computeDiscount(discount: Discount | undefined, grossPaise: bigint, at: LineLabel) {
  if (discount === undefined) return 0n;
  if (discount.kind === "percent") {
    // spec 5, Item: discount percentages are capped at 100.
    const hundredths = percentToBasisPoints(discount.percent, 100);
    if (hundredths === null) {
      fail(at, "discount", "discount must be a percentage from 0 to 100 with at most 2 decimals.");
    }
    return divideRoundingHalfAwayFromZero(grossPaise * BigInt(hundredths), 10000n);
  }
  const amount = readPaise(discount.paise, at, "discount", "discount");
  if (amount > grossPaise) {
    fail(
      at,
      "discount",
      `discount cannot be more than the line amount (${formatAmount(toPaise(grossPaise, at))}).`,
    );
  }
  return amount;
}

function computeLineTaxes(amounts: LineAmounts, at: LineLabel, context: LineContext): ComputedLine {
  const rate = readGstRate(amounts.gstRate, at);
  const cessRate = readCessRate(amounts.cessRate, at);
  const taxable = amounts.grossPaise - amounts.discountPaise;
  // Exempt and non-GST supplies carry no GST and no cess; nil-rated lines have rate 0.
  const taxed = context.taxKind !== "none" && rate !== undefined;
  // Intra-state, CGST and SGST are each half the rate on the same taxable value, rounded alike
  // (decision 099), so the GST is twice one half; inter-state, IGST is the full rate.
  const half = taxed && context.taxKind === "intra" ? halfRateTax(taxable, rate) : 0n;
  const igst =
    taxed && context.taxKind === "inter"
      ? divideRoundingHalfAwayFromZero(taxable * rate, 10000n)
      : 0n;
  const cess = taxed ? divideRoundingHalfAwayFromZero(taxable * cessRate, 10000n) : 0n;
  const halfPaise = toPaise(half, at);
  const tax = 2n * half + igst + cess;
  return {
    grossPaise: toPaise(amounts.grossPaise, at),
    discountPaise: toPaise(amounts.discountPaise, at),
    taxablePaise: toPaise(taxable, at),
    gstRate: amounts.gstRate,
    cessRate: amounts.cessRate ?? 0,
    cgstPaise: halfPaise,
    sgstPaise: halfPaise,
    igstPaise: toPaise(igst, at),
    cessPaise: toPaise(cess, at),
    taxPaise: toPaise(tax, at),
    totalPaise: toPaise(context.reverseCharge ? taxable : taxable + tax, at),
  };
}

function summariseDocument(
  lines: readonly ComputedLine[],
  parts: { itemLines: ComputedLine[]; accountLines: ComputedLine[] },
  options: LineContext & { gstApplicable: boolean; roundOff: boolean },
): ComputedDocument {
  const gross = sumField(lines, "taxablePaise");
  const cgst = sumField(lines, "cgstPaise");
  const sgst = sumField(lines, "sgstPaise");
  const igst = sumField(lines, "igstPaise");
  const cess = sumField(lines, "cessPaise");
  const tax = cgst + sgst + igst + cess;
  const chargedTax = options.reverseCharge ? 0n : tax;
  const unrounded = toDocumentPaise(gross + chargedTax);
  const { roundedPaise, roundOffPaise }: RupeeRounding = options.roundOff
    ? roundTotalToRupee(unrounded)
    : { roundedPaise: unrounded, roundOffPaise: 0 };
  const byTreatment = (gstRate: number) =>
    options.gstApplicable
      ? toDocumentPaise(
          sumField(
            lines.filter((line) => line.gstRate === gstRate),
            "taxablePaise",
          ),
        )
      : 0;
  return {
    ...parts,
    taxKind: options.taxKind,
    reverseCharge: options.reverseCharge,
    grossPaise: toDocumentPaise(gross),
    discountPaise: toDocumentPaise(sumField(lines, "discountPaise")),
    cgstPaise: toDocumentPaise(cgst),
    sgstPaise: toDocumentPaise(sgst),
    igstPaise: toDocumentPaise(igst),
    cessPaise: toDocumentPaise(cess),
    taxPaise: toDocumentPaise(tax),
    chargedTaxPaise: toDocumentPaise(chargedTax),
    roundOffPaise,
    totalPaise: roundedPaise,
    rateSummary: options.gstApplicable ? summariseRates(lines) : [],
    nilRatedPaise: byTreatment(0),
    exemptPaise: byTreatment(EXEMPT_RATE),
    nonGstPaise: byTreatment(NO_GST_RATE),
  };
}

function summariseRates(lines: readonly ComputedLine[]): RateSummaryRow[] {
  const rows = new Map<number, RateSummaryRow>();
  for (const line of lines) {
    if (line.gstRate < 0) continue;
    const row = rows.get(line.gstRate) ?? {
      gstRate: line.gstRate,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      cessPaise: 0,
    };
    row.taxablePaise = addDocumentPaise(row.taxablePaise, line.taxablePaise);
    row.cgstPaise = addDocumentPaise(row.cgstPaise, line.cgstPaise);
    row.sgstPaise = addDocumentPaise(row.sgstPaise, line.sgstPaise);
    row.igstPaise = addDocumentPaise(row.igstPaise, line.igstPaise);
    row.cessPaise = addDocumentPaise(row.cessPaise, line.cessPaise);
    rows.set(line.gstRate, row);
  }
  return [...rows.values()].sort((a, b) => a.gstRate - b.gstRate);
}

/** The GST rate in hundredths of a percent, or undefined for Exempt and non-GST. */
function readGstRate(gstRate: number, at: LineLabel): bigint | undefined {
  if (!isValidGstRateCode(gstRate)) {
    fail(
      at,
      "gstRate",
      "GST rate must be a percentage from 0 to 100 with at most 2 decimals, Exempt (-1) or None (-2).",
    );
  }
  // rateToBasisPoints gives 0 for both, but Exempt and non-GST lines carry no cess either, while
  // a nil-rated (0%) line keeps its cess; so they are told apart here.
  if (gstRate === EXEMPT_RATE || gstRate === NO_GST_RATE) return undefined;
  return BigInt(rateToBasisPoints(gstRate));
}

// Any cess percent of 0 or more is computed: the bound of MAX_CESS_RATE is the schema's to apply,
// so gst/rates' cessRateToBasisPoints, which refuses more than 1000, is not used here.
function readCessRate(cessRate: number | undefined, at: LineLabel): bigint {
  if (cessRate === undefined) return 0n;
  const hundredths = readDecimal(cessRate, 2);
  if (hundredths === null || hundredths < 0n) {
    fail(at, "cessRate", "cess rate must be a percentage of 0 or more with at most 2 decimals.");
  }
  return hundredths;
}

/**
 * A quantity or cess percent as the exact integer `value × 10^decimals`, or null when it is
 * not finite or has more decimals. Numbers from 1e21 up, which String() writes in exponent form,
 * are refused too: no quantity or rate is that large.
 */
function readDecimal(value: number, decimals: number): bigint | null {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return null;
  return scaleDecimal(value, decimals);
}

/** roundToRupee, with a total that rounds past exact arithmetic refused as the document's. */
function roundTotalToRupee(paise: Paise): RupeeRounding {
  try {
    return roundToRupee(paise);
  } catch {
    throw new DocumentError("The document's totals are too large.");
  }
}

function readPaise(value: Paise, at: LineLabel, field: string, name: string): bigint {
  if (!Number.isSafeInteger(value)) fail(at, field, `${name} must be a whole number of paise.`);
  if (value < 0) fail(at, field, `${name} cannot be negative.`);
  return BigInt(value);
}

function toPaise(value: bigint, at: LineLabel): Paise {
  if (value > MAX_SAFE || value < -MAX_SAFE) fail(at, undefined, "amount is too large.");
  return Number(value);
}

/** quantity × rate by money's one function; a product past the safe range is the line's error. */
function lineAmount(quantityMilli: number, ratePaise: Paise, at: LineLabel): Paise {
  try {
    return amountForQuantity(quantityMilli, ratePaise);
  } catch {
    return fail(at, undefined, "amount is too large.");
  }
}

function toDocumentPaise(value: bigint): Paise {
  if (value > MAX_SAFE || value < -MAX_SAFE) {
    throw new DocumentError("The document's totals are too large.");
  }
  return Number(value);
}

function addDocumentPaise(a: Paise, b: Paise): Paise {
  return toDocumentPaise(BigInt(a) + BigInt(b));
}

type PaiseField = Exclude<keyof ComputedLine, "gstRate" | "cessRate">;

function sumField(lines: readonly ComputedLine[], field: PaiseField): bigint {
  return lines.reduce((sum, line) => sum + BigInt(line[field]), 0n);
}

function fail(at: LineLabel, field: string | undefined, message: string): never {
  throw new DocumentError(
    `${at.label}: ${message}`,
    field === undefined ? at.path : [...at.path, field],
  );
}
