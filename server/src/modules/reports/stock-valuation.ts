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
  listItems,
  listManualClosingStock,
  type ReportAccount,
  type ReportItem,
  sumStock,
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
  const items = (await listItems(db, organisation.id, itemId)).filter(
    (item) => item.type === "goods",
  );
  const state = new Map(
    items.map((item) => [
      item.id,
      { quantityMilli: item.openingQuantityMilli, valuePaise: item.openingValuePaise, rate: 0 },
    ]),
  );
  const targetYear = financialYearOf(date);
  for (let year = organisation.starting_year; year <= targetYear; year = nextFinancialYear(year)) {
    const range = financialYearRange(year);
    const end = year === targetYear ? date : range.endDate;
    // One read gives the year's movements and what purchase bills brought in them.
    const moved = await sumStock(db, organisation.id, range.startDate, end, itemId);
    for (const item of items) {
      const opening = state.get(item.id) ?? { quantityMilli: 0, valuePaise: 0, rate: 0 };
      const movement = moved.get(item.id);
      const bought = {
        quantityMilli: movement?.boughtMilli ?? 0,
        valuePaise: movement?.boughtPaise ?? 0,
      };
      const quantityMilli =
        opening.quantityMilli + (movement ? movement.inMilli - movement.outMilli : 0);
      const { numerator, denominator } = averageCost(item, opening, bought);
      state.set(item.id, {
        quantityMilli,
        valuePaise: divideRounding(BigInt(quantityMilli) * numerator, denominator),
        rate: Number(numerator * 1000n) / Number(denominator),
      });
    }
  }
  return items
    .map((item) => {
      const valued = state.get(item.id) ?? { quantityMilli: 0, valuePaise: 0, rate: 0 };
      return {
        itemId: item.id,
        name: item.name,
        quantityMilli: valued.quantityMilli,
        rate: valued.rate,
        valuePaise: valued.valuePaise,
      };
    })
    .filter((item) => item.quantityMilli !== 0 || item.valuePaise !== 0);
}

/**
 * The cost of one thousandth of a unit as numerator ÷ denominator (paise per milli-unit). Stock
 * below zero at the opening adds nothing to the average. With nothing in hand and nothing bought,
 * the item's standard purchase price stands in.
 */
function averageCost(
  item: ReportItem,
  opening: { quantityMilli: number; valuePaise: number },
  bought: { quantityMilli: number; valuePaise: number },
): { numerator: bigint; denominator: bigint } {
  const baseQuantity = Math.max(opening.quantityMilli, 0);
  const baseValue = opening.quantityMilli > 0 ? opening.valuePaise : 0;
  const quantity = baseQuantity + bought.quantityMilli;
  if (quantity > 0) {
    return { numerator: BigInt(baseValue + bought.valuePaise), denominator: BigInt(quantity) };
  }
  return { numerator: BigInt(item.purchasePricePaise), denominator: 1000n };
}

/** a ÷ b rounded half away from zero, exactly (quantities × values pass 2^53). */
function divideRounding(a: bigint, b: bigint): number {
  const negative = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  const quotient = (absA * 2n + absB) / (absB * 2n);
  return Number(negative ? -quotient : quotient);
}

function sum(lines: readonly StockLine[]): number {
  return lines.reduce((total, line) => total + line.amountPaise, 0);
}
