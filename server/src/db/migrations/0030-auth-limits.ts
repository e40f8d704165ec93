import type { Kysely } from "kysely";

// Guessing limits that hold across server processes and under concurrent requests (docs/security.md):
// one row per limited thing ("signin:<username>", "otp:<challenge>", "send:<purpose>:<email>",
// "sendip:<address>"), counted with single UPDATE statements so that two requests never read
// the same count. A verification code also carries the challenge id the client was given, which
// reveals nothing about the account (the same for known and unknown emails).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("auth_limits")
    .addColumn("key", "text", (column) => column.primaryKey().notNull())
    .addColumn("count", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("window_started_at", "text", (column) => column.notNull())
    .addColumn("last_at", "text")
    .addColumn("blocked_until", "text")
    .execute();
  await db.schema.alterTable("verification_codes").addColumn("challenge_id", "text").execute();
  await db.schema
    .createIndex("verification_codes_challenge")
    .on("verification_codes")
    .columns(["challenge_id", "purpose"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("verification_codes_challenge").execute();
  await db.schema.alterTable("verification_codes").dropColumn("challenge_id").execute();
  await db.schema.dropTable("auth_limits").execute();
}
