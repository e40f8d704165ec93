import {
  financialYearOf,
  type Posting,
  PURCHASE_BILL_TYPE,
  type StockMovement,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Write } from "../../db/writes.ts";
import { chunkRows } from "../../lib/chunks.ts";

// Per-month totals kept in the same transaction as the rows they sum (DESIGN.md §4 "Balances"),
// so balance sheets and trial balances never add up millions of postings. Changes are summed per
// (account, month) first and written as one multi-row upsert: `excluded` is the row that failed
// to insert, in SQLite and PostgreSQL alike.

/** A voucher's postings going into the balances (sign 1) or coming out of them (sign -1). */
export interface DatedPostings {
  date: string;
  postings: readonly Pick<Posting, "accountId" | "amountPaise">[];
  sign: 1 | -1;
}

export interface DatedStock {
  date: string;
  voucherType: string;
  movements: readonly Pick<StockMovement, "itemId" | "quantityMilli" | "valuePaise">[];
  sign: 1 | -1;
}

/**
 * The rows in the order of their keys. Concurrent saves then lock the balance rows they share in
 * one order on PostgreSQL, and cannot deadlock (vouchers.api.test.ts, "two types at once").
 */
function inKeyOrder<T>(rows: ReadonlyMap<string, T>): T[] {
  return [...rows.keys()].sort().map((key) => rows.get(key) as T);
}

/** Adds vouchers' postings to the monthly account balances, or takes them out, net per row. */
export function buildAccountBalanceWrites(
  db: Kysely<Database>,
  organisationId: string,
  vouchers: readonly DatedPostings[],
): Write[] {
  const rows = new Map<
    string,
    { accountId: string; month: string; debit: number; credit: number; count: number }
  >();
  for (const voucher of vouchers) {
    const month = voucher.date.slice(0, 7);
    const sign = voucher.sign;
    for (const posting of voucher.postings) {
      const key = `${posting.accountId}|${month}`;
      const row = rows.get(key) ?? {
        accountId: posting.accountId,
        month,
        debit: 0,
        credit: 0,
        count: 0,
      };
      row.count += sign;
      if (posting.amountPaise > 0) row.debit += posting.amountPaise * sign;
      else row.credit += -posting.amountPaise * sign;
      rows.set(key, row);
    }
  }
  return chunkRows(inKeyOrder(rows)).map((chunk) =>
    db
      .insertInto("account_balances")
      .values(
        chunk.map((row) => ({
          organisation_id: organisationId,
          account_id: row.accountId,
          month: row.month,
          debit_paise: row.debit,
          credit_paise: row.credit,
          posting_count: row.count,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(["organisation_id", "account_id", "month"]).doUpdateSet((eb) => ({
          debit_paise: eb("account_balances.debit_paise", "+", eb.ref("excluded.debit_paise")),
          credit_paise: eb("account_balances.credit_paise", "+", eb.ref("excluded.credit_paise")),
          posting_count: eb(
            "account_balances.posting_count",
            "+",
            eb.ref("excluded.posting_count"),
          ),
        })),
      ),
  );
}

export function buildStockBalanceWrites(
  db: Kysely<Database>,
  organisationId: string,
  vouchers: readonly DatedStock[],
): Write[] {
  // The same net changes land per (item, month) and per (item, financial year).
  const months = new Map<string, StockChange & { month: string }>();
  const years = new Map<string, StockChange & { year: string }>();
  for (const voucher of vouchers) {
    const month = voucher.date.slice(0, 7);
    const year = financialYearOf(voucher.date);
    const bought = voucher.voucherType === PURCHASE_BILL_TYPE;
    for (const movement of voucher.movements) {
      const monthKey = `${movement.itemId}|${month}`;
      const byMonth = months.get(monthKey) ?? { ...emptyChange(movement.itemId), month };
      addMovement(byMonth, movement, voucher.sign, bought);
      months.set(monthKey, byMonth);
      const yearKey = `${year}|${movement.itemId}`;
      const byYear = years.get(yearKey) ?? { ...emptyChange(movement.itemId), year };
      addMovement(byYear, movement, voucher.sign, bought);
      years.set(yearKey, byYear);
    }
  }
  const monthWrites = chunkRows(inKeyOrder(months)).map((chunk) =>
    db
      .insertInto("item_stock_balances")
      .values(
        chunk.map((row) => ({
          organisation_id: organisationId,
          month: row.month,
          ...amounts(row),
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(["organisation_id", "item_id", "month"]).doUpdateSet((eb) => ({
          quantity_in_milli: eb(
            "item_stock_balances.quantity_in_milli",
            "+",
            eb.ref("excluded.quantity_in_milli"),
          ),
          quantity_out_milli: eb(
            "item_stock_balances.quantity_out_milli",
            "+",
            eb.ref("excluded.quantity_out_milli"),
          ),
          value_in_paise: eb(
            "item_stock_balances.value_in_paise",
            "+",
            eb.ref("excluded.value_in_paise"),
          ),
          value_out_paise: eb(
            "item_stock_balances.value_out_paise",
            "+",
            eb.ref("excluded.value_out_paise"),
          ),
          purchased_milli: eb(
            "item_stock_balances.purchased_milli",
            "+",
            eb.ref("excluded.purchased_milli"),
          ),
          purchased_paise: eb(
            "item_stock_balances.purchased_paise",
            "+",
            eb.ref("excluded.purchased_paise"),
          ),
        })),
      ),
  );
  const yearWrites = chunkRows(inKeyOrder(years)).map((chunk) =>
    db
      .insertInto("item_stock_years")
      .values(
        chunk.map((row) => ({ organisation_id: organisationId, year: row.year, ...amounts(row) })),
      )
      .onConflict((conflict) =>
        conflict.columns(["organisation_id", "year", "item_id"]).doUpdateSet((eb) => ({
          quantity_in_milli: eb(
            "item_stock_years.quantity_in_milli",
            "+",
            eb.ref("excluded.quantity_in_milli"),
          ),
          quantity_out_milli: eb(
            "item_stock_years.quantity_out_milli",
            "+",
            eb.ref("excluded.quantity_out_milli"),
          ),
          value_in_paise: eb(
            "item_stock_years.value_in_paise",
            "+",
            eb.ref("excluded.value_in_paise"),
          ),
          value_out_paise: eb(
            "item_stock_years.value_out_paise",
            "+",
            eb.ref("excluded.value_out_paise"),
          ),
          purchased_milli: eb(
            "item_stock_years.purchased_milli",
            "+",
            eb.ref("excluded.purchased_milli"),
          ),
          purchased_paise: eb(
            "item_stock_years.purchased_paise",
            "+",
            eb.ref("excluded.purchased_paise"),
          ),
        })),
      ),
  );
  return [...monthWrites, ...yearWrites];
}

interface StockChange {
  itemId: string;
  qin: number;
  qout: number;
  vin: number;
  vout: number;
  qbought: number;
  vbought: number;
}

function emptyChange(itemId: string): StockChange {
  return { itemId, qin: 0, qout: 0, vin: 0, vout: 0, qbought: 0, vbought: 0 };
}

function addMovement(
  row: StockChange,
  movement: Pick<StockMovement, "quantityMilli" | "valuePaise">,
  sign: 1 | -1,
  bought: boolean,
): void {
  if (bought) {
    row.qbought += movement.quantityMilli * sign;
    row.vbought += movement.valuePaise * sign;
  }
  if (movement.quantityMilli > 0) {
    row.qin += movement.quantityMilli * sign;
    row.vin += movement.valuePaise * sign;
  } else {
    row.qout += -movement.quantityMilli * sign;
    row.vout += -movement.valuePaise * sign;
  }
}

function amounts(row: StockChange) {
  return {
    item_id: row.itemId,
    quantity_in_milli: row.qin,
    quantity_out_milli: row.qout,
    value_in_paise: row.vin,
    value_out_paise: row.vout,
    purchased_milli: row.qbought,
    purchased_paise: row.vbought,
  };
}

/** A change to the count and total of one (type, year, live or deleted) list. */
export interface VoucherTotalChange {
  type: string;
  year: string;
  deleted: boolean;
  /** +1 for a voucher joining the list, -1 for one leaving it. */
  count: 1 | -1;
  amountPaise: number;
}

/** Keeps voucher_totals (migration 0009) equal to the count and sum of the rows it describes. */
export function buildVoucherTotalWrites(
  db: Kysely<Database>,
  organisationId: string,
  changes: readonly VoucherTotalChange[],
): Write[] {
  const rows = new Map<
    string,
    { type: string; year: string; deleted: 0 | 1; count: number; amount: number }
  >();
  for (const change of changes) {
    const deleted = change.deleted ? 1 : 0;
    const key = `${change.type}|${change.year}|${deleted}`;
    const row = rows.get(key) ?? {
      type: change.type,
      year: change.year,
      deleted,
      count: 0,
      amount: 0,
    };
    row.count += change.count;
    row.amount += change.count * change.amountPaise;
    rows.set(key, row);
  }
  const changed = inKeyOrder(rows).filter((row) => row.count !== 0 || row.amount !== 0);
  return chunkRows(changed).map((chunk) =>
    db
      .insertInto("voucher_totals")
      .values(
        chunk.map((row) => ({
          organisation_id: organisationId,
          type: row.type,
          year: row.year,
          deleted: row.deleted,
          voucher_count: row.count,
          amount_paise: row.amount,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(["organisation_id", "type", "year", "deleted"]).doUpdateSet((eb) => ({
          voucher_count: eb("voucher_totals.voucher_count", "+", eb.ref("excluded.voucher_count")),
          amount_paise: eb("voucher_totals.amount_paise", "+", eb.ref("excluded.amount_paise")),
        })),
      ),
  );
}
