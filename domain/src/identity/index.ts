export {
  type ContactProblem,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  MOBILE_LENGTH,
  MOBILE_LENGTH_MESSAGE,
  normaliseMobile,
  PHONE_INVALID,
  PHONE_MIN_LENGTH,
  PHONE_REQUIRED,
  validateEmail,
  validateMobile,
  validatePhone,
} from "./contact.ts";
export {
  describeGstin,
  GSTIN_INVALID_MESSAGE,
  GSTIN_LENGTH,
  GSTIN_LENGTH_MESSAGE,
  type GstinDescription,
  type GstinKind,
  type GstinValidationOptions,
  gstinCheckCharacter,
  isValidGstin,
  normaliseGstin,
  panFromGstin,
  registrationTypeOfGstin,
  stateCodeFromGstin,
  validateGstin,
} from "./gstin.ts";
export {
  normalisePan,
  normaliseTan,
  PAN_INVALID_MESSAGE,
  TAN_INVALID_MESSAGE,
  validatePan,
  validateTan,
} from "./pan.ts";
export { PIN_CODE_INVALID_MESSAGE, validatePinCode } from "./pin-code.ts";
