import {
  type CivilDate,
  type FinancialYear,
  formatDateDisplay,
  normaliseDateInput,
  sanitiseDateTyping,
  stepDate,
  todayCivil,
} from "@bahi/domain";
import { TextInput, type TextInputProps } from "@mantine/core";
import { useEffect, useState } from "react";
import { notify } from "../../app/notify.tsx";

export type DateInputProps = Omit<TextInputProps, "value" | "onChange" | "defaultValue"> & {
  /** The date as YYYY-MM-DD; null shows an empty box. */
  value: CivilDate | null;
  onChange: (date: CivilDate) => void;
  /** The open financial year, such as 2024-25: fills in a missing month or year and bounds the date. */
  financialYear: FinancialYear;
  /** Today as the calendar sees it (India's date by default); for tests. */
  today?: CivilDate;
};

/**
 * spec 5 "Date input (dd-MM-yyyy)" on calendar's rules: letters and most symbols are dropped as
 * typed; on leaving (or Enter) the text is read by normaliseDateInput, and anything it refuses
 * puts the old date back with a danger toast titled with the spec's words. Up and Down move one
 * day, inside the financial year. The default date of a new entry is `defaultEntryDate`.
 */
export function DateInput({
  value,
  onChange,
  financialYear,
  today,
  onBlur,
  onKeyDown,
  onFocus,
  placeholder = "dd-mm-yyyy",
  ...props
}: DateInputProps) {
  const shown = value === null ? "" : formatDateDisplay(value);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);

  /** Reads the typed text: the date it gives, or null when it was refused and put back. */
  function commit(): { date: CivilDate | null } | null {
    if (text === shown || (text.trim() === "" && value === null)) return { date: value };
    const result = normaliseDateInput(text, financialYear, today ?? todayCivil());
    if (!result.ok) {
      notify({ type: "danger", title: result.message });
      setText(shown);
      return null;
    }
    setText(result.display);
    if (result.date !== value) onChange(result.date);
    return { date: result.date };
  }

  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      {...props}
      value={text}
      onChange={(event) => setText(sanitiseDateTyping(event.currentTarget.value))}
      onFocus={(event) => {
        event.currentTarget.select();
        onFocus?.(event);
      }}
      onBlur={(event) => {
        commit();
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowUp" || event.key === "ArrowDown") {
          event.preventDefault();
          const from = commit()?.date;
          if (!from) return;
          const next = stepDate(from, event.key === "ArrowUp" ? 1 : -1, financialYear);
          setText(formatDateDisplay(next));
          onChange(next);
        } else if (event.key === "Enter" && !commit()) {
          // A refused date keeps the form from being sent with it.
          event.preventDefault();
        }
        onKeyDown?.(event);
      }}
    />
  );
}
