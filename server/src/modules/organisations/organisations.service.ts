import { type Role, stateCodeFromGstin } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { type AccessNeed, requireOrganisationAccess } from "../access/organisation-access.ts";
import { writeAuditLog } from "../audit/audit.ts";
import { writeOrganisationTrail } from "../audit/trail.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { retireApiKeysOfOrganisation } from "./api-keys.repository.ts";
import { revokePendingInvitationsOfOrganisation } from "./invitations.repository.ts";
import { insertMembership } from "./members.repository.ts";
import { presentOrganisation } from "./organisation-summary.ts";
import {
  findLiveOrganisation,
  insertOrganisation,
  selectOrganisationsOfUser,
  updateOrganisation,
} from "./organisations.repository.ts";
import type { AddOrganisationInput } from "./organisations.schemas.ts";
import { createSystemAccounts } from "./system-accounts.ts";

export const ORGANISATION_MESSAGES = {
  // spec api §8, verbatim.
  deleted: "Organisation Deleted Successfully.",
} as const;

// Renaming and (de)activating are the owner's and admins'; deleting is the owner's alone (roles.ts).
const MANAGE_ORGANISATION: AccessNeed = { kind: "manage", what: "settings" };
const DELETE_ORGANISATION: AccessNeed = { kind: "manage", what: "organisation" };

export async function listOrganisationsOfUser(db: Kysely<Database>, userId: string) {
  const rows = await selectOrganisationsOfUser(db, userId);
  return rows.map(({ role, ...organisation }) =>
    presentOrganisation(organisation, { userId, role: role as Role }),
  );
}

/** One transaction: the organisation, its owner's membership, its system accounts, the log. */
export async function addOrganisation(
  db: Kysely<Database>,
  userId: string,
  input: AddOrganisationInput,
) {
  const now = nowIso();
  const registered = input.gstRegistered;
  const organisation: OrganisationsTable = {
    id: newId(),
    name: input.name,
    starting_year: input.startingYear,
    gstin: registered ? (input.gstin ?? null) : null,
    // The state is the GSTIN's: its first two digits are the GST state code.
    state_code: registered && input.gstin ? stateCodeFromGstin(input.gstin) : null,
    gst_registered: registered ? 1 : 0,
    gst_reg_type: registered ? (input.gstRegType ?? null) : null,
    gst_reg_status: registered ? (input.gstRegStatus ?? null) : null,
    manage_inventory: input.manageInventory ? 1 : 0,
    bill_wise_entry: input.billWiseEntry ? 1 : 0,
    billing_address: input.billingAddress ?? null,
    billing_city: input.billingCity ?? null,
    tan: null,
    billing_pincode: input.billingPincode ?? null,
    mainly_deals_in: input.mainlyDealsIn ?? null,
    settings: "{}",
    owner_user_id: userId,
    active: 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await insertOrganisation(trx, organisation);
    await insertMembership(trx, {
      organisation_id: organisation.id,
      user_id: userId,
      role: "owner",
      rights: "[]",
      active: 1,
      created_at: now,
      updated_at: now,
      removed_at: null,
    });
    await createSystemAccounts(trx, organisation.id, now);
    await writeAuditLog(trx, {
      organisationId: organisation.id,
      userId,
      action: "add",
      entityType: "organisation",
      entityId: organisation.id,
      summary: `Created the organisation ${organisation.name}.`,
    });
  });
  return presentOrganisation(organisation, { userId, role: "owner" });
}

export async function renameOrganisation(
  db: Kysely<Database>,
  caller: Caller,
  input: { organisationId: string; name: string },
) {
  const access = await requireOrganisationAccess(
    db,
    caller,
    input.organisationId,
    MANAGE_ORGANISATION,
    { allowInactive: true },
  );
  const before = access.organisation.name;
  const organisation = await db.transaction().execute(async (trx) => {
    await updateOrganisation(trx, input.organisationId, {
      name: input.name,
      updated_at: nowIso(),
    });
    await writeAuditLog(trx, {
      organisationId: input.organisationId,
      userId: access.userId,
      action: "edit",
      entityType: "organisation",
      entityId: input.organisationId,
      summary: `Renamed the organisation from ${before} to ${input.name}.`,
    });
    const after = await findLiveOrganisation(trx, input.organisationId);
    if (after) {
      await writeOrganisationTrail(trx, {
        organisationId: input.organisationId,
        userId: access.userId,
        entity: "organisation",
        before: access.organisation,
        after,
      });
    }
    return after;
  });
  if (!organisation) throw new Error("The renamed organisation vanished.");
  return presentOrganisation(organisation, access);
}

/** An inactive organisation still lists, and only its owner and admins can work in it again. */
export async function setOrganisationActive(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  active: boolean,
) {
  const access = await requireOrganisationAccess(db, caller, organisationId, MANAGE_ORGANISATION, {
    allowInactive: true,
  });
  const organisation = await db.transaction().execute(async (trx) => {
    const before = (await findLiveOrganisation(trx, organisationId)) ?? access.organisation;
    await updateOrganisation(trx, organisationId, {
      active: active ? 1 : 0,
      updated_at: nowIso(),
    });
    await writeAuditLog(trx, {
      organisationId,
      userId: access.userId,
      action: active ? "active" : "inactive",
      entityType: "organisation",
      entityId: organisationId,
      summary: `Made the organisation ${active ? "active" : "inactive"}.`,
    });
    const after = await findLiveOrganisation(trx, organisationId);
    // Issue 39: making the books active or inactive is a change to them, in the auditor's trail.
    if (after && after.active !== before.active) {
      await writeOrganisationTrail(trx, {
        organisationId,
        userId: access.userId,
        entity: "organisation",
        before,
        after,
      });
    }
    return after;
  });
  if (!organisation) throw new Error("The organisation vanished.");
  return presentOrganisation(organisation, access);
}

/** Soft delete: the books stay in the database, out of every list and every request. */
export async function deleteOrganisation(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
) {
  const access = await requireOrganisationAccess(db, caller, organisationId, DELETE_ORGANISATION, {
    allowInactive: true,
  });
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await writeAuditLog(trx, {
      organisationId,
      userId: access.userId,
      action: "delete",
      entityType: "organisation",
      entityId: organisationId,
      summary: `Deleted the organisation ${access.organisation.name}.`,
    });
    await retireApiKeysOfOrganisation(trx, organisationId, now);
    await revokePendingInvitationsOfOrganisation(trx, organisationId, now);
    await updateOrganisation(trx, organisationId, { deleted_at: now, updated_at: now });
  });
}
