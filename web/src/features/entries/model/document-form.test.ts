import {
  computeDocument,
  ENTRY_INPUT_SCHEMAS,
  fillFromMasters,
  prepareVoucher,
  readStoredDocument,
  type SystemAccounts,
  type VoucherContext,
  type VoucherType,
} from "@bahi/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyItemToLine,
  applyPartyToDocument,
  buildDocumentPayload,
  chooseAgainstInvoice,
  computeDocumentForm,
  convertDocumentForm,
  type DocumentForm,
  defaultPlaceOfSupply,
  describeDocumentFields,
  documentFormFromEntry,
  emptyDocumentForm,
  emptyItemLine,
  emptyTransportForm as emptyTransport,
  type ItemLineForm,
  type ItemRecord,
  mapDocumentErrorPath,
  readQuantity,
  setReverseCharge,
  withSavedAmounts,
} from "./document-form.ts";
import type { EntryContext, OrganisationFacts } from "./entry-context.ts";
import { validateEntryForm } from "./entry-form.ts";

const MAHARASHTRA: OrganisationFacts = {
  stateCode: "27",
  gstRegistered: true,
  gstRegType: "regular",
  manageInventory: true,
  billWiseEntry: true,
};

function contextFor(type: VoucherType, organisation = MAHARASHTRA): EntryContext {
  return { type, organisationId: "org-1", year: "2025-26", today: "2025-06-15", organisation };
}

const SYSTEM_ACCOUNTS = Object.fromEntries(
  [
    "sales",
    "purchases",
    "outputCgst",
    "outputSgst",
    "outputIgst",
    "outputCess",
    "inputCgst",
    "inputSgst",
    "inputIgst",
    "inputCess",
    "rcmCgstPayable",
    "rcmSgstPayable",
    "rcmIgstPayable",
    "rcmCessPayable",
    "roundOff",
    "cash",
  ].map((key) => [key, key]),
) as SystemAccounts;

const NO_PARTY_GST = { gstin: null, stateCode: null, gstType: null };

/** The server's view of the same organisation, for prepareVoucher (what the server runs on save). */
function serverContext(organisation: OrganisationFacts): VoucherContext {
  return {
    organisation: {
      stateCode: organisation.stateCode,
      gstRegistered: organisation.gstRegistered,
      gstRegType: organisation.gstRegType,
      manageInventory: organisation.manageInventory,
    },
    systemAccounts: SYSTEM_ACCOUNTS,
    accounts: new Map([
      ["party-1", { name: "Asha Traders", nature: "Debtors", active: true, ...NO_PARTY_GST }],
      ["freight", { name: "Freight", nature: "Indirect Income", active: true, ...NO_PARTY_GST }],
    ]),
    items: new Map([
      ["rice", { name: "Rice", type: "goods" as const }],
      ["repair", { name: "Repair", type: "services" as const }],
    ]),
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
  standardSaleDiscount: 2,
  standardPurchasePrice: 45,
  standardPurchaseDiscount: 0,
};

const REPAIR: ItemRecord = {
  _id: "repair",
  name: "Repair",
  type: "services",
  uom: "NOS",
  sacCode: "998729",
  gstRate: 18,
  standardSellingPrice: 999.99,
};

function line(item: ItemRecord, quantity: string, side: "customer" | "supplier" = "customer") {
  return { ...applyItemToLine(emptyItemLine(), item, side), quantity };
}

function form(lines: ItemLineForm[], patch: Partial<DocumentForm> = {}): DocumentForm {
  return {
    ...emptyDocumentForm(contextFor("salesInvoice")),
    cashOrDebtorAccountId: "party-1",
    itemLines: [...lines, emptyItemLine()],
    ...patch,
  };
}

describe("picking an item fills the line", () => {
  it("from the selling side on sales-like documents", () => {
    const filled = applyItemToLine(emptyItemLine(), RICE, "customer");
    expect(filled).toMatchObject({
      itemId: "rice",
      itemName: "Rice",
      itemType: "goods",
      hsnSac: "1006",
      uom: "KGS",
      quantity: "1",
      ratePaise: 5250,
      discountType: "percent",
      discount: "2",
      gstRate: 5,
    });
  });

  it("from the purchase side on purchase-like documents, and SAC for services", () => {
    expect(applyItemToLine(emptyItemLine(), RICE, "supplier")).toMatchObject({
      ratePaise: 4500,
      discount: "",
    });
    expect(applyItemToLine(emptyItemLine(), REPAIR, "customer").hsnSac).toBe("998729");
  });

  it("keeps a quantity already typed", () => {
    const typed = { ...emptyItemLine(), quantity: "7" };
    expect(applyItemToLine(typed, RICE, "customer").quantity).toBe("7");
  });
});

describe("the party fills the header", () => {
  const party = {
    _id: "party-1",
    name: "Asha Traders",
    state: "29",
    gstin: "29AAGCB7383J1Z4",
    gstType: "regular",
    billingAddress: "4 MG Road, Bengaluru",
    shippingAddress: null,
    rcmSales: false,
    rcmPurchase: true,
  };

  it("with its name, addresses, GSTIN and place of supply", () => {
    const filled = applyPartyToDocument(
      emptyDocumentForm(contextFor("salesInvoice")),
      party,
      contextFor("salesInvoice"),
    );
    expect(filled).toMatchObject({
      cashOrDebtorAccountId: "party-1",
      partyName: "Asha Traders",
      billingAddress: "4 MG Road, Bengaluru",
      shippingAddress: "",
      gstin: "29AAGCB7383J1Z4",
      pos: "29",
      rcmApplicable: false,
    });
  });

  it("turns reverse charge on for a supplier under RCM on purchases", () => {
    const filled = applyPartyToDocument(
      emptyDocumentForm(contextFor("purchases")),
      party,
      contextFor("purchases"),
    );
    expect(filled.rcmApplicable).toBe(true);
    expect(filled.rcmGstType).toBe("notified");
  });

  it("a cash purchase (the Cash account has no state: '-1') is worked out in the organisation's state (issue 40)", () => {
    const context = contextFor("purchases");
    const cash = {
      ...party,
      _id: "cash",
      name: "Cash",
      state: "-1",
      gstin: null,
      gstType: null,
      rcmPurchase: false,
    };
    const filled = applyPartyToDocument(emptyDocumentForm(context), cash, context);
    expect(filled.partyGst?.stateCode).toBeNull();
    const { computed, error } = computeDocumentForm(
      { ...filled, itemLines: [line(RICE, "10", "supplier")] },
      "purchases",
      MAHARASHTRA,
    );
    expect(error).toBeNull();
    // 10 × 45.00 at 5 %: CGST and SGST 11.25 each.
    expect(computed).toMatchObject({
      taxKind: "intra",
      cgstPaise: 1125,
      sgstPaise: 1125,
      igstPaise: 0,
    });
  });

  it("a purchase from Karnataka is received in Maharashtra: pos 27 and IGST (issue 18)", () => {
    const context = contextFor("purchases");
    const filled = applyPartyToDocument(emptyDocumentForm(context), party, context);
    expect(filled.pos).toBe("27");
    expect(filled.partyGst).toEqual({
      gstin: "29AAGCB7383J1Z4",
      stateCode: "29",
      gstType: "regular",
    });
    const { computed } = computeDocumentForm(
      { ...filled, itemLines: [line(REPAIR, "1")], rcmApplicable: false },
      "purchases",
      MAHARASHTRA,
    );
    expect(computed).toMatchObject({ taxKind: "inter", igstPaise: 18000, cgstPaise: 0 });
  });

  it.each([
    [{ gstin: "07AAGCB7383J1Z4", state: "27" }, "07"], // the GSTIN's state wins
    [{ gstin: null, gstType: "overseas", state: "-1" }, "96"],
    [{ gstin: null, state: "9" }, "09"],
    [{ gstin: null, state: "-1" }, "27"], // none: the organisation's own state
  ])("place of supply of %o is %s", (patch, pos) => {
    expect(defaultPlaceOfSupply({ _id: "p", name: "P", ...patch }, MAHARASHTRA, "customer")).toBe(
      pos,
    );
    // Whatever the supplier, goods bought arrive at the organisation's own state.
    expect(defaultPlaceOfSupply({ _id: "p", name: "P", ...patch }, MAHARASHTRA, "supplier")).toBe(
      "27",
    );
  });

  it("reverse charge picks a reason when ticked and drops it when cleared", () => {
    const base = emptyDocumentForm(contextFor("purchases"));
    expect(setReverseCharge(base, true).rcmGstType).toBe("unregistered");
    expect(setReverseCharge({ ...base, gstin: "27AAPFU0939F1ZV" }, true).rcmGstType).toBe(
      "notified",
    );
    expect(setReverseCharge(setReverseCharge(base, true), false).rcmGstType).toBe("");
  });
});

describe("header fields per type (registry and payload schemas)", () => {
  it.each([
    ["salesInvoice", { dueDate: true, importType: false, noteFields: false, exportOrSez: true }],
    ["purchases", { dueDate: true, importType: true, noteFields: false, exportOrSez: false }],
    [
      "creditNote",
      {
        dueDate: true,
        noteFields: true,
        againstInvoice: true,
        raisesBills: false,
        exportOrSez: true,
      },
    ],
    [
      "debitNote",
      {
        dueDate: true,
        noteFields: true,
        againstInvoice: true,
        raisesBills: false,
        exportOrSez: false,
      },
    ],
    [
      "salesDebitNote",
      { dueDate: true, noteFields: true, noteKind: false, againstInvoice: true, raisesBills: true },
    ],
    ["salesInvoice", { againstInvoice: false, raisesBills: false }],
    ["quotation", { dueDate: false, importType: false, noteFields: false, exportOrSez: true }],
    ["purchaseOrder", { dueDate: true, importType: true, noteFields: false, exportOrSez: false }],
  ] as const)("%s", (type, fields) => {
    expect(describeDocumentFields(type)).toMatchObject(fields);
  });

  it("knows which conversions come into a type", () => {
    expect(describeDocumentFields("salesInvoice").sourceParams).toEqual([
      "quotationId",
      "salesOrderId",
      "deliveryChallanId",
    ]);
    expect(describeDocumentFields("purchases").sourceParams).toEqual(["purchaseOrderId"]);
    expect(describeDocumentFields("quotation").sourceParams).toEqual([]);
  });

  it("defaults the date to today clamped to the year (spec 5)", () => {
    expect(emptyDocumentForm(contextFor("salesInvoice")).date).toBe("2025-06-15");
    const past = { ...contextFor("salesInvoice"), year: "2024-25" };
    expect(emptyDocumentForm(past).date).toBe("2025-03-31");
  });
});

describe("live totals equal computeDocument", () => {
  it("intra-state: CGST and SGST each at half the rate, equal, and the round off", () => {
    const document = form([
      line(REPAIR, "3"),
      { ...line(RICE, "1"), ratePaise: 1010, discount: "" },
    ]);
    const { computed } = computeDocumentForm(document, "salesInvoice", MAHARASHTRA);
    const direct = computeDocument({
      supplierStateCode: "27",
      placeOfSupply: "27",
      gstApplicable: true,
      supplyType: "regular",
      itemLines: [
        { quantity: 3, ratePaise: 99999, gstRate: 18 },
        { quantity: 1, ratePaise: 1010, gstRate: 5 },
      ],
    });
    expect(computed).toEqual(direct);
    // Each half at half the rate (decision 099): 2,999.97 at 9% = 269.9973 → 270.00 each;
    // 10.10 at 2.5% = 0.2525 → 0.25 each.
    expect(computed).toMatchObject({ taxKind: "intra", cgstPaise: 27025, sgstPaise: 27025 });
  });

  it("inter-state: IGST when the place of supply is another state", () => {
    const { computed } = computeDocumentForm(
      form([line(REPAIR, "1")], { pos: "29" }),
      "salesInvoice",
      MAHARASHTRA,
    );
    expect(computed).toMatchObject({ taxKind: "inter", igstPaise: 18000, cgstPaise: 0 });
  });

  it("no tax for an unregistered organisation", () => {
    const unregistered = { ...MAHARASHTRA, gstRegistered: false, stateCode: null };
    const { computed } = computeDocumentForm(
      form([line(REPAIR, "1")]),
      "salesInvoice",
      unregistered,
    );
    expect(computed).toMatchObject({
      taxKind: "none",
      taxPaise: 0,
      roundOffPaise: 1,
      totalPaise: 100000,
    });
  });

  it("reverse charge: tax reported, not charged", () => {
    const { computed } = computeDocumentForm(
      form([line(REPAIR, "1")], { rcmApplicable: true }),
      "salesInvoice",
      MAHARASHTRA,
    );
    expect(computed).toMatchObject({ taxPaise: 18000, chargedTaxPaise: 0, totalPaise: 100000 });
  });

  it("maps each computed line back to its line on screen, skipping blank ones", () => {
    const document = form([line(RICE, "2")]);
    document.itemLines = [emptyItemLine(), ...document.itemLines];
    const result = computeDocumentForm(document, "salesInvoice", MAHARASHTRA);
    expect(result.itemLineResults[0]).toBeUndefined();
    expect(result.itemLineResults[1]?.taxablePaise).toBe(10290); // 2 × 52.50 less 2%
    expect(mapDocumentErrorPath("itemDetails.0.quantity", result.lines)).toBe(
      "itemLines.1.quantity",
    );
  });

  it("a quantity that is not a number counts as zero and is explained on save", () => {
    const document = form([line(RICE, "1.2345")]);
    expect(readQuantity("1.2345")).toBeNaN();
    expect(computeDocumentForm(document, "salesInvoice", MAHARASHTRA).computed?.totalPaise).toBe(0);
    const validation = validateEntryForm(document, contextFor("salesInvoice"), { mode: "add" });
    expect(validation.ok).toBe(false);
    if (!validation.ok) expect(Object.keys(validation.errors)).toContain("itemLines.0.quantity");
  });

  it("a discount larger than the line is explained by the computation's own words", () => {
    const document = form([{ ...line(RICE, "1"), discountType: "amount", discount: "100" }]);
    const result = computeDocumentForm(document, "salesInvoice", MAHARASHTRA);
    expect(result.computed).toBeNull();
    expect(result.error?.path).toBe("itemLines.0.discount");
  });

  const arbitraryLine = fc.record({
    quantity: fc.integer({ min: 1, max: 99999 }).map((n) => (n / 1000).toString()),
    ratePaise: fc.integer({ min: 0, max: 10_000_000 }),
    discount: fc.integer({ min: 0, max: 10000 }).map((n) => (n / 100).toString()),
    gstRate: fc.constantFrom(0, 3, 5, 12, 18, 28, 40, -1, -2),
  });

  it("for any lines, the payload's declared totals are what the server computes (property)", () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryLine, { minLength: 1, maxLength: 6 }),
        fc.constantFrom("27", "29", "96"),
        fc.boolean(),
        fc.boolean(),
        (lines, pos, rcmApplicable, roundOff) => {
          const document = form(
            lines.map((typed) => ({ ...line(RICE, typed.quantity), ...typed })),
            { pos, rcmApplicable, rcmGstType: rcmApplicable ? "notified" : "", roundOff },
          );
          const context = contextFor("salesInvoice");
          const validation = validateEntryForm(document, context, { mode: "add" });
          expect(validation.ok).toBe(true);
          if (!validation.ok) return;
          const parsed = ENTRY_INPUT_SCHEMAS.salesInvoice.add.parse(validation.payload);
          // prepareVoucher throws DeclaredTotalsError on a disagreement over a paisa.
          const prepared = prepareVoucher(
            "salesInvoice",
            parsed as Record<string, unknown>,
            serverContext(MAHARASHTRA),
          );
          expect(prepared.document.totalAmount).toBe(validation.payload.totalAmount);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("a saved document shown read-only keeps its saved amounts (decision 099)", () => {
  // 2 × ₹52.50 less 2 % = ₹102.90 at 5 %, intra-state. Saved before decision 099: GST 5.145 →
  // 5.15 split 2.58 + 2.57, ₹108.05 → round off −0.05. Today's rule: 2.5725 → 2.57 each, ₹108.04.
  const document = form([line(RICE, "2")]);
  const savedJson = {
    itemDetails: [
      { itemId: "rice", amount: 102.9, cgstAmount: 2.58, sgstAmount: 2.57, igstAmount: 0 },
    ],
    accountDetails: [],
    grossAmount: 102.9,
    cgstAmount: 2.58,
    sgstAmount: 2.57,
    igstAmount: 0,
    roundOffAmount: -0.05,
    totalAmount: 108,
  };
  const saved = readStoredDocument("salesInvoice", savedJson);

  it("the live computation follows today's rule", () => {
    const { computed } = computeDocumentForm(document, "salesInvoice", MAHARASHTRA);
    expect(computed).toMatchObject({ cgstPaise: 257, sgstPaise: 257, roundOffPaise: -4 });
  });

  it("the saved halves, round off and total replace the computed ones, line and document", () => {
    const live = computeDocumentForm(document, "salesInvoice", MAHARASHTRA);
    const shown = withSavedAmounts(live, saved);
    expect(shown.computed).toMatchObject({
      grossPaise: 10290,
      cgstPaise: 258,
      sgstPaise: 257,
      igstPaise: 0,
      taxPaise: 515,
      chargedTaxPaise: 515,
      roundOffPaise: -5,
      totalPaise: 10800,
      rateSummary: [{ gstRate: 5, taxablePaise: 10290, cgstPaise: 258, sgstPaise: 257 }],
    });
    expect(shown.computed?.itemLines[0]).toMatchObject({
      taxablePaise: 10290,
      cgstPaise: 258,
      sgstPaise: 257,
      cessPaise: 0,
      taxPaise: 515,
      totalPaise: 10805,
    });
    expect(shown.itemLineResults[0]).toBe(shown.computed?.itemLines[0]);
    expect(shown.itemLineResults[1]).toBeUndefined(); // the blank line
  });

  it("under reverse charge the saved tax is reported, not charged", () => {
    const reverse = setReverseCharge(document, true);
    const shown = withSavedAmounts(
      computeDocumentForm(reverse, "salesInvoice", MAHARASHTRA),
      readStoredDocument("salesInvoice", { ...savedJson, roundOffAmount: 0.1, totalAmount: 103 }),
    );
    expect(shown.computed).toMatchObject({ taxPaise: 515, chargedTaxPaise: 0, totalPaise: 10300 });
    expect(shown.computed?.itemLines[0]?.totalPaise).toBe(10290);
  });

  it("a computation that failed or whose lines differ from the saved ones is left as it is", () => {
    const live = computeDocumentForm(document, "salesInvoice", MAHARASHTRA);
    expect(
      withSavedAmounts(live, readStoredDocument("salesInvoice", { ...savedJson, itemDetails: [] })),
    ).toBe(live);
    const failed = { ...live, computed: null, error: { message: "x", path: "itemDetails" } };
    expect(withSavedAmounts(failed, saved)).toBe(failed);
  });
});

describe("the payload", () => {
  it("carries the lines, the totals and the type's fields", () => {
    const document = form([line(RICE, "2"), line(REPAIR, "1")], {
      invoiceNumber: "INV-7",
      dueDate: "2025-07-15",
      narration: "  ",
    });
    const payload = buildDocumentPayload(document, contextFor("salesInvoice"), { mode: "add" });
    expect(payload).toMatchObject({
      organisationId: "org-1",
      year: "2025-26",
      date: "2025-06-15",
      dueDate: "2025-07-15",
      invoiceNumber: "INV-7",
      cashOrDebtorAccountId: "party-1",
      pos: "27",
      roundOff: true,
      grossAmount: 1102.89,
      // Each half at half the rate (decision 099): 102.90 at 2.5% = 2.5725 → 2.57 each;
      // 999.99 at 9% = 89.9991 → 90.00 each; 1,102.89 + 185.14 = 1,288.03 → 1,288.
      cgstAmount: 92.57,
      sgstAmount: 92.57,
      igstAmount: 0,
      roundOffAmount: -0.03,
      totalAmount: 1288,
    });
    expect(payload.itemDetails).toEqual([
      expect.objectContaining({ itemId: "rice", hsnCode: "1006", quantity: 2, rate: 52.5 }),
      expect.objectContaining({ itemId: "repair", sacCode: "998729", amount: 999.99 }),
    ]);
    expect(payload).not.toHaveProperty("narration");
    expect(payload).not.toHaveProperty("importType");
  });

  it("sends a cleared GSTIN, address, HSN or unit blank, so the server does not fill it from the masters", () => {
    const cleared = { ...line(RICE, "2"), hsnSac: " ", uom: "" };
    const document = form([cleared], {
      partyName: "Asha Traders",
      gstin: "",
      billingAddress: "",
      shippingAddress: "Godown 2",
    });
    const payload = buildDocumentPayload(document, contextFor("salesInvoice"), { mode: "add" });
    expect(payload).toMatchObject({ gstin: "", billingAddress: "", shippingAddress: "Godown 2" });
    expect(payload.itemDetails).toEqual([expect.objectContaining({ hsnCode: "", uom: "" })]);
    const parsed = ENTRY_INPUT_SCHEMAS.salesInvoice.add.parse(payload);
    const filled = fillFromMasters("salesInvoice", parsed, {
      organisationStateCode: "27",
      party: {
        name: "Asha Traders",
        gstin: "29AAGCB7383J1Z4",
        stateCode: "29",
        gstType: "regular",
        billingAddress: "4 MG Road, Bengaluru",
      },
      items: new Map([["rice", { type: "goods" as const, hsnCode: "1006", uom: "KGS" }]]),
    });
    expect(filled.gstin).toBeUndefined();
    expect(filled.billingAddress).toBeUndefined();
    expect((filled.itemDetails as Record<string, unknown>[])[0]).toMatchObject({
      hsnCode: undefined,
      uom: undefined,
    });
  });

  it("leaves out the suggested number so the server takes the next one", () => {
    const document = form([line(RICE, "1")], { invoiceNumber: "12", numberIsSuggestion: true });
    expect(
      buildDocumentPayload(document, contextFor("salesInvoice"), { mode: "add" }),
    ).not.toHaveProperty("invoiceNumber");
  });

  it("edit sends the entry id and the version the screen loaded", () => {
    const payload = buildDocumentPayload(form([line(RICE, "1")]), contextFor("salesInvoice"), {
      mode: "edit",
      entryId: "inv-1",
      version: 3,
    });
    expect(payload).toMatchObject({ entryId: "inv-1", version: 3 });
    expect(ENTRY_INPUT_SCHEMAS.salesInvoice.edit.safeParse(payload).success).toBe(true);
  });

  it("a debit note to a customer sets its whole total against the invoice chosen, with no note type", () => {
    const document = chooseAgainstInvoice(form([line(RICE, "2")]), {
      _id: "inv-1",
      number: "INV-1",
      date: "2025-06-01",
      totalPaise: 500_00,
    });
    const payload = buildDocumentPayload(document, contextFor("salesDebitNote"), { mode: "add" });
    // 2 × ₹52.50 less 2 % = ₹102.90; CGST and SGST at 2.5 % ₹2.57 each; ₹108.04 rounded to ₹108.
    expect(payload).toMatchObject({
      totalAmount: 108,
      billWiseEntries: [{ entryId: "inv-1", amount: 108 }],
    });
    expect(payload).not.toHaveProperty("type");
    expect(ENTRY_INPUT_SCHEMAS.salesDebitNote.add.safeParse(payload).success).toBe(true);
    const none = buildDocumentPayload(
      chooseAgainstInvoice(document, null),
      contextFor("salesDebitNote"),
      {
        mode: "add",
      },
    );
    expect(none.billWiseEntries).toEqual([]);
  });

  it("a credit note chosen against an invoice sets its total against it, up to what is pending (decision 067)", () => {
    const invoice = { _id: "inv-1", number: "INV-1", date: "2025-06-01", totalPaise: 500_00 };
    // ₹108 note, ₹500 pending: the whole note.
    const open = chooseAgainstInvoice(form([line(RICE, "2")]), {
      ...invoice,
      pendingPaise: 500_00,
    });
    const payload = buildDocumentPayload(open, contextFor("creditNote"), { mode: "add" });
    expect(payload).toMatchObject({
      totalAmount: 108,
      billWiseEntries: [{ entryId: "inv-1", amount: 108 }],
    });
    expect(ENTRY_INPUT_SCHEMAS.creditNote.add.safeParse(payload).success).toBe(true);
    // Only ₹40 pending: ₹40 of the note is set against it, the rest stays on account.
    const nearlyPaid = chooseAgainstInvoice(form([line(RICE, "2")]), {
      ...invoice,
      pendingPaise: 40_00,
    });
    expect(
      buildDocumentPayload(nearlyPaid, contextFor("creditNote"), { mode: "add" }).billWiseEntries,
    ).toEqual([{ entryId: "inv-1", amount: 40 }]);
    // The purchase-side debit note against a bill, the same way.
    const bill = chooseAgainstInvoice(form([line(RICE, "2", "supplier")]), {
      ...invoice,
      _id: "bill-1",
      pendingPaise: 1_000_00,
    });
    const debit = buildDocumentPayload(bill, contextFor("debitNote"), { mode: "add" });
    expect(debit.billWiseEntries).toEqual([{ entryId: "bill-1", amount: debit.totalAmount }]);
    expect(ENTRY_INPUT_SCHEMAS.debitNote.add.safeParse(debit).success).toBe(true);
  });

  it("an edited credit note keeps its saved allocation; choosing its invoice again adds it back to the room", () => {
    const saved: DocumentForm = {
      ...form([line(RICE, "2")]),
      billWiseEntries: [
        {
          entryId: "inv-1",
          invoiceNumber: "INV-1",
          date: "",
          totalPaise: 0,
          pendingPaise: 0,
          amountPaise: 60_00,
        },
      ],
    };
    expect(
      buildDocumentPayload(saved, contextFor("creditNote"), { mode: "add" }).billWiseEntries,
    ).toEqual([{ entryId: "inv-1", amount: 60 }]);
    const invoice = { _id: "inv-1", number: "INV-1", date: "2025-06-01", totalPaise: 500_00 };
    // The same invoice chosen again: the form is unchanged.
    expect(chooseAgainstInvoice(saved, { ...invoice, pendingPaise: 10_00 })).toBe(saved);
    // Another invoice, then: ₹20 pending there.
    const other = chooseAgainstInvoice(saved, { ...invoice, _id: "inv-2", pendingPaise: 20_00 });
    expect(
      buildDocumentPayload(other, contextFor("creditNote"), { mode: "add" }).billWiseEntries,
    ).toEqual([{ entryId: "inv-2", amount: 20 }]);
  });

  it("purchases carry the import type and the purchase order", () => {
    const document: DocumentForm = {
      ...form([line(RICE, "1", "supplier")]),
      importType: "goods",
      source: { param: "purchaseOrderId", id: "po-1" },
    };
    const payload = buildDocumentPayload(document, contextFor("purchases"), { mode: "add" });
    expect(payload).toMatchObject({ importType: "goods", purchaseOrderId: "po-1" });
  });

  it("is refused by the schema's words when the party is missing", () => {
    const validation = validateEntryForm(
      { ...form([line(RICE, "1")]), cashOrDebtorAccountId: null },
      contextFor("salesInvoice"),
      { mode: "add" },
    );
    expect(validation).toMatchObject({
      ok: false,
      errors: { cashOrDebtorAccountId: "Customer is required." },
    });
  });

  it("is refused without lines", () => {
    const validation = validateEntryForm(form([]), contextFor("salesInvoice"), { mode: "add" });
    expect(validation).toMatchObject({
      ok: false,
      errors: { itemDetails: "Add at least one item or account line." },
    });
  });

  it("refuses an export under reverse charge (schema)", () => {
    const validation = validateEntryForm(
      form([line(RICE, "1")], {
        rcmApplicable: true,
        rcmGstType: "notified",
        gstPaymentTypeInExportOrSez: "exportWithPayment",
      }),
      contextFor("salesInvoice"),
      { mode: "add" },
    );
    expect(validation).toMatchObject({
      ok: false,
      errors: { rcmApplicable: "An export or SEZ supply cannot be under reverse charge." },
    });
  });
});

describe("an export's shipping bill", () => {
  const shipping = {
    gstPaymentTypeInExportOrSez: "exportWithoutPayment",
    portCode: "INNSA1",
    shippingBillNumber: "1234567",
    shippingBillDate: "2025-05-12",
    countryCode: "ae",
  };
  it("goes with an export sales invoice, with the destination country", () => {
    const payload = buildDocumentPayload(
      form([line(RICE, "1")], shipping),
      contextFor("salesInvoice"),
      {
        mode: "add",
      },
    );
    expect(payload).toMatchObject({
      portCode: "INNSA1",
      shippingBillNumber: "1234567",
      shippingBillDate: "2025-05-12",
      countryCode: "AE",
    });
  });
  it("not with a regular supply, nor with a credit note", () => {
    const regular = buildDocumentPayload(
      form([line(RICE, "1")], { ...shipping, gstPaymentTypeInExportOrSez: "" }),
      contextFor("salesInvoice"),
      { mode: "add" },
    );
    expect(regular.portCode).toBeUndefined();
    expect(regular.countryCode).toBeUndefined();
    const note = buildDocumentPayload(form([line(RICE, "1")], shipping), contextFor("creditNote"), {
      mode: "add",
    });
    expect(note.portCode).toBeUndefined();
  });
});

describe("from a stored entry", () => {
  const names = {
    itemName: (id: string) =>
      id === "rice"
        ? { name: "Rice", type: "goods" as const }
        : { name: "Repair", type: "services" as const },
  };
  const stored = {
    _id: "inv-1",
    number: "INV-7",
    date: "2025-05-10",
    dueDate: "2025-06-10",
    cashOrDebtorAccountId: "party-1",
    partyName: "Asha Traders",
    pos: "29",
    roundOff: true,
    itemDetails: [
      {
        itemId: "rice",
        hsnCode: "1006",
        quantity: 2,
        uom: "KGS",
        rate: 52.5,
        discountType: "percent",
        discount: 2,
        gstRate: 5,
        amount: 102.9,
      },
    ],
    accountDetails: [{ accountId: "freight", amount: 50, gstRate: 18 }],
    totalAmount: 180,
    narration: "Urgent",
    quotationId: "q-1",
    version: 2,
  };

  it("edit keeps everything, number and date included", () => {
    const edit = documentFormFromEntry(stored, contextFor("salesInvoice"), names, { copy: false });
    expect(edit).toMatchObject({
      date: "2025-05-10",
      dueDate: "2025-06-10",
      invoiceNumber: "INV-7",
      pos: "29",
      narration: "Urgent",
      source: { param: "quotationId", id: "q-1" },
    });
    expect(edit.itemLines[0]).toMatchObject({
      itemName: "Rice",
      quantity: "2",
      ratePaise: 5250,
      discount: "2",
    });
    expect(edit.accountLines[0]).toMatchObject({
      accountId: "freight",
      amountPaise: 5000,
      gstRate: 18,
    });
  });

  it("duplicate copies the lines with a new number, today's date and no source", () => {
    const copy = documentFormFromEntry(stored, contextFor("salesInvoice"), names, { copy: true });
    expect(copy).toMatchObject({
      date: "2025-06-15",
      invoiceNumber: "",
      dueDate: "",
      source: null,
    });
    expect(copy.itemLines).toHaveLength(1);
    expect(copy.itemLines[0]?.itemId).toBe("rice");
  });

  it("a quotation converts into an invoice that names it", () => {
    const invoice = convertDocumentForm(
      stored,
      "quotationId",
      "q-9",
      contextFor("salesInvoice"),
      names,
    );
    expect(invoice.source).toEqual({ param: "quotationId", id: "q-9" });
    const payload = buildDocumentPayload(invoice, contextFor("salesInvoice"), { mode: "add" });
    expect(payload.quotationId).toBe("q-9");
  });

  it("the stored totals come back out of the form unchanged", () => {
    const edit = documentFormFromEntry(stored, contextFor("salesInvoice"), names, { copy: false });
    const payload = buildDocumentPayload(edit, contextFor("salesInvoice"), { mode: "edit" });
    // 2 × 52.50 less 2% = 102.90 at 5%, freight 50 at 18%, inter-state (pos 29).
    expect(payload).toMatchObject({ grossAmount: 152.9, igstAmount: 14.15, totalAmount: 167 });
  });
});

describe("transport details (issue 24)", () => {
  const transport = {
    transporterId: "29aagcb7383j1z4",
    transporterName: "Fast Movers",
    mode: "road",
    vehicleNumber: "ka 01 ab 1234",
    vehicleType: "regular",
    distanceKm: "120",
    documentNumber: "LR-1",
    documentDate: "2025-06-15",
  };

  it("go in the payload of the types that carry goods, and the schema accepts them", () => {
    const document = form([line(RICE, "1")], { transport });
    const payload = buildDocumentPayload(document, contextFor("salesInvoice"), { mode: "add" });
    expect(payload.transport).toEqual({ ...transport, distanceKm: 120 });
    const parsed = ENTRY_INPUT_SCHEMAS.salesInvoice.add.parse(payload) as {
      transport: Record<string, unknown>;
    };
    expect(parsed.transport).toMatchObject({
      transporterId: "29AAGCB7383J1Z4",
      vehicleNumber: "KA01AB1234",
    });
  });

  it("are left out when nothing was typed, and on types without goods transport", () => {
    const empty = buildDocumentPayload(form([line(RICE, "1")]), contextFor("salesInvoice"), {
      mode: "add",
    });
    expect(empty.transport).toBeUndefined();
    const quotation = buildDocumentPayload(
      form([line(RICE, "1")], { transport }),
      contextFor("quotation"),
      { mode: "add" },
    );
    expect(quotation.transport).toBeUndefined();
  });

  it("a bad distance comes back on the field", () => {
    const document = form([line(RICE, "1")], { transport: { ...transport, distanceKm: "5000" } });
    const result = validateEntryForm(document, contextFor("salesInvoice"), { mode: "add" });
    expect(result.ok ? {} : result.errors).toMatchObject({
      "transport.distanceKm": "Distance must be a whole number of kilometres from 0 to 4000.",
    });
  });

  it("a delivery challan's come with it into the sales invoice made from it", () => {
    const challan = {
      date: "2025-06-10",
      cashOrDebtorAccountId: "party-1",
      itemDetails: [],
      transport: { ...transport, vehicleNumber: "KA01AB1234", distanceKm: 120 },
    };
    const invoice = convertDocumentForm(
      challan,
      "deliveryChallanId",
      "dc-1",
      contextFor("salesInvoice"),
      {} as never,
    );
    expect(invoice.transport).toEqual({ ...transport, vehicleNumber: "KA01AB1234" });
    const payload = buildDocumentPayload(invoice, contextFor("salesInvoice"), { mode: "add" });
    expect(payload).toMatchObject({
      deliveryChallanId: "dc-1",
      transport: { transporterName: "Fast Movers", vehicleNumber: "KA01AB1234", distanceKm: 120 },
    });
    // Cleared on the screen: an empty object, so that the server does not bring the challan's.
    const cleared = buildDocumentPayload(
      { ...invoice, transport: { ...invoice.transport, ...emptyTransport() } },
      contextFor("salesInvoice"),
      { mode: "add" },
    );
    expect(cleared.transport).toEqual({});
  });

  it("read back from the stored entry for an edit", () => {
    const stored = {
      date: "2025-06-15",
      cashOrDebtorAccountId: "party-1",
      itemDetails: [],
      transport: { ...transport, vehicleNumber: "KA01AB1234", distanceKm: 120 },
    };
    const edit = documentFormFromEntry(stored, contextFor("salesInvoice"), {} as never, {
      copy: false,
    });
    expect(edit.transport).toEqual({ ...transport, vehicleNumber: "KA01AB1234" });
  });
});
