// Spec 5 "Account save" gives the patterns only; the wording follows spec 5's 'GSTIN is not valid.'
export const PAN_INVALID_MESSAGE = "PAN is not valid.";
export const TAN_INVALID_MESSAGE = "TAN is not valid.";

const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const TAN_PATTERN = /^[A-Z]{4}[0-9]{5}[A-Z]$/;

/** Spec 5: PAN and TAN are upper-cased; surrounding spaces are dropped too. */
export function normalisePan(text: string): string {
  return text.trim().toUpperCase();
}

export const normaliseTan = normalisePan;

/** 5 letters, 4 digits, 1 letter (spec 5). Empty is acceptable: PAN is optional. */
export function validatePan(text: string): string | null {
  const pan = normalisePan(text);
  return pan === "" || PAN_PATTERN.test(pan) ? null : PAN_INVALID_MESSAGE;
}

/** 4 letters, 5 digits, 1 letter (spec 5). Empty is acceptable: TAN is optional. */
export function validateTan(text: string): string | null {
  const tan = normaliseTan(text);
  return tan === "" || TAN_PATTERN.test(tan) ? null : TAN_INVALID_MESSAGE;
}
