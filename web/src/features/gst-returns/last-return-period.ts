// Issue 40: the return screens reopen on the period last used in this organisation and year
// (kept in this browser), not always on last month. One key per organisation and year, shared by
// GSTR-1, IFF, GSTR-3B and GSTR-2, so moving between them keeps the month.

const keyOf = (organisationId: string, year: string) =>
  `bahi.returnPeriod.${organisationId}.${year}`;

export function readLastReturnPeriod(organisationId: string, year: string): string | null {
  try {
    return globalThis.localStorage?.getItem(keyOf(organisationId, year)) ?? null;
  } catch {
    return null;
  }
}

export function saveLastReturnPeriod(organisationId: string, year: string, text: string): void {
  try {
    globalThis.localStorage?.setItem(keyOf(organisationId, year), text);
  } catch {
    // Storage full or refused (private mode): the screen then opens on last month, as before.
  }
}
