import { describe, expect, it } from "vitest";
import {
  AccountDetailLine,
  BillWiseAllocation,
  CustomFieldValues,
  ItemDetailLine,
  sumBillWiseInPaise,
  sumRupeesInPaise,
} from "./entry-lines.ts";
import { buildItemLine } from "./test-payloads.ts";

function firstIssue(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const issue = result.error?.issues[0];
  return issue === undefined ? undefined : { path: issue.path.join("."), message: issue.message };
}

describe("ItemDetailLine", () => {
  it("accepts a full line and defaults the discount", () => {
    const line = ItemDetailLine.parse(
      buildItemLine({
        hsnCode: "8471",
        uom: "nos",
        description: "  Laptop  ",
        discountType: undefined,
        discount: undefined,
      }),
    );
    expect(line).toMatchObject({
      uom: "NOS",
      description: "Laptop",
      discountType: "percent",
      discount: 0,
    });
  });

  it.each([
    [{ itemId: "" }, "itemId", "Item is required."],
    [{ quantity: 0 }, "quantity", "Quantity must be more than zero."],
    [{ quantity: 1.2345 }, "quantity", "Quantity can have at most 3 decimals."],
    [{ rate: -1 }, "rate", "Amount cannot be negative."],
    [{ rate: 10.001 }, "rate", "Amount can have at most 2 decimals."],
    [{ discountType: "flat" }, "discountType", "Discount type must be percent or amount."],
    [{ discount: 101 }, "discount", "Discount cannot be more than 100."],
    [{ gstRate: 7 }, undefined, undefined],
    [{ gstRate: -5 }, "gstRate", "GST rate must be a percentage, -1 (Exempt) or -2 (none)."],
    [{ cessRate: -1 }, "cessRate", "Cess rate cannot be negative."],
    [{ amount: -900 }, "amount", "Amount cannot be negative."],
    [{ hsnCode: "123456789" }, "hsnCode", "HSN code must be up to 8 digits."],
    [{ sacCode: "1234567" }, "sacCode", "SAC code must be up to 6 digits."],
    [{ uom: "KILO" }, "uom", "Unit must be a three-letter UQC code such as NOS or KGS."],
    [{ uom: "XYZ" }, "uom", "This is not one of the GST unit codes (UQC)."],
    [{ gstRate: 17.125 }, "gstRate", "GST rate must be a percentage, -1 (Exempt) or -2 (none)."],
    [{ cessRate: 1.234 }, "cessRate", "Cess rate can have at most 2 decimals."],
    [
      { description: "x".repeat(501) },
      "description",
      "Description cannot be more than 500 characters.",
    ],
    [{ igstAmount: -1 }, "igstAmount", "Amount cannot be negative."],
  ])("%j -> %s: %s", (overrides, path, message) => {
    const issue = firstIssue(ItemDetailLine.safeParse(buildItemLine(overrides)));
    expect(issue).toEqual(path === undefined ? undefined : { path, message });
  });

  it("allows an amount discount above 100 rupees", () => {
    expect(
      ItemDetailLine.safeParse(buildItemLine({ discountType: "amount", discount: 150 })).success,
    ).toBe(true);
  });
});

describe("AccountDetailLine", () => {
  it.each([
    [{ accountId: "acc-freight", amount: 250, gstRate: 18 }, undefined],
    [
      { accountId: "acc-freight", amount: 250, gstRate: -1, cessRate: 1, description: "" },
      undefined,
    ],
    [{ accountId: "acc-freight", amount: -250, gstRate: 18 }, "Amount cannot be negative."],
    [{ accountId: "acc-freight", amount: 250 }, "GST rate must be a number."],
  ])("%j -> %s", (line, message) => {
    expect(firstIssue(AccountDetailLine.safeParse(line))?.message).toBe(message);
  });
});

describe("BillWiseAllocation", () => {
  it.each([
    [{ entryId: "inv-1", amount: 10 }, undefined],
    [{ entryId: "inv-1", amount: 0 }, "Amount must be more than zero."],
    [{ amount: 10 }, "Id is required."],
  ])("%j -> %s", (allocation, message) => {
    expect(firstIssue(BillWiseAllocation.safeParse(allocation))?.message).toBe(message);
  });
});

describe("CustomFieldValues", () => {
  it.each([
    [{ "cf-1": "true", "cf-2": "2024-05-01" }, undefined],
    [{ "cf-1": "x".repeat(501) }, "A custom field value cannot be more than 500 characters."],
    [{ "cf-1": 5 }, "Invalid input: expected string, received number"],
  ])("%j -> %s", (values, message) => {
    expect(firstIssue(CustomFieldValues.safeParse(values))?.message).toBe(message);
  });
});

describe("paise sums", () => {
  it("sums rupees exactly in paise", () => {
    expect(sumRupeesInPaise([0.1, 0.2])).toBe(30);
    expect(sumRupeesInPaise([])).toBe(0);
    expect(
      sumBillWiseInPaise([
        { entryId: "a", amount: 1000.25 },
        { entryId: "b", amount: 0.05 },
      ]),
    ).toBe(100030);
  });
});
