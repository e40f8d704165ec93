import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { describe, expect, test } from "vitest";
import type { Database } from "../../db/schema.ts";
import {
  SAVE_SLICE_MS,
  SaveSlice,
  SLICE_MS,
  SliceClock,
  threadHoldClock,
} from "./import-progress.ts";

describe("SaveSlice (decision 332)", () => {
  test("a transaction takes what the recent vouchers say fits in the slice, at least one, at most 200", () => {
    const slice = new SaveSlice(25);
    // A first guess of 4 ms a voucher: 6 fit in 25 ms.
    expect(slice.size).toBe(6);
    // 10 vouchers took 100 ms (10 ms each): the average moves halfway, to 7 ms; 3 fit.
    slice.measured(10, 100);
    expect(slice.size).toBe(3);
    // One voucher took a second on a loaded machine: never fewer than one.
    slice.measured(1, 1000);
    expect(slice.size).toBe(1);
    // Fast vouchers grow the transaction, up to its cap.
    for (let round = 0; round < 30; round += 1) slice.measured(100, 1);
    expect(slice.size).toBe(200);
    // Nothing measured changes nothing.
    slice.measured(0, 50);
    expect(slice.size).toBe(200);
  });

  test("a transaction's slice is 50 ms by default, the work between them 25 (decision 430)", () => {
    expect(SLICE_MS).toBe(25);
    expect(SAVE_SLICE_MS).toBe(50);
    expect(new SaveSlice().size).toBe(Math.floor(SAVE_SLICE_MS / 4));
  });
});

describe("SliceClock (decision 332)", () => {
  test("yields to the event loop only once its slice has run", async () => {
    const order: string[] = [];
    const clock = new SliceClock(60_000);
    setImmediate(() => order.push("other request"));
    await clock.pause();
    order.push("import went on");
    expect(order).toEqual(["import went on"]);

    const spent = new SliceClock(0);
    const seen: string[] = [];
    setImmediate(() => seen.push("other request"));
    await spent.pause();
    seen.push("import went on");
    expect(seen).toEqual(["other request", "import went on"]);
  });
});

describe("threadHoldClock (issue 36)", () => {
  test("SQLite's transactions are timed by the wall, PostgreSQL's by the thread's CPU", async () => {
    const sqlite = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(":memory:") }),
    });
    // No query is made: the pool never connects.
    const postgres = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool() }),
    });
    const wall = threadHoldClock(sqlite);
    const cpu = threadHoldClock(postgres);
    const [wallStart, cpuStart] = [wall(), cpu()];
    // Waiting (as for PostgreSQL's answer) holds nothing; only the wall moves.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(wall() - wallStart).toBeGreaterThanOrEqual(55);
    expect(cpu() - cpuStart).toBeLessThan(30);
    // Work on the thread moves it (however long a loaded machine takes to give it 20 ms).
    const busyFrom = cpu();
    const deadline = performance.now() + 10_000;
    while (cpu() - busyFrom < 20 && performance.now() < deadline);
    expect(cpu() - busyFrom).toBeGreaterThanOrEqual(20);
    await sqlite.destroy();
    await postgres.destroy();
  });
});
