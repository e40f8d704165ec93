import { Textarea, type TextareaProps } from "@mantine/core";
import { capitaliseSentences, describeCount } from "./text-case.ts";

export type TextAreaFieldProps = Omit<TextareaProps, "value" | "onChange" | "maxLength"> & {
  value: string;
  onChange: (value: string) => void;
  /** The most characters the field takes; shows the counter "n / max" under it. */
  maxChars?: number;
  /**
   * Cut longer text at maxChars (default). Off where going over the limit is a validation
   * message of its own (a custom field's description, whose limit follows its type).
   */
  enforceMax?: boolean;
  /** spec 5: capitalise the first letter of each line and sentence (default on). */
  sentenceCase?: boolean;
};

/**
 * spec 5 "Text input", the text area: first letters of lines and sentences capitalised, an
 * optional limit with a counter. Enter makes a new line here; it never submits the form.
 */
export function TextAreaField({
  value,
  onChange,
  maxChars,
  enforceMax = true,
  sentenceCase = true,
  description,
  ...props
}: TextAreaFieldProps) {
  const counter = maxChars === undefined ? null : describeCount(value.length, maxChars);
  return (
    <Textarea
      value={value}
      onChange={(event) => {
        const raw = event.currentTarget.value;
        const text = sentenceCase ? capitaliseSentences(raw) : raw;
        onChange(maxChars !== undefined && enforceMax ? text.slice(0, maxChars) : text);
      }}
      maxLength={enforceMax ? maxChars : undefined}
      autosize
      minRows={2}
      maxRows={6}
      inputWrapperOrder={["label", "input", "description", "error"]}
      description={
        counter === null ? (
          description
        ) : (
          <span style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
            <span>{description}</span>
            <span aria-live="polite" data-counter>
              {counter}
            </span>
          </span>
        )
      }
      {...props}
    />
  );
}
