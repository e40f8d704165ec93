import { z } from "zod";
import { CivilDateText, FinancialYearText } from "../../schemas/dates.ts";
import { EntityId } from "../../schemas/text-fields.ts";

export const EWAY_BILL_ENTRIES_MAX = 500;

export const EWAY_BILL_QUERY_MESSAGES = {
  entriesOrPeriod: "Give the documents (entryIds) or the period (startDate and endDate).",
  endBeforeStart: "End date cannot be before the start date.",
} as const;

/**
 * GET /ewaybill/json?organisationId&entryIds[]=… or &startDate&endDate (docs/api/ewaybill.md).
 * Query parsers give the list under 'entryIds[]' or 'entryIds', and one id as a plain string.
 */
export const EWayBillJsonQuery = z.preprocess(
  (raw) => {
    if (typeof raw !== "object" || raw === null) return raw;
    const { "entryIds[]": bracketed, ...rest } = raw as Record<string, unknown>;
    const ids = rest.entryIds ?? bracketed;
    return ids === undefined ? rest : { ...rest, entryIds: typeof ids === "string" ? [ids] : ids };
  },
  z
    .object({
      organisationId: EntityId,
      entryIds: z
        .array(EntityId)
        .max(EWAY_BILL_ENTRIES_MAX, `At most ${EWAY_BILL_ENTRIES_MAX} documents at once.`)
        .optional(),
      startDate: CivilDateText.optional(),
      endDate: CivilDateText.optional(),
    })
    .superRefine((value, ctx) => {
      const period = value.startDate !== undefined && value.endDate !== undefined;
      if ((value.entryIds?.length ?? 0) === 0 && !period) {
        ctx.addIssue({
          code: "custom",
          path: ["entryIds"],
          message: EWAY_BILL_QUERY_MESSAGES.entriesOrPeriod,
        });
      }
      if (period && (value.endDate ?? "") < (value.startDate ?? "")) {
        ctx.addIssue({
          code: "custom",
          path: ["endDate"],
          message: EWAY_BILL_QUERY_MESSAGES.endBeforeStart,
        });
      }
    }),
);
export type EWayBillJsonQuery = z.infer<typeof EWayBillJsonQuery>;

/** GET /ewaybill/list?organisationId&year&startDate&endDate. */
export const EWayBillListQuery = z
  .object({
    organisationId: EntityId,
    year: FinancialYearText,
    startDate: CivilDateText,
    endDate: CivilDateText,
  })
  .superRefine((value, ctx) => {
    if (value.endDate < value.startDate) {
      ctx.addIssue({
        code: "custom",
        path: ["endDate"],
        message: EWAY_BILL_QUERY_MESSAGES.endBeforeStart,
      });
    }
  });
export type EWayBillListQuery = z.infer<typeof EWayBillListQuery>;

/** The text fields of POST /ewaybill/import (multipart; the file is the part `file`). */
export const EWayBillImportFields = z.object({ organisationId: EntityId });

/** A document's e-way bill state on the list. */
export const EWAY_BILL_STATES = ["needed", "generated", "notNeeded"] as const;
export type EWayBillState = (typeof EWAY_BILL_STATES)[number];
