import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-foundation.ts";
import * as m0002 from "./0002-people-and-organisations.ts";

/** Every migration, in order. Ids sort as strings, so keep the four-digit prefix. */
export const MIGRATIONS: Record<string, Migration> = {
  "0001_foundation": m0001,
  "0002_people_and_organisations": m0002,
};

export const LATEST_MIGRATION_ID = Object.keys(MIGRATIONS).sort().at(-1) ?? "";
