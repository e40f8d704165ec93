import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { as } from "../../../test/books.ts";
import { extractPdfText } from "../../../test/pdf.ts";
import { signUpPerson } from "../../../test/people.ts";
import { makeSendingBooks, type SendingBooks } from "../../../test/sending.ts";
import { type SmtpPeer, startSmtpPeer } from "../../../test/smtp-peer.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import type { Database } from "../../db/schema.ts";
import { stopDocumentRenderer } from "../documents/print-renderer.ts";
import {
  type NewMessage,
  type OutboxWorker,
  queueMessage,
  retryDelayMs,
  startOutboxWorker,
} from "./outbox.ts";
import { createTransports } from "./transports.ts";

// Delivery against a real SMTP server started here (smtp-server), through the outbox worker with
// short waits: retries, permanent failures, a server down then up, a restart mid-queue, no double
// send. The app's own worker is stopped so each test's worker is the only sender.

let context: TestContext;
let db: Kysely<Database>;
let books: SendingBooks;
let invoicePdf: Buffer;
const workers: OutboxWorker[] = [];
const peers: SmtpPeer[] = [];

const FAST = { firstRetryMs: 20, maxRetryMs: 80, leaseMs: 5_000, pollMs: 20 };

beforeAll(async () => {
  context = await createTestApp();
  db = context.testDatabase.database.db;
  const owner = await signUpPerson(context);
  books = await makeSendingBooks(context, owner);
  const pdf = await context.app.inject({
    method: "GET",
    url: `/api/getpdf/transactionpdf?organisationId=${books.organisationId}&entryId=${books.invoiceId}&transactionType=salesInvoice&format=download`,
    headers: as(owner),
  });
  expect(pdf.statusCode).toBe(200);
  invoicePdf = pdf.rawPayload;
  await context.app.outbox.stop();
});
afterAll(async () => {
  for (const peer of peers) await peer.close().catch(() => undefined);
  await stopDocumentRenderer();
  await context.close();
});

// Each test's workers stop with it, so no worker sends another test's mail to its own server.
afterEach(async () => {
  for (const started of workers.splice(0)) await started.stop();
});

async function peer(options?: Parameters<typeof startSmtpPeer>[0]) {
  const started = await startSmtpPeer(options);
  peers.push(started);
  return started;
}

function worker(smtpUrl: string, options: Partial<typeof FAST> = {}) {
  const started = startOutboxWorker(
    db,
    createTransports({
      dataDir: context.dataDir,
      smtpUrl,
      mailFrom: "Gupta Traders <billing@gupta.example>",
    }),
    context.app.log,
    { ...FAST, ...options },
  );
  workers.push(started);
  return started;
}

let counter = 0;
function invoiceMail(overrides: Partial<NewMessage> = {}): NewMessage {
  counter += 1;
  return {
    channel: "email",
    organisationId: books.organisationId,
    recipient: `ravi${counter}@stores.example`,
    subject: `Invoice ${books.invoiceNumber} from Gupta Traders`,
    text: `Dear Ravi Stores,\n\nPlease find invoice ${books.invoiceNumber} for ₹1,260.00 attached.\n\nRegards,\nGupta Traders`,
    attachments: [
      {
        fileName: `Tax-Invoice-${books.invoiceNumber}.pdf`,
        contentType: "application/pdf",
        content: invoicePdf,
      },
    ],
    documents: [
      { entryId: books.invoiceId, transactionType: "salesInvoice", number: books.invoiceNumber },
    ],
    accountId: books.customerId,
    ...overrides,
  };
}

async function row(id: string) {
  return db
    .selectFrom("outbox_messages")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/** Waits (polling the database, at most 10 s) until the message's row passes `check`. */
async function until(id: string, check: (message: Awaited<ReturnType<typeof row>>) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const current = await row(id);
    if (check(current)) return current;
    if (Date.now() > deadline)
      throw new Error(`message ${id} stayed ${current.status}: ${current.last_error}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const mailTo = (smtp: SmtpPeer, address: string) =>
  smtp.received.filter((mail) => mail.envelopeTo.includes(address));

describe("email through SMTP", () => {
  test("delivers recipients, subject, text and HTML parts and the PDF, read back", async () => {
    const smtp = await peer();
    const sender = worker(`smtp://127.0.0.1:${smtp.port}`);
    const message = invoiceMail({ recipient: "accounts@ravi.example, owner@ravi.example" });
    const { id } = await queueMessage(db, message);
    await sender.flush();
    const sent = await row(id);
    expect(sent.status).toBe("sent");
    expect(sent.delivered_via).toBe("smtp");
    expect(sent.attempts).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.envelopeTo.sort()).toEqual(["accounts@ravi.example", "owner@ravi.example"]);
    expect(mail?.secure).toBe(false);
    const parsed = mail?.parsed;
    expect(parsed?.subject).toBe(`Invoice ${books.invoiceNumber} from Gupta Traders`);
    expect(parsed?.from?.text).toContain("billing@gupta.example");
    expect(parsed?.text).toContain(
      `Please find invoice ${books.invoiceNumber} for ₹1,260.00 attached.`,
    );
    expect(parsed?.html).toContain(`<p>Dear Ravi Stores,</p>`);
    expect(parsed?.messageId).toBe(`<${id}@bahi.local>`);
    expect(parsed?.attachments).toHaveLength(1);
    const attachment = parsed?.attachments[0];
    expect(attachment?.filename).toBe(`Tax-Invoice-${books.invoiceNumber}.pdf`);
    expect(attachment?.contentType).toBe("application/pdf");
    const text = await extractPdfText(attachment?.content ?? Buffer.alloc(0));
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain("Ravi Stores");
    expect(text).toContain(books.invoiceNumber);
    expect(text).toContain("1,260.00");
  });

  test("STARTTLS when the server offers it, and smtps:// from the first byte", async () => {
    const starttls = await peer({ tls: "starttls" });
    const implicit = await peer({ tls: "implicit" });
    const a = worker(`smtp://127.0.0.1:${starttls.port}/?tls.rejectUnauthorized=false`);
    const first = await queueMessage(db, invoiceMail());
    await a.flush();
    await a.stop();
    const b = worker(`smtps://127.0.0.1:${implicit.port}/?tls.rejectUnauthorized=false`);
    const second = await queueMessage(db, invoiceMail());
    await b.flush();
    expect((await row(first.id)).status).toBe("sent");
    expect((await row(second.id)).status).toBe("sent");
    expect(starttls.received.map((mail) => mail.secure)).toEqual([true]);
    expect(implicit.received.map((mail) => mail.secure)).toEqual([true]);
    await b.stop();
  });

  test("a 4xx answer is retried with growing waits and then sent once", async () => {
    const smtp = await peer();
    smtp.refuseNext(
      { code: 451, message: "4.3.0 Mailbox temporarily unavailable" },
      { code: 421, message: "4.7.0 Try again later" },
    );
    // Waits long enough to look at the message between its tries.
    const sender = worker(`smtp://127.0.0.1:${smtp.port}`, { firstRetryMs: 400, maxRetryMs: 800 });
    const message = invoiceMail();
    const { id } = await queueMessage(db, message);
    await sender.flush();
    const waiting = await row(id);
    expect(waiting.status).toBe("pending");
    expect(waiting.last_error).toContain("451 4.3.0 Mailbox temporarily unavailable");
    const sent = await until(id, (current) => current.status === "sent");
    expect(sent.attempts).toBe(3);
    expect(sent.last_error).toBeNull();
    expect(mailTo(smtp, message.recipient)).toHaveLength(1);
    // The waits double and stop at a minute.
    expect([1, 2, 3, 6, 7, 8, 20].map((attempts) => retryDelayMs(attempts))).toEqual([
      2_000, 4_000, 8_000, 60_000, 60_000, 60_000, 60_000,
    ]);
  });

  test("a 5xx answer fails the message with the server's reason, and it is not tried again", async () => {
    const smtp = await peer();
    smtp.refuseNext({ code: 550, message: "5.1.1 Mailbox ravi@stores.example does not exist" });
    const sender = worker(`smtp://127.0.0.1:${smtp.port}`);
    const { id } = await queueMessage(db, invoiceMail());
    await sender.flush();
    await sender.flush();
    const failed = await row(id);
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toContain("550 5.1.1 Mailbox ravi@stores.example does not exist");
    expect(smtp.received).toHaveLength(0);
  });

  test("a server that is down is waited for, and the mail goes when it is back", async () => {
    const smtp = await peer();
    await smtp.close();
    const sender = worker(`smtp://127.0.0.1:${smtp.port}`);
    const message = invoiceMail();
    const { id } = await queueMessage(db, message);
    await until(id, (current) => current.attempts >= 2);
    const waiting = await row(id);
    expect(waiting.status).toBe("pending");
    expect(waiting.last_error).toContain("Mail server not reachable");
    await smtp.reopen();
    await until(id, (current) => current.status === "sent");
    expect(mailTo(smtp, message.recipient)).toHaveLength(1);
    await sender.stop();
  });

  test("a restart mid-queue: queued mail is sent, a dead worker's message is sent after its lease, once", async () => {
    const smtp = await peer();
    const queued: { id: string; recipient: string }[] = [];
    for (let index = 0; index < 5; index += 1) {
      const message = invoiceMail();
      queued.push({ id: (await queueMessage(db, message)).id, recipient: message.recipient });
    }
    // The process died while sending the first: its lease is held for a little longer.
    const dying = queued[0];
    if (!dying) throw new Error("nothing queued");
    await db
      .updateTable("outbox_messages")
      .set({
        claim_token: "dead-worker",
        claimed_until: new Date(Date.now() + 5_000).toISOString(),
      })
      .where("id", "=", dying.id)
      .execute();
    // The process starts again.
    const restarted = worker(`smtp://127.0.0.1:${smtp.port}`);
    await restarted.flush();
    for (const message of queued.slice(1)) expect((await row(message.id)).status).toBe("sent");
    expect((await row(dying.id)).status).toBe("pending");
    expect(mailTo(smtp, dying.recipient)).toHaveLength(0);
    await until(dying.id, (current) => current.status === "sent");
    for (const message of queued) expect(mailTo(smtp, message.recipient)).toHaveLength(1);
    await restarted.stop();
  });

  test("no double send: two workers on one queue, and a repeated request", async () => {
    const smtp = await peer();
    const ids: string[] = [];
    for (let index = 0; index < 8; index += 1) ids.push((await queueMessage(db, invoiceMail())).id);
    const key = `send:${books.organisationId}:test:click-1`;
    const first = await queueMessage(db, invoiceMail({ idempotencyKey: key }));
    const again = await queueMessage(
      db,
      invoiceMail({ idempotencyKey: key, recipient: "other@x.example" }),
    );
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    ids.push(first.id);
    const one = worker(`smtp://127.0.0.1:${smtp.port}`);
    const two = worker(`smtp://127.0.0.1:${smtp.port}`);
    await Promise.all([one.flush(), two.flush(), one.flush(), two.flush()]);
    for (const id of ids) expect((await row(id)).status).toBe("sent");
    const messageIds = smtp.received.map((mail) => mail.parsed.messageId);
    expect(messageIds).toHaveLength(9);
    expect(new Set(messageIds).size).toBe(9);
    expect(smtp.received.some((mail) => mail.envelopeTo.includes("other@x.example"))).toBe(false);
    await one.stop();
    await two.stop();
  });
});
