import {
  type DocumentSettings,
  type DocumentSettingsInput,
  readDocumentSettings,
  type VoucherType,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database, OrganisationsTable } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { writeAuditLog } from "../audit/audit.ts";
import { writeOrganisationTrail } from "../audit/trail.ts";
import type { Caller } from "../auth/auth.guard.ts";
import {
  findLiveOrganisation,
  lockLiveOrganisation,
  updateOrganisation,
} from "./organisations.repository.ts";

// Per-document print settings (spec 3 "Document settings") live in organisations.settings under
// 'documents', one object per voucher type, beside the organisation's own settings.
const SETTINGS_KEY = "documents";

function readAll(organisation: OrganisationsTable) {
  const all = JSON.parse(organisation.settings) as Record<string, unknown>;
  const documents = (all[SETTINGS_KEY] ?? {}) as Record<string, unknown>;
  return { all, documents };
}

/** The saved settings of one type over the defaults; the caller checked access. */
export function readDocumentSettingsOf(
  organisation: OrganisationsTable,
  type: VoucherType,
): DocumentSettings {
  return readDocumentSettings(readAll(organisation).documents[type]);
}

export async function getDocumentSettings(
  db: Kysely<Database>,
  caller: Caller,
  type: VoucherType,
  organisationId: string,
) {
  const access = await requireOrganisationAccess(db, caller, organisationId);
  return { organisationId, ...readDocumentSettingsOf(access.organisation, type) };
}

export async function saveDocumentSettings(
  db: Kysely<Database>,
  caller: Caller,
  type: VoucherType,
  input: DocumentSettingsInput,
) {
  const { organisationId, ...fields } = input;
  const access = await requireOrganisationAccess(db, caller, organisationId, {
    kind: "manage",
    what: "settings",
  });
  const now = nowIso();
  const organisation = await db.transaction().execute(async (trx) => {
    const current = await lockLiveOrganisation(trx, organisationId, now);
    if (!current) throw notFound("Organisation not found.");
    const { all, documents } = readAll(current);
    const changed = Object.entries(fields).filter(([, value]) => value !== undefined);
    const next = { ...readDocumentSettings(documents[type]), ...Object.fromEntries(changed) };
    await updateOrganisation(trx, organisationId, {
      settings: JSON.stringify({ ...all, [SETTINGS_KEY]: { ...documents, [type]: next } }),
      updated_at: now,
    });
    await writeAuditLog(trx, {
      organisationId,
      userId: access.userId,
      action: "edit",
      entityType: "documentSettings",
      entityId: organisationId,
      summary: `Changed the ${type} document settings${changed.length ? `: ${changed.map(([key]) => key).join(", ")}` : ""}.`,
    });
    const after = await findLiveOrganisation(trx, organisationId);
    if (after) {
      await writeOrganisationTrail(trx, {
        organisationId,
        userId: access.userId,
        entity: "documentSettings",
        before: current,
        after,
      });
    }
    return after;
  });
  if (!organisation) throw notFound("Organisation not found.");
  return {
    success: true,
    message: "Settings saved.",
    organisationId,
    ...readDocumentSettingsOf(organisation, type),
  };
}
