import { describe, expect, test } from "vitest";
import { describeStockShortfall } from "./stock-warning.ts";

const base = {
  type: "salesInvoice" as const,
  manageInventory: true,
  itemType: "goods" as const,
  quantityText: "12",
  inHand: 10,
  uom: "KGS",
};

describe("describeStockShortfall (decision 041)", () => {
  test("a sale of more than is in hand warns, naming what is in hand", () => {
    expect(describeStockShortfall(base)).toBe("Only 10 KGS in stock: this takes it below zero.");
    expect(describeStockShortfall({ ...base, inHand: -2, uom: "" })).toBe(
      "Only -2 in stock: this takes it below zero.",
    );
  });

  test("exactly what is in hand, or less, is fine", () => {
    expect(describeStockShortfall({ ...base, quantityText: "10" })).toBeUndefined();
    expect(describeStockShortfall({ ...base, quantityText: "0.3", inHand: 0.3 })).toBeUndefined();
  });

  test("quantities are compared in exact thousandths, half up (issue 34)", () => {
    // 0.5005 * 1000 is 500.49999999999994, which Math.round took for 500: in hand, no warning.
    expect(describeStockShortfall({ ...base, quantityText: "0.5005", inHand: 0.5 })).toBe(
      "Only 0.5 KGS in stock: this takes it below zero.",
    );
    expect(
      describeStockShortfall({ ...base, quantityText: "0.5004", inHand: 0.5 }),
    ).toBeUndefined();
  });

  test("lines that bring goods in, services, unknown stock and no inventory are not checked", () => {
    expect(describeStockShortfall({ ...base, type: "purchases" })).toBeUndefined();
    expect(describeStockShortfall({ ...base, type: "creditNote" })).toBeUndefined();
    expect(describeStockShortfall({ ...base, type: "quotation" })).toBeUndefined();
    expect(describeStockShortfall({ ...base, type: "debitNote" })).toBe(
      "Only 10 KGS in stock: this takes it below zero.",
    );
    expect(describeStockShortfall({ ...base, itemType: "services" })).toBeUndefined();
    expect(describeStockShortfall({ ...base, inHand: undefined })).toBeUndefined();
    expect(describeStockShortfall({ ...base, manageInventory: false })).toBeUndefined();
    expect(describeStockShortfall({ ...base, quantityText: "" })).toBeUndefined();
  });
});
