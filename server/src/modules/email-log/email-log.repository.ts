import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

export interface EmailLogFilter {
  organisationId: string;
  /** Only this user's messages (an accountant sees what they sent). */
  sentBy?: string | undefined;
  /** Already lower-cased and escaped for LIKE. */
  pattern?: string | undefined;
  fromIso?: string | undefined;
  beforeIso?: string | undefined;
}

function filtered(db: Kysely<Database>, filter: EmailLogFilter) {
  let query = db
    .selectFrom("outbox_messages")
    .where("outbox_messages.organisation_id", "=", filter.organisationId);
  if (filter.sentBy) query = query.where("outbox_messages.sent_by", "=", filter.sentBy);
  if (filter.fromIso) query = query.where("outbox_messages.created_at", ">=", filter.fromIso);
  if (filter.beforeIso) query = query.where("outbox_messages.created_at", "<", filter.beforeIso);
  const pattern = filter.pattern;
  if (pattern) {
    const like = (column: string) =>
      sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        like("outbox_messages.recipient"),
        like("outbox_messages.subject"),
        like("outbox_messages.document_numbers"),
        like("outbox_messages.last_error"),
      ]),
    );
  }
  return query;
}

export async function countEmailLog(db: Kysely<Database>, filter: EmailLogFilter) {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function listEmailLog(
  db: Kysely<Database>,
  filter: EmailLogFilter,
  page: { skip: number; limit: number },
) {
  return filtered(db, filter)
    .leftJoin("users", "users.id", "outbox_messages.sent_by")
    .select([
      "outbox_messages.id",
      "outbox_messages.channel",
      "outbox_messages.created_at",
      "outbox_messages.sent_at",
      "outbox_messages.recipient",
      "outbox_messages.subject",
      "outbox_messages.documents",
      "outbox_messages.account_id",
      "outbox_messages.sent_by",
      "outbox_messages.status",
      "outbox_messages.last_error",
      "outbox_messages.attempts",
      "outbox_messages.delivered_via",
      "outbox_messages.provider_message_id",
      "outbox_messages.resent_from",
      "outbox_messages.files_dropped_at",
      "users.name as sent_by_name",
    ])
    .orderBy("outbox_messages.created_at", "desc")
    .orderBy("outbox_messages.id", "desc")
    .offset(page.skip)
    .limit(page.limit)
    .execute();
}

export async function findOrganisationMessage(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
) {
  return db
    .selectFrom("outbox_messages")
    .selectAll()
    .where("organisation_id", "=", organisationId)
    .where("id", "=", id)
    .executeTakeFirst();
}
