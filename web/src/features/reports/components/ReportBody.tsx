import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { describeErrorMessage } from "../../../api/http.ts";

/** spec 9: a loading list shows a skeleton of 10 rows; reports do the same. */
export const SKELETON_ROWS = 10;

export function ReportSkeleton({ rows = SKELETON_ROWS }: { rows?: number }) {
  return (
    <Stack gap={6} role="status" aria-label="Loading report" aria-busy="true">
      <Skeleton h={32} />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={index} h={24} />
      ))}
    </Stack>
  );
}

export function ReportEmpty({
  title = "No entries",
  description = "There are no entries for this period. Try another date or clear the filters.",
  children,
}: {
  title?: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl" ta="center">
      <Title order={2} fz="h4">
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {description}
      </Text>
      {children}
    </Paper>
  );
}

export interface ReportBodyProps<T> {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Loading skeleton, error with a retry, empty state, or the report. */
export function ReportBody<T>({ query, isEmpty, empty, children }: ReportBodyProps<T>) {
  // Not asked yet (a filter is not valid): the filter says why.
  if (query.isPending && query.fetchStatus === "idle") return null;
  if (query.isPending) return <ReportSkeleton />;
  if (query.isError && query.data === undefined) {
    return (
      <Alert color="red" title="Could not load the report" role="alert">
        <Text size="sm">{describeErrorMessage(query.error)}</Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <>{empty ?? <ReportEmpty />}</>;
  return (
    <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: "opacity 120ms" }}>
      {children(data)}
    </div>
  );
}
