import {
  formatDateDisplay,
  isValidCivilDate,
  parseDisplayDate,
  sanitiseDateTyping,
} from "@bahi/domain";
import { TextInput, type TextInputProps } from "@mantine/core";
import { useEffect, useState } from "react";

export const INDIAN_DATE_MESSAGE = "Enter the date as dd-mm-yyyy, for example 05-09-2024.";

/**
 * A date of any year typed as dd-mm-yyyy ('/' or '.' between the parts, one-digit day or month
 * taken), or nothing. Issue 40: the browser's own date box showed mm/dd/yyyy on an English (US)
 * browser; every date field is in Indian order. Entry dates inside the open year use DateInput.
 */
export function readIndianDate(text: string): string | null | "invalid" {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const match = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/.exec(trimmed);
  if (!match) return "invalid";
  const display = `${(match[1] as string).padStart(2, "0")}-${(match[2] as string).padStart(2, "0")}-${match[3]}`;
  return parseDisplayDate(display) ?? "invalid";
}

export type IndianDateFieldProps = Omit<TextInputProps, "value" | "onChange" | "defaultValue"> & {
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  onChange: (date: string) => void;
};

export function IndianDateField({
  value,
  onChange,
  error,
  onBlur,
  onKeyDown,
  ...props
}: IndianDateFieldProps) {
  const shown = value && isValidCivilDate(value) ? formatDateDisplay(value) : "";
  const [text, setText] = useState(shown);
  const [wrong, setWrong] = useState(false);
  useEffect(() => setText(shown), [shown]);
  const commit = () => {
    const read = readIndianDate(text);
    if (read === "invalid") {
      setWrong(true);
      return;
    }
    setWrong(false);
    const next = read ?? "";
    if (next !== value) onChange(next);
    setText(next ? formatDateDisplay(next) : "");
  };
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd-mm-yyyy"
      {...props}
      value={text}
      error={wrong ? INDIAN_DATE_MESSAGE : error}
      onChange={(event) => setText(sanitiseDateTyping(event.currentTarget.value))}
      onBlur={(event) => {
        commit();
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit();
        onKeyDown?.(event);
      }}
    />
  );
}
