import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { isoAfter, nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import {
  insertOutboxMessage,
  markMessageAttemptFailed,
  markMessageSent,
  selectDueMessages,
} from "./outbox.repository.ts";
import type { Transports } from "./transports.ts";

export interface NewMessage {
  channel: "email" | "sms" | "whatsapp";
  recipient: string;
  subject?: string;
  text: string;
  html?: string;
  organisationId?: string;
  /** Files sent with an email (a return's JSON); kept in the outbox row until sent. */
  attachments?: MessageAttachment[];
}

export interface MessageAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

const MAX_ATTEMPTS = 6;
const POLL_INTERVAL_MS = 1000;

/** Queues a message in the caller's transaction; the worker sends it after commit. */
export async function enqueueMessage(db: Kysely<Database>, message: NewMessage): Promise<string> {
  const id = newId();
  const now = nowIso();
  await insertOutboxMessage(db, {
    id,
    channel: message.channel,
    organisation_id: message.organisationId ?? null,
    recipient: message.recipient,
    subject: message.subject ?? null,
    body_text: message.text,
    body_html: message.html ?? null,
    status: "pending",
    attempts: 0,
    last_error: null,
    created_at: now,
    next_attempt_at: now,
    sent_at: null,
    attachments: message.attachments?.length
      ? JSON.stringify(
          message.attachments.map((file) => ({
            fileName: file.fileName,
            contentType: file.contentType,
            base64: file.content.toString("base64"),
          })),
        )
      : null,
    idempotency_key: null,
    documents: null,
    account_id: null,
    sent_by: null,
    claim_token: null,
    claimed_until: null,
    delivered_via: null,
    provider_message_id: null,
    provider_status: null,
    resent_from: null,
    updated_at: null,
  });
  return id;
}

export interface OutboxWorker {
  /** Sends everything due now; resolves when done. Requests call it without waiting. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function startOutboxWorker(
  db: Kysely<Database>,
  transports: Transports,
  log: FastifyBaseLogger,
): OutboxWorker {
  let running: Promise<void> | null = null;
  let again = false;

  async function drain(): Promise<void> {
    for (;;) {
      const due = await selectDueMessages(db, nowIso(), 20);
      if (due.length === 0) return;
      for (const message of due) {
        try {
          await transports[message.channel](message);
          await markMessageSent(db, message.id, nowIso());
        } catch (error) {
          const attempts = message.attempts + 1;
          const giveUp = attempts >= MAX_ATTEMPTS;
          log.warn({ err: error, messageId: message.id, attempts, giveUp }, "message not sent");
          await markMessageAttemptFailed(db, message.id, {
            error: error instanceof Error ? error.message : String(error),
            // Back off 30 s, 1 min, 2 min… so a provider outage is ridden out, not hammered.
            nextAttemptAt: isoAfter(30_000 * 2 ** (attempts - 1)),
            giveUp,
          });
        }
      }
    }
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await drain();
      } while (again);
    })()
      .catch((error) => log.error({ err: error }, "outbox worker failed"))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void flush(), POLL_INTERVAL_MS);
  timer.unref();

  return {
    flush,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
