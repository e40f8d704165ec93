import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-foundation.ts";

/** Every migration, in order. Ids sort as strings, so keep the four-digit prefix. */
export const MIGRATIONS: Record<string, Migration> = {
  "0001_foundation": m0001,
};

export const LATEST_MIGRATION_ID = Object.keys(MIGRATIONS).sort().at(-1) ?? "";
