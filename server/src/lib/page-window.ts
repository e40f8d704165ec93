/**
 * Where to read one page of a sorted list from. OFFSET makes the database walk every skipped
 * index entry, so when the list's length is known and the page lies in its second half, the page
 * is read from the other end, in the opposite order, and turned round: the last page of 40,000
 * invoices skips nothing instead of 39,950 entries. Unknown length: read as asked.
 */
export interface PageWindow {
  /** Entries to skip, counted from the end `fromEnd` names. */
  skip: number;
  /** Entries on the page (0 past the end of a list of known length). */
  limit: number;
  /** Read in the opposite order; the caller puts the page back in the asked order. */
  fromEnd: boolean;
}

export function pageWindow(
  page: { skip: number; limit: number },
  knownLength: number | undefined,
): PageWindow {
  if (knownLength === undefined) return { skip: page.skip, limit: page.limit, fromEnd: false };
  const rows = Math.max(0, Math.min(page.skip + page.limit, knownLength) - page.skip);
  if (rows === 0) return { skip: 0, limit: 0, fromEnd: false };
  const skipFromEnd = knownLength - page.skip - rows;
  return skipFromEnd < page.skip
    ? { skip: skipFromEnd, limit: rows, fromEnd: true }
    : { skip: page.skip, limit: rows, fromEnd: false };
}

/** The order to read a window in: the asked one, or its opposite for a window read from the end. */
export function readOrder(window: PageWindow, asked: "asc" | "desc"): "asc" | "desc" {
  if (!window.fromEnd) return asked;
  return asked === "asc" ? "desc" : "asc";
}
