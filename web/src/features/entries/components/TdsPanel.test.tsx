import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { jsonResponse, renderPage } from "../../../test/render.tsx";
import type { JournalForm } from "../model/account-forms.ts";
import type { EntryContext } from "../model/entry-context.ts";
import type { EntryForm } from "../model/entry-form.ts";
import { buildEntryPayload } from "../model/entry-form.ts";
import { TdsPanel } from "./TdsPanel.tsx";

// Issue 39: the entry asks the server for TDS on its credit to the party and applies it.

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.startsWith("/api/tds/suggest"))
    return jsonResponse(200, {
      section: "194J(b)",
      rate: 10,
      deduct: true,
      baseAmount: 60000,
      amount: 6000,
      certificateBaseAmount: 0,
      reason: "Credits this year (₹60,000.00) exceed ₹50,000.00. 10% under section 194J(b).",
    });
  return jsonResponse(404, { message: "Not here." });
});

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

const context: EntryContext = {
  type: "journalEntry",
  organisationId: "org-1",
  year: "2025-26",
  today: "2025-08-15",
  organisation: {
    stateCode: "27",
    gstRegistered: true,
    gstRegType: "regular",
    manageInventory: true,
    billWiseEntry: true,
  },
};

let latest: EntryForm | null = null;

function Harness() {
  const [form, setForm] = useState<EntryForm>({
    kind: "journal",
    date: "2025-08-15",
    lines: [
      { key: "a", accountId: "fees", debitPaise: 20_000_00, creditPaise: 0 },
      { key: "b", accountId: "rao", debitPaise: 0, creditPaise: 20_000_00 },
    ],
    narration: "",
    customFieldValues: {},
  } satisfies JournalForm);
  latest = form;
  return (
    <TdsPanel
      form={form}
      context={context}
      readOnly={false}
      entryId={null}
      update={(recipe) => setForm((current) => recipe(current))}
    />
  );
}

describe("TDS on an entry", () => {
  test("asks for the credited party's TDS, shows why, and puts the deduction in the payload", async () => {
    renderPage(<Harness />);
    expect(screen.getByText("No TDS on this entry.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Suggest TDS" }));
    await waitFor(() => expect(screen.getByTestId("tds-reason").textContent).toContain("194J(b)"));
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), "http://localhost");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      organisationId: "org-1",
      accountId: "rao",
      date: "2025-08-15",
      amount: "20000",
    });
    fireEvent.click(screen.getByRole("button", { name: "Apply TDS" }));
    expect(screen.getByTestId("tds-applied").textContent).toBe(
      "TDS 194J(b) at 10% on ₹60,000.00: ₹6,000.00",
    );
    const payload = buildEntryPayload(latest as EntryForm, context, { mode: "add" });
    expect(payload.tds).toEqual({
      section: "194J(b)",
      rate: 10,
      baseAmount: 60000,
      amount: 6000,
      accountId: "rao",
    });
    // Deducted late: the date the tax became deductible goes with the deduction.
    const since = screen.getByRole("textbox", { name: /Tax deductible since/ });
    fireEvent.change(since, { target: { value: "15-06-2025" } });
    fireEvent.blur(since);
    expect(buildEntryPayload(latest as EntryForm, context, { mode: "add" }).tds).toMatchObject({
      deductibleOn: "2025-06-15",
    });
    fireEvent.click(screen.getByRole("button", { name: "Remove TDS" }));
    expect(buildEntryPayload(latest as EntryForm, context, { mode: "add" }).tds).toBeUndefined();
  });
});
