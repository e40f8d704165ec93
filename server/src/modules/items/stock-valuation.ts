import {
  addDays,
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
  joinsYearToGoods,
  listGoodsForValuation,
  listManualClosingStock,
  type StockTotals,
  sumStock,
  sumYearStockForValuation,
  type ValuationMovement,
  type ValuedGood,
} from "./stock-valuation.repository.ts";
import { type KeptValuation, keptValuation } from "./stock-valuation-cache.ts";

// Closing stock (docs/decisions/010-stock-valuation.md): the manual figure typed for a stock
// account (misc/editclosingstock) for the latest month up to the date wins; otherwise, when the
// organisation manages inventory, quantities from stock movements valued at the weighted average
// purchase cost of the year; otherwise nothing. Before the organisation's first year the stock is
// the stock accounts' opening balances: the books' own opening stock.

/** What the valuation reads of an account: the stock accounts and their opening balances. */
export interface StockAccount {
  id: string;
  name: string;
  groupId: number;
  systemKey: string | null;
  openingBalancePaise: number;
}

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

/**
 * The stock a period opens with (as at the end of the day before `startDate`) and closes with (as
 * at the end of `endDate`), each by the rules of the file comment. One read of the manual figures
 * serves both ends; when both are valued from the inventory and the period starts a financial
 * year, one walk of the years gives both, the opening being where the walk stood at the end of
 * the year before (a second walk would read the same goods and years again).
 */
export async function valueStockOverPeriod(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  accounts: readonly StockAccount[] | Promise<readonly StockAccount[]>,
  startDate: string,
  endDate: string,
): Promise<{ openingStock: StockValue; closingStock: StockValue }> {
  const openingDate = addDays(startDate, -1);
  const firstDay = financialYearRange(organisation.starting_year).startDate;
  // The manual figures are read before the accounts are needed, which may still be on their way.
  const [manual, accountList] = await Promise.all([
    endDate < firstDay ? [] : listManualClosingStock(db, organisation.id, monthOf(endDate)),
    accounts,
  ]);
  const stockAccounts = accountList.filter(isStockAccount);
  const ruled = (date: string): StockValue | "inventory" => {
    if (date < firstDay) return openingStockOf(stockAccounts, date);
    const month = monthOf(date);
    const byManual = manualStockOf(
      stockAccounts,
      manual.filter((entry) => entry.month <= month),
      date,
    );
    if (byManual) return byManual;
    if (organisation.manage_inventory === 1) return "inventory";
    return { method: "none", date, totalPaise: 0, lines: [], items: [] };
  };
  const opening = ruled(openingDate);
  const closing = ruled(endDate);
  if (opening === "inventory" && closing === "inventory" && startsFinancialYear(startDate)) {
    const walked = await walkInventory(db, organisation, endDate, { keepYearBefore: true });
    return {
      openingStock: inventoryStockOf(stockAccounts, openingDate, walked.yearBefore ?? []),
      closingStock: inventoryStockOf(stockAccounts, endDate, walked.atDate),
    };
  }
  const valued = async (rule: StockValue | "inventory", date: string) =>
    rule === "inventory"
      ? inventoryStockOf(stockAccounts, date, await valueInventoryAt(db, organisation, date))
      : rule;
  const [openingStock, closingStock] = await Promise.all([
    valued(opening, openingDate),
    valued(closing, endDate),
  ]);
  return { openingStock, closingStock };
}

function startsFinancialYear(date: string): boolean {
  return financialYearRange(financialYearOf(date)).startDate === date;
}

/** Before the organisation's first year: the stock accounts' opening balances. */
function openingStockOf(stockAccounts: readonly StockAccount[], date: string): StockValue {
  const lines = stockAccounts
    .filter((account) => account.openingBalancePaise !== 0)
    .map((account) => ({
      accountId: account.id,
      name: account.name,
      amountPaise: account.openingBalancePaise,
    }));
  return { method: "opening", date, totalPaise: sum(lines), lines, items: [] };
}

/** The latest manual figure of each stock account among `manual` (oldest first), if any. */
function manualStockOf(
  stockAccounts: readonly StockAccount[],
  manual: readonly { accountId: string; valuePaise: number }[],
  date: string,
): StockValue | null {
  const known = new Map(stockAccounts.map((account) => [account.id, account]));
  const latest = new Map<string, number>();
  for (const entry of manual)
    if (known.has(entry.accountId)) latest.set(entry.accountId, entry.valuePaise);
  if (latest.size === 0) return null;
  const lines = [...latest]
    .map(([accountId, amountPaise]) => ({
      accountId,
      name: known.get(accountId)?.name ?? "",
      amountPaise,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { method: "manual", date, totalPaise: sum(lines), lines, items: [] };
}

/** The weighted average valuation, in the closing stock account (or the first stock account). */
function inventoryStockOf(
  stockAccounts: readonly StockAccount[],
  date: string,
  items: ItemValuation[],
): StockValue {
  const totalPaise = items.reduce((total, item) => total + item.valuePaise, 0);
  const account =
    stockAccounts.find((candidate) => candidate.systemKey === "closingStock") ?? stockAccounts[0];
  const lines =
    account && totalPaise !== 0
      ? [{ accountId: account.id, name: account.name, amountPaise: totalPaise }]
      : [];
  return { method: "weightedAverage", date, totalPaise, lines, items };
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
 * quantity and value, so the loop walks from the organisation's first year to the date's. The
 * goods and every year's movements are independent reads, made side by side: a whole year's from
 * its year rows (on PostgreSQL the first year's joined to the goods), the date's own year, when it
 * ends before the year does, by sumStock.
 */
export async function valueInventoryAt(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  date: string,
  itemId?: string,
): Promise<ItemValuation[]> {
  return (await walkInventory(db, organisation, date, { itemId })).atDate;
}

/**
 * The walk of valueInventoryAt; with `keepYearBefore`, also where it stood at the end of the
 * financial year before the date's: valueInventoryAt at that year's end, from the same reads.
 * Kept per stock version (stock-valuation-cache.ts): the arrays are shared, never changed.
 */
function walkInventory(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  date: string,
  options: { itemId?: string | undefined; keepYearBefore?: boolean },
): Promise<KeptValuation<ItemValuation[]>> {
  return keptValuation(db, organisation, date, options, () =>
    walkGoods(db, organisation, date, options),
  );
}

async function walkGoods(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  date: string,
  options: { itemId?: string | undefined; keepYearBefore?: boolean },
): Promise<KeptValuation<ItemValuation[]>> {
  const { itemId } = options;
  const targetYear = financialYearOf(date);
  const whole = (year: string) => year !== targetYear || date === financialYearRange(year).endDate;
  const years: string[] = [];
  for (let year = organisation.starting_year; year <= targetYear; year = nextFinancialYear(year))
    years.push(year);
  // Where the engine prefers it, the first year's movements come with the goods when that year is
  // whole up to the date; every other year's are read beside them.
  const first = years[0];
  const joined = first !== undefined && whole(first) && joinsYearToGoods(db) ? first : undefined;
  const [items, ...laterYears] = await Promise.all([
    listGoodsForValuation(db, organisation.id, { itemId, wholeYear: joined }),
    ...years
      .slice(joined ? 1 : 0)
      .map((year) =>
        whole(year)
          ? sumYearStockForValuation(db, organisation.id, year, itemId)
          : sumStock(db, organisation.id, financialYearRange(year).startDate, date, itemId).then(
              forValuation,
            ),
      ),
  ]);
  const movedByYear: ((item: ValuedGood) => ValuationMovement | undefined)[] = [
    ...(joined ? [(item: ValuedGood) => item.yearMoved] : []),
    ...laterYears.map((moved) => (item: ValuedGood) => moved.get(item.id)),
  ];
  const valued = items.map((item) => ({
    itemId: item.id,
    name: item.name,
    quantityMilli: item.openingQuantityMilli,
    rate: 0,
    valuePaise: item.openingValuePaise,
  }));
  let yearBefore: ItemValuation[] | undefined;
  movedByYear.forEach((movementOf, yearIndex) => {
    if (options.keepYearBefore && yearIndex === movedByYear.length - 1)
      yearBefore = inHand(valued.map((state) => ({ ...state })));
    items.forEach((item, index) => {
      const state = valued[index] as ItemValuation;
      const movement = movementOf(item);
      const { numerator, denominator } = averageCost(item, state, {
        quantityMilli: movement?.boughtMilli ?? 0,
        valuePaise: movement?.boughtPaise ?? 0,
      });
      state.quantityMilli += movement ? movement.netMilli : 0;
      state.valuePaise = divideRounding(state.quantityMilli, numerator, denominator);
      state.rate = (numerator * 1000) / denominator;
    });
  });
  return { atDate: inHand(valued), yearBefore };
}

function inHand(valued: ItemValuation[]): ItemValuation[] {
  return valued.filter((item) => item.quantityMilli !== 0 || item.valuePaise !== 0);
}

function forValuation(totals: Map<string, StockTotals>): Map<string, ValuationMovement> {
  const moved = new Map<string, ValuationMovement>();
  for (const [id, total] of totals)
    moved.set(id, {
      netMilli: total.inMilli - total.outMilli,
      boughtMilli: total.boughtMilli,
      boughtPaise: total.boughtPaise,
    });
  return moved;
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
