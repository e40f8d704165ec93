import { Combobox, InputBase, Loader, ScrollArea, Text } from "@mantine/core";
import { useLayoutEffect, useState } from "react";
import { DROPDOWN_MAX_HEIGHT } from "../../../components/inputs/dropdown-side.ts";
import { openItemModal } from "../../../components/inputs/master-modals.ts";
import { usePickerSearch } from "../../../components/inputs/picker-search.ts";
import { fetchItem, useItems } from "../../masters/masters.api.ts";
import type { ItemRecord } from "../model/document-form.ts";

export const NO_ITEM_FOUND = "No Item Found";
export const ADD_ITEM_HINT = "Alt+C or Alt+I to add a new item";

const SHOWN_OPTIONS_MAX = 200;

/** Items whose name, description, HSN or SAC contains the text, ignoring case. */
export function filterItems(items: readonly ItemRecord[], text: string): ItemRecord[] {
  const needle = text.trim().toLowerCase();
  if (needle === "") return [...items];
  return items.filter((item) =>
    [item.name, item.description ?? "", item.hsnCode ?? "", item.sacCode ?? ""].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  );
}

/**
 * The item of a document line: the organisation's active items (GET /item/itemlist, the masters
 * cache), searched as typed; Alt+C or Alt+I opens the Add Item modal and takes the new item.
 * Its typing is the shared AccountPicker's (usePickerSearch).
 */
export function ItemPicker({
  organisationId,
  value,
  valueName,
  onChange,
  error,
  "aria-label": ariaLabel,
}: {
  organisationId: string;
  value: string | null;
  /** The line's item name, shown while the list is loading or when the item is inactive now. */
  valueName: string;
  onChange: (item: ItemRecord | null) => void;
  error?: string | undefined;
  "aria-label": string;
}) {
  const items = useItems(organisationId, true);
  const all: ItemRecord[] = items.data ?? [];
  const selectedName = all.find((item) => item._id === value)?.name ?? valueName;
  const picker = usePickerSearch({
    selectedName,
    hasValue: value !== null,
    onClear: () => onChange(null),
  });
  const matches = picker.typed === null ? all : filterItems(all, picker.typed);
  // Issue 40: a name wider than the column ("Basmati Rice 25 K…") is written out in full under it.
  const [cut, setCut] = useState(false);
  const shownName = picker.typed === null ? selectedName : "";
  useLayoutEffect(() => {
    const box = picker.input.current;
    setCut(shownName !== "" && box !== null && box.scrollWidth > box.clientWidth + 1);
  }, [shownName, picker.input]);

  function choose(item: ItemRecord | null) {
    onChange(item);
    picker.settle(item?.name ?? "");
  }

  function addItem() {
    picker.combobox.closeDropdown();
    const typed = picker.typed?.trim() ?? "";
    openItemModal({
      mode: "add",
      ...(typed ? { name: typed } : {}),
      onSaved: (saved) => {
        void fetchItem(organisationId, saved._id).then((item) => {
          choose(item);
          picker.input.current?.focus();
        });
      },
    });
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Enter typed ahead of the list (below)
    <div
      onKeyDown={(event) => {
        // Enter before the dropdown has drawn its options (a fast hand): the first match.
        if (event.key !== "Enter" || event.defaultPrevented || picker.typed === null) return;
        const match = filterItems(all, picker.typed)[0];
        if (!match) return;
        event.preventDefault();
        choose(match);
      }}
    >
      <Combobox
        store={picker.combobox}
        onOptionSubmit={(id) => choose(all.find((item) => item._id === id) ?? null)}
        {...picker.comboboxProps}
      >
        <Combobox.Target withExpandedAttribute>
          <InputBase
            {...picker.inputProps}
            aria-label={ariaLabel}
            // Issue 40: a long name cut by the column is read in full on hover.
            title={selectedName || undefined}
            placeholder="Select item"
            error={error}
            rightSection={items.isFetching ? <Loader size={14} /> : null}
            rightSectionPointerEvents="none"
            data-item-picker
            onKeyDown={(event) => {
              if (event.altKey && (event.code === "KeyC" || event.code === "KeyI")) {
                event.preventDefault();
                addItem();
              }
            }}
          />
        </Combobox.Target>
        {cut && (
          <Text
            size="xs"
            c="dimmed"
            mt={2}
            data-item-full-name
            style={{ whiteSpace: "normal", overflowWrap: "anywhere" }}
          >
            {shownName}
          </Text>
        )}
        <Combobox.Dropdown miw={280}>
          <Combobox.Options>
            <ScrollArea.Autosize mah={DROPDOWN_MAX_HEIGHT - 40} type="scroll">
              {matches.length === 0 ? (
                <Combobox.Empty>{items.isPending ? "Loading..." : NO_ITEM_FOUND}</Combobox.Empty>
              ) : (
                matches.slice(0, SHOWN_OPTIONS_MAX).map((item) => (
                  <Combobox.Option value={item._id} key={item._id} active={item._id === value}>
                    <Text size="sm">{item.name}</Text>
                    <Text size="xs" c="dimmed">
                      {[item.hsnCode ?? item.sacCode, item.uom].filter(Boolean).join(" · ")}
                    </Text>
                  </Combobox.Option>
                ))
              )}
            </ScrollArea.Autosize>
          </Combobox.Options>
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {ADD_ITEM_HINT}
            </Text>
          </Combobox.Footer>
        </Combobox.Dropdown>
      </Combobox>
    </div>
  );
}
