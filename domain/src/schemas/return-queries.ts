import { z } from "zod";
import { GSTR3B_TABLES, RETURN_SECTIONS } from "../gst/returns/index.ts";
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

const ReturnFileFormat = z
  .enum(["json", "excel"], { error: "Format must be json or excel." })
  .default("json");

/**
 * GET of the file call: JSON (default) or the offline tool's Excel. isEmail is refused here with
 * 405 (issue 37: no GET sends); the mail is the same call's POST, ReturnEmailInput.
 */
export const ReturnFileQuery = ReturnPeriodQuery.extend({
  format: ReturnFileFormat,
  isEmail: QueryBoolean.default(false),
});
export type ReturnFileQuery = z.infer<typeof ReturnFileQuery>;

/** POST /gstr1/gstr1Json and /iff/iffJson: the file mailed to one address. */
export const ReturnEmailInput = ReturnPeriodQuery.extend({
  format: ReturnFileFormat,
  email: z
    .email("Please enter a valid email address")
    .max(254, "Please enter a valid email address"),
  subject: z.string().trim().max(200, "Subject cannot be more than 200 characters.").optional(),
});
export type ReturnEmailInput = z.infer<typeof ReturnEmailInput>;

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

/**
 * GET /gstr3b/gstr3B (issue 20): `type=summary` the tables, `type=details&table=3.1a…` the vouchers
 * behind one figure, `downloadJson=true` the portal's JSON. `itcBasis=2b` takes table 4A(5) from
 * the GSTR-2B matched bills.
 */
export const Gstr3bQuery = ReturnPeriodQuery.extend({
  type: z
    .enum(["summary", "details"], { error: "Type must be summary or details." })
    .default("summary"),
  table: z
    .enum(GSTR3B_TABLES, { error: `Table must be one of ${GSTR3B_TABLES.join(", ")}.` })
    .optional(),
  downloadJson: QueryBoolean.default(false),
  itcBasis: z.enum(["books", "2b"], { error: "ITC basis must be books or 2b." }).default("books"),
  ...buildPaging(RETURN_ROWS_MAX_LIMIT),
}).superRefine((value, ctx) => {
  if (value.type === "details" && !value.downloadJson && value.table === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["table"],
      message: "Choose the table whose vouchers to list.",
    });
  }
});
export type Gstr3bQuery = z.infer<typeof Gstr3bQuery>;
