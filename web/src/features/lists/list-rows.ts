import type { ListColumn, RowAction } from "@bahi/domain";
import type { CellContext } from "./ListCell.tsx";
import type { ListRecord } from "./lists.api.ts";

/** What the table and the cards both show; the functions keep their identity between renders. */
export interface ListRowsProps {
  title: string;
  columns: readonly ListColumn[];
  records: readonly ListRecord[];
  highlighted: number;
  selected: ReadonlySet<string>;
  /** The deleted view has no selection (Delete Selected is live only). */
  selectable: boolean;
  onToggle: (id: string) => void;
  onToggleAll: (checked: boolean) => void;
  onOpen: (index: number) => void;
  cellContext: CellContext;
  /** 'Sales Invoice 12', for the row's checkbox and menu names. */
  rowLabel: (record: ListRecord) => string;
  rowActions: readonly RowAction[];
  linkOf: (action: RowAction, record: ListRecord) => string | null;
  onAction: (action: RowAction, record: ListRecord) => void;
  /** A newer page is on its way. */
  busy: boolean;
}
