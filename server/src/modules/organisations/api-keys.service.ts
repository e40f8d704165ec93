import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { conflict } from "../../http/errors.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { type AccessNeed, requireOrganisationAccess } from "../access/organisation-access.ts";
import { writeAuditLog } from "../audit/audit.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { hashSecret } from "../auth/tokens.ts";
import {
  findLiveApiKey,
  insertApiKey,
  retireApiKeysOfOrganisation,
} from "./api-keys.repository.ts";

const MANAGE_API_KEYS: AccessNeed = { kind: "manage", what: "apiKeys" };

export const API_KEY_PREFIX = "bahi_";
/** Enough of the key to tell two keys apart on screen, and nothing that helps guess it. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

export const API_KEY_MESSAGES = {
  deleted: "API key deleted.",
  concurrent: "Another API key was created at the same moment. Please try again.",
} as const;

function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** The key is shown once; only its hash is kept. A new key replaces the organisation's old one. */
export async function createApiKey(db: Kysely<Database>, caller: Caller, organisationId: string) {
  const access = await requireOrganisationAccess(db, caller, organisationId, MANAGE_API_KEYS);
  const apiKey = newApiKey();
  const row = {
    organisation_id: organisationId,
    id: newId(),
    key_hash: hashSecret(apiKey),
    key_prefix: apiKey.slice(0, SHOWN_PREFIX_LENGTH),
    created_by_user_id: access.userId,
    created_at: nowIso(),
    deleted_at: null,
  };
  try {
    await db.transaction().execute(async (trx) => {
      const replaced = await retireApiKeysOfOrganisation(trx, organisationId, row.created_at);
      await insertApiKey(trx, row);
      await writeAuditLog(trx, {
        organisationId,
        userId: access.userId,
        action: "add",
        entityType: "apiKey",
        entityId: row.id,
        summary: replaced
          ? `Created a new API key (${row.key_prefix}…), replacing the old one.`
          : `Created an API key (${row.key_prefix}…).`,
      });
    });
  } catch (error) {
    // Two keys created at the same moment: the one-live-key index keeps the first.
    if (isUniqueViolation(error)) throw conflict(API_KEY_MESSAGES.concurrent);
    throw error;
  }
  return { apiKey, keyPrefix: row.key_prefix, createdAt: row.created_at };
}

export async function deleteApiKey(db: Kysely<Database>, caller: Caller, organisationId: string) {
  const access = await requireOrganisationAccess(db, caller, organisationId, MANAGE_API_KEYS);
  await db.transaction().execute(async (trx) => {
    const key = await findLiveApiKey(trx, organisationId);
    if (!key) return;
    await retireApiKeysOfOrganisation(trx, organisationId, nowIso());
    await writeAuditLog(trx, {
      organisationId,
      userId: access.userId,
      action: "delete",
      entityType: "apiKey",
      entityId: key.id,
      summary: `Deleted the API key (${key.key_prefix}…).`,
    });
  });
}

export async function describeApiKey(db: Kysely<Database>, caller: Caller, organisationId: string) {
  await requireOrganisationAccess(db, caller, organisationId, MANAGE_API_KEYS);
  const key = await findLiveApiKey(db, organisationId);
  return key ? { keyPrefix: key.key_prefix, createdAt: key.created_at } : null;
}
