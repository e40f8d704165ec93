import type { App } from "../src/app.ts";
import { buildApp } from "../src/app.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export interface TestContext {
  app: App;
  testDatabase: TestDatabase;
  close(): Promise<void>;
}

/** The real app over a fresh migrated database, for `app.inject()` tests. */
export async function createTestApp(options: { webDistDir?: string } = {}): Promise<TestContext> {
  const testDatabase = await createTestDatabase();
  const app = await buildApp({
    config: {
      webDistDir: options.webDistDir ?? "/nonexistent-web-dist",
      logLevel: "silent",
      cookieSecret: "test-cookie-secret-test-cookie-secret",
    },
    database: testDatabase.database,
    migrationId: testDatabase.migrationId,
    logger: false,
  });
  await app.ready();
  return {
    app,
    testDatabase,
    close: async () => {
      await app.close();
      await testDatabase.destroy();
    },
  };
}
