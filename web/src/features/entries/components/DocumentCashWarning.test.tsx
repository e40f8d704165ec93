import type { VoucherType } from "@bahi/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { makeAccount } from "../../../test/accounts.ts";
import { jsonResponse, renderPage } from "../../../test/render.tsx";
import { documentPaysOutCash } from "../model/cash-warning.ts";
import { DocumentCashWarning } from "./DocumentCashWarning.tsx";

// Issue 40: the negative-cash warning of payments covers cash purchases and cash refunds too.

const CASH = makeAccount({
  _id: "cash-1",
  name: "Cash",
  nature: "Cash",
  balance: 5000,
  balanceType: "dr",
});

afterEach(() => vi.unstubAllGlobals());

function stub() {
  const calls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://bahi.test");
      calls.push(url);
      // Only the Cash accounts are asked for, as the server answers nature=Cash.
      return jsonResponse(200, { date: url.searchParams.get("date"), accounts: [CASH] });
    }),
  );
  return calls;
}

function renderWarning(
  type: VoucherType,
  input: { partyAccountId?: string; totalPaise?: number; enabled?: boolean } = {},
) {
  return renderPage(
    <>
      <span>form</span>
      <DocumentCashWarning
        type={type}
        organisationId="org-1"
        year="2025-26"
        date="2025-06-10"
        partyAccountId={input.partyAccountId ?? "cash-1"}
        totalPaise={input.totalPaise ?? 799_000}
        enabled={input.enabled ?? true}
      />
    </>,
  );
}

describe("which documents pay cash out", () => {
  test("a purchase bill and a credit note do; a sale and the other notes bring cash in", () => {
    expect(documentPaysOutCash("purchases")).toBe(true);
    expect(documentPaysOutCash("creditNote")).toBe(true);
    expect(documentPaysOutCash("salesInvoice")).toBe(false);
    expect(documentPaysOutCash("debitNote")).toBe(false);
    expect(documentPaysOutCash("salesDebitNote")).toBe(false);
    expect(documentPaysOutCash("purchaseOrder")).toBe(false);
    expect(documentPaysOutCash("quotation")).toBe(false);
  });
});

describe("a cash purchase or cash refund beyond the cash in hand (issue 40)", () => {
  test("a cash purchase warns with the cash at its date", async () => {
    const calls = stub();
    renderWarning("purchases");
    expect(
      await screen.findByText(
        "Cash goes negative: ₹5,000.00 in hand on this date, ₹7,990.00 paid out leaves ₹-2,990.00. Check for a receipt not yet entered or the date.",
      ),
    ).toBeTruthy();
    const asked = calls.find((url) => url.searchParams.get("nature") === "Cash");
    expect(asked?.searchParams.get("date")).toBe("2025-06-10");
  });

  test("a cash refund (credit note to a Cash customer) warns", async () => {
    stub();
    renderWarning("creditNote", { totalPaise: 600_000 });
    expect(await screen.findByText(/₹6,000\.00 paid out leaves ₹-1,000\.00/)).toBeTruthy();
  });

  test("nothing when the cash covers it, for a cash sale, a credit party, or an edit", async () => {
    const calls = stub();
    const covered = renderWarning("purchases", { totalPaise: 400_000 });
    await waitFor(() =>
      expect(calls.some((url) => url.searchParams.get("nature") === "Cash")).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/goes negative/)).toBeNull();
    covered.unmount();

    calls.length = 0;
    const sale = renderWarning("salesInvoice");
    const onCredit = renderWarning("purchases", { partyAccountId: "supplier-1" });
    await waitFor(() =>
      expect(calls.some((url) => url.searchParams.get("nature") === "Cash")).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/goes negative/)).toBeNull();
    sale.unmount();
    onCredit.unmount();

    renderWarning("creditNote", { enabled: false });
    await screen.findByText("form");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/goes negative/)).toBeNull();
  });
});
