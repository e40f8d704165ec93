import { isGstRegistrationType, mapLookupRegistrationType, panFromGstin } from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";
import { DAY, nowIso } from "../../lib/clock.ts";
import { type AccessNeed, requireOrganisationAccess } from "../access/organisation-access.ts";
import { stateOfGstin } from "../accounts/account-rules.ts";
import { writeAuditLog } from "../audit/audit.ts";
import type { Caller } from "../auth/auth.guard.ts";
import * as repo from "./gstin.repository.ts";
import type { GstinLookupProvider } from "./gstin-provider.ts";

/** A provider's answer is reused for a week; registrations rarely change faster. */
export const GSTIN_CACHE_DAYS = 7;

export const GSTIN_MESSAGES = {
  notRecorded: "This GSTIN is not among the organisation's GSTIN records; look it up first.",
  renamed: "Name saved.",
  recorded: "GSTIN details saved.",
} as const;

const RIGHT = (action: "add" | "edit"): AccessNeed => ({
  kind: "right",
  subject: "account",
  action,
});

/**
 * A GSTIN record as the API answers it: our names, and the GST portal's lgnm, rgdt and cxdt the
 * client reads (spec api §7 "GSTIN records"). gstRegType is spec 3's gstType, mapped from the
 * source's wording with domain's mapLookupRegistrationType (spec 4: 'SEZ Unit' → sez, …).
 */
export function presentGstinRecord(row: repo.GstinRecordRow) {
  const raw = row.registration_type;
  const gstRegType = raw
    ? isGstRegistrationType(raw)
      ? raw
      : (mapLookupRegistrationType(raw) ?? null)
    : null;
  const legalName = row.legal_name;
  return {
    gstin: row.gstin,
    name: row.display_name ?? legalName ?? row.trade_name,
    displayName: row.display_name,
    legalName,
    tradeName: row.trade_name,
    gstRegType,
    taxpayerType: raw,
    status: row.status,
    registrationDate: row.registration_date,
    cancellationDate: row.cancellation_date,
    address: row.address,
    stateCode: row.state_code,
    pan: panFromGstin(row.gstin),
    source: row.source,
    fetchedAt: row.fetched_at,
    updatedAt: row.updated_at,
    lgnm: legalName,
    rgdt: row.registration_date,
    cxdt: row.cancellation_date,
  };
}

function isFresh(row: repo.GstinRecordRow, provider: GstinLookupProvider): boolean {
  // Details the offline lookup derived are not worth keeping once a real provider is configured.
  if (row.source !== provider.source) return false;
  return Date.now() - Date.parse(row.fetched_at) < GSTIN_CACHE_DAYS * DAY;
}

/**
 * The details of a GSTIN: from the organisation's records while fresh, else from the provider.
 * A provider's answer is stored (it is what a lookup costs); an offline one only when `keep` asks.
 */
async function lookUp(
  db: Kysely<Database>,
  provider: GstinLookupProvider,
  organisationId: string,
  gstin: string,
  keep: boolean,
): Promise<repo.GstinRecordRow> {
  const cached = await repo.findGstinRecord(db, organisationId, gstin);
  if (cached && isFresh(cached, provider)) return cached;
  const details = await provider.lookup(gstin);
  const now = nowIso();
  const row: repo.GstinRecordRow = {
    organisation_id: organisationId,
    gstin,
    legal_name: details.legalName,
    trade_name: details.tradeName,
    display_name: cached?.display_name ?? null,
    registration_type: details.registrationType,
    status: details.status,
    registration_date: details.registrationDate,
    cancellation_date: details.cancellationDate,
    address: details.address,
    state_code: stateOfGstin(gstin) ?? null,
    source: provider.source,
    fetched_at: now,
    updated_at: now,
  };
  if (keep || provider.source !== "offline") await repo.upsertGstinRecord(db, row);
  return row;
}

/** GET /gst/?gstin: the GSTIN field's lookup (spec 4 "GSTIN field"); any member may ask. */
export async function lookupGstin(
  db: Kysely<Database>,
  provider: GstinLookupProvider,
  caller: Caller,
  query: { organisationId: string; gstin: string },
) {
  const access = await requireOrganisationAccess(db, caller, query.organisationId);
  return presentGstinRecord(await lookUp(db, provider, access.organisation.id, query.gstin, false));
}

/** POST /gsts: looks a GSTIN up and keeps it among the organisation's GSTIN records. */
export async function recordGstin(
  db: Kysely<Database>,
  provider: GstinLookupProvider,
  caller: Caller,
  input: { organisationId: string; gstin: string },
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, RIGHT("add"));
  const organisationId = access.organisation.id;
  const row = await lookUp(db, provider, organisationId, input.gstin, true);
  await writeAuditLog(db, {
    organisationId,
    userId: access.userId,
    action: "add",
    entityType: "gstin",
    entityId: input.gstin,
    summary: `Looked up GSTIN ${input.gstin}`,
  });
  return presentGstinRecord(row);
}

export async function listGstinRecords(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
) {
  await requireOrganisationAccess(db, caller, organisationId);
  return { gsts: (await repo.selectGstinRecords(db, organisationId)).map(presentGstinRecord) };
}

/** PUT /gsts/changeName: the name the organisation shows for a GSTIN. */
export async function renameGstinRecord(
  db: Kysely<Database>,
  caller: Caller,
  input: { organisationId: string; gstin: string; name: string },
) {
  const access = await requireOrganisationAccess(db, caller, input.organisationId, RIGHT("edit"));
  const organisationId = access.organisation.id;
  const row = await db.transaction().execute(async (trx) => {
    const renamed = await repo.updateGstinDisplayName(
      trx,
      organisationId,
      input.gstin,
      input.name,
      nowIso(),
    );
    if (!renamed) throw notFound(GSTIN_MESSAGES.notRecorded);
    await writeAuditLog(trx, {
      organisationId,
      userId: access.userId,
      action: "edit",
      entityType: "gstin",
      entityId: input.gstin,
      summary: `Named GSTIN ${input.gstin} "${input.name}"`,
    });
    return repo.findGstinRecord(trx, organisationId, input.gstin);
  });
  if (!row) throw notFound(GSTIN_MESSAGES.notRecorded);
  return presentGstinRecord(row);
}
