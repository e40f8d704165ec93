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
    // Issue 35: the year after the number, the zeros before it; a year a part of a longer run.
    ["0088/2025-26", "88"],
    ["88/25-26", "88"],
    ["0088/2025-2026", "88"],
    ["INV2025-26/0088", "INV88"],
    ["INV0042", "INV42"],
    ["inv.42", "INV42"],
    ["INV_042", "INV42"],
    ["2025-26", ""],
    ["24/2025", "242025"],
  ])("%s → %s", (raw, cleaned) => {
    expect(cleanBillNumber(raw)).toBe(cleaned);
  });

  test.each([
    ["0088/2526", "2025-06-10", "88"],
    ["2526/0088", "2026-03-31", "88"],
    ["88/20252026", "2025-04-01", "88"],
    // The compact year of another financial year stays, and so does a number that is only it.
    ["0088/2526", "2026-04-01", "882526"],
    ["2526", "2025-06-10", "2526"],
    ["INV-2526-7", "2025-06-10", "INV7"],
  ])("%s dated %s → %s", (raw, date, cleaned) => {
    expect(cleanBillNumber(raw, date)).toBe(cleaned);
  });

  test("case-insensitive", () => {
    expect(cleanBillNumber("abc/01")).toBe(cleanBillNumber("ABC-1"));
  });
});
