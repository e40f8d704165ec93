// Pattern from gst-reference.md §1; the spec has no message for it, so this wording is ours.
export const PIN_CODE_INVALID_MESSAGE = "PIN code is not valid.";

const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;

/** Six digits, the first not 0. Empty is acceptable: addresses may leave it out. */
export function validatePinCode(text: string): string | null {
  const pinCode = text.trim();
  return pinCode === "" || PIN_CODE_PATTERN.test(pinCode) ? null : PIN_CODE_INVALID_MESSAGE;
}
