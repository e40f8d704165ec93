import { type AccountNature, findAccountGroup, type SystemAccounts } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { AccountsTable, Database } from "../../db/schema.ts";
import { newId } from "../../lib/ids.ts";
import { insertAccounts, selectSystemAccountIds } from "./organisations.repository.ts";

/** The ledger's SystemAccounts, plus the two the reports need (DESIGN.md §4). */
export type SystemAccountKey = keyof SystemAccounts | "profitAndLoss" | "closingStock";

// Names as a Tally user expects them. Every GST ledger sits in the GST group (id 28), which spec 3
// keeps apart from Duties and Taxes for exactly this; the RCM liability has ledgers of its own.
// One stock account: its opening balance is the first year's opening stock, and each later year
// opens with the previous closing, so an "Opening Stock" ledger would count the same goods twice.
export const SYSTEM_ACCOUNTS: Record<SystemAccountKey, { name: string; group: AccountNature }> = {
  cash: { name: "Cash", group: "Cash" },
  sales: { name: "Sales", group: "Sales" },
  purchases: { name: "Purchases", group: "Purchases" },
  outputCgst: { name: "Output CGST", group: "GST" },
  outputSgst: { name: "Output SGST", group: "GST" },
  outputIgst: { name: "Output IGST", group: "GST" },
  outputCess: { name: "Output Cess", group: "GST" },
  inputCgst: { name: "Input CGST", group: "GST" },
  inputSgst: { name: "Input SGST", group: "GST" },
  inputIgst: { name: "Input IGST", group: "GST" },
  inputCess: { name: "Input Cess", group: "GST" },
  rcmCgstPayable: { name: "CGST Payable (RCM)", group: "GST" },
  rcmSgstPayable: { name: "SGST Payable (RCM)", group: "GST" },
  rcmIgstPayable: { name: "IGST Payable (RCM)", group: "GST" },
  rcmCessPayable: { name: "Cess Payable (RCM)", group: "GST" },
  roundOff: { name: "Round Off", group: "Indirect Expense" },
  profitAndLoss: { name: "Profit & Loss A/c", group: "Reserves" },
  closingStock: { name: "Closing Stock", group: "Stock" },
};

export const SYSTEM_ACCOUNT_KEYS = Object.keys(SYSTEM_ACCOUNTS) as SystemAccountKey[];

/** The name every account is made unique by within its organisation. */
export function accountNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * A ledger Bahi makes itself (a system account, or a TDS Payable ledger on first use): a name
 * under a group, every other field empty.
 */
export function blankLedgerRow(input: {
  organisationId: string;
  name: string;
  group: string;
  systemKey: SystemAccountKey | null;
  now: string;
}): AccountsTable {
  const { organisationId, name, group, systemKey, now } = input;
  const groupId = findAccountGroup(group)?.id;
  if (groupId === undefined) throw new Error(`No account group named ${group}.`);
  return {
    organisation_id: organisationId,
    id: newId(),
    name,
    name_key: accountNameKey(name),
    display_name: name,
    group_id: groupId,
    system_key: systemKey,
    opening_balance_paise: 0,
    gstin: null,
    state_code: null,
    gst_rate: null,
    billing_address: null,
    shipping_address: null,
    billing_city: null,
    billing_pincode: null,
    shipping_city: null,
    shipping_pincode: null,
    mobile: null,
    email: null,
    pan: null,
    tan: null,
    gst_type: null,
    gst_reg_date: null,
    gst_cancel_date: null,
    gst_reg_status: null,
    gstin_name: null,
    rcm_sales: 0,
    rcm_purchase: 0,
    itc_not_eligible: 0,
    tds_section: null,
    deductee_type: null,
    lower_deduction_certificate: null,
    tds_facts_section: null,
    custom_field_values: "{}",
    active: 1,
    version: 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
}

export async function createSystemAccounts(
  db: Kysely<Database>,
  organisationId: string,
  now: string,
): Promise<void> {
  const rows = SYSTEM_ACCOUNT_KEYS.map((key) =>
    blankLedgerRow({ organisationId, ...SYSTEM_ACCOUNTS[key], systemKey: key, now }),
  );
  await insertAccounts(db, rows);
}

/** The ids of an organisation's system accounts, for posting vouchers and building reports. */
export async function loadSystemAccounts(
  db: Kysely<Database>,
  organisationId: string,
): Promise<Record<SystemAccountKey, string>> {
  return systemAccountsFrom(await selectSystemAccountIds(db, organisationId), organisationId);
}

/** The system accounts among an organisation's account rows; every one of them must be there. */
export function systemAccountsFrom(
  rows: readonly { id: string; system_key: string | null }[],
  organisationId: string,
): Record<SystemAccountKey, string> {
  const ids = new Map(rows.map((row) => [row.system_key, row.id]));
  const found = {} as Record<SystemAccountKey, string>;
  for (const key of SYSTEM_ACCOUNT_KEYS) {
    const id = ids.get(key);
    if (!id) throw new Error(`Organisation ${organisationId} has no ${key} system account.`);
    found[key] = id;
  }
  return found;
}
