import type { Kysely } from "kysely";
import type { Database, OutboxMessagesTable } from "../../db/schema.ts";

export type OutboxMessage = OutboxMessagesTable;

export async function insertOutboxMessage(
  db: Kysely<Database>,
  message: OutboxMessage,
): Promise<void> {
  await db.insertInto("outbox_messages").values(message).execute();
}

export async function selectDueMessages(
  db: Kysely<Database>,
  nowIso: string,
  limit: number,
): Promise<OutboxMessage[]> {
  return db
    .selectFrom("outbox_messages")
    .selectAll()
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", nowIso)
    .orderBy("next_attempt_at")
    .limit(limit)
    .execute();
}

export async function markMessageSent(db: Kysely<Database>, id: string, sentAt: string) {
  await db
    .updateTable("outbox_messages")
    .set((eb) => ({
      status: "sent",
      sent_at: sentAt,
      attempts: eb("attempts", "+", 1),
      last_error: null,
    }))
    .where("id", "=", id)
    .execute();
}

export async function markMessageAttemptFailed(
  db: Kysely<Database>,
  id: string,
  update: { error: string; nextAttemptAt: string; giveUp: boolean },
) {
  await db
    .updateTable("outbox_messages")
    .set((eb) => ({
      status: update.giveUp ? "failed" : "pending",
      attempts: eb("attempts", "+", 1),
      last_error: update.error.slice(0, 2000),
      next_attempt_at: update.nextAttemptAt,
    }))
    .where("id", "=", id)
    .execute();
}

export async function listOutboxMessages(db: Kysely<Database>, recipient?: string) {
  let query = db
    .selectFrom("outbox_messages")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
  if (recipient) query = query.where("recipient", "=", recipient);
  return query.execute();
}
