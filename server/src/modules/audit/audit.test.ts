import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/test-database.ts";
import { readAuditLogs, writeAuditLog } from "./audit.ts";

let testDatabase: TestDatabase;
const db = () => testDatabase.database.db;
const at = "2025-04-01T00:00:00.000Z";

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await db()
    .insertInto("users")
    .values(
      ["u1", "u2"].map((id) => ({
        id,
        name: `Name of ${id}`,
        email: `${id}@example.in`,
        mobile: null,
        password_hash: null,
        support_id: `BH${id}`,
        email_verified: 1 as const,
        mobile_verified: 0 as const,
        source: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
});
afterAll(() => testDatabase.destroy());

const entry = (organisationId: string, userId: string | null, summary: string) => ({
  organisationId,
  userId,
  action: "edit",
  entityType: "account",
  entityId: "acc-1",
  summary,
});

test("writes rows and reads them back newest first, paged, with the person's name", async () => {
  for (let i = 1; i <= 5; i += 1) {
    await writeAuditLog(db(), entry("org-a", i % 2 ? "u1" : "u2", `change ${i}`));
  }
  await writeAuditLog(db(), entry("org-b", "u1", "elsewhere"));

  const all = await readAuditLogs(db(), { organisationId: "org-a", skip: 0, limit: 10 });
  expect(all.count).toBe(5);
  expect(all.logs.map((log) => log.summary)).toEqual([
    "change 5",
    "change 4",
    "change 3",
    "change 2",
    "change 1",
  ]);
  expect(all.logs[0]).toEqual({
    _id: expect.any(String),
    userId: "u1",
    userName: "Name of u1",
    action: "edit",
    entityType: "account",
    entityId: "acc-1",
    summary: "change 5",
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });

  const page = await readAuditLogs(db(), { organisationId: "org-a", skip: 1, limit: 2 });
  expect(page).toMatchObject({
    count: 5,
    logs: [{ summary: "change 4" }, { summary: "change 3" }],
  });

  const ofU2 = await readAuditLogs(db(), {
    organisationId: "org-a",
    userId: "u2",
    skip: 0,
    limit: 10,
  });
  expect(ofU2.count).toBe(2);
  expect(ofU2.logs.every((log) => log.userId === "u2")).toBe(true);
});

test("a log written inside a transaction that fails is not kept", async () => {
  await expect(
    db()
      .transaction()
      .execute(async (trx) => {
        await writeAuditLog(trx, entry("org-c", "u1", "never happened"));
        throw new Error("the change failed");
      }),
  ).rejects.toThrow("the change failed");
  expect((await readAuditLogs(db(), { organisationId: "org-c", skip: 0, limit: 10 })).count).toBe(
    0,
  );
});

test("system changes have no person, and long summaries are cut to 500 characters", async () => {
  await writeAuditLog(db(), entry("org-d", null, "x".repeat(800)));
  const { logs } = await readAuditLogs(db(), { organisationId: "org-d", skip: 0, limit: 10 });
  expect(logs[0]).toMatchObject({ userId: null, userName: null });
  expect(logs[0]?.summary).toHaveLength(500);
});
