import {
  formatDateDisplay,
  getVoucherDefinition,
  isVoucherType,
  paiseToRupees,
  readStoredDocument,
  SALES_SERIES_TYPES,
  suggestNextVoucherNumber,
  VOUCHER_TYPES,
  type VoucherType,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { findLastVoucherNumber } from "../vouchers/vouchers.repository.ts";

/** misc/lastInvoiceNumber: the series the client caches (spec 4 "Changing organisation"). */
export async function readLastNumbers(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  year: string,
) {
  await requireOrganisationAccess(db, caller, organisationId);
  const numbers = await Promise.all(
    SALES_SERIES_TYPES.map(async (type) => {
      const last = await findLastVoucherNumber(db, organisationId, type, year);
      return [
        type,
        { lastInvoiceNumber: last, nextInvoiceNumber: suggestNextVoucherNumber(last) },
      ] as const;
    }),
  );
  const byType = Object.fromEntries(numbers);
  return { ...byType[SALES_SERIES_TYPES[0] as VoucherType], numbers: byType };
}

/** misc/getOpenInvoices and getOpenPurchaseBills: a party's invoices or bills with money still due. */
export async function readOpenBills(
  db: Kysely<Database>,
  caller: Caller,
  type: "salesInvoice" | "purchases",
  organisationId: string,
  accountId: string,
) {
  await requireOrganisationAccess(db, caller, organisationId, {
    kind: "right",
    subject: type,
    action: "view",
  });
  const rows = await db
    .selectFrom("vouchers")
    .select(["id", "number", "date", "year", "amount_paise", "pending_paise", "status", "document"])
    .where("organisation_id", "=", organisationId)
    .where("party_account_id", "=", accountId)
    .where("type", "=", type)
    .where("deleted_at", "is", null)
    .where("pending_paise", ">", 0)
    .orderBy("date")
    .orderBy("number_key")
    .execute();
  return {
    [type === "salesInvoice" ? "invoices" : "bills"]: rows.map((row) => ({
      _id: row.id,
      invoiceNumber: row.number,
      date: row.date,
      year: row.year,
      dueDate: readStoredDocument(type, row.document).dueDate,
      totalAmount: paiseToRupees(row.amount_paise),
      pendingAmt: paiseToRupees(row.pending_paise ?? 0),
      status: row.status,
    })),
  };
}

/** Which open bills an account's statement lists: a debtor's invoices, a creditor's bills. */
const STATEMENT_BILL_TYPES: Readonly<Record<string, "salesInvoice" | "purchases">> = {
  Debtors: "salesInvoice",
  Creditors: "purchases",
};

/**
 * The open bills an account's statement or ledger PDF lists (issue 40): none for an account that
 * is neither debtor nor creditor, and none for a caller who may see the account but not its bills.
 */
export async function readStatementBills(
  db: Kysely<Database>,
  caller: Caller,
  nature: string,
  organisationId: string,
  accountId: string,
) {
  const type = STATEMENT_BILL_TYPES[nature];
  if (!type) return [];
  try {
    const answer = await readOpenBills(db, caller, type, organisationId, accountId);
    return answer.invoices ?? answer.bills ?? [];
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) return [];
    throw error;
  }
}

/**
 * Issue 40: what the books already hold on one account between two dates, a line per voucher
 * (its postings to the account summed: money in positive), for the bank import to recognise
 * statement lines entered by hand. The caller has checked access.
 */
export async function readAccountMovements(
  db: Kysely<Database>,
  organisationId: string,
  accountId: string,
  from: string,
  to: string,
): Promise<
  { voucherId: string; voucherType: string; number: string; date: string; amountPaise: number }[]
> {
  const rows = await db
    .selectFrom("postings as p")
    .innerJoin("vouchers as v", (join) =>
      join.onRef("v.organisation_id", "=", "p.organisation_id").onRef("v.id", "=", "p.voucher_id"),
    )
    .select(({ fn }) => [
      "p.voucher_id as voucherId",
      "v.type as voucherType",
      "v.number as number",
      "v.date as date",
      fn.sum<number | string>("p.amount_paise").as("amountPaise"),
    ])
    .where("p.organisation_id", "=", organisationId)
    .where("p.account_id", "=", accountId)
    .where("p.date", ">=", from)
    .where("p.date", "<=", to)
    .where("v.deleted_at", "is", null)
    .groupBy(["p.voucher_id", "v.type", "v.number", "v.date"])
    .execute();
  return rows.map((row) => ({ ...row, amountPaise: Number(row.amountPaise) }));
}

/** reports/lasttentransactions (spec 2.7 "Showing Last 10 Transactions Added or Edited"). */
export async function readLastTenTransactions(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  year: string,
) {
  await requireOrganisationAccess(db, caller, organisationId);
  const summarised = VOUCHER_TYPES.filter(
    (type) => getVoucherDefinition(type).summaryType !== null,
  );
  const rows = await db
    .selectFrom("vouchers")
    .select(["id", "type", "amount_paise", "date", "updated_at", "version", "number", "party_name"])
    .where("organisation_id", "=", organisationId)
    .where("year", "=", year)
    .where("deleted_at", "is", null)
    .where("type", "in", summarised)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(10)
    .execute();
  return {
    transactions: rows.map((row) => ({
      _id: row.id,
      type: getVoucherDefinition(row.type as VoucherType).summaryType,
      voucherType: row.type,
      number: row.number,
      partyName: row.party_name,
      amount: paiseToRupees(row.amount_paise),
      date: row.date,
      updatedAt: row.updated_at,
      addOrEdit: row.version === 1 ? "Add" : "Edit",
    })),
  };
}

export const TOP_SEARCH_MIN_LENGTH = 3;
export const SEARCH_IN_VALUES = ["all", "accounts", "items", "transactions"] as const;

/** search/topsearch: accounts, items and vouchers whose name or number contains the text. */
export async function topSearch(
  db: Kysely<Database>,
  caller: Caller,
  query: {
    organisationId: string;
    year: string;
    searchText: string;
    searchIn: (typeof SEARCH_IN_VALUES)[number];
  },
) {
  const text = query.searchText.trim().toLowerCase();
  if (text.length < TOP_SEARCH_MIN_LENGTH)
    throw badRequest("Please enter at least 3 characters to search");
  await requireOrganisationAccess(db, caller, query.organisationId);
  const like = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const wants = (what: string) => query.searchIn === "all" || query.searchIn === what;
  const results: {
    _id: string;
    kind: string;
    name: string;
    detail: string;
    voucherType?: string;
  }[] = [];
  if (wants("accounts")) {
    const accounts = await db
      .selectFrom("accounts")
      .select(["id", "name", "group_id"])
      .where("organisation_id", "=", query.organisationId)
      .where("deleted_at", "is", null)
      .where("name_key", "like", like)
      .orderBy("name")
      .limit(10)
      .execute();
    for (const account of accounts)
      results.push({ _id: account.id, kind: "account", name: account.name, detail: "Account" });
  }
  if (wants("items")) {
    const items = await db
      .selectFrom("items")
      .select(["id", "name"])
      .where("organisation_id", "=", query.organisationId)
      .where("deleted_at", "is", null)
      .where("name_key", "like", like)
      .orderBy("name")
      .limit(10)
      .execute();
    for (const item of items)
      results.push({ _id: item.id, kind: "item", name: item.name, detail: "Item" });
  }
  if (wants("transactions")) {
    const vouchers = await db
      .selectFrom("vouchers")
      .select(["id", "type", "number", "party_name", "date"])
      .where("organisation_id", "=", query.organisationId)
      .where("year", "=", query.year)
      .where("deleted_at", "is", null)
      .where("search_text", "like", like)
      .orderBy("date", "desc")
      .limit(10)
      .execute();
    for (const voucher of vouchers) {
      const title = isVoucherType(voucher.type)
        ? getVoucherDefinition(voucher.type).titles.singular
        : voucher.type;
      results.push({
        _id: voucher.id,
        kind: "transaction",
        voucherType: voucher.type,
        name: `${title} ${voucher.number}`,
        // Shown as it is: the date the Indian way, dd-MM-yyyy (DESIGN.md §4), not the ISO form.
        detail: [voucher.party_name, voucher.date ? formatDateDisplay(voucher.date) : null]
          .filter(Boolean)
          .join(" · "),
      });
    }
  }
  return { results };
}

/** misc/updatelog: who added, edited or deleted which entry, newest first (the updatelogs screen). */
export async function readUpdateLog(
  db: Kysely<Database>,
  caller: Caller,
  query: { organisationId: string; skip: number; limit: number },
) {
  await requireOrganisationAccess(db, caller, query.organisationId);
  const rows = await db
    .selectFrom("change_events")
    .leftJoin("vouchers", (join) =>
      join
        .onRef("vouchers.organisation_id", "=", "change_events.organisation_id")
        .onRef("vouchers.id", "=", "change_events.entity_id"),
    )
    .leftJoin("users", "users.id", "change_events.user_id")
    .select([
      "change_events.id",
      "change_events.entity_type",
      "change_events.entity_id",
      "change_events.action",
      "change_events.created_at",
      "users.name as user_name",
      "vouchers.number",
      "vouchers.date",
      "vouchers.amount_paise",
    ])
    .where("change_events.organisation_id", "=", query.organisationId)
    .orderBy("change_events.id", "desc")
    .offset(query.skip)
    .limit(query.limit)
    .execute();
  return {
    logs: rows.map((row) => ({
      _id: row.id,
      entryId: row.entity_id,
      type: row.entity_type,
      title: isVoucherType(row.entity_type)
        ? getVoucherDefinition(row.entity_type).titles.singular
        : row.entity_type,
      action: row.action,
      number: row.number,
      date: row.date,
      amount: row.amount_paise === null ? null : paiseToRupees(row.amount_paise),
      userName: row.user_name ?? "",
      at: row.created_at,
    })),
  };
}
