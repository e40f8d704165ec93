import { expect, test } from "vitest";
import { PIN_CODE_INVALID_MESSAGE, validatePinCode } from "./pin-code.ts";

// Pattern ^[1-9][0-9]{5}$ from gst-reference.md §1.
test.each<[string, string | null]>([
  ["400001", null],
  [" 110001 ", null],
  ["", null],
  ["040001", PIN_CODE_INVALID_MESSAGE],
  ["40001", PIN_CODE_INVALID_MESSAGE],
  ["4000011", PIN_CODE_INVALID_MESSAGE],
  ["400 001", PIN_CODE_INVALID_MESSAGE],
])("validatePinCode(%j) -> %j", (text, message) => {
  expect(validatePinCode(text)).toBe(message);
});
