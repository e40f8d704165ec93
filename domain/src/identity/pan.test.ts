import { describe, expect, test } from "vitest";
import {
  normalisePan,
  normaliseTan,
  PAN_INVALID_MESSAGE,
  TAN_INVALID_MESSAGE,
  validatePan,
  validateTan,
} from "./pan.ts";

describe("validatePan", () => {
  // Spec 5 "Account save": 5 letters, 4 digits, 1 letter; upper-cased. PAN from gst-reference §1.
  test.each<[string, string | null]>([
    ["AAPFU0939F", null],
    [" aapfu0939f ", null],
    ["", null],
    ["AAPFU0939", PAN_INVALID_MESSAGE],
    ["AAPFU0939FF", PAN_INVALID_MESSAGE],
    ["AAPF00939F", PAN_INVALID_MESSAGE],
    ["AAPFU09391", PAN_INVALID_MESSAGE],
    ["AAPFU 0939F", PAN_INVALID_MESSAGE],
  ])("%j -> %j", (text, message) => {
    expect(validatePan(text)).toBe(message);
  });

  test("the message", () => {
    expect(PAN_INVALID_MESSAGE).toBe("PAN is not valid.");
  });
});

describe("validateTan", () => {
  // Spec 5 "Account save": 4 letters, 5 digits, 1 letter; upper-cased.
  test.each<[string, string | null]>([
    ["DELI09652G", null], // characters 3-12 of the TDS GSTIN 06DELI09652G1DA (gst-reference §1)
    ["deli09652g", null],
    ["", null],
    ["AAPFU0939F", TAN_INVALID_MESSAGE],
    ["DELI0965G", TAN_INVALID_MESSAGE],
    ["DELI096521", TAN_INVALID_MESSAGE],
  ])("%j -> %j", (text, message) => {
    expect(validateTan(text)).toBe(message);
  });

  test("the message", () => {
    expect(TAN_INVALID_MESSAGE).toBe("TAN is not valid.");
  });
});

test("normalisePan and normaliseTan upper-case and trim", () => {
  expect(normalisePan(" aapfu0939f ")).toBe("AAPFU0939F");
  expect(normaliseTan("deli09652g ")).toBe("DELI09652G");
});
