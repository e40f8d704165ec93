export { amountInWords, spellIndianNumber } from "./amount-in-words.ts";
export {
  describeAmount,
  formatAmount,
  formatRupees,
  groupIndianDigits,
} from "./format-amount.ts";
export type { Paise } from "./paise.ts";
export {
  applyPercent,
  type RupeeRounding,
  roundToRupee,
  splitInHalf,
  sumPaise,
} from "./paise-arithmetic.ts";
export {
  AMOUNT_MAX_DECIMALS,
  AMOUNT_MAX_INTEGER_DIGITS,
  AMOUNT_TEXT_PROBLEMS,
  type AmountOptions,
  parseAmount,
  validateAmountText,
} from "./parse-amount.ts";
export {
  amountForQuantity,
  milliToQuantity,
  QUANTITY_DECIMALS,
  quantityTimesRupees,
  quantityToMilli,
  rupeesTextToPaise,
  storedQuantityToMilli,
  storedRupeesToPaise,
} from "./quantity.ts";
export { paiseToRupees, rupeesToPaise } from "./rupees.ts";
