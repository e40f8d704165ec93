import { type ComboboxItem, Select, type SelectProps } from "@mantine/core";
import { useRef } from "react";
import { DROPDOWN_MAX_HEIGHT, NO_RECORD_AVAILABLE, useDropdownSide } from "./dropdown-side.ts";
import { pickTypedOption, type TypedOption } from "./typed-option.ts";

/** Mantine's data (texts, options, groups of either) as a flat list of options. */
export function flattenSelectData(data: SelectProps["data"]): TypedOption[] {
  const options: TypedOption[] = [];
  const add = (entry: unknown) => {
    if (typeof entry === "string") options.push({ value: entry, label: entry });
    else if (entry && typeof entry === "object") {
      const record = entry as { value?: unknown; label?: unknown; items?: unknown };
      if (Array.isArray(record.items)) for (const item of record.items) add(item);
      else if (typeof record.value === "string")
        options.push({
          value: record.value,
          label: typeof record.label === "string" ? record.label : record.value,
        });
    }
  };
  for (const entry of data ?? []) add(entry);
  return options;
}

/**
 * A dropdown as spec 9 describes every dropdown: searchable, scrollable, 'No Record Available'
 * when nothing matches, and opening upward when less than 240 px is free below.
 */
export function SelectInput({
  comboboxProps,
  onDropdownOpen,
  nothingFoundMessage = NO_RECORD_AVAILABLE,
  onKeyDown,
  ...props
}: SelectProps) {
  const input = useRef<HTMLInputElement>(null);
  const dropdown = useDropdownSide(input);
  const chose = useRef(false);
  const latestValue = useRef<string | null>(props.value ?? null);
  latestValue.current = props.value ?? null;
  return (
    <Select
      ref={input}
      searchable
      selectFirstOptionOnChange
      maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
      nothingFoundMessage={nothingFoundMessage}
      onDropdownOpen={() => {
        dropdown.measure();
        onDropdownOpen?.();
      }}
      comboboxProps={{ ...dropdown.comboboxProps, ...comboboxProps }}
      // Part of an option typed and Enter picks the first match (issue 25), as the entry screen's
      // pickers do: the dropdown's own Enter takes the highlighted option when it has one (it runs
      // after this handler), else, a moment later, the typed text picks.
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key !== "Enter" || event.defaultPrevented || !props.onChange) return;
        const typed = event.currentTarget.value;
        chose.current = false;
        setTimeout(() => {
          if (chose.current || !props.onChange) return;
          const options = flattenSelectData(props.data);
          const picked = pickTypedOption(options, latestValue.current, typed);
          const option = options.find((candidate) => candidate.value === picked);
          if (option) props.onChange(option.value, option as ComboboxItem);
        }, 0);
      }}
      {...props}
      onChange={(value, option) => {
        chose.current = true;
        props.onChange?.(value, option);
      }}
    />
  );
}
