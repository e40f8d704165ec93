import { filingTooEarlyReason, type ReturnWarning, todayCivil } from "@bahi/domain";
import { formatDate } from "../../reports/report-format.ts";

// What the return screens (GSTR-1, IFF, GSTR-3B, GSTR-2) share, as pure functions.

/** The page of a paged table, from ?page= (1 when absent or unreadable). */
export function pageOf(params: URLSearchParams): number {
  return Number(params.get("page") ?? "1") || 1;
}

/** How many pages a paged table needs, or null when one page holds every row. */
export function pageCount(count: number, pageSize: number): number | null {
  return count > pageSize ? Math.ceil(count / pageSize) : null;
}

/** The line under the title once the server has answered: the GSTIN and the return period. */
export function returnSubtitle(
  data: { gstin: string; fp: string } | undefined,
): string | undefined {
  return data ? `GSTIN ${data.gstin} · Return period ${data.fp}` : undefined;
}

/** A document of the period saved or deleted after the return was marked filed (issue 40). */
export interface ChangedAfterFiling {
  entryId: string;
  transactionType: string;
  number: string;
  date: string;
  partyName: string | null;
  changedAt: string;
  deleted: boolean;
}

export interface ReturnFiling {
  filedAt: string;
  filedBy?: string;
  arn: string | null;
  /** Whether the filing's lock still holds; false once lifted in Lock Period. */
  locked?: boolean;
  changedAfterFiling?: ChangedAfterFiling[];
}

/** Mark as filed waits for the return and is gone once it is filed. */
export function filingBlocked(data: { filing: ReturnFiling | null } | undefined): boolean {
  return !data || data.filing !== null;
}

/**
 * Why Mark as filed is not offered yet: a period still running (issue 40; the server refuses it
 * too, with the same sentence). Null when it can be filed or is already filed.
 */
export function filingReason(
  title: string,
  data: { endDate: string; filing: ReturnFiling | null } | undefined,
  today: string,
): string | null {
  if (!data || data.filing !== null) return null;
  return filingTooEarlyReason(title, data.endDate, today);
}

/** What filing a return locks, in the words of its Filed notice and its Mark as filed dialog. */
export const FILING_LOCKS = {
  gstr1: {
    notice: "Its sales invoices and credit notes are locked",
    dialog:
      "Marking the return as filed locks this period's sales invoices, credit notes and debit notes to customers.",
  },
  gstr3b: {
    notice: "Every entry of the period is locked",
    dialog: "Marking the return as filed locks every entry of this period.",
  },
} as const;

/**
 * The Filed notice: when (India's date), the ARN if given, and what is locked and where to lift the
 * lock, or, once lifted, that it was (issue 40: the notice said "locked" after an unlock).
 */
export function filedSentence(filing: ReturnFiling, locked: string): string {
  const arn = filing.arn ? ` (ARN ${filing.arn})` : "";
  const filedOn = `Marked as filed on ${formatDate(todayCivil(new Date(filing.filedAt)))}${arn}.`;
  if (filing.locked === false) {
    return `${filedOn} The lock was lifted in Settings → Lock Period: entries of the period can be changed, and changes are listed here.`;
  }
  return `${filedOn} ${locked}; lift the lock in Settings → Lock Period.`;
}

export interface WarningsSummary {
  errors: number;
  color: "red" | "yellow";
  title: string;
  /** Set when an error stops the file. */
  errorLine: string | null;
}

/** The Warnings panel's colour, title and the line that says errors stop the file. */
export function summariseWarnings(warnings: readonly ReturnWarning[]): WarningsSummary {
  const errors = warnings.filter((warning) => warning.level === "error").length;
  return {
    errors,
    color: errors > 0 ? "red" : "yellow",
    title: `Warnings (${warnings.length})`,
    errorLine:
      errors > 0
        ? `Fix the ${errors} error${errors === 1 ? "" : "s"} before downloading the file.`
        : null,
  };
}

/** A warning's key in its list (the server's code and message make it one). */
export const warningKey = (warning: ReturnWarning) => `${warning.code}-${warning.message}`;

/** Up and Down move between the rows of a return's table; other keys are not the table's. */
export function rowStep(key: string): "next" | "previous" | null {
  if (key === "ArrowDown") return "next";
  if (key === "ArrowUp") return "previous";
  return null;
}
