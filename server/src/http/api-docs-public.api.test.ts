import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

// Decision 322: the OpenAPI document is public. It answers without a session and names routes and
// shapes only: no value of the server's configuration (secret, folders, mail server) is in it.

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({
    smtpUrl: "smtp://mailer:s3cret-pass@mail.internal.example:587",
    publicUrl: "https://books.example.in",
  });
});
afterAll(() => context.close());

test("/api/docs/json answers without a session and holds no configuration value", async () => {
  const response = await context.app.inject({ method: "GET", url: "/api/docs/json" });
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(["/api/auth/login", "/api/salesinvoice/add", "/api/d/{token}"]),
  );
  for (const secret of [
    "test-cookie-secret-test-cookie-secret",
    "s3cret-pass",
    "mail.internal.example",
    context.dataDir,
  ]) {
    expect(response.body).not.toContain(secret);
  }
});

test("the document's page answers without a session", async () => {
  const page = await context.app.inject({ method: "GET", url: "/api/docs/" });
  expect(page.statusCode).toBe(200);
  expect(page.headers["content-type"]).toMatch(/text\/html/);
});
