/**
 * Spec 3 "Account groups": 28 groups. An account's nature IS its group's name, so one
 * vocabulary serves both. Ids 1-27 follow the names in alphabetical order; GST is fixed at 28.
 */
export const ACCOUNT_NATURES = [
  "Bank",
  "Bank OD/CC",
  "Capital",
  "Cash",
  "Creditors",
  "Current Assets",
  "Current Liabilities",
  "Debtors",
  "Deposits - Assets",
  "Direct Expense",
  "Direct Income",
  "Duties and Taxes",
  "Fixed Asset",
  "Indirect Expense",
  "Indirect Income",
  "Investments",
  "Loans and Advances - Asset",
  "Miscellaneous Assets",
  "Miscellaneous Liabilities",
  "Provisions",
  "Purchases",
  "Reserves",
  "Sales",
  "Secured Loan",
  "Stock",
  "Suspense",
  "Unsecured Loan",
  "GST",
] as const;

export type AccountNature = (typeof ACCOUNT_NATURES)[number];

export type BalanceSide = "dr" | "cr";

export type AccountClassification = "asset" | "liability" | "equity" | "income" | "expense";

/**
 * Where a group's balance is reported. Balance-sheet groups carry their closing balance into the
 * next year; trading (direct) and profit-and-loss (indirect) groups start each year at zero.
 */
export type AccountStatement = "balance-sheet" | "trading" | "profit-and-loss";

export type AccountGroup = {
  id: number;
  name: AccountNature;
  /** Spec 3: the default side of an opening balance. */
  side: BalanceSide;
  classification: AccountClassification;
  statement: AccountStatement;
};

type GroupFacts = [BalanceSide, AccountClassification, AccountStatement];

// Sides are spec 3's. Classifications follow Tally's primary groups, which is why Bank OD/CC and
// Suspense sit with liabilities although the spec opens them on the debit side. Stock is an asset:
// its balance is the closing stock carried forward, and the trading account reads it from there.
const GROUP_FACTS: Record<AccountNature, GroupFacts> = {
  Bank: ["dr", "asset", "balance-sheet"],
  "Bank OD/CC": ["dr", "liability", "balance-sheet"],
  Capital: ["cr", "equity", "balance-sheet"],
  Cash: ["dr", "asset", "balance-sheet"],
  Creditors: ["cr", "liability", "balance-sheet"],
  "Current Assets": ["dr", "asset", "balance-sheet"],
  "Current Liabilities": ["cr", "liability", "balance-sheet"],
  Debtors: ["dr", "asset", "balance-sheet"],
  "Deposits - Assets": ["dr", "asset", "balance-sheet"],
  "Direct Expense": ["dr", "expense", "trading"],
  "Direct Income": ["cr", "income", "trading"],
  "Duties and Taxes": ["cr", "liability", "balance-sheet"],
  "Fixed Asset": ["dr", "asset", "balance-sheet"],
  "Indirect Expense": ["dr", "expense", "profit-and-loss"],
  "Indirect Income": ["cr", "income", "profit-and-loss"],
  Investments: ["dr", "asset", "balance-sheet"],
  "Loans and Advances - Asset": ["dr", "asset", "balance-sheet"],
  "Miscellaneous Assets": ["dr", "asset", "balance-sheet"],
  "Miscellaneous Liabilities": ["cr", "liability", "balance-sheet"],
  Provisions: ["cr", "liability", "balance-sheet"],
  Purchases: ["dr", "expense", "trading"],
  Reserves: ["cr", "equity", "balance-sheet"],
  Sales: ["cr", "income", "trading"],
  "Secured Loan": ["cr", "liability", "balance-sheet"],
  Stock: ["dr", "asset", "balance-sheet"],
  Suspense: ["dr", "liability", "balance-sheet"],
  "Unsecured Loan": ["cr", "liability", "balance-sheet"],
  GST: ["cr", "liability", "balance-sheet"],
};

export const ACCOUNT_GROUPS: readonly AccountGroup[] = ACCOUNT_NATURES.map((name, index) => {
  const [side, classification, statement] = GROUP_FACTS[name];
  return { id: index + 1, name, side, classification, statement };
});

const GROUPS_BY_KEY = new Map<string | number, AccountGroup>(
  ACCOUNT_GROUPS.flatMap((group) => [
    [group.id, group],
    [group.name.toLowerCase(), group],
  ]),
);

/** A group by id (1-28) or name, the name matched ignoring case and surrounding spaces. */
export function findAccountGroup(nameOrId: string | number): AccountGroup | undefined {
  const key = typeof nameOrId === "number" ? nameOrId : nameOrId.trim().toLowerCase();
  return GROUPS_BY_KEY.get(key);
}

export function isAccountNature(value: string): value is AccountNature {
  return (ACCOUNT_NATURES as readonly string[]).includes(value);
}

// Spec 5 "List filter dialog": paid/received and transfer accounts are Cash, Bank and Bank OD/CC.
export const CASH_AND_BANK_NATURES = [
  "Cash",
  "Bank",
  "Bank OD/CC",
] as const satisfies readonly AccountNature[];

// Spec 4 "Account modal": only Debtors and Creditors keep PAN, TAN, GSTIN, addresses and contacts.
export const PARTY_NATURES = ["Debtors", "Creditors"] as const satisfies readonly AccountNature[];

// Spec 4 "Account modal": gstRate is kept only for expense, income, sales and purchase natures.
export const GST_RATE_NATURES = [
  "Direct Expense",
  "Indirect Expense",
  "Direct Income",
  "Indirect Income",
  "Sales",
  "Purchases",
] as const satisfies readonly AccountNature[];

export function isCashOrBankNature(nature: string): boolean {
  return (CASH_AND_BANK_NATURES as readonly string[]).includes(nature);
}

export function isPartyNature(nature: string): boolean {
  return (PARTY_NATURES as readonly string[]).includes(nature);
}

/**
 * Accounts whose purchases may be blocked credit (CGST s.17(5): motor vehicles, food, club
 * fees, works contracts for immovable property…): expenses, purchases and fixed assets.
 */
export const ITC_BLOCKABLE_NATURES = [
  "Direct Expense",
  "Indirect Expense",
  "Purchases",
  "Fixed Asset",
] as const satisfies readonly AccountNature[];

export function isItcBlockableNature(nature: string): boolean {
  return (ITC_BLOCKABLE_NATURES as readonly string[]).includes(nature);
}

export function isGstRateNature(nature: string): boolean {
  return (GST_RATE_NATURES as readonly string[]).includes(nature);
}

/** Whether the group's balance carries into the next financial year (DESIGN.md §4, "Years"). */
export function isBalanceSheetGroup(group: AccountGroup): boolean {
  return group.statement === "balance-sheet";
}
