import { describe, expect, test } from "vitest";
import { type BookEntry, booksMatchWindow, matchLinesToBooks } from "./bank-books-match.ts";

const entry = (voucherId: string, date: string, amountPaise: number): BookEntry => ({
  voucherId,
  voucherType: "receipts",
  number: voucherId,
  date,
  amountPaise,
});

describe("matchLinesToBooks (issue 40)", () => {
  test("same amount and direction within three days matches; further, or the other way, does not", () => {
    const matched = matchLinesToBooks(
      [
        { date: "2025-05-10", amountPaise: 500000 },
        { date: "2025-05-10", amountPaise: -500000 },
        { date: "2025-05-20", amountPaise: 120000 },
        { date: "2025-05-25", amountPaise: 99900 },
      ],
      [
        entry("R1", "2025-05-08", 500000),
        entry("R2", "2025-05-16", 120000),
        entry("P1", "2025-05-28", 99900),
      ],
    );
    expect([...matched].map(([line, book]) => [line, book.voucherId])).toEqual([
      [0, "R1"],
      [3, "P1"],
    ]);
  });

  test("one voucher explains one line; two equal lines need two vouchers; nearest first", () => {
    const lines = [
      { date: "2025-06-01", amountPaise: 100000 },
      { date: "2025-06-03", amountPaise: 100000 },
    ];
    const one = matchLinesToBooks(lines, [entry("R1", "2025-06-03", 100000)]);
    expect([...one].map(([line, book]) => [line, book.voucherId])).toEqual([[1, "R1"]]);
    const two = matchLinesToBooks(lines, [
      entry("R1", "2025-06-03", 100000),
      entry("R2", "2025-06-01", 100000),
    ]);
    expect([...two].map(([line, book]) => [line, book.voucherId]).sort()).toEqual([
      [0, "R2"],
      [1, "R1"],
    ]);
  });

  test("the window reads three days either side", () => {
    expect(booksMatchWindow("2025-04-01", "2025-04-30")).toEqual({
      from: "2025-03-29",
      to: "2025-05-03",
    });
  });
});
