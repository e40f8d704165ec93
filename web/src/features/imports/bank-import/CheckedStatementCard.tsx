import type { StatementColumn } from "@bahi/domain";
import { Alert, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import type { CheckedStatement } from "../imports.api.ts";
import { describeBalanceBreak, describeStatement, unreadRows } from "./bank-import.model.ts";
import { ColumnMapping } from "./ColumnMapping.tsx";
import { StatementPreviewTable } from "./StatementPreviewTable.tsx";

/**
 * One checked file: the server's refusal, or its layout, lines and money, what did not follow or
 * was not read, the layout to correct and a preview.
 */
export function CheckedStatementCard({
  file,
  onColumn,
  onHeaderRow,
}: {
  file: CheckedStatement;
  onColumn: (column: StatementColumn, value: string) => void;
  onHeaderRow: (row: number) => void;
}) {
  if (file.error) {
    return (
      <Alert color="red" title={file.fileName}>
        {file.error}
      </Alert>
    );
  }
  const unread = unreadRows(file);
  return (
    <Paper withBorder p="md" aria-label={`Statement ${file.fileName}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{file.fileName}</Text>
          <Badge variant="light">{file.layoutName}</Badge>
        </Group>
        <Text size="sm">{describeStatement(file)}</Text>
        {file.balanceBreak ? (
          <Alert color="orange" title="Running balance does not follow">
            {describeBalanceBreak(file.balanceBreak)}
          </Alert>
        ) : null}
        {unread && (
          <Alert color="yellow" title={unread.title}>
            {unread.lines.map((line) => (
              <Text size="sm" key={line.key}>
                {line.text}
              </Text>
            ))}
          </Alert>
        )}
        <ColumnMapping file={file} onColumn={onColumn} onHeaderRow={onHeaderRow} />
        <StatementPreviewTable file={file} />
      </Stack>
    </Paper>
  );
}
