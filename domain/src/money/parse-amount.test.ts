import { describe, expect, test } from "vitest";
import type { AmountOptions } from "./parse-amount.ts";
import { AMOUNT_TEXT_PROBLEMS, parseAmount, validateAmountText } from "./parse-amount.ts";

const negativesAllowed: AmountOptions = { allowNegative: true };

// Rules from spec 5 "Amount input"; expected paise computed by hand.
describe("parseAmount and validateAmountText", () => {
  test.each<[string, AmountOptions, number, string | null]>([
    ["12,34,567.80", {}, 123456780, null],
    [" 1,000 ", {}, 100000, null],
    ["123456789", {}, 12345678900, null],
    ["123456789.99", {}, 12345678999, null],
    ["0.05", {}, 5, null],
    ["12.", {}, 1200, null],
    [".5", {}, 50, null],
    ["-5", negativesAllowed, -500, null],
    ["-1,000.00", negativesAllowed, -100000, null],
    ["100", { max: 10000 }, 10000, null],
    ["-500", { allowNegative: true, max: 10000 }, -50000, null],
    // Empty and still-being-typed text is accepted and reads as 0 (spec: empty is 0).
    ["", {}, 0, null],
    ["   ", {}, 0, null],
    [".", {}, 0, null],
    ["-", negativesAllowed, 0, null],
    ["-0", negativesAllowed, 0, null],
    // Invalid text reads as 0 (spec: invalid is 0).
    ["abc", {}, 0, AMOUNT_TEXT_PROBLEMS.characters],
    ["1.2.3", {}, 0, AMOUNT_TEXT_PROBLEMS.characters],
    ["1 000", {}, 0, AMOUNT_TEXT_PROBLEMS.characters],
    ["+5", {}, 0, AMOUNT_TEXT_PROBLEMS.characters],
    ["1e3", {}, 0, AMOUNT_TEXT_PROBLEMS.characters],
    ["--5", negativesAllowed, 0, AMOUNT_TEXT_PROBLEMS.characters],
    ["5-", negativesAllowed, 0, AMOUNT_TEXT_PROBLEMS.characters],
    ["-5", {}, 0, AMOUNT_TEXT_PROBLEMS.negative],
    ["1234567890", {}, 0, AMOUNT_TEXT_PROBLEMS.integerDigits],
    // Leading zeros count as typed digits: the input refuses a tenth digit whatever it is.
    ["0000000012", {}, 0, AMOUNT_TEXT_PROBLEMS.integerDigits],
    ["12.345", {}, 0, AMOUNT_TEXT_PROBLEMS.decimals],
    ["100.01", { max: 10000 }, 0, "Amount cannot be more than 100.00."],
  ])("%j with %j -> %d paise, problem %j", (text, options, paise, problem) => {
    expect(parseAmount(text, options)).toBe(paise);
    expect(validateAmountText(text, options)).toBe(problem);
  });

  test("never returns negative zero", () => {
    expect(Object.is(parseAmount("-0.00", negativesAllowed), 0)).toBe(true);
  });

  test("options default to no negatives and no maximum", () => {
    expect(parseAmount("999999999.99")).toBe(99_999_999_999);
    expect(validateAmountText("-1")).toBe(AMOUNT_TEXT_PROBLEMS.negative);
  });
});
