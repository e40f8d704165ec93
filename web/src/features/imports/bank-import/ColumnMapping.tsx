import { STATEMENT_COLUMNS, type StatementColumn } from "@bahi/domain";
import { Group, NativeSelect, NumberInput } from "@mantine/core";
import type { CheckedStatement } from "../imports.api.ts";
import { COLUMN_LABELS, columnOptions, columnValue } from "./bank-import.model.ts";

/** How a file was read, to correct: its header row and the header of each column's role. */
export function ColumnMapping({
  file,
  onColumn,
  onHeaderRow,
}: {
  file: CheckedStatement;
  onColumn: (column: StatementColumn, value: string) => void;
  onHeaderRow: (row: number) => void;
}) {
  const options = columnOptions(file.headers ?? []);
  return (
    <Group align="end" gap="sm">
      <NumberInput
        label="Header row"
        w={110}
        min={1}
        value={file.headerRow}
        onChange={(value) => {
          if (typeof value === "number" && value >= 1) onHeaderRow(value);
        }}
      />
      {STATEMENT_COLUMNS.map((column) => (
        <NativeSelect
          key={column}
          label={COLUMN_LABELS[column]}
          w={170}
          data={options}
          value={columnValue(file, column)}
          onChange={(event) => onColumn(column, event.currentTarget.value)}
        />
      ))}
    </Group>
  );
}
