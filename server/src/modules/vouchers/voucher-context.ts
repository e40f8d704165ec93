import { findAccountGroup, type VoucherContext } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { systemAccountsFrom } from "../organisations/system-accounts.ts";
import { ensureTdsPayableLedgers, sectionsDeducted } from "./tds-ledgers.ts";

/** Every id a payload names under an `accountId`-like key, wherever it sits. */
function collectIds(payload: unknown, keys: ReadonlySet<string>, into: Set<string>): Set<string> {
  if (Array.isArray(payload)) {
    for (const value of payload) collectIds(value, keys, into);
  } else if (payload && typeof payload === "object") {
    for (const [key, value] of Object.entries(payload)) {
      if (keys.has(key) && typeof value === "string") into.add(value);
      else collectIds(value, keys, into);
    }
  }
  return into;
}

const ACCOUNT_KEYS = new Set([
  "accountId",
  "cashOrDebtorAccountId",
  "receivedAccountId",
  "paidAccountId",
]);
const ITEM_KEYS = new Set(["itemId"]);
const ACCOUNT_COLUMNS = [
  "id",
  "name",
  "group_id",
  "active",
  "system_key",
  "gstin",
  "state_code",
  "gst_type",
  "billing_address",
  "shipping_address",
  "tds_section",
] as const;

/**
 * The organisation's facts and the accounts and items the payloads name, for prepareVoucher and
 * for fillFromMasters (the party's addresses, the items' HSN/SAC and unit: issue 35).
 */
export async function loadVoucherContext(
  db: Kysely<Database>,
  organisation: OrganisationsTable,
  payloads: readonly Record<string, unknown>[],
): Promise<VoucherContext> {
  const accountIds = [...collectIds(payloads, ACCOUNT_KEYS, new Set())];
  const itemIds = [...collectIds(payloads, ITEM_KEYS, new Set())];
  const named = new Set(accountIds);
  // The system accounts and the named ones in one statement, each part through its own index.
  const systemAccountRows = db
    .selectFrom("accounts")
    .select(ACCOUNT_COLUMNS)
    .where("organisation_id", "=", organisation.id)
    .where("system_key", "is not", null)
    .where("deleted_at", "is", null);
  const [accountRows, itemRows, tdsPayableAccounts] = await Promise.all([
    accountIds.length === 0
      ? systemAccountRows.execute()
      : systemAccountRows
          .unionAll(
            db
              .selectFrom("accounts")
              .select(ACCOUNT_COLUMNS)
              .where("organisation_id", "=", organisation.id)
              .where("id", "in", accountIds)
              .where("deleted_at", "is", null),
          )
          .execute(),
    itemIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("items")
          .select(["id", "name", "type", "hsn_code", "sac_code", "uom"])
          .where("organisation_id", "=", organisation.id)
          .where("id", "in", itemIds)
          .where("deleted_at", "is", null)
          .execute(),
    // Issue 39: the TDS Payable ledgers the payloads deduct into, made on first use.
    ensureTdsPayableLedgers(db, organisation.id, sectionsDeducted(payloads)),
  ]);
  return {
    tdsPayableAccounts,
    organisation: {
      stateCode: organisation.state_code,
      gstRegistered: organisation.gst_registered === 1,
      gstRegType: organisation.gst_reg_type,
      manageInventory: organisation.manage_inventory === 1,
    },
    systemAccounts: systemAccountsFrom(accountRows, organisation.id),
    accounts: new Map(
      accountRows
        .filter((row) => named.has(row.id))
        .map((row) => {
          const group = findAccountGroup(row.group_id);
          if (!group) throw new Error(`account ${row.id} has an unknown group ${row.group_id}`);
          return [
            row.id,
            {
              name: row.name,
              nature: group.name,
              active: row.active === 1,
              gstin: row.gstin,
              stateCode: row.state_code,
              gstType: row.gst_type,
              billingAddress: row.billing_address,
              shippingAddress: row.shipping_address,
              tdsSection: row.tds_section,
            },
          ];
        }),
    ),
    items: new Map(
      itemRows.map((row) => [
        row.id,
        {
          name: row.name,
          type: row.type,
          hsnCode: row.hsn_code,
          sacCode: row.sac_code,
          uom: row.uom,
        },
      ]),
    ),
  };
}
