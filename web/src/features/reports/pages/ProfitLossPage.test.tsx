import { findAccountGroup } from "@bahi/domain";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { jsonResponse, renderPage } from "../../../test/render.tsx";
import { RETURN_SESSION } from "../../gst-returns/frame/return-test-kit.ts";
import type { ProfitLossAnswer } from "../reports.api.ts";
import { ProfitLossPage } from "./ProfitLossPage.tsx";

afterEach(() => vi.unstubAllGlobals());

const ANSWER: ProfitLossAnswer = {
  organisationName: "Gupta Traders",
  year: "2024-25",
  type: "detailed",
  startDate: "2024-04-01",
  endDate: "2024-09-30",
  trading: {
    debit: [],
    credit: [
      {
        groupId: findAccountGroup("Sales")?.id ?? 0,
        name: "Sales",
        amount: 7_000,
        accounts: [{ accountId: "sales", name: "Sales", amount: 7_000 }],
      },
    ],
    total: 7_000,
    grossProfit: 7_000,
  },
  profitAndLoss: { debit: [], credit: [], total: 7_000, netProfit: 7_000 },
  grossProfit: 7_000,
  netProfit: 7_000,
  openingStock: null,
  closingStock: null,
};

describe("the profit and loss says its sales are without GST (issue 40)", () => {
  test("the Trading Account names the basis of its Sales", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), "http://bahi.test").pathname === "/api/reports/profitloss"
          ? jsonResponse(200, ANSWER)
          : jsonResponse(404, { message: "Not here." }),
      ),
    );
    renderPage(<ProfitLossPage />, {
      path: "/:organisationId/:year/reports/profit-or-loss",
      at: "/org-1/2024-25/reports/profit-or-loss",
      session: RETURN_SESSION,
    });
    expect(
      await screen.findByText(
        "Sales (excluding GST) are the Sales accounts: net of returns and without GST (the tax is in the output tax ledgers, not income). The dashboard shows the same figure for the same period.",
      ),
    ).toBeTruthy();
    // The group's heading says it too, as the dashboard's card does.
    const credit = screen.getByRole("table", { name: "Trading Cr" });
    expect(within(credit).getByText("Sales (excluding GST)")).toBeTruthy();
  });
});
