import {
  type CivilDate,
  type FinancialYear,
  normaliseDateInput,
  sanitiseDateTyping,
  todayCivil,
} from "@bahi/domain";
import { TextInput } from "@mantine/core";
import { useState } from "react";

/**
 * A dd-MM-yyyy date in the filter dialog (spec 5 "Date input"): typed freely; leaving the field
 * shows it normalised, or says why it is not a date. The dialog reads the text on apply.
 */
export function FilterDateInput({
  label,
  value,
  year,
  error,
  onChange,
}: {
  label: string;
  value: string;
  year: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <TextInput
      label={label}
      placeholder="dd-mm-yyyy"
      value={value}
      error={problem ?? error}
      onChange={(event) => {
        onChange(sanitiseDateTyping(event.currentTarget.value));
        setProblem(null);
      }}
      onBlur={() => {
        if (value.trim() === "") return;
        const result = normaliseDateInput(value, year as FinancialYear, todayCivil() as CivilDate);
        if (result.ok) onChange(result.display);
        else setProblem(result.message);
      }}
    />
  );
}
