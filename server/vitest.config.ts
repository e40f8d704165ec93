import { defineProject } from "vitest/config";

// Shared by the server-sqlite and server-postgres projects of the root config: the same test files
// run on both engines. Files named *.pg.test.ts need PostgreSQL and run only in server-postgres.
export default defineProject({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Each file builds its own app and database, so files need no fresh module graph: sharing one
    // per worker halves the pass (importing the server for each of ~130 files was half its time).
    isolate: false,
  },
});
