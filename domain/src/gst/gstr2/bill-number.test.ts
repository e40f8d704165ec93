import { describe, expect, test } from "vitest";
import { cleanBillNumber } from "./bill-number.ts";

describe("cleanBillNumber", () => {
  test.each([
    ["INV/2024-25/0042", "INV42"],
    ["inv-42", "INV42"],
    ["INV 042", "INV42"],
    ["INV/24-25/42", "INV42"],
    ["INV/2024/25/42", "INV42"],
    ["2024-2025/INV/42", "INV42"],
    ["INV/24/25/42", "INV42"],
    ["  0042  ", "42"],
    ["000", "0"],
    ["A-0-5", "A05"],
    // Not a financial year: the years do not follow each other, so the digits stay.
    ["INV/2024-26/42", "INV20242642"],
    ["INV/2024-2026/7", "INV202420267"],
    ["12-34", "1234"],
    ["SB\\007", "SB7"],
    ["", ""],
  ])("%s → %s", (raw, cleaned) => {
    expect(cleanBillNumber(raw)).toBe(cleaned);
  });

  test("case-insensitive", () => {
    expect(cleanBillNumber("abc/01")).toBe(cleanBillNumber("ABC-1"));
  });
});
