/**
 * A stretch of a ledger's date range whose entries are counted and summed without reading them:
 * a whole month from account_balances, or a partial month at either end of the range.
 */
export interface LedgerStretch {
  /** First and last date, both inclusive. */
  from: string;
  to: string;
  count: number;
  /** Debits less credits of the stretch's entries. */
  net: number;
}

/**
 * The dates a ledger page's entries lie between and where in them the page starts: the page
 * is read, and its running balance started, from these stretches alone, never from the range's
 * earlier months (a busy account has 30,000 entries a year).
 */
export interface PageSpan {
  from: string;
  to: string;
  /** Entries of the span before the page. */
  skip: number;
  /** Entries in the span and their net. */
  count: number;
  net: number;
  /** Net of every entry of the range before the span. */
  netBefore: number;
}

/**
 * The fewest consecutive stretches holding entries skip … skip + limit − 1 of the range (stretches
 * in date order, not overlapping). Null when the page lies past the last entry.
 */
export function spanOfPage(
  stretches: readonly LedgerStretch[],
  page: { skip: number; limit: number },
): PageSpan | null {
  const lastEntry = page.skip + Math.max(page.limit, 1) - 1;
  let before = 0;
  let netBefore = 0;
  let span: PageSpan | null = null;
  for (const stretch of stretches) {
    if (stretch.count === 0) continue;
    const through = before + stretch.count;
    if (!span && through > page.skip) {
      span = {
        from: stretch.from,
        to: stretch.to,
        skip: page.skip - before,
        count: 0,
        net: 0,
        netBefore,
      };
    }
    if (span) {
      span.to = stretch.to;
      span.count += stretch.count;
      span.net += stretch.net;
      if (through > lastEntry) return span;
    }
    before = through;
    netBefore += stretch.net;
  }
  return span;
}
