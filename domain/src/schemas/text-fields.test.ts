import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  boundedText,
  EmailText,
  EntityId,
  MobileNumberText,
  optionalText,
  requiredText,
} from "./text-fields.ts";

describe("EntityId", () => {
  it.each([
    ["0190a6f2-7c1e-7b3a-9d42-5f1e2a3b4c5d", undefined],
    ["x", undefined],
    ["", "Id is required."],
    [undefined, "Id is required."],
    ["x".repeat(65), "Id cannot be longer than 64 characters."],
  ])("%s -> %s", (id, message) => {
    expect(EntityId.safeParse(id).error?.issues[0]?.message).toBe(message);
  });
});

describe("optionalText", () => {
  const Code = optionalText(z.string().regex(/^\d+$/, "digits only"));

  it.each([
    [undefined, undefined],
    ["", undefined],
    ["   ", undefined],
    [" 42 ", "42"],
  ])("%j -> %j", (input, output) => {
    expect(Code.parse(input)).toBe(output);
  });

  it("passes other text through the inner schema", () => {
    expect(Code.safeParse("4x").error?.issues[0]?.message).toBe("digits only");
  });
});

describe("requiredText and boundedText", () => {
  const Name = requiredText(5, "needed", "too long");

  it.each([
    [undefined, "needed"],
    ["  ", "needed"],
    ["abcdef", "too long"],
    [" abc ", undefined],
  ])("%j -> %s", (input, message) => {
    expect(Name.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it("trims and bounds", () => {
    expect(boundedText(3, "max 3").parse("  abc  ")).toBe("abc");
    expect(boundedText(3, "max 3").safeParse("abcd").error?.issues[0]?.message).toBe("max 3");
  });
});

describe("MobileNumberText (spec 5 Account save)", () => {
  it.each([
    ["9876543210", "9876543210"],
    ["98765-43210", "9876543210"],
    ["09876543210", "9876543210"],
    ["(987) 654 3210", "9876543210"],
  ])("%s -> %s", (input, output) => {
    expect(MobileNumberText.parse(input)).toBe(output);
  });

  // "009876543210" loses one 0 only (spec 5), leaving 11 digits.
  it.each(["987654321", "919876543210", "", "abc", "009876543210", "+91 98765 43210"])(
    "refuses %s",
    (input) => {
      expect(MobileNumberText.safeParse(input).error?.issues[0]?.message).toBe(
        "Mobile number must be exactly 10 digits.",
      );
    },
  );

  it("refuses a non-string with the same message", () => {
    expect(MobileNumberText.safeParse(9876543210).error?.issues[0]?.message).toBe(
      "Mobile number must be exactly 10 digits.",
    );
  });
});

describe("EmailText", () => {
  it("trims a valid address", () => {
    expect(EmailText.parse(" asha@example.in ")).toBe("asha@example.in");
  });

  it.each(["asha", "asha@", "@example.in", "", "asha@example", "as ha@example.in", 42])(
    "refuses %j",
    (input) => {
      expect(EmailText.safeParse(input).error?.issues[0]?.message).toBe(
        "Please enter a valid email address",
      );
    },
  );

  it("refuses an address longer than 254 characters", () => {
    expect(EmailText.safeParse(`${"a".repeat(250)}@example.in`).success).toBe(false);
  });
});
