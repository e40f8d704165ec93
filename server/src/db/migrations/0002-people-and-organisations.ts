import { type Kysely, sql } from "kysely";

// Conventions (docs/decisions/002): ids and instants are text, flags are integer 0/1, money is
// bigint paise, JSON is text. Every tenant table leads its primary key with organisation_id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("mobile", "text")
    .addColumn("password_hash", "text")
    .addColumn("support_id", "text", (col) => col.notNull())
    .addColumn("email_verified", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("mobile_verified", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("source", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("users_email").unique().on("users").column("email").execute();
  await db.schema
    .createIndex("users_support_id")
    .unique()
    .on("users")
    .column("support_id")
    .execute();

  // A session is a refresh-token family: rotation adds tokens, reuse of a spent one revokes all.
  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("revoked_reason", "text")
    .addColumn("user_agent", "text")
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("session_id", "text", (col) => col.notNull().references("sessions.id"))
    .addColumn("token_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("refresh_tokens_hash")
    .unique()
    .on("refresh_tokens")
    .column("token_hash")
    .execute();
  await db.schema
    .createIndex("refresh_tokens_session")
    .on("refresh_tokens")
    .column("session_id")
    .execute();

  // OTPs and link tokens for sign-up, password reset and contact changes; both stored hashed.
  await db.schema
    .createTable("verification_codes")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("user_id", "text", (col) => col.references("users.id"))
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("target", "text")
    .addColumn("code_hash", "text")
    .addColumn("token_hash", "text")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("consumed_at", "text")
    .execute();
  await db.schema
    .createIndex("verification_codes_user_purpose")
    .on("verification_codes")
    .columns(["user_id", "purpose"])
    .execute();
  await db.schema
    .createIndex("verification_codes_token")
    .on("verification_codes")
    .column("token_hash")
    .execute();

  await db.schema
    .createTable("organisations")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("starting_year", "text", (col) => col.notNull())
    .addColumn("gstin", "text")
    .addColumn("state_code", "text")
    .addColumn("gst_registered", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("gst_reg_type", "text")
    .addColumn("gst_reg_status", "text")
    .addColumn("manage_inventory", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("bill_wise_entry", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("billing_address", "text")
    .addColumn("mainly_deals_in", "text")
    .addColumn("settings", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("owner_user_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text")
    .execute();

  await db.schema
    .createTable("memberships")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("rights", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("removed_at", "text")
    .addPrimaryKeyConstraint("memberships_pk", ["organisation_id", "user_id"])
    .execute();
  await db.schema.createIndex("memberships_user").on("memberships").column("user_id").execute();

  await db.schema
    .createTable("invitations")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("rights", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("invited_by_user_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("responded_at", "text")
    .addPrimaryKeyConstraint("invitations_pk", ["organisation_id", "id"])
    .execute();
  await db.schema
    .createIndex("invitations_email_status")
    .on("invitations")
    .columns(["email", "status"])
    .execute();

  await db.schema
    .createTable("api_keys")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("key_hash", "text", (col) => col.notNull())
    .addColumn("key_prefix", "text", (col) => col.notNull())
    .addColumn("created_by_user_id", "text", (col) => col.notNull().references("users.id"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text")
    .addPrimaryKeyConstraint("api_keys_pk", ["organisation_id", "id"])
    .execute();
  await db.schema.createIndex("api_keys_hash").unique().on("api_keys").column("key_hash").execute();

  // Who did what (spec api §7 organisation/user-logs), written for every change in the books.
  await db.schema
    .createTable("audit_logs")
    .addColumn("organisation_id", "text", (col) => col.notNull())
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("user_id", "text")
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("entity_type", "text", (col) => col.notNull())
    .addColumn("entity_id", "text")
    .addColumn("summary", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("audit_logs_pk", ["organisation_id", "id"])
    .execute();
  await db.schema
    .createIndex("audit_logs_user")
    .on("audit_logs")
    .columns(["organisation_id", "user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("accounts")
    .addColumn("organisation_id", "text", (col) => col.notNull().references("organisations.id"))
    .addColumn("id", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("name_key", "text", (col) => col.notNull())
    .addColumn("display_name", "text")
    .addColumn("group_id", "integer", (col) => col.notNull())
    .addColumn("system_key", "text")
    .addColumn("opening_balance_paise", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("gstin", "text")
    .addColumn("state_code", "text")
    .addColumn("gst_rate", "text")
    .addColumn("billing_address", "text")
    .addColumn("shipping_address", "text")
    .addColumn("mobile", "text")
    .addColumn("email", "text")
    .addColumn("pan", "text")
    .addColumn("tan", "text")
    .addColumn("gst_type", "text")
    .addColumn("gst_reg_date", "text")
    .addColumn("gst_cancel_date", "text")
    .addColumn("gst_reg_status", "text")
    .addColumn("gstin_name", "text")
    .addColumn("rcm_sales", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rcm_purchase", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("custom_field_values", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("active", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text")
    .addPrimaryKeyConstraint("accounts_pk", ["organisation_id", "id"])
    .execute();
  // Names are unique per organisation among live accounts, compared without case.
  await db.schema
    .createIndex("accounts_name_key")
    .unique()
    .on("accounts")
    .columns(["organisation_id", "name_key"])
    .where(sql.ref("deleted_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("accounts_system_key")
    .on("accounts")
    .columns(["organisation_id", "system_key"])
    .execute();

  // Messages leave through this table and a worker, so a failing provider never loses one.
  await db.schema
    .createTable("outbox_messages")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("channel", "text", (col) => col.notNull())
    .addColumn("organisation_id", "text")
    .addColumn("recipient", "text", (col) => col.notNull())
    .addColumn("subject", "text")
    .addColumn("body_text", "text", (col) => col.notNull())
    .addColumn("body_html", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("outbox_messages_pending")
    .on("outbox_messages")
    .columns(["status", "next_attempt_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "outbox_messages",
    "accounts",
    "audit_logs",
    "api_keys",
    "invitations",
    "memberships",
    "organisations",
    "verification_codes",
    "refresh_tokens",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
