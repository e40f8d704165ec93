import { queryOptions } from "@tanstack/react-query";
import { getLockPeriods } from "./lock-period.api.ts";

// The one owner of GET /settings/getLockPeriod in the cache (issue 40). The voucher forms and
// Settings → Lock Period both read it: they share this key and this data shape (the server's
// answer, `LockPeriods`), and a screen that wants another shape derives it with `select`. Caching
// a second shape under the same key crashed whichever screen came second.

export const lockPeriodKeys = {
  /** Every organisation's and year's lock periods: what a filing or a lock change invalidates. */
  all: ["lock-periods"] as const,
  year: (organisationId: string, year: string) => ["lock-periods", organisationId, year] as const,
};

export function lockPeriodsQuery(organisationId: string, year: string) {
  return queryOptions({
    queryKey: lockPeriodKeys.year(organisationId, year),
    queryFn: ({ signal }) => getLockPeriods(organisationId, year, signal),
  });
}
