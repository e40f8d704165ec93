import { VERSION_REQUIRED_MESSAGE } from "@bahi/domain";
import { z } from "zod";

// Request pieces shared by the account, item and custom-field routes.

/**
 * The version an edit started from (DESIGN.md §4 "Concurrency"); a stale one gets 409, a missing
 * one 400 (issue 26: an edit is never a silent last-write-wins).
 */
export const EditVersion = z.object({
  // A number, or its digits as text (a form post); absent, null and blank are "missing".
  version: z.unknown().transform((value, context) => {
    if (value === undefined || value === null || value === "") {
      context.addIssue({ code: "custom", message: VERSION_REQUIRED_MESSAGE });
      return z.NEVER;
    }
    const version = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
      context.addIssue({ code: "custom", message: "Version must be a whole number from 1." });
      return z.NEVER;
    }
    return version;
  }),
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
