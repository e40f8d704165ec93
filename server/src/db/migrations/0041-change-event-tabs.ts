import type { Kysely } from "kysely";

// The browser tab that made a change (http/request-tab.ts), so the change feed does not alarm the
// tab that saved (issue 25). Null for changes made before, or without a tab.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("change_events").addColumn("tab_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("change_events").dropColumn("tab_id").execute();
}
