import { z } from "zod";
import {
  DEFAULT_EXPORT_FORMAT,
  DEFAULT_LIST_SORT,
  EXPORT_FORMATS,
  LIST_SORT_VALUES,
} from "../vouchers/list-options.ts";
import { FinancialYearText } from "./dates.ts";
import { ListFilterJson } from "./list-filter.ts";
import { buildPaging, ENTRY_LIST_MAX_LIMIT, QueryBoolean, QueryInteger } from "./query-values.ts";
import { boundedText, EntityId, optionalText } from "./text-fields.ts";

export const SEARCH_TEXT_MAX = 100;

/** The list GET of every family (api.md 7), as query-string values. */
export const EntryListQuery = z.object({
  organisationId: EntityId,
  year: FinancialYearText,
  ...buildPaging(ENTRY_LIST_MAX_LIMIT),
  sortBy: z.enum(LIST_SORT_VALUES, { error: "Unknown sort option." }).default(DEFAULT_LIST_SORT),
  download: QueryBoolean.default(false),
  format: z
    .enum(EXPORT_FORMATS, { error: "Format must be pdf or excel." })
    .default(DEFAULT_EXPORT_FORMAT),
  searchText: optionalText(
    boundedText(SEARCH_TEXT_MAX, `Search text cannot be more than ${SEARCH_TEXT_MAX} characters.`),
  ),
  filters: ListFilterJson.optional(),
  deleted: QueryBoolean.default(false),
});

export type EntryListQuery = z.infer<typeof EntryListQuery>;

export const DELETE_ENTRIES_MAX = 500;
export const NO_ENTRIES_TO_DELETE_MESSAGE = "Select at least one entry to delete.";

/**
 * DELETE …/delete?organisationId&entryIds[]=…: query parsers give the list under 'entryIds[]' or
 * 'entryIds', and a single id as a plain string; all three are accepted.
 */
export const EntryDeleteQuery = z.preprocess(
  (raw) => {
    if (typeof raw !== "object" || raw === null) return raw;
    const { "entryIds[]": bracketed, ...rest } = raw as Record<string, unknown>;
    const ids = rest.entryIds ?? bracketed;
    return { ...rest, entryIds: typeof ids === "string" ? [ids] : ids };
  },
  z.object({
    organisationId: EntityId,
    entryIds: z
      .array(EntityId, { error: NO_ENTRIES_TO_DELETE_MESSAGE })
      .min(1, NO_ENTRIES_TO_DELETE_MESSAGE)
      .max(DELETE_ENTRIES_MAX, `At most ${DELETE_ENTRIES_MAX} entries can be deleted at once.`),
  }),
);

export type EntryDeleteQuery = z.infer<typeof EntryDeleteQuery>;

/** getsingleentrydetails?organisationId&entryId */
export const EntryDetailsQuery = z.object({
  organisationId: EntityId,
  entryId: EntityId,
});

export type EntryDetailsQuery = z.infer<typeof EntryDetailsQuery>;

/** getoldentrylist?organisationId&entryId: the versions of one entry. */
export const OldEntryListQuery = EntryDetailsQuery;

export type OldEntryListQuery = EntryDetailsQuery;

/** getoldentrydetails?organisationId&entryId&version */
export const OldEntryDetailsQuery = EntryDetailsQuery.extend({
  version: QueryInteger.min(1, "Version must be 1 or more."),
});

export type OldEntryDetailsQuery = z.infer<typeof OldEntryDetailsQuery>;
