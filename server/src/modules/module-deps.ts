import type { Kysely } from "kysely";
import type { AppConfig } from "../app.ts";
import type { DatabaseKind } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import type { Authenticator } from "./auth/auth.guard.ts";
import type { AuthDeps } from "./auth/auth.service.ts";

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
