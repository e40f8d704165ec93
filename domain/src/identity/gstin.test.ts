import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  describeGstin,
  GSTIN_INVALID_MESSAGE,
  GSTIN_LENGTH_MESSAGE,
  type GstinDescription,
  gstinCheckCharacter,
  isValidGstin,
  normaliseGstin,
  panFromGstin,
  registrationTypeOfGstin,
  stateCodeFromGstin,
  validateGstin,
} from "./gstin.ts";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

describe("gstinCheckCharacter", () => {
  test.each([
    ["27AAPFU0939F1Z", "V"], // worked example, gst-reference.md §1
    // The rest: a separate Python script of the §1 algorithm, and the published IDs below.
    ["00AAPFU0939F1Z", "B"],
    ["25AAPFU0939F1Z", "Z"],
    ["97AAPFU0939F1Z", "O"],
    ["96AAPFU0939F1Z", "Q"],
    ["07DLHG10019G9Z", "9"],
    ["9917SGP29001OS", "T"],
    ["0717UNO00157UN", "O"],
    ["06DELI09652G1D", "A"],
    ["29AABCF8078M1C", "8"],
  ])("%s -> %s", (first14, check) => {
    expect(gstinCheckCharacter(first14)).toBe(check);
  });

  test.each(["27AAPFU0939F1", "27AAPFU0939F1ZV", "27aapfu0939f1z", "27AAPFU0939F-Z"])(
    "refuses %j",
    (text) => {
      expect(() => gstinCheckCharacter(text)).toThrow(RangeError);
    },
  );
});

describe("describeGstin", () => {
  test.each<[string, GstinDescription]>([
    // gst-reference.md §1: the worked example.
    ["27AAPFU0939F1ZV", { valid: true, kind: "normal", stateCode: "27", pan: "AAPFU0939F" }],
    [" 27aapfu0939f1zv ", { valid: true, kind: "normal", stateCode: "27", pan: "AAPFU0939F" }],
    // gst-reference.md §1: official samples that fail the checksum.
    ["22AAAAA0000A1Z5", { valid: false, kind: "normal", stateCode: "22", pan: "AAAAA0000A" }],
    ["01AABCE2207R1Z5", { valid: false, kind: "normal", stateCode: "01", pan: "AABCE2207R" }],
    ["29AWGPV7107B1Z1", { valid: false, kind: "normal", stateCode: "29", pan: "AWGPV7107B" }],
    ["02AMBPG7773M002", { valid: false, kind: null, stateCode: "02", pan: "AMBPG7773M" }],
    // gst-reference.md §1: examples of the alternative patterns.
    ["9917SGP29001OST", { valid: true, kind: "oidar", stateCode: "99", pan: null }],
    ["0717UNO00157UNO", { valid: true, kind: "uin", stateCode: "07", pan: null }],
    ["06DELI09652G1DA", { valid: true, kind: "tds", stateCode: "06", pan: null }],
    ["29AABCF8078M1C8", { valid: true, kind: "tcs", stateCode: "29", pan: "AABCF8078M" }],
    // india-compliance api_classes/public.py sample data (composition, ISD, SEZ developer, UIN, TDS).
    ["36AASFP8573D2ZN", { valid: true, kind: "normal", stateCode: "36", pan: "AASFP8573D" }],
    ["29AABCF8078M2ZW", { valid: true, kind: "normal", stateCode: "29", pan: "AABCF8078M" }],
    ["27AAJCS5738D1Z6", { valid: true, kind: "normal", stateCode: "27", pan: "AAJCS5738D" }],
    ["0717UNO00154UNU", { valid: true, kind: "uin", stateCode: "07", pan: null }],
    ["19AAACI1681G1DV", { valid: true, kind: "tds", stateCode: "19", pan: "AAACI1681G" }],
    // Check characters from the table above; state rule from gst-reference.md §2.
    ["25AAPFU0939F1ZZ", { valid: true, kind: "normal", stateCode: "25", pan: "AAPFU0939F" }],
    ["97AAPFU0939F1ZO", { valid: true, kind: "normal", stateCode: "97", pan: "AAPFU0939F" }],
    ["00AAPFU0939F1ZB", { valid: false, kind: "normal", stateCode: "00", pan: "AAPFU0939F" }],
    ["96AAPFU0939F1ZQ", { valid: false, kind: "normal", stateCode: "96", pan: "AAPFU0939F" }],
    // Government department ID: made up, check character computed as above.
    ["07DLHG10019G9Z9", { valid: true, kind: "government", stateCode: "07", pan: null }],
    ["07DLHG10019G9Z8", { valid: false, kind: "government", stateCode: "07", pan: null }],
    ["06DELI09652G1DB", { valid: false, kind: "tds", stateCode: "06", pan: null }],
    ["29AABCF8078M1C9", { valid: false, kind: "tcs", stateCode: "29", pan: "AABCF8078M" }],
    // Spec 5's generic alternative (2+2 digits, 3 letters, 5 digits, 2 letters, 1 alphanumeric)
    // is accepted without a check character, and so are the NRTP, OIDAR and UIN shapes it covers.
    ["1234ABC12345XY7", { valid: true, kind: "other", stateCode: "12", pan: null }],
    ["0717ABC12345NR1", { valid: true, kind: "nrtp", stateCode: "07", pan: null }],
    ["9917SGP29001OSA", { valid: true, kind: "oidar", stateCode: "99", pan: null }],
    // Not GSTINs at all.
    ["ABCDEFGHIJKLMNO", { valid: false, kind: null, stateCode: null, pan: null }],
    ["27AAPFU0939F1Z", { valid: false, kind: null, stateCode: null, pan: null }],
    ["", { valid: false, kind: null, stateCode: null, pan: null }],
  ])("%j", (gstin, description) => {
    expect(describeGstin(gstin)).toEqual(description);
    expect(isValidGstin(gstin)).toBe(description.valid);
  });
});

describe("normaliseGstin, stateCodeFromGstin, panFromGstin", () => {
  test("upper-cases and trims", () => {
    expect(normaliseGstin("  27aapfu0939f1zv\t")).toBe("27AAPFU0939F1ZV");
  });

  // Spec 4 "Account modal": a 15-character GSTIN gives the state and characters 3-12 the PAN.
  test.each<[string, string | null, string | null]>([
    ["27AAPFU0939F1ZV", "27", "AAPFU0939F"],
    ["27aapfu0939f1zw", "27", "AAPFU0939F"], // derivable even when the check character is wrong
    ["27AAPFU0939F1Z", null, null],
    ["AB27PFU0939F1ZV", null, null],
    ["ABAAPFU0939F1ZV", null, "AAPFU0939F"],
    ["06DELI09652G1DA", "06", null],
  ])("%j -> state %s, PAN %s", (gstin, stateCode, pan) => {
    expect(stateCodeFromGstin(gstin)).toBe(stateCode);
    expect(panFromGstin(gstin)).toBe(pan);
  });
});

describe("validateGstin", () => {
  // Spec 5 "GSTIN": messages verbatim.
  test.each<[string, boolean, string | null]>([
    ["", false, null],
    ["   ", false, null],
    ["27AAPFU0939F1ZV", false, null],
    ["27aapfu0939f1zv", false, null],
    ["9917SGP29001OST", false, null],
    ["27AAPFU0939F1ZW", false, GSTIN_INVALID_MESSAGE],
    ["22AAAAA0000A1Z5", false, GSTIN_INVALID_MESSAGE],
    ["27AAPFU0939F1ZVX", false, GSTIN_LENGTH_MESSAGE],
    ["27AAPFU0939F1ZVX", true, GSTIN_LENGTH_MESSAGE],
    ["27AAPFU", false, GSTIN_LENGTH_MESSAGE],
    ["27AAPFU", true, null],
    ["27AAPFU0939F1ZW", true, GSTIN_INVALID_MESSAGE],
  ])("%j (partial %s) -> %j", (text, partial, message) => {
    expect(validateGstin(text, { partial })).toBe(message);
  });

  test("messages are the spec's", () => {
    expect(GSTIN_LENGTH_MESSAGE).toBe("GSTIN should be of exactly 15 characters.");
    expect(GSTIN_INVALID_MESSAGE).toBe("GSTIN is not valid.");
    expect(validateGstin("27AAPFU")).toBe(GSTIN_LENGTH_MESSAGE);
  });
});

describe("GSTIN check character properties", () => {
  const digit = fc.constantFrom(..."0123456789");
  const letter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  const stateCodes = [
    ...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, "0")),
    "97",
  ];
  // Any 14 characters that the normal pattern accepts, starting with a registration state code.
  const normalPrefix = fc
    .tuple(
      fc.constantFrom(...stateCodes),
      fc.array(letter, { minLength: 5, maxLength: 5 }),
      fc.array(digit, { minLength: 4, maxLength: 4 }),
      letter,
      fc.constantFrom(..."123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
      fc.constantFrom(..."Z123456789ABDEFGHIJ"),
    )
    .map(([state, pan5, pan4, pan10, entity, fourteenth]) =>
      [state, ...pan5, ...pan4, pan10, entity, fourteenth].join(""),
    );

  test("a normal prefix with its computed check character is valid", () => {
    fc.assert(
      fc.property(normalPrefix, (prefix) => {
        const gstin = prefix + gstinCheckCharacter(prefix);
        expect(validateGstin(gstin)).toBeNull();
        expect(describeGstin(gstin)).toMatchObject({
          valid: true,
          stateCode: prefix.slice(0, 2),
          pan: prefix.slice(2, 12),
        });
      }),
    );
  });

  test("changing any one character of a valid GSTIN invalidates it", () => {
    fc.assert(
      fc.property(normalPrefix, fc.nat(14), fc.nat(34), (prefix, position, shift) => {
        const gstin = prefix + gstinCheckCharacter(prefix);
        const original = ALPHABET.indexOf(gstin.charAt(position));
        const replacement = ALPHABET.charAt((original + 1 + shift) % 36);
        const changed = gstin.slice(0, position) + replacement + gstin.slice(position + 1);
        expect(changed).not.toBe(gstin);
        expect(isValidGstin(changed)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  test("the check character is always one of 0-9 and A-Z", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...ALPHABET), { minLength: 14, maxLength: 14 }),
        (chars) => {
          expect(ALPHABET).toContain(gstinCheckCharacter(chars.join("")));
        },
      ),
    );
  });
});

describe("registrationTypeOfGstin (spec 4 'Account modal')", () => {
  test.each([
    ["27AAPFU0939F1ZV", "regular"],
    ["0717UNO00157UNO", "uinholder"],
    ["27AAPFU0939F1ZA", null],
    ["27AAPFU09", null],
    ["", null],
  ])("%s -> %s", (gstin, type) => {
    expect(registrationTypeOfGstin(gstin)).toBe(type);
  });
});
