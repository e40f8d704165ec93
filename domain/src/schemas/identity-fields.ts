import { z } from "zod";
import {
  GSTIN_INVALID_MESSAGE,
  GSTIN_LENGTH,
  GSTIN_LENGTH_MESSAGE,
  isValidGstin,
  PAN_INVALID_MESSAGE,
  TAN_INVALID_MESSAGE,
  validatePan,
  validateTan,
} from "../identity/index.ts";
import {
  findPlaceOfSupply,
  findUqcUnit,
  GST_REGISTRATION_TYPE_VALUES,
} from "../reference/index.ts";

// The rules are identity's (GSTIN, PAN, TAN) and reference's (states, UQC units, registration
// types); these schemas give them zod's shape and the API's messages.

/**
 * spec 5 "GSTIN": uppercased; 'GSTIN should be of exactly 15 characters.' for the wrong length,
 * 'GSTIN is not valid.' for 15 characters that identity's isValidGstin refuses (pattern, check
 * character, registration state code).
 */
export const GstinText = z
  .string({ error: GSTIN_LENGTH_MESSAGE })
  .trim()
  .toUpperCase()
  .length(GSTIN_LENGTH, { error: GSTIN_LENGTH_MESSAGE, abort: true })
  .refine(isValidGstin, GSTIN_INVALID_MESSAGE);

/**
 * Upper-cased text that one of identity's validators accepts. Those validators pass empty text
 * (the fields are optional); here blank is refused, and optionalText turns it into "not given".
 */
function identifierText(validate: (text: string) => string | null, message: string) {
  return z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .refine((text) => text !== "" && validate(text) === null, message);
}

/** spec 5: PAN is 5 letters, 4 digits, 1 letter, uppercased ('PAN is not valid.'). */
export const PanText = identifierText(validatePan, PAN_INVALID_MESSAGE);

/** spec 5: TAN is 4 letters, 5 digits, 1 letter, uppercased ('TAN is not valid.'). */
export const TanText = identifierText(validateTan, TAN_INVALID_MESSAGE);

export const STATE_CODE_MESSAGES = {
  shape: "State must be a two-digit GST state code.",
  unknown: "This is not a GST state code.",
} as const;

/**
 * A code reference's findPlaceOfSupply knows: the states (spec 3: 01–38 without 25 and 28, and 97)
 * and 96 for exports. The legacy 25 and 28 are refused: they survive only inside old GSTINs.
 */
export function isKnownStateCode(code: string): boolean {
  return findPlaceOfSupply(code) !== undefined;
}

/** A two-digit GST state code such as '27', '96' or '97' (spec 3 "States"). */
export const StateCode = z
  .string({ error: STATE_CODE_MESSAGES.shape })
  .trim()
  .regex(/^\d{2}$/, { error: STATE_CODE_MESSAGES.shape, abort: true })
  .refine(isKnownStateCode, STATE_CODE_MESSAGES.unknown);

export const UOM_CODE_MESSAGES = {
  shape: "Unit must be a three-letter UQC code such as NOS or KGS.",
  unknown: "This is not one of the GST unit codes (UQC).",
} as const;

/** A unit quantity code of reference's UQC list (KGS, NOS, PCS, OTH…), uppercased. */
export const UomCode = z
  .string({ error: UOM_CODE_MESSAGES.shape })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: UOM_CODE_MESSAGES.shape, abort: true })
  // findUqcUnit also reads portal names ("BOX" is both); only the code itself is a code.
  .refine((code) => findUqcUnit(code)?.code === code, UOM_CODE_MESSAGES.unknown);

/** spec 9: HSN at most 8 digits. */
export const HsnCode = z
  .string()
  .trim()
  .regex(/^\d{1,8}$/, "HSN code must be up to 8 digits.");

/** spec 9: SAC at most 6 digits. */
export const SacCode = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, "SAC code must be up to 6 digits.");

/** spec 3 "Account": gstType, one of reference's GST registration types. */
export const GstTypeText = z.enum(GST_REGISTRATION_TYPE_VALUES, {
  error: "GST Registration Type is not one of the known types.",
});
