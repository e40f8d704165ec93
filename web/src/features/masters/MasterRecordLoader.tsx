import { Center, Loader, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { describeErrorMessage } from "../../api/errors.ts";

/** Loads the record an Edit modal opens with (never from the cache), then shows its form. */
export function MasterRecordLoader<T>({
  queryKey,
  load,
  children,
}: {
  queryKey: readonly unknown[];
  load: () => Promise<T>;
  children: (record: T) => ReactNode;
}) {
  const record = useQuery({ queryKey, queryFn: load, staleTime: 0 });
  if (record.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!record.data) return <Text c="red">{describeErrorMessage(record.error)}</Text>;
  return children(record.data);
}
