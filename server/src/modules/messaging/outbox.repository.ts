import type { Kysely } from "kysely";
import type { Database, OutboxMessagesTable } from "../../db/schema.ts";

export type OutboxMessage = OutboxMessagesTable;

/** Inserts the message unless one with its idempotency key exists; true when inserted. */
export async function insertOutboxMessage(
  db: Kysely<Database>,
  message: OutboxMessage,
): Promise<boolean> {
  let insert = db.insertInto("outbox_messages").values(message);
  if (message.idempotency_key !== null) {
    insert = insert.onConflict((conflict) => conflict.column("idempotency_key").doNothing());
  }
  const result = await insert.executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 1n) > 0;
}

export async function findMessageIdByKey(db: Kysely<Database>, key: string) {
  const row = await db
    .selectFrom("outbox_messages")
    .select("id")
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row?.id;
}

/** Ids of messages due by `dueBy` that no live lease holds. */
export async function selectDueMessageIds(
  db: Kysely<Database>,
  dueBy: string,
  now: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom("outbox_messages")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", dueBy)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now)]))
    .orderBy("next_attempt_at")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes the lease of one message: one UPDATE that succeeds for one worker only, while the message
 * is pending and no live lease holds it. The message, or undefined when another worker has it.
 */
export async function claimMessage(
  db: Kysely<Database>,
  id: string,
  claim: { token: string; now: string; until: string },
): Promise<OutboxMessage | undefined> {
  const result = await db
    .updateTable("outbox_messages")
    .set({ claim_token: claim.token, claimed_until: claim.until })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", claim.now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom("outbox_messages")
    .selectAll()
    .where("id", "=", id)
    .where("claim_token", "=", claim.token)
    .executeTakeFirst();
}

export interface AttemptOutcome {
  status: OutboxMessage["status"];
  at: string;
  error: string | null;
  nextAttemptAt?: string;
  deliveredVia?: string | null;
  providerMessageId?: string | null;
  providerStatus?: string | null;
}

/** Records one attempt's outcome and lets go of the lease (only the lease's holder may). */
export async function finishAttempt(
  db: Kysely<Database>,
  id: string,
  claimToken: string,
  outcome: AttemptOutcome,
): Promise<void> {
  const delivered = outcome.status === "sent" || outcome.status === "handed";
  await db
    .updateTable("outbox_messages")
    .set((eb) => ({
      status: outcome.status,
      attempts: eb("attempts", "+", 1),
      last_error: outcome.error === null ? null : outcome.error.slice(0, 2000),
      claim_token: null,
      claimed_until: null,
      updated_at: outcome.at,
      ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
      ...(delivered
        ? {
            sent_at: outcome.at,
            delivered_via: outcome.deliveredVia ?? null,
            provider_message_id: outcome.providerMessageId ?? null,
            provider_status: outcome.providerStatus ?? null,
          }
        : {}),
    }))
    .where("id", "=", id)
    .where("claim_token", "=", claimToken)
    .execute();
}

/**
 * The retention (decision 083): drops the attachments and the HTML part (made again from the text
 * when resent) of every finished message queued before `before`. Pending messages keep theirs.
 * The number of messages whose files were dropped.
 */
export async function dropOldMessageFiles(
  db: Kysely<Database>,
  before: string,
  at: string,
): Promise<number> {
  const files = await db
    .updateTable("outbox_messages")
    .set({ attachments: null, body_html: null, files_dropped_at: at })
    .where("created_at", "<", before)
    .where("status", "!=", "pending")
    .where("attachments", "is not", null)
    .executeTakeFirst();
  await db
    .updateTable("outbox_messages")
    .set({ body_html: null })
    .where("created_at", "<", before)
    .where("status", "!=", "pending")
    .where("body_html", "is not", null)
    .execute();
  return Number(files.numUpdatedRows);
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

/**
 * The statuses a WhatsApp status may replace (issue 37): a message only moves forward, sent →
 * delivered → read, whatever order Meta's calls arrive in or however often one is replayed;
 * "failed" only before delivery (from what the API answered on sending, or from "sent"), and
 * nothing moves a failed message. Each status lists those that stop it.
 */
const STATUS_STOPPED_BY: Readonly<Record<string, readonly string[]>> = {
  sent: ["sent", "delivered", "read", "failed"],
  delivered: ["delivered", "read", "failed"],
  read: ["read", "failed"],
  failed: ["delivered", "read", "failed"],
};

/**
 * What WhatsApp later reported of a message it accepted (the status webhook): delivered, read, or
 * failed with a reason. The outbox row keeps the ids comma-separated (one per document sent).
 * A status that would move the message backwards, and one WhatsApp does not document, changes
 * nothing (0 rows).
 */
export async function recordProviderStatus(
  db: Kysely<Database>,
  providerMessageId: string,
  update: { status: string; failure: string | null; at: string },
): Promise<number> {
  const stoppedBy = STATUS_STOPPED_BY[update.status];
  if (!stoppedBy) return 0;
  const result = await db
    .updateTable("outbox_messages")
    .set({
      provider_status: update.status,
      updated_at: update.at,
      ...(update.failure ? { status: "failed" as const, last_error: update.failure } : {}),
    })
    .where("delivered_via", "=", "whatsapp-cloud")
    .where((eb) =>
      eb.or([eb("provider_status", "is", null), eb("provider_status", "not in", stoppedBy)]),
    )
    .where((eb) =>
      eb.or([
        eb("provider_message_id", "=", providerMessageId),
        eb("provider_message_id", "like", `${providerMessageId},%`),
        eb("provider_message_id", "like", `%,${providerMessageId}`),
        eb("provider_message_id", "like", `%,${providerMessageId},%`),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
