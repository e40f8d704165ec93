import { financialYearRange, todayCivil } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { AppError, badRequest, notFound } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import type { ExportCell } from "../exports/export-table.ts";
import type { TabularReport } from "../exports/report-files.ts";
import {
  findVouchers,
  listAccounts,
  listItems,
  listOpenBills,
  listRecentVoucherIdsOfItem,
  listRecentVouchers,
  listVouchersInRange,
  type VoucherDocumentRow,
} from "./reports.repository.ts";
import { defaultDateOf } from "./statements.service.ts";
import {
  buildItemHistoryReport,
  buildOverdueReport,
  filterTradeDocuments,
  readItemHistoryLines,
  TRADE_REPORT_BUILDERS,
  TRADE_REPORTS,
  TRADE_SIDES,
  type TradeReportKind,
  type TradeReportQuery,
  type TradeReportScope,
  type TradeSide,
  type TradeSideKey,
} from "./trade-reports.builders.ts";

// The trade reports' reads (spec 2.3, api.md 7): rights, the range, the organisation's accounts
// and items, then the documents each report needs; the builders (trade-reports.builders.ts) turn
// them into the report.

export const GST_ONLY_MESSAGE = (title: string) =>
  `${title} is available only for GST-registered organisations.`;

export async function readTradeReport(
  db: Kysely<Database>,
  caller: Caller,
  sideKey: TradeSideKey,
  kind: TradeReportKind,
  query: TradeReportQuery,
  today = todayCivil(),
): Promise<{ organisation: OrganisationsTable; report: TabularReport }> {
  const side = TRADE_SIDES[sideKey];
  const definition = TRADE_REPORTS[kind];
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: side.invoiceType,
    action: "view",
  });
  const organisation = access.organisation;
  const title = definition.title(side);
  // spec 2.3: state and GST-rate reports only for GST-registered organisations.
  if (definition.gstOnly && organisation.gst_registered !== 1)
    throw new AppError(400, GST_ONLY_MESSAGE(title));
  const range = financialYearRange(query.year);
  const startDate = query.startDate ?? range.startDate;
  const endDate = query.endDate ?? range.endDate;
  if (startDate > endDate) throw badRequest("The start date cannot be after the end date.");
  const [accounts, items] = await Promise.all([
    listAccounts(db, organisation.id),
    listItems(db, organisation.id),
  ]);
  const scope: TradeReportScope = {
    side,
    kind,
    title,
    organisation,
    accounts: new Map(accounts.map((account) => [account.id, account])),
    items: new Map(items.map((item) => [item.id, item])),
    query,
    startDate,
    endDate,
  };
  if (query.accountId && !scope.accounts.has(query.accountId))
    throw notFound("This account does not exist in the organisation.");
  if (query.itemId && !scope.items.has(query.itemId))
    throw notFound("This item does not exist in the organisation.");

  let report: TabularReport;
  switch (kind) {
    case "overdue":
      report = await readOverdue(db, scope, query.date ?? defaultDateOf(query.year, today));
      break;
    case "itemHistory":
    case "itemHistoryAllParties":
      report = await readItemHistory(db, scope);
      break;
    default: {
      const types =
        kind === "wrongGstRate" ? [transactionTypeOf(side, query.transactionType)] : side.types;
      const rows = await listVouchersInRange(db, organisation.id, types, startDate, endDate, {
        partyAccountId: query.accountId,
      });
      report = TRADE_REPORT_BUILDERS[kind](scope, filterTradeDocuments(scope, rows));
    }
  }
  return { organisation, report };
}

function transactionTypeOf(side: TradeSide, given: string | undefined): string {
  if (given === undefined || given === "" || given === "invoice") return side.invoiceType;
  if (given === "return") return side.returnType;
  if ((side.types as readonly string[]).includes(given)) return given;
  throw badRequest(`Transaction type must be one of ${side.types.join(", ")}.`);
}

/** Overdue invoices (bills) as at `asAt`: the open ones of every year, read with today's pending. */
async function readOverdue(
  db: Kysely<Database>,
  scope: TradeReportScope,
  asAt: string,
): Promise<TabularReport> {
  const rows = await listOpenBills(
    db,
    scope.organisation.id,
    scope.side.invoiceType,
    asAt,
    scope.query.accountId,
  );
  return buildOverdueReport(scope, rows, asAt);
}

export const ITEM_HISTORY_DEFAULT_LIMIT = 10;
const HISTORY_PAGE = 50;
// The fallback scan (services, or an organisation without inventory) reads at most this many of
// the newest vouchers; stock movements find goods directly.
const HISTORY_SCAN_LIMIT = 2000;

/**
 * The item's latest lines on invoices (bills), to one party or all, newest first, page by page
 * until the limit is reached.
 */
async function readItemHistory(
  db: Kysely<Database>,
  scope: TradeReportScope,
): Promise<TabularReport> {
  const { query, side, organisation } = scope;
  const itemId = query.itemId;
  if (!itemId)
    throw badRequest("Choose an item.", [{ path: "itemId", message: "Choose an item." }]);
  const perParty = scope.kind === "itemHistory";
  if (perParty && !query.accountId)
    throw badRequest("Choose a party.", [{ path: "accountId", message: "Choose a party." }]);
  const limit = query.limit ?? ITEM_HISTORY_DEFAULT_LIMIT;
  const item = scope.items.get(itemId);
  const useStock = organisation.manage_inventory === 1 && item?.type === "goods" && !perParty;
  const rows: Record<string, ExportCell>[] = [];
  for (let skip = 0; rows.length < limit && skip < HISTORY_SCAN_LIMIT; skip += HISTORY_PAGE) {
    let page: VoucherDocumentRow[];
    if (useStock) {
      const ids = await listRecentVoucherIdsOfItem(db, organisation.id, itemId, side.invoiceType, {
        skip,
        limit: HISTORY_PAGE,
      });
      if (ids.length === 0) break;
      const found = new Map((await findVouchers(db, organisation.id, ids)).map((v) => [v.id, v]));
      page = ids.flatMap((id) => found.get(id) ?? []);
    } else {
      page = await listRecentVouchers(db, organisation.id, side.invoiceType, {
        partyAccountId: perParty ? query.accountId : undefined,
        skip,
        limit: HISTORY_PAGE,
      });
      if (page.length === 0) break;
    }
    const lines = readItemHistoryLines(scope, page, itemId, query.excludeId);
    rows.push(...lines.slice(0, Math.max(0, limit - rows.length)));
    if (page.length < HISTORY_PAGE) break;
  }
  return buildItemHistoryReport(scope, itemId, perParty, rows);
}
