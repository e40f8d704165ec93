import { formatDateDisplay } from "../../calendar/index.ts";
import { isValidGstin } from "../../identity/index.ts";
import { formatAmount, type Paise } from "../../money/index.ts";
import { GST_RATES, isValidGstRateCode } from "../rates/index.ts";
import type { Gstr1Sections } from "./gstr1-build.ts";
import { aggregateB2csRows, type B2csAggregate } from "./gstr1-build.ts";
import { isExport, isSez, kindOfLine, placeOfSupplyOf } from "./gstr1-classify.ts";
import type { ReturnDocument } from "./return-document.ts";

export interface ReturnWarning {
  /** An error stops the JSON file; a warning only informs. */
  level: "error" | "warning";
  code: string;
  message: string;
  entryId: string | null;
  transactionType: string | null;
  number: string | null;
}

export interface WarningOptions {
  /** The organisation's GSTIN. */
  gstin: string;
  /** Previous year's aggregate turnover in paise: above ₹5 crore Table 12 needs 6 HSN digits. */
  previousYearTurnoverPaise: Paise;
  /** Cancellation dates of recipients' GSTINs known to the books (account gstCanDate). */
  gstinCancelledOn?: ReadonlyMap<string, string>;
  /** IFF: the ₹50 lakh monthly cap applies (gst-reference §5). */
  iff?: boolean;
}

/** Notification 78/2020-CT: 4 HSN digits up to ₹5 crore of aggregate turnover, 6 above. */
export const HSN_SIX_DIGIT_TURNOVER_PAISE = 5_00_00_000_00;
/** gst-reference §5: IFF carries at most ₹50 lakh of invoices a month. */
export const IFF_MONTHLY_LIMIT_PAISE = 50_00_000_00;

export function requiredHsnDigits(previousYearTurnoverPaise: Paise): 4 | 6 {
  return previousYearTurnoverPaise > HSN_SIX_DIGIT_TURNOVER_PAISE ? 6 : 4;
}

/** gst-reference §4: at most 16 characters, letters, digits, '-' and '/', starting with a letter or digit. */
export function isPortalDocumentNumber(number: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9/-]{0,15}$/.test(number);
}

function describe(document: ReturnDocument): string {
  return `${document.number} of ${formatDateDisplay(document.date)}`;
}

/** Whether a listed rate is in force on a date; null when the rate is not a listed one (0.25 %). */
function rateInForce(rate: number, date: string): boolean | null {
  const listed = GST_RATES.filter((entry) => entry.code === rate);
  if (listed.length === 0) return null;
  return listed.some(
    (entry) => entry.validFrom <= date && (entry.validTo === null || date <= entry.validTo),
  );
}

/**
 * The checks that stop a bad upload before the portal does (issue 19, "Warnings before filing"),
 * each naming the voucher it is about.
 */
export function findGstr1Warnings(
  documents: readonly ReturnDocument[],
  sections: Gstr1Sections,
  options: WarningOptions,
): ReturnWarning[] {
  const warnings: ReturnWarning[] = [];
  const stateCode = options.gstin.slice(0, 2);
  const digits = requiredHsnDigits(options.previousYearTurnoverPaise);
  const add = (
    level: ReturnWarning["level"],
    code: string,
    message: string,
    document: ReturnDocument | null,
  ) =>
    warnings.push({
      level,
      code,
      message,
      entryId: document?.entryId ?? null,
      transactionType: document?.voucherType ?? null,
      number: document?.number ?? null,
    });

  const seen = new Map<string, ReturnDocument>();
  for (const document of documents) {
    const what = describe(document);
    if (!isPortalDocumentNumber(document.number)) {
      add(
        "error",
        "INVALID_NUMBER",
        `${what}: the portal accepts at most 16 characters, only letters, digits, '-' and '/', starting with a letter or digit.`,
        document,
      );
    }
    // The portal treats numbers case-insensitively within a nature of document.
    const key = `${document.table13Nature}|${document.number.toUpperCase()}`;
    const earlier = seen.get(key);
    if (earlier) {
      add(
        "error",
        "DUPLICATE_NUMBER",
        `${what}: the number is also used by ${describe(earlier)}; the portal refuses a repeated number.`,
        document,
      );
    } else {
      seen.set(key, document);
    }

    if (document.gstin !== null) {
      if (!isValidGstin(document.gstin)) {
        add(
          "error",
          "INVALID_GSTIN",
          `${what}: the GSTIN ${document.gstin} fails its check.`,
          document,
        );
      } else if (document.gstin === options.gstin) {
        add(
          "error",
          "OWN_GSTIN",
          `${what}: the recipient's GSTIN is the organisation's own.`,
          document,
        );
      }
      const cancelledOn = options.gstinCancelledOn?.get(document.gstin);
      if (cancelledOn !== undefined && cancelledOn < document.date) {
        add(
          "error",
          "GSTIN_CANCELLED",
          `${what}: the GSTIN ${document.gstin} was cancelled on ${formatDateDisplay(cancelledOn)}.`,
          document,
        );
      }
    } else if (
      isSez(document) ||
      document.supplyKind === "deemedExport" ||
      document.reverseCharge
    ) {
      add(
        "error",
        "B2B_WITHOUT_GSTIN",
        `${what}: a B2B supply (SEZ, deemed export or reverse charge) needs the recipient's GSTIN.`,
        document,
      );
    }

    if (!isExport(document)) {
      if (document.pos === null) {
        add(
          "warning",
          "POS_MISSING",
          `${what}: no place of supply; the organisation's own state ${stateCode} is reported.`,
          document,
        );
      } else if (
        document.gstin !== null &&
        !isSez(document) &&
        isValidGstin(document.gstin) &&
        document.gstin.slice(0, 2) !== placeOfSupplyOf(document, stateCode)
      ) {
        add(
          "warning",
          "POS_MISMATCH",
          `${what}: the place of supply ${document.pos} is not the state of the recipient's GSTIN (${document.gstin.slice(0, 2)}).`,
          document,
        );
      }
    } else if (!document.portCode || !document.shippingBillNumber || !document.shippingBillDate) {
      add(
        "warning",
        "SHIPPING_BILL_MISSING",
        `${what}: the port code, shipping bill number or date is missing; add them when known.`,
        document,
      );
    }

    document.lines.forEach((line, index) => {
      if (line.taxablePaise === 0) return;
      const lineName = `${what}, line ${index + 1}`;
      const code = line.hsn ?? "";
      if (code === "") {
        add(
          "error",
          "HSN_MISSING",
          line.fromAccountLine
            ? `${lineName}: an account line takes the HSN/SAC of the item it is billed with, and this invoice has no item line with one; bill the supply through an item that has its HSN/SAC.`
            : `${lineName}: no HSN/SAC code (Table 12 needs one).`,
          document,
        );
      } else if (!/^\d+$/.test(code) || code.length < digits || ![4, 6, 8].includes(code.length)) {
        add(
          "error",
          "HSN_LENGTH",
          `${lineName}: the HSN/SAC ${code} must have at least ${digits} digits (4, 6 or 8) for the organisation's turnover.`,
          document,
        );
      }
      if (kindOfLine(line, document) !== "taxable" || line.gstRate <= 0) return;
      const inForce = rateInForce(line.gstRate, document.date);
      if (inForce === false) {
        add(
          "error",
          "RATE_NOT_IN_FORCE",
          `${lineName}: the rate ${line.gstRate}% was not in force on ${formatDateDisplay(document.date)}.`,
          document,
        );
      } else if (inForce === null && !isValidGstRateCode(line.gstRate)) {
        add("error", "RATE_INVALID", `${lineName}: ${line.gstRate}% is not a GST rate.`, document);
      }
    });
  }

  const byId = new Map(documents.map((document) => [document.entryId, document]));
  warnings.push(
    ...findB2csWarnings(
      aggregateB2csRows(sections.b2cs, (row) => byId.get(row.entryId) as ReturnDocument, stateCode),
    ),
  );
  if (options.iff) {
    warnings.push(
      ...findIffLimitWarnings(sections.b2b.reduce((total, row) => total + row.valuePaise, 0)),
    );
  }
  return warnings;
}

function periodWarning(
  level: ReturnWarning["level"],
  code: string,
  message: string,
): ReturnWarning {
  return { level, code, message, entryId: null, transactionType: null, number: null };
}

/** B2C small buckets (in their order) whose credit notes exceed the period's sales. */
export function findB2csWarnings(buckets: readonly B2csAggregate[]): ReturnWarning[] {
  return buckets
    .filter((bucket) => bucket.taxablePaise < 0)
    .map((bucket) =>
      periodWarning(
        "warning",
        "B2CS_NEGATIVE",
        `B2C small, place of supply ${bucket.pos} at ${bucket.rate}%: credit notes exceed the period's sales (${formatAmount(bucket.taxablePaise)}).`,
      ),
    );
}

/** IFF's ₹50 lakh monthly cap on the value of B2B invoices (gst-reference §5). */
export function findIffLimitWarnings(b2bValuePaise: Paise): ReturnWarning[] {
  return b2bValuePaise > IFF_MONTHLY_LIMIT_PAISE
    ? [
        periodWarning(
          "error",
          "IFF_LIMIT",
          `IFF can carry at most ₹50,00,000 of invoices in a month; this month has ₹${formatAmount(b2bValuePaise)}. File them in the quarterly GSTR-1.`,
        ),
      ]
    : [];
}
