import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { Session } from "../../app/session.tsx";
import { makeOrganisation } from "../../test/fixtures.ts";
import { renderPage } from "../../test/render.tsx";
import {
  jsonResponse,
  pending,
  returnRoute,
  SEPTEMBER_2024,
  stubApi,
} from "./frame/return-test-kit.ts";
import { GstReturnPage } from "./GstReturnPage.tsx";
import type { ReturnCounts, ReturnTransactions, SectionSummary } from "./returns.api.ts";

const section = (type: SectionSummary["type"], title: string, count = 0): SectionSummary => ({
  type,
  title,
  count,
  value: count * 1180,
  taxableValue: count * 1000,
  igst: 0,
  cgst: count * 90,
  sgst: count * 90,
  cess: 0,
});

const counts = (overrides: Partial<ReturnCounts> = {}): ReturnCounts => ({
  returnKind: "gstr1",
  gstin: "27AAAPA1234A1Z5",
  fp: "092024",
  startDate: "2024-09-01",
  endDate: "2024-09-30",
  sections: [section("b2b", "B2B invoices"), section("hsn", "HSN summary")],
  warnings: [],
  warningsCount: 0,
  errorsCount: 0,
  filing: null,
  ...overrides,
});

const noRows: ReturnTransactions = {
  type: "b2b",
  title: "B2B invoices",
  transactions: [],
  count: 0,
  totals: { count: 0, value: 0, taxableValue: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 },
};

const b2bRows: ReturnTransactions = {
  type: "b2b",
  title: "B2B invoices",
  transactions: [
    {
      entryId: "e1",
      transactionType: "salesInvoice",
      date: "2024-09-05",
      number: "INV-1",
      partyName: "Asha Traders",
      gstin: "27AABCU9603R1ZM",
      pos: "27",
      invoiceType: "Regular",
      value: 1180,
      taxableValue: 1000,
      igst: 0,
      cgst: 90,
      sgst: 90,
      cess: 0,
    },
  ],
  count: 1,
  totals: { count: 1, value: 1180, taxableValue: 1000, igst: 0, cgst: 90, sgst: 90, cess: 0 },
};

const renderGstr1 = () =>
  renderPage(<GstReturnPage kind="gstr1" />, {
    ...returnRoute("gstr1"),
    extraRoutes: [{ path: "/:organisationId/:year/sales/edit/:id", element: <p>Sale opened</p> }],
  });

/** An organisation filing quarterly (QRMP): IFF is theirs. */
const QUARTERLY: Session = {
  status: "signedIn",
  organisations: [
    makeOrganisation({ _id: "org-1", name: "Gupta Traders", gstFilingFrequency: "quarterly" }),
  ],
};

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

afterEach(() => vi.unstubAllGlobals());

describe("GSTR-1 screen (GstReturnPage)", () => {
  test("loading: the skeleton shows, and the files wait for the return", async () => {
    const calls = stubApi(() => pending());
    renderGstr1();
    expect(await screen.findByRole("status", { name: "Loading report" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "GSTR-1" })).toBeTruthy();
    expect(screen.getByTestId("report-period").textContent).toBe("Gupta Traders");
    for (const name of ["Download JSON", "Download Excel", "Email JSON", "Mark as filed"]) {
      expect(button(name).disabled).toBe(true);
    }
    expect(calls).toEqual([
      { method: "GET", path: "/gstr1/gstr1B2BCount", query: SEPTEMBER_2024, body: null },
    ]);
  });

  test("refusal: the server's words show, with Try again", async () => {
    stubApi(() => jsonResponse(400, { message: "Enter the organisation's GSTIN first." }));
    renderGstr1();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Could not load the report")).toBeTruthy();
    expect(within(alert).getByText("Enter the organisation's GSTIN first.")).toBeTruthy();
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(button("Download JSON").disabled).toBe(true);
  });

  test("empty: no warnings, sections at zero, and the section says it has nothing", async () => {
    stubApi((call) => {
      if (call.path === "/gstr1/gstr1B2BCount") return jsonResponse(200, counts());
      if (call.path === "/gstr1/gstr1transactions") return jsonResponse(200, noRows);
    });
    renderGstr1();
    expect(await screen.findByText("Nothing in this section for the period.")).toBeTruthy();
    expect(screen.getByText("No warnings")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "B2B (0)" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "HSN (0)" })).toBeTruthy();
    expect(screen.getByTestId("section-totals").textContent).toMatch(
      /^B2B invoices: 0 rows · Taxable ₹?0\.00/,
    );
    expect(screen.getByTestId("report-period").textContent).toBe(
      "Gupta Traders · GSTIN 27AAAPA1234A1Z5 · Return period 092024",
    );
  });

  test("data: the section's rows, totals, files ready, and a row opens its voucher", async () => {
    const calls = stubApi((call) => {
      if (call.path === "/gstr1/gstr1B2BCount") {
        return jsonResponse(
          200,
          counts({
            sections: [section("b2b", "B2B invoices", 1), section("hsn", "HSN summary", 2)],
          }),
        );
      }
      if (call.path === "/gstr1/gstr1transactions") return jsonResponse(200, b2bRows);
    });
    renderGstr1();
    const table = await screen.findByRole("table", { name: "B2B invoices" });
    expect(within(table).getByRole("cell", { name: "INV-1" })).toBeTruthy();
    expect(within(table).getByRole("cell", { name: "05-09-2024" })).toBeTruthy();
    expect(screen.getByTestId("section-totals").textContent).toMatch(
      /^B2B invoices: 1 rows · Taxable ₹?1,000\.00 · IGST ₹?0\.00 · CGST ₹?90\.00 · SGST ₹?90\.00$/,
    );
    const summary = screen.getByRole("table", { name: "Summary" });
    expect(within(summary).getByRole("cell", { name: "HSN summary" })).toBeTruthy();
    expect(button("Download JSON").disabled).toBe(false);
    expect(button("Mark as filed").disabled).toBe(false);
    expect(calls.find((call) => call.path === "/gstr1/gstr1transactions")?.query).toEqual({
      ...SEPTEMBER_2024,
      type: "b2b",
      skip: "0",
      limit: "50",
    });

    fireEvent.click(screen.getByRole("tab", { name: "HSN (2)" }));
    await waitFor(() => expect(calls.some((call) => call.query.type === "hsn")).toBe(true));

    fireEvent.keyDown(within(table).getAllByRole("row")[1] as HTMLElement, { key: "Enter" });
    expect(await screen.findByText("Sale opened")).toBeTruthy();
  });

  test("errors in the checks stop the files; a filed return says what it locked", async () => {
    stubApi((call) => {
      if (call.path === "/gstr1/gstr1B2BCount") {
        return jsonResponse(
          200,
          counts({
            errorsCount: 1,
            warningsCount: 1,
            warnings: [
              {
                level: "error",
                code: "HSN_DIGITS",
                message: "HSN/SAC 84 must have at least 4 digits.",
                entryId: null,
                transactionType: null,
                number: null,
              },
            ],
            filing: { filedAt: "2024-10-11T09:00:00.000Z", filedBy: "u1", arn: "AA2710240001" },
          }),
        );
      }
      if (call.path === "/gstr1/gstr1transactions") return jsonResponse(200, noRows);
    });
    renderGstr1();
    const warnings = await screen.findByRole("region", { name: /^Warnings/ });
    expect(within(warnings).getByText("Fix the 1 error before downloading the file.")).toBeTruthy();
    expect(within(warnings).getByText("HSN/SAC 84 must have at least 4 digits.")).toBeTruthy();
    expect(button("Download JSON").disabled).toBe(true);
    expect(button("Email JSON").disabled).toBe(true);
    expect(button("Mark as filed").disabled).toBe(true);
    expect(
      screen.getByText(
        "Marked as filed on 11-10-2024 (ARN AA2710240001). Its sales invoices and credit notes are locked; lift the lock in Settings → Lock Period.",
      ),
    ).toBeTruthy();
  });

  test("a filed period whose lock was lifted says so, and lists what changed after filing (issue 40)", async () => {
    stubApi((call) => {
      if (call.path === "/gstr1/gstr1B2BCount") {
        return jsonResponse(
          200,
          counts({
            filing: {
              filedAt: "2024-10-10T20:00:00.000Z",
              filedBy: "u1",
              arn: null,
              locked: false,
              changedAfterFiling: [
                {
                  entryId: "e1",
                  transactionType: "salesInvoice",
                  number: "INV-1",
                  date: "2024-09-05",
                  partyName: "Asha Traders",
                  changedAt: "2024-10-12T09:00:00.000Z",
                  deleted: false,
                },
                {
                  entryId: "e2",
                  transactionType: "creditNote",
                  number: "CN-2",
                  date: "2024-09-20",
                  partyName: null,
                  changedAt: "2024-10-12T09:30:00.000Z",
                  deleted: true,
                },
              ],
            },
          }),
        );
      }
      if (call.path === "/gstr1/gstr1transactions") return jsonResponse(200, noRows);
    });
    renderGstr1();
    // 20:00 UTC on the 10th is 01:30 IST on the 11th: the date is India's.
    expect(
      await screen.findByText(
        "Marked as filed on 11-10-2024. The lock was lifted in Settings → Lock Period: entries of the period can be changed, and changes are listed here.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/credit notes are locked/)).toBeNull();
    const changed = screen.getByRole("list", { name: "Changed after filing" });
    expect(
      within(changed).getByText("Credit Note CN-2 of 20-09-2024: deleted after filing"),
    ).toBeTruthy();
    fireEvent.click(
      within(changed).getByRole("link", {
        name: "Sales Invoice INV-1 of 05-09-2024, Asha Traders: changed after filing",
      }),
    );
    expect(await screen.findByText("Sale opened")).toBeTruthy();
  });

  test("a period not yet ended cannot be marked as filed, and the screen says from when (issue 40)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2024-09-20T06:00:00.000Z"));
    try {
      stubApi((call) => {
        if (call.path === "/gstr1/gstr1B2BCount") return jsonResponse(200, counts());
        if (call.path === "/gstr1/gstr1transactions") return jsonResponse(200, noRows);
      });
      renderGstr1();
      const reason =
        "GSTR-1 for this period can be marked as filed from 01-10-2024, after the period ends.";
      expect(await screen.findByText(reason)).toBeTruthy();
      expect(button("Mark as filed").disabled).toBe(true);
      expect(button("Download JSON").disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  test("Email JSON sends the period's file to the address typed", async () => {
    const calls = stubApi((call) => {
      if (call.path === "/gstr1/gstr1B2BCount") return jsonResponse(200, counts());
      if (call.path === "/gstr1/gstr1transactions") return jsonResponse(200, noRows);
      if (call.path === "/gstr1/gstr1Json") {
        return jsonResponse(200, { success: true, message: "GSTR-1 sent to ca@example.in." });
      }
    });
    renderGstr1();
    await screen.findByText("No warnings");
    fireEvent.click(button("Email JSON"));
    const dialog = await screen.findByRole("dialog", { name: "Email GSTR-1 JSON" });
    const send = within(dialog).getByRole("button", { name: "Send" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^Email/), {
      target: { value: " ca@example.in " },
    });
    fireEvent.click(send);
    expect(await screen.findByText("GSTR-1 sent to ca@example.in.")).toBeTruthy();
    // A POST with a JSON body: no GET sends anything (issue 37).
    const mailed = calls.find((call) => call.path === "/gstr1/gstr1Json");
    expect(mailed?.method).toBe("POST");
    expect(mailed?.body).toEqual({ ...SEPTEMBER_2024, email: "ca@example.in" });
  });

  test("IFF: its own calls and title, and its filing dialog", async () => {
    const calls = stubApi((call) => {
      if (call.path === "/iff/iffCount") return jsonResponse(200, counts({ returnKind: "iff" }));
      if (call.path === "/iff/ifftransactions") return jsonResponse(200, noRows);
      if (call.path === "/iff/markfiled") {
        return jsonResponse(200, { success: true, message: "IFF 092024 filed." });
      }
    });
    renderPage(<GstReturnPage kind="iff" />, { ...returnRoute("iff"), session: QUARTERLY });
    expect(await screen.findByText("Nothing in this section for the period.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "IFF" })).toBeTruthy();
    fireEvent.click(button("Mark as filed"));
    const dialog = await screen.findByRole("dialog", { name: "Mark IFF as filed" });
    expect(
      within(dialog).getByText(
        "Marking the return as filed locks this period's sales invoices, credit notes and debit notes to customers.",
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("ARN (optional)"), {
      target: { value: " AA27 " },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark as filed" }));
    expect(await screen.findByText("IFF 092024 filed.")).toBeTruthy();
    expect(calls.find((call) => call.path === "/iff/markfiled")?.body).toEqual({
      ...SEPTEMBER_2024,
      arn: "AA27",
    });
  });

  test("IFF by its address for a monthly filer: the reason, as the menu gives it, and no call", async () => {
    const calls = stubApi(() => jsonResponse(400, { message: "The server refused." }));
    renderPage(<GstReturnPage kind="iff" />, returnRoute("iff"));
    expect(await screen.findByRole("heading", { name: "IFF" })).toBeTruthy();
    expect(
      screen.getByText(
        "IFF is only for quarterly (QRMP) filers. Change the filing frequency in the organisation settings.",
      ),
    ).toBeTruthy();
    const settings = screen.getByRole("link", { name: "Open the organisation settings" });
    expect(settings.getAttribute("href")).toBe("/org-1/2024-25/settings/organisation");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText("The server refused.")).toBeNull();
    expect(screen.queryByRole("button", { name: "Mark as filed" })).toBeNull();
    expect(calls).toEqual([]);
  });
});
