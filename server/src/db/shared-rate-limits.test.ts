import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/test-database.ts";
import { cookieSecretDiffers, sharedCookieSecret } from "./server-secrets.ts";
import {
  countRequest,
  readRequestCount,
  resetsAtText,
  sweepRequestCounts,
} from "./shared-rate-limits.ts";

// Decision 340: the per-address request counts and the cookie key kept in the database.
let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase?.destroy();
});

describe("request counts in the database", () => {
  test("count within a window, start again after it, and never lose a concurrent request", async () => {
    const db = testDatabase.database.db;
    const start = 1_800_000_000_000;
    expect(await countRequest(db, "a", 60_000, start)).toEqual({ current: 1, ttl: 60_000 });
    expect(await countRequest(db, "a", 60_000, start + 1000)).toEqual({ current: 2, ttl: 59_000 });
    expect(await readRequestCount(db, "a", start + 2000)).toEqual({ current: 2, ttl: 58_000 });
    // Another key counts apart.
    expect((await countRequest(db, "b", 60_000, start + 1000)).current).toBe(1);
    // Twenty at once: each gets its own count, 3 to 22.
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => countRequest(db, "a", 60_000, start + 3000)),
    );
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 3),
    );
    // The window passed: a new one starts at 1.
    expect(await readRequestCount(db, "a", start + 60_000)).toEqual({ current: 0, ttl: 0 });
    expect(await countRequest(db, "a", 60_000, start + 60_000)).toEqual({
      current: 1,
      ttl: 60_000,
    });
    // A sweep deletes only lapsed windows.
    await sweepRequestCounts(db, start + 61_000);
    const keys = await db.selectFrom("rate_limit_counts").select("key").orderBy("key").execute();
    expect(keys.map((row) => row.key)).toEqual(["a"]);
  });

  test("the instants compare as text in the order of time", () => {
    expect(resetsAtText(999) < resetsAtText(1000)).toBe(true);
    expect(resetsAtText(1_800_000_000_000)).toBe("001800000000000");
  });
});

describe("the cookie key in the database", () => {
  test("the first server's candidate is kept; every later one reads it", async () => {
    const db = testDatabase.database.db;
    const first = await sharedCookieSecret(db, "key-of-the-first-server");
    expect(first).toBe("key-of-the-first-server");
    expect(await sharedCookieSecret(db, "another")).toBe(first);
    expect(await sharedCookieSecret(db)).toBe(first);
  });

  test("a server given another COOKIE_SECRET than the last one started is told so", async () => {
    const db = testDatabase.database.db;
    expect(await cookieSecretDiffers(db, "first key")).toBe(false);
    expect(await cookieSecretDiffers(db, "first key")).toBe(false);
    expect(await cookieSecretDiffers(db, "second key")).toBe(true);
    // The newest is kept: the next server given it is not warned again.
    expect(await cookieSecretDiffers(db, "second key")).toBe(false);
    const stored = await db.selectFrom("server_secrets").select(["name", "value"]).execute();
    expect(stored.map((row) => row.value).join()).not.toContain("second key");
  });
});
