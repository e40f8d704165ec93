import {
  describeTemplateType,
  type EmailTemplateInput,
  TEMPLATE_MESSAGES,
  type WhatsAppTemplateInput,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { staleRecord } from "../masters/master-history.ts";
import * as repo from "./templates.repository.ts";

// Message templates are organisation settings (docs/decisions/004: owners and admins manage
// them); every member reads them, since every send dialog starts from one.
const MANAGE = { kind: "manage", what: "settings" } as const;

export type TemplateInput =
  | ({ channel: "email" } & EmailTemplateInput)
  | ({ channel: "whatsapp" } & WhatsAppTemplateInput);

export function presentTemplate(row: repo.TemplateRow) {
  return {
    _id: row.id,
    organisationId: row.organisation_id,
    name: row.name,
    type: row.type,
    typeName: describeTemplateType(row.type),
    ...(row.channel === "email" ? { subject: row.subject ?? "" } : {}),
    template: row.template,
    isDefault: row.is_default === 1,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function filterOf(row: repo.TemplateRow) {
  return {
    organisationId: row.organisation_id,
    channel: row.channel,
    type: row.type,
    exceptId: row.id,
  };
}

function nameTaken() {
  return badRequest(TEMPLATE_MESSAGES.nameTaken, [
    { path: "name", message: TEMPLATE_MESSAGES.nameTaken },
  ]);
}

export async function listTemplates(
  db: Kysely<Database>,
  caller: Caller,
  channel: repo.Channel,
  query: { organisationId: string; type?: string | undefined; skip: number; limit: number },
) {
  await requireOrganisationAccess(db, caller, query.organisationId);
  const filter = { organisationId: query.organisationId, channel, type: query.type };
  const [rows, count] = await Promise.all([
    repo.selectTemplates(db, filter, query),
    repo.countTemplates(db, filter),
  ]);
  return { templates: rows.map(presentTemplate), count };
}

/**
 * Every live template of one type, for the send dialogs (no paging: a handful per type): the
 * type's default first (decision 410), the rest by name.
 */
export async function readTemplatesOfType(
  db: Kysely<Database>,
  organisationId: string,
  channel: repo.Channel,
  type: string,
) {
  const rows = await repo.selectTemplates(
    db,
    { organisationId, channel, type },
    { skip: 0, limit: 100 },
  );
  return [...rows.filter((row) => row.is_default === 1), ...rows.filter((row) => !row.is_default)];
}

export async function readTemplate(
  db: Kysely<Database>,
  caller: Caller,
  channel: repo.Channel,
  organisationId: string,
  templateId: string,
) {
  await requireOrganisationAccess(db, caller, organisationId);
  const row = await repo.findTemplate(db, organisationId, channel, templateId);
  if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
  return row;
}

export async function addTemplate(db: Kysely<Database>, caller: Caller, input: TemplateInput) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, MANAGE);
  const now = nowIso();
  const row: repo.TemplateRow = {
    organisation_id: access.organisation.id,
    id: newId(),
    channel: input.channel,
    name: input.name,
    name_key: input.name.toLowerCase(),
    type: input.type,
    subject: input.channel === "email" ? input.subject : null,
    template: input.template,
    is_default: input.isDefault ? 1 : 0,
    version: 1,
    created_at: now,
    created_by: access.userId,
    updated_at: now,
    deleted_at: null,
  };
  await db.transaction().execute(async (trx) => {
    if (
      await repo.findTemplateByName(trx, row.organisation_id, row.channel, row.type, row.name_key)
    )
      throw nameTaken();
    if (row.is_default) await repo.clearDefaults(trx, filterOf(row), now);
    await repo.insertTemplate(trx, row);
  });
  return row;
}

/** The template an edit names, for a caller who may manage templates, at the version it was read. */
async function templateAtVersion(
  db: Kysely<Database>,
  caller: Caller,
  input: { organisationId: string; channel: repo.Channel; templateId: string; version: number },
): Promise<repo.TemplateRow> {
  await requireOrganisationAccess(db, caller, input.organisationId, MANAGE);
  const existing = await repo.findTemplate(
    db,
    input.organisationId,
    input.channel,
    input.templateId,
  );
  if (!existing) throw notFound(TEMPLATE_MESSAGES.notFound);
  if (existing.version !== input.version) throw staleRecord();
  return existing;
}

export async function editTemplate(
  db: Kysely<Database>,
  caller: Caller,
  input: TemplateInput & { templateId: string; version: number },
) {
  const existing = await templateAtVersion(db, caller, input);
  const updated: repo.TemplateRow = {
    ...existing,
    name: input.name,
    name_key: input.name.toLowerCase(),
    type: input.type,
    subject: input.channel === "email" ? input.subject : null,
    template: input.template,
    // Not given: the flag stays as it was (an older client's edit keeps the default).
    is_default: input.isDefault === undefined ? existing.is_default : input.isDefault ? 1 : 0,
    version: existing.version + 1,
    updated_at: nowIso(),
  };
  await db.transaction().execute(async (trx) => {
    const taken = await repo.findTemplateByName(
      trx,
      updated.organisation_id,
      updated.channel,
      updated.type,
      updated.name_key,
    );
    if (taken && taken.id !== existing.id) throw nameTaken();
    if (updated.is_default) await repo.clearDefaults(trx, filterOf(updated), updated.updated_at);
    const saved = await repo.updateTemplateAtVersion(
      trx,
      existing.organisation_id,
      existing.id,
      existing.version,
      {
        name: updated.name,
        name_key: updated.name_key,
        type: updated.type,
        subject: updated.subject,
        template: updated.template,
        is_default: updated.is_default,
        version: updated.version,
        updated_at: updated.updated_at,
      },
    );
    if (!saved) throw staleRecord();
  });
  return updated;
}

export async function deleteTemplate(
  db: Kysely<Database>,
  caller: Caller,
  channel: repo.Channel,
  organisationId: string,
  templateId: string,
) {
  await requireOrganisationAccess(db, caller, organisationId, MANAGE);
  const existing = await repo.findTemplate(db, organisationId, channel, templateId);
  if (!existing) throw notFound(TEMPLATE_MESSAGES.notFound);
  const now = nowIso();
  const saved = await repo.updateTemplateAtVersion(
    db,
    organisationId,
    templateId,
    existing.version,
    { deleted_at: now, updated_at: now, version: existing.version + 1 },
  );
  if (!saved) throw staleRecord();
}

/**
 * PUT /settings/setdefault{email|whatsapp}template: this template becomes its type's default (the
 * one the send dialogs open with); the type's previous default stops being one. `isDefault: false`
 * leaves the type with none (the dialogs then open with the first by name).
 */
export async function setDefaultTemplate(
  db: Kysely<Database>,
  caller: Caller,
  input: {
    channel: repo.Channel;
    organisationId: string;
    templateId: string;
    version: number;
    isDefault: boolean;
  },
) {
  const existing = await templateAtVersion(db, caller, input);
  const updated: repo.TemplateRow = {
    ...existing,
    is_default: input.isDefault ? 1 : 0,
    version: existing.version + 1,
    updated_at: nowIso(),
  };
  await db.transaction().execute(async (trx) => {
    if (updated.is_default) await repo.clearDefaults(trx, filterOf(updated), updated.updated_at);
    const saved = await repo.updateTemplateAtVersion(
      trx,
      existing.organisation_id,
      existing.id,
      existing.version,
      { is_default: updated.is_default, version: updated.version, updated_at: updated.updated_at },
    );
    if (!saved) throw staleRecord();
  });
  return updated;
}
