import type { RouteObject } from "react-router";

// Issue 39: the TDS screen (statement, challans, certificates).
export const tdsRoutes: RouteObject[] = [
  {
    path: "tds",
    lazy: async () => ({ Component: (await import("./TdsPage.tsx")).TdsPage }),
  },
];
