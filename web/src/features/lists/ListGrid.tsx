import { LIST_GRID_COLUMNS, type ListColumn, type RowAction } from "@bahi/domain";
import { Checkbox, Text, VisuallyHidden } from "@mantine/core";
import { type CSSProperties, type MouseEvent, memo } from "react";
import { type CellContext, ListCell } from "./ListCell.tsx";
import type { ListRowsProps } from "./list-rows.ts";
import type { ListRecord } from "./lists.api.ts";
import { RowActionsMenu } from "./RowActionsMenu.tsx";

// spec 2.5: a 24-column grid, each column spanning its width out of 24, between the selection
// box and the row menu. A real table, laid out by CSS grid.
const ROW: CSSProperties = {
  display: "grid",
  gridTemplateColumns: `40px repeat(${LIST_GRID_COLUMNS}, minmax(0, 1fr)) 44px`,
  alignItems: "center",
  // Wide enough that a right-aligned amount header and the next header do not run together.
  columnGap: 12,
  padding: "6px 8px",
  fontSize: "var(--mantine-font-size-sm)",
};
const CELL: CSSProperties = { padding: 0, minWidth: 0, fontWeight: "inherit", textAlign: "left" };
const FIRST: CSSProperties = { ...CELL, gridColumn: "1 / 2" };
const LAST: CSSProperties = { ...CELL, gridColumn: "-2 / -1", justifySelf: "end" };
const SPANS = new Map<number, CSSProperties>();
function span(width: number): CSSProperties {
  let style = SPANS.get(width);
  if (!style) {
    style = { ...CELL, gridColumn: `span ${width}` };
    SPANS.set(width, style);
  }
  return style;
}
const ROW_STYLE: CSSProperties = {
  ...ROW,
  cursor: "pointer",
  borderBottom: "1px solid var(--mantine-color-gray-2)",
};
const HIGHLIGHTED_ROW_STYLE: CSSProperties = {
  ...ROW_STYLE,
  background: "var(--mantine-color-blue-0)",
  boxShadow: "inset 3px 0 0 var(--mantine-color-blue-6)",
};

/** A click on a control inside a row (box, menu, a menu item in its portal) does not open it. */
export function isClickOnControl(event: MouseEvent): boolean {
  return (
    event.target instanceof Element &&
    event.target.closest('button, a, input, label, [role="menu"], [role="menuitem"]') !== null
  );
}

interface ListRowProps {
  index: number;
  record: ListRecord;
  columns: readonly ListColumn[];
  highlighted: boolean;
  selected: boolean;
  selectable: boolean;
  cellContext: CellContext;
  rowLabel: (record: ListRecord) => string;
  rowActions: readonly RowAction[];
  linkOf: (action: RowAction, record: ListRecord) => string | null;
  onAction: (action: RowAction, record: ListRecord) => void;
  onToggle: (id: string) => void;
  onOpen: (index: number) => void;
}

const ListRow = memo(function ListRow(props: ListRowProps) {
  const { record, index } = props;
  const label = props.rowLabel(record);
  return (
    <tr
      aria-current={props.highlighted ? "true" : undefined}
      style={props.highlighted ? HIGHLIGHTED_ROW_STYLE : ROW_STYLE}
      onClick={(event) => {
        if (!isClickOnControl(event)) props.onOpen(index);
      }}
    >
      <td style={FIRST}>
        {props.selectable && (
          <Checkbox
            aria-label={`Select ${label}`}
            checked={props.selected}
            onChange={() => props.onToggle(record._id)}
          />
        )}
      </td>
      {props.columns.map((column) => (
        <td key={column.key} style={span(column.width)}>
          <ListCell column={column} record={record} context={props.cellContext} />
        </td>
      ))}
      <td style={LAST}>
        <RowActionsMenu
          label={label}
          actions={props.rowActions}
          linkOf={(action) => props.linkOf(action, record)}
          onAction={(action) => props.onAction(action, record)}
        />
      </td>
    </tr>
  );
});

const ListHeader = memo(function ListHeader({
  columns,
  selectable,
  allSelected,
  someSelected,
  onToggleAll,
}: {
  columns: readonly ListColumn[];
  selectable: boolean;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: (checked: boolean) => void;
}) {
  return (
    <thead style={{ display: "block" }}>
      <tr style={{ ...ROW, background: "var(--mantine-color-gray-0)" }}>
        <th style={FIRST}>
          {selectable ? (
            <Checkbox
              aria-label="Select all on this page"
              checked={allSelected}
              indeterminate={someSelected && !allSelected}
              onChange={(event) => onToggleAll(event.currentTarget.checked)}
            />
          ) : (
            <VisuallyHidden>Selection</VisuallyHidden>
          )}
        </th>
        {columns.map((column) => (
          <th key={column.key} style={span(column.width)}>
            <Text
              size="sm"
              fw={600}
              truncate="end"
              ta={column.type === "amount" ? "right" : undefined}
            >
              {column.label}
            </Text>
          </th>
        ))}
        <th style={LAST}>
          <VisuallyHidden>Actions</VisuallyHidden>
        </th>
      </tr>
    </thead>
  );
});

/** The list on medium and wider screens. */
export function ListGrid(props: ListRowsProps) {
  const { columns, records, selected, selectable } = props;
  const allSelected = records.length > 0 && records.every((record) => selected.has(record._id));
  const someSelected = records.some((record) => selected.has(record._id));
  return (
    <table
      aria-label={props.title}
      aria-busy={props.busy || undefined}
      style={{ display: "block", width: "100%", borderCollapse: "collapse" }}
    >
      <ListHeader
        columns={columns}
        selectable={selectable}
        allSelected={allSelected}
        someSelected={someSelected}
        onToggleAll={props.onToggleAll}
      />
      <tbody style={{ display: "block", opacity: props.busy ? 0.7 : 1 }}>
        {records.map((record, index) => (
          <ListRow
            key={record._id}
            index={index}
            record={record}
            columns={columns}
            highlighted={index === props.highlighted}
            selected={selected.has(record._id)}
            selectable={selectable}
            cellContext={props.cellContext}
            rowLabel={props.rowLabel}
            rowActions={props.rowActions}
            linkOf={props.linkOf}
            onAction={props.onAction}
            onToggle={props.onToggle}
            onOpen={props.onOpen}
          />
        ))}
      </tbody>
    </table>
  );
}
