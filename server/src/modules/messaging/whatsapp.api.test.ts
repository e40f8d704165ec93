import { createHmac } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { as } from "../../../test/books.ts";
import { extractPdfText } from "../../../test/pdf.ts";
import { type Person, signUpPerson } from "../../../test/people.ts";
import { makeSendingBooks, type SendingBooks } from "../../../test/sending.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import {
  PEER_PHONE_NUMBER_ID,
  PEER_TOKEN,
  startWhatsAppPeer,
  type WhatsAppPeer,
} from "../../../test/whatsapp-peer.ts";
import type { Database } from "../../db/schema.ts";
import { renderStatementDocumentPdf, stopDocumentRenderer } from "../documents/print-renderer.ts";
import { buildStatementDocument } from "../documents/statement.ts";
import { type NewMessage, type OutboxWorker, queueMessage, startOutboxWorker } from "./outbox.ts";
import { createTransports } from "./transports.ts";
import { toWhatsAppNumber } from "./whatsapp-cloud.ts";

// WhatsApp through the Business Cloud API, against a local peer that answers as the API documents.

let context: TestContext;
let db: Kysely<Database>;
let peer: WhatsAppPeer;
let pdf: Buffer;
let owner: Person;
let books: SendingBooks;
const workers: OutboxWorker[] = [];
const APP_SECRET = "test-app-secret";
const FAST = { firstRetryMs: 20, maxRetryMs: 80, leaseMs: 5_000, pollMs: 20 };

beforeAll(async () => {
  peer = await startWhatsAppPeer();
  context = await createTestApp({
    whatsapp: {
      token: PEER_TOKEN,
      phoneNumberId: PEER_PHONE_NUMBER_ID,
      apiUrl: peer.apiUrl,
      appSecret: APP_SECRET,
      verifyToken: "bahi-verify-1",
    },
  });
  // Signed up while the app's worker still mails the code; then this file's workers send alone.
  owner = await signUpPerson(context);
  books = await makeSendingBooks(context, owner);
  await context.app.outbox.stop();
  db = context.testDatabase.database.db;
  pdf = Buffer.from(
    await renderStatementDocumentPdf(
      buildStatementDocument({
        organisation: { name: "Gupta Traders", billingAddress: "12 MG Road, Pune", gstin: null },
        account: { name: "Ravi Stores", billingAddress: null, gstin: null },
        startDate: "2025-04-01",
        endDate: "2025-09-30",
        openingBalance: { amount: 0, type: "dr" },
        closingBalance: { amount: 1260, type: "dr" },
        totalDebit: 1260,
        totalCredit: 0,
        entries: [],
        openBills: [],
      }),
      { organisationId: books.organisationId },
    ),
  );
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
});
afterAll(async () => {
  await peer.close();
  await stopDocumentRenderer();
  await context.close();
});

function worker(apiUrl: string | null, options: Partial<typeof FAST> = {}) {
  const started = startOutboxWorker(
    db,
    createTransports({
      dataDir: context.dataDir,
      smtpUrl: undefined,
      mailFrom: "x@y.example",
      whatsapp: apiUrl
        ? { token: PEER_TOKEN, phoneNumberId: PEER_PHONE_NUMBER_ID, apiUrl }
        : undefined,
    }),
    context.app.log,
    { ...FAST, ...options },
  );
  workers.push(started);
  return started;
}

function lastTo(to: string) {
  return peer.messages.filter((message) => (message as { to?: string }).to === to).at(-1);
}

function statementMessage(overrides: Partial<NewMessage> = {}): NewMessage {
  return {
    channel: "whatsapp",
    recipient: "98765 43210",
    text: "Dear Ravi Stores, your statement from Gupta Traders is attached. Balance due ₹1,260.00.",
    attachments: [
      { fileName: "Statement-Ravi-Stores.pdf", contentType: "application/pdf", content: pdf },
    ],
    ...overrides,
  };
}

const row = (id: string) =>
  db.selectFrom("outbox_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function until(id: string, check: (message: Awaited<ReturnType<typeof row>>) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const current = await row(id);
    if (check(current)) return current;
    if (Date.now() > deadline) throw new Error(`stayed ${current.status}: ${current.last_error}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("WhatsApp Business Cloud API", () => {
  test("numbers go with the country code", () => {
    expect(toWhatsAppNumber("98765 43210")).toBe("919876543210");
    expect(toWhatsAppNumber("+91 98765-43210")).toBe("919876543210");
    expect(toWhatsAppNumber("098765 43210")).toBe("919876543210");
    expect(toWhatsAppNumber("+1 (415) 555-0100")).toBe("14155550100");
    expect(toWhatsAppNumber("12345")).toBeNull();
    expect(toWhatsAppNumber("call me")).toBeNull();
  });

  test("uploads the PDF as media and sends it as a document with the text as caption", async () => {
    const sender = worker(peer.apiUrl);
    const { id } = await queueMessage(db, statementMessage());
    await sender.flush();
    const sent = await row(id);
    expect(sent.status).toBe("sent");
    expect(sent.delivered_via).toBe("whatsapp-cloud");
    expect(sent.provider_message_id).toMatch(/^wamid\./);
    expect(sent.provider_status).toBe("accepted");
    const upload = peer.media.at(-1);
    expect(upload?.messagingProduct).toBe("whatsapp");
    expect(upload?.type).toBe("application/pdf");
    expect(upload?.fileName).toBe("Statement-Ravi-Stores.pdf");
    const text = await extractPdfText(upload?.bytes ?? Buffer.alloc(0));
    expect(text).toContain("Ravi Stores");
    expect(text).toContain("Gupta Traders");
    expect(peer.messages.at(-1)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "919876543210",
      type: "document",
      document: {
        id: upload?.id,
        filename: "Statement-Ravi-Stores.pdf",
        caption:
          "Dear Ravi Stores, your statement from Gupta Traders is attached. Balance due ₹1,260.00.",
      },
    });
  });

  test("a text without a document goes as a text message", async () => {
    const sender = worker(peer.apiUrl);
    const { id } = await queueMessage(
      db,
      statementMessage({ attachments: [], text: "Payment reminder" }),
    );
    await sender.flush();
    expect((await row(id)).status).toBe("sent");
    expect(peer.messages.at(-1)).toMatchObject({
      to: "919876543210",
      type: "text",
      text: { body: "Payment reminder" },
    });
  });

  test("throttling and outages are retried; a refusal fails with the API's reason", async () => {
    // Waits long enough to look at the message between its tries.
    const sender = worker(peer.apiUrl, { firstRetryMs: 400, maxRetryMs: 800 });
    peer.failNext(
      { status: 429, code: 130429, message: "(#130429) Rate limit hit" },
      { status: 500, code: 1, message: "An unknown error occurred" },
    );
    const retried = await queueMessage(db, statementMessage());
    await sender.flush();
    expect((await row(retried.id)).last_error).toContain(
      "WhatsApp API 429 (code 130429): (#130429) Rate limit hit",
    );
    const sent = await until(retried.id, (current) => current.status === "sent");
    expect(sent.attempts).toBe(3);

    peer.failNext({
      status: 400,
      code: 131047,
      message: "(#131047) Re-engagement message",
      details:
        "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
    });
    const refused = await queueMessage(db, statementMessage());
    await sender.flush();
    const failed = await row(refused.id);
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toContain("(#131047) Re-engagement message");
    expect(failed.last_error).toContain("more than 24 hours");
  });

  test("a wrong token and a number that is not one fail at once", async () => {
    const wrongToken = startOutboxWorker(
      db,
      createTransports({
        dataDir: context.dataDir,
        smtpUrl: undefined,
        mailFrom: "x@y.example",
        whatsapp: { token: "expired", phoneNumberId: PEER_PHONE_NUMBER_ID, apiUrl: peer.apiUrl },
      }),
      context.app.log,
      FAST,
    );
    workers.push(wrongToken);
    const unauthorised = await queueMessage(db, statementMessage());
    await wrongToken.flush();
    expect((await row(unauthorised.id)).status).toBe("failed");
    expect((await row(unauthorised.id)).last_error).toContain("Invalid OAuth access token");
    await wrongToken.stop();

    const sender = worker(peer.apiUrl);
    const before = peer.messages.length;
    const badNumber = await queueMessage(db, statementMessage({ recipient: "12345" }));
    await sender.flush();
    const failed = await row(badNumber.id);
    expect(failed.status).toBe("failed");
    expect(failed.last_error).toContain('"12345" is not a WhatsApp number');
    expect(peer.messages.length).toBe(before);
  });

  test("an API that cannot be reached is waited for", async () => {
    const down = await startWhatsAppPeer();
    await down.close();
    worker(down.apiUrl);
    const { id } = await queueMessage(db, statementMessage());
    const waiting = await until(id, (current) => current.attempts >= 2);
    expect(waiting.status).toBe("pending");
    expect(waiting.last_error).toContain("WhatsApp API not reachable");
    await db
      .updateTable("outbox_messages")
      .set({ status: "failed" })
      .where("id", "=", id)
      .execute();
  });

  test("outside the 24-hour window a document goes as the approved template, its values in the body", async () => {
    const template = {
      name: "bahi_document",
      language: "en",
      params: ["customerName", "invoiceNumber", "amount", "dueDate"],
    };
    const withTemplate = startOutboxWorker(
      db,
      createTransports({
        dataDir: context.dataDir,
        smtpUrl: undefined,
        mailFrom: "x@y.example",
        whatsapp: {
          token: PEER_TOKEN,
          phoneNumberId: PEER_PHONE_NUMBER_ID,
          apiUrl: peer.apiUrl,
          template,
        },
      }),
      context.app.log,
      FAST,
    );
    workers.push(withTemplate);
    peer.closeWindow("919876500001");
    const values = { customerName: "Ravi Stores", invoiceNumber: "INV-7", amount: "₹1,260.00" };
    const { id } = await queueMessage(
      db,
      statementMessage({ recipient: "98765 00001", placeholderValues: values }),
    );
    await withTemplate.flush();
    const sent = await row(id);
    expect(sent.status, sent.last_error ?? "").toBe("sent");
    expect(sent.provider_status).toBe("accepted (template bahi_document)");
    const upload = peer.media.at(-1);
    // The last message to this number: a message an earlier test left to retry may go in the same
    // flush, after it.
    expect(lastTo("919876500001")).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "919876500001",
      type: "template",
      template: {
        name: "bahi_document",
        language: { code: "en" },
        components: [
          {
            type: "header",
            parameters: [
              {
                type: "document",
                document: { id: upload?.id, filename: "Statement-Ravi-Stores.pdf" },
              },
            ],
          },
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ravi Stores" },
              { type: "text", text: "INV-7" },
              { type: "text", text: "₹1,260.00" },
              { type: "text", text: "-" },
            ],
          },
        ],
      },
    });
    expect(sent.provider_message_id).toBe(`wamid.HBgM${peer.messages.length}`);

    // Inside the window the free-form document with its caption still goes, not the template.
    const open = await queueMessage(
      db,
      statementMessage({ recipient: "98765 00002", placeholderValues: values }),
    );
    await withTemplate.flush();
    expect((await row(open.id)).provider_status).toBe("accepted");
    expect(lastTo("919876500002")).toMatchObject({ to: "919876500002", type: "document" });

    // No template configured: the refusal stands, with WhatsApp's reason.
    await withTemplate.stop();
    const plain = worker(peer.apiUrl);
    const refused = await queueMessage(
      db,
      statementMessage({ recipient: "98765 00001", placeholderValues: values }),
    );
    await plain.flush();
    const failed = await row(refused.id);
    expect(failed.status).toBe("failed");
    expect(failed.last_error).toContain("(#131047) Re-engagement message");
  });

  test("a document sent from its dialog keeps its values; a closed window sends it as the template", async () => {
    const answer = await context.app.inject({
      method: "POST",
      url: "/api/getpdf/transactionpdf",
      payload: {
        organisationId: books.organisationId,
        entryId: books.invoiceId,
        transactionType: "salesInvoice",
        format: "whatsapp",
        phone: "98765 00003",
        body: "Dear {customerName}, {documentType} {invoiceNumber}: {link}",
      },
      headers: as(owner),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().chatUrl).toBeUndefined();
    const queued = await db
      .selectFrom("outbox_messages")
      .selectAll()
      .where("recipient", "=", "98765 00003")
      .executeTakeFirstOrThrow();
    const values = JSON.parse(queued.placeholder_values ?? "{}");
    expect(values).toMatchObject({
      customerName: "Ravi Stores",
      documentType: "Tax Invoice",
      invoiceNumber: books.invoiceNumber,
      amount: "₹1,260.00",
    });
    expect(values.link).toMatch(/\/api\/d\/[\w-]{43}$/);

    peer.closeWindow("919876500003");
    const template = {
      name: "bahi_invoice",
      language: "en_US",
      params: ["customerName", "invoiceNumber", "link"],
    };
    const withTemplate = startOutboxWorker(
      db,
      createTransports({
        dataDir: context.dataDir,
        smtpUrl: undefined,
        mailFrom: "x@y.example",
        whatsapp: {
          token: PEER_TOKEN,
          phoneNumberId: PEER_PHONE_NUMBER_ID,
          apiUrl: peer.apiUrl,
          template,
        },
      }),
      context.app.log,
      FAST,
    );
    workers.push(withTemplate);
    await withTemplate.flush();
    expect((await row(queued.id)).status).toBe("sent");
    const sent = lastTo("919876500003") as {
      type: string;
      template: { components: { type: string; parameters: { text?: string }[] }[] };
    };
    expect(sent.type).toBe("template");
    expect(sent.template.components[1]?.parameters.map((parameter) => parameter.text)).toEqual([
      "Ravi Stores",
      books.invoiceNumber,
      values.link,
    ]);
    const text = await extractPdfText(peer.media.at(-1)?.bytes ?? Buffer.alloc(0));
    expect(text).toContain(books.invoiceNumber);
  });

  test("without credentials the message is handed to the user (click-to-chat) and kept in the outbox folder", async () => {
    const sender = worker(null);
    const { id } = await queueMessage(
      db,
      statementMessage({ text: "Invoice link: https://bahi.test/api/d/abc" }),
    );
    await sender.flush();
    const handed = await row(id);
    expect(handed.status).toBe("handed");
    expect(handed.delivered_via).toBe("click-to-chat");
    const dir = path.join(context.dataDir, "outbox", "whatsapp");
    const file = readdirSync(dir).find((name) => name.includes(id));
    expect(readFileSync(path.join(dir, file ?? ""), "utf8")).toBe(
      "To: 98765 43210\n\nInvoice link: https://bahi.test/api/d/abc\n",
    );
  });

  test("the status webhook: subscription check, signature, statuses only move forward (issue 37)", async () => {
    const sender = worker(peer.apiUrl);
    const { id } = await queueMessage(db, statementMessage());
    await sender.flush();
    const wamid = (await row(id)).provider_message_id ?? "";
    expect(wamid).toMatch(/^wamid\./);

    const subscribe = (token: string) =>
      context.app.inject({
        method: "GET",
        url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    expect((await subscribe("bahi-verify-1")).body).toBe("1158201444");
    expect((await subscribe("guess")).statusCode).toBe(403);

    const post = (statuses: unknown[], secret = APP_SECRET) => {
      const payload = JSON.stringify({
        object: "whatsapp_business_account",
        entry: [
          {
            id: "102290129340398",
            changes: [
              {
                field: "messages",
                value: {
                  messaging_product: "whatsapp",
                  metadata: {
                    display_phone_number: "15550783881",
                    phone_number_id: PEER_PHONE_NUMBER_ID,
                  },
                  statuses,
                },
              },
            ],
          },
        ],
      });
      const signature = createHmac("sha256", secret).update(payload).digest("hex");
      return context.app.inject({
        method: "POST",
        url: "/api/whatsapp/webhook",
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": `sha256=${signature}`,
        },
        payload,
      });
    };
    const forged = await post([{ id: wamid, status: "failed" }], "not-the-secret");
    expect(forged.statusCode).toBe(403);
    expect((await row(id)).status).toBe("sent");

    const delivered = await post([
      { id: wamid, status: "delivered", timestamp: "1750263773", recipient_id: "919876543210" },
    ]);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ success: true, updated: 1 });
    expect(await row(id)).toMatchObject({ status: "sent", provider_status: "delivered" });

    await post([
      {
        id: wamid,
        status: "failed",
        timestamp: "1750263800",
        recipient_id: "919876543210",
        errors: [
          {
            code: 131026,
            title: "Message undeliverable",
            error_data: { details: "The recipient is not on WhatsApp." },
          },
        ],
      },
    ]);
    // A failure after delivery (a replay, or out of order) does not stick (issue 37).
    expect(await row(id)).toMatchObject({ status: "sent", provider_status: "delivered" });

    // Statuses only move forward: read stands against a late "sent" or "delivered".
    const read = await post([{ id: wamid, status: "read", timestamp: "1750263900" }]);
    expect(read.json()).toEqual({ success: true, updated: 1 });
    const late = await post([
      { id: wamid, status: "sent", timestamp: "1750263700" },
      { id: wamid, status: "delivered", timestamp: "1750263773" },
      { id: wamid, status: "failed", timestamp: "1750263990" },
    ]);
    expect(late.json()).toEqual({ success: true, updated: 0 });
    expect(await row(id)).toMatchObject({ status: "sent", provider_status: "read" });

    // A message that fails before delivery is failed, and stays so.
    const second = await queueMessage(db, statementMessage());
    await sender.flush();
    const secondWamid = (await row(second.id)).provider_message_id ?? "";
    await post([{ id: secondWamid, status: "sent", timestamp: "1750264000" }]);
    await post([
      {
        id: secondWamid,
        status: "failed",
        timestamp: "1750264010",
        errors: [
          {
            code: 131026,
            title: "Message undeliverable",
            error_data: { details: "The recipient is not on WhatsApp." },
          },
        ],
      },
    ]);
    const failed = await row(second.id);
    expect(failed.status).toBe("failed");
    expect(failed.provider_status).toBe("failed");
    expect(failed.last_error).toBe(
      "WhatsApp (code 131026): Message undeliverable — The recipient is not on WhatsApp.",
    );
    const afterFailure = await post([{ id: secondWamid, status: "delivered" }]);
    expect(afterFailure.json()).toEqual({ success: true, updated: 0 });
    expect((await row(second.id)).provider_status).toBe("failed");
  });
});
