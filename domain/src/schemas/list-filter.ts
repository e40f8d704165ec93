import { z } from "zod";
import { GSTIN_LENGTH, GSTIN_LENGTH_MESSAGE } from "../identity/index.ts";
import { divideRoundingHalfAwayFromZero, readDecimalParts } from "../money/decimal.ts";
import { INVOICE_STATUSES } from "../vouchers/invoice-status.ts";
import { LIST_FILTER_FIELDS, type ListFilterField } from "../vouchers/list-filter-fields.ts";
import { RupeeAmount } from "./amounts.ts";
import { BooksDateText } from "./dates.ts";
import { NARRATION_MAX } from "./document-entries.ts";
import { StateCode } from "./identity-fields.ts";
import { EntityId } from "./text-fields.ts";

/** spec 5 "List filter dialog", verbatim. */
export const LIST_FILTER_MESSAGES = {
  dateRange: "Date From cannot be later than Date To. Please select a valid date range.",
  amountRange: "Amount From cannot be greater than Amount To. Please select a valid amount range.",
  narration:
    "Narration cannot exceed 1000 characters. Please reduce the text before applying the filter.",
} as const;

export const RCM_FILTER_VALUES = ["both", "yes", "no"] as const;
export const SIDE_FILTER_VALUES = ["both", "debit", "credit"] as const;

/** The values cleanListFilters omits (spec 5: rcm and side both, transactionType all). */
export const LIST_FILTER_DEFAULTS = {
  rcmApplicable: "both",
  side: "both",
  transactionType: "all",
} as const;

const ACCOUNT_IDS_MAX = 100;
const AccountIds = z
  .array(EntityId)
  .min(1)
  .max(ACCOUNT_IDS_MAX, `At most ${ACCOUNT_IDS_MAX} accounts.`);

/**
 * The Filter object of spec 3, as applied: every field optional, no defaults left in it.
 * transactionType is free text because the spec names only its default, 'all'.
 */
export const ListFilter = z
  .object({
    dateFrom: BooksDateText.optional(),
    dateTo: BooksDateText.optional(),
    amountFrom: RupeeAmount.optional(),
    amountTo: RupeeAmount.optional(),
    account: EntityId.optional(),
    // Part of a GSTIN finds every GSTIN containing it, so only the length is checked.
    gstin: z.string().max(GSTIN_LENGTH, GSTIN_LENGTH_MESSAGE).optional(),
    invoiceNumber: z
      .string()
      .max(50, "Invoice number cannot be more than 50 characters.")
      .optional(),
    placeOfSupply: StateCode.optional(),
    rcmApplicable: z.enum(RCM_FILTER_VALUES).optional(),
    notes: z.string().max(NARRATION_MAX, "Notes cannot be more than 1000 characters.").optional(),
    narration: z.string().max(NARRATION_MAX, LIST_FILTER_MESSAGES.narration).optional(),
    partyName: z.string().max(100, "Party name cannot be more than 100 characters.").optional(),
    paidAccountId: EntityId.optional(),
    receivedAccountId: EntityId.optional(),
    debitAccountIds: AccountIds.optional(),
    creditAccountIds: AccountIds.optional(),
    transferFrom: EntityId.optional(),
    transferTo: EntityId.optional(),
    receivedFromAccountIds: AccountIds.optional(),
    paymentForAccountIds: AccountIds.optional(),
    side: z.enum(SIDE_FILTER_VALUES).optional(),
    transactionType: z
      .string()
      .max(50, "Transaction type cannot be more than 50 characters.")
      .optional(),
    customFields: z.record(EntityId, z.string().max(500)).optional(),
    statusFilters: z.array(z.enum(INVOICE_STATUSES)).min(1).optional(),
  } satisfies Record<ListFilterField, z.ZodType>)
  .superRefine((filter, ctx) => {
    if (
      filter.dateFrom !== undefined &&
      filter.dateTo !== undefined &&
      filter.dateFrom > filter.dateTo
    ) {
      ctx.addIssue({ code: "custom", path: ["dateFrom"], message: LIST_FILTER_MESSAGES.dateRange });
    }
    if (
      filter.amountFrom !== undefined &&
      filter.amountTo !== undefined &&
      filter.amountFrom > filter.amountTo
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["amountFrom"],
        message: LIST_FILTER_MESSAGES.amountRange,
      });
    }
  });

export type ListFilter = z.infer<typeof ListFilter>;

const DraftText = z.string().nullish();
const DraftAmount = z.union([z.number(), z.string()]).nullish();
const DraftIds = z.array(z.string()).nullish();

/**
 * The filter as the dialog holds it (or as a client sent it): loose types, blanks and defaults
 * allowed. cleanListFilters turns it into a ListFilter candidate.
 */
export const ListFilterDraft = z.object({
  dateFrom: DraftText,
  dateTo: DraftText,
  amountFrom: DraftAmount,
  amountTo: DraftAmount,
  account: DraftText,
  gstin: DraftText,
  invoiceNumber: DraftText,
  placeOfSupply: DraftText,
  rcmApplicable: DraftText,
  notes: DraftText,
  narration: DraftText,
  partyName: DraftText,
  paidAccountId: DraftText,
  receivedAccountId: DraftText,
  debitAccountIds: DraftIds,
  creditAccountIds: DraftIds,
  transferFrom: DraftText,
  transferTo: DraftText,
  receivedFromAccountIds: DraftIds,
  paymentForAccountIds: DraftIds,
  side: DraftText,
  transactionType: DraftText,
  customFields: z.record(z.string(), z.string().nullish()).nullish(),
  statusFilters: z.array(z.string()).nullish(),
});

export type ListFilterDraft = z.input<typeof ListFilterDraft>;

/** A cleaned filter, not yet validated: parse it with ListFilter for the spec's messages. */
export type CleanListFilter = z.input<typeof ListFilter>;

const ID_LIST_KEYS = [
  "debitAccountIds",
  "creditAccountIds",
  "receivedFromAccountIds",
  "paymentForAccountIds",
  "statusFilters",
] as const;

/** The filter fields cleaned by their own rule; every other field of spec 3 is plain text. */
const NON_TEXT_KEYS = new Set<ListFilterField>([
  "gstin",
  "amountFrom",
  "amountTo",
  "customFields",
  ...ID_LIST_KEYS,
]);

type TextKey = Exclude<
  ListFilterField,
  "gstin" | "amountFrom" | "amountTo" | "customFields" | (typeof ID_LIST_KEYS)[number]
>;

const TEXT_KEYS = LIST_FILTER_FIELDS.filter((key): key is TextKey => !NON_TEXT_KEYS.has(key));

/**
 * spec 5 "Amount input": commas stripped, rounded to 2 decimals (half away from zero, on the
 * number's exact decimal, so 1.005 is 1.01); non-numeric gives nothing.
 */
function readAmount(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).replaceAll(",", "").trim();
  if (text === "") return undefined;
  const amount = Number(text);
  if (!Number.isFinite(amount)) return undefined;
  const { negative, digits, scale } = readDecimalParts(amount);
  const paise =
    scale <= 2
      ? digits * 10n ** BigInt(2 - scale)
      : divideRoundingHalfAwayFromZero(digits, 10n ** BigInt(scale - 2));
  return (negative ? -Number(paise) : Number(paise)) / 100;
}

function trimList(values: readonly string[] | null | undefined): string[] {
  return [...new Set((values ?? []).map((value) => value.trim()).filter((value) => value !== ""))];
}

/**
 * spec 5 "List filter dialog", on apply: text trimmed; non-numeric amounts dropped; default values
 * (rcm and side 'both', transactionType 'all'), empty strings, empty lists and empty custom
 * fields omitted; undefined when nothing remains (the filter is cleared).
 */
export function cleanListFilters(
  draft: ListFilterDraft | null | undefined,
): CleanListFilter | undefined {
  if (draft === null || draft === undefined) return undefined;
  const clean: Record<string, unknown> = {};
  for (const key of TEXT_KEYS) {
    const text = draft[key]?.trim();
    if (text === undefined || text === "") continue;
    if (text === (LIST_FILTER_DEFAULTS as Record<string, string>)[key]) continue;
    clean[key] = text;
  }
  const gstin = draft.gstin?.trim().toUpperCase();
  if (gstin !== undefined && gstin !== "") clean.gstin = gstin;
  for (const key of ["amountFrom", "amountTo"] as const) {
    const amount = readAmount(draft[key]);
    if (amount !== undefined) clean[key] = amount;
  }
  for (const key of ID_LIST_KEYS) {
    const values = trimList(draft[key]);
    if (values.length > 0) clean[key] = values;
  }
  const customFields = Object.entries(draft.customFields ?? {})
    .map(([id, value]) => [id, value?.trim() ?? ""] as const)
    .filter(([, value]) => value !== "");
  if (customFields.length > 0) clean.customFields = Object.fromEntries(customFields);
  return Object.keys(clean).length === 0 ? undefined : (clean as CleanListFilter);
}

/**
 * The list call's `filters` query value: JSON text of a Filter, cleaned then validated. Blank text
 * or a filter with nothing left gives undefined.
 */
export const ListFilterJson = z
  .string()
  .transform((text, ctx) => {
    if (text.trim() === "") return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "Filters must be JSON text." });
      return z.NEVER;
    }
  })
  .pipe(ListFilterDraft.nullable())
  .transform((draft) => cleanListFilters(draft))
  .pipe(ListFilter.optional());
