import {
  type CivilDate,
  describeGstRate,
  filterGstRateOptions,
  GST_RATES,
  gstRatesOn,
  NO_GST_RATE_FOUND,
  todayCivil,
} from "@bahi/domain";
import type { ComboboxItem, SelectProps } from "@mantine/core";
import { useMemo } from "react";
import { SelectInput } from "./SelectInput.tsx";

export type GstRateSelectProps = Omit<
  SelectProps,
  "data" | "value" | "onChange" | "filter" | "nothingFoundMessage"
> & {
  /** A GST rate code (18, -1 for Exempt) or null for none chosen. */
  value: number | null;
  onChange: (code: number | null) => void;
  /** The document's date: which rates are offered (gst/rates); today when not given. */
  date?: CivilDate;
};

/** The options for a date: the rates in force, plus `keep` when a saved record has another. */
export function gstRateOptions(date: CivilDate, keep: number | null = null): ComboboxItem[] {
  const rates = gstRatesOn(date).map((rate) => ({ value: String(rate.code), label: rate.label }));
  if (keep === null || rates.some((rate) => rate.value === String(keep))) return rates;
  const known = GST_RATES.find((rate) => rate.code === keep);
  return [...rates, { value: String(keep), label: known?.label ?? describeGstRate(keep) }];
}

/**
 * spec 5 "GST rate dropdown": the rates of gst/rates for the date (0, 3, 5, 12, 18, 28, Exempt,
 * and 40 from 22 September 2025), filterable as typed, 'No GST Rate Found' when nothing matches.
 */
export function GstRateSelect({
  value,
  onChange,
  date,
  label = "GST Rate",
  placeholder = "Select GST rate",
  ...props
}: GstRateSelectProps) {
  const on = date ?? todayCivil();
  const data = useMemo(() => gstRateOptions(on, value), [on, value]);
  return (
    <SelectInput
      label={label}
      placeholder={placeholder}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(code) => onChange(code === null ? null : Number(code))}
      filter={({ options, search }) =>
        filterGstRateOptions(
          (options as ComboboxItem[]).map((option) => ({ ...option, code: Number(option.value) })),
          search,
        )
      }
      nothingFoundMessage={NO_GST_RATE_FOUND}
      {...props}
    />
  );
}
