import { describe, expect, it } from "vitest";
import { emptyJournalForm, emptySettlementForm, emptyTransferForm } from "./account-forms.ts";
import {
  applyItemToLine,
  type DocumentForm,
  emptyDocumentForm,
  emptyItemLine,
  type ItemRecord,
} from "./document-form.ts";
import { findIncompleteParts } from "./entry-completeness.ts";
import type { EntryContext } from "./entry-context.ts";

function contextFor(type: EntryContext["type"]): EntryContext {
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

const RICE: ItemRecord = {
  _id: "rice",
  name: "Rice",
  type: "goods",
  uom: "KGS",
  hsnCode: "1006",
  gstRate: 5,
  standardSellingPrice: 52.5,
  standardSaleDiscount: 0,
  standardPurchasePrice: 45,
  standardPurchaseDiscount: 0,
};

const ADD = { mode: "add" } as const;
const sales = contextFor("salesInvoice");

function invoice(patch: Partial<DocumentForm> = {}): DocumentForm {
  return {
    ...emptyDocumentForm(sales),
    cashOrDebtorAccountId: "party-1",
    // A filled line, then the blank one Enter leaves for the next.
    itemLines: [
      { ...applyItemToLine(emptyItemLine(), RICE, "customer"), quantity: "4" },
      emptyItemLine(),
    ],
    ...patch,
  };
}

describe("what a Ctrl+A in a text box asks about (issue 40)", () => {
  it("a complete invoice lacks nothing: it is saved at once", () => {
    expect(findIncompleteParts(invoice(), sales, ADD)).toEqual([]);
  });

  it("no party, a line typed without an item, a line without an amount", () => {
    const [filled, blank] = invoice().itemLines;
    if (!filled || !blank) throw new Error("lines");
    const form = invoice({
      cashOrDebtorAccountId: null,
      itemLines: [
        filled,
        { ...blank, quantity: "3" },
        { ...filled, quantity: "" },
        emptyItemLine(),
      ],
    });
    expect(findIncompleteParts(form, sales, ADD)).toEqual([
      "No customer is chosen.",
      "Line 2 has no item.",
      "Line 3 (Rice) has no amount.",
    ]);
    // A purchase names its supplier.
    expect(
      findIncompleteParts({ ...form, itemLines: [filled] }, contextFor("purchases"), ADD),
    ).toEqual(["No supplier is chosen."]);
  });

  it("an invoice with a party but no line at all", () => {
    expect(findIncompleteParts(invoice({ itemLines: [emptyItemLine()] }), sales, ADD)).toEqual([
      "No item or charge is entered.",
    ]);
  });

  it("what only the schema refuses is still asked about, in its words", () => {
    const parts = findIncompleteParts(invoice({ date: "2030-01-01" }), sales, ADD);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatch(/date|year/i);
  });

  it("receipts, transfers and journals", () => {
    const receipt = contextFor("receipts");
    expect(findIncompleteParts(emptySettlementForm(receipt), receipt, ADD)).toEqual([
      "No cash or bank account is chosen.",
      "No account and amount is entered.",
    ]);
    const transfer = contextFor("fundTransfer");
    expect(
      findIncompleteParts(
        { ...emptyTransferForm(transfer), fromAccountId: "cash", amountPaise: 500_00 },
        transfer,
        ADD,
      ),
    ).toEqual(["No account to receive in is chosen."]);
    const journal = contextFor("journalEntry");
    const lines = [
      { key: "a", accountId: "rent", debitPaise: 1000_00, creditPaise: 0 },
      { key: "b", accountId: "cash", debitPaise: 0, creditPaise: 900_00 },
    ];
    expect(findIncompleteParts({ ...emptyJournalForm(journal), lines }, journal, ADD)).toEqual([
      "Debits and credits differ.",
    ]);
    const balanced = [lines[0], { ...lines[1], creditPaise: 1000_00 }] as typeof lines;
    expect(
      findIncompleteParts(
        {
          ...emptyJournalForm(journal),
          lines: [...balanced, { key: "c", accountId: null, debitPaise: 0, creditPaise: 0 }],
        },
        journal,
        ADD,
      ),
    ).toEqual([]);
  });
});
