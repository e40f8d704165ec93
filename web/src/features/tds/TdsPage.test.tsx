import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { jsonResponse, renderPage } from "../../test/render.tsx";
import { RETURN_SESSION } from "../gst-returns/frame/return-test-kit.ts";
import { quarterOfDate, TdsPage } from "./TdsPage.tsx";

// Issue 39: the quarter's statement flags a missing PAN instead of hiding the row; a late
// challan's refusal is shown with the interest it owes.

const REPORT = {
  year: "2025-26",
  quarter: 2,
  startDate: "2025-07-01",
  endDate: "2025-09-30",
  form: "Form 26Q",
  rows: [
    {
      entryId: "e1",
      voucherType: "purchases",
      number: "R-2",
      date: "2025-08-15",
      accountId: "rao",
      name: "Rao & Associates",
      pan: "AAAFR1234K",
      panStatus: "valid",
      section: "194J(b)",
      amountPaid: 20000,
      rate: 10,
      tds: 6000,
      certificateNumber: null,
      challan: { challanId: "c1", date: "2025-09-05", bsrCode: "0510002", challanSerial: "00011" },
      problems: [],
    },
    {
      entryId: "e2",
      voucherType: "purchases",
      number: "NP-1",
      date: "2025-09-20",
      accountId: "np",
      name: "No Pan Works",
      pan: null,
      panStatus: "missing",
      section: "194C",
      amountPaid: 50000,
      rate: 20,
      tds: 10000,
      certificateNumber: null,
      challan: null,
      problems: ["PAN missing"],
    },
  ],
  totals: {
    count: 2,
    amountPaid: 70000,
    tds: 16000,
    deposited: 6000,
    notDeposited: 10000,
    missingPan: 1,
  },
};

const NO_TAN = {
  name: "Pune Works",
  tan: null,
  pan: null,
  problems: [
    "The organisation has no TAN. Enter it in Settings → Organisation: TDS statements, certificates and challans are made out against it.",
  ],
};

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.startsWith("/api/tds/report")) {
    return jsonResponse(200, url.includes("quarter=3") ? { ...REPORT, deductor: NO_TAN } : REPORT);
  }
  if (url.startsWith("/api/tds/challan/interest"))
    return jsonResponse(200, {
      date: "2026-02-08",
      tax: 10000,
      interestOwed: 312,
      lateDeductionInterest: 156,
      lateDeductionMonths: 3,
      lateDepositInterest: 156,
      lateDepositMonths: 2,
      dueDate: "2025-10-07",
    });
  if (url.startsWith("/api/tds/challans")) return jsonResponse(200, { challans: [] });
  if (url.startsWith("/api/account/accountslist"))
    return jsonResponse(200, { accounts: [{ _id: "bank", name: "HDFC Bank", nature: "Bank" }] });
  if (url.startsWith("/api/tds/challan") && init?.method === "POST")
    return jsonResponse(400, {
      message:
        "This deposit is late: ₹150 of interest under section 201(1A) (1.5% a month or part, 1 month) is owed. Enter interest of at least ₹150.",
    });
  return jsonResponse(404, { message: "Not here." });
});

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe("TDS screen", () => {
  test("quarters run April to June first", () => {
    expect(["2025-04-01", "2025-09-30", "2025-12-01", "2026-03-31"].map(quarterOfDate)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  test("the statement lists every deduction, the missing PAN flagged, with totals", async () => {
    renderPage(<TdsPage />, {
      path: "/:organisationId/:year/tds",
      at: "/org-1/2025-26/tds",
      session: RETURN_SESSION,
    });
    await waitFor(() => expect(screen.getByRole("cell", { name: "No Pan Works" })).toBeTruthy());
    // The row stays, its PAN cell flagged; the alert above the table says how many.
    expect(screen.getByRole("cell", { name: "PAN missing" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("1 deduction has no valid PAN");
    expect(screen.getByText("Not deposited")).toBeTruthy();
    expect(screen.getByTestId("tds-total").textContent).toBe("16,000.00");
    expect(screen.getByText("00011 / 0510002 (2025-09-05)")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Rao & Associates" })).toBeTruthy();
  });

  test("a statement without the organisation's TAN says so and cannot be downloaded", async () => {
    renderPage(<TdsPage />, {
      path: "/:organisationId/:year/tds",
      at: "/org-1/2025-26/tds",
      session: RETURN_SESSION,
    });
    fireEvent.click(await screen.findByRole("radio", { name: "Q3 Oct–Dec" }));
    await waitFor(() => expect(screen.getByText("TAN missing")).toBeTruthy());
    const alerts = screen.getAllByRole("alert").map((alert) => alert.textContent);
    expect(alerts.some((text) => text?.includes("Settings → Organisation"))).toBe(true);
    expect(
      (screen.getByRole("button", { name: "Download for RPU" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  test("a challan shows both kinds of interest it owes, enters them, and shows a refusal in the server's words", async () => {
    renderPage(<TdsPage />, {
      path: "/:organisationId/:year/tds",
      at: "/org-1/2025-26/tds",
      session: RETURN_SESSION,
    });
    fireEvent.click(await screen.findByRole("tab", { name: "Challans" }));
    fireEvent.click(await screen.findByRole("combobox", { name: "Section" }));
    fireEvent.click(await screen.findByRole("option", { name: "194C" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: /NP-1 No Pan Works/ }));
    const owed = await screen.findByTestId("interest-owed");
    expect(owed.textContent).toContain(
      "Late deduction (1% a month or part, up to 3 months): ₹156.00",
    );
    expect(owed.textContent).toContain(
      "Late deposit (1.5% a month or part, up to 2 months; due 2025-10-07): ₹156.00",
    );
    expect(owed.textContent).toContain("Interest owed: ₹312.00");
    fireEvent.click(screen.getByRole("button", { name: "Enter as interest" }));
    expect((screen.getByRole("textbox", { name: "Interest" }) as HTMLInputElement).value).toBe(
      "312",
    );
    fireEvent.click(screen.getByRole("button", { name: "Save Challan" }));
    await waitFor(() =>
      expect(screen.getByText(/₹150 of interest under section 201\(1A\)/)).toBeTruthy(),
    );
  });
});
