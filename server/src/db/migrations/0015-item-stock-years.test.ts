import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/test-database.ts";
import { planWholeMonths } from "../../modules/items/stock-valuation.repository.ts";
import { migrateToLatest } from "../migrate.ts";
import { MIGRATIONS } from "./index.ts";

const BEFORE_0015 = Object.fromEntries(
  Object.entries(MIGRATIONS).filter(([id]) => id !== "0015_item_stock_years"),
);

function monthRow(itemId: string, month: string, quantityIn: number, valueIn: number) {
  return {
    organisation_id: "org-1",
    item_id: itemId,
    month,
    quantity_in_milli: quantityIn,
    quantity_out_milli: 1000,
    value_in_paise: valueIn,
    value_out_paise: 500,
    purchased_milli: quantityIn,
    purchased_paise: valueIn,
  };
}

let opened: TestDatabase | undefined;
afterEach(async () => {
  await opened?.destroy();
  opened = undefined;
});

describe("migration 0015: stock per item and financial year", () => {
  test("a database that ran later migrations first still takes 0015, and sums its months by financial year", async () => {
    opened = await createTestDatabase(undefined, BEFORE_0015);
    const { db } = opened.database;
    await db
      .insertInto("item_stock_balances")
      .values([
        monthRow("item-a", "2025-03", 2000, 20000), // 2024-25
        monthRow("item-a", "2025-04", 3000, 30000), // 2025-26
        monthRow("item-a", "2026-03", 4000, 40000), // 2025-26
        monthRow("item-b", "2025-12", 5000, 50000), // 2025-26
      ])
      .execute();

    await migrateToLatest(opened.database);

    const years = await db
      .selectFrom("item_stock_years")
      .selectAll()
      .orderBy("item_id")
      .orderBy("year")
      .execute();
    expect(
      years.map((row) => ({
        item: row.item_id,
        year: row.year,
        in: Number(row.quantity_in_milli),
        out: Number(row.quantity_out_milli),
        value: Number(row.value_in_paise),
        bought: Number(row.purchased_paise),
      })),
    ).toEqual([
      { item: "item-a", year: "2024-25", in: 2000, out: 1000, value: 20000, bought: 20000 },
      { item: "item-a", year: "2025-26", in: 7000, out: 2000, value: 70000, bought: 70000 },
      { item: "item-b", year: "2025-26", in: 5000, out: 1000, value: 50000, bought: 50000 },
    ]);
  });
});

describe("whole months of stock: month rows, or the year's row less the months outside", () => {
  test("a whole financial year is its row alone", () => {
    expect(planWholeMonths({ from: "2025-04", to: "2026-03" })).toEqual({
      year: "2025-26",
      months: [],
    });
  });

  test("April to November is the year less December to March", () => {
    expect(planWholeMonths({ from: "2025-04", to: "2025-11" })).toEqual({
      year: "2025-26",
      months: [{ from: "2025-12", to: "2026-03", sign: -1 }],
    });
  });

  test("months inside the year on both sides subtract both ends", () => {
    expect(planWholeMonths({ from: "2025-05", to: "2026-01" })).toEqual({
      year: "2025-26",
      months: [
        { from: "2025-04", to: "2025-04", sign: -1 },
        { from: "2026-02", to: "2026-03", sign: -1 },
      ],
    });
  });

  test("six months or fewer are read month by month", () => {
    expect(planWholeMonths({ from: "2025-04", to: "2025-09" })).toEqual({
      year: null,
      months: [{ from: "2025-04", to: "2025-09", sign: 1 }],
    });
  });

  test("months across two financial years are read month by month", () => {
    expect(planWholeMonths({ from: "2024-04", to: "2025-06" })).toEqual({
      year: null,
      months: [{ from: "2024-04", to: "2025-06", sign: 1 }],
    });
  });
});
