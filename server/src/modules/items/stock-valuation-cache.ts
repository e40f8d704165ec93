import type { Kysely } from "kysely";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { readStockVersion } from "../../db/stock-version.ts";

// The weighted average valuation of an organisation's goods depends only on its goods, their
// stock movements and its first year (decision 028). Every change to either bumps the
// organisation's stock version in the same transaction (db/stock-version.ts), and a valuation
// is kept under the version it was read at: a balance sheet, profit and loss account or stock
// screen asked again while nothing moved reads the kept valuation instead of every good's year
// rows. The version is read before any stock read, so a valuation is never kept under a version
// newer than what it saw; several server processes each keep their own.

/** What a walk of the goods gives: see walkInventory. Shared between callers: never changed. */
export interface KeptValuation<T> {
  atDate: T;
  yearBefore: T | undefined;
}

/** Item valuations kept in all, across organisations and dates (about 100 bytes each). */
const ITEM_BUDGET = 100_000;

interface Entry {
  value: KeptValuation<readonly unknown[]>;
  items: number;
}

const kept = new Map<string, Entry>();
let keptItems = 0;

/** Each database a number, so that two databases in one process (tests) never share a key. */
const databases = new WeakMap<object, number>();
let lastDatabase = 0;

function databaseOf(db: Kysely<Database>): number {
  let id = databases.get(db);
  if (id === undefined) {
    lastDatabase += 1;
    id = lastDatabase;
    databases.set(db, id);
  }
  return id;
}

/** An organisation's keys begin with this (its database and id), its version next. */
function prefixOf(db: Kysely<Database>, organisationId: string): string {
  return `${databaseOf(db)}|${organisationId}|`;
}

function keyOf(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  version: number,
  date: string,
  options: { itemId?: string | undefined; keepYearBefore?: boolean },
): string {
  return [
    prefixOf(db, organisation.id) + String(version),
    organisation.starting_year,
    organisation.manage_inventory,
    date,
    options.itemId ?? "",
    options.keepYearBefore ? 1 : 0,
  ].join("|");
}

/**
 * The valuation kept for this organisation's stock version, or `walk`'s, kept. Inside a
 * transaction (which may see its own changes, not yet committed) nothing is kept or read.
 */
export async function keptValuation<T extends readonly unknown[]>(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  date: string,
  options: { itemId?: string | undefined; keepYearBefore?: boolean },
  walk: () => Promise<KeptValuation<T>>,
): Promise<KeptValuation<T>> {
  if (db.isTransaction) return walk();
  const version = await readStockVersion(db, organisation.id);
  const key = keyOf(db, organisation, version, date, options);
  const found = kept.get(key);
  if (found) {
    counts.hits += 1;
    // Most recently used last: the map's order is the eviction order.
    kept.delete(key);
    kept.set(key, found);
    return found.value as KeptValuation<T>;
  }
  counts.walks += 1;
  const value = await walk();
  const items = value.atDate.length + (value.yearBefore?.length ?? 0) + 1;
  if (items > ITEM_BUDGET) return value;
  forgetOlderVersions(prefixOf(db, organisation.id), version);
  kept.set(key, { value, items });
  keptItems += items;
  for (const [oldest, entry] of kept) {
    if (keptItems <= ITEM_BUDGET) break;
    kept.delete(oldest);
    keptItems -= entry.items;
  }
  return value;
}

/** A new version makes this organisation's older valuations useless: they are let go at once. */
function forgetOlderVersions(prefix: string, version: number) {
  const current = `${prefix}${version}|`;
  for (const [key, entry] of kept) {
    if (key.startsWith(prefix) && !key.startsWith(current)) {
      kept.delete(key);
      keptItems -= entry.items;
    }
  }
}

const counts = { hits: 0, walks: 0 };

/** How many valuations were served from what was kept, and how many walked (tests). */
export function countKeptValuations(): { hits: number; walks: number } {
  return { ...counts };
}

/** Forgets every kept valuation (tests). */
export function forgetKeptValuations() {
  kept.clear();
  keptItems = 0;
}
