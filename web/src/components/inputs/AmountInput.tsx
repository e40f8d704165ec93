import {
  type AmountOptions,
  formatAmount,
  type Paise,
  parseAmount,
  validateAmountText,
} from "@bahi/domain";
import { TextInput, type TextInputProps } from "@mantine/core";
import { useEffect, useState } from "react";

export type AmountInputProps = Omit<
  TextInputProps,
  "value" | "onChange" | "defaultValue" | "type"
> & {
  /** The amount in paise; 0 shows as an empty box with the placeholder 0.00. */
  value: Paise;
  onChange: (paise: Paise) => void;
  /** Accept one leading minus (spec 5). Default false. */
  allowNegative?: boolean;
  /** The largest amount accepted, in paise (spec 5 "optional maximum value"). */
  max?: Paise;
};

/** What the box shows for an amount: Indian grouping, 2 decimals; empty for 0. */
function displayText(paise: Paise): string {
  return paise === 0 ? "" : formatAmount(paise);
}

/**
 * spec 5 "Amount input" on money's rules: only digits and one decimal point (and one leading
 * minus when allowed), at most 9 digits before the point and 2 after, at most `max`; a keystroke
 * that would break a rule is not taken. Shown in Indian grouping with 2 decimals once the field
 * is left; the value is always whole paise (parseAmount: commas stripped, empty is 0).
 * Focusing keeps the text as shown and selects it, so typing replaces the amount; commas typed
 * or kept while editing are ignored.
 */
export function AmountInput({
  value,
  onChange,
  allowNegative = false,
  max,
  onFocus,
  onBlur,
  placeholder = "0.00",
  ...props
}: AmountInputProps) {
  const options: AmountOptions = max === undefined ? { allowNegative } : { allowNegative, max };
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState(() => displayText(value));

  // A value set from outside (a reset form, a filled-in lookup) replaces what is being typed.
  useEffect(() => {
    setText((current) =>
      parseAmount(current, { allowNegative }) === value ? current : displayText(value),
    );
  }, [value, allowNegative]);

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      styles={{ input: { textAlign: "right", fontVariantNumeric: "tabular-nums" } }}
      {...props}
      value={focused ? text : displayText(value)}
      onFocus={(event) => {
        setFocused(true);
        setText(displayText(value));
        event.currentTarget.select();
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
      onChange={(event) => {
        const typed = event.currentTarget.value.replace(/\s/g, "");
        if (validateAmountText(typed, options) !== null) return;
        setText(typed);
        const paise = parseAmount(typed, options);
        if (paise !== value) onChange(paise);
      }}
    />
  );
}
