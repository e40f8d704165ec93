import type { RouteObject } from "react-router";

// returns/ewaybill (issue 24): the period's goods documents and their e-way bills.
export const ewayBillRoutes: RouteObject[] = [
  {
    path: "returns/ewaybill",
    lazy: async () => {
      const { EWayBillPage } = await import("./EWayBillPage.tsx");
      return { Component: EWayBillPage };
    },
  },
];
