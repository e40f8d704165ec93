import { describe, expect, test } from "vitest";
import { describeBalance, describeDifference, totalOpeningBalances } from "./balances.ts";
import {
  describeTarget,
  emptyCustomFieldForm,
  offersPrintInPdf,
  toCustomFieldPayload,
  validateCustomFieldForm,
} from "./custom-field-form.ts";
import {
  changeItemType,
  emptyItemForm,
  toItemPayload,
  typeCode,
  typeQuantity,
  validateItemForm,
} from "./item-form.ts";

describe("item form", () => {
  test("goods take HSN and stock; services SAC and none", () => {
    const goods = { ...emptyItemForm(), name: "Rod", hsnCode: "7214", openingQuantity: "12.5" };
    const services = changeItemType(goods, "services");
    expect(services).toMatchObject({ type: "services", hsnCode: "", openingQuantity: "" });
    expect(changeItemType({ ...services, sacCode: "998719" }, "goods").sacCode).toBe("");
  });

  test("payload in rupees and percent; discounts capped at 100", () => {
    const item = {
      ...emptyItemForm(),
      name: "Rod",
      sellingPricePaise: 7225,
      saleDiscount: 250,
      openingQuantity: "12.5",
      openingAmountPaise: 812550,
      gstRate: 18,
    };
    expect(toItemPayload(item, "org-1")).toMatchObject({
      standardSellingPrice: 72.25,
      standardSaleDiscount: 2.5,
      openingBalanceQuantity: 12.5,
      openingBalanceAmount: 8125.5,
      gstRate: 18,
    });
    expect(validateItemForm(item)).toEqual({});
    expect(validateItemForm({ ...item, saleDiscount: 10001 })).toEqual({
      standardSaleDiscount: "Discount cannot be more than 100.",
    });
    expect(validateItemForm({ ...item, name: "" }).name).toBe("Item Name is Required!.");
  });

  test("a GST-registered organisation's item needs a GST rate (issue 40)", () => {
    const item = { ...emptyItemForm(), name: "Basmati Rice 25 Kg", hsnCode: "1006" };
    expect(validateItemForm(item, { gstRegistered: true })).toEqual({
      gstRate: "Choose the item's GST rate (or Exempt): the organisation is GST-registered.",
    });
    expect(validateItemForm({ ...item, gstRate: -1 }, { gstRegistered: true })).toEqual({});
    expect(validateItemForm({ ...item, gstRate: 0 }, { gstRegistered: true })).toEqual({});
    expect(validateItemForm(item, { gstRegistered: false })).toEqual({});
  });

  test("quantities to 3 decimals and codes of digits", () => {
    expect(typeQuantity("12.125", "12.12")).toBe("12.125");
    expect(typeQuantity("12.1255", "12.125")).toBe("12.125");
    expect(typeQuantity("1a", "1")).toBe("1");
    expect(typeCode("72-14 99 88", 8)).toBe("72149988");
    expect(typeCode("9987191", 6)).toBe("998719");
  });
});

describe("custom field form (spec 5 'Custom field')", () => {
  test("opens on Sales Invoice, or the preselected target", () => {
    expect(emptyCustomFieldForm().applicableFor).toBe("salesInvoice");
    expect(emptyCustomFieldForm("item").applicableFor).toBe("item");
  });

  test("the three required messages, verbatim", () => {
    expect(validateCustomFieldForm({ ...emptyCustomFieldForm(), applicableFor: "" })).toEqual({
      name: "Name is required",
      type: "Type is required",
      applicableFor: "Applicable For is required",
    });
  });

  test.each([
    ["shorttext", 100, "Short Text"],
    ["longtext", 500, "Long Text"],
    ["number", 200, "Number"],
  ] as const)("%s descriptions stop at %i characters", (type, limit, label) => {
    const field = { ...emptyCustomFieldForm(), name: "Batch", type };
    expect(validateCustomFieldForm({ ...field, description: "x".repeat(limit) })).toEqual({});
    expect(validateCustomFieldForm({ ...field, description: "x".repeat(limit + 1) })).toEqual({
      description: `Description should not be more than ${limit} characters for ${label} type`,
    });
  });

  test("Print in PDF only for the documents spec 5 names", () => {
    for (const target of [
      "salesInvoice",
      "creditNote",
      "debitNote",
      "receipts",
      "quotation",
      "salesOrder",
      "purchaseOrder",
      "deliveryChallan",
    ] as const)
      expect(offersPrintInPdf(target)).toBe(true);
    for (const target of ["purchases", "payments", "journalEntry", "account", "item"] as const)
      expect(offersPrintInPdf(target)).toBe(false);
    const payload = toCustomFieldPayload(
      { ...emptyCustomFieldForm("item"), name: "Shelf Life", type: "number", printInPdf: true },
      "org-1",
    );
    expect(payload.printInPdf).toBe(false);
    expect(describeTarget("salesInvoice")).toBe("Sales Invoice");
    expect(describeTarget("contactperson")).toBe("Contact Person");
  });
});

describe("balances", () => {
  test("en-IN with its side", () => {
    expect(describeBalance(125000, "dr")).toBe("1,25,000.00 Dr");
    expect(describeBalance(-100000.75, "cr")).toBe("1,00,000.75 Cr");
    expect(describeBalance(0, "cr")).toBe("0.00");
  });

  test("opening balance totals and their difference", () => {
    const totals = totalOpeningBalances([12500000, -10000075, 0]);
    expect(totals).toEqual({
      debitPaise: 12500000,
      creditPaise: 10000075,
      differencePaise: 2499925,
    });
    expect(describeDifference(totals.differencePaise)).toBe("24,999.25 Dr");
    expect(describeDifference(-5000)).toBe("50.00 Cr");
    expect(describeDifference(0)).toBe("0.00");
  });
});
