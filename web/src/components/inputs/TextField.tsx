import { Text, TextInput, type TextInputProps } from "@mantine/core";
import type { Ref } from "react";
import { applyTextCase, describeCount, type TextCaseMode } from "./text-case.ts";

export type TextFieldProps = Omit<TextInputProps, "value" | "onChange" | "maxLength"> & {
  value: string;
  onChange: (value: string) => void;
  /** spec 5 "Text input": title, capital, lower or same (default). */
  caseMode?: TextCaseMode;
  /** The most characters the field takes; shows the counter "n / max". */
  maxChars?: number;
  ref?: Ref<HTMLInputElement>;
};

/**
 * spec 5 "Text input": a text field with a case mode and an optional character limit with its
 * counter (spec 9 field limits). Longer text, typed or pasted, is cut at the limit.
 */
export function TextField({
  value,
  onChange,
  caseMode = "same",
  maxChars,
  rightSection,
  ...props
}: TextFieldProps) {
  const counter =
    maxChars === undefined ? undefined : (
      <Text size="xs" c="dimmed" aria-live="polite" data-counter>
        {describeCount(value.length, maxChars)}
      </Text>
    );
  return (
    <TextInput
      value={value}
      onChange={(event) => {
        const text = applyTextCase(event.currentTarget.value, caseMode);
        onChange(maxChars === undefined ? text : text.slice(0, maxChars));
      }}
      maxLength={maxChars}
      rightSection={rightSection ?? counter}
      rightSectionWidth={rightSection || counter ? 76 : undefined}
      rightSectionPointerEvents="none"
      {...props}
    />
  );
}
