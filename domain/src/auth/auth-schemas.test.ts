import { describe, expect, it } from "vitest";
import {
  EmailAddress,
  ForgotPasswordInput,
  MobileNumber,
  NewPassword,
  Otp,
  ResetPasswordWithOtpInput,
  ResetPasswordWithTokenInput,
  SignInInput,
  SignUpInput,
  UpdateUserSourceInput,
  VerifySignUpOtpInput,
  VerifyTokenInput,
} from "./auth-schemas.ts";

function firstMessage(result: { error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

const MOBILE_MESSAGE = "Mobile number must be exactly 10 digits.";

describe("MobileNumber (spec 5, identity's normaliseMobile and validateMobile)", () => {
  it.each([
    ["9876543210", "9876543210"],
    ["98765 43210", "9876543210"],
    ["(987) 654-3210", "9876543210"],
    ["09876543210", "9876543210"],
    ["0987654321", "0987654321"],
    [9876543210, "9876543210"],
  ])("%j -> %s", (input, output) => {
    expect(MobileNumber.parse(input)).toBe(output);
  });

  it.each(["98765", "", "abc", "919876543210", "009876543210", 98765, 9876543210.5])(
    "refuses %j with the spec's message",
    (input) => {
      expect(firstMessage(MobileNumber.safeParse(input))).toBe(MOBILE_MESSAGE);
    },
  );

  it("refuses what is neither text nor a number", () => {
    expect(MobileNumber.safeParse(null).success).toBe(false);
  });
});

describe("EmailAddress, NewPassword, Otp", () => {
  it("trims and lower-cases an email", () => {
    expect(EmailAddress.parse("  Asha@Example.IN ")).toBe("asha@example.in");
  });

  it.each([
    [undefined, "Email is required."],
    ["  ", "Email is required."],
    [`${"a".repeat(250)}@example.in`, "Email is too long."],
    ["asha@", "Please enter a valid email address"],
  ])("refuses email %j: %s", (input, message) => {
    expect(firstMessage(EmailAddress.safeParse(input))).toBe(message);
  });

  it.each([
    [undefined, "Password is required."],
    ["short", "Password must be at least 8 characters."],
    ["x".repeat(129), "Password must be at most 128 characters."],
  ])("refuses password %j: %s", (input, message) => {
    expect(firstMessage(NewPassword.safeParse(input))).toBe(message);
  });

  it.each([
    ["123456", "123456"],
    [" 42 ", "000042"],
    [42, "000042"],
  ])("reads OTP %j as %s", (input, output) => {
    expect(Otp.parse(input)).toBe(output);
  });

  it.each(["12345a", "1234567"])("refuses OTP %j", (input) => {
    expect(firstMessage(Otp.safeParse(input))).toBe("OTP must be 6 digits.");
  });
});

describe("payloads", () => {
  it("reads a sign-up", () => {
    expect(
      SignUpInput.parse({
        name: " Asha ",
        email: "asha@example.in",
        password: "correct horse",
        mobileNumber: "098765 43210",
        source1: "ads",
      }),
    ).toEqual({
      name: "Asha",
      email: "asha@example.in",
      password: "correct horse",
      mobileNumber: "9876543210",
      source1: "ads",
    });
  });

  it.each([
    [{ name: "" }, "name", "Name is required."],
    [{ mobileNumber: "98765" }, "mobileNumber", MOBILE_MESSAGE],
  ])("refuses a sign-up with %j", (overrides, path, message) => {
    const issue = SignUpInput.safeParse({
      name: "Asha",
      email: "asha@example.in",
      password: "correct horse",
      mobileNumber: "9876543210",
      ...overrides,
    }).error?.issues[0];
    expect({ path: issue?.path.join("."), message: issue?.message }).toEqual({ path, message });
  });

  it.each([
    [SignInInput, { username: " asha@example.in ", password: "x" }, true],
    [SignInInput, { username: "", password: "x" }, false],
    [SignInInput, { username: "asha", password: "" }, false],
    [VerifySignUpOtpInput, { userId: "u-1", otp: "123456" }, true],
    [VerifyTokenInput, { token: "" }, false],
    [ForgotPasswordInput, { email: "asha@example.in" }, true],
    [ResetPasswordWithOtpInput, { userId: "u-1", otp: 1, password: "correct horse" }, true],
    [ResetPasswordWithTokenInput, { token: "t", password: "short" }, false],
    [UpdateUserSourceInput, { source: "ads", clickId: "c" }, true],
  ] as const)("%#: %j -> %s", (schema, payload, success) => {
    expect(schema.safeParse(payload).success).toBe(success);
  });
});
