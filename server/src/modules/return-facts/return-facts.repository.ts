import type { HsnSum } from "@bahi/domain";
import { type Kysely, sql } from "kysely";
import { insertRows } from "../../db/plain-inserts.ts";
import type {
  Database,
  GstReturnDocumentsTable,
  GstReturnFactMonthsTable,
  GstReturnLinesTable,
  GstReturnSumsTable,
} from "../../db/schema.ts";
import { chunkRows } from "../../lib/chunks.ts";

export function findOrganisationGstin(db: Kysely<Database>, organisationId: string) {
  return db
    .selectFrom("organisations")
    .select(["gstin"])
    .where("id", "=", organisationId)
    .executeTakeFirst();
}

/** The invoices notes were made against (any date, deleted or not), by id. */
export async function findInvoicesByIds(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
) {
  const found = new Map<string, { number: string; date: string; amount_paise: number }>();
  const unique = [...new Set(ids)];
  // Chunks keep the statement under SQLite's and PostgreSQL's parameter limits.
  for (const chunk of chunkRows(unique, 500)) {
    const rows = await db
      .selectFrom("vouchers")
      .select(["id", "number", "date", "amount_paise"])
      .where("organisation_id", "=", organisationId)
      .where("id", "in", chunk)
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

export async function deleteFacts(
  db: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
) {
  for (const chunk of chunkRows(voucherIds, 500)) {
    await db
      .deleteFrom("gst_return_lines")
      .where("organisation_id", "=", organisationId)
      .where("voucher_id", "in", chunk)
      .execute();
    await db
      .deleteFrom("gst_return_documents")
      .where("organisation_id", "=", organisationId)
      .where("voucher_id", "in", chunk)
      .execute();
  }
}

/** The facts rows of these vouchers as stored (what a replacement takes away from the sums). */
export async function readFacts(
  db: Kysely<Database>,
  organisationId: string,
  voucherIds: readonly string[],
) {
  const documents: GstReturnDocumentsTable[] = [];
  const lines: GstReturnLinesTable[] = [];
  for (const chunk of chunkRows(voucherIds, 500)) {
    documents.push(
      ...(await db
        .selectFrom("gst_return_documents")
        .selectAll()
        .where("organisation_id", "=", organisationId)
        .where("voucher_id", "in", chunk)
        .execute()),
    );
    lines.push(
      ...(await db
        .selectFrom("gst_return_lines")
        .selectAll()
        .where("organisation_id", "=", organisationId)
        .where("voucher_id", "in", chunk)
        .execute()),
    );
  }
  return { documents, lines };
}

/** Adds to (or, with negative figures, takes from) a month's sums. */
export async function addSums(db: Kysely<Database>, rows: readonly GstReturnSumsTable[]) {
  for (const chunk of chunkRows(rows, 200)) {
    await db
      .insertInto("gst_return_sums")
      .values(chunk)
      .onConflict((conflict) =>
        conflict.columns(["organisation_id", "month", "grp", "key"]).doUpdateSet((eb) => ({
          count: eb("gst_return_sums.count", "+", eb.ref("excluded.count")),
          quantity_milli: eb(
            "gst_return_sums.quantity_milli",
            "+",
            eb.ref("excluded.quantity_milli"),
          ),
          value_paise: eb("gst_return_sums.value_paise", "+", eb.ref("excluded.value_paise")),
          taxable_paise: eb("gst_return_sums.taxable_paise", "+", eb.ref("excluded.taxable_paise")),
          igst_paise: eb("gst_return_sums.igst_paise", "+", eb.ref("excluded.igst_paise")),
          cgst_paise: eb("gst_return_sums.cgst_paise", "+", eb.ref("excluded.cgst_paise")),
          sgst_paise: eb("gst_return_sums.sgst_paise", "+", eb.ref("excluded.sgst_paise")),
          cess_paise: eb("gst_return_sums.cess_paise", "+", eb.ref("excluded.cess_paise")),
        })),
      )
      .execute();
  }
}

/**
 * Flags as warning candidates every document whose number (as the portal compares it) another
 * document of the same nature (Table 13) and financial year also has, as findGstr1Warnings's
 * repeat does: a repeat is caught whichever of the two is read. An invoice and a note may share a
 * number (each nature is its own series), so they are not flagged for it.
 */
export async function flagRepeatedNumbers(
  db: Kysely<Database>,
  organisationId: string,
  documents: readonly { number_upper: string; date: string }[],
) {
  const years = new Map<string, Set<string>>();
  for (const document of documents) {
    const year = Number(document.date.slice(0, 4)) - (document.date.slice(5, 7) < "04" ? 1 : 0);
    const key = `${year}-04-01|${year + 1}-03-31`;
    const set = years.get(key) ?? new Set<string>();
    set.add(document.number_upper);
    years.set(key, set);
  }
  for (const [range, set] of years) {
    const [from, to] = range.split("|") as [string, string];
    for (const chunk of chunkRows([...set], 500)) {
      const repeated = await db
        .selectFrom("gst_return_documents")
        .select(["nature", "number_upper"])
        .where("organisation_id", "=", organisationId)
        .where("number_upper", "in", chunk)
        .where("date", ">=", from)
        .where("date", "<=", to)
        .groupBy(["nature", "number_upper"])
        .having(sql`count(*)`, ">", 1)
        .execute();
      const byNature = new Map<number | null, string[]>();
      for (const row of repeated) {
        const nature = row.nature === null ? null : Number(row.nature);
        byNature.set(nature, [...(byNature.get(nature) ?? []), row.number_upper]);
      }
      for (const [nature, numbers] of byNature) {
        await db
          .updateTable("gst_return_documents")
          .set({ may_warn: 1, may_warn_six: 1 })
          .where("organisation_id", "=", organisationId)
          .where("number_upper", "in", numbers)
          .where("nature", nature === null ? "is" : "=", nature)
          .where("date", ">=", from)
          .where("date", "<=", to)
          .execute();
      }
    }
  }
}

export async function deleteSums(db: Kysely<Database>, organisationId: string, month: string) {
  await db
    .deleteFrom("gst_return_sums")
    .where("organisation_id", "=", organisationId)
    .where("month", "=", month)
    .execute();
}

export function listSums(
  db: Kysely<Database>,
  organisationId: string,
  months: readonly string[],
  grp: GstReturnSumsTable["grp"],
) {
  return db
    .selectFrom("gst_return_sums")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("month", "in", [...months])
    .where("grp", "=", grp)
    .execute();
}

export async function deleteFactsBetween(
  db: Kysely<Database>,
  organisationId: string,
  from: string,
  to: string,
) {
  await db
    .deleteFrom("gst_return_lines")
    .where("organisation_id", "=", organisationId)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .execute();
  await db
    .deleteFrom("gst_return_documents")
    .where("organisation_id", "=", organisationId)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .execute();
}

export async function insertFacts(
  db: Kysely<Database>,
  documents: readonly GstReturnDocumentsTable[],
  lines: readonly GstReturnLinesTable[],
) {
  for (const chunk of chunkRows(documents, 200)) {
    await insertRows(db, "gst_return_documents", chunk).execute();
  }
  for (const chunk of chunkRows(lines, 200)) {
    await insertRows(db, "gst_return_lines", chunk).execute();
  }
}

export function listFactMonths(
  db: Kysely<Database>,
  organisationId: string,
  months: readonly string[],
) {
  if (months.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("gst_return_fact_months")
    .select(["month", "version", "gstin"])
    .where("organisation_id", "=", organisationId)
    .where("month", "in", [...months])
    .execute();
}

export async function upsertFactMonth(db: Kysely<Database>, row: GstReturnFactMonthsTable) {
  await db
    .insertInto("gst_return_fact_months")
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(["organisation_id", "month"])
        .doUpdateSet({ version: row.version, gstin: row.gstin }),
    )
    .execute();
}

/** Whether a live outward voucher of the month other than these exists (a month begun before 0056). */
export async function hasOtherOutwardVoucher(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly string[],
  month: string,
  exceptIds: readonly string[],
) {
  const row = await db
    .selectFrom("vouchers")
    .select("id")
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("date", ">=", `${month}-01`)
    .where("date", "<=", `${month}-31`)
    .where("deleted_at", "is", null)
    .where("id", "not in", [...exceptIds])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The month's live outward vouchers as stored (a rebuild's input). */
export function listOutwardVouchers(
  db: Kysely<Database>,
  organisationId: string,
  types: readonly string[],
  from: string,
  to: string,
) {
  return db
    .selectFrom("vouchers")
    .select([
      "id",
      "type",
      "date",
      "number",
      "number_key",
      "party_name",
      "amount_paise",
      "document",
    ])
    .where("organisation_id", "=", organisationId)
    .where("type", "in", [...types])
    .where("date", ">=", from)
    .where("date", "<=", to)
    .where("deleted_at", "is", null)
    .execute();
}

export function listNotesNeedingOriginals(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  endDate: string,
) {
  return db
    .selectFrom("gst_return_documents")
    .select(["voucher_id", "section", "document"])
    .where("organisation_id", "=", organisationId)
    .where("date", ">=", startDate)
    .where("date", "<=", endDate)
    .where("needs_originals", "=", 1)
    .execute();
}

/** A note's section as its invoices now say; only while the note is still as it was read. */
export async function updateSection(
  db: Kysely<Database>,
  organisationId: string,
  voucherId: string,
  document: string,
  section: string,
) {
  const result = await db
    .updateTable("gst_return_documents")
    .set({ section })
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "=", voucherId)
    .where("document", "=", document)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return;
  await db
    .updateTable("gst_return_lines")
    .set({ section })
    .where("organisation_id", "=", organisationId)
    .where("voucher_id", "=", voucherId)
    .execute();
}

/** The period's kept documents in the return's order (date, number, id). */
export function listKeptDocuments(
  db: Kysely<Database>,
  organisationId: string,
  startDate: string,
  endDate: string,
) {
  return db
    .selectFrom("gst_return_documents")
    .select(["document"])
    .where("organisation_id", "=", organisationId)
    .where("date", ">=", startDate)
    .where("date", "<=", endDate)
    .orderBy("date")
    .orderBy("number_key")
    .orderBy("voucher_id")
    .execute();
}

/** One page of a section's documents (those with a taxable line), in the return's order. */
export function listKeptDocumentPage(
  db: Kysely<Database>,
  organisationId: string,
  period: { startDate: string; endDate: string },
  section: string,
  skip: number,
  limit: number,
) {
  return db
    .selectFrom("gst_return_documents")
    .select(["document"])
    .where("organisation_id", "=", organisationId)
    .where("section", "=", section)
    .where("date", ">=", period.startDate)
    .where("date", "<=", period.endDate)
    .where("has_taxable", "=", 1)
    .orderBy("date")
    .orderBy("number_key")
    .orderBy("voucher_id")
    .limit(limit)
    .offset(skip)
    .execute();
}

/** Where a page of a section ended: the next page starts after it (the return's order). */
export interface KeptDocumentPosition {
  date: string;
  number_key: string;
  voucher_id: string;
}

/**
 * A section's documents (those with a taxable line) after a position, in the return's order: the
 * file reads a month this way, each page a step along the index rather than a walk past the
 * pages before it (decision 059).
 */
export function listKeptDocumentsAfter(
  db: Kysely<Database>,
  organisationId: string,
  period: { startDate: string; endDate: string },
  section: string,
  after: KeptDocumentPosition | null,
  limit: number,
) {
  return db
    .selectFrom("gst_return_documents")
    .select(["document", "date", "number_key", "voucher_id"])
    .where("organisation_id", "=", organisationId)
    .where("section", "=", section)
    .where("date", ">=", period.startDate)
    .where("date", "<=", period.endDate)
    .where("has_taxable", "=", 1)
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb(
          eb.refTuple("date", "number_key", "voucher_id"),
          ">",
          eb.tuple(
            (after as KeptDocumentPosition).date,
            (after as KeptDocumentPosition).number_key,
            (after as KeptDocumentPosition).voucher_id,
          ),
        ),
      ),
    )
    .orderBy("date")
    .orderBy("number_key")
    .orderBy("voucher_id")
    .limit(limit)
    .execute();
}

const amount = (column: string) => sql<number>`sum(${sql.ref(column)})`;

/**
 * Table 12's sums (the domain's HsnSum, buildHsnRows's input): by (registered when the period
 * splits B2B and B2C), HSN, UQC and rate; with the description of each row's first line in the
 * return's order when asked.
 */
export async function sumHsnRows(
  db: Kysely<Database>,
  organisationId: string,
  period: { startDate: string; endDate: string },
  split: boolean,
  withDescriptions: boolean,
): Promise<HsnSum[]> {
  // The B2B/B2C split of Table 12 groups by registered; before May 2025 there is one table.
  const party = split ? sql<number>`max(registered)` : sql<number>`min(0)`;
  const groups = split
    ? (["registered", "hsn", "uqc", "hsn_rate"] as const)
    : (["hsn", "uqc", "hsn_rate"] as const);
  const rows = await db
    .selectFrom("gst_return_lines")
    .select([
      party.as("party"),
      "hsn",
      "uqc",
      "hsn_rate",
      amount("quantity_milli").as("quantity"),
      amount("taxable_paise").as("taxable"),
      amount("igst_paise").as("igst"),
      amount("cgst_paise").as("cgst"),
      amount("sgst_paise").as("sgst"),
      amount("cess_paise").as("cess"),
    ])
    .where("organisation_id", "=", organisationId)
    .where("date", ">=", period.startDate)
    .where("date", "<=", period.endDate)
    .groupBy([...groups])
    .execute();
  const descriptions = new Map<string, string>();
  const keyOf = (row: { party: number; hsn: string; uqc: string; hsn_rate: number }) =>
    `${Number(row.party)}|${row.hsn}|${row.uqc}|${Number(row.hsn_rate)}`;
  if (withDescriptions) {
    const partyOfLine = split ? sql<number>`registered` : sql<number>`0`;
    const partition = split ? sql`registered, hsn, uqc, hsn_rate` : sql`hsn, uqc, hsn_rate`;
    const first = await db
      .selectFrom((eb) =>
        eb
          .selectFrom("gst_return_lines")
          .select([
            partyOfLine.as("party"),
            "hsn",
            "uqc",
            "hsn_rate",
            "description",
            sql<number>`row_number() over (partition by ${partition} order by date, number_key, voucher_id, line_no)`.as(
              "position",
            ),
          ])
          .where("organisation_id", "=", organisationId)
          .where("date", ">=", period.startDate)
          .where("date", "<=", period.endDate)
          .as("ordered"),
      )
      .select(["party", "hsn", "uqc", "hsn_rate", "description"])
      .where("position", "=", 1)
      .execute();
    for (const row of first) descriptions.set(keyOf(row), row.description);
  }
  return rows.map((row) => ({
    registered: Number(row.party) === 1,
    hsn: row.hsn,
    uqc: row.uqc,
    rate: Number(row.hsn_rate),
    description: descriptions.get(keyOf(row)) ?? "",
    quantityMilli: Number(row.quantity),
    taxablePaise: Number(row.taxable),
    igstPaise: Number(row.igst),
    cgstPaise: Number(row.cgst),
    sgstPaise: Number(row.sgst),
    cessPaise: Number(row.cess),
  }));
}

/** The period's live numbers with their Table 13 nature (Table 13's input). */
export function listDocumentNumbers(
  db: Kysely<Database>,
  organisationId: string,
  period: { startDate: string; endDate: string },
) {
  return db
    .selectFrom("gst_return_documents")
    .select(["nature", "number"])
    .where("organisation_id", "=", organisationId)
    .where("date", ">=", period.startDate)
    .where("date", "<=", period.endDate)
    .execute();
}

/**
 * The documents a warning may name, in the return's order: those whose own checks found
 * something when saved or whose number is used again in its financial year (flagRepeatedNumbers),
 * and those to the organisation's own GSTIN or to a cancelled one. `sections` limits them (IFF).
 */
export function listWarningCandidates(
  db: Kysely<Database>,
  organisationId: string,
  period: { startDate: string; endDate: string },
  options: {
    gstin: string;
    cancelledGstins: readonly string[];
    hsnDigits: 4 | 6;
    sections?: readonly string[];
  },
) {
  const sections = options.sections;
  return db
    .selectFrom("gst_return_documents")
    .select(["document"])
    .where("organisation_id", "=", organisationId)
    .where("date", ">=", period.startDate)
    .where("date", "<=", period.endDate)
    .$if(sections !== undefined, (query) =>
      query.where("section", "in", [...(sections ?? [])]).where("has_taxable", "=", 1),
    )
    .where((eb) =>
      eb.or([
        eb(options.hsnDigits === 6 ? "may_warn_six" : "may_warn", "=", 1),
        eb("gstin", "=", options.gstin),
        ...(options.cancelledGstins.length > 0
          ? [eb("gstin", "in", [...options.cancelledGstins])]
          : []),
      ]),
    )
    .orderBy("date")
    .orderBy("number_key")
    .orderBy("voucher_id")
    .execute();
}
