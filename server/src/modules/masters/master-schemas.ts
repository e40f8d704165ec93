import { z } from "zod";

// Request pieces shared by the account, item and custom-field routes.

/** The version an edit started from (DESIGN.md §4 "Concurrency"); a stale one gets 409. */
export const EditVersion = z.object({
  version: z.coerce
    .number({ error: "Version must be a whole number." })
    .int("Version must be a whole number.")
    .min(1, "Version must be a whole number from 1.")
    .optional(),
});

/**
 * A query value that may be repeated (`a=x&a=y`) or comma-separated (`a=x,y`), each element
 * checked by `element`. Blank parts are dropped; none left means "not given".
 */
export function listQueryValue<T extends z.ZodType<string, string>>(element: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(","))
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    )
    .pipe(z.array(element).max(100, "Too many values."))
    .transform((values) => (values.length === 0 ? undefined : values))
    .optional();
}
