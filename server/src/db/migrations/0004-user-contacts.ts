import { type Kysely, sql } from "kysely";

// A mobile number belongs to at most one person once verified (sign-in by mobile must find one
// person); unverified numbers may repeat, since anyone can type any number at sign-up. The partial
// unique index holds that rule under concurrent verifications; the plain index serves look-ups by
// number, whose `mobile_verified = ?` parameter a partial index cannot be proven to match.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("users_verified_mobile")
    .unique()
    .on("users")
    .column("mobile")
    .where(sql.ref("mobile_verified"), "=", 1)
    .execute();
  await db.schema.createIndex("users_mobile").on("users").column("mobile").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("users_mobile").execute();
  await db.schema.dropIndex("users_verified_mobile").execute();
}
