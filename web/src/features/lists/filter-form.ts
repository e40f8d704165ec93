import {
  ACCOUNT_NATURES,
  type CivilDate,
  type CleanListFilter,
  cleanListFilters,
  type FinancialYear,
  formatDateDisplay,
  isNatureAllowed,
  isValidCivilDate,
  ListFilter,
  type ListFilterDraft,
  type ListFilterField,
  type NatureRestriction,
  normaliseDateInput,
} from "@bahi/domain";

/** How the dialog edits a field of spec 3's Filter object. */
export type FilterFieldKind =
  | "date"
  | "amount"
  | "text"
  | "longText"
  | "placeOfSupply"
  | "choice"
  | "account"
  | "accounts"
  | "status"
  | "customFields";

const KINDS: Record<ListFilterField, FilterFieldKind> = {
  dateFrom: "date",
  dateTo: "date",
  amountFrom: "amount",
  amountTo: "amount",
  account: "account",
  gstin: "text",
  invoiceNumber: "text",
  placeOfSupply: "placeOfSupply",
  rcmApplicable: "choice",
  notes: "text",
  narration: "longText",
  partyName: "text",
  paidAccountId: "account",
  receivedAccountId: "account",
  debitAccountIds: "accounts",
  creditAccountIds: "accounts",
  transferFrom: "account",
  transferTo: "account",
  receivedFromAccountIds: "accounts",
  paymentForAccountIds: "accounts",
  side: "choice",
  transactionType: "text",
  customFields: "customFields",
  statusFilters: "status",
};

export function filterFieldKind(field: ListFilterField): FilterFieldKind {
  return KINDS[field];
}

/** The choices of the two choice fields; the first is the default that apply drops (spec 5). */
export const FILTER_CHOICES: Partial<Record<ListFilterField, { value: string; label: string }[]>> =
  {
    rcmApplicable: [
      { value: "both", label: "Both" },
      { value: "yes", label: "Yes" },
      { value: "no", label: "No" },
    ],
    side: [
      { value: "both", label: "Both" },
      { value: "debit", label: "Debit" },
      { value: "credit", label: "Credit" },
    ],
  };

/** spec 9: the narration filter takes at most 1000 characters, with a counter. */
export const NARRATION_FILTER_MAX = 1000;

/** The dialog's values: text as typed, ids, status lists and custom-field values. */
export type FilterDraft = {
  [K in ListFilterField]?: K extends
    | "debitAccountIds"
    | "creditAccountIds"
    | "receivedFromAccountIds"
    | "paymentForAccountIds"
    | "statusFilters"
    ? string[]
    : K extends "customFields"
      ? Record<string, string>
      : string;
};

const DATE_FIELDS = ["dateFrom", "dateTo"] as const;

const displayDate = (value: string) =>
  isValidCivilDate(value) ? formatDateDisplay(value as CivilDate) : value;

/** The applied filter back into the dialog's values, to edit it; dates as dd-MM-yyyy. */
export function draftFromFilters(
  filters: CleanListFilter | undefined,
  dateCustomFields: readonly string[] = [],
): FilterDraft {
  const draft: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters ?? {})) {
    if (value === undefined) continue;
    draft[key] =
      typeof value === "number" ? String(value) : Array.isArray(value) ? [...value] : value;
  }
  for (const field of DATE_FIELDS) {
    if (typeof draft[field] === "string") draft[field] = displayDate(draft[field]);
  }
  const custom = draft.customFields as Record<string, string> | undefined;
  if (custom) {
    draft.customFields = Object.fromEntries(
      Object.entries(custom).map(([id, value]) => [
        id,
        dateCustomFields.includes(id) ? displayDate(value) : value,
      ]),
    );
  }
  return draft as FilterDraft;
}

export interface FilterApplyOptions {
  year: string;
  today: string;
  /** Custom fields of type date, typed as dd-MM-yyyy like the two date fields. */
  dateCustomFields?: readonly string[];
}

type DateReading = { ok: true; value: string } | { ok: false; message: string };

/** A typed date (spec 5 "Date input") as YYYY-MM-DD; blank stays blank. */
function readDate(text: string | undefined, options: FilterApplyOptions): DateReading {
  if (text === undefined || text.trim() === "") return { ok: true, value: "" };
  const result = normaliseDateInput(
    text,
    options.year as FinancialYear,
    options.today as CivilDate,
  );
  return result.ok ? { ok: true, value: result.date } : { ok: false, message: result.message };
}

export type FilterApplyResult =
  | { ok: true; filters: CleanListFilter | undefined }
  | { ok: false; errors: Partial<Record<ListFilterField, string>> };

/**
 * spec 5 "List filter dialog", on apply: trimmed text, numeric amounts only, defaults and empty
 * values dropped (nothing left clears the filter); then the three range and length messages.
 */
export function applyFilterDraft(
  draft: FilterDraft,
  options: FilterApplyOptions,
): FilterApplyResult {
  const errors: Partial<Record<ListFilterField, string>> = {};
  const dated: FilterDraft = { ...draft };
  for (const field of DATE_FIELDS) {
    const reading = readDate(draft[field], options);
    if (reading.ok) dated[field] = reading.value;
    else errors[field] = reading.message;
  }
  if (draft.customFields) {
    const custom: Record<string, string> = {};
    for (const [id, value] of Object.entries(draft.customFields)) {
      if (!options.dateCustomFields?.includes(id)) {
        custom[id] = value;
        continue;
      }
      const reading = readDate(value, options);
      if (reading.ok) custom[id] = reading.value;
      else errors.customFields ??= reading.message;
    }
    dated.customFields = custom;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const clean = cleanListFilters(dated as ListFilterDraft);
  if (clean === undefined) return { ok: true, filters: undefined };
  const parsed = ListFilter.safeParse(clean);
  if (parsed.success) return { ok: true, filters: clean };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ListFilterField | undefined;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** spec 5 "Account picker": the sentence shown when the picker is restricted by nature. */
export const NATURE_RESTRICTION_NOTE =
  "You’ll only see accounts of these specific types here, as they’re the only ones allowed.";
export const NO_ACCOUNT_FOUND = "No Account Found";

/** The natures a restricted picker offers, in the order of spec 3's list. */
export function listAllowedNatures(restriction: NatureRestriction | null): string[] {
  if (restriction === null) return [...ACCOUNT_NATURES];
  if (restriction.mode === "only") return [...restriction.natures];
  return ACCOUNT_NATURES.filter((nature) => isNatureAllowed(restriction, nature));
}
