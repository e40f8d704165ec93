import { type CivilDate, type GstReturnKind, parsePeriod } from "@bahi/domain";

export const PERIOD_TEXT_MESSAGES = {
  monthOrQuarter: "Enter a month (Sep 2024) or a quarter (Jul 2024 to Sep 2024).",
  iffMonth: "IFF is filed for one month: enter a month such as Aug 2024.",
  outsideYear: "The period must lie inside the financial year.",
} as const;

export type PeriodTextResult =
  | { ok: true; startDate: CivilDate; endDate: CivilDate; label: string }
  | { ok: false; message: string };

/**
 * The return screens' period input (spec 5 "Period text"): a month or a quarter, inside the
 * open financial year; IFF takes a month only.
 */
export function readReturnPeriodText(
  text: string,
  kind: GstReturnKind,
  year: string,
  today: CivilDate,
): PeriodTextResult {
  const period = parsePeriod(text, today);
  if (!period.ok) return { ok: false, message: period.message };
  if (period.pType !== "M" && period.pType !== "Q") {
    return { ok: false, message: PERIOD_TEXT_MESSAGES.monthOrQuarter };
  }
  if (kind === "iff" && period.pType !== "M")
    return { ok: false, message: PERIOD_TEXT_MESSAGES.iffMonth };
  if (period.FY !== year) return { ok: false, message: PERIOD_TEXT_MESSAGES.outsideYear };
  return {
    ok: true,
    startDate: period.pStartDate,
    endDate: period.pEndDate,
    label: text.trim(),
  };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 'Sep 2024' for the month before `today`, kept inside the financial year. */
export function defaultPeriodText(year: string, today: CivilDate): string {
  const startYear = Number(year.slice(0, 4));
  const first = `${startYear}-04-01`;
  const last = `${startYear + 1}-03-31`;
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7)) - 1;
  if (m === 0) {
    m = 12;
    y -= 1;
  }
  let month = `${y}-${String(m).padStart(2, "0")}-01`;
  if (month < first) month = first;
  if (month > last) month = `${startYear + 1}-03-01`;
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}
