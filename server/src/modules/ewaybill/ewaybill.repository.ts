import type { VoucherType } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

const VOUCHER_COLUMNS = [
  "id",
  "type",
  "year",
  "date",
  "number",
  "party_account_id",
  "party_name",
  "amount_paise",
  "document",
] as const;

export type EWayBillVoucherRow = {
  id: string;
  type: string;
  year: string;
  date: string;
  number: string;
  party_account_id: string | null;
  party_name: string | null;
  amount_paise: number;
  document: string;
};

/** Live vouchers of the types in a date range, oldest first. */
export function listVouchersInPeriod(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly VoucherType[],
  startDate: string,
  endDate: string,
): Promise<EWayBillVoucherRow[]> {
  if (types.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("vouchers")
    .select(VOUCHER_COLUMNS)
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("date", ">=", startDate)
    .where("date", "<=", endDate)
    .where("deleted_at", "is", null)
    .orderBy("date")
    .orderBy("number")
    .execute();
}

export function findVouchersByIds(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<EWayBillVoucherRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("vouchers")
    .select(VOUCHER_COLUMNS)
    .where("organisation_id", "=", organisationId)
    .where("id", "in", [...new Set(ids)])
    .where("deleted_at", "is", null)
    .orderBy("date")
    .orderBy("number")
    .execute();
}

/** Live vouchers of the types carrying one of the numbers, for matching an import. */
export function findVouchersByNumbers(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly VoucherType[],
  numbers: readonly string[],
): Promise<EWayBillVoucherRow[]> {
  if (types.length === 0 || numbers.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("vouchers")
    .select(VOUCHER_COLUMNS)
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("number", "in", [...new Set(numbers)])
    .where("deleted_at", "is", null)
    .execute();
}

export function findEWayBills(
  db: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
) {
  if (voucherIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("eway_bills")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "in", [...new Set(voucherIds)])
    .execute();
}

export async function saveEWayBill(
  db: Kysely<Database>,
  row: {
    organisation_id: string;
    voucher_id: string;
    ewb_number: string;
    ewb_date: string;
    valid_until: string | null;
    imported_at: string;
    imported_by: string;
  },
): Promise<void> {
  await db
    .insertInto("eway_bills")
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(["organisation_id", "voucher_id"]).doUpdateSet({
        ewb_number: row.ewb_number,
        ewb_date: row.ewb_date,
        valid_until: row.valid_until,
        imported_at: row.imported_at,
        imported_by: row.imported_by,
      }),
    )
    .execute();
}
