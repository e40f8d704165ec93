import { GSTIN_LENGTH, validateGstin } from "@bahi/domain";
import { Group, Loader, Text, TextInput, type TextInputProps } from "@mantine/core";
import { useState } from "react";

// spec 5 "GSTIN", verbatim.
export const GSTIN_HINT =
  "Enter GSTIN and all GST details will be filled automatically. If unregistered, leave blank.";

/**
 * spec 5 "GSTIN": upper-cased as typed, a counter n / 15, 'GSTIN should be of exactly 15
 * characters.' when longer than 15 (at once) or shorter (on leaving the field), and 'GSTIN is not
 * valid.' for 15 characters that fail the check. The rules are domain's validateGstin.
 * `loading` shows the lookup running (spec 4 "GSTIN field": a loading indicator at 15 characters).
 */
export function GstinInput({
  value,
  onChange,
  error,
  label = "GSTIN",
  loading = false,
  onFocus,
  onBlur,
  ...props
}: Omit<TextInputProps, "value" | "onChange"> & {
  value: string;
  onChange: (value: string) => void;
  loading?: boolean;
}) {
  const [typing, setTyping] = useState(false);
  const problem = validateGstin(value, { partial: typing });
  return (
    <TextInput
      label={label}
      description={GSTIN_HINT}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\s/g, "").toUpperCase())}
      onFocus={(event) => {
        setTyping(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setTyping(false);
        onBlur?.(event);
      }}
      error={problem ?? error}
      rightSectionWidth={loading ? 84 : 64}
      rightSectionPointerEvents="none"
      rightSection={
        <Group gap={4} wrap="nowrap">
          {loading && <Loader size={12} aria-label="Looking up the GSTIN" />}
          <Text size="xs" c="dimmed" aria-live="polite">
            {value.length} / {GSTIN_LENGTH}
          </Text>
        </Group>
      }
      {...props}
    />
  );
}
