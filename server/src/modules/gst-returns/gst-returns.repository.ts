import type { Kysely } from "kysely";
import type { Database, GstReturnFilingsTable } from "../../db/schema.ts";

export interface OutwardVoucherRow {
  id: string;
  type: string;
  date: string;
  number: string;
  party_name: string | null;
  amount_paise: number;
  document: string;
}

/** Live vouchers of these types dated in the period, by date and number (the stored documents). */
export function listLiveVouchers(
  db: Kysely<Database>,
  organisationId: string,
  year: string,
  types: readonly string[],
  startDate: string,
  endDate: string,
): Promise<OutwardVoucherRow[]> {
  return db
    .selectFrom("vouchers")
    .select(["id", "type", "date", "number", "party_name", "amount_paise", "document"])
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("year", "=", year)
    .where("date", ">=", startDate)
    .where("date", "<=", endDate)
    .where("deleted_at", "is", null)
    .orderBy("date")
    .orderBy("number_key")
    .orderBy("id")
    .execute();
}

/**
 * Live vouchers of one type dated in the period after a position (date, id), a page at a time
 * along the by-date index: for reads whose order does not matter (sums), so that a month of a
 * large book is never held at once.
 */
export function listLiveVouchersAfter(
  db: Kysely<Database>,
  organisationId: string,
  year: string,
  type: string,
  period: { startDate: string; endDate: string },
  after: { date: string; id: string } | null,
  limit: number,
): Promise<OutwardVoucherRow[]> {
  return db
    .selectFrom("vouchers")
    .select(["id", "type", "date", "number", "party_name", "amount_paise", "document"])
    .where("organisation_id", "=", organisationId)
    .where("type", "=", type)
    .where("year", "=", year)
    .where("date", ">=", period.startDate)
    .where("date", "<=", period.endDate)
    .where("deleted_at", "is", null)
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb(
          eb.refTuple("date", "id"),
          ">",
          eb.tuple((after as { date: string }).date, (after as { id: string }).id),
        ),
      ),
    )
    .orderBy("date")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Numbers of the period taken and then deleted (Table 13 "cancelled"). */
export function listDeletedNumbers(
  db: Kysely<Database>,
  organisationId: string,
  year: string,
  types: readonly string[],
  startDate: string,
  endDate: string,
) {
  return db
    .selectFrom("vouchers")
    .select(["type", "number", "date"])
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("year", "=", year)
    .where("date", ">=", startDate)
    .where("date", "<=", endDate)
    .where("deleted_at", "is not", null)
    .execute();
}

/** The invoices notes were made against (any date), for their value and date. */
export async function findInvoicesByIds(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return [];
  const rows: { id: string; number: string; date: string; amount_paise: number }[] = [];
  // Chunks keep the statement under SQLite's and PostgreSQL's parameter limits.
  for (let start = 0; start < ids.length; start += 500) {
    rows.push(
      ...(await db
        .selectFrom("vouchers")
        .select(["id", "number", "date", "amount_paise"])
        .where("organisation_id", "=", organisationId)
        .where("id", "in", ids.slice(start, start + 500))
        .execute()),
    );
  }
  return rows;
}

/** GSTINs of the organisation's accounts with a cancellation date (the account master). */
export function listCancelledGstins(db: Kysely<Database>, organisationId: string) {
  return db
    .selectFrom("accounts")
    .select(["gstin", "gst_cancel_date"])
    .where("organisation_id", "=", organisationId)
    .where("gstin", "is not", null)
    .where("gst_cancel_date", "is not", null)
    .execute();
}

export async function insertFiling(db: Kysely<Database>, row: GstReturnFilingsTable) {
  await db.insertInto("gst_return_filings").values(row).execute();
}

/** Filings whose period overlaps [startDate, endDate]. */
/**
 * Live vouchers dated in [fromDate, toDate] (the filed periods) and last saved within
 * [editedFrom, editedTo] (issue 19 amendments): the candidates for an amendment section; the
 * service keeps those saved after their period's filing.
 */
export function listVouchersEditedIn(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly string[],
  range: { fromDate: string; toDate: string; editedFrom: string; editedTo: string },
) {
  return db
    .selectFrom("vouchers")
    .select([
      "id",
      "type",
      "year",
      "date",
      "number",
      "party_name",
      "amount_paise",
      "document",
      "updated_at",
    ])
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("date", ">=", range.fromDate)
    .where("date", "<=", range.toDate)
    .where("date", "<", range.editedFrom)
    .where("updated_at", ">=", range.editedFrom)
    .where("updated_at", "<", `${range.editedTo}T24`)
    .where("version", ">", 1)
    .where("deleted_at", "is", null)
    .execute();
}

/** The saved versions of these vouchers, oldest first (to find what was filed). */
export async function listVoucherVersions(
  db: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
) {
  if (voucherIds.length === 0) return [];
  return db
    .selectFrom("voucher_versions")
    .select(["voucher_id", "version", "document", "created_at"])
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "in", [...voucherIds])
    .orderBy("voucher_id")
    .orderBy("version")
    .execute();
}

/** Every filing of the organisation that ended before a date. */
export function findFilingsBefore(db: Kysely<Database>, organisationId: string, date: string) {
  return db
    .selectFrom("gst_return_filings")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("end_date", "<", date)
    .execute();
}

/**
 * Vouchers of these types dated in [fromDate, toDate] saved or deleted after `after` (an
 * instant): the documents changed since the period's return was marked filed (issue 40).
 */
export function listVouchersChangedAfter(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly string[],
  range: { fromDate: string; toDate: string; after: string },
) {
  return db
    .selectFrom("vouchers")
    .select(["id", "type", "date", "number", "party_name", "updated_at", "deleted_at"])
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("date", ">=", range.fromDate)
    .where("date", "<=", range.toDate)
    .where((eb) => eb.or([eb("updated_at", ">", range.after), eb("deleted_at", ">", range.after)]))
    .orderBy("date")
    .orderBy("number")
    .execute();
}
