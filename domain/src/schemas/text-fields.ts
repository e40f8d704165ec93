import { z } from "zod";
import {
  EMAIL_INVALID,
  MOBILE_LENGTH_MESSAGE,
  normaliseMobile,
  validateEmail,
  validateMobile,
} from "../identity/index.ts";
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from "./control-characters.ts";

const noControlCharacters = (text: string) => !hasControlCharacter(text);

/** Ids are UUIDv7 in practice (DESIGN.md 4); any 1–64 character id is accepted. */
export const EntityId = z
  .string({ error: "Id is required." })
  .min(1, "Id is required.")
  .max(64, "Id cannot be longer than 64 characters.")
  .refine(noControlCharacters, CONTROL_CHARACTER_MESSAGE);

/**
 * The id a required picker chooses, refused in the words of the picker's label ("Received In is
 * required."), never as "Id is required." (issue 25).
 */
export function RequiredId(label: string) {
  const message = `${label} is required.`;
  return z
    .string({ error: message })
    .min(1, message)
    .max(64, "Id cannot be longer than 64 characters.");
}

/** Trimmed text of at most `max` characters. */
export function boundedText(max: number, message: string) {
  return z.string().trim().max(max, message).refine(noControlCharacters, CONTROL_CHARACTER_MESSAGE);
}

/**
 * An optional form field: absent, or blank after trimming (a cleared input), both become
 * undefined; anything else must pass `schema`.
 */
export function optionalText<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .trim()
    .refine(noControlCharacters, CONTROL_CHARACTER_MESSAGE)
    .transform((text) => (text === "" ? undefined : text))
    .pipe(schema.optional())
    .optional();
}

/** Required trimmed text: missing and blank both give `requiredMessage`. */
export function requiredText(max: number, requiredMessage: string, tooLongMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLongMessage)
    .refine(noControlCharacters, CONTROL_CHARACTER_MESSAGE);
}

/**
 * spec 5 "Account save": digits only, a leading 0 dropped when over 10 digits, then exactly 10
 * ('Mobile number must be exactly 10 digits.'). identity's validateMobile judges the text as
 * typed (it passes empty, an optional field; here blank is refused) and normaliseMobile gives
 * the stored digits.
 */
export const MobileNumberText = z
  .string({ error: MOBILE_LENGTH_MESSAGE })
  .refine(
    (text) => normaliseMobile(text) !== "" && validateMobile(text) === null,
    MOBILE_LENGTH_MESSAGE,
  )
  .transform(normaliseMobile);

/**
 * spec 5 "Add email": identity's validateEmail (one "@", no spaces, a dotted domain), with its
 * message 'Please enter a valid email address'.
 */
export const EmailText = z
  .string({ error: EMAIL_INVALID.message })
  .trim()
  .max(254, EMAIL_INVALID.message)
  .refine((text) => validateEmail(text) === null, EMAIL_INVALID.message);

/** Issue 24: an Indian postal code as the IRP takes it, 6 digits, the first not 0. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;
export const PINCODE_MESSAGE = "Pincode must be 6 digits and cannot start with 0.";
export const CITY_MAX = 50;

/** The message for a pincode as typed (blank passes: the field is optional), or null. */
export function validatePincode(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === "" || PINCODE_PATTERN.test(trimmed) ? null : PINCODE_MESSAGE;
}

export const PincodeText = z
  .string({ error: PINCODE_MESSAGE })
  .trim()
  .regex(PINCODE_PATTERN, PINCODE_MESSAGE);

export const CityText = boundedText(CITY_MAX, `City cannot be more than ${CITY_MAX} characters.`);
