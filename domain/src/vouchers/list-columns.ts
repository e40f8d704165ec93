/** The list table is a 24-column grid on medium and wider screens (spec 2.5). */
export const LIST_GRID_COLUMNS = 24;

export const LIST_COLUMN_TYPES = [
  "date",
  "invoiceNumber",
  "account",
  "party",
  "amount",
  "status",
  "number",
  "string",
  "invoiceStatus",
  "datetime",
] as const;

export type ListColumnType = (typeof LIST_COLUMN_TYPES)[number];

/**
 * Widths out of 24. The first six are spec 2.5's table; the spec names number, string,
 * invoiceStatus and datetime without widths, so those four are ours (invoiceStatus renders the same
 * badge as status and takes its width).
 */
export const LIST_COLUMN_WIDTHS: Readonly<Record<ListColumnType, number>> = {
  date: 2,
  invoiceNumber: 3,
  account: 6,
  party: 6,
  amount: 4,
  status: 2,
  number: 2,
  string: 6,
  invoiceStatus: 2,
  datetime: 3,
};

export interface ListColumn {
  /** The list-record field the server must provide and the screen renders. */
  readonly key: string;
  readonly label: string;
  readonly type: ListColumnType;
  readonly width: number;
  /** Shown only when the organisation has billWiseEntry on (spec 2.5, spec 4). */
  readonly requiresBillWise: boolean;
}

export function buildListColumn(
  type: ListColumnType,
  key: string,
  label: string,
  options: { requiresBillWise?: boolean } = {},
): ListColumn {
  return {
    key,
    label,
    type,
    width: LIST_COLUMN_WIDTHS[type],
    requiresBillWise: options.requiresBillWise ?? false,
  };
}

export function sumListColumnWidths(columns: readonly ListColumn[]): number {
  return columns.reduce((total, column) => total + column.width, 0);
}
