import {
  financialYearOf,
  financialYearRange,
  findAccountGroup,
  monthOf,
  nextFinancialYear,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import {
  findLastStockDate,
  listGoodsForValuation,
  listManualClosingStock,
  type ReportAccount,
  sumStock,
  type ValuedGood,
} from "./reports.repository.ts";

// Closing stock (docs/decisions/010-stock-valuation.md): the manual figure typed for a stock
// account (misc/editclosingstock) for the latest month up to the date wins; otherwise, when the
// organisation manages inventory, quantities from stock movements valued at the weighted average
// purchase cost of the year; otherwise nothing. Before the organisation's first year the stock is
// the stock accounts' opening balances: the books' own opening stock.

export type StockMethod = "opening" | "manual" | "weightedAverage" | "none";

export interface StockLine {
  accountId: string;
  name: string;
  amountPaise: number;
}

export interface ItemValuation {
  itemId: string;
  name: string;
  quantityMilli: number;
  /** Weighted average cost of one unit, in paise (may carry fractions of a paisa). */
  rate: number;
  valuePaise: number;
}

export interface StockValue {
  method: StockMethod;
  /** As at the end of this date. */
  date: string;
  totalPaise: number;
  /** One line per stock account the value sits in. */
  lines: StockLine[];
  /** The item-wise working, for the weighted average. */
  items: ItemValuation[];
}

export const STOCK_GROUP_ID = findAccountGroup("Stock")?.id ?? 25;

export function isStockAccount(account: { groupId: number }): boolean {
  return account.groupId === STOCK_GROUP_ID;
}

/** The stock as at the end of `date` (see the file comment for the order of the rules). */
export async function valueStockAt(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  accounts: readonly ReportAccount[],
  date: string,
): Promise<StockValue> {
  const stockAccounts = accounts.filter(isStockAccount);
  const firstDay = financialYearRange(organisation.starting_year).startDate;
  if (date < firstDay) {
    const lines = stockAccounts
      .filter((account) => account.openingBalancePaise !== 0)
      .map((account) => ({
        accountId: account.id,
        name: account.name,
        amountPaise: account.openingBalancePaise,
      }));
    return { method: "opening", date, totalPaise: sum(lines), lines, items: [] };
  }

  const manual = await listManualClosingStock(db, organisation.id, monthOf(date));
  const known = new Map(stockAccounts.map((account) => [account.id, account]));
  const latest = new Map<string, number>();
  for (const entry of manual)
    if (known.has(entry.accountId)) latest.set(entry.accountId, entry.valuePaise);
  if (latest.size > 0) {
    const lines = [...latest]
      .map(([accountId, amountPaise]) => ({
        accountId,
        name: known.get(accountId)?.name ?? "",
        amountPaise,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { method: "manual", date, totalPaise: sum(lines), lines, items: [] };
  }

  if (organisation.manage_inventory === 1) {
    const items = await valueInventoryAt(db, organisation, date);
    const totalPaise = items.reduce((total, item) => total + item.valuePaise, 0);
    const account =
      stockAccounts.find((candidate) => candidate.systemKey === "closingStock") ?? stockAccounts[0];
    const lines =
      account && totalPaise !== 0
        ? [{ accountId: account.id, name: account.name, amountPaise: totalPaise }]
        : [];
    return { method: "weightedAverage", date, totalPaise, lines, items };
  }
  return { method: "none", date, totalPaise: 0, lines: [], items: [] };
}

/**
 * The stock in hand now, item by item, at the valuation every stock screen reads (the item list,
 * the item ledger, closing stock, profit and loss): as at today, or at the latest stock movement
 * when one is dated later.
 */
export async function valueInventoryInHand(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  today: string,
): Promise<ItemValuation[]> {
  const last = await findLastStockDate(db, organisation.id);
  const firstDay = financialYearRange(organisation.starting_year).startDate;
  let date = last !== null && last > today ? last : today;
  if (date < firstDay) date = firstDay;
  return valueInventoryAt(db, organisation, date);
}

/**
 * Weighted average cost per financial year: (value at the year's opening + purchases of the year
 * up to the date) ÷ (quantity at the opening + quantity purchased). Sales, returns and notes move
 * the quantity; only purchase bills set the cost. A year opens with the previous year's closing
 * quantity and value, so the loop walks from the organisation's first year to the date's.
 */
export async function valueInventoryAt(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  date: string,
  itemId?: string,
): Promise<ItemValuation[]> {
  const targetYear = financialYearOf(date);
  const yearEnd = (year: string) => (year === targetYear ? date : financialYearRange(year).endDate);
  const firstYear = organisation.starting_year;
  // The first year's movements come with the goods when that year is whole up to the date.
  const firstYearWhole = yearEnd(firstYear) === financialYearRange(firstYear).endDate;
  const items = await listGoodsForValuation(db, organisation.id, {
    itemId,
    wholeYear: firstYearWhole ? firstYear : undefined,
  });
  const valued = items.map((item) => ({
    itemId: item.id,
    name: item.name,
    quantityMilli: item.openingQuantityMilli,
    rate: 0,
    valuePaise: item.openingValuePaise,
  }));
  for (let year = firstYear; year <= targetYear; year = nextFinancialYear(year)) {
    const moved =
      year === firstYear && firstYearWhole
        ? null
        : await sumStock(
            db,
            organisation.id,
            financialYearRange(year).startDate,
            yearEnd(year),
            itemId,
          );
    items.forEach((item, index) => {
      const state = valued[index] as ItemValuation;
      const movement = moved ? moved.get(item.id) : item.yearMoved;
      const { numerator, denominator } = averageCost(item, state, {
        quantityMilli: movement?.boughtMilli ?? 0,
        valuePaise: movement?.boughtPaise ?? 0,
      });
      state.quantityMilli += movement ? movement.inMilli - movement.outMilli : 0;
      state.valuePaise = divideRounding(state.quantityMilli, numerator, denominator);
      state.rate = (numerator * 1000) / denominator;
    });
  }
  return valued.filter((item) => item.quantityMilli !== 0 || item.valuePaise !== 0);
}

/**
 * The cost of one thousandth of a unit as numerator ÷ denominator (paise per milli-unit). Stock
 * below zero at the opening adds nothing to the average. With nothing in hand and nothing bought,
 * the item's standard purchase price stands in.
 */
function averageCost(
  item: ValuedGood,
  opening: { quantityMilli: number; valuePaise: number },
  bought: { quantityMilli: number; valuePaise: number },
): { numerator: number; denominator: number } {
  const baseQuantity = Math.max(opening.quantityMilli, 0);
  const baseValue = opening.quantityMilli > 0 ? opening.valuePaise : 0;
  const quantity = baseQuantity + bought.quantityMilli;
  if (quantity > 0) return { numerator: baseValue + bought.valuePaise, denominator: quantity };
  return { numerator: item.purchasePricePaise, denominator: 1000 };
}

/**
 * quantity × numerator ÷ denominator rounded half away from zero, exactly: in plain numbers
 * while the product stays below 2^53, in BigInt beyond (a valuation runs this once per item).
 */
function divideRounding(quantity: number, numerator: number, denominator: number): number {
  const product = quantity * numerator;
  if (Math.abs(product) * 2 + Math.abs(denominator) <= Number.MAX_SAFE_INTEGER) {
    const magnitude = Math.floor(
      (Math.abs(product) * 2 + Math.abs(denominator)) / (Math.abs(denominator) * 2),
    );
    return product < 0 !== denominator < 0 ? -magnitude : magnitude;
  }
  const a = BigInt(quantity) * BigInt(numerator);
  const b = BigInt(denominator);
  const negative = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  const quotient = (absA * 2n + absB) / (absB * 2n);
  return Number(negative ? -quotient : quotient);
}

function sum(lines: readonly StockLine[]): number {
  return lines.reduce((total, line) => total + line.amountPaise, 0);
}
