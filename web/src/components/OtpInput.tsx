import { TextInput, type TextInputProps } from "@mantine/core";

export const OTP_LENGTH = 6;
export const OTP_LENGTH_MESSAGE = "Enter the 6-digit code.";

/** A 6-digit one-time code: digits only, filled by the browser from an SMS or mail when it can. */
export function OtpInput({
  value,
  onChange,
  label = "Verification code",
  ...props
}: Omit<TextInputProps, "value" | "onChange"> & {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      placeholder="6-digit code"
      value={value}
      onChange={(event) =>
        onChange(event.currentTarget.value.replace(/\D/g, "").slice(0, OTP_LENGTH))
      }
      styles={{ input: { letterSpacing: "0.3em", fontVariantNumeric: "tabular-nums" } }}
      {...props}
    />
  );
}
