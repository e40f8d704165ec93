import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    // A screen test renders Mantine in jsdom and types through user-event: 1–4 s each on a busy
    // 2-core machine, past vitest's 5 s default when the host is slow (CI, 2026-11-21). The
    // limit guards against a hang; it asserts nothing about speed. Same as the server's.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
