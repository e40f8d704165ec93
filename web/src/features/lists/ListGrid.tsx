import { LIST_GRID_COLUMNS } from "@bahi/domain";
import { Checkbox, Text, VisuallyHidden } from "@mantine/core";
import type { CSSProperties, MouseEvent } from "react";
import { ListCell } from "./ListCell.tsx";
import type { ListRowsProps } from "./list-rows.ts";

// spec 2.5: a 24-column grid, each column spanning its width out of 24, between the selection
// box and the row menu. A real table, laid out by CSS grid.
const ROW: CSSProperties = {
  display: "grid",
  gridTemplateColumns: `40px repeat(${LIST_GRID_COLUMNS}, minmax(0, 1fr)) 44px`,
  alignItems: "center",
  columnGap: 4,
  padding: "6px 8px",
  fontSize: "var(--mantine-font-size-sm)",
};
const CELL: CSSProperties = { padding: 0, minWidth: 0, fontWeight: "inherit", textAlign: "left" };
const FIRST: CSSProperties = { ...CELL, gridColumn: "1 / 2" };
const LAST: CSSProperties = { ...CELL, gridColumn: "-2 / -1", justifySelf: "end" };
const span = (width: number): CSSProperties => ({ ...CELL, gridColumn: `span ${width}` });

/** A click on a control inside a row (box, menu, a menu item in its portal) does not open it. */
export function isClickOnControl(event: MouseEvent): boolean {
  return (
    event.target instanceof Element &&
    event.target.closest('button, a, input, label, [role="menu"], [role="menuitem"]') !== null
  );
}

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
      <thead style={{ display: "block" }}>
        <tr style={{ ...ROW, background: "var(--mantine-color-gray-0)" }}>
          <th style={FIRST}>
            {selectable ? (
              <Checkbox
                aria-label="Select all on this page"
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={(event) => props.onToggleAll(event.currentTarget.checked)}
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
      <tbody style={{ display: "block", opacity: props.busy ? 0.7 : 1 }}>
        {records.map((record, index) => {
          const highlighted = index === props.highlighted;
          return (
            <tr
              key={record._id}
              aria-current={highlighted ? "true" : undefined}
              data-row-index={index}
              style={{
                ...ROW,
                cursor: "pointer",
                borderBottom: "1px solid var(--mantine-color-gray-2)",
                background: highlighted ? "var(--mantine-color-blue-0)" : undefined,
                boxShadow: highlighted ? "inset 3px 0 0 var(--mantine-color-blue-6)" : undefined,
              }}
              onClick={(event) => {
                if (!isClickOnControl(event)) props.onOpen(index);
              }}
            >
              <td style={FIRST}>
                {selectable && (
                  <Checkbox
                    aria-label={`Select ${props.rowLabel(record)}`}
                    checked={selected.has(record._id)}
                    onChange={() => props.onToggle(record._id)}
                  />
                )}
              </td>
              {columns.map((column) => (
                <td key={column.key} style={span(column.width)}>
                  <ListCell column={column} record={record} context={props.cellContext} />
                </td>
              ))}
              <td style={LAST}>{props.menu(record)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
