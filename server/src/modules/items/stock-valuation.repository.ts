import {
  addDays,
  endOfMonth,
  financialYearOf,
  financialYearRange,
  monthOf,
  PURCHASE_BILL_TYPE,
} from "@bahi/domain";
import { type Kysely, SqliteAdapter, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { splitIntoMonths } from "../../lib/month-ranges.ts";

// SQL of the stock valuation (decisions 010, 025, 028): the goods, their movements per year and
// month, and the manual closing stock. Every read filters on organisation_id first.

/** Manual closing stock entries of months up to `month` ('YYYY-MM'), oldest first. */
export async function listManualClosingStock(
  db: Kysely<Database>,
  organisationId: string,
  month: string,
) {
  const rows = await db
    .selectFrom("closing_stock")
    .select(["account_id", "month", "value_paise"])
    .where("organisation_id", "=", organisationId)
    .where("month", "<=", month)
    .orderBy("month")
    .execute();
  return rows.map((row) => ({
    accountId: row.account_id,
    month: row.month,
    valuePaise: Number(row.value_paise),
  }));
}

export interface StockTotals {
  inMilli: number;
  outMilli: number;
  inPaise: number;
  outPaise: number;
  /** Of what came in, what purchase bills brought (they alone set the average cost, decision 010). */
  boughtMilli: number;
  boughtPaise: number;
}

/**
 * Whether a valuation reads a whole year's movements joined to its goods (one row per good) or
 * beside them (decision 025). SQLite reads rows in process, where a key lookup per good costs more
 * than a second ordered scan; PostgreSQL's client pays for every row it parses, so one row per
 * good is the cheaper.
 */
export function joinsYearToGoods(db: Kysely<Database>): boolean {
  return !(db.getExecutor().adapter instanceof SqliteAdapter);
}

/**
 * The goods a stock valuation walks: only what the weighted average reads, in name order, from the
 * covering index items_valuation (migration 0015). With `wholeYear`, each good also carries that
 * financial year's movements from the same read (a left join on its item_stock_years row).
 */
export async function listGoodsForValuation(
  db: Kysely<Database>,
  organisationId: string,
  options: { itemId?: string | undefined; wholeYear?: string | undefined } = {},
): Promise<ValuedGood[]> {
  let goods = db
    .selectFrom("items")
    .select([
      "items.id",
      "items.name",
      "items.opening_quantity_milli",
      "items.opening_value_paise",
      "items.purchase_price_paise",
    ])
    .where("items.organisation_id", "=", organisationId)
    .where("items.type", "=", "goods")
    .where("items.deleted_at", "is", null)
    .orderBy("items.name");
  if (options.itemId) goods = goods.where("items.id", "=", options.itemId);
  const { wholeYear } = options;
  if (!wholeYear) return (await goods.execute()).map((row) => goodOf(row, undefined));
  const rows = await goods
    .leftJoin("item_stock_years as moved", (join) =>
      join
        .onRef("moved.organisation_id", "=", "items.organisation_id")
        .onRef("moved.item_id", "=", "items.id")
        .on("moved.year", "=", wholeYear),
    )
    .select(VALUATION_COLUMNS("moved"))
    .execute();
  return rows.map((row) => goodOf(row, valuationMovementOf(row)));
}

function goodOf(
  row: {
    id: string;
    name: string;
    opening_quantity_milli: number | string | bigint;
    opening_value_paise: number | string | bigint;
    purchase_price_paise: number | string | bigint;
  },
  yearMoved: ValuationMovement | undefined,
): ValuedGood {
  return {
    id: row.id,
    name: row.name,
    openingQuantityMilli: Number(row.opening_quantity_milli),
    openingValuePaise: Number(row.opening_value_paise),
    purchasePricePaise: Number(row.purchase_price_paise),
    yearMoved,
  };
}

export interface ValuedGood {
  id: string;
  name: string;
  openingQuantityMilli: number;
  openingValuePaise: number;
  purchasePricePaise: number;
  /** The asked whole year's movements, when one was asked. */
  yearMoved: ValuationMovement | undefined;
}

/** What a weighted average needs of an item's movements: the net quantity and what was bought. */
export interface ValuationMovement {
  netMilli: number;
  boughtMilli: number;
  boughtPaise: number;
}

/**
 * Each item's movements of a whole financial year, as the valuation needs them, from its year row
 * (item_stock_years): one row per item moved, the same figures sumStock gives for the whole year.
 */
export async function sumYearStockForValuation(
  db: Kysely<Database>,
  organisationId: string,
  year: string,
  itemId?: string,
): Promise<Map<string, ValuationMovement>> {
  let query = db
    .selectFrom("item_stock_years as moved")
    .select(["moved.item_id", ...VALUATION_COLUMNS("moved")])
    .where("moved.organisation_id", "=", organisationId)
    .where("moved.year", "=", year);
  if (itemId) query = query.where("moved.item_id", "=", itemId);
  const moved = new Map<string, ValuationMovement>();
  for (const row of await query.execute()) moved.set(row.item_id, valuationMovementOf(row));
  return moved;
}

// Only what the weighted average reads of a year row: the net quantity and what was bought.
const VALUATION_COLUMNS = (table: "moved") =>
  [
    sql<
      number | string | null
    >`${sql.ref(`${table}.quantity_in_milli`)} - ${sql.ref(`${table}.quantity_out_milli`)}`.as(
      "net_milli",
    ),
    sql<number | string | null>`${sql.ref(`${table}.purchased_milli`)}`.as("bought_milli"),
    sql<number | string | null>`${sql.ref(`${table}.purchased_paise`)}`.as("bought_paise"),
  ] as const;

/** A year row's movements; a good without one (null from the left join) moved nothing. */
function valuationMovementOf(row: {
  net_milli: number | string | null;
  bought_milli: number | string | null;
  bought_paise: number | string | null;
}): ValuationMovement {
  return {
    netMilli: Number(row.net_milli ?? 0),
    boughtMilli: Number(row.bought_milli ?? 0),
    boughtPaise: Number(row.bought_paise ?? 0),
  };
}

/**
 * Stock in and out per item over [fromDate, toDate], both inclusive, like ledger's sumMovements:
 * whole months from item_stock_balances, the partial months at either end from the movements.
 */
export async function sumStock(
  db: Kysely<Database>,
  organisationId: string,
  fromDate: string,
  toDate: string,
  itemId?: string,
): Promise<Map<string, StockTotals>> {
  const totals = new Map<string, StockTotals>();
  if (fromDate > toDate) return totals;
  const add = (id: string, row: StockTotals, sign: 1 | -1 = 1) => {
    const total = totals.get(id) ?? {
      inMilli: 0,
      outMilli: 0,
      inPaise: 0,
      outPaise: 0,
      boughtMilli: 0,
      boughtPaise: 0,
    };
    total.inMilli += sign * row.inMilli;
    total.outMilli += sign * row.outMilli;
    total.inPaise += sign * row.inPaise;
    total.outPaise += sign * row.outPaise;
    total.boughtMilli += sign * row.boughtMilli;
    total.boughtPaise += sign * row.boughtPaise;
    totals.set(id, total);
  };
  const { wholeMonths, partialRanges } = splitIntoMonths(fromDate, toDate);
  if (wholeMonths) {
    const plan = planWholeMonths(wholeMonths);
    const reads: Promise<void>[] = [];
    if (plan.year) {
      let query = db
        .selectFrom("item_stock_years")
        .select(["item_id", ...STOCK_COLUMNS])
        .where("organisation_id", "=", organisationId)
        .where("year", "=", plan.year);
      if (itemId) query = query.where("item_id", "=", itemId);
      reads.push(
        query.execute().then((rows) => {
          for (const row of rows) add(row.item_id, stockTotalsOf(row));
        }),
      );
    }
    for (const range of plan.months) {
      let query = db
        .selectFrom("item_stock_balances")
        .select([
          "item_id",
          sql<number>`sum(quantity_in_milli)`.as("quantity_in_milli"),
          sql<number>`sum(quantity_out_milli)`.as("quantity_out_milli"),
          sql<number>`sum(value_in_paise)`.as("value_in_paise"),
          sql<number>`sum(value_out_paise)`.as("value_out_paise"),
          sql<number>`sum(purchased_milli)`.as("purchased_milli"),
          sql<number>`sum(purchased_paise)`.as("purchased_paise"),
        ])
        .where("organisation_id", "=", organisationId)
        .where("month", ">=", range.from)
        .where("month", "<=", range.to)
        .groupBy("item_id");
      if (itemId) query = query.where("item_id", "=", itemId);
      reads.push(
        query.execute().then((rows) => {
          for (const row of rows) add(row.item_id, stockTotalsOf(row), range.sign);
        }),
      );
    }
    await Promise.all(reads);
  }
  for (const [from, to] of partialRanges) {
    let query = db
      .selectFrom("stock_movements")
      .select([
        "item_id",
        sql<number>`sum(case when quantity_milli > 0 then quantity_milli else 0 end)`.as(
          "in_milli",
        ),
        sql<number>`sum(case when quantity_milli < 0 then -quantity_milli else 0 end)`.as(
          "out_milli",
        ),
        sql<number>`sum(case when quantity_milli > 0 then value_paise else 0 end)`.as("in_paise"),
        sql<number>`sum(case when quantity_milli < 0 then -value_paise else 0 end)`.as("out_paise"),
        sql<number>`sum(case when voucher_type = ${PURCHASE_BILL_TYPE} then quantity_milli else 0 end)`.as(
          "bought_milli",
        ),
        sql<number>`sum(case when voucher_type = ${PURCHASE_BILL_TYPE} then value_paise else 0 end)`.as(
          "bought_paise",
        ),
      ])
      .where("organisation_id", "=", organisationId)
      .where("date", ">=", from)
      .where("date", "<=", to)
      .groupBy("item_id");
    if (itemId) query = query.where("item_id", "=", itemId);
    for (const row of await query.execute()) {
      add(row.item_id, {
        inMilli: Number(row.in_milli),
        outMilli: Number(row.out_milli),
        inPaise: Number(row.in_paise),
        outPaise: Number(row.out_paise),
        boughtMilli: Number(row.bought_milli),
        boughtPaise: Number(row.bought_paise),
      });
    }
  }
  return totals;
}

const STOCK_COLUMNS = [
  "quantity_in_milli",
  "quantity_out_milli",
  "value_in_paise",
  "value_out_paise",
  "purchased_milli",
  "purchased_paise",
] as const;

type StockColumns = Record<(typeof STOCK_COLUMNS)[number], number | string | bigint>;

function stockTotalsOf(row: StockColumns): StockTotals {
  return {
    inMilli: Number(row.quantity_in_milli),
    outMilli: Number(row.quantity_out_milli),
    inPaise: Number(row.value_in_paise),
    outPaise: Number(row.value_out_paise),
    boughtMilli: Number(row.purchased_milli),
    boughtPaise: Number(row.purchased_paise),
  };
}

/**
 * How to read whole months [from, to] of stock (issue 18 part 5): month by month, or — when they
 * lie in one financial year and are most of it — the year's row less the months outside them,
 * which is at most six months of rows instead of up to twelve. Year-to-date reports of the
 * current year subtract months that hold little or nothing yet.
 */
export function planWholeMonths(months: { from: string; to: string }): {
  year: string | null;
  months: { from: string; to: string; sign: 1 | -1 }[];
} {
  const year = financialYearOf(`${months.from}-01`);
  const range = financialYearRange(year);
  const first = monthOf(range.startDate);
  const last = monthOf(range.endDate);
  const inside = monthsBetween(months.from, months.to);
  if (months.to > last || inside <= 6) {
    return { year: null, months: [{ ...months, sign: 1 }] };
  }
  const outside: { from: string; to: string; sign: -1 }[] = [];
  if (months.from > first) outside.push({ from: first, to: previousMonth(months.from), sign: -1 });
  if (months.to < last) outside.push({ from: nextMonth(months.to), to: last, sign: -1 });
  return { year, months: outside };
}

function monthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split("-").map(Number) as [number, number];
  const [toYear, toMonth] = to.split("-").map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

function previousMonth(month: string): string {
  return monthOf(addDays(`${month}-01`, -1));
}

function nextMonth(month: string): string {
  return monthOf(addDays(endOfMonth(`${month}-01`), 1));
}

/** The date of the organisation's latest stock movement, or null (index stock_movements_date). */
export async function findLastStockDate(
  db: Kysely<Database>,
  organisationId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom("stock_movements")
    .select(sql<string | null>`max(date)`.as("last"))
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  return row?.last ?? null;
}
