import { describe, expect, it } from "vitest";
import { isVoucherType, POSTING_VOUCHER_TYPES, VOUCHER_TYPES } from "./voucher-type.ts";

describe("voucher types", () => {
  it("has 13 types (the spec's 12 and the debit note to a customer), 9 of which post", () => {
    expect(VOUCHER_TYPES).toHaveLength(13);
    expect(POSTING_VOUCHER_TYPES).toHaveLength(9);
    expect(VOUCHER_TYPES).toEqual(expect.arrayContaining([...POSTING_VOUCHER_TYPES]));
  });

  it.each([
    ["salesInvoice", true],
    ["deliveryChallan", true],
    ["sales", false],
    ["SalesInvoice", false],
  ])("isVoucherType(%s) -> %s", (value, expected) => {
    expect(isVoucherType(value)).toBe(expected);
  });
});
