import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { AppConfig } from "../app-config.ts";
import type { DatabaseKind } from "../db/database.ts";
import type { Database } from "../db/schema.ts";

export interface Authenticator {
  /** preHandler: sets request.caller or answers 401 with the message the client acts on. */
  requireCaller(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/** What sign-up, sign-in and sessions need (modules/auth). */
export interface AuthDeps {
  db: Kysely<Database>;
  cookieSecret: string;
  publicUrl: string;
  /** Codes one client address may ask for in an hour (AUTH_CODE_SENDS_PER_HOUR). */
  codeSendsPerHourPerAddress: number;
  /** Wakes the outbox worker after a commit that queued mail. */
  sendQueuedMessages: () => void;
}

/** What every module's routes receive: the database, the caller check and the configuration. */
export interface ModuleDeps {
  db: Kysely<Database>;
  /** The engine, for the few queries that must be spelled per engine (JSON fields). */
  kind: DatabaseKind;
  config: AppConfig;
  authenticator: Authenticator;
  auth: AuthDeps;
  /** Wakes the outbox worker after a commit that queued messages. */
  sendQueuedMessages: () => void;
}
