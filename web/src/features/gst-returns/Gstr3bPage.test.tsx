import type { Gstr3bTable } from "@bahi/domain";
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
} from "./frame/return-test-kit.ts";
import { Gstr3bPage } from "./Gstr3bPage.tsx";
import type { Gstr3bDetails, Gstr3bSummary, Gstr3bTableRow } from "./gstr3b.api.ts";

const TABLES: (Gstr3bTable | "4C")[] = [
  "3.1a",
  "3.1b",
  "3.1c",
  "3.1d",
  "3.1e",
  "3.1.1i",
  "3.1.1ii",
  "3.2a",
  "3.2b",
  "3.2c",
  "4A1",
  "4A2",
  "4A3",
  "4A4",
  "4A5",
  "4B1",
  "4B2",
  "4C",
  "4D1",
  "4D2",
  "5a",
  "5b",
];

const tableRow = (table: Gstr3bTable | "4C", amounts: Partial<Gstr3bTableRow> = {}) => ({
  table,
  title: `Row ${table}`,
  count: 0,
  taxableValue: 0,
  igst: 0,
  cgst: 0,
  sgst: 0,
  cess: 0,
  ...amounts,
});

const summary = (overrides: Partial<Gstr3bSummary> = {}): Gstr3bSummary => ({
  gstin: "27AAAPA1234A1Z5",
  fp: "092024",
  startDate: "2024-09-01",
  endDate: "2024-09-30",
  tables: TABLES.map((table) => tableRow(table)),
  interSup: { unreg: [], comp: [], uin: [] },
  inward: { gst: { inter: 0, intra: 0 }, nonGst: { inter: 0, intra: 0 } },
  itcBasis: "books",
  itcBasisAvailable: false,
  itcDifference: null,
  warnings: [],
  warningsCount: 0,
  filing: null,
  ...overrides,
});

const busySummary = summary({
  tables: TABLES.map((table) =>
    table === "3.1a"
      ? tableRow(table, { count: 1, taxableValue: 1000, cgst: 90, sgst: 90 })
      : table === "4A5"
        ? tableRow(table, { count: 1, cgst: 185, sgst: 185 })
        : tableRow(table),
  ),
  interSup: { unreg: [{ pos: "29-Karnataka", taxableValue: 500, igst: 90 }], comp: [], uin: [] },
  itcBasisAvailable: true,
});

const details: Gstr3bDetails = {
  table: "3.1a",
  title: "Outward taxable supplies",
  transactions: [
    {
      entryId: "e1",
      transactionType: "salesInvoice",
      number: "INV-7",
      date: "2024-09-05",
      partyName: "Asha Traders",
      gstin: null,
      key: "27",
      amendment: false,
      taxableValue: 1000,
      igst: 0,
      cgst: 90,
      sgst: 90,
      cess: 0,
    },
  ],
  count: 1,
  totals: { taxableValue: 1000, igst: 0, cgst: 90, sgst: 90, cess: 0 },
};

const renderGstr3b = () =>
  renderPage(<Gstr3bPage />, {
    ...returnRoute("gstr3B"),
    extraRoutes: [{ path: "/:organisationId/:year/sales/edit/:id", element: <p>Sale opened</p> }],
  });

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const rowOf = (table: string) => document.querySelector(`tr[data-table="${table}"]`) as HTMLElement;
const summaryCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === "/gstr3b/gstr3B" && call.query.type === "summary");

afterEach(() => vi.unstubAllGlobals());

describe("GSTR-3B screen (Gstr3bPage)", () => {
  test("loading: the skeleton shows, and nothing can be downloaded or filed yet", async () => {
    const calls = stubApi(() => pending());
    renderGstr3b();
    expect(await screen.findByRole("status", { name: "Loading report" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "GSTR-3B" })).toBeTruthy();
    expect(button("Download JSON").disabled).toBe(true);
    expect(button("Mark as filed").disabled).toBe(true);
    expect(summaryCalls(calls).map((call) => call.query)).toEqual([
      { ...SEPTEMBER_2024, itcBasis: "books", type: "summary" },
    ]);
  });

  test("refusal: the server's words show, with Try again", async () => {
    stubApi(() => jsonResponse(400, { message: "GSTR-3B needs the organisation's GSTIN." }));
    renderGstr3b();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Could not load the report")).toBeTruthy();
    expect(within(alert).getByText("GSTR-3B needs the organisation's GSTIN.")).toBeTruthy();
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  test("empty: every table of the form at zero, no warnings, no ITC basis choice", async () => {
    stubApi((call) => (call.path === "/gstr3b/gstr3B" ? jsonResponse(200, summary()) : undefined));
    renderGstr3b();
    expect(await screen.findByText("No warnings")).toBeTruthy();
    expect(rowOf("3.1a").textContent).toMatch(/^Row 3\.1a(₹?0\.00){5}$/);
    expect(rowOf("4C").textContent).toMatch(/^Row 4C(₹?0\.00){4}$/);
    const table32 = screen.getByRole("table", { name: "Table 3.2" });
    expect(within(table32).getByText("Row 3.2a")).toBeTruthy();
    expect(screen.queryByRole("radiogroup", { name: "ITC basis" })).toBeNull();
    expect(screen.getByTestId("report-period").textContent).toBe(
      "Gupta Traders · GSTIN 27AAAPA1234A1Z5 · Return period 092024",
    );
    expect(button("Download JSON").disabled).toBe(false);
    expect(button("Mark as filed").disabled).toBe(false);
  });

  test("data: a figure opens its vouchers, a voucher opens on Enter", async () => {
    const calls = stubApi((call) => {
      if (call.path !== "/gstr3b/gstr3B") return undefined;
      return jsonResponse(200, call.query.type === "details" ? details : busySummary);
    });
    renderGstr3b();
    await screen.findByText("No warnings");
    expect(rowOf("3.1a").textContent).toMatch(/1,000\.00.*0\.00.*90\.00.*90\.00.*0\.00/);
    expect(rowOf("4A5").textContent).toMatch(/0\.00.*185\.00.*185\.00.*0\.00/);
    expect(within(rowOf("3.2a")).getByText("29-Karnataka")).toBeTruthy();
    expect(screen.getByRole("radiogroup", { name: "ITC basis" })).toBeTruthy();
    // 4C is worked out from the rest: its figures open nothing.
    expect(within(rowOf("4C")).queryAllByRole("button")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "3.1a Central tax" }));
    const vouchers = await screen.findByRole("table", { name: "Vouchers of 3.1a" });
    expect(within(vouchers).getByRole("cell", { name: "INV-7" })).toBeTruthy();
    expect(
      screen.getByRole("region", { name: "Vouchers behind 3.1a: Outward taxable supplies" }),
    ).toBeTruthy();
    expect(screen.getByTestId("figure-totals").textContent).toMatch(
      /^1 voucher · Taxable ₹?1,000\.00 · IGST ₹?0\.00 · CGST ₹?90\.00 · SGST ₹?90\.00$/,
    );
    expect(calls.find((call) => call.query.type === "details")?.query).toEqual({
      ...SEPTEMBER_2024,
      itcBasis: "books",
      table: "3.1a",
      skip: "0",
      limit: "50",
      type: "details",
    });

    fireEvent.keyDown(within(vouchers).getAllByRole("row")[1] as HTMLElement, { key: "Enter" });
    expect(await screen.findByText("Sale opened")).toBeTruthy();
  });

  test("ITC as per 2B asks again with the basis; a filed return says all is locked", async () => {
    const calls = stubApi((call) => {
      if (call.path !== "/gstr3b/gstr3B") return undefined;
      const basis = call.query.itcBasis === "2b" ? "2b" : "books";
      return jsonResponse(200, {
        ...busySummary,
        itcBasis: basis,
        itcDifference:
          basis === "2b" ? { taxableValue: 0, igst: 0, cgst: 185, sgst: 185, cess: 0 } : null,
        filing: { filedAt: "2024-10-20T09:00:00.000Z", filedBy: "u1", arn: null },
      });
    });
    renderGstr3b();
    expect(
      await screen.findByText(
        "Marked as filed on 20-10-2024. Every entry of the period is locked; lift the lock in Settings → Lock Period.",
      ),
    ).toBeTruthy();
    expect(button("Mark as filed").disabled).toBe(true);
    fireEvent.click(screen.getByText("ITC as per 2B, matched only"));
    expect(await screen.findByText("ITC as per GSTR-2B, matched only")).toBeTruthy();
    expect(
      screen.getByText(
        /^4A\(5\) is the credit of bills matched with GSTR-2B\. The books claim more/,
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(summaryCalls(calls).map((call) => call.query.itcBasis)).toEqual(["books", "2b"]),
    );
  });
  test("table 6.1: tax payable, paid through each credit, and in cash, as the server set them off (issue 40)", async () => {
    const heads = (igst: number, cgst: number, sgst: number) => ({ igst, cgst, sgst, cess: 0 });
    stubApi((call) =>
      call.path === "/gstr3b/gstr3B"
        ? jsonResponse(200, {
            ...busySummary,
            taxPayment: {
              otherThanReverseCharge: [
                { head: "igst", payable: 0, paidByItc: heads(0, 0, 0), cash: 0 },
                { head: "cgst", payable: 90, paidByItc: heads(0, 90, 0), cash: 0 },
                { head: "sgst", payable: 1090, paidByItc: heads(0, 0, 185), cash: 905 },
                { head: "cess", payable: 0, paidByItc: heads(0, 0, 0), cash: 0 },
              ],
              reverseCharge: [
                { head: "igst", payable: 0, paidByItc: heads(0, 0, 0), cash: 0 },
                { head: "cgst", payable: 45, paidByItc: heads(0, 0, 0), cash: 45 },
                { head: "sgst", payable: 45, paidByItc: heads(0, 0, 0), cash: 45 },
                { head: "cess", payable: 0, paidByItc: heads(0, 0, 0), cash: 0 },
              ],
              itcLeft: heads(0, 95, 0),
              cashTotal: 995,
            },
          })
        : undefined,
    );
    renderGstr3b();
    const table = await screen.findByRole("table", { name: "6.1 Payment of tax" });
    const rows = within(table).getAllByRole("row");
    const text = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    const sgst = rows.find((row) => row.getAttribute("data-head") === "sgst") as HTMLElement;
    // State tax: payable, IGST credit, CGST credit (may not pay SGST: empty), SGST credit, cess (empty), cash.
    expect(text(sgst)).toEqual(["State/UT Tax", "1,090.00", "0.00", "", "185.00", "", "905.00"]);
    expect(within(table).getByText("(B) Reverse charge")).toBeTruthy();
    expect(
      screen.getByText(
        /^Total tax to pay in cash: ₹995\.00\. Credit left to carry forward: Integrated Tax ₹0\.00, Central Tax ₹95\.00/,
      ),
    ).toBeTruthy();
  });
});
