import { z } from "zod";

/** A query-string flag: 'true'/'false' from a URL, or a boolean from code. */
export const QueryBoolean = z.preprocess(
  (value) => (value === "true" ? true : value === "false" ? false : value),
  z.boolean({ error: "Must be true or false." }),
);

/** A whole number that may arrive as query-string text. */
export const QueryInteger = z.coerce
  .number({ error: "Must be a whole number." })
  .int("Must be a whole number.");

/** Paging of entry lists: skip >= 0, limit 1–500 (spec 9 page sizes top out at 500), default 10. */
export function buildPaging(maxLimit: number) {
  return {
    skip: QueryInteger.min(0, "Skip cannot be negative.").default(0),
    limit: QueryInteger.min(1, `Limit must be between 1 and ${maxLimit}.`)
      .max(maxLimit, `Limit must be between 1 and ${maxLimit}.`)
      .default(10),
  };
}

export const ENTRY_LIST_MAX_LIMIT = 500;

/** The custom-field list is loaded whole with limit 10000 (api.md 7, spec 9). */
export const CUSTOM_FIELD_LIST_MAX_LIMIT = 10000;
