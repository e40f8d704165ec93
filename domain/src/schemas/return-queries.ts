import { z } from "zod";
import { RETURN_SECTIONS } from "../gst/returns/index.ts";
import { BooksDateText, FinancialYearText } from "./dates.ts";
import { buildPaging, QueryBoolean } from "./query-values.ts";
import { EntityId } from "./text-fields.ts";

/** GSTR-1 and IFF calls (issue 19): the organisation, year and the period's first and last day. */
export const ReturnPeriodQuery = z.object({
  organisationId: EntityId,
  year: FinancialYearText,
  startDate: BooksDateText,
  endDate: BooksDateText,
});
export type ReturnPeriodQuery = z.infer<typeof ReturnPeriodQuery>;

export const RETURN_ROWS_MAX_LIMIT = 500;

export const ReturnTransactionsQuery = ReturnPeriodQuery.extend({
  type: z.enum(RETURN_SECTIONS, { error: `Type must be one of ${RETURN_SECTIONS.join(", ")}.` }),
  ...buildPaging(RETURN_ROWS_MAX_LIMIT),
});
export type ReturnTransactionsQuery = z.infer<typeof ReturnTransactionsQuery>;

/** The file call: JSON (default) or the offline tool's Excel; mailed instead with isEmail. */
export const ReturnFileQuery = ReturnPeriodQuery.extend({
  format: z.enum(["json", "excel"], { error: "Format must be json or excel." }).default("json"),
  isEmail: QueryBoolean.default(false),
  email: z.email("Please enter a valid email address").max(254).optional(),
  subject: z.string().trim().max(200, "Subject cannot be more than 200 characters.").optional(),
}).superRefine((value, ctx) => {
  if (value.isEmail && !value.email) {
    ctx.addIssue({
      code: "custom",
      path: ["email"],
      message: "Enter the email address to send the file to.",
    });
  }
});
export type ReturnFileQuery = z.infer<typeof ReturnFileQuery>;

/** POST /gstr1/markfiled and /iff/markfiled. The ARN is the portal's acknowledgement (15 characters). */
export const MarkReturnFiledInput = ReturnPeriodQuery.extend({
  arn: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{15}$/, "ARN must be 15 letters or digits.")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
export type MarkReturnFiledInput = z.infer<typeof MarkReturnFiledInput>;
