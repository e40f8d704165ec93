/** A validation notice shown as a toast title and body (spec 5 "Add email, add phone, send"). */
export type ContactProblem = { title: string; message: string };

// Spec 5 "Account save", verbatim.
export const MOBILE_LENGTH_MESSAGE = "Mobile number must be exactly 10 digits.";

// Spec 5 "Add email, add phone, send", verbatim.
export const EMAIL_REQUIRED: ContactProblem = {
  title: "Email Required",
  message: "Please enter a valid email address",
};
export const EMAIL_INVALID: ContactProblem = {
  title: "Invalid Email",
  message: "Please enter a valid email address",
};
export const PHONE_REQUIRED: ContactProblem = {
  title: "Phone Number Required",
  message: "Please enter a valid phone number",
};
export const PHONE_INVALID: ContactProblem = {
  title: "Invalid Phone Number",
  message: "Please enter a valid phone number (minimum 10 digits)",
};

export const MOBILE_LENGTH = 10;
export const PHONE_MIN_LENGTH = 10;

/** Spec 5 "Account save": digits only; a leading 0 is dropped when over 10 digits. */
export function normaliseMobile(text: string): string {
  const digits = text.replace(/\D/g, "");
  return digits.length > MOBILE_LENGTH && digits.startsWith("0") ? digits.slice(1) : digits;
}

/** Null for an empty mobile (it is optional) or one of exactly 10 digits after normalising. */
export function validateMobile(text: string): string | null {
  const mobile = normaliseMobile(text);
  return mobile === "" || mobile.length === MOBILE_LENGTH ? null : MOBILE_LENGTH_MESSAGE;
}

// One "@", something before it, a dot inside the domain, and no spaces: what a person can type
// by mistake is caught; anything stricter belongs to the mail server.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Spec 5 "Add email": the address is required here, since it is about to be used. */
export function validateEmail(text: string): ContactProblem | null {
  const email = text.trim();
  if (email === "") {
    return EMAIL_REQUIRED;
  }
  return EMAIL_PATTERN.test(email) ? null : EMAIL_INVALID;
}

const PHONE_CHARACTERS = /^[0-9 +\-()]+$/;

/**
 * Spec 5 "Add phone": only digits, spaces, plus, hyphen and parentheses, at least 10 characters
 * (spec 9 counts characters, not digits), after trimming.
 */
export function validatePhone(text: string): ContactProblem | null {
  const phone = text.trim();
  if (phone === "") {
    return PHONE_REQUIRED;
  }
  return PHONE_CHARACTERS.test(phone) && phone.length >= PHONE_MIN_LENGTH ? null : PHONE_INVALID;
}
