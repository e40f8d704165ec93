import { Select, type SelectProps } from "@mantine/core";
import { useRef } from "react";
import { DROPDOWN_MAX_HEIGHT, NO_RECORD_AVAILABLE, useDropdownSide } from "./dropdown-side.ts";

/**
 * A dropdown as spec 9 describes every dropdown: searchable, scrollable, 'No Record Available'
 * when nothing matches, and opening upward when less than 240 px is free below.
 */
export function SelectInput({
  comboboxProps,
  onDropdownOpen,
  nothingFoundMessage = NO_RECORD_AVAILABLE,
  ...props
}: SelectProps) {
  const input = useRef<HTMLInputElement>(null);
  const dropdown = useDropdownSide(input);
  return (
    <Select
      ref={input}
      searchable
      maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
      nothingFoundMessage={nothingFoundMessage}
      onDropdownOpen={() => {
        dropdown.measure();
        onDropdownOpen?.();
      }}
      comboboxProps={{ ...dropdown.comboboxProps, ...comboboxProps }}
      {...props}
    />
  );
}
