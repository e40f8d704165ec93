import {
  ITEM_MESSAGES,
  type ItemEditInput,
  type ItemInput,
  milliToQuantity,
  NO_GST_RATE,
  paiseToRupees,
  percentToBasisPoints,
  quantityToMilli,
  rupeesToPaise,
  todayCivil,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import { inLockedBooks, inTransaction } from "../../db/books-lock.ts";
import type { Database } from "../../db/schema.ts";
import { buildStockVersionBump } from "../../db/stock-version.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { type AccessNeed, requireOrganisationAccess } from "../access/organisation-access.ts";
import { parseCustomFieldValues } from "../accounts/account-presenter.ts";
import { refuseDeleteWhenUsed, setOpeningStockFromItems } from "../accounts/accounts.service.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { validateCustomFieldValues } from "../custom-fields/custom-field-values.ts";
import {
  listMasterLogs,
  type MasterChange,
  nextMasterVersion,
  recordMasterChange,
  staleRecord,
} from "../masters/master-history.ts";
import { claimMasterName, nameTaken } from "../masters/master-names.ts";
import * as repo from "./items.repository.ts";
import { valueInventoryInHand } from "./stock-valuation.ts";

/** spec api §8 success messages, verbatim, and ours where the spec has none. */
export const ITEM_SUCCESS = {
  added: "Successfully added the new item.",
  edited: "Successfully edited item.",
  deleted: "Item Deleted Successfully.",
  active: "The item is now active.",
  inactive: "The item is now inactive.",
} as const;

export const ITEM_REFUSALS = {
  notFound: "This item does not exist or has been deleted.",
  gstRateRequired: ITEM_MESSAGES.gstRateRequired,
} as const;

/**
 * Issue 40: a GST-registered organisation's item carries a GST rate (a percentage, Exempt or
 * Non-GST chosen on purpose); left out, the invoice would charge no tax without anyone deciding so.
 */
function requireGstRate(
  organisation: { gst_registered: number },
  input: { gstRate?: number | undefined },
): void {
  if (organisation.gst_registered === 1 && input.gstRate === undefined) {
    throw badRequest(ITEM_REFUSALS.gstRateRequired, [
      { path: "gstRate", message: ITEM_REFUSALS.gstRateRequired },
    ]);
  }
}

const right = (action: "view" | "add" | "edit" | "delete"): AccessNeed => ({
  kind: "right",
  subject: "item",
  action,
});

/** The item payload with the cess rate the API takes beside the domain schema's fields. */
export type ItemPayload = ItemInput & { cessRate?: number | undefined };

const toMilli = quantityToMilli;
/** Percentages from 0 to 100 with at most 2 decimals (the schema's), kept in hundredths exactly. */
function toCenti(percent: number): number {
  const hundredths = percentToBasisPoints(percent, 100);
  if (hundredths === null)
    throw new RangeError(`Discount ${percent} is not a percentage to 2 decimals.`);
  return hundredths;
}

/**
 * The columns an item payload decides. Services keep no stock, so their opening quantity and
 * amount are zero; goods take an HSN code and services a SAC code (the schema refuses the other).
 */
function settleItemFields(input: ItemPayload) {
  const goods = input.type === "goods";
  return {
    name: input.name,
    name_key: input.name.trim().toLowerCase(),
    description: input.description ?? null,
    type: input.type,
    uom: input.uom ?? null,
    hsn_code: goods ? (input.hsnCode ?? null) : null,
    sac_code: goods ? null : (input.sacCode ?? null),
    gst_rate: input.gstRate === undefined ? null : String(input.gstRate),
    cess_rate: input.cessRate === undefined ? null : String(input.cessRate),
    itc_not_eligible: input.itcNotEligible ? 1 : 0,
    opening_quantity_milli: goods ? toMilli(input.openingBalanceQuantity) : 0,
    opening_value_paise: goods ? rupeesToPaise(input.openingBalanceAmount) : 0,
    selling_price_paise: rupeesToPaise(input.standardSellingPrice ?? 0),
    sale_discount_centi: toCenti(input.standardSaleDiscount ?? 0),
    purchase_price_paise: rupeesToPaise(input.standardPurchasePrice ?? 0),
    purchase_discount_centi: toCenti(input.standardPurchaseDiscount ?? 0),
  } satisfies Partial<repo.ItemRow>;
}

/** An item as the API answers it (spec 3 "Item"): rupees, percentages, quantities in units. */
export function presentItem(row: repo.ItemRow) {
  return {
    _id: row.id,
    organisationId: row.organisation_id,
    name: row.name,
    description: row.description,
    type: row.type,
    openingBalanceQuantity: milliToQuantity(row.opening_quantity_milli),
    openingBalanceAmount: paiseToRupees(row.opening_value_paise),
    uom: row.uom,
    standardSellingPrice: paiseToRupees(row.selling_price_paise),
    standardSaleDiscount: row.sale_discount_centi / 100,
    standardPurchasePrice: paiseToRupees(row.purchase_price_paise),
    standardPurchaseDiscount: row.purchase_discount_centi / 100,
    hsnCode: row.hsn_code,
    sacCode: row.sac_code,
    gstRate: row.gst_rate === null ? NO_GST_RATE : Number(row.gst_rate),
    cessRate: row.cess_rate === null ? 0 : Number(row.cess_rate),
    itcNotEligible: row.itc_not_eligible === 1,
    customFieldValues: parseCustomFieldValues(row.custom_field_values),
    active: row.active === 1,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function requireLiveItem(db: Kysely<Database>, organisationId: string, id: string) {
  const row = await repo.findItem(db, organisationId, id);
  if (!row || row.deleted_at) throw notFound(ITEM_REFUSALS.notFound);
  return row;
}

function change(row: repo.ItemRow, action: MasterChange["action"], userId: string): MasterChange {
  return {
    organisationId: row.organisation_id,
    entityType: "item",
    entityId: row.id,
    version: row.version,
    action,
    document: presentItem(row),
    userId,
    name: row.name,
  };
}

/**
 * After an item is added, edited or deleted: a kept stock valuation no longer holds (decision 028),
 * and the items' opening amounts are the books' opening stock when inventory is managed (decision
 * 040).
 */
async function afterItemChange(
  trx: Kysely<Database>,
  organisation: { id: string; manage_inventory: number },
  userId: string,
) {
  await inLockedBooks(trx, organisation.id, (locked) =>
    buildStockVersionBump(locked, organisation.id).execute(),
  );
  if (organisation.manage_inventory !== 1) return;
  const total = await repo.sumOpeningStockValue(trx, organisation.id);
  await setOpeningStockFromItems(trx, organisation.id, total, userId);
}

async function writeWithName(
  db: Kysely<Database>,
  write: (trx: Kysely<Database>) => Promise<void>,
) {
  try {
    await inTransaction(db, write);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function addItem(
  db: Kysely<Database>,
  caller: Caller,
  input: ItemPayload,
  /**
   * A Tally import brings an item its master gives no rate: each voucher line carries its own,
   * and the item form asks for one at its next edit (decision 371).
   */
  options: { gstRateFromLines?: boolean } = {},
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, right("add"));
  if (!options.gstRateFromLines) requireGstRate(access.organisation, input);
  const organisationId = access.organisation.id;
  const customFieldValues = await validateCustomFieldValues(
    db,
    organisationId,
    "item",
    input.customFieldValues,
  );
  const now = nowIso();
  const row: repo.ItemRow = {
    organisation_id: organisationId,
    id: newId(),
    ...settleItemFields(input),
    custom_field_values: JSON.stringify(customFieldValues),
    active: 1,
    version: 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await writeWithName(db, async (trx) => {
    await claimMasterName(trx, organisationId, row.name);
    await repo.insertItem(trx, row);
    await recordMasterChange(trx, change(row, "created", access.userId));
    await afterItemChange(trx, access.organisation, access.userId);
  });
  return row;
}

export async function editItem(
  db: Kysely<Database>,
  caller: Caller,
  input: ItemEditInput & { cessRate?: number | undefined; version?: number | undefined },
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, right("edit"));
  requireGstRate(access.organisation, input);
  const organisationId = access.organisation.id;
  const existing = await requireLiveItem(db, organisationId, input.itemId);
  if (input.version !== undefined && input.version !== existing.version) throw staleRecord();
  const previous = parseCustomFieldValues(existing.custom_field_values);
  const customFieldValues =
    input.customFieldValues === undefined
      ? previous
      : await validateCustomFieldValues(db, organisationId, "item", input.customFieldValues, {
          previous,
        });
  const updated: repo.ItemRow = {
    ...existing,
    ...settleItemFields(input),
    custom_field_values: JSON.stringify(customFieldValues),
    version: existing.version + 1,
    updated_at: nowIso(),
  };
  await writeWithName(db, async (trx) => {
    await claimMasterName(trx, organisationId, updated.name, { kind: "item", id: existing.id });
    const { organisation_id, id, created_at, ...changes } = updated;
    if (!(await repo.updateItemAtVersion(trx, organisationId, id, existing.version, changes))) {
      throw staleRecord();
    }
    await recordMasterChange(trx, change(updated, "edited", access.userId));
    await afterItemChange(trx, access.organisation, access.userId);
  });
  return updated;
}

/** DELETE /item/delete: soft, refused while a live entry uses the item. */
export async function deleteItem(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  itemId: string,
) {
  const access = await requireOrganisationAccess(db, caller, organisationId, right("delete"));
  const existing = await requireLiveItem(db, organisationId, itemId);
  const now = nowIso();
  const updated = nextMasterVersion(existing, { deleted_at: now }, now);
  await db.transaction().execute(async (trx) => {
    const inUse = refuseDeleteWhenUsed(
      "item",
      await repo.findItemUsage(trx, organisationId, itemId),
    );
    if (inUse) throw inUse;
    const saved = await repo.updateItemAtVersion(
      trx,
      organisationId,
      itemId,
      existing.version,
      updated.changes,
    );
    if (!saved) throw staleRecord();
    await recordMasterChange(trx, change(updated.row, "deleted", access.userId));
    await afterItemChange(trx, access.organisation, access.userId);
  });
}

/** PUT /item/active and /item/inactive (spec 4: items can be made active or inactive). */
export async function setItemActive(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  itemId: string,
  active: boolean,
) {
  const access = await requireOrganisationAccess(db, caller, organisationId, right("edit"));
  const existing = await requireLiveItem(db, organisationId, itemId);
  if ((existing.active === 1) === active) return existing;
  const updated = nextMasterVersion(existing, { active: active ? 1 : 0 });
  await db.transaction().execute(async (trx) => {
    if (
      !(await repo.updateItemAtVersion(
        trx,
        organisationId,
        itemId,
        existing.version,
        updated.changes,
      ))
    ) {
      throw staleRecord();
    }
    await recordMasterChange(
      trx,
      change(updated.row, active ? "activated" : "deactivated", access.userId),
    );
  });
  return updated.row;
}

/** GET /item/itemlist, by name; with the stock in hand when the organisation manages inventory. */
export async function listItems(
  db: Kysely<Database>,
  caller: Caller,
  query: {
    organisationId: string;
    active?: boolean | undefined;
    type?: string | undefined;
    searchText?: string | undefined;
  },
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId, right("view"));
  const rows = await repo.selectItems(db, query);
  if (access.organisation.manage_inventory !== 1) {
    return { items: rows.map(presentItem), count: rows.length };
  }
  // One valuation for every screen that shows stock (decision 010): goods that come back re-enter
  // at cost, never at the value of the note that returned them.
  const valued = new Map(
    (await valueInventoryInHand(db, access.organisation, todayCivil())).map((item) => [
      item.itemId,
      item,
    ]),
  );
  const items = rows.map((row) => {
    const stock = valued.get(row.id);
    return {
      ...presentItem(row),
      ...(row.type === "goods"
        ? {
            stockQuantity: milliToQuantity(stock?.quantityMilli ?? 0),
            stockValue: paiseToRupees(stock?.valuePaise ?? 0),
          }
        : {}),
    };
  });
  return { items, count: rows.length };
}

export async function getItem(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  itemId: string,
) {
  await requireOrganisationAccess(db, caller, organisationId, right("view"));
  return { item: presentItem(await requireLiveItem(db, organisationId, itemId)) };
}

export async function readItemLogs(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  itemId: string,
) {
  await requireOrganisationAccess(db, caller, organisationId, right("view"));
  const row = await repo.findItem(db, organisationId, itemId);
  if (!row) throw notFound(ITEM_REFUSALS.notFound);
  return { logs: await listMasterLogs(db, organisationId, "item", itemId) };
}

/** What a printed document shows of the items it names (issue 21); the caller checked access. */
export async function readItemsForPrint(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await repo.findItemsByIds(db, organisationId, unique);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: row.name,
        type: row.type,
        hsnCode: row.hsn_code,
        sacCode: row.sac_code,
        uom: row.uom,
      },
    ]),
  );
}
