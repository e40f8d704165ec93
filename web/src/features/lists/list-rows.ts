import type { ListColumn } from "@bahi/domain";
import type { ReactNode } from "react";
import type { CellContext } from "./ListCell.tsx";
import type { ListRecord } from "./lists.api.ts";

/** What the table and the cards both show. */
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
  menu: (record: ListRecord) => ReactNode;
  /** A newer page is on its way. */
  busy: boolean;
}
