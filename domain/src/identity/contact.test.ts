import { describe, expect, test } from "vitest";
import {
  type ContactProblem,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  MOBILE_LENGTH_MESSAGE,
  normaliseMobile,
  PHONE_INVALID,
  PHONE_REQUIRED,
  validateEmail,
  validateMobile,
  validatePhone,
} from "./contact.ts";

describe("normaliseMobile", () => {
  // Spec 5 "Account save": digits only; a leading 0 is dropped when over 10 digits.
  test.each([
    ["98765 43210", "9876543210"],
    ["09876543210", "9876543210"],
    ["0987654321", "0987654321"], // exactly 10: the 0 stays
    ["+91 98765-43210", "919876543210"], // the spec drops only a leading 0
    ["00987654321", "0987654321"], // only one 0 is dropped
    ["abc", ""],
  ])("%j -> %j", (text, mobile) => {
    expect(normaliseMobile(text)).toBe(mobile);
  });
});

describe("validateMobile", () => {
  test.each<[string, string | null]>([
    ["9876543210", null],
    ["09876543210", null],
    ["", null],
    ["987654321", MOBILE_LENGTH_MESSAGE],
    ["+91 9876543210", MOBILE_LENGTH_MESSAGE],
  ])("%j -> %j", (text, message) => {
    expect(validateMobile(text)).toBe(message);
  });

  test("the message is the spec's", () => {
    expect(MOBILE_LENGTH_MESSAGE).toBe("Mobile number must be exactly 10 digits.");
  });
});

describe("validateEmail", () => {
  // Spec 5 "Add email, add phone, send".
  test.each<[string, ContactProblem | null]>([
    ["accounts@example.in", null],
    [" a.b+c@mail.example.co.in ", null],
    ["", EMAIL_REQUIRED],
    ["   ", EMAIL_REQUIRED],
    ["accounts", EMAIL_INVALID],
    ["accounts@example", EMAIL_INVALID],
    ["@example.in", EMAIL_INVALID],
    ["a b@example.in", EMAIL_INVALID],
    ["a@b@example.in", EMAIL_INVALID],
    ["a@example..in", EMAIL_INVALID],
    ["a@example.in.", EMAIL_INVALID],
  ])("%j -> %j", (text, problem) => {
    expect(validateEmail(text)).toEqual(problem);
  });

  test("the messages are the spec's", () => {
    expect(EMAIL_REQUIRED).toEqual({
      title: "Email Required",
      message: "Please enter a valid email address",
    });
    expect(EMAIL_INVALID).toEqual({
      title: "Invalid Email",
      message: "Please enter a valid email address",
    });
  });
});

describe("validatePhone", () => {
  // Spec 5: digits, spaces, plus, hyphen, parentheses; at least 10 characters (spec 9).
  test.each<[string, ContactProblem | null]>([
    ["9876543210", null],
    ["+91 98765-43210", null],
    ["(022) 2345-678", null],
    ["", PHONE_REQUIRED],
    ["  ", PHONE_REQUIRED],
    ["987654321", PHONE_INVALID],
    ["98765x43210", PHONE_INVALID],
    ["+91.9876543210", PHONE_INVALID],
  ])("%j -> %j", (text, problem) => {
    expect(validatePhone(text)).toEqual(problem);
  });

  test("the messages are the spec's", () => {
    expect(PHONE_REQUIRED).toEqual({
      title: "Phone Number Required",
      message: "Please enter a valid phone number",
    });
    expect(PHONE_INVALID).toEqual({
      title: "Invalid Phone Number",
      message: "Please enter a valid phone number (minimum 10 digits)",
    });
  });
});
