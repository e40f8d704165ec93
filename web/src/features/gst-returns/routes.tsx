import type { RouteObject } from "react-router";

// spec 2.3 returns/gstr1 and returns/iff (issue 19); GSTR-2 and GSTR-3B are not built yet.
export const gstReturnRoutes: RouteObject[] = [
  {
    path: "returns/gstr1",
    lazy: async () => {
      const { GstReturnPage } = await import("./GstReturnPage.tsx");
      return { Component: () => <GstReturnPage kind="gstr1" /> };
    },
  },
  {
    path: "returns/iff",
    lazy: async () => {
      const { GstReturnPage } = await import("./GstReturnPage.tsx");
      return { Component: () => <GstReturnPage kind="iff" /> };
    },
  },
];
