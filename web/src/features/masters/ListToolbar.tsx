import { Button, Group, SegmentedControl, TextInput } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import type { ReactNode } from "react";
import { isMasterModalOpen } from "../../components/inputs/master-modals.ts";

/** spec 4 "Entity activity": lists show active, inactive or all records. */
export type ActiveFilter = "active" | "inactive" | "all";

export function activeParam(filter: ActiveFilter): boolean | null {
  return filter === "all" ? null : filter === "active";
}

const ACTIVE_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
  { value: "all", label: "All" },
];

/** Search, active/inactive and Add New (Alt+A, as on the entry lists of spec 2.5). */
export function ListToolbar({
  search,
  onSearch,
  searchPlaceholder,
  active,
  onActive,
  addLabel = "Add New",
  onAdd,
  children,
}: {
  search: string;
  onSearch: (text: string) => void;
  searchPlaceholder: string;
  active: ActiveFilter;
  onActive: (filter: ActiveFilter) => void;
  addLabel?: string;
  /** Absent when the person may not add. */
  onAdd?: () => void;
  children?: ReactNode;
}) {
  useHotkeys([
    [
      "alt+A",
      () => {
        if (onAdd && !isMasterModalOpen() && !document.querySelector("[role=dialog]")) onAdd();
      },
    ],
  ]);
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="sm" align="flex-end">
        <TextInput
          aria-label="Search"
          placeholder={searchPlaceholder}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          w={320}
        />
        <SegmentedControl
          aria-label="Show"
          data={ACTIVE_OPTIONS}
          value={active}
          onChange={(value) => onActive(value as ActiveFilter)}
        />
        {children}
      </Group>
      {onAdd && (
        <Button onClick={onAdd} title="Alt+A">
          {addLabel}
        </Button>
      )}
    </Group>
  );
}

/** Case-insensitive "contains" over a record's searchable texts. */
export function matchesSearch(texts: readonly (string | null | undefined)[], search: string) {
  const needle = search.trim().toLowerCase();
  return needle === "" || texts.some((text) => text?.toLowerCase().includes(needle));
}
