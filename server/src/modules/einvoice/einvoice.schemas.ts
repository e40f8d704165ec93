import { BooksDateText, EntityId, FinancialYearText } from "@bahi/domain";
import { z } from "zod";

export const EINVOICE_IDS_MAX = 500;

/**
 * GET /einvoice/json and /einvoice/list: the documents named by entryIds (entryIds[]= or
 * entryIds=, one or many), or those of a period (year, or startDate and endDate).
 */
export const EInvoiceQuery = z.preprocess(
  (raw) => {
    if (typeof raw !== "object" || raw === null) return raw;
    const { "entryIds[]": bracketed, ...rest } = raw as Record<string, unknown>;
    const ids = rest.entryIds ?? bracketed;
    return {
      ...rest,
      ...(ids === undefined ? {} : { entryIds: typeof ids === "string" ? [ids] : ids }),
    };
  },
  z
    .object({
      organisationId: EntityId,
      year: FinancialYearText.optional(),
      startDate: BooksDateText.optional(),
      endDate: BooksDateText.optional(),
      entryIds: z
        .array(EntityId, { error: "Entry ids must be a list of ids." })
        .max(EINVOICE_IDS_MAX, `At most ${EINVOICE_IDS_MAX} documents at once.`)
        .optional(),
    })
    .superRefine((query, ctx) => {
      if (query.entryIds?.length) return;
      if (!query.year && !(query.startDate && query.endDate)) {
        ctx.addIssue({
          code: "custom",
          path: ["startDate"],
          message: "Give entryIds, the year, or a start and end date.",
        });
      }
      if ((query.startDate === undefined) !== (query.endDate === undefined)) {
        ctx.addIssue({
          code: "custom",
          path: ["endDate"],
          message: "Give both the start and the end date.",
        });
      }
      if (query.startDate && query.endDate && query.startDate > query.endDate) {
        ctx.addIssue({
          code: "custom",
          path: ["endDate"],
          message: "End date cannot be before the start date.",
        });
      }
    }),
);
export type EInvoiceQuery = z.infer<typeof EInvoiceQuery>;

export const CancelIrnInput = z.object({
  organisationId: EntityId,
  entryId: EntityId,
  reason: z.coerce
    .number({
      error:
        "Reason must be 1 (duplicate), 2 (data entry mistake), 3 (order cancelled) or 4 (others).",
    })
    .int("Reason must be 1 (duplicate), 2 (data entry mistake), 3 (order cancelled) or 4 (others).")
    .min(
      1,
      "Reason must be 1 (duplicate), 2 (data entry mistake), 3 (order cancelled) or 4 (others).",
    )
    .max(
      4,
      "Reason must be 1 (duplicate), 2 (data entry mistake), 3 (order cancelled) or 4 (others).",
    ),
  remark: z
    .string({ error: "Remark must be text." })
    .trim()
    .max(100, "Remark cannot be more than 100 characters.")
    .optional(),
});

export const ImportFields = z.object({ organisationId: EntityId });
