import { type AccountNature, CASH_AND_BANK_NATURES, PARTY_NATURES } from "../reference/index.ts";

/** Keys of the list Filter object (spec 3, "Filter object"). */
export const LIST_FILTER_FIELDS = [
  "dateFrom",
  "dateTo",
  "amountFrom",
  "amountTo",
  "account",
  "gstin",
  "invoiceNumber",
  "placeOfSupply",
  "rcmApplicable",
  "notes",
  "narration",
  "partyName",
  "paidAccountId",
  "receivedAccountId",
  "debitAccountIds",
  "creditAccountIds",
  "transferFrom",
  "transferTo",
  "receivedFromAccountIds",
  "paymentForAccountIds",
  "side",
  "transactionType",
  "customFields",
  "statusFilters",
] as const;

export type ListFilterField = (typeof LIST_FILTER_FIELDS)[number];

/** spec 5 "List filter dialog": other account filters offer cash, bank and party accounts. */
export const DEFAULT_FILTER_ACCOUNT_NATURES = [
  ...CASH_AND_BANK_NATURES,
  ...PARTY_NATURES,
] as const satisfies readonly AccountNature[];

/** Either only the listed natures, or every nature except the listed ones. */
export interface NatureRestriction {
  readonly mode: "only" | "except";
  readonly natures: readonly string[];
}

/** Which organisation a field needs: GST-registered and regular, or bill-wise entry on. */
export type ListFilterRequirement = "gstRegular" | "billWise";

export interface ListFilterFieldSpec {
  readonly field: ListFilterField;
  readonly label: string;
  readonly requires: ListFilterRequirement | null;
  /** For account pickers: which natures the picker offers. */
  readonly natures: NatureRestriction | null;
}

export function buildFilterField(
  field: ListFilterField,
  label: string,
  options: { requires?: ListFilterRequirement; natures?: NatureRestriction } = {},
): ListFilterFieldSpec {
  return { field, label, requires: options.requires ?? null, natures: options.natures ?? null };
}

// spec 5: paid/received accounts and transfer from/to offer only cash and bank natures.
export const ONLY_CASH_AND_BANK: NatureRestriction = {
  mode: "only",
  natures: CASH_AND_BANK_NATURES,
};
// spec 5: debit and credit accounts offer every nature except the cash and bank ones.
export const EXCEPT_CASH_AND_BANK: NatureRestriction = {
  mode: "except",
  natures: CASH_AND_BANK_NATURES,
};
// spec 5: any other account filter defaults to Cash, Bank, Bank OD/CC, Debtors, Creditors.
export const DEFAULT_ACCOUNT_FILTER: NatureRestriction = {
  mode: "only",
  natures: DEFAULT_FILTER_ACCOUNT_NATURES,
};

export function isNatureAllowed(restriction: NatureRestriction | null, nature: string): boolean {
  if (restriction === null) return true;
  const listed = restriction.natures.includes(nature);
  return restriction.mode === "only" ? listed : !listed;
}
