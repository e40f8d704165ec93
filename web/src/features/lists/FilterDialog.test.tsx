import { selectFilterFields } from "@bahi/domain";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { renderPage } from "../../test/render.tsx";
import { FilterDialog } from "./FilterDialog.tsx";

const ACCOUNTS = [
  { _id: "cash", name: "Cash", nature: "Cash", active: true },
  { _id: "hdfc", name: "HDFC Bank", nature: "Bank", active: true },
  { _id: "ravi", name: "Ravi Stores", nature: "Debtors", active: true },
  { _id: "rent", name: "Office Rent", nature: "Indirect Expense", active: true },
];

function renderDialog(type: "salesInvoice" | "receipts", onApply = vi.fn()) {
  const fields = selectFilterFields(type, {
    billWiseEntry: true,
    gstRegistered: false,
    gstRegType: "",
  });
  renderPage(
    <FilterDialog
      opened
      fields={fields}
      filters={undefined}
      context={{ year: "2025-26", accounts: ACCOUNTS, customFields: [], partySide: "customer" }}
      onApply={onApply}
      onClose={() => {}}
    />,
  );
  return onApply;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });

describe("FilterDialog (spec 5 'List filter dialog')", () => {
  test("the sales fields of a bill-wise organisation that is not GST-registered", () => {
    renderDialog("salesInvoice");
    for (const label of ["Date From", "Date To", "Amount From", "Amount To", "Invoice Number"]) {
      expect(screen.getByRole("textbox", { name: label })).toBeTruthy();
    }
    expect(screen.getByRole("textbox", { name: "Customer Name" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Notes" })).toBeTruthy();
    expect(screen.getByText("Partly Received")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "GSTIN" })).toBeNull();
  });

  test("a range the wrong way round is refused with the spec's message", async () => {
    const onApply = renderDialog("salesInvoice");
    type("Amount From", "500");
    type("Amount To", "100");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(
      await screen.findByText(
        "Amount From cannot be greater than Amount To. Please select a valid amount range.",
      ),
    ).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  test("applies the cleaned filter; blanks and defaults dropped", () => {
    const onApply = renderDialog("salesInvoice");
    type("Customer Name", "  Ravi ");
    type("Amount From", "1,000");
    type("Date From", "1-4-25");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onApply).toHaveBeenCalledWith({
      partyName: "Ravi",
      amountFrom: 1000,
      dateFrom: "2025-04-01",
    });
  });

  test("nothing filled in clears the filter", () => {
    const onApply = renderDialog("salesInvoice");
    type("Narration", "   ");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(onApply).toHaveBeenCalledWith(undefined);
  });

  test("a cash-and-bank picker says so, numbered", () => {
    renderDialog("receipts");
    expect(
      screen.getByText(
        "You’ll only see accounts of these specific types here, as they’re the only ones allowed. 1. Cash 2. Bank 3. Bank OD/CC",
      ),
    ).toBeTruthy();
  });
});
