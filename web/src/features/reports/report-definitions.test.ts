import { describe, expect, test } from "vitest";
import {
  CASH_PAYMENTS_REPORT,
  findTabularReport,
  isReportVisible,
  STATEMENT_REPORTS,
  TABULAR_REPORTS,
  visibleFilters,
  visibleReports,
} from "./report-definitions.ts";
import { reportRoutes } from "./routes.tsx";

// spec/product.md 2.3, the report routes under /{organisationId}/{year}/, verbatim.
const SPEC_SALES_ROUTES = [
  "sales-by-month-quarter",
  "sales-by-item",
  "sales-by-day",
  "sales-by-customer",
  "sales-by-state",
  "sales-by-gst-rate",
  "sales-wrong-gst-rate",
  "most-returned-items",
  "most-items-returning-customers",
  "overdue-bills",
  "month-with-gst",
  "item-type",
];

// "the same set with purchase names (purchases-by-overdue-bills for overdue)".
const PURCHASE_ROUTES = [
  "purchases-by-month-quarter",
  "purchases-by-item",
  "purchases-by-day",
  "purchases-by-supplier",
  "purchases-by-state",
  "purchases-by-gst-rate",
  "purchases-wrong-gst-rate",
  "purchases-by-most-returned-items",
  "purchases-by-most-items-returning-suppliers",
  "purchases-by-overdue-bills",
  "purchases-by-month-with-gst",
  "purchases-by-item-type",
];

const SPEC_OTHER_ROUTES = [
  "reports",
  "reports/balance-sheet",
  "reports/profit-or-loss",
  "ledger/:accountId",
  "item-ledger/:id",
  "cash-payments-over-10k",
];

const GST_ONLY_ROUTES = [
  "sales-by-state",
  "sales-by-gst-rate",
  "purchases-by-state",
  "purchases-by-gst-rate",
];

describe("the report definitions", () => {
  test("every report route of spec 2.3 is registered, and ours besides", () => {
    const paths = reportRoutes.map((route) => route.path);
    for (const route of [...SPEC_SALES_ROUTES, ...PURCHASE_ROUTES, ...SPEC_OTHER_ROUTES]) {
      expect(paths, route).toContain(route);
    }
    expect(paths).toContain("reports/trial-balance");
    expect(paths).toContain("reports/day-book");
    expect(new Set(paths).size).toBe(paths.length);
  });

  test("the sales and the purchase reports are one family, twelve reports and two histories a side", () => {
    const sales = TABULAR_REPORTS.filter((definition) => definition.group === "sales");
    const purchases = TABULAR_REPORTS.filter((definition) => definition.group === "purchases");
    expect(
      sales
        .map((definition) => definition.route)
        .filter((route) => SPEC_SALES_ROUTES.includes(route)),
    ).toEqual(SPEC_SALES_ROUTES);
    expect(purchases.filter((definition) => definition.specRoute).map((d) => d.route)).toEqual(
      PURCHASE_ROUTES,
    );
    expect(sales.filter((definition) => !definition.specRoute).map((d) => d.route)).toEqual([
      "item-sales-history",
      "item-sales-history-all-parties",
    ]);
    for (const definition of sales) expect(definition.apiPath).toMatch(/^\/salesreports\//);
    for (const definition of purchases) expect(definition.apiPath).toMatch(/^\/purchasereports\//);
  });

  test("each report calls its own path of api.md 7", () => {
    expect(findTabularReport("sales-by-customer")?.apiPath).toBe("/salesreports/salesbycustomer");
    expect(findTabularReport("purchases-by-supplier")?.apiPath).toBe(
      "/purchasereports/purchasebysupplier",
    );
    expect(findTabularReport("sales-by-month-quarter")?.apiPath).toBe(
      "/salesreports/salesByMonthQuarter",
    );
    expect(findTabularReport("purchases-by-month-quarter")?.apiPath).toBe(
      "/purchasereports/purchaseByMonthQuarter",
    );
    expect(findTabularReport("overdue-bills")?.apiPath).toBe("/salesreports/overduesalesreport");
    expect(findTabularReport("purchases-by-overdue-bills")?.apiPath).toBe(
      "/purchasereports/overduepurchasereport",
    );
    expect(findTabularReport("sales-by-state")?.apiPath).toBe("/salesreports/salesbypos");
    expect(findTabularReport("item-purchase-history-all-parties")?.apiPath).toBe(
      "/purchasereports/item-all-purchase-history",
    );
    expect(CASH_PAYMENTS_REPORT.apiPath).toBe("/reports/cashpaymentsover10k");
    const paths = TABULAR_REPORTS.map((definition) => definition.apiPath);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test("state and GST-rate reports are only for GST-registered organisations (spec 2.3)", () => {
    const registered = visibleReports({ gstRegistered: true }).map((d) => d.route);
    const unregistered = visibleReports({ gstRegistered: false }).map((d) => d.route);
    for (const route of GST_ONLY_ROUTES) {
      expect(registered).toContain(route);
      expect(unregistered).not.toContain(route);
    }
    expect(registered.length - unregistered.length).toBe(GST_ONLY_ROUTES.length);
    expect(
      TABULAR_REPORTS.filter((d) => d.gstOnly)
        .map((d) => d.route)
        .sort(),
    ).toEqual([...GST_ONLY_ROUTES].sort());
    expect(isReportVisible({ gstOnly: false }, { gstRegistered: false })).toBe(true);
    expect(visibleReports({ gstRegistered: true }, "other")).toEqual([CASH_PAYMENTS_REPORT]);
  });

  test("B2B/B2C and reverse-charge filters show only to GST-registered organisations", () => {
    const bySales = findTabularReport("sales-by-customer");
    if (!bySales) throw new Error("sales-by-customer is missing");
    expect(visibleFilters(bySales, { gstRegistered: true })).toEqual([
      "dateRange",
      "party",
      "b2bOrB2c",
      "rcmOrNonRcm",
    ]);
    expect(visibleFilters(bySales, { gstRegistered: false })).toEqual(["dateRange", "party"]);
  });

  test("own filters, charts and drill-down of the reports that have them", () => {
    expect(findTabularReport("sales-by-month-quarter")?.filters).toContain("periodType");
    expect(findTabularReport("sales-wrong-gst-rate")?.filters).toContain("transactionType");
    expect(findTabularReport("most-returned-items")?.filters).toContain("limit");
    expect(findTabularReport("overdue-bills")?.filters).toContain("asAt");
    expect(findTabularReport("overdue-bills")?.filters).not.toContain("dateRange");
    expect(findTabularReport("overdue-bills")?.rowVoucherType).toBe("salesInvoice");
    expect(findTabularReport("purchases-by-overdue-bills")?.rowVoucherType).toBe("purchases");
    expect(findTabularReport("item-sales-history")?.required).toEqual(["item", "party"]);
    expect(findTabularReport("item-sales-history-all-parties")?.required).toEqual(["item"]);
    // Charts where a picture reads better: monthly sales and the ageing of dues.
    expect(findTabularReport("sales-by-month-quarter")?.chart).toMatchObject({ source: "rows" });
    expect(findTabularReport("overdue-bills")?.chart).toMatchObject({ source: "totals" });
    expect(findTabularReport("sales-by-customer")?.chart).toBeNull();
  });

  test("titles are the server's (the files carry them)", () => {
    expect(findTabularReport("sales-by-customer")?.title).toBe("Sales by Customer");
    expect(findTabularReport("purchases-by-supplier")?.title).toBe("Purchase by Supplier");
    expect(findTabularReport("most-items-returning-customers")?.title).toBe(
      "Customers Returning Most Items",
    );
    expect(findTabularReport("purchases-by-overdue-bills")?.title).toBe("Overdue Purchase Bills");
    expect(STATEMENT_REPORTS.map((report) => report.route)).toEqual([
      "reports/balance-sheet",
      "reports/profit-or-loss",
      "reports/trial-balance",
      "reports/day-book",
    ]);
  });
});
