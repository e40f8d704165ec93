import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { claimJobRun } from "../../db/job-runs.ts";
import type { Database } from "../../db/schema.ts";
import { nowIso } from "../../lib/clock.ts";
import { newId } from "../../lib/ids.ts";
import { DeliveryError } from "./delivery.ts";
import {
  claimMessage,
  dropOldMessageFiles,
  findMessageIdByKey,
  finishAttempt,
  insertOutboxMessage,
  selectDueMessageIds,
} from "./outbox.repository.ts";
import type { Transports } from "./transports.ts";

/** A document a message carries or is about (the email log shows it). */
export interface MessageDocumentRef {
  entryId: string;
  /** The registry's type name (salesInvoice, creditNote…), or "ledger" for an account statement. */
  transactionType: string;
  /** The number the user knows it by (INV-24-25-7), when there is one. */
  number?: string | null;
}

export interface NewMessage {
  channel: "email" | "sms" | "whatsapp";
  /** An email address (or several, comma-separated), or a phone number. */
  recipient: string;
  subject?: string;
  text: string;
  /** The HTML part; when absent the email's HTML part is made from the text. */
  html?: string;
  organisationId?: string;
  /** Files sent with the message (a PDF, a return's JSON); kept in the outbox row. */
  attachments?: MessageAttachment[];
  /**
   * The request's key: a second enqueue with the same key queues nothing and answers the first
   * message's id (a double click, a retried request). Build it from the organisation, the user and
   * a value the client makes once per click, e.g. `send:<organisationId>:<userId>:<clientKey>`.
   */
  idempotencyKey?: string;
  /** What the message is about, for the email log. */
  documents?: MessageDocumentRef[];
  accountId?: string;
  /** The user sending it; absent for the system's own mail (codes, invitations). */
  sentBy?: string;
  /** The message this one sends again (email log → Resend). */
  resentFrom?: string;
  /**
   * The values of the message's placeholders (customerName, invoiceNumber…): WhatsApp fills the
   * approved template's body with them when the customer's 24-hour window is closed.
   */
  placeholderValues?: Readonly<Record<string, string | undefined>>;
  /** Issue 40: an organisation's mail shows its name as the sender and is answered to its email. */
  fromName?: string;
  replyTo?: string;
}

export interface MessageAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Queues a message in the caller's transaction; the worker sends it after commit. Its id. */
export async function enqueueMessage(db: Kysely<Database>, message: NewMessage): Promise<string> {
  return (await queueMessage(db, message)).id;
}

/**
 * Queues a message unless its idempotency key was queued before: `created` says which. The id is
 * the message's in either case.
 */
export async function queueMessage(
  db: Kysely<Database>,
  message: NewMessage,
): Promise<{ id: string; created: boolean }> {
  const id = newId();
  const now = nowIso();
  const inserted = await insertOutboxMessage(db, {
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
    idempotency_key: message.idempotencyKey ?? null,
    documents: message.documents?.length
      ? JSON.stringify(
          message.documents.map((document) => ({
            entryId: document.entryId,
            transactionType: document.transactionType,
            number: document.number ?? null,
          })),
        )
      : null,
    document_numbers:
      message.documents
        ?.map((document) => document.number)
        .filter(Boolean)
        .join(", ") || null,
    account_id: message.accountId ?? null,
    sent_by: message.sentBy ?? null,
    claim_token: null,
    claimed_until: null,
    delivered_via: null,
    provider_message_id: null,
    provider_status: null,
    resent_from: message.resentFrom ?? null,
    updated_at: now,
    files_dropped_at: null,
    placeholder_values: message.placeholderValues
      ? JSON.stringify(message.placeholderValues)
      : null,
    from_name: message.fromName?.trim() || null,
    reply_to: message.replyTo?.trim() || null,
  });
  if (inserted || !message.idempotencyKey) return { id, created: true };
  const existing = await findMessageIdByKey(db, message.idempotencyKey);
  if (!existing) throw new Error("outbox: idempotency key conflict without a row");
  return { id: existing, created: false };
}

export interface OutboxWorker {
  /** Sends everything due now; resolves when done. Requests call it without waiting. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export interface OutboxWorkerOptions {
  /** How long a worker holds a message it is sending; a dead worker's lease runs out. */
  leaseMs?: number;
  /** The wait after the first temporary failure; doubled each time, up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** Temporary failures are retried for this long after the message was queued. */
  giveUpAfterMs?: number;
  pollMs?: number;
  /**
   * The retention (OUTBOX_RETENTION_DAYS, decision 083): the files of finished messages older
   * than this are dropped; the rows stay for the email log. Null keeps everything.
   */
  retentionMs?: number | null;
  /** How often the worker looks for files to drop (the first look is at its first pass). */
  sweepEveryMs?: number;
  /** The clock the retention reads (tests move it). */
  now?: () => number;
}

export const OUTBOX_DEFAULTS: Required<OutboxWorkerOptions> = {
  // Longer than the slowest send: SMTP's connection, greeting and socket timeouts (transports.ts).
  leaseMs: 5 * 60_000,
  firstRetryMs: 2_000,
  // Issue 22: never more than a minute between tries, so a mail server back up is used at once.
  maxRetryMs: 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  pollMs: 1_000,
  retentionMs: null,
  sweepEveryMs: 60 * 60_000,
  now: () => Date.now(),
};

const BATCH = 20;

/** The retention sweep's name in `job_runs`. */
export const OUTBOX_RETENTION_JOB = "outbox-retention";

/** The wait before try number `attempts + 1`, after `attempts` temporary failures. */
export function retryDelayMs(attempts: number, options = OUTBOX_DEFAULTS): number {
  return Math.min(options.maxRetryMs, options.firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

export function startOutboxWorker(
  db: Kysely<Database>,
  transports: Transports,
  log: FastifyBaseLogger,
  overrides: OutboxWorkerOptions = {},
): OutboxWorker {
  const options = { ...OUTBOX_DEFAULTS, ...overrides };
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastSweep: number | null = null;

  /**
   * Drops old messages' files, at most once per sweepEveryMs across every server on the database
   * (the `outbox-retention` job run, decision 230); this server asks at most once a period too.
   */
  async function sweep(): Promise<void> {
    if (options.retentionMs === null) return;
    const now = options.now();
    if (lastSweep !== null && now - lastSweep < options.sweepEveryMs) return;
    lastSweep = now;
    if (!(await claimJobRun(db, OUTBOX_RETENTION_JOB, options.sweepEveryMs, now))) return;
    const dropped = await dropOldMessageFiles(
      db,
      new Date(now - options.retentionMs).toISOString(),
      new Date(now).toISOString(),
    );
    if (dropped > 0) log.info({ dropped }, "outbox: files of old messages dropped");
  }

  async function attempt(id: string): Promise<void> {
    const token = randomUUID();
    const now = new Date();
    const message = await claimMessage(db, id, {
      token,
      now: now.toISOString(),
      until: new Date(now.getTime() + options.leaseMs).toISOString(),
    });
    if (!message) return;
    try {
      const result = await transports[message.channel](message);
      await finishAttempt(db, id, token, {
        status: result.handed ? "handed" : "sent",
        at: nowIso(),
        error: null,
        deliveredVia: result.via,
        providerMessageId: result.providerMessageId ?? null,
        providerStatus: result.providerStatus ?? null,
      });
    } catch (error) {
      const attempts = message.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof DeliveryError && error.permanent;
      const expired = Date.now() - Date.parse(message.created_at) >= options.giveUpAfterMs;
      log.warn({ err: error, messageId: id, attempts, permanent }, "message not sent");
      await finishAttempt(db, id, token, {
        status: permanent || expired ? "failed" : "pending",
        at: nowIso(),
        error: !permanent && expired ? `Gave up after ${attempts} tries: ${reason}` : reason,
        nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts, options)).toISOString(),
      });
    }
  }

  /** One pass over the messages due when it starts; a retry falls due in a later pass. */
  async function drain(): Promise<void> {
    const dueBy = nowIso();
    for (;;) {
      const ids = await selectDueMessageIds(db, dueBy, nowIso(), BATCH);
      if (ids.length === 0 || stopped) return;
      for (const id of ids) await attempt(id);
    }
  }

  function flush(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await drain();
        // Inside the loop: a message queued while the sweep runs is drained by this flush.
        if (!stopped) await sweep();
      } while (again && !stopped);
    })()
      .catch((error) => log.error({ err: error }, "outbox worker failed"))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void flush(), options.pollMs);
  timer.unref();

  return {
    flush,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
