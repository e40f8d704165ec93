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
      ...(withPostgres ? [serverProject("server-postgres", "postgres", {})] : []),
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
