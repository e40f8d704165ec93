import { screen } from "@testing-library/react";
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
};

const ANSWERS: Record<string, unknown> = {
  "/api/dashboard/salesAndPurchaseBillDates": { year: "2024-25", sales: bill, purchases: bill },
  "/api/dashboard/cashAndBankLastDates": { date: "2024-09-30", accounts: [] },
  "/api/dashboard/lastThirtyDaysSales": {
    startDate: "2024-09-01",
    endDate: "2024-09-30",
    total: 7_990,
    days: [{ date: "2024-09-05", count: 1, sales: 7_990, returns: 0, debitNotes: 0, net: 7_990 }],
  },
  "/api/dashboard/dueSalesAndPurchase": {
    date: "2024-09-30",
    receivable: { due: 0, overdue: 0, count: 0, overdueCount: 0 },
    payable: { due: 0, overdue: 0, count: 0, overdueCount: 0 },
  },
  "/api/reports/lasttentransactions": { transactions: [] },
};

describe("the dashboard's sales figures say what they hold (issue 40)", () => {
  test("the Sales and Purchases cards and the 30 days' chart are labelled GST included", async () => {
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
    expect(await screen.findByText("Sales invoices at their totals, GST included")).toBeTruthy();
    expect(screen.getByText("Purchase bills at their totals, GST included")).toBeTruthy();
    expect(
      await screen.findByText(
        "Net sales, GST included: invoices less credit notes plus debit notes to customers",
      ),
    ).toBeTruthy();
  });
});
