import type { RouteObject } from "react-router";

// spec 2.3 returns/gstr2 (issue 20): the purchase register and GSTR-2B reconciliation.
export const gstr2Routes: RouteObject[] = [
  {
    path: "returns/gstr2",
    lazy: async () => ({ Component: (await import("./Gstr2Page.tsx")).Gstr2Page }),
  },
];
