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
import * as m0015 from "./0015-item-stock-years.ts";
import * as m0030 from "./0030-auth-limits.ts";
import * as m0040 from "./0040-opening-stock-from-items.ts";
import * as m0041 from "./0041-change-event-tabs.ts";
import * as m0056 from "./0056-gst-return-facts.ts";
import * as m0057 from "./0057-gst-return-sums.ts";
import * as m0058 from "./0058-gstr3b-outward-facts.ts";
import * as m0059 from "./0059-repeated-numbers-by-nature.ts";
import * as m0060 from "./0060-gst-return-filings.ts";
import * as m0061 from "./0061-itc-not-eligible.ts";
import * as m0062 from "./0062-sales-debit-note-rights.ts";
import * as m0065 from "./0065-gstr2b.ts";
import * as m0070 from "./0070-imports.ts";
import * as m0080 from "./0080-document-links.ts";
import * as m0081 from "./0081-outbox-delivery.ts";
import * as m0082 from "./0082-outbox-retention.ts";
import * as m0083 from "./0083-outbox-placeholder-values.ts";
import * as m0085 from "./0085-message-templates.ts";
import * as m0090 from "./0090-structured-addresses.ts";
import * as m0091 from "./0091-einvoice-documents.ts";
import * as m0095 from "./0095-eway-bills.ts";
import * as m0096 from "./0096-eway-threshold-from-state.ts";
import * as m0097 from "./0097-stock-version.ts";
import * as m0100 from "./0100-shared-state.ts";
import * as m0110 from "./0110-tds.ts";
import * as m0120 from "./0120-audit-trail.ts";
import * as m0150 from "./0150-shared-limits-and-secret.ts";
import * as m0160 from "./0160-cash-sales-settled.ts";
import * as m0161 from "./0161-bank-lines-in-books.ts";
import * as m0162 from "./0162-outbox-sender.ts";
import * as m0190 from "./0190-tds-tan-and-late-deduction.ts";
import * as m0200 from "./0200-default-message-templates.ts";

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
  "0015_item_stock_years": m0015,
  "0030_auth_limits": m0030,
  "0040_opening_stock_from_items": m0040,
  "0041_change_event_tabs": m0041,
  "0056_gst_return_facts": m0056,
  "0057_gst_return_sums": m0057,
  "0058_gstr3b_outward_facts": m0058,
  "0059_repeated_numbers_by_nature": m0059,
  "0060_gst_return_filings": m0060,
  "0061_itc_not_eligible": m0061,
  "0062_sales_debit_note_rights": m0062,
  "0065_gstr2b": m0065,
  "0070_imports": m0070,
  "0080_document_links": m0080,
  "0081_outbox_delivery": m0081,
  "0090_structured_addresses": m0090,
  "0091_einvoice_documents": m0091,
  "0095_eway_bills": m0095,
  "0096_eway_threshold_from_state": m0096,
  "0097_stock_version": m0097,
  "0100_shared_state": m0100,
  "0110_tds": m0110,
  "0150_shared_limits_and_secret": m0150,
  "0160_cash_sales_settled": m0160,
  "0161_bank_lines_in_books": m0161,
  "0162_outbox_sender": m0162,
  "0200_default_message_templates": m0200,
  "0085_message_templates": m0085,
  "0082_outbox_retention": m0082,
  "0083_outbox_placeholder_values": m0083,
  "0120_audit_trail": m0120,
  "0190_tds_tan_and_late_deduction": m0190,
};

export const LATEST_MIGRATION_ID = Object.keys(MIGRATIONS).sort().at(-1) ?? "";
