import {
  type ExportFormat,
  LIST_SEARCH_PLACEHOLDER,
  LIST_SORT_OPTIONS,
  type ListSortValue,
  type ListView,
} from "@bahi/domain";
import { Badge, Button, Group, Select, Stack, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { memo } from "react";
import { DownloadControl } from "./DownloadControl.tsx";
import { SEARCH_DEBOUNCE_MS } from "./list-state.ts";

/** spec 2.5: search, Filter, sort, download and Delete Selected. */
export const ListToolbar = memo(function ListToolbar({
  view,
  searchInput,
  onSearchTyped,
  onSearchSettled,
  filterCount,
  onOpenFilter,
  sort,
  onSort,
  downloading,
  onDownload,
  selectedCount,
  onDeleteSelected,
  restoring = false,
  onRestoreSelected,
}: {
  view: ListView;
  searchInput: string;
  onSearchTyped: (text: string) => void;
  onSearchSettled: (text: string) => void;
  filterCount: number;
  onOpenFilter: () => void;
  sort: ListSortValue;
  onSort: (sort: ListSortValue) => void;
  downloading: boolean;
  onDownload: (format: ExportFormat) => void;
  selectedCount: number;
  onDeleteSelected: () => void;
  /** The deleted view's Restore Selected (issue 39). */
  restoring?: boolean;
  onRestoreSelected?: () => void;
}) {
  const settle = useDebouncedCallback(onSearchSettled, SEARCH_DEBOUNCE_MS);
  return (
    <Stack gap="sm">
      <TextInput
        aria-label="Search entries"
        placeholder={LIST_SEARCH_PLACEHOLDER}
        value={searchInput}
        onChange={(event) => {
          const text = event.currentTarget.value;
          onSearchTyped(text);
          settle(text);
        }}
      />
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          onClick={onOpenFilter}
          rightSection={
            filterCount > 0 ? (
              <Badge size="sm" circle aria-hidden="true">
                {filterCount}
              </Badge>
            ) : null
          }
        >
          Filter
        </Button>
        <Select
          aria-label="Sort by"
          w={230}
          data={LIST_SORT_OPTIONS.map((option) => ({ ...option }))}
          value={sort}
          allowDeselect={false}
          onChange={(value) => {
            const option = LIST_SORT_OPTIONS.find((candidate) => candidate.value === value);
            if (option) onSort(option.value);
          }}
        />
        <DownloadControl downloading={downloading} onDownload={onDownload} />
        {view === "live" && (
          <Button
            color="red"
            variant="light"
            disabled={selectedCount === 0}
            onClick={onDeleteSelected}
          >
            Delete Selected{selectedCount > 0 ? ` (${selectedCount})` : ""}
          </Button>
        )}
        {view === "deleted" && onRestoreSelected && (
          <Button
            variant="light"
            disabled={selectedCount === 0}
            loading={restoring}
            onClick={onRestoreSelected}
          >
            Restore Selected{selectedCount > 0 ? ` (${selectedCount})` : ""}
          </Button>
        )}
      </Group>
    </Stack>
  );
});
