import { Center, Loader, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A master list's loader, its "nothing here" line (spec 2.8 wording), or its table. */
export function MasterListContent({
  pending,
  empty,
  search,
  emptyText,
  children,
}: {
  pending: boolean;
  /** No record left after the search and filters. */
  empty: boolean;
  search: string;
  /** What an empty list says when nothing is searched, e.g. "No Items Present". */
  emptyText: string;
  children: ReactNode;
}) {
  if (pending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (empty) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {search ? "No record found matching your search criteria" : emptyText}
      </Text>
    );
  }
  return children;
}
