import type { ListColumn } from "@bahi/domain";
import type { ListAccount, ListRecord } from "./lists.api.ts";

/** The account ids the records show in their account columns (one id or a list per cell). */
export function collectAccountIds(
  records: readonly ListRecord[],
  columns: readonly ListColumn[],
): string[] {
  const ids = new Set<string>();
  for (const column of columns) {
    if (column.type !== "account") continue;
    for (const record of records) {
      const value = record[column.key];
      for (const id of Array.isArray(value) ? value : [value]) {
        if (typeof id === "string" && id !== "") ids.add(id);
      }
    }
  }
  return [...ids];
}

/** spec 4: a loaded record that refers to an account missing from the cached list. */
export function findUnknownAccountIds(
  records: readonly ListRecord[],
  columns: readonly ListColumn[],
  accounts: readonly ListAccount[],
): string[] {
  const known = new Set(accounts.map((account) => account._id));
  return collectAccountIds(records, columns).filter((id) => !known.has(id));
}

/** The names of an account cell, joined: 'Cash' or 'Ravi Stores, Sharma & Sons'. */
export function describeAccountCell(value: unknown, names: ReadonlyMap<string, string>): string {
  const ids = Array.isArray(value) ? value : [value];
  return ids
    .filter((id): id is string => typeof id === "string" && id !== "")
    .map((id) => names.get(id) ?? "")
    .filter(Boolean)
    .join(", ");
}
