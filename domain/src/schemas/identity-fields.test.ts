import { describe, expect, it } from "vitest";
import { GSTIN_INVALID_MESSAGE, GSTIN_LENGTH_MESSAGE } from "../identity/index.ts";
import {
  GST_REGISTRATION_TYPE_VALUES,
  PLACES_OF_SUPPLY,
  STATES,
  UQC_UNITS,
} from "../reference/index.ts";
import {
  GstinText,
  GstTypeText,
  HsnCode,
  isKnownStateCode,
  PanText,
  SacCode,
  STATE_CODE_MESSAGES,
  StateCode,
  TanText,
  UOM_CODE_MESSAGES,
  UomCode,
} from "./identity-fields.ts";

function firstMessage(result: { error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe("GstinText (spec 5 GSTIN, with identity's isValidGstin)", () => {
  it("uppercases and trims", () => {
    expect(GstinText.parse(" 27aapfu0939f1zv ")).toBe("27AAPFU0939F1ZV");
  });

  it.each([
    "27AAPFU0939F1ZV", // normal
    "29AABCF8078M1C8", // TCS
    "06DELI09652G1DA", // TDS
    "9917SGP29001OST", // OIDAR: spec 5's alternative pattern, no check character
    "0717UNO00157UNO", // UIN
    "25AAPFU0939F1ZZ", // a legacy state code still printed on older GSTINs
  ])("accepts %s", (gstin) => {
    expect(GstinText.safeParse(gstin).success).toBe(true);
  });

  it.each([
    ["27AAPFU0939F1Z", GSTIN_LENGTH_MESSAGE],
    ["27AAPFU0939F1ZVX", GSTIN_LENGTH_MESSAGE],
    ["", GSTIN_LENGTH_MESSAGE],
    [undefined, GSTIN_LENGTH_MESSAGE],
    ["27AAPFU0939F1Z-", GSTIN_INVALID_MESSAGE],
    // Right shape, wrong check character: the checksum is now enforced.
    ["27AAPFU0939F1ZW", GSTIN_INVALID_MESSAGE],
    ["22AAAAA0000A1Z5", GSTIN_INVALID_MESSAGE],
    // A normal GSTIN must start with a registration state code.
    ["96AAPFU0939F1ZQ", GSTIN_INVALID_MESSAGE],
  ])("%s -> %s", (input, message) => {
    expect(firstMessage(GstinText.safeParse(input))).toBe(message);
  });

  it("quotes spec 5 verbatim", () => {
    expect([GSTIN_LENGTH_MESSAGE, GSTIN_INVALID_MESSAGE]).toEqual([
      "GSTIN should be of exactly 15 characters.",
      "GSTIN is not valid.",
    ]);
  });

  it("gives one message for a wrong length, not also 'not valid'", () => {
    expect(GstinText.safeParse("27AAPFU").error?.issues).toHaveLength(1);
  });
});

describe("StateCode (reference's places of supply)", () => {
  it.each(PLACES_OF_SUPPLY.map((place) => place.code))("accepts %s", (code) => {
    expect(StateCode.parse(code)).toBe(code);
  });

  it("accepts the states, 96 Other Countries and 97 Other Territory, trimmed", () => {
    expect(PLACES_OF_SUPPLY).toHaveLength(STATES.length + 1);
    expect(StateCode.parse(" 96 ")).toBe("96");
    expect(StateCode.parse("97")).toBe("97");
  });

  it.each([
    ["7", STATE_CODE_MESSAGES.shape],
    ["Maharashtra", STATE_CODE_MESSAGES.shape],
    ["-1", STATE_CODE_MESSAGES.shape],
    [27, STATE_CODE_MESSAGES.shape],
    ["00", STATE_CODE_MESSAGES.unknown],
    // Legacy 25 and 28 live on only inside old GSTINs; spec 3 lists no state with them.
    ["25", STATE_CODE_MESSAGES.unknown],
    ["28", STATE_CODE_MESSAGES.unknown],
    ["39", STATE_CODE_MESSAGES.unknown],
    ["99", STATE_CODE_MESSAGES.unknown],
  ])("refuses %j: %s", (input, message) => {
    expect(StateCode.safeParse(input).error?.issues.map((issue) => issue.message)).toEqual([
      message,
    ]);
  });

  it("words the two messages", () => {
    expect(STATE_CODE_MESSAGES).toEqual({
      shape: "State must be a two-digit GST state code.",
      unknown: "This is not a GST state code.",
    });
    expect(isKnownStateCode("27")).toBe(true);
    expect(isKnownStateCode("25")).toBe(false);
  });
});

describe("UomCode (reference's UQC units)", () => {
  it.each(UQC_UNITS.map((unit) => unit.code))("accepts %s", (code) => {
    expect(UomCode.parse(code.toLowerCase())).toBe(code);
  });

  it.each([
    ["KG", UOM_CODE_MESSAGES.shape],
    ["KILOGRAMS", UOM_CODE_MESSAGES.shape],
    ["KGS-KILOGRAMS", UOM_CODE_MESSAGES.shape],
    ["", UOM_CODE_MESSAGES.shape],
    [3, UOM_CODE_MESSAGES.shape],
    ["XYZ", UOM_CODE_MESSAGES.unknown],
    ["xyz", UOM_CODE_MESSAGES.unknown],
    ["NA", UOM_CODE_MESSAGES.shape],
  ])("refuses %j: %s", (input, message) => {
    expect(UomCode.safeParse(input).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe("PAN and TAN (identity's validators)", () => {
  it.each([
    [PanText, " aapfu0939f ", "AAPFU0939F"],
    [TanText, "pnea12345b", "PNEA12345B"],
  ] as const)("%#: %s -> %s", (schema, input, output) => {
    expect(schema.parse(input)).toBe(output);
  });

  it.each([
    [PanText, "ABCD12345F", "PAN is not valid."],
    [PanText, "", "PAN is not valid."],
    [PanText, 42, "PAN is not valid."],
    [TanText, "ABCDE1234F", "TAN is not valid."],
    [TanText, " ", "TAN is not valid."],
  ] as const)("%#: refuses %j", (schema, input, message) => {
    expect(firstMessage(schema.safeParse(input))).toBe(message);
  });
});

describe("HSN, SAC and GST registration type", () => {
  it.each([
    [HsnCode, "84713010", "84713010"],
    [SacCode, "998314", "998314"],
    [GstTypeText, "overseas", "overseas"],
  ] as const)("%#: %s -> %s", (schema, input, output) => {
    expect(schema.parse(input)).toBe(output);
  });

  it.each([
    [HsnCode, "123456789", "HSN code must be up to 8 digits."],
    [HsnCode, "84A1", "HSN code must be up to 8 digits."],
    [SacCode, "9983145", "SAC code must be up to 6 digits."],
    [GstTypeText, "Regular", "GST Registration Type is not one of the known types."],
  ] as const)("%#: refuses %s", (schema, input, message) => {
    expect(firstMessage(schema.safeParse(input))).toBe(message);
  });

  it("accepts exactly reference's eight registration types", () => {
    expect(GstTypeText.options).toEqual([...GST_REGISTRATION_TYPE_VALUES]);
  });
});
