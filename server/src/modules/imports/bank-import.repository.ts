import { type Kysely, sql } from "kysely";
import { insertRows } from "../../db/plain-inserts.ts";
import type { Database } from "../../db/schema.ts";
import type { BankImportEntriesTable, ImportRequestsTable } from "./imports.tables.ts";

// SQL of the imports module: its own four tables only (migration 0070).

const INSERT_CHUNK = 400;

export async function insertImportRequest(db: Kysely<Database>, row: ImportRequestsTable) {
  await db.insertInto("import_requests").values(row).execute();
}

export async function insertBankEntries(
  db: Kysely<Database>,
  rows: readonly BankImportEntriesTable[],
) {
  for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
    await db
      .insertInto("bank_import_entries")
      .values(rows.slice(from, from + INSERT_CHUNK))
      .execute();
  }
}

export function findImportRequest(db: Kysely<Database>, organisationId: string, id: string) {
  return db
    .selectFrom("import_requests")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export function listImportRequests(
  db: Kysely<Database>,
  organisationId: string,
  filter: { year?: string | undefined; type?: string | undefined },
) {
  let query = db
    .selectFrom("import_requests")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("deleted_at", "is", null);
  if (filter.year) query = query.where("year", "=", filter.year);
  if (filter.type) query = query.where("type", "=", filter.type);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(500).execute();
}

/** Lines of each state per import request. */
export async function countEntriesByState(
  db: Kysely<Database>,
  organisationId: string,
  requestIds: readonly string[],
) {
  if (requestIds.length === 0) return [];
  return db
    .selectFrom("bank_import_entries")
    .select(["import_request_id", "state", sql<number>`cast(count(*) as integer)`.as("count")])
    .where("organisation_id", "=", organisationId)
    .where("import_request_id", "in", requestIds)
    .groupBy(["import_request_id", "state"])
    .execute();
}

export function listBankEntries(
  db: Kysely<Database>,
  organisationId: string,
  requestIds: readonly string[],
  filter: { ids?: readonly string[] | undefined; state?: string } = {},
) {
  let query = db
    .selectFrom("bank_import_entries")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("import_request_id", "in", requestIds);
  if (filter.ids) query = query.where("id", "in", filter.ids.length ? filter.ids : [""]);
  if (filter.state) query = query.where("state", "=", filter.state);
  return query.orderBy("import_request_id").orderBy("row_number").execute();
}

/** Lines saved as vouchers from an account's statements between two dates (the duplicate rule). */
export function listSavedLines(
  db: Kysely<Database>,
  organisationId: string,
  accountId: string,
  from: string,
  to: string,
) {
  return db
    .selectFrom("bank_import_entries")
    .select(["id", "date", "amount_paise", "reference", "narration"])
    .where("organisation_id", "=", organisationId)
    .where("account_id", "=", accountId)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .where("state", "=", "saved")
    .execute();
}

/** The vouchers saved from this account's statement lines (issue 40: not "entered by hand"). */
export async function listSavedVoucherIds(
  db: Kysely<Database>,
  organisationId: string,
  accountId: string,
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom("bank_import_entries")
    .select("voucher_id")
    .where("organisation_id", "=", organisationId)
    .where("account_id", "=", accountId)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .where("state", "=", "saved")
    .where("voucher_id", "is not", null)
    .execute();
  return new Set(rows.flatMap((row) => (row.voucher_id ? [row.voucher_id] : [])));
}

export async function updateBankEntry(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  values: Partial<BankImportEntriesTable>,
) {
  await db
    .updateTable("bank_import_entries")
    .set(values)
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .execute();
}

/** Lines saved as vouchers: state and voucher id of each, a few hundred lines a statement. */
export async function markLinesSaved(
  db: Kysely<Database>,
  organisationId: string,
  saved: readonly { id: string; voucherId: string }[],
  updatedAt: string,
) {
  for (let from = 0; from < saved.length; from += INSERT_CHUNK) {
    const chunk = saved.slice(from, from + INSERT_CHUNK);
    const voucherOf = sql<string>`case id ${sql.join(
      chunk.map((line) => sql`when ${line.id} then ${line.voucherId}`),
      sql` `,
    )} end`;
    await db
      .updateTable("bank_import_entries")
      .set({ state: "saved", voucher_id: voucherOf, updated_at: updatedAt })
      .where("organisation_id", "=", organisationId)
      .where(
        "id",
        "in",
        chunk.map((line) => line.id),
      )
      .execute();
  }
}

/** Lines whose vouchers were deleted (undo): back to accepted, in chunks of a bounded `in` list. */
export async function markLinesUnsaved(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
  updatedAt: string,
) {
  for (let from = 0; from < ids.length; from += INSERT_CHUNK) {
    await db
      .updateTable("bank_import_entries")
      .set({ state: "accepted", voucher_id: null, updated_at: updatedAt })
      .where("organisation_id", "=", organisationId)
      .where("id", "in", ids.slice(from, from + INSERT_CHUNK))
      .execute();
  }
}

export async function updateImportRequest(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  values: Partial<ImportRequestsTable>,
) {
  await db
    .updateTable("import_requests")
    .set(values)
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .execute();
}

export function findStatementLayout(
  db: Kysely<Database>,
  organisationId: string,
  accountId: string,
) {
  return db
    .selectFrom("bank_statement_layouts")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
}

export async function saveStatementLayout(
  db: Kysely<Database>,
  row: Database["bank_statement_layouts"],
) {
  await db
    .insertInto("bank_statement_layouts")
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(["organisation_id", "account_id"]).doUpdateSet({
        header_row: row.header_row,
        headers: row.headers,
        mapping: row.mapping,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** The learned accounts of these words: word → account → uses. */
export async function readLearnedWords(
  db: Kysely<Database>,
  organisationId: string,
  words: readonly string[],
): Promise<Map<string, Map<string, number>>> {
  const learned = new Map<string, Map<string, number>>();
  const unique = [...new Set(words)];
  for (let from = 0; from < unique.length; from += 500) {
    const rows = await db
      .selectFrom("bank_learned_words")
      .select(["word", "account_id", "uses"])
      .where("organisation_id", "=", organisationId)
      .where("word", "in", unique.slice(from, from + 500))
      .execute();
    for (const row of rows) {
      const targets = learned.get(row.word) ?? new Map<string, number>();
      targets.set(row.account_id, row.uses);
      learned.set(row.word, targets);
    }
  }
  return learned;
}

export async function addLearnedWords(
  db: Kysely<Database>,
  organisationId: string,
  uses: ReadonlyMap<string, ReadonlyMap<string, number>>,
) {
  const rows = [...uses].flatMap(([word, targets]) =>
    [...targets].map(([accountId, count]) => ({
      organisation_id: organisationId,
      word,
      account_id: accountId,
      uses: count,
    })),
  );
  for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
    await db
      .insertInto("bank_learned_words")
      .values(rows.slice(from, from + INSERT_CHUNK))
      .onConflict((conflict) =>
        conflict
          .columns(["organisation_id", "word", "account_id"])
          .doUpdateSet({ uses: sql`bank_learned_words.uses + excluded.uses` }),
      )
      .execute();
  }
}

/** Fingerprints of spreadsheet vouchers imported before (of these). */
export async function findImportedFingerprints(
  db: Kysely<Database>,
  organisationId: string,
  fingerprints: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let from = 0; from < fingerprints.length; from += 500) {
    const rows = await db
      .selectFrom("imported_vouchers")
      .select("fingerprint")
      .where("organisation_id", "=", organisationId)
      .where("fingerprint", "in", fingerprints.slice(from, from + 500))
      .execute();
    for (const row of rows) found.add(row.fingerprint);
  }
  return found;
}

export async function insertImportedVouchers(
  db: Kysely<Database>,
  rows: readonly Database["imported_vouchers"][],
) {
  for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
    await insertRows(db, "imported_vouchers", rows.slice(from, from + INSERT_CHUNK)).execute();
  }
}
