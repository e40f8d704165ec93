import type { Insertable, Kysely } from "kysely";
import type { Database, EInvoiceDocumentsTable } from "../../db/schema.ts";

export type EInvoiceRow = EInvoiceDocumentsTable;

export interface EInvoiceVoucherRow {
  id: string;
  type: string;
  date: string;
  number: string;
  party_name: string | null;
  amount_paise: number;
  document: string;
}

const VOUCHER_COLUMNS = [
  "id",
  "type",
  "date",
  "number",
  "party_name",
  "amount_paise",
  "document",
] as const;

/** Live vouchers of these types in a date range (within one financial year when given). */
export function listVouchersInRange(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly string[],
  range: { year?: string | undefined; startDate: string; endDate: string },
): Promise<EInvoiceVoucherRow[]> {
  let query = db
    .selectFrom("vouchers")
    .select(VOUCHER_COLUMNS)
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("date", ">=", range.startDate)
    .where("date", "<=", range.endDate)
    .where("deleted_at", "is", null);
  if (range.year) query = query.where("year", "=", range.year);
  return query.orderBy("date").orderBy("number_key").orderBy("id").execute();
}

/** Live vouchers of these types by id; ids of other organisations or types are not found. */
export async function findVouchersByIds(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly string[],
  ids: readonly string[],
): Promise<EInvoiceVoucherRow[]> {
  if (ids.length === 0) return [];
  const rows: EInvoiceVoucherRow[] = [];
  for (let start = 0; start < ids.length; start += 500) {
    rows.push(
      ...(await db
        .selectFrom("vouchers")
        .select(VOUCHER_COLUMNS)
        .where("organisation_id", "=", organisationId)
        .where("type", "in", [...types])
        .where("id", "in", ids.slice(start, start + 500))
        .where("deleted_at", "is", null)
        .orderBy("date")
        .orderBy("number_key")
        .execute()),
    );
  }
  return rows;
}

/** Live vouchers of these types carrying one of these numbers. */
export function findVouchersByNumbers(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly string[],
  numbers: readonly string[],
): Promise<EInvoiceVoucherRow[]> {
  if (numbers.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("vouchers")
    .select(VOUCHER_COLUMNS)
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("number", "in", [...numbers].slice(0, 1000))
    .where("deleted_at", "is", null)
    .execute();
}

/** The invoices notes settle: number, date and total. */
export async function findInvoiceHeads(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return [];
  return db
    .selectFrom("vouchers")
    .select(["id", "number", "date", "amount_paise", "document"])
    .where("organisation_id", "=", organisationId)
    .where("id", "in", [...ids].slice(0, 1000))
    .execute();
}

/** Item names by id, for the lines' PrdDesc (issue 35); ids of other organisations not found. */
export async function findItemNames(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const names = new Map<string, string>();
  for (let start = 0; start < unique.length; start += 1000) {
    const rows = await db
      .selectFrom("items")
      .select(["id", "name"])
      .where("organisation_id", "=", organisationId)
      .where("id", "in", unique.slice(start, start + 1000))
      .execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

export function findEInvoiceRows(
  db: Kysely<Database>,
  organisationId: string,
  entryIds: readonly string[],
): Promise<EInvoiceRow[]> {
  if (entryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("einvoice_documents")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("entry_id", "in", [...entryIds])
    .execute();
}

/** The IRNs the IRP has taken (registered or cancelled) among these. */
export function findTakenIrns(
  db: Kysely<Database>,
  organisationId: string,
  irns: readonly string[],
): Promise<EInvoiceRow[]> {
  if (irns.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("einvoice_documents")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("irn", "in", [...irns])
    .where("state", "in", ["registered", "cancelled"])
    .execute();
}

export async function upsertEInvoiceRow(db: Kysely<Database>, row: Insertable<EInvoiceRow>) {
  const { organisation_id, entry_id, ...changes } = row;
  const updated = await db
    .updateTable("einvoice_documents")
    .set(changes)
    .where("organisation_id", "=", organisation_id)
    .where("entry_id", "=", entry_id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db.insertInto("einvoice_documents").values(row).execute();
  }
}

/** Marks documents exported, unless the IRP has them already. */
export async function markExported(
  db: Kysely<Database>,
  rows: readonly Insertable<EInvoiceRow>[],
  existing: ReadonlyMap<string, EInvoiceRow>,
) {
  for (const row of rows) {
    const before = existing.get(row.entry_id);
    if (before && before.state !== "exported") continue;
    await upsertEInvoiceRow(db, row);
  }
}

/**
 * The parties' names and structured addresses. Read here rather than through the accounts
 * service: accounts reach the vouchers (via the ledger), and vouchers ask this module whether a
 * document is e-invoiced, so an import of accounts would close a circle (module-graph.test.ts).
 */
export async function findPartyAddresses(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return new Map<string, PartyAddress>();
  const rows = await db
    .selectFrom("accounts")
    .select([
      "id",
      "name",
      "display_name",
      "billing_address",
      "shipping_address",
      "billing_city",
      "billing_pincode",
      "shipping_city",
      "shipping_pincode",
      "state_code",
    ])
    .where("organisation_id", "=", organisationId)
    .where("id", "in", [...ids].slice(0, 1000))
    .execute();
  return new Map<string, PartyAddress>(
    rows.map((row) => [
      row.id,
      {
        name: row.display_name || row.name,
        billingAddress: row.billing_address,
        shippingAddress: row.shipping_address,
        billingCity: row.billing_city,
        billingPincode: row.billing_pincode,
        shippingCity: row.shipping_city,
        shippingPincode: row.shipping_pincode,
        stateCode: row.state_code,
      },
    ]),
  );
}

export interface PartyAddress {
  name: string;
  billingAddress: string | null;
  shippingAddress: string | null;
  billingCity: string | null;
  billingPincode: string | null;
  shippingCity: string | null;
  shippingPincode: string | null;
  stateCode: string | null;
}
