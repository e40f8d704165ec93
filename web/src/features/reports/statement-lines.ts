import {
  type CivilDate,
  clampDateToFinancialYear,
  DATE_INPUT_MESSAGES,
  isDateInFinancialYear,
  parsePeriod,
} from "@bahi/domain";

/** A line of a statement that is no group: Gross Profit c/o, Net Loss. */
export interface StatementExtraLine {
  label: string;
  amount: number;
}

export type PeriodReading =
  | { ok: true; startDate: CivilDate; endDate: CivilDate }
  | { ok: false; message: string };

/**
 * The period text of spec 5 read for the open year: a bare month is a month of that year, and a
 * period of another financial year is refused with the date input's message.
 */
export function readPeriodText(text: string, year: string, today: CivilDate): PeriodReading {
  const parsed = parsePeriod(text, clampDateToFinancialYear(today, year));
  if (!parsed.ok) return { ok: false, message: parsed.message };
  if (!isDateInFinancialYear(parsed.pStartDate, year)) {
    return { ok: false, message: DATE_INPUT_MESSAGES.outsideFinancialYear };
  }
  return { ok: true, startDate: parsed.pStartDate, endDate: parsed.pEndDate };
}

/** Trading account lines: gross profit carried to the debit side, gross loss to the credit. */
export function tradingLines(grossProfit: number): {
  debit: StatementExtraLine[];
  credit: StatementExtraLine[];
} {
  if (grossProfit > 0)
    return { debit: [{ label: "Gross Profit c/o", amount: grossProfit }], credit: [] };
  if (grossProfit < 0)
    return { debit: [], credit: [{ label: "Gross Loss c/o", amount: -grossProfit }] };
  return { debit: [], credit: [] };
}

/** Profit and loss lines: the gross result brought forward, and the net result to balance. */
export function profitAndLossLines(
  grossProfit: number,
  netProfit: number,
): {
  debitBefore: StatementExtraLine[];
  debitAfter: StatementExtraLine[];
  creditBefore: StatementExtraLine[];
  creditAfter: StatementExtraLine[];
} {
  return {
    debitBefore: grossProfit < 0 ? [{ label: "Gross Loss b/f", amount: -grossProfit }] : [],
    creditBefore: grossProfit > 0 ? [{ label: "Gross Profit b/f", amount: grossProfit }] : [],
    debitAfter: netProfit > 0 ? [{ label: "Net Profit", amount: netProfit }] : [],
    creditAfter: netProfit < 0 ? [{ label: "Net Loss", amount: -netProfit }] : [],
  };
}
