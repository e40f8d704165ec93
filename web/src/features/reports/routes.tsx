import type { RouteObject } from "react-router";
import { TABULAR_REPORTS } from "./report-definitions.ts";

// The report, ledger and item-ledger routes of spec 2.3 (and our trial balance and day book),
// spread into the /{organisationId}/{year}/ children by app/router.tsx. Each screen is its own
// chunk, fetched when first opened.

export const reportRoutes: RouteObject[] = [
  {
    path: "reports",
    lazy: async () => ({
      Component: (await import("./pages/ReportsIndexPage.tsx")).ReportsIndexPage,
    }),
  },
  {
    path: "reports/balance-sheet",
    lazy: async () => ({
      Component: (await import("./pages/BalanceSheetPage.tsx")).BalanceSheetPage,
    }),
  },
  {
    path: "reports/profit-or-loss",
    lazy: async () => ({ Component: (await import("./pages/ProfitLossPage.tsx")).ProfitLossPage }),
  },
  {
    path: "reports/trial-balance",
    lazy: async () => ({
      Component: (await import("./pages/TrialBalancePage.tsx")).TrialBalancePage,
    }),
  },
  {
    path: "reports/day-book",
    lazy: async () => ({ Component: (await import("./pages/DayBookPage.tsx")).DayBookPage }),
  },
  {
    path: "reports/email-logs",
    lazy: async () => ({
      Component: (await import("../email-logs/EmailLogsPage.tsx")).EmailLogsPage,
    }),
  },
  {
    path: "reports/audit-trail",
    lazy: async () => ({
      Component: (await import("../audit-trail/AuditTrailPage.tsx")).AuditTrailPage,
    }),
  },
  {
    path: "ledger/:accountId",
    lazy: async () => ({ Component: (await import("../ledger/LedgerPage.tsx")).LedgerPage }),
  },
  {
    path: "item-ledger/:id",
    lazy: async () => ({
      Component: (await import("../ledger/ItemLedgerPage.tsx")).ItemLedgerPage,
    }),
  },
  ...TABULAR_REPORTS.map(
    (definition): RouteObject => ({
      path: definition.route,
      lazy: async () => {
        const { TabularReportPage } = await import("./pages/TabularReportPage.tsx");
        return {
          element: <TabularReportPage key={definition.route} definition={definition} />,
        };
      },
    }),
  ),
];
