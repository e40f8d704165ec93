import { type ListView, VOUCHER_REGISTRY, type VoucherType } from "@bahi/domain";
import { Button, Center, Stack, Text, Title } from "@mantine/core";
import type { ListContent } from "./list-content.ts";
import { describeNoSearchResult } from "./list-content.ts";

/** spec 2.5: the empty, no-match and no-search-result states. */
export function ListEmptyState({
  content,
  type,
  view,
  layout,
  filtersActive,
  onAdd,
  onClearFilters,
}: {
  content: Exclude<ListContent, "loading" | "rows">;
  type: VoucherType;
  view: ListView;
  layout: "table" | "cards";
  filtersActive: boolean;
  onAdd: () => void;
  onClearFilters: () => void;
}) {
  const states = VOUCHER_REGISTRY[type].emptyStates;
  let body: React.ReactNode;
  if (content === "noSearchResult") {
    body = (
      <Title order={2} fz="h4">
        {describeNoSearchResult(layout, filtersActive)}
      </Title>
    );
  } else if (content === "noMatch") {
    body = (
      <>
        <Title order={2} fz="h4">
          {states.noMatch.heading}
        </Title>
        <Text c="dimmed">{states.noMatch.description}</Text>
        <Button variant="light" onClick={onClearFilters}>
          Clear All Filters
        </Button>
      </>
    );
  } else {
    // The deleted view has nothing to add; it says only that nothing is there.
    body = (
      <>
        <Title order={2} fz="h4">
          {states.empty.heading}
        </Title>
        {view === "live" && (
          <>
            <Text c="dimmed">{states.empty.description}</Text>
            <Button onClick={onAdd}>Add {VOUCHER_REGISTRY[type].titles.singular}</Button>
          </>
        )}
      </>
    );
  }
  return (
    <Center py={48}>
      <Stack align="center" gap="sm" ta="center">
        {body}
      </Stack>
    </Center>
  );
}
