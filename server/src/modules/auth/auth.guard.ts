import { SESSION_MESSAGES } from "@bahi/domain";
import type {} from "@fastify/cookie";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { API_KEY_HEADER } from "../../http/api-key-header.ts";
import { AppError } from "../../http/errors.ts";
import type { Caller } from "../access/caller.ts";
import { type EarlyAccessRead, readAccessRow } from "../access/organisation-access.ts";
import type { Authenticator } from "../module-deps.ts";
import { ACCESS_COOKIE } from "./auth.cookies.ts";
import { hashSecret, verifyAccessToken } from "./tokens.ts";

export type { Authenticator, Caller };

declare module "fastify" {
  interface FastifyRequest {
    caller?: Caller;
  }
}

export { API_KEY_HEADER };

const unauthorised = (message: string) => new AppError(401, message);

/** The organisationId a request names in its query or JSON body, if any. */
function organisationIdOf(request: FastifyRequest): string | undefined {
  for (const source of [request.query, request.body]) {
    if (typeof source !== "object" || source === null) continue;
    const id = (source as { organisationId?: unknown }).organisationId;
    if (typeof id === "string" && id.length > 0 && id.length <= 64) return id;
  }
  return undefined;
}

function startAccessRead(
  db: Kysely<Database>,
  request: FastifyRequest,
  userId: string,
): EarlyAccessRead | undefined {
  const organisationId = organisationIdOf(request);
  if (!organisationId) return undefined;
  const row = readAccessRow(db, organisationId, userId);
  // Awaited by requireOrganisationAccess, or dropped with a request that fails before it.
  row.catch(() => {});
  return { organisationId, row };
}

export function createAuthenticator(db: Kysely<Database>, cookieSecret: string): Authenticator {
  return {
    async requireCaller(request) {
      const apiKey = request.headers[API_KEY_HEADER];
      if (typeof apiKey === "string" && apiKey.length > 0) {
        request.caller = await authenticateApiKey(db, apiKey);
        return;
      }
      const token = request.cookies[ACCESS_COOKIE];
      if (!token) throw unauthorised(SESSION_MESSAGES.noToken);
      const check = verifyAccessToken(token, cookieSecret);
      if (!check.ok) {
        throw unauthorised(
          check.reason === "expired"
            ? SESSION_MESSAGES.tokenExpired
            : SESSION_MESSAGES.invalidToken,
        );
      }
      // The request's organisation is read alongside the session, not after it; it is used only
      // once the session holds (requireOrganisationAccess).
      const accessRead = startAccessRead(db, request, check.claims.userId);
      // The session row makes sign-out and refresh-token reuse take effect at once.
      const session = await db
        .selectFrom("sessions")
        .select(["id", "revoked_at", "expires_at"])
        .where("id", "=", check.claims.sessionId)
        .where("user_id", "=", check.claims.userId)
        .executeTakeFirst();
      if (!session || session.revoked_at || session.expires_at <= new Date().toISOString()) {
        throw unauthorised(SESSION_MESSAGES.invalidToken);
      }
      request.caller = {
        kind: "user",
        userId: check.claims.userId,
        sessionId: check.claims.sessionId,
        ...(accessRead ? { accessRead } : {}),
      };
    },
  };
}

async function authenticateApiKey(db: Kysely<Database>, key: string): Promise<Caller> {
  const row = await db
    .selectFrom("api_keys")
    .innerJoin("organisations", "organisations.id", "api_keys.organisation_id")
    .select(["api_keys.id", "api_keys.organisation_id", "api_keys.created_by_user_id"])
    .where("api_keys.key_hash", "=", hashSecret(key))
    .where("api_keys.deleted_at", "is", null)
    .where("organisations.deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) throw unauthorised("Invalid API key.");
  return {
    kind: "apiKey",
    userId: row.created_by_user_id,
    organisationId: row.organisation_id,
    apiKeyId: row.id,
  };
}

/** The caller of a route behind requireCaller. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorised(SESSION_MESSAGES.noToken);
  return request.caller;
}

/** The signed-in person; API keys cannot use personal routes (profile, own organisations…). */
export function signedInUserOf(request: FastifyRequest): { userId: string; sessionId: string } {
  const caller = callerOf(request);
  if (caller.kind !== "user") {
    throw new AppError(403, "An API key cannot be used for this call; sign in as a person.");
  }
  return caller;
}
