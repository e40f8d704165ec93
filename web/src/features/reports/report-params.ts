import { type CivilDate, isDateInFinancialYear, isValidCivilDate } from "@bahi/domain";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

// A report's filters live in the address (?from=2025-04-01&to=2025-06-30), so that going back
// from a ledger opened by drill-down finds the report as it was left, and a report can be linked
// to with its filters. A year change drops them with the rest of the query (year-change.ts).

export type ParamPatch = Record<string, string | number | null | undefined>;

/** The params with the patch applied: empty, null and undefined values remove their key. */
export function patchSearchParams(previous: URLSearchParams, patch: ParamPatch): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** A date param inside the open financial year, else null (the report's default). */
export function readDateParam(value: string | null, year: string): CivilDate | null {
  if (value === null || !isValidCivilDate(value)) return null;
  return isDateInFinancialYear(value, year) ? value : null;
}

/** One of the allowed values, else the fallback. */
export function readChoiceParam<T extends string>(
  value: string | null,
  allowed: readonly T[],
  fallback: T,
): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** A whole number from 1 up to max, else null. */
export function readCountParam(value: string | null, max: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const count = Number(value);
  return count >= 1 && count <= max ? count : null;
}

export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: ParamPatch) =>
      setParams((previous) => patchSearchParams(previous, patch), { replace: true }),
    [setParams],
  );
  return { params, update };
}
