import { describe, expect, it } from "vitest";
import { ItemEditInput, ItemInput } from "./item-input.ts";
import { ORG } from "./test-payloads.ts";

function buildItem(overrides: Record<string, unknown> = {}) {
  return { organisationId: ORG, name: "Steel Rod 12mm", type: "goods", ...overrides };
}

describe("ItemInput", () => {
  it("accepts a full goods item and fills the opening defaults", () => {
    const item = ItemInput.parse(
      buildItem({
        description: "TMT bar",
        uom: "kgs",
        hsnCode: "7214",
        gstRate: 18,
        standardSellingPrice: 72.5,
        standardSaleDiscount: 2.5,
        standardPurchasePrice: 65,
        standardPurchaseDiscount: 100,
        openingBalanceQuantity: 120.125,
        openingBalanceAmount: 7800,
      }),
    );
    expect(item).toMatchObject({ uom: "KGS", hsnCode: "7214", openingBalanceQuantity: 120.125 });
    expect(ItemInput.parse(buildItem())).toMatchObject({
      openingBalanceQuantity: 0,
      openingBalanceAmount: 0,
    });
  });

  it("accepts a service with a SAC code", () => {
    expect(ItemInput.parse(buildItem({ type: "services", sacCode: "998314" })).sacCode).toBe(
      "998314",
    );
  });

  it.each([
    [{ name: "" }, "name", "Item Name is Required!."],
    [{ name: "x".repeat(51) }, "name", "Item Name cannot be more than 50 characters."],
    [{ type: "product" }, "type", "Item type must be goods or services."],
    [{ type: undefined }, "type", "Item type must be goods or services."],
    [{ hsnCode: "123456789" }, "hsnCode", "HSN code must be up to 8 digits."],
    [{ uom: "XYZ" }, "uom", "This is not one of the GST unit codes (UQC)."],
    [{ gstRate: 101 }, "gstRate", "GST rate must be a percentage, -1 (Exempt) or -2 (none)."],
    [{ type: "services", sacCode: "1234567" }, "sacCode", "SAC code must be up to 6 digits."],
    [{ sacCode: "998314" }, "sacCode", "Goods take an HSN code, not a SAC code."],
    [
      { type: "services", hsnCode: "7214" },
      "hsnCode",
      "Services take a SAC code, not an HSN code.",
    ],
    [{ standardSaleDiscount: 100.5 }, "standardSaleDiscount", "Discount cannot be more than 100."],
    [{ standardPurchaseDiscount: -1 }, "standardPurchaseDiscount", "Discount cannot be negative."],
    [{ openingBalanceQuantity: -1 }, "openingBalanceQuantity", "Quantity cannot be negative."],
    [
      { standardSellingPrice: 1.001 },
      "standardSellingPrice",
      "Amount can have at most 2 decimals.",
    ],
    [
      { description: "x".repeat(501) },
      "description",
      "Description cannot be more than 500 characters.",
    ],
  ])("refuses %j at %s", (overrides, path, message) => {
    const issue = ItemInput.safeParse(buildItem(overrides)).error?.issues[0];
    expect({ path: issue?.path.join("."), message: issue?.message }).toEqual({ path, message });
  });
});

describe("ItemEditInput", () => {
  it("needs the itemId", () => {
    expect(ItemEditInput.safeParse(buildItem()).error?.issues[0]?.path).toEqual(["itemId"]);
    expect(ItemEditInput.parse(buildItem({ itemId: "item-1" })).itemId).toBe("item-1");
    expect(ItemEditInput.safeParse(buildItem({ itemId: "i", sacCode: "998314" })).success).toBe(
      false,
    );
  });
});
