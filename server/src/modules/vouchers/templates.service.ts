import { getVoucherDefinition, type VoucherType } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";

// Entry templates are saved drafts of an entry (spec 3 "Templates"): a name and the form's
// contents, not validated as an entry because a draft may be half filled.

const TEMPLATE_NOT_FOUND = "This template does not exist or has been deleted.";

async function requireAddRight(
  db: Kysely<Database>,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
) {
  return requireOrganisationAccess(db, caller, organisationId, {
    kind: "right",
    subject: type,
    action: "add",
  });
}

/**
 * Renaming or deleting a template needs the add right for one's own, and the edit (rename) or
 * delete right for another person's (issue 26): the add right alone must not reach anyone's work.
 */
async function requireTemplateChangeRight(
  db: Kysely<Database>,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
  templateId: string,
  action: "edit" | "delete",
) {
  const access = await requireAddRight(db, caller, type, organisationId);
  const row = await liveTemplates(db, organisationId, type)
    .select("created_by")
    .where("id", "=", templateId)
    .executeTakeFirst();
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  if (row.created_by !== access.userId) {
    await requireOrganisationAccess(db, caller, organisationId, {
      kind: "right",
      subject: type,
      action,
    });
  }
}

function liveTemplates(db: Kysely<Database>, organisationId: string, type: VoucherType) {
  return db
    .selectFrom("entry_templates")
    .where("organisation_id", "=", organisationId)
    .where("type", "=", type)
    .where("deleted_at", "is", null);
}

export async function listTemplates(
  db: Kysely<Database>,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
) {
  await requireAddRight(db, caller, type, organisationId);
  const rows = await liveTemplates(db, organisationId, type)
    .select(["id", "name", "created_at", "updated_at"])
    // By name, then id: the same order call after call on PostgreSQL too (issue 37).
    .orderBy("name", "asc")
    .orderBy("id", "asc")
    .execute();
  return {
    templates: rows.map((row) => ({
      _id: row.id,
      templateName: row.name,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    })),
  };
}

export async function getTemplate(
  db: Kysely<Database>,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
  templateId: string,
) {
  await requireAddRight(db, caller, type, organisationId);
  const row = await liveTemplates(db, organisationId, type)
    .selectAll()
    .where("id", "=", templateId)
    .executeTakeFirst();
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return { template: { _id: row.id, templateName: row.name, entry: JSON.parse(row.document) } };
}

export async function addTemplate(
  db: Kysely<Database>,
  caller: Caller,
  type: VoucherType,
  input: { organisationId: string; templateName: string; entry: Record<string, unknown> },
) {
  const access = await requireAddRight(db, caller, type, input.organisationId);
  const id = newId();
  const now = nowIso();
  // Ids and amounts of the source entry are kept; its identity and number are not.
  const { entryId: _entryId, version: _version, invoiceNumber: _number, ...entry } = input.entry;
  await db
    .insertInto("entry_templates")
    .values({
      organisation_id: input.organisationId,
      id,
      type,
      name: input.templateName,
      document: JSON.stringify(entry),
      created_by: access.userId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  return {
    success: true,
    templateId: id,
    message: `${getVoucherDefinition(type).titles.singular} template saved.`,
  };
}

export async function renameTemplate(
  db: Kysely<Database>,
  caller: Caller,
  type: VoucherType,
  input: { organisationId: string; templateId: string; templateName: string },
) {
  await requireTemplateChangeRight(
    db,
    caller,
    type,
    input.organisationId,
    input.templateId,
    "edit",
  );
  const result = await db
    .updateTable("entry_templates")
    .set({ name: input.templateName, updated_at: nowIso() })
    .where("organisation_id", "=", input.organisationId)
    .where("type", "=", type)
    .where("id", "=", input.templateId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw notFound(TEMPLATE_NOT_FOUND);
  return { success: true, message: "Template renamed." };
}

export async function deleteTemplate(
  db: Kysely<Database>,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
  templateId: string,
) {
  await requireTemplateChangeRight(db, caller, type, organisationId, templateId, "delete");
  const result = await db
    .updateTable("entry_templates")
    .set({ deleted_at: nowIso() })
    .where("organisation_id", "=", organisationId)
    .where("type", "=", type)
    .where("id", "=", templateId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw notFound(TEMPLATE_NOT_FOUND);
  return { success: true, message: "Template Deleted Successfully." };
}
