/**
 * Sort options of the list screen (spec 9). The labels are the spec's, verbatim: createdAtDesc is
 * labelled 'Created Ascending' although it sorts newest first. We keep the label because every
 * string the spec quotes appears verbatim (DESIGN.md 7); fix it in the spec first if it is wrong.
 */
export const LIST_SORT_VALUES = [
  "createdAtDesc",
  "dateAsc",
  "dateDesc",
  "amountAsc",
  "amountDesc",
  "invoiceNumberAsc",
  "invoiceNumberDesc",
] as const;

export type ListSortValue = (typeof LIST_SORT_VALUES)[number];

export const LIST_SORT_LABELS: Readonly<Record<ListSortValue, string>> = {
  createdAtDesc: "Created Ascending",
  dateAsc: "Date Ascending",
  dateDesc: "Date Descending",
  amountAsc: "Amount Ascending",
  amountDesc: "Amount Descending",
  invoiceNumberAsc: "Invoice Number Ascending",
  invoiceNumberDesc: "Invoice Number Descending",
};

/** The sort selector's options, in the spec's order. */
export const LIST_SORT_OPTIONS: readonly {
  readonly value: ListSortValue;
  readonly label: string;
}[] = LIST_SORT_VALUES.map((value) => ({ value, label: LIST_SORT_LABELS[value] }));

export const DEFAULT_LIST_SORT: ListSortValue = "createdAtDesc";

export const LIST_PAGE_SIZES = [10, 50, 100, 500] as const;

export type ListPageSize = (typeof LIST_PAGE_SIZES)[number];

export const DEFAULT_LIST_PAGE_SIZE: ListPageSize = 10;

/** spec 2.5 */
export const LIST_SEARCH_PLACEHOLDER =
  "Search by Invoice number, customer name, amount or account name";

/** spec 2.5: appended to the list title on the deleted view. */
export const DELETED_ENTRIES_TITLE_SUFFIX = "- Deleted Entries";

export const EXPORT_FORMATS = ["pdf", "excel"] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const DEFAULT_EXPORT_FORMAT: ExportFormat = "pdf";

export const EXPORT_FILE_EXTENSIONS: Readonly<Record<ExportFormat, string>> = {
  pdf: ".pdf",
  excel: ".xlsx",
};
