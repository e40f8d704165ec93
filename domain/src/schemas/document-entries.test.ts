import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  EXPORT_SEZ_VALUES,
  IMPORT_TYPE_VALUES,
  NOTE_TYPE_VALUES,
  RCM_GST_TYPE_VALUES,
} from "../vouchers/engine/document-options.ts";
import {
  CreditNoteEditInput,
  CreditNoteInput,
  DEFAULT_NOTE_TYPE,
  DebitNoteInput,
  DeliveryChallanInput,
  ENTRY_MESSAGES,
  PurchaseInput,
  PurchaseOrderInput,
  QuotationInput,
  SalesDebitNoteInput,
  SalesInvoiceEditInput,
  SalesInvoiceInput,
  SalesOrderInput,
  VERSION_REQUIRED_MESSAGE,
} from "./document-entries.ts";
import { buildDocument } from "./test-payloads.ts";

function listIssues(schema: z.ZodType, payload: unknown) {
  const result = schema.safeParse(payload);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

const DOCUMENT_SCHEMAS = [
  ["SalesInvoiceInput", SalesInvoiceInput],
  ["PurchaseInput", PurchaseInput],
  ["CreditNoteInput", CreditNoteInput],
  ["DebitNoteInput", DebitNoteInput],
  ["SalesDebitNoteInput", SalesDebitNoteInput],
  ["QuotationInput", QuotationInput],
  ["SalesOrderInput", SalesOrderInput],
  ["DeliveryChallanInput", DeliveryChallanInput],
  ["PurchaseOrderInput", PurchaseOrderInput],
] as const;

describe.each(DOCUMENT_SCHEMAS)("%s", (_name, schema) => {
  it("accepts a valid document and normalises it", () => {
    const parsed = schema.parse(buildDocument({ narration: "  ", notes: " Thank you " })) as Record<
      string,
      unknown
    >;
    expect(parsed.gstin).toBe("27AAPFU0939F1ZV");
    expect(parsed.narration).toBeUndefined();
    expect(parsed.notes).toBe("Thank you");
    expect(parsed.rcmApplicable).toBe(false);
    expect(parsed.roundOff).toBe(true);
  });

  it.each([
    [{ date: "2025-04-01" }, "date", "Date should be within current financial year."],
    [{ date: "2024-02-30" }, "date", "Date must be a real date in the form YYYY-MM-DD."],
    [{ year: "2024-2025" }, "year", "Year must be a financial year like 2024-25."],
    [{ organisationId: "" }, "organisationId", "Id is required."],
    [
      { itemDetails: [], accountDetails: [] },
      "itemDetails",
      "Add at least one item or account line.",
    ],
    [{ gstin: "27AAPFU0939F1Z" }, "gstin", "GSTIN should be of exactly 15 characters."],
    [{ gstin: "27AAPFU0939F1ZW" }, "gstin", "GSTIN is not valid."],
    [{ pos: "Maharashtra" }, "pos", "State must be a two-digit GST state code."],
    [{ pos: "25" }, "pos", "This is not a GST state code."],
    [{ rcmGstType: "section 9(3)" }, "rcmGstType", ENTRY_MESSAGES.rcmGstType],
    [
      { gstPaymentTypeInExportOrSez: "export" },
      "gstPaymentTypeInExportOrSez",
      "Choose how the export or SEZ supply is made.",
    ],
    [{ roundOff: "no" }, "roundOff", "Round off must be true or false."],
    [
      { itemDetails: [{ ...buildDocument().itemDetails[0], uom: "XYZ" }] },
      "itemDetails.0.uom",
      "This is not one of the GST unit codes (UQC).",
    ],
    [
      { itemDetails: [{ ...buildDocument().itemDetails[0], gstRate: 17.125 }] },
      "itemDetails.0.gstRate",
      "GST rate must be a percentage, -1 (Exempt) or -2 (none).",
    ],
    [{ totalAmount: 10.555 }, "totalAmount", "Amount can have at most 2 decimals."],
    [{ grossAmount: -1 }, "grossAmount", "Amount cannot be negative."],
    [
      { invoiceNumber: "X".repeat(51) },
      "invoiceNumber",
      "Invoice number cannot be more than 50 characters.",
    ],
    [
      { billingAddress: "x".repeat(301) },
      "billingAddress",
      "Billing address cannot be more than 300 characters.",
    ],
    [
      { narration: "x".repeat(1001) },
      "narration",
      "Narration cannot be more than 1000 characters.",
    ],
    [{ itemDetails: [{ itemId: "i" }] }, "itemDetails.0.quantity", "Quantity must be a number."],
  ])("refuses %j at %s", (overrides, path, message) => {
    expect(listIssues(schema, buildDocument(overrides))[0]).toEqual({ path, message });
  });

  it("a missing party is named as its picker is: Customer or Supplier, never 'Id'", () => {
    const side = ["PurchaseInput", "PurchaseEditInput", "DebitNoteInput", "DebitNoteEditInput"]
      .concat(["PurchaseOrderInput", "PurchaseOrderEditInput"])
      .includes(_name)
      ? "Supplier"
      : "Customer";
    for (const cashOrDebtorAccountId of [undefined, ""]) {
      expect(
        listIssues(schema, buildDocument({ cashOrDebtorAccountId })).find(
          (issue) => issue.path === "cashOrDebtorAccountId",
        ),
      ).toEqual({ path: "cashOrDebtorAccountId", message: `${side} is required.` });
    }
  });

  it("takes the decided options, and blank as not given", () => {
    const parsed = schema.parse(
      buildDocument({
        pos: "96",
        rcmGstType: "unregistered",
        gstPaymentTypeInExportOrSez: " ",
        roundOff: false,
      }),
    ) as Record<string, unknown>;
    expect(parsed).toMatchObject({ pos: "96", rcmGstType: "unregistered", roundOff: false });
    expect(parsed.gstPaymentTypeInExportOrSez).toBeUndefined();
  });

  it("reports a bad amount once, without running the paise sums", () => {
    expect(
      listIssues(
        schema,
        buildDocument({ totalAmount: 1.005, billWiseEntries: [{ entryId: "i", amount: 1 }] }),
      ),
    ).toEqual([{ path: "totalAmount", message: "Amount can have at most 2 decimals." }]);
  });

  it("accepts account lines alone and a negative round-off", () => {
    const payload = buildDocument({
      itemDetails: [],
      accountDetails: [{ accountId: "acc-service", amount: 1000, gstRate: 18 }],
      roundOffAmount: -0.4,
    });
    expect(listIssues(schema, payload)).toEqual([]);
  });
});

describe("due dates (invoice, purchase, notes, purchase order)", () => {
  it.each([SalesInvoiceInput, PurchaseInput, CreditNoteInput, DebitNoteInput, PurchaseOrderInput])(
    "%#: keeps a due date and refuses one before the date",
    (schema) => {
      expect(
        (schema.parse(buildDocument({ dueDate: "2024-07-15" })) as { dueDate?: string }).dueDate,
      ).toBe("2024-07-15");
      expect(listIssues(schema, buildDocument({ dueDate: "2024-06-14" }))).toEqual([
        { path: "dueDate", message: "Due date cannot be before the date." },
      ]);
    },
  );

  it.each([QuotationInput, SalesOrderInput, DeliveryChallanInput])(
    "%#: drops a due date",
    (schema) => {
      expect(schema.parse(buildDocument({ dueDate: "2024-07-15" }))).not.toHaveProperty("dueDate");
    },
  );
});

describe("decided options (vouchers/engine/document-options)", () => {
  it.each(EXPORT_SEZ_VALUES)("a sales invoice takes export or SEZ payment %s", (value) => {
    expect(
      SalesInvoiceInput.parse(buildDocument({ gstPaymentTypeInExportOrSez: value }))
        .gstPaymentTypeInExportOrSez,
    ).toBe(value);
  });

  it.each(RCM_GST_TYPE_VALUES)("takes the reverse-charge type %s", (value) => {
    expect(
      PurchaseInput.parse(buildDocument({ rcmApplicable: true, rcmGstType: value })).rcmGstType,
    ).toBe(value);
  });

  it.each(IMPORT_TYPE_VALUES)("a purchase and a purchase order take import type %s", (value) => {
    expect(PurchaseInput.parse(buildDocument({ importType: value })).importType).toBe(value);
    expect(PurchaseOrderInput.parse(buildDocument({ importType: value })).importType).toBe(value);
  });

  it("refuses an unknown import type", () => {
    expect(listIssues(PurchaseInput, buildDocument({ importType: "capital goods" }))).toEqual([
      { path: "importType", message: "Choose whether goods or services are imported." },
    ]);
  });

  it.each(NOTE_TYPE_VALUES)("a note takes type %s", (value) => {
    expect(CreditNoteInput.parse(buildDocument({ type: value })).type).toBe(value);
    expect(DebitNoteInput.parse(buildDocument({ type: ` ${value} ` })).type).toBe(value);
  });

  it.each([undefined, "", "  "])("a note's type %j defaults to return", (type) => {
    expect(DEFAULT_NOTE_TYPE).toBe("return");
    expect(CreditNoteInput.parse(buildDocument({ type })).type).toBe("return");
  });

  it("a debit note to a customer is always a price adjustment, and names the invoices it raises", () => {
    const parsed = SalesDebitNoteInput.parse(
      buildDocument({ billWiseEntries: [{ entryId: "inv-1", amount: 100 }] }),
    );
    expect(parsed.type).toBe("adjustment");
    expect(parsed.billWiseEntries).toEqual([{ entryId: "inv-1", amount: 100 }]);
    expect(SalesDebitNoteInput.parse(buildDocument({ type: "adjustment" })).type).toBe(
      "adjustment",
    );
    expect(listIssues(SalesDebitNoteInput, buildDocument({ type: "return" }))).toEqual([
      { path: "type", message: ENTRY_MESSAGES.salesDebitNoteType },
    ]);
  });

  it("refuses an unknown note type", () => {
    expect(listIssues(DebitNoteInput, buildDocument({ type: "salesReturn" }))).toEqual([
      {
        path: "type",
        message: "Choose whether the note is for goods returned or a price adjustment.",
      },
    ]);
  });

  it("refuses an export or SEZ sales invoice under reverse charge, on add and edit", () => {
    const payload = buildDocument({
      rcmApplicable: true,
      gstPaymentTypeInExportOrSez: "sezWithoutPayment",
    });
    const issue = {
      path: "rcmApplicable",
      message: "An export or SEZ supply cannot be under reverse charge.",
    };
    expect(listIssues(SalesInvoiceInput, payload)).toEqual([issue]);
    expect(listIssues(SalesInvoiceEditInput, { ...payload, entryId: "inv-1", version: 1 })).toEqual(
      [issue],
    );
    expect(listIssues(SalesInvoiceInput, { ...payload, rcmApplicable: false })).toEqual([]);
  });
});

describe("type-specific fields", () => {
  it("keeps one source document on a sales invoice and refuses two", () => {
    expect(SalesInvoiceInput.parse(buildDocument({ quotationId: "q-1" })).quotationId).toBe("q-1");
    expect(
      listIssues(SalesInvoiceInput, buildDocument({ quotationId: "q-1", salesOrderId: "so-1" })),
    ).toEqual([
      {
        path: "quotationId",
        message: "Give at most one of quotationId, salesOrderId and deliveryChallanId.",
      },
    ]);
  });

  it("keeps importType and purchaseOrderId on purchases", () => {
    const purchase = PurchaseInput.parse(
      buildDocument({ importType: "goods", purchaseOrderId: "po-1" }),
    );
    expect(purchase).toMatchObject({ importType: "goods", purchaseOrderId: "po-1" });
    expect(PurchaseOrderInput.parse(buildDocument({ importType: "services" })).importType).toBe(
      "services",
    );
  });

  it("keeps a note's type and bill-wise entries, within the total", () => {
    const note = CreditNoteInput.parse(
      buildDocument({ type: "adjustment", billWiseEntries: [{ entryId: "inv-1", amount: 1062 }] }),
    );
    expect(note).toMatchObject({
      type: "adjustment",
      billWiseEntries: [{ entryId: "inv-1", amount: 1062 }],
    });
    expect(CreditNoteInput.parse(buildDocument()).billWiseEntries).toEqual([]);
    expect(
      listIssues(
        DebitNoteInput,
        buildDocument({ billWiseEntries: [{ entryId: "b-1", amount: 1062.01 }] }),
      ),
    ).toEqual([
      {
        path: "billWiseEntries",
        message: "Bill-wise allocations cannot be more than the total amount.",
      },
    ]);
  });

  it("drops fields of other families", () => {
    expect(
      QuotationInput.parse(buildDocument({ importType: "goods", quotationId: "q" })),
    ).not.toHaveProperty("importType");
  });
});

describe("edit payloads", () => {
  it("need the entryId and the version the edit started from", () => {
    expect(listIssues(SalesInvoiceEditInput, buildDocument({ version: 1 }))).toEqual([
      { path: "entryId", message: "Id is required." },
    ]);
    // issue 26: no version is no silent last-write-wins.
    expect(listIssues(SalesInvoiceEditInput, buildDocument({ entryId: "inv-1" }))).toEqual([
      { path: "version", message: VERSION_REQUIRED_MESSAGE },
    ]);
    expect(
      SalesInvoiceEditInput.parse(buildDocument({ entryId: "inv-1", version: 3 })).version,
    ).toBe(3);
    expect(
      listIssues(CreditNoteEditInput, buildDocument({ entryId: "n-1", version: 0 }))[0]?.path,
    ).toBe("version");
  });

  it("keep the document rules", () => {
    expect(
      listIssues(
        SalesInvoiceEditInput,
        buildDocument({ entryId: "inv-1", version: 1, date: "2024-03-31" }),
      ),
    ).toEqual([{ path: "date", message: "Date should be within current financial year." }]);
  });
});
