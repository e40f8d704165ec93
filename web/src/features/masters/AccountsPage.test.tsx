import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { makeAccount } from "../../test/accounts.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { RETURN_SESSION } from "../gst-returns/frame/return-test-kit.ts";
import { AccountsPage } from "./AccountsPage.tsx";

afterEach(() => vi.unstubAllGlobals());

function renderAccounts() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://bahi.test");
      if (url.pathname === "/api/account/accountslist") {
        return jsonResponse(200, {
          date: "2024-09-30",
          accounts: [
            makeAccount({ _id: "acc-1", name: "Asha Traders", balance: 1180, balanceType: "dr" }),
            makeAccount({ _id: "acc-2", name: "Kumar Depot", nature: "Creditors" }),
          ],
        });
      }
      return jsonResponse(404, { message: "Not here." });
    }),
  );
  return renderPage(<AccountsPage />, {
    path: "/:organisationId/:year/account/list",
    at: "/org-1/2024-25/account/list",
    session: RETURN_SESSION,
    extraRoutes: [
      { path: "/:organisationId/:year/ledger/:accountId", element: <p>Ledger opened</p> },
    ],
  });
}

describe("Accounts Balances (issue 40): an account opens its ledger", () => {
  test("the name is a link to the ledger", async () => {
    renderAccounts();
    const link = await screen.findByRole("link", { name: "Asha Traders" });
    expect(link.getAttribute("href")).toBe("/org-1/2024-25/ledger/acc-1");
  });

  test("a click anywhere on the row opens it", async () => {
    renderAccounts();
    const cell = await screen.findByText("Kumar Depot");
    const row = cell.closest("tr") as HTMLElement;
    fireEvent.click(row.querySelectorAll("td")[1] as HTMLElement);
    expect(await screen.findByText("Ledger opened")).toBeTruthy();
  });
});
