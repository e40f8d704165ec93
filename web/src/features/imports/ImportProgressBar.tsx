import { Group, Loader, Progress, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type ImportProgress, readImportProgress } from "./imports.api.ts";

/** How often a running import is asked how far it has got. */
export const PROGRESS_POLL_MS = 500;

const count = (value: number) => value.toLocaleString("en-IN");

/** "500 of 1,100 vouchers", or what is happening before the counts are known. */
export function describeImportProgress(progress: ImportProgress | undefined): string {
  if (!progress || progress.state === "waiting") return "Sending the file…";
  if (progress.state === "reading" || progress.total === null)
    return "Reading and checking the file…";
  return `${count(progress.done)} of ${count(progress.total)} ${progress.unit ?? "rows"}`;
}

/**
 * A running import's progress (decision 075): the upload names itself with `progressId`, and
 * while its request runs this asks GET /import/progress and shows the vouchers (or rows) written
 * so far, batch by batch, of those to write. Real counts from the server, not a timed bar.
 */
export function ImportProgressBar({
  organisationId,
  progressId,
}: {
  organisationId: string;
  progressId: string;
}) {
  const { data } = useQuery({
    queryKey: ["importProgress", organisationId, progressId],
    queryFn: () => readImportProgress(organisationId, progressId),
    refetchInterval: (query) =>
      query.state.data?.state === "done" || query.state.data?.state === "failed"
        ? false
        : PROGRESS_POLL_MS,
    gcTime: 0,
  });
  const label = describeImportProgress(data);
  const counted = data?.state === "importing" && data.total !== null;
  const percent = counted && data.total ? Math.round((data.done * 100) / data.total) : 0;
  return (
    <Stack gap={4} aria-live="polite">
      {counted ? (
        <Progress
          value={data.total === 0 ? 100 : percent}
          aria-label={`Import progress: ${label}`}
          size="lg"
        />
      ) : (
        <Group gap="xs">
          <Loader size="sm" />
        </Group>
      )}
      <Text size="sm">{label}</Text>
    </Stack>
  );
}
