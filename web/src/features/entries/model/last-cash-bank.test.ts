import { afterEach, describe, expect, test } from "vitest";
import { emptySettlementForm } from "./account-forms.ts";
import type { EntryContext } from "./entry-context.ts";
import { emptyEntryForm } from "./entry-form.ts";
import { rememberCashBank, withLastCashBank } from "./last-cash-bank.ts";

const context = (type: "receipts" | "payments" | "journalEntry"): EntryContext => ({
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
});

afterEach(() => localStorage.clear());

describe("Received In and Paid From default to the last used cash or bank account", () => {
  test("a saved receipt's account is the next receipt's default, per organisation and type", () => {
    const receipt = emptySettlementForm(context("receipts"));
    expect(withLastCashBank(receipt, "org-1", "receipts")).toEqual(receipt);
    rememberCashBank("org-1", "receipts", { ...receipt, cashBankAccountId: "hdfc" });
    expect(withLastCashBank(receipt, "org-1", "receipts")).toMatchObject({
      cashBankAccountId: "hdfc",
    });
    // Payments and other organisations keep their own.
    const payment = emptySettlementForm(context("payments"));
    expect(withLastCashBank(payment, "org-1", "payments")).toMatchObject({
      cashBankAccountId: null,
    });
    expect(withLastCashBank(receipt, "org-2", "receipts")).toMatchObject({
      cashBankAccountId: null,
    });
  });

  test("a chosen account is kept, and other forms are left alone", () => {
    rememberCashBank("org-1", "receipts", {
      ...emptySettlementForm(context("receipts")),
      cashBankAccountId: "hdfc",
    });
    const chosen = { ...emptySettlementForm(context("receipts")), cashBankAccountId: "cash" };
    expect(withLastCashBank(chosen, "org-1", "receipts")).toMatchObject({
      cashBankAccountId: "cash",
    });
    const journal = emptyEntryForm(context("journalEntry"));
    expect(withLastCashBank(journal, "org-1", "receipts")).toBe(journal);
  });
});
