import { type ListFilter, type ListSortValue, rupeesToPaise, type VoucherType } from "@bahi/domain";
import {
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
} from "kysely";
import type { DatabaseKind } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { pageWindow, readOrder } from "../../lib/page-window.ts";

export interface VoucherListQuery {
  organisationId: string;
  type: VoucherType;
  year: string;
  deleted: boolean;
  searchText?: string | undefined;
  filters?: ListFilter | undefined;
  sortBy: ListSortValue;
  skip: number;
  limit: number;
}

type VoucherQuery = SelectQueryBuilder<Database, "vouchers", object>;

/** A text field of the stored JSON document, in each engine's own syntax. */
function documentText(kind: DatabaseKind, key: string): RawBuilder<string | null> {
  return kind === "sqlite"
    ? sql<string | null>`json_extract(vouchers.document, ${`$.${key}`})`
    : sql<string | null>`(vouchers.document::jsonb ->> ${key})`;
}

function documentFlag(kind: DatabaseKind, key: string, value: boolean): RawBuilder<boolean> {
  // SQLite's json_extract gives 1/0 for true/false; PostgreSQL's ->> gives 'true'/'false'.
  return kind === "sqlite"
    ? sql<boolean>`coalesce(json_extract(vouchers.document, ${`$.${key}`}), 0) = ${value ? 1 : 0}`
    : sql<boolean>`coalesce(vouchers.document::jsonb ->> ${key}, 'false') = ${value ? "true" : "false"}`;
}

function customFieldText(kind: DatabaseKind, fieldId: string): RawBuilder<string | null> {
  return kind === "sqlite"
    ? sql<
        string | null
      >`json_extract(vouchers.document, ${`$.customFieldValues."${fieldId.replaceAll('"', "")}"`})`
    : sql<string | null>`(vouchers.document::jsonb -> 'customFieldValues' ->> ${fieldId})`;
}

const likeAny = (text: string) => `%${text.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

function postedTo(
  eb: ExpressionBuilder<Database, "vouchers">,
  accountIds: readonly string[],
  side: "debit" | "credit" | "any",
) {
  let query = eb
    .selectFrom("postings")
    .select(sql`1`.as("one"))
    .whereRef("postings.organisation_id", "=", "vouchers.organisation_id")
    .whereRef("postings.voucher_id", "=", "vouchers.id")
    .where("postings.account_id", "in", accountIds);
  if (side === "debit") query = query.where("postings.amount_paise", ">", 0);
  if (side === "credit") query = query.where("postings.amount_paise", "<", 0);
  return eb.exists(query);
}

/** The rows a list shows, before paging: type, year, live or deleted, search and filters. */
export function filterVouchers(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: VoucherListQuery,
): VoucherQuery {
  let q: VoucherQuery = db
    .selectFrom("vouchers")
    .where("vouchers.organisation_id", "=", query.organisationId)
    .where("vouchers.type", "=", query.type)
    .where("vouchers.year", "=", query.year)
    .where("vouchers.deleted_at", query.deleted ? "is not" : "is", null);

  const search = query.searchText?.trim();
  if (search) {
    // spec 2.5: invoice number, party name, amount or account name, all kept in search_text.
    q = q.where(sql`vouchers.search_text`, "like", sql`${likeAny(search)} escape '\\'`);
  }
  const f = query.filters;
  if (!f) return q;
  if (f.dateFrom) q = q.where("vouchers.date", ">=", f.dateFrom);
  if (f.dateTo) q = q.where("vouchers.date", "<=", f.dateTo);
  if (f.amountFrom !== undefined)
    q = q.where("vouchers.amount_paise", ">=", rupeesToPaise(f.amountFrom));
  if (f.amountTo !== undefined)
    q = q.where("vouchers.amount_paise", "<=", rupeesToPaise(f.amountTo));
  if (f.account) {
    const account = f.account;
    q = q.where((eb) =>
      eb.or([eb("vouchers.party_account_id", "=", account), postedTo(eb, [account], "any")]),
    );
  }
  if (f.invoiceNumber) q = q.where(sql`lower(vouchers.number)`, "like", likeAny(f.invoiceNumber));
  if (f.partyName) q = q.where(sql`lower(vouchers.party_name)`, "like", likeAny(f.partyName));
  if (f.narration) q = q.where(sql`lower(vouchers.narration)`, "like", likeAny(f.narration));
  if (f.notes) q = q.where(sql`lower(${documentText(kind, "notes")})`, "like", likeAny(f.notes));
  if (f.gstin)
    q = q.where(sql`upper(${documentText(kind, "gstin")})`, "like", `%${f.gstin.toUpperCase()}%`);
  if (f.placeOfSupply) q = q.where(documentText(kind, "pos"), "=", f.placeOfSupply);
  if (f.rcmApplicable) {
    const rcm = f.rcmApplicable === "yes";
    q = q.where(documentFlag(kind, "rcmApplicable", rcm));
  }
  const paidAccount = f.paidAccountId ?? f.transferFrom;
  if (paidAccount) q = q.where(documentText(kind, "paidAccountId"), "=", paidAccount);
  const receivedAccount = f.receivedAccountId ?? f.transferTo;
  if (receivedAccount) q = q.where(documentText(kind, "receivedAccountId"), "=", receivedAccount);
  if (f.debitAccountIds) {
    const ids = f.debitAccountIds;
    q = q.where((eb) => postedTo(eb, ids, "debit"));
  }
  if (f.creditAccountIds) {
    const ids = f.creditAccountIds;
    q = q.where((eb) => postedTo(eb, ids, "credit"));
  }
  if (f.receivedFromAccountIds) {
    const ids = f.receivedFromAccountIds;
    q = q.where((eb) => postedTo(eb, ids, "credit"));
  }
  if (f.paymentForAccountIds) {
    const ids = f.paymentForAccountIds;
    q = q.where((eb) => postedTo(eb, ids, "debit"));
  }
  if (f.statusFilters) q = q.where("vouchers.status", "in", f.statusFilters);
  for (const [fieldId, value] of Object.entries(f.customFields ?? {})) {
    q = q.where(customFieldText(kind, fieldId), "=", value);
  }
  return q;
}

const SORTS: Record<
  ListSortValue,
  { column: "created_at" | "date" | "amount_paise" | "number_key"; direction: "asc" | "desc" }
> = {
  createdAtDesc: { column: "created_at", direction: "desc" },
  dateAsc: { column: "date", direction: "asc" },
  dateDesc: { column: "date", direction: "desc" },
  amountAsc: { column: "amount_paise", direction: "asc" },
  amountDesc: { column: "amount_paise", direction: "desc" },
  invoiceNumberAsc: { column: "number_key", direction: "asc" },
  invoiceNumberDesc: { column: "number_key", direction: "desc" },
};

export async function listVoucherRows(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: VoucherListQuery,
  knownCount?: number,
) {
  // The whole list's length is known (voucher_totals): a page in its second half reads from the end.
  const window = pageWindow(query, knownCount);
  if (window.limit === 0) return [];
  const sort = SORTS[query.sortBy];
  const direction = readOrder(window, sort.direction);
  // The page's ids first, from an index alone, then only those rows: an OFFSET over whole rows
  // makes PostgreSQL read every skipped row (7 kB each, with its document) before it is thrown
  // away (bench/RESULTS.md: 39 ms at page 400 of 40k invoices; 2 ms this way).
  const page = filterVouchers(db, kind, query)
    .select("vouchers.id")
    .orderBy(`vouchers.${sort.column}`, direction)
    .orderBy("vouchers.id", direction)
    .limit(window.limit)
    .offset(window.skip)
    .as("page");
  return db
    .selectFrom("vouchers")
    .innerJoin(page, "page.id", "vouchers.id")
    .selectAll("vouchers")
    .where("vouchers.organisation_id", "=", query.organisationId)
    .orderBy(`vouchers.${sort.column}`, sort.direction)
    .orderBy("vouchers.id", sort.direction)
    .execute();
}

/** Pages this near the start read forward whatever the list's length (see listVoucherPage). */
const NEAR_THE_START = 1000;

/**
 * A list page and its count and total. The whole list's count is one row of voucher_totals, so
 * it is read first and tells a deep page which end to read from. A page near the start (the
 * screen opens on the first) reads forward beside the count, as does a search or filter, which
 * has to count its rows.
 */
export async function listVoucherPage(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: VoucherListQuery,
) {
  if (isWholeList(query) && query.skip >= NEAR_THE_START) {
    const summary = await summariseVouchers(db, kind, query);
    return { rows: await listVoucherRows(db, kind, query, summary.count), summary };
  }
  const [rows, summary] = await Promise.all([
    listVoucherRows(db, kind, query),
    summariseVouchers(db, kind, query),
  ]);
  return { rows, summary };
}

/** No search text and no filter value: the whole (type, year) list, as voucher_totals keeps it. */
function isWholeList(query: VoucherListQuery): boolean {
  if (query.searchText?.trim()) return false;
  return Object.values(query.filters ?? {}).every((value) => value === undefined);
}

export async function summariseVouchers(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: VoucherListQuery,
) {
  if (isWholeList(query)) {
    const totals = await db
      .selectFrom("voucher_totals")
      .select(["voucher_count", "amount_paise"])
      .where("organisation_id", "=", query.organisationId)
      .where("type", "=", query.type)
      .where("year", "=", query.year)
      .where("deleted", "=", query.deleted ? 1 : 0)
      .executeTakeFirst();
    return { count: totals?.voucher_count ?? 0, totalPaise: totals?.amount_paise ?? 0 };
  }
  const row = await filterVouchers(db, kind, query)
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn.coalesce(eb.fn.sum<number>("vouchers.amount_paise"), sql<number>`0`).as("total"),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), totalPaise: Number(row.total) };
}
