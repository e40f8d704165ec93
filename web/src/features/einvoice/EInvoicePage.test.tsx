import { notifications } from "@mantine/notifications";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { makeOrganisation } from "../../test/fixtures.ts";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { EInvoicePage } from "./EInvoicePage.tsx";
import type { EInvoiceList, EInvoiceRow } from "./einvoice.api.ts";

const SESSION = {
  status: "signedIn" as const,
  organisations: [makeOrganisation({ _id: "org-1", name: "Gupta Traders" })],
};

const row = (overrides: Partial<EInvoiceRow>): EInvoiceRow => ({
  entryId: "e1",
  voucherType: "salesInvoice",
  docType: "INV",
  number: "INV-1",
  date: "2025-09-10",
  partyName: "Bengaluru Systems",
  totalAmount: 1180,
  state: "needsIrn",
  reason: null,
  irn: "a1b2c3",
  ackNo: null,
  ackDate: null,
  exportedAt: null,
  cancelledAt: null,
  cancelReason: null,
  problems: [],
  ...overrides,
});

const NONE = { needsIrn: 0, exported: 0, registered: 0, cancelled: 0, notApplicable: 0 };
const EMPTY: EInvoiceList = {
  provider: "offline",
  eInvoiceFrom: "2025-04-01",
  counts: NONE,
  documents: [],
};
const FULL: EInvoiceList = {
  ...EMPTY,
  counts: { ...NONE, needsIrn: 1, registered: 1, notApplicable: 1 },
  documents: [
    row({ problems: ["The party's billing pincode is missing: add it in the party's account."] }),
    row({
      entryId: "e2",
      number: "INV-2",
      state: "registered",
      irn: "d4e5f6",
      ackNo: "112510036743849",
      ackDate: "2025-09-12 10:00:00",
    }),
    row({
      entryId: "e3",
      number: "INV-3",
      partyName: "Walk-in Buyer",
      state: "notApplicable",
      irn: null,
      reason: "B2C: no e-invoice.",
    }),
  ],
};

/** What GET /einvoice/list answers; a promise that never settles keeps it loading. */
let answerList: () => Promise<Response>;
let answerJson: () => Response;
const asked: string[] = [];
let cancelled: unknown = null;

beforeEach(() => {
  asked.length = 0;
  cancelled = null;
  answerList = async () => jsonResponse(200, FULL);
  answerJson = () => jsonResponse(404, { message: "Not here." });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      asked.push(`${init?.method ?? "GET"} ${url}`);
      if (url.startsWith("/api/einvoice/list")) return answerList();
      if (url.startsWith("/api/einvoice/json")) return answerJson();
      if (url.startsWith("/api/einvoice/cancel")) {
        cancelled = JSON.parse(String(init?.body));
        return jsonResponse(200, { success: true, message: "Cancellation recorded." });
      }
      return jsonResponse(404, { message: "Not here." });
    }),
  );
});
afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

function renderEInvoice() {
  return renderPage(<EInvoicePage />, {
    at: "/org-1/2025-26/returns/einvoice?period=Sep%202025",
    path: "/:organisationId/:year/returns/einvoice",
    session: SESSION,
  });
}

describe("E-Invoice: the period's documents", () => {
  test("loading: a skeleton while the list is asked for the period in the address", async () => {
    answerList = () => new Promise<Response>(() => undefined);
    renderEInvoice();
    expect(await screen.findByRole("status", { name: "Loading report" })).toBeTruthy();
    expect(screen.queryByRole("table", { name: "E-invoice documents" })).toBeNull();
    expect(asked[0]).toContain("/api/einvoice/list?organisationId=org-1&year=2025-26");
    expect(asked[0]).toContain("startDate=2025-09-01&endDate=2025-09-30");
  });

  test("empty: the table says so, every count is 0 and nothing can be downloaded", async () => {
    answerList = async () => jsonResponse(200, EMPTY);
    renderEInvoice();
    expect(await screen.findByText("No sales invoice or credit note in this period.")).toBeTruthy();
    expect(screen.getByText("Offline route")).toBeTruthy();
    expect(screen.getByText("Needs IRN: 0")).toBeTruthy();
    expect(screen.getByText("Not applicable: 0")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download JSON of the period" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(screen.getByRole("button", { name: "Download JSON of selected (0)" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(screen.queryByText("E-invoicing is not on")).toBeNull();
  });

  test("refusal: the server's message when the list cannot be had", async () => {
    answerList = async () => jsonResponse(422, { message: "The period is outside the year." });
    renderEInvoice();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load the report");
    expect(alert.textContent).toContain("The period is outside the year.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  test("refusal: a download the server refuses names each document with what to fix", async () => {
    answerJson = () =>
      jsonResponse(422, {
        message: "1 document cannot go to the IRP yet",
        errors: [
          {
            path: "e1",
            message:
              "Sales Invoice INV-1: The party's billing pincode is missing: add it in the party's account.",
          },
        ],
      });
    renderEInvoice();
    const period = screen.getByRole("button", { name: "Download JSON of the period" });
    // Offered once the list says a document of the period needs an IRN.
    await waitFor(() => expect(period).toHaveProperty("disabled", false));
    fireEvent.click(period);
    const title = await screen.findByText("1 document cannot go to the IRP yet");
    const refusal = title.closest('[role="alert"]') as HTMLElement;
    expect(refusal).toBeTruthy();
    expect(within(refusal).getByRole("listitem").textContent).toBe(
      "Sales Invoice INV-1: The party's billing pincode is missing: add it in the party's account.",
    );
    expect(
      asked.some((call) => call.includes("/api/einvoice/json?organisationId=org-1&year=")),
    ).toBe(true);
  });

  test("data: each document with its state, IRN or what to fix; counts; e-invoicing off", async () => {
    answerList = async () => jsonResponse(200, { ...FULL, eInvoiceFrom: null });
    renderEInvoice();
    const table = await screen.findByRole("table", { name: "E-invoice documents" });
    const [, first, second, third] = within(table).getAllByRole("row") as HTMLElement[];
    expect(first?.textContent).toContain("Needs IRN");
    expect(first?.textContent).toContain("a1b2c3");
    expect(first?.textContent).toContain("The party's billing pincode is missing");
    expect(within(first as HTMLElement).getByRole("link", { name: "INV-1" })).toBeTruthy();
    expect(second?.textContent).toContain("Registered");
    expect(second?.textContent).toContain("Ack No 112510036743849 · 2025-09-12 10:00:00");
    expect(within(second as HTMLElement).queryByRole("checkbox")).toBeNull();
    expect(third?.textContent).toContain("Not applicable");
    expect(third?.textContent).toContain("B2C: no e-invoice.");
    expect(screen.getByText("Needs IRN: 1")).toBeTruthy();
    expect(screen.getByText("Registered: 1")).toBeTruthy();
    expect(screen.getByText("E-invoicing is not on")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Organisation settings" }).getAttribute("href")).toBe(
      "/org-1/2025-26/settings/organisation",
    );

    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    expect(screen.getByRole("button", { name: "Download JSON of selected (1)" })).toHaveProperty(
      "disabled",
      false,
    );
    expect(
      (screen.getByRole("checkbox", { name: "Select INV-1" }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  test("data: a registered IRN's cancellation is recorded with the reason chosen", async () => {
    renderEInvoice();
    const table = await screen.findByRole("table", { name: "E-invoice documents" });
    fireEvent.click(within(table).getByRole("button", { name: "Cancel IRN" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel the IRN of INV-2" });
    const record = within(dialog).getByRole("button", { name: "Record cancellation" });
    expect(record).toHaveProperty("disabled", true);
    fireEvent.click(within(dialog).getByRole("combobox", { name: "Reason" }));
    fireEvent.click(await screen.findByRole("option", { name: "2 Data entry mistake" }));
    fireEvent.click(record);
    expect(await screen.findByText("Cancellation recorded.")).toBeTruthy();
    expect(cancelled).toEqual({ organisationId: "org-1", entryId: "e2", reason: 2 });
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Cancel the IRN of INV-2" })).toBeNull(),
    );
  });
});
