import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { amountInWords, spellIndianNumber } from "./amount-in-words.ts";

const CRORE = 10_000_000;

describe("spellIndianNumber", () => {
  // Computed by hand in the Indian system (spec 9: Crore, Lakh, Thousand, Hundred).
  test.each([
    [0, "Zero"],
    [7, "Seven"],
    [19, "Nineteen"],
    [20, "Twenty"],
    [21, "Twenty One"],
    [99, "Ninety Nine"],
    [100, "One Hundred"],
    [101, "One Hundred One"],
    [110, "One Hundred Ten"],
    [1000, "One Thousand"],
    [100000, "One Lakh"],
    [1234567, "Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven"],
    [CRORE, "One Crore"],
    [
      99 * CRORE + 9999999,
      "Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine",
    ],
    [100 * CRORE, "One Hundred Crore"], // 1,00,00,00,000 (brief)
    [10 ** 13, "Ten Lakh Crore"],
    [
      1234567 * CRORE + 8990123, // 1,23,45,67,89,90,123: the brief's words
      "Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven Crore Eighty Nine Lakh Ninety Thousand One Hundred Twenty Three",
    ],
    [
      1_234_567_890_123, // 12,34,56,78,90,123 = 1,23,456 crore and 78,90,123
      "One Lakh Twenty Three Thousand Four Hundred Fifty Six Crore Seventy Eight Lakh Ninety Thousand One Hundred Twenty Three",
    ],
  ])("%d -> %s", (n, words) => {
    expect(spellIndianNumber(n)).toBe(words);
  });

  test.each([-1, 1.5, Number.NaN, 2 ** 53])("refuses %d", (n) => {
    expect(() => spellIndianNumber(n)).toThrow(RangeError);
  });
});

describe("amountInWords", () => {
  test.each([
    [0, "Zero"], // spec 9: zero is 'Zero'
    [
      123456789, // brief's example: 12,34,567.89
      "Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven Rupees and Eighty Nine Paise",
    ],
    [50, "Fifty Paise"],
    [1, "One Paisa"],
    [100, "One Rupee"],
    [101, "One Rupee and One Paisa"],
    [150000, "One Thousand Five Hundred Rupees"],
    [-150050, "Minus One Thousand Five Hundred Rupees and Fifty Paise"],
    [-5, "Minus Five Paise"],
    [100 * CRORE * 100, "One Hundred Crore Rupees"],
    [
      Number.MAX_SAFE_INTEGER, // 9,00,71,99,25,47,409.91
      "Ninety Lakh Seven Thousand One Hundred Ninety Nine Crore Twenty Five Lakh Forty Seven Thousand Four Hundred Nine Rupees and Ninety One Paise",
    ],
  ])("%d paise -> %s", (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  test("refuses what is not a safe whole number of paise", () => {
    expect(() => amountInWords(0.5)).toThrow(RangeError);
  });

  test("never throws and reads cleanly for every safe amount", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (paise) => {
        const words = amountInWords(paise);
        expect(words).not.toMatch(/ {2}|^ | $/);
        expect(words).toMatch(/^(Minus )?[A-Z][a-z]+( ([A-Z][a-z]+|and))*$/);
        expect(words.startsWith("Minus ")).toBe(paise < 0);
      }),
    );
  });
});
