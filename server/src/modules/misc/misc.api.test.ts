import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { listClientErrorReports } from "./misc.repository.ts";

describe("client error reports", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  test("a not-found URL is stored", async () => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/misc/fourzerofoururlsave",
      headers: { "user-agent": "vitest" },
      payload: { url: "/no-such-page?x=1" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const [stored] = await listClientErrorReports(context.testDatabase.database.db, 1);
    expect(stored).toMatchObject({
      kind: "not_found",
      url: "/no-such-page?x=1",
      user_agent: "vitest",
    });
  });

  test("a screen crash is stored with its component stack", async () => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/misc/frontenderrorsave",
      payload: { error: "TypeError: x is undefined", errorInfo: "at SalesList" },
    });
    expect(response.statusCode).toBe(200);
    const [stored] = await listClientErrorReports(context.testDatabase.database.db, 1);
    expect(stored).toMatchObject({
      kind: "frontend_error",
      error: "TypeError: x is undefined",
      error_info: "at SalesList",
    });
  });

  test("a refused report writes nothing", async () => {
    const before = await listClientErrorReports(context.testDatabase.database.db, 100);
    const response = await context.app.inject({
      method: "POST",
      url: "/api/misc/fourzerofoururlsave",
      payload: { url: "x".repeat(2001) },
    });
    expect(response.statusCode).toBe(400);
    const after = await listClientErrorReports(context.testDatabase.database.db, 100);
    expect(after).toHaveLength(before.length);
  });
});
