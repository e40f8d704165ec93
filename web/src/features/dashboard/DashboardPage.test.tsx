import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { RETURN_SESSION } from "../gst-returns/frame/return-test-kit.ts";
import { DashboardPage } from "./DashboardPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const bill = {
  lastDate: "2024-09-20",
  lastNumber: "7",
  lastEntryId: "e7",
  count: 7,
  total: 55_930,
  excludingGst: 47_398.3,
};

const ANSWERS: Record<string, unknown> = {
  "/api/dashboard/salesAndPurchaseBillDates": {
    year: "2024-25",
    period: { startDate: "2024-04-01", endDate: "2024-09-30" },
    sales: bill,
    purchases: { ...bill, total: 11_800, excludingGst: 10_000 },
  },
  "/api/dashboard/cashAndBankLastDates": { date: "2024-09-30", accounts: [] },
  "/api/dashboard/lastThirtyDaysSales": {
    startDate: "2024-09-01",
    endDate: "2024-09-30",
    total: 7_990,
    totalExcludingGst: 6_771.19,
    days: [
      {
        date: "2024-09-05",
        count: 1,
        sales: 7_990,
        returns: 0,
        debitNotes: 0,
        net: 7_990,
        excludingGst: 6_771.19,
      },
    ],
  },
  "/api/dashboard/dueSalesAndPurchase": {
    date: "2024-09-30",
    receivable: { due: 0, overdue: 0, count: 0, overdueCount: 0 },
    payable: { due: 0, overdue: 0, count: 0, overdueCount: 0 },
  },
  "/api/reports/lasttentransactions": { transactions: [] },
};

describe("the dashboard's sales figures say what they hold (issue 40)", () => {
  test("the cards lead with the P&L's figures without GST; the with-GST totals say so", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), "http://bahi.test").pathname;
        return path in ANSWERS
          ? jsonResponse(200, ANSWERS[path])
          : jsonResponse(404, { message: "Not here." });
      }),
    );
    renderPage(<DashboardPage />, {
      path: "/:organisationId/:year/dashboard",
      at: "/org-1/2024-25/dashboard",
      session: RETURN_SESSION,
    });
    const sales = await screen.findByRole("region", { name: "Sales" });
    await waitFor(() => expect(sales.textContent).toContain("Sales (excluding GST)₹ 47,398.30"));
    expect(sales.textContent).toContain("01-04-2024 to 30-09-2024, as in the Profit & Loss");
    expect(sales.textContent).toContain("Invoiced (including GST): ₹ 55,930.00");
    const purchases = screen.getByRole("region", { name: "Purchases" });
    expect(purchases.textContent).toContain("Purchases (excluding GST)₹ 10,000.00");
    expect(purchases.textContent).toContain("Billed (including GST): ₹ 11,800.00");
    const chart = screen.getByRole("region", { name: "Last 30 Days Sales" });
    await waitFor(() => expect(chart.textContent).toContain("Sales (excluding GST) ₹ 6,771.19"));
    expect(chart.textContent).toContain(
      "Sales (excluding GST) per day: the Sales accounts, net of returns, as in the Profit & Loss. Including GST (net of notes): ₹ 7,990.00.",
    );
  });
});
