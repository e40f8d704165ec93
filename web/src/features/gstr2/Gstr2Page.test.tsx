import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { renderPage } from "../../test/render.tsx";
import {
  type ApiCall,
  jsonResponse,
  pending,
  returnRoute,
  SEPTEMBER_2024,
  stubApi,
} from "../gst-returns/frame/return-test-kit.ts";
import { Gstr2Page } from "./Gstr2Page.tsx";
import type { PurchaseRegister, Reconciliation, ReconciliationRow } from "./gstr2.api.ts";

const TAXES = { igst: 0, cgst: 0, sgst: 0, cess: 0 };

const party = (number: string, igst: number) => ({
  number,
  date: "2024-09-04",
  pos: "27",
  reverseCharge: false,
  taxableValue: igst * 5,
  igst,
  cgst: 0,
  sgst: 0,
  cess: 0,
  value: igst * 6,
  supplierName: "Mehta Steel",
});

const reconRow = (overrides: Partial<ReconciliationRow>): ReconciliationRow => ({
  status: "suggested",
  statusTitle: "Suggested",
  differences: [],
  differencesText: "",
  suggestedBy: "billNumber",
  linkKind: "auto",
  supplierGstin: "27AAACM1234A1Z1",
  supplierName: "Mehta Steel",
  side: "invoice",
  entryId: "b1",
  documentId: "d1",
  bill: { ...party("BS-1", 180), transactionType: "purchases" },
  document: {
    ...party("BS-1", 180),
    section: "B2B",
    sectionTitle: "B2B",
    itcAvailable: "Y",
    imsAction: null,
    returnPeriod: "092024",
  },
  ...overrides,
});

const emptyRecon: Reconciliation = {
  fp: "092024",
  imports: [],
  rows: [],
  count: 0,
  totals: [],
  matchedItc: TAXES,
};

const busyRecon: Reconciliation = {
  fp: "092024",
  imports: [
    {
      returnPeriod: "092024",
      generatedOn: null,
      fileName: "2b.json",
      documentCount: 2,
      importedAt: "2024-10-15T08:00:00.000Z",
    },
  ],
  rows: [
    reconRow({}),
    reconRow({
      status: "missingIn2b",
      statusTitle: "Missing in 2B",
      entryId: "b3",
      documentId: null,
      bill: { ...party("BS-3", 360), transactionType: "purchases" },
      document: null,
    }),
    reconRow({
      status: "missingInBooks",
      statusTitle: "Missing in books",
      entryId: null,
      documentId: "d9",
      bill: null,
      document: {
        ...party("MS/77", 360),
        section: "B2B",
        sectionTitle: "B2B",
        itcAvailable: "N",
        imsAction: "pending",
        returnPeriod: "092024",
      },
    }),
    reconRow({
      suggestedBy: "earlierPeriod",
      side: "credit",
      entryId: "n7",
      documentId: "d7",
      bill: {
        ...party("CN-0077", 72),
        date: "2024-07-15",
        transactionType: "debitNote",
      },
      document: {
        ...party("CN/24-25/77", 72),
        section: "cdnr",
        sectionTitle: "Credit and debit notes",
        itcAvailable: "Y",
        imsAction: null,
        returnPeriod: "092024",
      },
    }),
  ],
  count: 4,
  totals: [
    {
      status: "suggested",
      title: "Suggested",
      count: 1,
      books: { ...TAXES, igst: 180 },
      gstr2b: { ...TAXES, igst: 180 },
    },
    {
      status: "missingIn2b",
      title: "Missing in 2B",
      count: 1,
      books: { ...TAXES, igst: 360 },
      gstr2b: TAXES,
    },
  ],
  matchedItc: { ...TAXES, igst: 180 },
};

const register: PurchaseRegister = {
  fp: "092024",
  transactions: [
    {
      entryId: "b1",
      transactionType: "purchases",
      side: "invoice",
      number: "BS-1",
      date: "2024-09-04",
      supplierName: "Mehta Steel",
      gstin: "27AAACM1234A1Z1",
      pos: "27",
      reverseCharge: false,
      importType: null,
      value: 1180,
      taxableValue: 1000,
      igst: 180,
      cgst: 0,
      sgst: 0,
      cess: 0,
      itcEligibility: "eligible" as PurchaseRegister["transactions"][number]["itcEligibility"],
      itcEligibilityTitle: "Eligible",
    },
  ],
  count: 1,
  totals: { taxableValue: 1000, value: 1180, igst: 180, cgst: 0, sgst: 0, cess: 0 },
  itc: { igst: 180, cgst: 0, sgst: 0, cess: 0 },
};

const renderGstr2 = (query = "") => {
  const route = returnRoute("gstr2");
  return renderPage(<Gstr2Page />, {
    ...route,
    at: `${route.at}${query}`,
    extraRoutes: [
      { path: "/:organisationId/:year/purchases/edit/:id", element: <p>Bill opened</p> },
    ],
  });
};

const posted = (calls: ApiCall[]) => calls.filter((call) => call.method === "POST");
const rowWith = (status: string) =>
  document.querySelector(`tr[data-status="${status}"]`) as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe("GSTR-2 screen (Gstr2Page)", () => {
  test("loading: the skeleton under the tabs; the period is already named", async () => {
    const calls = stubApi(() => pending());
    renderGstr2();
    expect(await screen.findByRole("status", { name: "Loading report" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "GSTR-2" })).toBeTruthy();
    expect(screen.getByTestId("report-period").textContent).toMatch(
      /^Gupta Traders · Purchases and GSTR-2B · /,
    );
    expect(
      screen.getByRole("tab", { name: "GSTR-2B Reconciliation", selected: true }),
    ).toBeTruthy();
    expect(calls).toEqual([
      {
        method: "GET",
        path: "/gstr2/reconciliation",
        query: { ...SEPTEMBER_2024, skip: "0", limit: "100" },
        body: null,
      },
    ]);
  });

  test("refusal: the server's words show, with Try again", async () => {
    stubApi(() => jsonResponse(400, { message: "The period must lie inside the financial year." }));
    renderGstr2();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Could not load the report")).toBeTruthy();
    expect(within(alert).getByText("The period must lie inside the financial year.")).toBeTruthy();
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  test("empty: no GSTR-2B yet, no rows; the register says it has no bills", async () => {
    stubApi((call) => {
      if (call.path === "/gstr2/reconciliation") return jsonResponse(200, emptyRecon);
      if (call.path === "/gstr2/gstr2transactions") {
        return jsonResponse(200, {
          fp: "092024",
          transactions: [],
          count: 0,
          totals: { ...TAXES, taxableValue: 0, value: 0 },
          itc: TAXES,
        });
      }
    });
    renderGstr2();
    expect(await screen.findByText("No GSTR-2B imported for the period")).toBeTruthy();
    expect(screen.getByText("Nothing to show for the period and filters.")).toBeTruthy();
    expect(screen.getByTestId("matched-itc").textContent).toMatch(
      /^ITC as per 2B, matched only: IGST ₹?0\.00/,
    );

    fireEvent.click(screen.getByRole("tab", { name: "Purchase Register" }));
    expect(await screen.findByText("No purchase bills or debit notes in the period.")).toBeTruthy();
    expect(screen.getByTestId("register-totals").textContent).toMatch(
      /^0 entries · Taxable ₹?0\.00/,
    );
  });

  test("data: statuses, accept with A, pick and link with L", async () => {
    const calls = stubApi((call) => {
      if (call.path === "/gstr2/reconciliation") return jsonResponse(200, busyRecon);
      if (call.path.startsWith("/gstr2/reconciliation/")) {
        return jsonResponse(200, { success: true, message: "Done." });
      }
    });
    renderGstr2();
    expect(
      await screen.findByText("GSTR-2B imported: 092024 (2 documents, 15-10-2024)"),
    ).toBeTruthy();
    expect(screen.getByTestId("matched-itc").textContent).toMatch(/IGST ₹?180\.00/);
    const itc = screen.getByRole("table", { name: "ITC by status" });
    expect(within(itc).getByText("Missing in 2B")).toBeTruthy();
    expect(within(rowWith("missingInBooks")).getByText("ITC not available")).toBeTruthy();
    expect(within(rowWith("missingInBooks")).getByText("IMS pending")).toBeTruthy();
    expect(within(rowWith("missingIn2b")).getByRole("button", { name: "Link" })).toBeTruthy();
    // Why each suggestion is made (issue 35), under its status.
    const [byNumber, earlier] = document.querySelectorAll('tr[data-status="suggested"]');
    expect(within(byNumber as HTMLElement).getByText("Bill number once cleaned")).toBeTruthy();
    expect(within(earlier as HTMLElement).getByText("Note of an earlier period")).toBeTruthy();
    expect(within(earlier as HTMLElement).getByText(/CN-0077 · 15-07-2024/)).toBeTruthy();
    expect(within(rowWith("missingIn2b")).queryByText("Bill number once cleaned")).toBeNull();

    fireEvent.keyDown(rowWith("suggested"), { key: "a" });
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({
      path: "/gstr2/reconciliation/accept",
      body: { organisationId: "org-1", entryId: "b1", documentId: "d1" },
    });

    fireEvent.keyDown(rowWith("missingIn2b"), { key: "l" });
    const linking = await screen.findByRole("status");
    expect(linking.textContent).toContain(
      "Bill BS-3 picked: press L on a row missing on the other side to link it (Esc cancels).",
    );
    expect(
      within(rowWith("missingInBooks")).getByRole("button", { name: "Link here" }),
    ).toBeTruthy();
    fireEvent.keyDown(rowWith("missingInBooks"), { key: "l" });
    await waitFor(() => expect(posted(calls)).toHaveLength(2));
    expect(posted(calls)[1]).toMatchObject({
      path: "/gstr2/reconciliation/link",
      body: { organisationId: "org-1", entryId: "b3", documentId: "d9" },
    });
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
  });

  test("data: a status filters the rows; the register's bill opens on Enter", async () => {
    const calls = stubApi((call) => {
      if (call.path === "/gstr2/reconciliation") return jsonResponse(200, busyRecon);
      if (call.path === "/gstr2/gstr2transactions") return jsonResponse(200, register);
    });
    renderGstr2();
    const itc = await screen.findByRole("table", { name: "ITC by status" });
    fireEvent.click(within(itc).getByText("Missing in 2B"));
    await waitFor(() =>
      expect(calls.some((call) => call.query.status === "missingIn2b")).toBe(true),
    );

    fireEvent.click(screen.getByRole("tab", { name: "Purchase Register" }));
    const table = await screen.findByRole("table", { name: "Purchase register" });
    expect(within(table).getByRole("cell", { name: "BS-1" })).toBeTruthy();
    expect(screen.getByTestId("register-totals").textContent).toMatch(
      /^1 entries · Taxable ₹?1,000\.00 · ITC IGST ₹?180\.00/,
    );
    expect(calls.find((call) => call.path === "/gstr2/gstr2transactions")?.query).toEqual({
      ...SEPTEMBER_2024,
      skip: "0",
      limit: "50",
    });
    fireEvent.keyDown(within(table).getAllByRole("row")[1] as HTMLElement, { key: "Enter" });
    expect(await screen.findByText("Bill opened")).toBeTruthy();
  });
});
