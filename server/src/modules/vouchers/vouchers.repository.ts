import {
  BILLABLE_TYPES,
  type BillAllocation,
  type BillableType,
  CASH_AND_BANK_NATURES,
  findAccountGroup,
  getVoucherDefinition,
  type InvoiceStatus,
  isBillableType,
  type PartySide,
  type Posting,
  type StockMovement,
  settledInvoiceStatus,
  type VoucherType,
} from "@bahi/domain";
import { type Kysely, type RawBuilder, sql, type Updateable } from "kysely";
import { insertRows } from "../../db/plain-inserts.ts";
import type { Database, VouchersTable } from "../../db/schema.ts";
import type { Write } from "../../db/writes.ts";
import { chunkRows } from "../../lib/chunks.ts";

export type VoucherRow = VouchersTable;

export function findVoucher(db: Kysely<Database>, organisationId: string, id: string) {
  return db
    .selectFrom("vouchers")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export function findVouchersByIds(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("vouchers")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "in", ids)
    .execute();
}

export function buildVoucherInserts(db: Kysely<Database>, rows: readonly VoucherRow[]): Write[] {
  return chunkRows(rows, 200).map((chunk) => insertRows(db, "vouchers", chunk));
}

/** Updates a voucher only if it is still at `expectedVersion`; false when someone saved first. */
export async function updateVoucherAtVersion(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  expectedVersion: number,
  changes: Updateable<VouchersTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("vouchers")
    .set(changes)
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Soft-deletes vouchers that are each still at the version read: one statement for all. False
 * (and the caller rolls back) when any of them was saved or deleted by someone else first.
 */
/**
 * Marks vouchers deleted if each is still at its version; false when any moved on. In chunks of
 * 200 (issue 36): SQLite refuses an `or` of more than 1,000 terms (its expression depth), so an
 * undo of 2,000 imported lines failed. The caller's transaction keeps the chunks all-or-nothing.
 */
export async function markVouchersDeleted(
  db: Kysely<Database>,
  organisationId: string,
  vouchers: readonly { id: string; version: number }[],
  deletion: { at: string; by: string },
): Promise<boolean> {
  let updated = 0;
  for (let from = 0; from < vouchers.length; from += DELETE_CHUNK) {
    const chunk = vouchers.slice(from, from + DELETE_CHUNK);
    const result = await db
      .updateTable("vouchers")
      .set((eb) => ({
        deleted_at: deletion.at,
        deleted_by: deletion.by,
        updated_at: deletion.at,
        updated_by: deletion.by,
        version: eb("version", "+", 1),
      }))
      .where("organisation_id", "=", organisationId)
      .where((eb) =>
        eb.or(
          chunk.map((voucher) =>
            eb.and([eb("id", "=", voucher.id), eb("version", "=", voucher.version)]),
          ),
        ),
      )
      .executeTakeFirst();
    updated += Number(result.numUpdatedRows);
  }
  return updated === vouchers.length;
}

const DELETE_CHUNK = 200;

export async function updateVoucher(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  changes: Updateable<VouchersTable>,
): Promise<void> {
  await db
    .updateTable("vouchers")
    .set(changes)
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .execute();
}

export function buildVersionInserts(
  db: Kysely<Database>,
  rows: readonly Database["voucher_versions"][],
): Write[] {
  return chunkRows(rows).map((chunk) => insertRows(db, "voucher_versions", chunk));
}

export function listVoucherVersions(
  db: Kysely<Database>,
  organisationId: string,
  voucherId: string,
) {
  return db
    .selectFrom("voucher_versions")
    .leftJoin("users", "users.id", "voucher_versions.user_id")
    .select([
      "voucher_versions.version",
      "voucher_versions.action",
      "voucher_versions.created_at",
      "voucher_versions.user_id",
      "users.name as user_name",
    ])
    .where("voucher_versions.organisation_id", "=", organisationId)
    .where("voucher_versions.voucher_id", "=", voucherId)
    .orderBy("voucher_versions.version")
    .execute();
}

export function findVoucherVersion(
  db: Kysely<Database>,
  organisationId: string,
  voucherId: string,
  version: number,
) {
  return db
    .selectFrom("voucher_versions")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "=", voucherId)
    .where("version", "=", version)
    .executeTakeFirst();
}

/** The number in use by another live voucher of the type and year, if any. */
export function findLiveVoucherByNumber(
  db: Kysely<Database>,
  organisationId: string,
  type: VoucherType,
  year: string,
  number: string,
) {
  return db
    .selectFrom("vouchers")
    .select(["id"])
    .where("organisation_id", "=", organisationId)
    .where("type", "=", type)
    .where("year", "=", year)
    .where("number", "=", number)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Which of these numbers live vouchers of the type and year already use. */
export async function findUsedNumbers(
  db: Kysely<Database>,
  organisationId: string,
  type: VoucherType,
  year: string,
  numbers: readonly string[],
): Promise<Map<string, string>> {
  const used = new Map<string, string>();
  for (const chunk of chunkRows([...new Set(numbers)])) {
    const rows = await db
      .selectFrom("vouchers")
      .select(["id", "number"])
      .where("organisation_id", "=", organisationId)
      .where("type", "=", type)
      .where("year", "=", year)
      .where("number", "in", chunk)
      .where("deleted_at", "is", null)
      // Without it SQLite walks vouchers_list (every voucher of the series) rather than looking
      // each number up in vouchers_number_unique: a save's cost grew with the series (issue 36).
      .orderBy("number")
      .execute();
    for (const row of rows) used.set(row.number, row.id);
  }
  return used;
}

/** The number of the series' most recent voucher, from which the next one is suggested. */
export async function findLastVoucherNumber(
  db: Kysely<Database>,
  organisationId: string,
  type: VoucherType,
  year: string,
): Promise<string | null> {
  const row = await db
    .selectFrom("vouchers")
    .select(["number"])
    .where("organisation_id", "=", organisationId)
    .where("type", "=", type)
    .where("year", "=", year)
    .where("deleted_at", "is", null)
    .orderBy("number_key", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.number ?? null;
}

export interface VoucherRef {
  id: string;
  type: string;
  date: string;
}

export function buildPostingInserts(
  db: Kysely<Database>,
  organisationId: string,
  vouchers: readonly { voucher: VoucherRef; postings: readonly Posting[] }[],
): Write[] {
  const rows = vouchers.flatMap(({ voucher, postings }) =>
    postings.map((posting, index) => ({
      organisation_id: organisationId,
      voucher_id: voucher.id,
      line_no: index + 1,
      voucher_type: voucher.type,
      date: voucher.date,
      account_id: posting.accountId,
      amount_paise: posting.amountPaise,
    })),
  );
  return chunkRows(rows).map((chunk) => insertRows(db, "postings", chunk));
}

/** The postings of some vouchers (a delete takes at most 500), each voucher's in line order. */
export function listPostingsOfVouchers(
  db: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
) {
  return db
    .selectFrom("postings")
    .select([
      "voucher_id as voucherId",
      "account_id as accountId",
      "amount_paise as amountPaise",
      "date",
    ])
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "in", voucherIds)
    .orderBy("voucher_id")
    .orderBy("line_no")
    .execute();
}

export function buildPostingsDelete(
  db: Kysely<Database>,
  organisationId: string,
  voucherId: string,
): Write {
  return db
    .deleteFrom("postings")
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "=", voucherId);
}

export function buildStockMovementInserts(
  db: Kysely<Database>,
  organisationId: string,
  vouchers: readonly { voucher: VoucherRef; movements: readonly StockMovement[] }[],
): Write[] {
  const rows = vouchers.flatMap(({ voucher, movements }) =>
    movements.map((movement) => ({
      organisation_id: organisationId,
      voucher_id: voucher.id,
      line_no: movement.lineNo,
      voucher_type: voucher.type,
      date: voucher.date,
      item_id: movement.itemId,
      quantity_milli: movement.quantityMilli,
      value_paise: movement.valuePaise,
    })),
  );
  return chunkRows(rows).map((chunk) => insertRows(db, "stock_movements", chunk));
}

export function listStockOfVouchers(
  db: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
) {
  return db
    .selectFrom("stock_movements")
    .select([
      "voucher_id as voucherId",
      "item_id as itemId",
      "quantity_milli as quantityMilli",
      "value_paise as valuePaise",
      "date",
    ])
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "in", voucherIds)
    .execute();
}

export function buildStockMovementsDelete(
  db: Kysely<Database>,
  organisationId: string,
  voucherId: string,
): Write {
  return db
    .deleteFrom("stock_movements")
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "=", voucherId);
}

export function buildAllocationInserts(
  db: Kysely<Database>,
  organisationId: string,
  vouchers: readonly { voucherId: string; allocations: readonly BillAllocation[] }[],
): Write[] {
  const rows = vouchers.flatMap(({ voucherId, allocations }) =>
    allocations.map((allocation, index) => ({
      organisation_id: organisationId,
      voucher_id: voucherId,
      line_no: index + 1,
      invoice_id: allocation.invoiceId,
      amount_paise: allocation.amountPaise,
    })),
  );
  return chunkRows(rows).map((chunk) => db.insertInto("bill_allocations").values(chunk));
}

export function listAllocationsOfVouchers(
  db: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
) {
  return db
    .selectFrom("bill_allocations")
    .select(["voucher_id as voucherId", "invoice_id as invoiceId", "amount_paise as amountPaise"])
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "in", voucherIds)
    .orderBy("voucher_id")
    .orderBy("line_no")
    .execute();
}

export function buildAllocationsDelete(
  db: Kysely<Database>,
  organisationId: string,
  voucherId: string,
): Write {
  return db
    .deleteFrom("bill_allocations")
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "=", voucherId);
}

/** Money set against each invoice, by invoice id, excluding one voucher's own allocations. */
export async function sumAllocationsByInvoice(
  db: Kysely<Database>,
  organisationId: string,
  invoiceIds: readonly string[],
  excludeVoucherId?: string,
): Promise<Map<string, number>> {
  if (invoiceIds.length === 0) return new Map();
  let query = db
    .selectFrom("bill_allocations")
    .select(["invoice_id", (eb) => eb.fn.sum<number>("amount_paise").as("total")])
    .where("organisation_id", "=", organisationId)
    .where("invoice_id", "in", invoiceIds)
    .groupBy("invoice_id");
  if (excludeVoucherId) query = query.where("voucher_id", "!=", excludeVoucherId);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.invoice_id, Number(row.total)]));
}

/** The vouchers (receipts, payments, notes) whose money is set against some invoices. */
export function listAllocationsToInvoices(
  db: Kysely<Database>,
  organisationId: string,
  invoiceIds: readonly string[],
) {
  return db
    .selectFrom("bill_allocations")
    .innerJoin("vouchers", (join) =>
      join
        .onRef("vouchers.organisation_id", "=", "bill_allocations.organisation_id")
        .onRef("vouchers.id", "=", "bill_allocations.voucher_id"),
    )
    .select([
      "vouchers.id",
      "vouchers.type",
      "vouchers.date",
      "vouchers.number",
      "vouchers.amount_paise",
      "bill_allocations.amount_paise as allocated_paise",
      "bill_allocations.invoice_id",
    ])
    .where("bill_allocations.organisation_id", "=", organisationId)
    .where("bill_allocations.invoice_id", "in", invoiceIds)
    .orderBy("vouchers.date")
    .execute();
}

export function buildChangeEventInserts(
  db: Kysely<Database>,
  rows: readonly Database["change_events"][],
): Write[] {
  return chunkRows(rows).map((chunk) => insertRows(db, "change_events", chunk));
}

/**
 * determineInvoiceStatus (domain) as SQL over a pending amount, for the statuses refreshed after
 * allocations change; each billable type's settled word is the domain's (settledInvoiceStatus).
 */
function buildInvoiceStatusSql(pending: RawBuilder<number>): RawBuilder<string> {
  const settled = sql.join(
    BILLABLE_TYPES.map((type) => sql`when ${type} then ${settledInvoiceStatus(partySideOf(type))}`),
    sql` `,
  );
  const [pendingStatus, partialStatus]: InvoiceStatus[] = ["pending", "partial"];
  return sql<string>`case when ${pending} <= 0 then (case type ${settled} end)
    when ${pending} >= amount_paise then ${pendingStatus} else ${partialStatus} end`;
}

function partySideOf(type: BillableType): PartySide {
  return getVoucherDefinition(type).partySide ?? "customer";
}

/** The groups of the accounts a cash sale or purchase is made to (isSettledOnSave, issue 40). */
const CASH_AND_BANK_GROUP_IDS = CASH_AND_BANK_NATURES.map(
  (nature) => findAccountGroup(nature)?.id ?? 0,
);

/** The ones of these accounts that are the Cash account or a bank (isSettledOnSave). */
export async function findCashOrBankAccountIds(
  db: Kysely<Database>,
  organisationId: string,
  accountIds: readonly (string | null)[],
): Promise<Set<string>> {
  const ids = [...new Set(accountIds.filter((id): id is string => id !== null && id !== ""))];
  const found = new Set<string>();
  for (const chunk of chunkRows(ids)) {
    const rows = await db
      .selectFrom("accounts")
      .select("id")
      .where("organisation_id", "=", organisationId)
      .where("id", "in", chunk)
      .where("group_id", "in", CASH_AND_BANK_GROUP_IDS)
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/**
 * Pending amount and status of invoices and bills follow from what is set against them (DESIGN.md
 * §4 "Bill-wise"): one statement for any number of invoices sets both, the status from the new
 * pending.
 */
export async function refreshInvoiceStatuses(
  db: Kysely<Database>,
  organisationId: string,
  invoiceIds: readonly string[],
): Promise<void> {
  // A cash sale or purchase stays settled whatever is set against it (isSettledOnSave).
  const pending = sql<number>`case when exists (select 1 from accounts p
    where p.organisation_id = vouchers.organisation_id and p.id = vouchers.party_account_id
    and p.group_id in (${sql.join(CASH_AND_BANK_GROUP_IDS)})) then 0
    else amount_paise - coalesce((select sum(a.amount_paise) from bill_allocations a
    where a.organisation_id = vouchers.organisation_id and a.invoice_id = vouchers.id), 0) end`;
  for (const ids of chunkRows([...new Set(invoiceIds)])) {
    // Which of them are live invoices and bills is read first, through the primary key. SQLite
    // has no statistics and takes `organisation_id = ?` for a narrow match: with the type or
    // deleted_at in the update's WHERE, or with only columns vouchers_list holds in this select,
    // it walked every voucher of the organisation in that index (200 ms a batch at a million).
    const live = await db
      .selectFrom("vouchers")
      .select(["id", "type", "deleted_at", "pending_paise"])
      .where("organisation_id", "=", organisationId)
      .where("id", "in", ids)
      .execute();
    const invoices = live
      .filter((row) => isBillableType(row.type) && row.deleted_at === null)
      .map((row) => row.id);
    if (invoices.length === 0) continue;
    await db
      .updateTable("vouchers")
      .where("organisation_id", "=", organisationId)
      .where("id", "in", invoices)
      .set({
        pending_paise: pending,
        status: buildInvoiceStatusSql(pending),
      })
      .execute();
  }
}
