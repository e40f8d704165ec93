import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

// SQL of the reports: every read filters on organisation_id first and runs on an index of
// migration 0006 (DESIGN.md §9). Totals over months come from the per-month tables; only the
// partial months at the ends of a range read the rows themselves.

export interface ReportAccount {
  id: string;
  name: string;
  groupId: number;
  systemKey: string | null;
  openingBalancePaise: number;
  gstin: string | null;
  stateCode: string | null;
}

export async function listAccounts(
  db: Kysely<Database>,
  organisationId: string,
): Promise<ReportAccount[]> {
  const rows = await db
    .selectFrom("accounts")
    .select([
      "id",
      "name",
      "group_id",
      "system_key",
      "opening_balance_paise",
      "gstin",
      "state_code",
    ])
    .where("organisation_id", "=", organisationId)
    .where("deleted_at", "is", null)
    .orderBy("name")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    groupId: row.group_id,
    systemKey: row.system_key,
    openingBalancePaise: Number(row.opening_balance_paise),
    gstin: row.gstin,
    stateCode: row.state_code,
  }));
}

export interface ReportItem {
  id: string;
  name: string;
  type: "goods" | "services";
  uom: string | null;
  gstRate: string | null;
  openingQuantityMilli: number;
  openingValuePaise: number;
  purchasePricePaise: number;
}

export async function listItems(
  db: Kysely<Database>,
  organisationId: string,
  itemId?: string,
): Promise<ReportItem[]> {
  let query = db
    .selectFrom("items")
    .select([
      "id",
      "name",
      "type",
      "uom",
      "gst_rate",
      "opening_quantity_milli",
      "opening_value_paise",
      "purchase_price_paise",
    ])
    .where("organisation_id", "=", organisationId)
    .where("deleted_at", "is", null);
  if (itemId) query = query.where("id", "=", itemId);
  const rows = await query.orderBy("name").execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    uom: row.uom,
    gstRate: row.gst_rate,
    openingQuantityMilli: Number(row.opening_quantity_milli),
    openingValuePaise: Number(row.opening_value_paise),
    purchasePricePaise: Number(row.purchase_price_paise),
  }));
}

export interface StockMovementRow {
  voucherId: string;
  lineNo: number;
  voucherType: string;
  date: string;
  quantityMilli: number;
  valuePaise: number;
  number: string;
  partyName: string | null;
}

/** One item's stock lines over a date range, in date order, with their vouchers. */
export async function listItemMovements(
  db: Kysely<Database>,
  organisationId: string,
  itemId: string,
  fromDate: string,
  toDate: string,
): Promise<StockMovementRow[]> {
  const rows = await db
    .selectFrom("stock_movements")
    .innerJoin("vouchers", (join) =>
      join
        .onRef("vouchers.organisation_id", "=", "stock_movements.organisation_id")
        .onRef("vouchers.id", "=", "stock_movements.voucher_id"),
    )
    .select([
      "stock_movements.voucher_id",
      "stock_movements.line_no",
      "stock_movements.voucher_type",
      "stock_movements.date",
      "stock_movements.quantity_milli",
      "stock_movements.value_paise",
      "vouchers.number",
      "vouchers.party_name",
    ])
    .where("stock_movements.organisation_id", "=", organisationId)
    .where("stock_movements.item_id", "=", itemId)
    .where("stock_movements.date", ">=", fromDate)
    .where("stock_movements.date", "<=", toDate)
    .orderBy("stock_movements.date")
    .orderBy("vouchers.created_at")
    .orderBy("stock_movements.voucher_id")
    .orderBy("stock_movements.line_no")
    .execute();
  return rows.map((row) => ({
    voucherId: row.voucher_id,
    lineNo: row.line_no,
    voucherType: row.voucher_type,
    date: row.date,
    quantityMilli: Number(row.quantity_milli),
    valuePaise: Number(row.value_paise),
    number: row.number,
    partyName: row.party_name,
  }));
}

export interface VoucherDocumentRow {
  id: string;
  type: string;
  year: string;
  date: string;
  number: string;
  partyAccountId: string | null;
  partyName: string | null;
  amountPaise: number;
  pendingPaise: number | null;
  narration: string | null;
  createdAt: string;
  document: string;
}

const VOUCHER_COLUMNS = [
  "vouchers.id",
  "vouchers.type",
  "vouchers.year",
  "vouchers.date",
  "vouchers.number",
  "vouchers.party_account_id",
  "vouchers.party_name",
  "vouchers.amount_paise",
  "vouchers.pending_paise",
  "vouchers.narration",
  "vouchers.created_at",
  "vouchers.document",
] as const;

function toVoucherDocumentRow(row: {
  id: string;
  type: string;
  year: string;
  date: string;
  number: string;
  party_account_id: string | null;
  party_name: string | null;
  amount_paise: number;
  pending_paise: number | null;
  narration: string | null;
  created_at: string;
  document: string;
}): VoucherDocumentRow {
  return {
    id: row.id,
    type: row.type,
    year: row.year,
    date: row.date,
    number: row.number,
    partyAccountId: row.party_account_id,
    partyName: row.party_name,
    amountPaise: Number(row.amount_paise),
    pendingPaise: row.pending_paise === null ? null : Number(row.pending_paise),
    narration: row.narration,
    createdAt: row.created_at,
    document: row.document,
  };
}

/** The financial years a date range touches, so the (organisation, type, year, date) index applies. */
function yearsBetween(fromDate: string, toDate: string): string[] {
  const first = Number(fromDate.slice(0, 4)) - (fromDate.slice(5, 7) < "04" ? 1 : 0);
  const last = Number(toDate.slice(0, 4)) - (toDate.slice(5, 7) < "04" ? 1 : 0);
  const years: string[] = [];
  for (let start = first; start <= last; start += 1)
    years.push(`${start}-${String((start + 1) % 100).padStart(2, "0")}`);
  return years;
}

/** Live vouchers of the given types dated in [fromDate, toDate], by date. */
export async function listVouchersInRange(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly string[],
  fromDate: string,
  toDate: string,
  options: { partyAccountId?: string | undefined; skip?: number; limit?: number } = {},
): Promise<VoucherDocumentRow[]> {
  if (fromDate > toDate || types.length === 0) return [];
  let query = db
    .selectFrom("vouchers")
    .select(VOUCHER_COLUMNS)
    .where("vouchers.organisation_id", "=", organisationId)
    .where("vouchers.type", "in", [...types])
    .where("vouchers.year", "in", yearsBetween(fromDate, toDate))
    .where("vouchers.date", ">=", fromDate)
    .where("vouchers.date", "<=", toDate)
    .where("vouchers.deleted_at", "is", null);
  if (options.partyAccountId)
    query = query.where("vouchers.party_account_id", "=", options.partyAccountId);
  query = query.orderBy("vouchers.date").orderBy("vouchers.created_at").orderBy("vouchers.id");
  // SQLite takes OFFSET only after a LIMIT.
  if (options.limit !== undefined || options.skip) query = query.limit(options.limit ?? 2 ** 31);
  if (options.skip) query = query.offset(options.skip);
  return (await query.execute()).map(toVoucherDocumentRow);
}

export async function countVouchersInRange(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly string[],
  fromDate: string,
  toDate: string,
): Promise<number> {
  if (fromDate > toDate || types.length === 0) return 0;
  const row = await db
    .selectFrom("vouchers")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("year", "in", yearsBetween(fromDate, toDate))
    .where("date", ">=", fromDate)
    .where("date", "<=", toDate)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The newest vouchers of a type (optionally of one party), newest first, a page at a time. */
export async function listRecentVouchers(
  db: Kysely<Database>,
  organisationId: string,
  type: string,
  options: { partyAccountId?: string | undefined; skip: number; limit: number },
): Promise<VoucherDocumentRow[]> {
  let query = db
    .selectFrom("vouchers")
    .select(VOUCHER_COLUMNS)
    .where("vouchers.organisation_id", "=", organisationId)
    .where("vouchers.type", "=", type)
    .where("vouchers.deleted_at", "is", null);
  if (options.partyAccountId)
    query = query.where("vouchers.party_account_id", "=", options.partyAccountId);
  const rows = await query
    .orderBy("vouchers.date", "desc")
    .orderBy("vouchers.created_at", "desc")
    .orderBy("vouchers.id", "desc")
    .offset(options.skip)
    .limit(options.limit)
    .execute();
  return rows.map(toVoucherDocumentRow);
}

/** Vouchers by id (live ones), in no particular order. */
export async function findVouchers(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<VoucherDocumentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("vouchers")
    .select(VOUCHER_COLUMNS)
    .where("vouchers.organisation_id", "=", organisationId)
    .where("vouchers.id", "in", [...new Set(ids)])
    .where("vouchers.deleted_at", "is", null)
    .execute();
  return rows.map(toVoucherDocumentRow);
}

/** The vouchers an item's stock lines belong to, newest first (inventory organisations). */
export async function listRecentVoucherIdsOfItem(
  db: Kysely<Database>,
  organisationId: string,
  itemId: string,
  voucherType: string,
  options: { skip: number; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom("stock_movements")
    .select(["voucher_id", "date"])
    .where("organisation_id", "=", organisationId)
    .where("item_id", "=", itemId)
    .where("voucher_type", "=", voucherType)
    .groupBy(["voucher_id", "date"])
    .orderBy("date", "desc")
    .orderBy("voucher_id", "desc")
    .offset(options.skip)
    .limit(options.limit)
    .execute();
  return rows.map((row) => row.voucher_id);
}

/** Open invoices or bills (money still pending) dated up to `asAt`, oldest first. */
export async function listOpenBills(
  db: Kysely<Database>,
  organisationId: string,
  type: "salesInvoice" | "purchases",
  asAt: string,
  partyAccountId?: string,
): Promise<VoucherDocumentRow[]> {
  let query = db
    .selectFrom("vouchers")
    .select(VOUCHER_COLUMNS)
    .where("vouchers.organisation_id", "=", organisationId)
    .where("vouchers.type", "=", type)
    .where("vouchers.deleted_at", "is", null)
    .where("vouchers.date", "<=", asAt)
    .where("vouchers.pending_paise", ">", 0);
  if (partyAccountId) query = query.where("vouchers.party_account_id", "=", partyAccountId);
  const rows = await query.orderBy("vouchers.date").orderBy("vouchers.number_key").execute();
  return rows.map(toVoucherDocumentRow);
}

export interface PostingRow {
  voucherId: string;
  lineNo: number;
  accountId: string;
  amountPaise: number;
}

/** Every posting of the given vouchers, by voucher and line (primary-key reads). */
export async function listPostingsOfVouchers(
  db: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
): Promise<PostingRow[]> {
  if (voucherIds.length === 0) return [];
  const rows: PostingRow[] = [];
  const ids = [...new Set(voucherIds)];
  // Bound the IN list: SQLite allows 32766 parameters, PostgreSQL 65535.
  for (let start = 0; start < ids.length; start += 5000) {
    const chunk = ids.slice(start, start + 5000);
    const found = await db
      .selectFrom("postings")
      .select(["voucher_id", "line_no", "account_id", "amount_paise"])
      .where("organisation_id", "=", organisationId)
      .where("voucher_id", "in", chunk)
      .orderBy("voucher_id")
      .orderBy("line_no")
      .execute();
    for (const row of found) {
      rows.push({
        voucherId: row.voucher_id,
        lineNo: row.line_no,
        accountId: row.account_id,
        amountPaise: Number(row.amount_paise),
      });
    }
  }
  return rows;
}

/** Credits to the given accounts (cash paid out) over a date range, on the (account, date) index. */
export async function listCreditsToAccounts(
  db: Kysely<Database>,
  organisationId: string,
  accountIds: readonly string[],
  fromDate: string,
  toDate: string,
  voucherTypes: readonly string[],
) {
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectFrom("postings")
    .select(["voucher_id", "voucher_type", "date", "account_id", "amount_paise"])
    .where("organisation_id", "=", organisationId)
    .where("account_id", "in", [...accountIds])
    .where("date", ">=", fromDate)
    .where("date", "<=", toDate)
    .where("amount_paise", "<", 0)
    .where("voucher_type", "in", [...voucherTypes])
    .orderBy("date")
    .orderBy("voucher_id")
    .execute();
  return rows.map((row) => ({
    voucherId: row.voucher_id,
    voucherType: row.voucher_type,
    date: row.date,
    accountId: row.account_id,
    amountPaise: Number(row.amount_paise),
  }));
}

/** The last posting date of each account up to `toDate`, on the (account, date) index. */
export async function findLastPostingDates(
  db: Kysely<Database>,
  organisationId: string,
  accountIds: readonly string[],
  toDate: string,
): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("postings")
    .select(["account_id", (eb) => eb.fn.max("date").as("last_date")])
    .where("organisation_id", "=", organisationId)
    .where("account_id", "in", [...accountIds])
    .where("date", "<=", toDate)
    .groupBy("account_id")
    .execute();
  return new Map(rows.map((row) => [row.account_id, String(row.last_date)]));
}

/** Count and last date of a voucher type in a year, up to `toDate`. */
export async function summariseVoucherType(
  db: Kysely<Database>,
  organisationId: string,
  type: string,
  year: string,
) {
  const row = await db
    .selectFrom("vouchers")
    .select([
      (eb) => eb.fn.countAll<number>().as("count"),
      (eb) => eb.fn.max("date").as("last_date"),
      sql<number>`coalesce(sum(amount_paise), 0)`.as("total"),
    ])
    .where("organisation_id", "=", organisationId)
    .where("type", "=", type)
    .where("year", "=", year)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    lastDate: row.last_date === null ? null : String(row.last_date),
    totalPaise: Number(row.total),
  };
}

/** The latest voucher of a type in a year (by date, then by when it was made). */
export async function findLatestVoucher(
  db: Kysely<Database>,
  organisationId: string,
  type: string,
  year: string,
) {
  return db
    .selectFrom("vouchers")
    .select(["id", "number", "date", "party_name", "amount_paise"])
    .where("organisation_id", "=", organisationId)
    .where("type", "=", type)
    .where("year", "=", year)
    .where("deleted_at", "is", null)
    .orderBy("date", "desc")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}
