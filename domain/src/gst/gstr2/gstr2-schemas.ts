import { z } from "zod";
import { CivilDateText, FinancialYearText } from "../../schemas/dates.ts";
import { buildPaging, QueryInteger } from "../../schemas/query-values.ts";
import { EntityId } from "../../schemas/text-fields.ts";
import { MATCH_STATUSES } from "./reconcile.ts";

const PeriodFields = {
  organisationId: EntityId,
  year: FinancialYearText,
  startDate: CivilDateText,
  endDate: CivilDateText,
};

export const GSTR2_ROWS_MAX_LIMIT = 500;

/** GET /gstr2/gstr2transactions (spec api §7): the purchase register, a page, or its Excel. */
export const Gstr2TransactionsQuery = z.object({
  ...PeriodFields,
  ...buildPaging(GSTR2_ROWS_MAX_LIMIT),
  search: z.string().trim().max(100, "Search cannot be more than 100 characters.").optional(),
  format: z.enum(["json", "excel"], { error: "Format must be json or excel." }).default("json"),
});
export type Gstr2TransactionsQuery = z.infer<typeof Gstr2TransactionsQuery>;

export const RECONCILIATION_MAX_LIMIT = 5_000;

/** GET /gstr2/reconciliation: the pairs of the period (a page of them), or those of one status. */
export const Gstr2ReconciliationQuery = z.object({
  ...PeriodFields,
  status: z
    .enum(MATCH_STATUSES, { error: `Status must be one of ${MATCH_STATUSES.join(", ")}.` })
    .optional(),
  supplier: z.string().trim().max(100, "Supplier cannot be more than 100 characters.").optional(),
  skip: QueryInteger.min(0, "Skip cannot be negative.").default(0),
  limit: QueryInteger.min(1, `Limit must be between 1 and ${RECONCILIATION_MAX_LIMIT}.`)
    .max(RECONCILIATION_MAX_LIMIT, `Limit must be between 1 and ${RECONCILIATION_MAX_LIMIT}.`)
    .default(500),
  format: z.enum(["json", "excel"], { error: "Format must be json or excel." }).default("json"),
});
export type Gstr2ReconciliationQuery = z.infer<typeof Gstr2ReconciliationQuery>;

/** POST /gstr2/reconciliation/link, /unlink and /accept. */
export const Gstr2LinkInput = z.object({
  organisationId: EntityId,
  entryId: EntityId,
  documentId: EntityId,
});
export type Gstr2LinkInput = z.infer<typeof Gstr2LinkInput>;

/** The text part of POST /gstr2/import2b. */
export const Gstr2ImportFields = z.object({ organisationId: EntityId });
