import { describe, expect, it } from "vitest";
import { LIST_GRID_COLUMNS, sumListColumnWidths } from "./list-columns.ts";
import { SUMMARY_TYPES } from "./voucher-definition.ts";
import {
  BILLABLE_TYPES,
  findConversionSource,
  findNoteTypeFor,
  findVoucherTypeByApiFamily,
  findVoucherTypeByListKey,
  findVoucherTypeByRouteWord,
  findVoucherTypeBySummaryType,
  getVoucherDefinition,
  isNoteType,
  listPrintableVoucherTypes,
  listTradeTypes,
  offersNoteKind,
  SALES_SERIES_TYPES,
  START_MENU_VOUCHER_ORDER,
  VOUCHER_REGISTRY,
  voucherTypesWhere,
} from "./voucher-registry.ts";
import { POSTING_VOUCHER_TYPES, VOUCHER_TYPES, type VoucherType } from "./voucher-type.ts";

const definitions = VOUCHER_TYPES.map((type) => VOUCHER_REGISTRY[type]);

function expectUnique(values: readonly unknown[]): void {
  expect(new Set(values).size).toBe(values.length);
}

describe("VOUCHER_REGISTRY invariants", () => {
  it("has exactly the 12 voucher types, each under its own id", () => {
    expect(Object.keys(VOUCHER_REGISTRY).sort()).toEqual([...VOUCHER_TYPES].sort());
    for (const type of VOUCHER_TYPES) {
      expect(VOUCHER_REGISTRY[type].id).toBe(type);
      expect(VOUCHER_REGISTRY[type].customFieldKey).toBe(type);
    }
  });

  it("keeps route words, API families, list calls, list keys and titles unique", () => {
    expectUnique(definitions.map((d) => d.routeWord));
    expectUnique(definitions.map((d) => d.apiFamily));
    expectUnique(definitions.map((d) => d.listCallName));
    expectUnique(definitions.map((d) => d.listKey));
    expectUnique(definitions.map((d) => d.titles.singular));
    expectUnique(definitions.map((d) => d.titles.plural));
  });

  it("fits every type's list columns, bill-wise ones included, in the 24-column grid", () => {
    for (const definition of definitions) {
      expect(sumListColumnWidths(definition.listColumns)).toBeLessThanOrEqual(LIST_GRID_COLUMNS);
      expectUnique(definition.listColumns.map((column) => column.key));
    }
  });

  it("marks only the status and pending columns as bill-wise, and only on invoices and bills", () => {
    const billWise = definitions.flatMap((d) =>
      d.listColumns.filter((c) => c.requiresBillWise).map((c) => `${d.id}.${c.key}`),
    );
    expect(billWise).toEqual([
      "salesInvoice.pendingAmt",
      "salesInvoice.status",
      "purchases.pendingAmt",
      "purchases.status",
    ]);
  });

  it("converts only into types that exist, through the create-* action it lists", () => {
    for (const definition of definitions) {
      for (const conversion of definition.conversions) {
        expect(VOUCHER_TYPES).toContain(conversion.into);
        const action = definition.rowActions.find((a) => a.id === conversion.action);
        expect(action?.opens).toBe(conversion.into);
      }
    }
  });

  it("has the posting types of voucher-type.ts, and they are the ones with a summary type", () => {
    expect(voucherTypesWhere((d) => d.posts).sort()).toEqual([...POSTING_VOUCHER_TYPES].sort());
    expect(voucherTypesWhere((d) => d.summaryType !== null).sort()).toEqual(
      [...POSTING_VOUCHER_TYPES].sort(),
    );
    expectUnique(definitions.map((d) => d.summaryType).filter((s) => s !== null));
    expect(
      definitions
        .map((d) => d.summaryType)
        .filter((s) => s !== null)
        .sort(),
    ).toEqual([...SUMMARY_TYPES].sort());
  });

  it("moves stock as documented: sales and purchase returns out, purchases and sales returns in", () => {
    const stock = Object.fromEntries(definitions.map((d) => [d.id, d.movesStock]));
    expect(stock).toEqual({
      salesInvoice: "out",
      purchases: "in",
      creditNote: "in",
      debitNote: "out",
      // A debit note to a customer raises a price; no goods move (decision 066).
      salesDebitNote: null,
      receipts: null,
      payments: null,
      fundTransfer: null,
      journalEntry: null,
      quotation: null,
      salesOrder: null,
      purchaseOrder: null,
      deliveryChallan: null,
    });
    for (const definition of definitions) {
      if (definition.movesStock !== null) {
        expect(definition.posts).toBe(true);
        expect(definition.family).toBe("document");
      }
    }
  });

  it("gives account-line vouchers no party, no due date and no settings", () => {
    for (const type of voucherTypesWhere((d) => d.family !== "document")) {
      const definition = VOUCHER_REGISTRY[type];
      expect(definition.partySide).toBeNull();
      expect(definition.hasDueDate).toBe(false);
      expect(definition.settings).toBeNull();
    }
    expect(voucherTypesWhere((d) => d.family !== "document").sort()).toEqual(
      ["fundTransfer", "journalEntry", "payments", "receipts"].sort(),
    );
  });

  it("knows what settles what: invoices and bills, notes, and the sources of conversions", () => {
    expect(BILLABLE_TYPES).toEqual(["salesInvoice", "purchases"]);
    expect(voucherTypesWhere((d) => d.settles === "salesInvoice")).toEqual([
      "creditNote",
      "salesDebitNote",
      "receipts",
    ]);
    expect(VOUCHER_TYPES.filter(isNoteType)).toEqual(["creditNote", "debitNote", "salesDebitNote"]);
    // Only the debit note to a customer raises the invoices it names; the return notes lower them.
    expect(voucherTypesWhere((d) => d.raisesBills === true)).toEqual(["salesDebitNote"]);
    expect(findNoteTypeFor("salesInvoice")).toBe("creditNote");
    expect(findNoteTypeFor("purchases")).toBe("debitNote");
    expect(VOUCHER_TYPES.filter(offersNoteKind)).toEqual(["creditNote", "debitNote"]);
    expect(voucherTypesWhere((d) => d.acceptsImports)).toEqual(["purchases", "purchaseOrder"]);
    expect(findConversionSource({ salesOrderId: "so-1" })).toEqual({
      type: "salesOrder",
      id: "so-1",
    });
    expect(findConversionSource({ purchaseOrderId: "po-1" })).toEqual({
      type: "purchaseOrder",
      id: "po-1",
    });
    expect(findConversionSource({ quotationId: "" })).toBeNull();
  });

  it("knows each type's effect on sales and purchases (decision 067)", () => {
    expect(listTradeTypes("customer")).toEqual([
      { type: "salesInvoice", sign: 1 },
      { type: "creditNote", sign: -1 },
      { type: "salesDebitNote", sign: 1 },
    ]);
    expect(listTradeTypes("supplier")).toEqual([
      { type: "purchases", sign: 1 },
      { type: "debitNote", sign: -1 },
    ]);
    for (const definition of definitions) {
      if (definition.tradeSign === null) continue;
      // Only posting documents with a party are trade; a note adds exactly when it raises bills.
      expect(definition.posts).toBe(true);
      expect(definition.family).toBe("document");
      expect(definition.partySide).not.toBeNull();
      const expected = isNoteType(definition.id) && definition.raisesBills !== true ? -1 : 1;
      expect(definition.tradeSign).toBe(expected);
    }
  });

  it("derives every list call from the family's last path segment", () => {
    for (const definition of definitions) {
      expect(definition.listCallName).toBe(`${definition.apiFamily.split("/").at(-1)}list`);
    }
  });

  it("lists every type once in the start menu order", () => {
    expect([...START_MENU_VOUCHER_ORDER].sort()).toEqual([...VOUCHER_TYPES].sort());
  });

  it("offers the Status filter only where there is a Status column", () => {
    for (const definition of definitions) {
      const hasStatusFilter = definition.filterFields.some((f) => f.field === "statusFilters");
      const hasStatusColumn = definition.listColumns.some((c) => c.key === "status");
      expect(hasStatusFilter).toBe(hasStatusColumn);
    }
  });
});

describe("per-type facts from the spec", () => {
  const facts: [
    VoucherType,
    {
      routeWord: string;
      apiFamily: string;
      listCallName: string;
      listKey: string;
      singular: string;
      list: string;
      partySide: "customer" | "supplier" | null;
      hasDueDate: boolean;
      supportsTemplates: boolean;
      extraCalls: string[];
      settingsCall: string | null;
    },
  ][] = [
    [
      "salesInvoice",
      {
        routeWord: "sales",
        apiFamily: "/salesinvoice",
        listCallName: "salesinvoicelist",
        listKey: "salesInvoices",
        singular: "Sales Invoice",
        list: "Sales Invoice",
        partySide: "customer",
        hasDueDate: true,
        supportsTemplates: true,
        extraCalls: ["getreceipts"],
        settingsCall: "salesinvoice",
      },
    ],
    [
      "purchases",
      {
        routeWord: "purchases",
        apiFamily: "/purchases",
        listCallName: "purchaseslist",
        listKey: "purchases",
        singular: "Purchase",
        list: "Purchases",
        partySide: "supplier",
        hasDueDate: true,
        supportsTemplates: true,
        extraCalls: ["getpayments"],
        settingsCall: "purchases",
      },
    ],
    [
      "creditNote",
      {
        routeWord: "credit-note",
        apiFamily: "/creditnote",
        listCallName: "creditnotelist",
        listKey: "creditNote",
        singular: "Credit Note",
        list: "Credit Notes",
        partySide: "customer",
        hasDueDate: true,
        supportsTemplates: true,
        extraCalls: [],
        settingsCall: "creditnote",
      },
    ],
    [
      "debitNote",
      {
        routeWord: "debit-note",
        apiFamily: "/debitnote",
        listCallName: "debitnotelist",
        listKey: "debitnotes",
        singular: "Debit Note",
        list: "Debit Notes",
        partySide: "supplier",
        hasDueDate: true,
        supportsTemplates: true,
        extraCalls: [],
        settingsCall: "debitnote",
      },
    ],
    [
      "receipts",
      {
        routeWord: "receipt",
        apiFamily: "/receipts",
        listCallName: "receiptslist",
        listKey: "receiptEntries",
        singular: "Receipt",
        list: "Receipts",
        partySide: null,
        hasDueDate: false,
        supportsTemplates: true,
        extraCalls: [],
        settingsCall: null,
      },
    ],
    [
      "payments",
      {
        routeWord: "payment",
        apiFamily: "/payments",
        listCallName: "paymentslist",
        listKey: "paymentEntries",
        singular: "Payment",
        list: "Payments",
        partySide: null,
        hasDueDate: false,
        supportsTemplates: true,
        extraCalls: [],
        settingsCall: null,
      },
    ],
    [
      "fundTransfer",
      {
        routeWord: "fundtransfer",
        apiFamily: "/fundtransfer",
        listCallName: "fundtransferlist",
        listKey: "fundtransferEntries",
        singular: "Fund Transfer",
        list: "Fund Transfers",
        partySide: null,
        hasDueDate: false,
        supportsTemplates: false,
        extraCalls: [],
        settingsCall: null,
      },
    ],
    [
      "journalEntry",
      {
        routeWord: "journal",
        apiFamily: "/journalentry",
        listCallName: "journalentrylist",
        listKey: "journalEntries",
        singular: "Journal Entry",
        list: "Journal Entries",
        partySide: null,
        hasDueDate: false,
        supportsTemplates: true,
        extraCalls: [],
        settingsCall: null,
      },
    ],
    [
      "quotation",
      {
        routeWord: "quotation",
        apiFamily: "/otherentries/quotation",
        listCallName: "quotationlist",
        listKey: "quotation",
        singular: "Quotation",
        list: "Quotations",
        partySide: "customer",
        hasDueDate: false,
        supportsTemplates: false,
        extraCalls: ["getreceipts", "lastinvoicenumber"],
        settingsCall: "quotation",
      },
    ],
    [
      "salesOrder",
      {
        routeWord: "sales-order",
        apiFamily: "/otherentries/salesorder",
        listCallName: "salesorderlist",
        listKey: "salesOrder",
        singular: "Sales Order",
        list: "Sales Orders",
        partySide: "customer",
        hasDueDate: false,
        supportsTemplates: false,
        extraCalls: ["getreceipts", "lastinvoicenumber"],
        settingsCall: "salesorder",
      },
    ],
    [
      "purchaseOrder",
      {
        routeWord: "purchase-order",
        apiFamily: "/otherentries/purchaseorder",
        listCallName: "purchaseorderlist",
        listKey: "purchaseOrder",
        singular: "Purchase Order",
        list: "Purchase Orders",
        partySide: "supplier",
        hasDueDate: true,
        supportsTemplates: false,
        extraCalls: ["getpayments"],
        settingsCall: "purchaseorder",
      },
    ],
    [
      "deliveryChallan",
      {
        routeWord: "delivery-challan",
        apiFamily: "/otherentries/deliverychallan",
        listCallName: "deliverychallanlist",
        listKey: "deliveryChallan",
        singular: "Delivery Challan",
        list: "Delivery Challans",
        partySide: "customer",
        hasDueDate: false,
        supportsTemplates: false,
        extraCalls: ["getreceipts"],
        settingsCall: "deliverychallan",
      },
    ],
  ];

  it.each(facts)("%s", (type, expected) => {
    const d = getVoucherDefinition(type);
    expect({
      routeWord: d.routeWord,
      apiFamily: d.apiFamily,
      listCallName: d.listCallName,
      listKey: d.listKey,
      singular: d.titles.singular,
      list: d.titles.list,
      partySide: d.partySide,
      hasDueDate: d.hasDueDate,
      supportsTemplates: d.supportsTemplates,
      extraCalls: d.extraCalls,
      settingsCall: d.settings?.callName ?? null,
    }).toEqual(expected);
  });

  it("keeps the spec's capitalised credit-note settings GET", () => {
    expect(VOUCHER_REGISTRY.creditNote.settings?.getCallName).toBe("getCreditNotesettings");
    expect(VOUCHER_REGISTRY.salesInvoice.settings?.routeWord).toBe("sales-invoice");
  });

  it("words the empty states after spec 2.5", () => {
    expect(VOUCHER_REGISTRY.salesInvoice.emptyStates).toEqual({
      empty: {
        heading: "No Sales Invoices Present",
        description: "Get started by adding a new sales invoice.",
      },
      noMatch: {
        heading: "No Sales Invoices match your filter criteria",
        description: "Try adjusting your filters or clear them to see all sales invoices.",
      },
    });
  });

  it.each<[VoucherType, string[]]>([
    [
      "salesInvoice",
      ["print", "sendViaMail", "edit", "duplicate", "createReceipt", "viewLog", "delete"],
    ],
    ["creditNote", ["print", "sendViaMail", "edit", "duplicate", "viewLog", "delete"]],
    ["debitNote", ["print", "sendViaMail", "edit", "duplicate", "viewLog", "delete"]],
    [
      "quotation",
      ["print", "sendViaMail", "edit", "duplicate", "createInvoice", "viewLog", "delete"],
    ],
    [
      "salesOrder",
      ["print", "sendViaMail", "edit", "duplicate", "createInvoice", "viewLog", "delete"],
    ],
    [
      "deliveryChallan",
      ["print", "sendViaMail", "edit", "duplicate", "createInvoice", "viewLog", "delete"],
    ],
    [
      "purchaseOrder",
      ["print", "sendViaMail", "edit", "duplicate", "createPurchase", "viewLog", "delete"],
    ],
    ["purchases", ["edit", "duplicate", "createPayment", "viewLog", "delete"]],
    ["payments", ["edit", "duplicate", "viewLog", "delete"]],
    ["receipts", ["edit", "duplicate", "viewLog", "delete"]],
    ["fundTransfer", ["edit", "duplicate", "viewLog", "delete"]],
    ["journalEntry", ["edit", "duplicate", "viewLog", "delete"]],
  ])("row actions of %s (spec 2.5)", (type, ids) => {
    expect(VOUCHER_REGISTRY[type].rowActions.map((a) => a.id)).toEqual(ids);
  });

  it.each<[VoucherType, VoucherType, string]>([
    ["quotation", "salesInvoice", "quotationId"],
    ["salesOrder", "salesInvoice", "salesOrderId"],
    ["deliveryChallan", "salesInvoice", "deliveryChallanId"],
    ["purchaseOrder", "purchases", "purchaseOrderId"],
  ])("%s converts into %s with ?%s (spec 2.6)", (from, into, queryParam) => {
    expect(VOUCHER_REGISTRY[from].conversions).toEqual([
      { into, queryParam, action: into === "purchases" ? "createPurchase" : "createInvoice" },
    ]);
  });

  it("settles sales with a receipt and purchases with a payment, refusing as api.md 8 says", () => {
    expect(VOUCHER_REGISTRY.salesInvoice.settlement?.refusal).toEqual({
      title: "Receipt cannot be created",
      message: "Sales already has status of received.",
    });
    expect(VOUCHER_REGISTRY.purchases.settlement?.into).toBe("payments");
    expect(VOUCHER_REGISTRY.purchases.settlement?.refusal.message).toBe(
      "Purchase already has status of paid.",
    );
    expect(voucherTypesWhere((d) => d.settlement !== null)).toEqual(["salesInvoice", "purchases"]);
  });

  it.each<[VoucherType, boolean]>([
    ["salesInvoice", true],
    ["creditNote", true],
    ["debitNote", true],
    ["quotation", true],
    ["salesOrder", true],
    ["deliveryChallan", true],
    ["purchases", false],
    ["purchaseOrder", false],
    ["receipts", false],
    ["payments", false],
    ["fundTransfer", false],
    ["journalEntry", false],
  ])("notes filter on %s: %s (spec 5)", (type, shown) => {
    expect(VOUCHER_REGISTRY[type].filterFields.some((f) => f.field === "notes")).toBe(shown);
  });

  it("labels the party filter by side", () => {
    const partyLabel = (type: VoucherType) =>
      VOUCHER_REGISTRY[type].filterFields.find((f) => f.field === "partyName")?.label;
    expect(partyLabel("salesInvoice")).toBe("Customer Name");
    expect(partyLabel("purchases")).toBe("Supplier Name");
    expect(partyLabel("purchaseOrder")).toBe("Supplier Name");
    expect(partyLabel("receipts")).toBeUndefined();
  });

  it("restricts account filters by nature as spec 5 says", () => {
    const natures = (type: VoucherType, field: string) =>
      VOUCHER_REGISTRY[type].filterFields.find((f) => f.field === field)?.natures;
    const cashAndBank = { mode: "only", natures: ["Cash", "Bank", "Bank OD/CC"] };
    expect(natures("receipts", "receivedAccountId")).toEqual(cashAndBank);
    expect(natures("payments", "paidAccountId")).toEqual(cashAndBank);
    expect(natures("fundTransfer", "transferFrom")).toEqual(cashAndBank);
    expect(natures("fundTransfer", "transferTo")).toEqual(cashAndBank);
    expect(natures("journalEntry", "debitAccountIds")).toEqual({ ...cashAndBank, mode: "except" });
    expect(natures("journalEntry", "creditAccountIds")).toEqual({ ...cashAndBank, mode: "except" });
    expect(natures("salesInvoice", "account")).toEqual({
      mode: "only",
      natures: ["Cash", "Bank", "Bank OD/CC", "Debtors", "Creditors"],
    });
  });
});

describe("lookups", () => {
  it("finds every type by its route word, family, summary type and list key", () => {
    for (const definition of definitions) {
      expect(findVoucherTypeByRouteWord(definition.routeWord)).toBe(definition.id);
      expect(findVoucherTypeByApiFamily(definition.apiFamily)).toBe(definition.id);
      expect(findVoucherTypeByListKey(definition.listKey)).toBe(definition.id);
      if (definition.summaryType !== null) {
        expect(findVoucherTypeBySummaryType(definition.summaryType)).toBe(definition.id);
      }
    }
  });

  it.each([
    ["/api/otherentries/salesorder", "salesOrder"],
    ["/salesinvoice/", "salesInvoice"],
    ["/otherentries", undefined],
    ["salesinvoice", undefined],
  ])("family %s -> %s", (path, type) => {
    expect(findVoucherTypeByApiFamily(path)).toBe(type);
  });

  it("returns undefined for unknown words", () => {
    expect(findVoucherTypeByRouteWord("sales-invoice")).toBeUndefined();
    expect(findVoucherTypeBySummaryType("quotation")).toBeUndefined();
    expect(findVoucherTypeByListKey("salesinvoices")).toBeUndefined();
  });

  it("filters types with a predicate, in VOUCHER_TYPES order", () => {
    expect(voucherTypesWhere((d) => d.movesStock === "in")).toEqual(["purchases", "creditNote"]);
    expect(voucherTypesWhere(() => false)).toEqual([]);
  });
});

describe("print facts (issue 21)", () => {
  it("the list's Print action is offered exactly on the types that print from their own list", () => {
    for (const type of VOUCHER_TYPES) {
      const definition = VOUCHER_REGISTRY[type];
      const listPrint = definition.print !== null && definition.print.parentType === null;
      expect(
        definition.rowActions.some((action) => action.id === "print"),
        type,
      ).toBe(listPrint);
    }
  });

  it("printable types are the issue's: documents, and receipts and payments from their invoice", () => {
    expect(listPrintableVoucherTypes()).toEqual([
      "salesInvoice",
      "creditNote",
      "debitNote",
      "salesDebitNote",
      "receipts",
      "payments",
      "quotation",
      "salesOrder",
      "purchaseOrder",
      "deliveryChallan",
    ]);
    expect(VOUCHER_REGISTRY.receipts.print?.parentType).toBe("salesInvoice");
    expect(VOUCHER_REGISTRY.payments.print?.parentType).toBe("purchases");
  });
});

describe("the debit note to a customer (issue 19, decision 066)", () => {
  const definition = VOUCHER_REGISTRY.salesDebitNote;

  it("is a customer's note against sales invoices, in GSTR-1 as ntty D, Table 13 nature 4", () => {
    expect(definition).toMatchObject({
      routeWord: "sales-debit-note",
      apiFamily: "/salesdebitnote",
      listCallName: "salesdebitnotelist",
      listKey: "salesDebitNotes",
      family: "document",
      posts: true,
      movesStock: null,
      partySide: "customer",
      settles: "salesInvoice",
      raisesBills: true,
      customFieldKey: "salesDebitNote",
      gstReturn: { role: "outwardNote", noteType: "D", table13Nature: 4 },
      eInvoice: "DBN",
      transport: null,
    });
    expect(definition.titles.singular).toBe("Debit Note (Sales)");
    expect(definition.print).toEqual({
      heading: "Debit Note",
      form: "note",
      partyLabel: "Bill To",
      parentType: null,
    });
    expect(definition.settings?.callName).toBe("salesdebitnote");
    expect(findVoucherTypeByRouteWord("sales-debit-note")).toBe("salesDebitNote");
    expect(findVoucherTypeBySummaryType("salesdebitnote")).toBe("salesDebitNote");
  });

  it("follows the two notes in the start menu and keeps out of the sales series", () => {
    const order = [...START_MENU_VOUCHER_ORDER];
    expect(order.indexOf("salesDebitNote")).toBe(order.indexOf("creditNote") + 1);
    expect(SALES_SERIES_TYPES).toEqual([
      "salesInvoice",
      "quotation",
      "salesOrder",
      "deliveryChallan",
    ]);
  });
});
