import { screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { makeAccount } from "../../../test/accounts.ts";
import { jsonResponse, renderPage } from "../../../test/render.tsx";
import {
  emptySettlementForm,
  emptySettlementLine,
  type SettlementForm,
} from "../model/account-forms.ts";
import type { EntryContext } from "../model/entry-context.ts";
import { SettlementSection } from "./SettlementSection.tsx";

const context = (type: "payments" | "receipts"): EntryContext => ({
  type,
  organisationId: "org-1",
  year: "2025-26",
  today: "2025-06-15",
  organisation: {
    stateCode: "27",
    gstRegistered: true,
    gstRegType: "regular",
    manageInventory: true,
    billWiseEntry: false,
  },
});

const CASH = makeAccount({
  _id: "cash-1",
  name: "Cash",
  nature: "Cash",
  balance: 5000,
  balanceType: "dr",
});
const RENT = makeAccount({ _id: "rent-1", name: "Shop Rent", nature: "Indirect Expense" });

afterEach(() => vi.unstubAllGlobals());

function stub() {
  const calls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://bahi.test");
      calls.push(url);
      if (url.pathname === "/api/account/accountslist") {
        return jsonResponse(200, {
          date: url.searchParams.get("date") ?? "2025-06-15",
          accounts: [CASH, RENT],
        });
      }
      return jsonResponse(200, { accounts: [CASH, RENT], count: 2 });
    }),
  );
  return calls;
}

function Harness({
  type,
  amountPaise,
  newEntry,
}: {
  type: "payments" | "receipts";
  amountPaise: number;
  newEntry: boolean;
}) {
  const entryContext = context(type);
  const [form, setForm] = useState<SettlementForm>(() => ({
    ...emptySettlementForm(entryContext),
    date: "2025-06-10",
    cashBankAccountId: "cash-1",
    lines: [{ ...emptySettlementLine(), accountId: "rent-1", amountPaise }],
  }));
  return (
    <SettlementSection
      form={form}
      update={(recipe) => setForm((current) => recipe(current))}
      errors={{}}
      context={entryContext}
      readOnly={false}
      lockMessage={null}
      newEntry={newEntry}
    />
  );
}

describe("a payment out of Cash beyond the cash in hand (issue 40)", () => {
  test("warns, with the cash at the entry's date", async () => {
    const calls = stub();
    renderPage(<Harness type="payments" amountPaise={799_000} newEntry />);
    expect(
      await screen.findByText(
        "Cash goes negative: ₹5,000.00 in hand on this date, ₹7,990.00 paid out leaves ₹-2,990.00. Check for a receipt not yet entered or the date.",
      ),
    ).toBeTruthy();
    const asked = calls.find((url) => url.searchParams.get("nature") === "Cash");
    expect(asked?.searchParams.get("date")).toBe("2025-06-10");
  });

  test("says nothing when the cash covers it, on a receipt, or on an edit", async () => {
    const calls = stub();
    const covered = renderPage(<Harness type="payments" amountPaise={400_000} newEntry />);
    await screen.findByText("4,000.00");
    // The cash was read, and it covers the payment.
    await waitFor(() =>
      expect(calls.some((url) => url.searchParams.get("nature") === "Cash")).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/goes negative/)).toBeNull();
    covered.unmount();
    const receipt = renderPage(<Harness type="receipts" amountPaise={799_000} newEntry />);
    await screen.findByText("7,990.00");
    expect(screen.queryByText(/goes negative/)).toBeNull();
    receipt.unmount();
    renderPage(<Harness type="payments" amountPaise={799_000} newEntry={false} />);
    await screen.findByText("7,990.00");
    expect(screen.queryByText(/goes negative/)).toBeNull();
  });
});
