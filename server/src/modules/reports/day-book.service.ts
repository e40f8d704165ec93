import {
  addDays,
  financialYearOf,
  financialYearRange,
  getVoucherDefinition,
  isVoucherType,
  paiseToRupees,
  todayCivil,
  VOUCHER_TYPES,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import type { ExportCell, ExportColumn } from "../exports/export-table.ts";
import { describeRange } from "../exports/report-files.ts";
import { sumStock } from "../items/stock-valuation.repository.ts";
import { valueInventoryAt } from "../items/stock-valuation.ts";
import { sumMovements } from "../ledger/balances.ts";
import {
  countVouchersInRange,
  listAccounts,
  listItemMovements,
  listItems,
  listPostingsOfVouchers,
  listVouchersInRange,
} from "./reports.repository.ts";
import { defaultDateOf } from "./statements.service.ts";

const titleOf = (type: string) =>
  isVoucherType(type) ? getVoucherDefinition(type).titles.singular : type;

export const DAY_BOOK_MAX_LIMIT = 1000;

/**
 * Day book (Tally's, not in the spec): every voucher of the day or days, in the order entered,
 * with its postings. Orders, quotations and challans post nothing and show with their amount only.
 * The debit and credit totals of the whole range come from the monthly balances.
 */
export async function readDayBook(
  db: Kysely<Database>,
  caller: Caller,
  query: {
    organisationId: string;
    year: string;
    date?: string | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
    skip: number;
    limit: number | undefined;
  },
  today = todayCivil(),
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: "account",
    action: "view",
  });
  const organisation = access.organisation;
  const single = query.date ?? defaultDateOf(query.year, today);
  const startDate = query.startDate ?? query.endDate ?? single;
  const endDate = query.endDate ?? query.startDate ?? single;
  if (startDate > endDate) throw badRequest("The start date cannot be after the end date.");
  const [accounts, vouchers, count, movements] = await Promise.all([
    listAccounts(db, organisation.id),
    listVouchersInRange(db, organisation.id, VOUCHER_TYPES, startDate, endDate, {
      skip: query.skip,
      ...(query.limit === undefined ? {} : { limit: query.limit }),
    }),
    countVouchersInRange(db, organisation.id, VOUCHER_TYPES, startDate, endDate),
    sumMovements(db, organisation.id, startDate, endDate),
  ]);
  const names = new Map(accounts.map((account) => [account.id, account.name]));
  const postings = await listPostingsOfVouchers(
    db,
    organisation.id,
    vouchers.map((voucher) => voucher.id),
  );
  const byVoucher = new Map<string, typeof postings>();
  for (const posting of postings) {
    const list = byVoucher.get(posting.voucherId) ?? [];
    list.push(posting);
    byVoucher.set(posting.voucherId, list);
  }
  let totalDebit = 0;
  let totalCredit = 0;
  for (const movement of movements.values()) {
    totalDebit += movement.debit;
    totalCredit += movement.credit;
  }
  const entries = vouchers.map((voucher) => ({
    voucherId: voucher.id,
    voucherType: voucher.type,
    title: titleOf(voucher.type),
    date: voucher.date,
    number: voucher.number,
    partyName: voucher.partyName,
    narration: voucher.narration,
    amountPaise: voucher.amountPaise,
    postings: (byVoucher.get(voucher.id) ?? []).map((posting) => ({
      accountId: posting.accountId,
      name: names.get(posting.accountId) ?? "",
      debitPaise: Math.max(posting.amountPaise, 0),
      creditPaise: Math.max(-posting.amountPaise, 0),
    })),
  }));
  return { organisation, startDate, endDate, count, totalDebit, totalCredit, entries };
}

export function presentDayBook(book: Awaited<ReturnType<typeof readDayBook>>) {
  return {
    startDate: book.startDate,
    endDate: book.endDate,
    count: book.count,
    totalDebit: paiseToRupees(book.totalDebit),
    totalCredit: paiseToRupees(book.totalCredit),
    entries: book.entries.map((entry) => ({
      voucherId: entry.voucherId,
      voucherType: entry.voucherType,
      title: entry.title,
      date: entry.date,
      number: entry.number,
      partyName: entry.partyName,
      narration: entry.narration,
      amount: paiseToRupees(entry.amountPaise),
      postings: entry.postings.map((posting) => ({
        accountId: posting.accountId,
        name: posting.name,
        debit: paiseToRupees(posting.debitPaise),
        credit: paiseToRupees(posting.creditPaise),
      })),
    })),
  };
}

/** One row per posting, the voucher's date, type, number and party on its first row. */
export function tabulateDayBook(book: Awaited<ReturnType<typeof readDayBook>>) {
  const columns: ExportColumn[] = [
    { key: "date", label: "Date", kind: "date" },
    { key: "type", label: "Type", kind: "text" },
    { key: "number", label: "Number", kind: "text" },
    { key: "party", label: "Party", kind: "text" },
    { key: "account", label: "Account", kind: "text" },
    { key: "debit", label: "Debit", kind: "amount" },
    { key: "credit", label: "Credit", kind: "amount" },
  ];
  const rows: Record<string, ExportCell>[] = [];
  let debit = 0;
  let credit = 0;
  for (const entry of book.entries) {
    const head = {
      date: entry.date,
      type: entry.title,
      number: entry.number,
      party: entry.partyName ?? "",
    };
    if (entry.postings.length === 0) {
      rows.push({ ...head, account: "", debit: null, credit: null });
      continue;
    }
    entry.postings.forEach((posting, index) => {
      debit += posting.debitPaise;
      credit += posting.creditPaise;
      rows.push({
        ...(index === 0 ? head : { date: null, type: "", number: "", party: "" }),
        account: posting.name,
        debit: posting.debitPaise || null,
        credit: posting.creditPaise || null,
      });
    });
  }
  return {
    columns,
    rows,
    totals: { debit, credit },
    subtitle: describeRange(book.startDate, book.endDate),
  };
}

// ---------------------------------------------------------------------------------------------
// Item ledger

/**
 * GET /item/getItemLedger (api.md 7 "Item"): the item's stock over a date range — the opening
 * quantity and value, each movement in or out with its voucher, a running quantity, and the
 * closing. Movement values are those of the vouchers (purchase cost in, sale value out); the
 * opening and closing values are the weighted average valuation of the balance sheet
 * (docs/decisions/010-stock-valuation.md).
 */
export async function readItemLedger(
  db: Kysely<Database>,
  caller: Caller,
  query: {
    organisationId: string;
    itemId: string;
    year?: string | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
  },
  today = todayCivil(),
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, {
    kind: "right",
    subject: "item",
    action: "view",
  });
  const organisation = access.organisation;
  const [item] = await listItems(db, organisation.id, query.itemId);
  if (!item) throw notFound("This item does not exist in the organisation.");
  const year = query.year ?? financialYearOf(today);
  const range = financialYearRange(year);
  const startDate = query.startDate ?? range.startDate;
  const endDate = query.endDate ?? range.endDate;
  if (startDate > endDate) throw badRequest("The start date cannot be after the end date.");
  const firstDay = financialYearRange(organisation.starting_year).startDate;
  const dayBefore = addDays(startDate, -1);
  const [before, movements, openingValues, closingValues] = await Promise.all([
    sumStock(db, organisation.id, firstDay, dayBefore, item.id),
    listItemMovements(db, organisation.id, item.id, startDate, endDate),
    valueInventoryAt(db, organisation, dayBefore, item.id),
    valueInventoryAt(db, organisation, endDate, item.id),
  ]);
  const moved = before.get(item.id);
  const openingQuantity =
    (startDate >= firstDay ? item.openingQuantityMilli : 0) +
    (moved ? moved.inMilli - moved.outMilli : 0);
  let running = openingQuantity;
  const totals = { inMilli: 0, outMilli: 0, inPaise: 0, outPaise: 0 };
  const entries = movements.map((movement) => {
    running += movement.quantityMilli;
    const inward = movement.quantityMilli > 0;
    if (inward) {
      totals.inMilli += movement.quantityMilli;
      totals.inPaise += movement.valuePaise;
    } else {
      totals.outMilli += -movement.quantityMilli;
      totals.outPaise += -movement.valuePaise;
    }
    return {
      voucherId: movement.voucherId,
      voucherType: movement.voucherType,
      title: titleOf(movement.voucherType),
      date: movement.date,
      number: movement.number,
      partyName: movement.partyName,
      inQuantityMilli: inward ? movement.quantityMilli : 0,
      outQuantityMilli: inward ? 0 : -movement.quantityMilli,
      inValuePaise: inward ? movement.valuePaise : 0,
      outValuePaise: inward ? 0 : -movement.valuePaise,
      balanceMilli: running,
    };
  });
  const valued = (list: typeof openingValues) => list.find((row) => row.itemId === item.id);
  return {
    organisation,
    item,
    startDate,
    endDate,
    opening: {
      quantityMilli: openingQuantity,
      valuePaise: startDate >= firstDay ? (valued(openingValues)?.valuePaise ?? 0) : 0,
    },
    entries,
    totals,
    closing: {
      quantityMilli: running,
      valuePaise: valued(closingValues)?.valuePaise ?? 0,
      rate: valued(closingValues)?.rate ?? 0,
    },
  };
}

const units = (milli: number) => milli / 1000;

export function presentItemLedger(ledger: Awaited<ReturnType<typeof readItemLedger>>) {
  return {
    item: {
      _id: ledger.item.id,
      name: ledger.item.name,
      type: ledger.item.type,
      uom: ledger.item.uom,
    },
    startDate: ledger.startDate,
    endDate: ledger.endDate,
    opening: {
      quantity: units(ledger.opening.quantityMilli),
      value: paiseToRupees(ledger.opening.valuePaise),
    },
    entries: ledger.entries.map((entry) => ({
      voucherId: entry.voucherId,
      voucherType: entry.voucherType,
      title: entry.title,
      date: entry.date,
      number: entry.number,
      partyName: entry.partyName,
      inQuantity: units(entry.inQuantityMilli),
      outQuantity: units(entry.outQuantityMilli),
      inValue: paiseToRupees(entry.inValuePaise),
      outValue: paiseToRupees(entry.outValuePaise),
      balanceQuantity: units(entry.balanceMilli),
    })),
    totalIn: {
      quantity: units(ledger.totals.inMilli),
      value: paiseToRupees(ledger.totals.inPaise),
    },
    totalOut: {
      quantity: units(ledger.totals.outMilli),
      value: paiseToRupees(ledger.totals.outPaise),
    },
    closing: {
      quantity: units(ledger.closing.quantityMilli),
      value: paiseToRupees(ledger.closing.valuePaise),
      rate: paiseToRupees(Math.round(ledger.closing.rate)),
    },
  };
}

export function tabulateItemLedger(ledger: Awaited<ReturnType<typeof readItemLedger>>) {
  const columns: ExportColumn[] = [
    { key: "date", label: "Date", kind: "date" },
    { key: "type", label: "Type", kind: "text" },
    { key: "number", label: "Number", kind: "text" },
    { key: "party", label: "Party", kind: "text" },
    { key: "inQuantity", label: "In Qty", kind: "number" },
    { key: "inValue", label: "In Value", kind: "amount" },
    { key: "outQuantity", label: "Out Qty", kind: "number" },
    { key: "outValue", label: "Out Value", kind: "amount" },
    { key: "balance", label: "Balance Qty", kind: "number" },
  ];
  const rows: Record<string, ExportCell>[] =
    ledger.entries.length === 0 && ledger.opening.quantityMilli === 0
      ? []
      : [
          {
            date: ledger.startDate,
            type: "Opening Balance",
            number: "",
            party: "",
            inQuantity: null,
            inValue: null,
            outQuantity: null,
            outValue: null,
            balance: units(ledger.opening.quantityMilli),
          },
          ...ledger.entries.map((entry) => ({
            date: entry.date,
            type: entry.title,
            number: entry.number,
            party: entry.partyName ?? "",
            inQuantity: entry.inQuantityMilli ? units(entry.inQuantityMilli) : null,
            inValue: entry.inValuePaise || null,
            outQuantity: entry.outQuantityMilli ? units(entry.outQuantityMilli) : null,
            outValue: entry.outValuePaise || null,
            balance: units(entry.balanceMilli),
          })),
        ];
  return {
    columns,
    rows,
    totals: {
      inQuantity: units(ledger.totals.inMilli),
      inValue: ledger.totals.inPaise,
      outQuantity: units(ledger.totals.outMilli),
      outValue: ledger.totals.outPaise,
    },
    subtitle: `${ledger.item.name} · ${describeRange(ledger.startDate, ledger.endDate)}`,
  };
}
