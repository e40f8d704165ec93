import type { RouteObject } from "react-router";

// spec 2.3 returns/gstr1 and returns/iff (issue 19), returns/gstr3B (issue 20).
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
  {
    path: "returns/gstr3B",
    lazy: async () => {
      const { Gstr3bPage } = await import("./Gstr3bPage.tsx");
      return { Component: Gstr3bPage };
    },
  },
];
