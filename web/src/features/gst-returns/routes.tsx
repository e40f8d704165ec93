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
    // Issue 24: e-invoices of the period, by their state at the IRP.
    path: "returns/einvoice",
    lazy: async () => {
      const { EInvoicePage } = await import("../einvoice/EInvoicePage.tsx");
      return { Component: EInvoicePage };
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
