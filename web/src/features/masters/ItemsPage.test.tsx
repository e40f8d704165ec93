import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { ItemsPage } from "./ItemsPage.tsx";

const ORGANISATION = makeOrganisation({ _id: "org-1", manageInventory: true });
const SESSION = { status: "signedIn" as const, organisations: [ORGANISATION] };

const item = (name: string, stockQuantity: number, stockValue: number) => ({
  _id: name,
  organisationId: "org-1",
  name,
  type: "goods",
  uom: "KGS",
  openingBalanceQuantity: 0,
  openingBalanceAmount: 0,
  standardSellingPrice: 10,
  standardPurchasePrice: 8,
  gstRate: 5,
  active: true,
  stockQuantity,
  stockValue,
});

beforeEach(() =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith("/api/item/itemlist"))
        return jsonResponse(200, {
          items: [item("Basmati Rice", -3, -240), item("Toor Dal", 12.5, 1_250)],
          count: 2,
        });
      if (url.startsWith("/api/customfield/")) return jsonResponse(200, { customFields: [] });
      return jsonResponse(404, { message: "Not here." });
    }),
  ),
);
afterEach(() => vi.unstubAllGlobals());

describe("item list stock in hand (decision 041)", () => {
  test("stock below zero shows in red; stock in hand does not", async () => {
    renderPage(<ItemsPage />, {
      at: "/org-1/2024-25/items/list",
      path: "/:organisationId/:year/items/list",
      session: SESSION,
    });
    const rice = (await screen.findByText("Basmati Rice")).closest("tr") as HTMLElement;
    const riceStock = within(rice).getByText("-3 KGS");
    expect(riceStock.getAttribute("data-negative-stock")).toBe("true");
    expect(riceStock.getAttribute("style") ?? "").toContain("red");
    const dal = (await screen.findByText("Toor Dal")).closest("tr") as HTMLElement;
    const dalStock = within(dal).getByText("12.5 KGS");
    expect(dalStock.getAttribute("data-negative-stock")).toBeNull();
    expect(dalStock.getAttribute("style") ?? "").not.toContain("red");
  });
});
