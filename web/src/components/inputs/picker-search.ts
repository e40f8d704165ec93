import { useCombobox } from "@mantine/core";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { useDropdownSide } from "./dropdown-side.ts";

/**
 * The typing side of a searchable master picker (AccountPicker, ItemPicker): the input shows the
 * chosen record's name until the user types; typing opens the list and searches it; leaving an
 * emptied input clears the choice, leaving a half-typed one puts the name back. The list opens
 * on the side spec 9 asks for.
 */
export function usePickerSearch({
  selectedName,
  hasValue,
  onClear,
}: {
  /** The chosen record's name ("" for none). */
  selectedName: string;
  hasValue: boolean;
  /** The user emptied the input and left it. */
  onClear: () => void;
}) {
  const [search, setSearch] = useState(selectedName);
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!typing) setSearch(selectedName);
  }, [selectedName, typing]);

  const input = useRef<HTMLInputElement>(null);
  const dropdown = useDropdownSide(input);
  const combobox = useCombobox({
    onDropdownOpen: () => {
      dropdown.measure();
      combobox.updateSelectedOptionIndex("active");
    },
    onDropdownClose: () => combobox.resetSelectedOption(),
  });

  return {
    /** What the user has typed, while searching; null when the input shows the chosen name. */
    typed: typing ? search : null,
    input,
    combobox,
    comboboxProps: dropdown.comboboxProps,
    /** A record was chosen (or the choice cleared): show its name and close the list. */
    settle(name: string) {
      setTyping(false);
      setSearch(name);
      combobox.closeDropdown();
    },
    inputProps: {
      ref: input,
      autoComplete: "off",
      value: search,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setTyping(true);
        setSearch(event.currentTarget.value);
        combobox.openDropdown();
        combobox.selectFirstOption();
      },
      onClick: () => combobox.openDropdown(),
      onFocus: () => combobox.openDropdown(),
      onBlur: () => {
        combobox.closeDropdown();
        const emptied = typing && search.trim() === "";
        if (emptied && hasValue) onClear();
        setTyping(false);
        setSearch(emptied ? "" : selectedName);
      },
    },
  };
}
