import type { CustomFieldEditInput, CustomFieldInput } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import {
  listMasterLogs,
  type MasterAction,
  nextMasterVersion,
  recordMasterChange,
  staleRecord,
} from "../masters/master-history.ts";
import { describeCustomFieldTarget } from "./custom-field-values.ts";
import * as repo from "./custom-fields.repository.ts";

// Custom fields are organisation settings (docs/decisions/004: owners and admins manage
// settings); every member reads them, since the forms of accounts, items and entries show them.

export const CUSTOM_FIELD_SUCCESS = {
  added: "Successfully added a field.",
  edited: "Successfully edited a field.",
  deleted: "Custom Field Deleted",
  active: "The custom field is now active.",
  inactive: "The custom field is now inactive.",
} as const;

export const CUSTOM_FIELD_REFUSALS = {
  notFound: "This custom field does not exist or has been deleted.",
  typeFixed:
    "The type of a custom field cannot be changed once it is added, as values already saved would not fit; add a new field instead.",
  targetFixed:
    "What a custom field is applicable for cannot be changed once it is added; add a new field instead.",
} as const;

const MANAGE = { kind: "manage", what: "settings" } as const;

function nameKeyOf(name: string): string {
  return name.trim().toLowerCase();
}

function nameTaken(name: string, target: string) {
  const message = `A custom field named "${name}" already exists for ${describeCustomFieldTarget(target)}.`;
  return badRequest(message, [{ path: "name", message }]);
}

export function presentCustomField(row: repo.CustomFieldRow) {
  return {
    _id: row.id,
    organisationId: row.organisation_id,
    name: row.name,
    description: row.description ?? "",
    type: row.type,
    applicableFor: row.applicable_for,
    printInPdf: row.print_in_pdf === 1,
    active: row.active === 1,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function requireLiveField(db: Kysely<Database>, organisationId: string, id: string) {
  const row = await repo.findCustomField(db, organisationId, id);
  if (!row || row.deleted_at) throw notFound(CUSTOM_FIELD_REFUSALS.notFound);
  return row;
}

export async function listCustomFields(
  db: Kysely<Database>,
  caller: Caller,
  query: repo.CustomFieldFilter & { skip: number; limit: number },
) {
  await requireOrganisationAccess(db, caller, query.organisationId);
  const [rows, count] = await Promise.all([
    repo.selectCustomFields(db, query, query),
    repo.countCustomFields(db, query),
  ]);
  return { customFields: rows.map(presentCustomField), count };
}

export async function addCustomField(
  db: Kysely<Database>,
  caller: Caller,
  input: CustomFieldInput,
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, MANAGE);
  const organisationId = access.organisation.id;
  const now = nowIso();
  const row: repo.CustomFieldRow = {
    organisation_id: organisationId,
    id: newId(),
    name: input.name,
    name_key: nameKeyOf(input.name),
    description: input.description ?? null,
    type: input.type,
    applicable_for: input.applicableFor,
    print_in_pdf: input.printInPdf ? 1 : 0,
    active: 1,
    version: 1,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  try {
    await db.transaction().execute(async (trx) => {
      const taken = await repo.findLiveCustomFieldByName(
        trx,
        organisationId,
        row.applicable_for,
        row.name_key,
      );
      if (taken) throw nameTaken(row.name, row.applicable_for);
      await repo.insertCustomField(trx, row);
      await recordMasterChange(trx, {
        organisationId,
        entityType: "customField",
        entityId: row.id,
        version: 1,
        action: "created",
        document: presentCustomField(row),
        userId: access.userId,
        name: row.name,
      });
    });
  } catch (error) {
    // Two managers adding the same name at once: the unique index stops the second.
    if (isUniqueViolation(error)) throw nameTaken(row.name, row.applicable_for);
    throw error;
  }
  return row;
}

export async function editCustomField(
  db: Kysely<Database>,
  caller: Caller,
  input: CustomFieldEditInput & { version?: number | undefined },
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, MANAGE);
  const organisationId = access.organisation.id;
  const existing = await requireLiveField(db, organisationId, input.customFieldId);
  if (input.version !== undefined && input.version !== existing.version) throw staleRecord();
  if (input.type !== existing.type) {
    throw badRequest(CUSTOM_FIELD_REFUSALS.typeFixed, [
      { path: "type", message: CUSTOM_FIELD_REFUSALS.typeFixed },
    ]);
  }
  if (input.applicableFor !== existing.applicable_for) {
    throw badRequest(CUSTOM_FIELD_REFUSALS.targetFixed, [
      { path: "applicableFor", message: CUSTOM_FIELD_REFUSALS.targetFixed },
    ]);
  }
  const updated: repo.CustomFieldRow = {
    ...existing,
    name: input.name,
    name_key: nameKeyOf(input.name),
    description: input.description ?? null,
    print_in_pdf: input.printInPdf ? 1 : 0,
    version: existing.version + 1,
    updated_at: nowIso(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      const taken = await repo.findLiveCustomFieldByName(
        trx,
        organisationId,
        updated.applicable_for,
        updated.name_key,
      );
      if (taken && taken.id !== existing.id) throw nameTaken(updated.name, updated.applicable_for);
      const saved = await repo.updateCustomFieldAtVersion(
        trx,
        organisationId,
        existing.id,
        existing.version,
        {
          name: updated.name,
          name_key: updated.name_key,
          description: updated.description,
          print_in_pdf: updated.print_in_pdf,
          version: updated.version,
          updated_at: updated.updated_at,
        },
      );
      if (!saved) throw staleRecord();
      await recordMasterChange(trx, {
        organisationId,
        entityType: "customField",
        entityId: existing.id,
        version: updated.version,
        action: "edited",
        document: presentCustomField(updated),
        userId: access.userId,
        name: updated.name,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(updated.name, updated.applicable_for);
    throw error;
  }
  return updated;
}

/** Soft delete, active and inactive: a new version of the field with one column changed. */
async function changeCustomFieldState(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  customFieldId: string,
  action: Extract<MasterAction, "deleted" | "activated" | "deactivated">,
) {
  const access = await requireOrganisationAccess(db, caller, organisationId, MANAGE);
  const existing = await requireLiveField(db, access.organisation.id, customFieldId);
  const now = nowIso();
  const changes =
    action === "deleted"
      ? { deleted_at: now }
      : { active: (action === "activated" ? 1 : 0) as 0 | 1 };
  // Making an active field active again changes nothing and writes no version.
  if (action !== "deleted" && changes.active === existing.active) return existing;
  const updated = nextMasterVersion(existing, changes, now);
  await db.transaction().execute(async (trx) => {
    const saved = await repo.updateCustomFieldAtVersion(
      trx,
      organisationId,
      existing.id,
      existing.version,
      updated.changes,
    );
    if (!saved) throw staleRecord();
    await recordMasterChange(trx, {
      organisationId,
      entityType: "customField",
      entityId: existing.id,
      version: updated.row.version,
      action,
      document: presentCustomField(updated.row),
      userId: access.userId,
      name: existing.name,
    });
  });
  return updated.row;
}

export const deleteCustomField = (
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  customFieldId: string,
) => changeCustomFieldState(db, caller, organisationId, customFieldId, "deleted");

export const setCustomFieldActive = (
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  customFieldId: string,
  active: boolean,
) =>
  changeCustomFieldState(
    db,
    caller,
    organisationId,
    customFieldId,
    active ? "activated" : "deactivated",
  );

export async function readCustomFieldLogs(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  customFieldId: string,
) {
  await requireOrganisationAccess(db, caller, organisationId);
  const row = await repo.findCustomField(db, organisationId, customFieldId);
  if (!row) throw notFound(CUSTOM_FIELD_REFUSALS.notFound);
  return { logs: await listMasterLogs(db, organisationId, "customField", customFieldId) };
}

/** The active custom fields of a record type marked Print in PDF (spec 3 "Custom field"). */
export async function listPrintedCustomFields(
  db: Kysely<Database>,
  organisationId: string,
  applicableFor: string,
) {
  const rows = await repo.selectCustomFields(
    db,
    { organisationId, active: true, applicableFor: [applicableFor] },
    { skip: 0, limit: 1000 },
  );
  return rows
    .filter((row) => row.print_in_pdf === 1)
    .map((row) => ({ id: row.id, name: row.name, type: row.type }));
}
