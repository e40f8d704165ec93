import type { Migration } from "kysely/migration";
import * as m0001 from "./0001-foundation.ts";
import * as m0002 from "./0002-people-and-organisations.ts";
import * as m0003 from "./0003-organisation-settings.ts";
import * as m0004 from "./0004-user-contacts.ts";
import * as m0005 from "./0005-masters.ts";
import * as m0006 from "./0006-vouchers.ts";
import * as m0008 from "./0008-bench-indexes.ts";
import * as m0009 from "./0009-voucher-totals.ts";
import * as m0010 from "./0010-dated-sums.ts";
import * as m0011 from "./0011-ledger-month-counts.ts";
import * as m0012 from "./0012-balances-by-month.ts";
import * as m0013 from "./0013-search-trigrams.ts";
import * as m0014 from "./0014-purchase-place-of-supply.ts";
import * as m0030 from "./0030-auth-limits.ts";
import * as m0040 from "./0040-opening-stock-from-items.ts";
import * as m0041 from "./0041-change-event-tabs.ts";
import * as m0060 from "./0060-gst-return-filings.ts";
import * as m0061 from "./0061-itc-not-eligible.ts";
import * as m0065 from "./0065-gstr2b.ts";
import * as m0070 from "./0070-imports.ts";

/** Every migration, in order. Ids sort as strings, so keep the four-digit prefix. */
export const MIGRATIONS: Record<string, Migration> = {
  "0001_foundation": m0001,
  "0002_people_and_organisations": m0002,
  "0003_organisation_settings": m0003,
  "0004_user_contacts": m0004,
  "0005_masters": m0005,
  "0006_vouchers": m0006,
  "0008_bench_indexes": m0008,
  "0009_voucher_totals": m0009,
  "0010_dated_sums": m0010,
  "0011_ledger_month_counts": m0011,
  "0012_balances_by_month": m0012,
  "0013_search_trigrams": m0013,
  "0014_purchase_place_of_supply": m0014,
  "0030_auth_limits": m0030,
  "0040_opening_stock_from_items": m0040,
  "0041_change_event_tabs": m0041,
  "0060_gst_return_filings": m0060,
  "0061_itc_not_eligible": m0061,
  "0065_gstr2b": m0065,
  "0070_imports": m0070,
};

export const LATEST_MIGRATION_ID = Object.keys(MIGRATIONS).sort().at(-1) ?? "";
