import { Skeleton, Stack } from "@mantine/core";
import { SKELETON_ROWS } from "./list-content.ts";

/** spec 2.5, 9: loading shows a skeleton of 10 rows. */
export function ListSkeleton() {
  return (
    <Stack gap={8} aria-busy="true" aria-label="Loading entries" role="status" py="xs">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are identical placeholders
        <Skeleton key={index} height={28} radius="sm" data-skeleton-row />
      ))}
    </Stack>
  );
}
