import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderRoutes } from "../../test/render.tsx";
import { VoucherListPage } from "./VoucherListPage.tsx";

const ORGANISATION = makeOrganisation({ _id: "org-1", startingYear: "2025-26" });

interface Call {
  url: URL;
  signal: AbortSignal | null;
}
let calls: Call[] = [];
let answer: (url: URL, signal: AbortSignal | null) => Promise<Response>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://test");
      calls.push({ url, signal: init?.signal ?? null });
      return answer(url, init?.signal ?? null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function invoices(skip: number, count: number) {
  return Array.from({ length: 10 }, (_, index) => ({
    _id: `inv-${skip + index}`,
    version: 1,
    number: String(skip + index + 1),
    date: "2025-05-01",
    partyName: "Ravi Stores",
    totalAmount: 100,
  })).slice(0, Math.max(0, count - skip));
}

function renderList(type: "salesInvoice" | "receipts" = "salesInvoice") {
  const word = type === "receipts" ? "receipt" : "sales";
  return renderRoutes(
    [
      {
        path: `/:organisationId/:year/${word}/list`,
        element: <VoucherListPage type={type} view="live" />,
      },
    ],
    {
      at: `/org-1/2025-26/${word}/list`,
      session: { status: "signedIn", organisations: [ORGANISATION] },
    },
  );
}

const listCalls = () =>
  calls.filter(
    (call) => call.url.pathname.endsWith("list") && !call.url.pathname.includes("account"),
  );

/** Resolves when the signal aborts, the way fetch rejects. */
function hang(signal: AbortSignal | null): Promise<Response> {
  return new Promise((_, reject) => {
    signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
  });
}

describe("list reloads (spec 4)", () => {
  test("the list loads only after a 1 s initial delay, showing 10 skeleton rows meanwhile", async () => {
    answer = async (url) =>
      jsonResponse(200, {
        salesInvoices: invoices(Number(url.searchParams.get("skip")), 30),
        count: 30,
        pageTotal: 1000,
        total: 3000,
      });
    renderList();
    expect(screen.getByRole("status", { name: "Loading entries" }).children).toHaveLength(10);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(listCalls()).toHaveLength(0);
    await screen.findByRole("table", { name: "Sales Invoice" }, { timeout: 3000 });
    expect(listCalls()[0]?.url.searchParams.get("skip")).toBe("0");
    expect(listCalls()[0]?.url.searchParams.get("limit")).toBe("10");
    expect(listCalls()[0]?.url.searchParams.get("sortBy")).toBe("createdAtDesc");
  });

  test("a new load aborts the load in flight", async () => {
    answer = async (url, signal) => {
      const skip = Number(url.searchParams.get("skip"));
      if (skip === 20) return hang(signal);
      return jsonResponse(200, {
        salesInvoices: invoices(skip, 30),
        count: 30,
        pageTotal: 1000,
        total: 3000,
      });
    };
    renderList();
    await screen.findByRole("table", { name: "Sales Invoice" }, { timeout: 3000 });
    fireEvent.click(screen.getByRole("button", { name: "Page 3" }));
    await waitFor(() =>
      expect(listCalls().some((call) => call.url.searchParams.get("skip") === "20")).toBe(true),
    );
    const inFlight = listCalls().find((call) => call.url.searchParams.get("skip") === "20");
    expect(inFlight?.signal?.aborted).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Page 1" }));
    await waitFor(() => expect(inFlight?.signal?.aborted).toBe(true));
  });

  test("an account missing from the cached list asks for the accounts again", async () => {
    let accountLists = 0;
    answer = async (url) => {
      if (url.pathname === "/api/account/accountslist") {
        accountLists += 1;
        const accounts = [{ _id: "bank", name: "HDFC Bank", nature: "Bank", active: true }];
        if (accountLists > 1)
          accounts.push({ _id: "ravi", name: "Ravi Stores", nature: "Debtors", active: true });
        return jsonResponse(200, { accounts });
      }
      return jsonResponse(200, {
        receiptEntries: [
          {
            _id: "r1",
            version: 1,
            date: "2025-05-02",
            receivedAccountId: "bank",
            receivedFromAccountIds: ["ravi"],
            amountToShow: 50,
          },
        ],
        count: 1,
        pageTotal: 50,
        total: 50,
      });
    };
    renderList("receipts");
    const table = await screen.findByRole("table", { name: "Receipts" }, { timeout: 4000 });
    expect(accountLists).toBe(2);
    expect(table.textContent).toContain("Ravi Stores");
    expect(table.textContent).toContain("HDFC Bank");
  });
});

describe("Deleted Entries: Restore Selected (issue 39)", () => {
  test("restores the chosen entries with POST {family}/restore and reloads the list", async () => {
    const restores: unknown[] = [];
    answer = async (url) => {
      if (url.pathname === "/api/salesinvoice/restore") {
        return jsonResponse(200, {
          success: true,
          restored: 1,
          message: "1 entry Restored Successfully.",
        });
      }
      return jsonResponse(200, {
        salesInvoices: invoices(0, restores.length > 0 ? 1 : 2),
        count: restores.length > 0 ? 1 : 2,
        pageTotal: 200,
        total: 200,
      });
    };
    const fetchMock = vi.mocked(fetch);
    renderRoutes(
      [
        {
          path: "/:organisationId/:year/sales/deleted",
          element: <VoucherListPage type="salesInvoice" view="deleted" />,
        },
      ],
      {
        at: "/org-1/2025-26/sales/deleted",
        session: { status: "signedIn", organisations: [ORGANISATION] },
      },
    );
    await screen.findByRole("table", { name: /Sales Invoice/ }, { timeout: 3000 });
    const restore = screen.getByRole("button", { name: "Restore Selected" });
    expect((restore as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: /Delete Selected/ })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: /Select .*2/ }));
    fireEvent.click(screen.getByRole("button", { name: "Restore Selected (1)" }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === "/api/salesinvoice/restore")).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([input]) =>
      String(input).includes("/api/salesinvoice/restore"),
    );
    const body = JSON.parse(String(call?.[1]?.body));
    restores.push(body);
    expect(body).toEqual({ organisationId: "org-1", entryIds: ["inv-1"] });
    expect(call?.[1]?.method).toBe("POST");
    expect(await screen.findByText("1 entry Restored Successfully.")).toBeTruthy();
  });
});
