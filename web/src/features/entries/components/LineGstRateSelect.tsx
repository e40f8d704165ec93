import { GstRateSelect, gstRateOptions } from "../../../components/inputs/GstRateSelect.tsx";
import { onEnterPickTypedOption } from "../../../components/inputs/typed-option.ts";

/**
 * The GST rate of a document line (item or charge): the rates in force on the document's date;
 * Enter takes the typed rate and moves on, as everywhere on the lines.
 */
export function LineGstRateSelect({
  "aria-label": ariaLabel,
  value,
  date,
  onChange,
  error,
  disabled,
}: {
  "aria-label": string;
  value: number;
  date: string;
  onChange: (gstRate: number) => void;
  error?: string | undefined;
  disabled: boolean;
}) {
  return (
    <GstRateSelect
      label={null}
      aria-label={ariaLabel}
      value={value}
      date={date}
      onChange={(gstRate) => onChange(gstRate ?? 0)}
      onKeyDown={onEnterPickTypedOption(gstRateOptions(date, value), String(value), (code) =>
        onChange(Number(code)),
      )}
      error={error}
      disabled={disabled}
      selectFirstOptionOnChange
      openOnFocus={false}
      allowDeselect={false}
    />
  );
}
