import { isRegistrationStateCode } from "../reference/states.ts";

// Spec 5 "GSTIN", verbatim.
export const GSTIN_LENGTH_MESSAGE = "GSTIN should be of exactly 15 characters.";
export const GSTIN_INVALID_MESSAGE = "GSTIN is not valid.";

export const GSTIN_LENGTH = 15;

export type GstinKind =
  | "normal"
  | "government"
  | "nrtp"
  | "oidar"
  | "uin"
  | "tds"
  | "tcs"
  | "other";

export type GstinDescription = {
  valid: boolean;
  /** The first pattern the text matches, whether or not its check character is right. */
  kind: GstinKind | null;
  /** Characters 1-2 when they are digits. */
  stateCode: string | null;
  /** Characters 3-12 when they form a PAN. */
  pan: string | null;
};

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

type GstinPattern = { kind: GstinKind; pattern: RegExp; checked: boolean };

// gst-reference.md §1 (GSTN's published patterns), most specific first: character 14 is 'C' for
// TCS and 'D' for TDS, which the normal pattern would also accept. GSTN computes a Luhn mod 36
// check character for all of these, so we verify it. The NRTP, OIDAR and UIN shapes all fit
// spec 5's generic alternative (2 digits, 2 digits, 3 letters, 5 digits, 2 letters, 1
// alphanumeric), which the spec accepts without a check character, so for them we do not ask one.
const PATTERNS: readonly GstinPattern[] = [
  { kind: "tcs", pattern: /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]C[0-9A-Z]$/, checked: true },
  {
    kind: "tds",
    pattern: /^[0-9]{2}[A-Z]{4}[A-Z0-9][0-9]{4}[A-Z][1-9A-Z]D[0-9A-Z]$/,
    checked: true,
  },
  { kind: "government", pattern: /^[0-9]{2}[A-Z]{4}[0-9]{5}[A-Z][0-9]Z[0-9]$/, checked: true },
  {
    kind: "normal",
    pattern: /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][Z1-9ABD-J][0-9A-Z]$/,
    checked: true,
  },
  { kind: "nrtp", pattern: /^[0-9]{4}[A-Z]{3}[0-9]{5}NR[0-9A-Z]$/, checked: false },
  { kind: "oidar", pattern: /^99[0-9]{2}[A-Z]{3}[0-9]{5}OS[0-9A-Z]$/, checked: false },
  { kind: "uin", pattern: /^[0-9]{4}[A-Z]{3}[0-9]{5}[UO]N[0-9A-Z]$/, checked: false },
  { kind: "other", pattern: /^[0-9]{4}[A-Z]{3}[0-9]{5}[A-Z]{2}[0-9A-Z]$/, checked: false },
];

const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** Spec 5: GSTINs are upper-cased; surrounding spaces are dropped too. */
export function normaliseGstin(text: string): string {
  return text.trim().toUpperCase();
}

/**
 * The Luhn mod 36 check character for the first 14 characters of a GSTIN (gst-reference.md §1):
 * weights 1, 2, 1, 2, … from the left; each product adds its quotient and remainder by 36.
 */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) {
    throw new RangeError(`Expected 14 characters from 0-9 and A-Z, got "${first14}".`);
  }
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = ALPHABET.indexOf(first14.charAt(index)) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET.charAt((36 - (sum % 36)) % 36);
}

function hasValidCheckCharacter(gstin: string): boolean {
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin.charAt(14);
}

/** Characters 1-2 of a 15-character GSTIN when they are digits ("27AAPFU0939F1ZV" -> "27"). */
export function stateCodeFromGstin(gstin: string): string | null {
  const text = normaliseGstin(gstin);
  return text.length === GSTIN_LENGTH && /^[0-9]{2}/.test(text) ? text.slice(0, 2) : null;
}

/** Characters 3-12 of a 15-character GSTIN when they form a PAN ("27AAPFU0939F1ZV" -> "AAPFU0939F"). */
export function panFromGstin(gstin: string): string | null {
  const text = normaliseGstin(gstin);
  const pan = text.slice(2, 12);
  return text.length === GSTIN_LENGTH && PAN_PATTERN.test(pan) ? pan : null;
}

export function describeGstin(gstin: string): GstinDescription {
  const text = normaliseGstin(gstin);
  const match = PATTERNS.find(({ pattern }) => pattern.test(text));
  const valid =
    match !== undefined &&
    (!match.checked || hasValidCheckCharacter(text)) &&
    // gst-reference.md §2: normal registrations start with a state code, legacy 25/28 included.
    (match.kind !== "normal" || isRegistrationStateCode(text.slice(0, 2)));
  return {
    valid,
    kind: match?.kind ?? null,
    stateCode: stateCodeFromGstin(text),
    pan: panFromGstin(text),
  };
}

/**
 * The registration type a valid GSTIN's own form tells (spec 4 "Account modal", issue 25): a UIN
 * (United Nations bodies, embassies) is a UIN holder, a TCS number an e-commerce operator, every
 * other form a regular registration (an SEZ unit's GSTIN looks like any other; a lookup says SEZ).
 * Null for text that is not a valid GSTIN.
 */
export function registrationTypeOfGstin(
  gstin: string,
): "regular" | "uinholder" | "ecomoperator" | null {
  const described = describeGstin(gstin);
  if (!described.valid) return null;
  if (described.kind === "uin") return "uinholder";
  if (described.kind === "tcs") return "ecomoperator";
  return "regular";
}

export function isValidGstin(gstin: string): boolean {
  return describeGstin(gstin).valid;
}

export type GstinValidationOptions = {
  /** The user is still typing: a shorter value is not yet an error (spec: "on leaving the field"). */
  partial?: boolean;
};

/**
 * Spec 5 "GSTIN": null when acceptable, else the spec's message. Empty is acceptable: the GSTIN is
 * optional and left blank for unregistered parties.
 */
export function validateGstin(text: string, options: GstinValidationOptions = {}): string | null {
  const gstin = normaliseGstin(text);
  if (gstin === "") {
    return null;
  }
  if (gstin.length > GSTIN_LENGTH) {
    return GSTIN_LENGTH_MESSAGE;
  }
  if (gstin.length < GSTIN_LENGTH) {
    return options.partial ? null : GSTIN_LENGTH_MESSAGE;
  }
  return isValidGstin(gstin) ? null : GSTIN_INVALID_MESSAGE;
}
