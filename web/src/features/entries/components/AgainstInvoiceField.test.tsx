import type { VoucherType } from "@bahi/domain";
import { Grid } from "@mantine/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { jsonResponse, renderPage } from "../../../test/render.tsx";
import { type DocumentForm, emptyDocumentForm } from "../model/document-form.ts";
import type { EntryContext } from "../model/entry-context.ts";
import { AgainstInvoiceField } from "./AgainstInvoiceField.tsx";

// Decision 067: every note picks the invoice (or bill) it is made out against. A return note
// lists the party's invoices with money pending, with the pending amount; a debit note to a
// customer lists paid ones too (decision 066).

const INVOICES = [
  {
    _id: "inv-2",
    version: 1,
    number: "INV-2",
    date: "2025-06-10",
    totalAmount: 1180,
    pendingAmt: 400,
    status: "partial",
  },
  {
    _id: "inv-1",
    version: 1,
    number: "INV-1",
    date: "2025-05-02",
    totalAmount: 590,
    pendingAmt: 590,
    status: "pending",
  },
];

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.startsWith("/api/salesinvoice/salesinvoicelist"))
    return jsonResponse(200, { salesInvoices: INVOICES, count: 2, pageTotal: 0, total: 0 });
  if (url.startsWith("/api/purchases/purchaseslist"))
    return jsonResponse(200, { purchases: [], count: 0, pageTotal: 0, total: 0 });
  return jsonResponse(404, { message: "Not here." });
});

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function contextFor(type: VoucherType): EntryContext {
  return {
    type,
    organisationId: "org-1",
    year: "2025-26",
    today: "2025-06-15",
    organisation: {
      stateCode: "27",
      gstRegistered: true,
      gstRegType: "regular",
      manageInventory: true,
      billWiseEntry: true,
    },
  };
}

let latest: DocumentForm | null = null;

function Harness({ type, party }: { type: VoucherType; party: string }) {
  const context = contextFor(type);
  const [form, setForm] = useState<DocumentForm>({
    ...emptyDocumentForm(context),
    cashOrDebtorAccountId: party,
  });
  latest = form;
  return (
    <Grid columns={24}>
      <AgainstInvoiceField
        form={form}
        update={(recipe) => setForm((current) => recipe(current))}
        errors={{}}
        context={context}
        readOnly={false}
      />
    </Grid>
  );
}

function listQueryOf(call: unknown[] | undefined) {
  const url = new URL(String(call?.[0]), "http://localhost");
  return JSON.parse(url.searchParams.get("filters") ?? "{}");
}

describe("Against Invoice on notes", () => {
  test("a credit note lists the customer's open invoices with what is pending, and takes one", async () => {
    renderPage(<Harness type="creditNote" party="asha" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(listQueryOf(fetchMock.mock.calls[0])).toEqual({
      account: "asha",
      statusFilters: ["pending", "partial"],
    });
    fireEvent.click(screen.getByRole("combobox", { name: "Against Invoice" }));
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "INV-2 · 10-06-2025 · ₹1,180.00 · ₹400.00 pending",
      "INV-1 · 02-05-2025 · ₹590.00 · ₹590.00 pending",
    ]);
    fireEvent.click(screen.getByRole("option", { name: /^INV-2 · / }));
    expect(latest?.billWiseEntries).toMatchObject([
      { entryId: "inv-2", invoiceNumber: "INV-2", pendingPaise: 400_00, amountPaise: 0 },
    ]);
  });

  test("a debit note to a customer lists paid invoices too, without the pending amount", async () => {
    renderPage(<Harness type="salesDebitNote" party="asha" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(listQueryOf(fetchMock.mock.calls[0])).toEqual({ account: "asha" });
    fireEvent.click(screen.getByRole("combobox", { name: "Against Invoice" }));
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    expect(screen.getAllByRole("option")[0]?.textContent).toBe("INV-2 · 10-06-2025 · ₹1,180.00");
  });

  test("a purchase-side debit note asks for the supplier first, then lists the supplier's bills", async () => {
    const { unmount } = renderPage(<Harness type="debitNote" party="" />);
    const field = screen.getByRole("combobox", { name: "Against Invoice" }) as HTMLInputElement;
    expect(field.placeholder).toBe("Choose the supplier first");
    expect(field.disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    unmount();
    renderPage(<Harness type="debitNote" party="mehta" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/purchases\/purchaseslist\?/);
    expect(listQueryOf(fetchMock.mock.calls[0])).toEqual({
      account: "mehta",
      statusFilters: ["pending", "partial"],
    });
  });
});
