import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const serverProject = (name: string, engine: string, extra: { exclude?: string[] }) =>
  ({
    extends: "./server/vitest.config.ts",
    root: "./server",
    test: { name, env: { BAHI_TEST_DB: engine }, ...extra },
  }) satisfies TestProjectInlineConfiguration;

export default defineConfig({
  test: {
    projects: [
      "domain/vitest.config.ts",
      serverProject("server-sqlite", "sqlite", {
        exclude: ["**/*.pg.test.ts", "**/node_modules/**"],
      }),
      // Tests that never open a database run once, on the SQLite project.
      ...(withPostgres
        ? [
            serverProject("server-postgres", "postgres", {
              exclude: [
                "**/node_modules/**",
                "src/config.test.ts",
                "src/db/migrate.test.ts",
                "src/db/migrations/0014-purchase-place-of-supply.test.ts",
                "src/db/sqlite-checkpoints.test.ts",
                "src/lib/*.test.ts",
                "src/module-graph.test.ts",
                "src/server-bundle.test.ts",
                "src/modules/demo/book-generator.test.ts",
                "src/pdf-fonts/indic-fonts.test.ts",
                "src/modules/documents/print-model.test.ts",
                "src/modules/exports/*.test.ts",
                "src/modules/gstin/gstin-provider.test.ts",
                "src/modules/ledger/page-span.test.ts",
                "src/modules/vouchers/sqlite-plans.test.ts",
                "test/supervisor.process.test.ts",
                "test/server-node-flags.process.test.ts",
              ],
            }),
          ]
        : []),
      "web/vitest.config.ts",
    ],
    coverage: {
      provider: "v8",
      include: ["domain/src/**/*.ts"],
      exclude: ["**/*.test.ts"],
      reporter: ["text-summary"],
      thresholds: { lines: 95 },
    },
  },
});
