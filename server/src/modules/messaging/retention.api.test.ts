import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as } from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import type { Database } from "../../db/schema.ts";
import { DAY } from "../../lib/clock.ts";
import { type NewMessage, type OutboxWorker, queueMessage, startOutboxWorker } from "./outbox.ts";
import { createTransports } from "./transports.ts";

// The outbox retention (decision 083), run by the outbox worker on a clock the test moves: the
// files of finished messages go after the retention, the rows stay for the email log, pending
// messages keep theirs, and the worker looks at most once per sweep interval.

const RETENTION_DAYS = 30;
const HOUR = 60 * 60_000;

let context: TestContext;
let db: Kysely<Database>;
let owner: Person;
let organisationId: string;
let worker: OutboxWorker;
let clock = Date.now();

beforeAll(async () => {
  context = await createTestApp();
  db = context.testDatabase.database.db;
  owner = await signUpPerson(context);
  organisationId = (await createOrganisation(context, owner.cookies)).organisationId;
  // This test's worker is the only one: it reads the test's clock.
  await context.app.outbox.stop();
  worker = startOutboxWorker(
    db,
    createTransports({ dataDir: context.dataDir, smtpUrl: undefined, mailFrom: "a@b.example" }),
    context.app.log,
    { retentionMs: RETENTION_DAYS * DAY, sweepEveryMs: HOUR, pollMs: 60_000, now: () => clock },
  );
});
afterAll(async () => {
  await worker.stop();
  await context.close();
});

let counter = 0;
function mail(overrides: Partial<NewMessage> = {}): NewMessage {
  counter += 1;
  return {
    channel: "email",
    organisationId,
    recipient: `party${counter}@retention.example`,
    subject: "Invoice 7",
    text: "Please find the invoice attached.",
    html: "<p>Please find the invoice attached.</p>",
    attachments: [
      {
        fileName: "Invoice-7.pdf",
        contentType: "application/pdf",
        content: Buffer.from("%PDF-1.7"),
      },
    ],
    sentBy: owner.userId,
    ...overrides,
  };
}

const row = (id: string) =>
  db.selectFrom("outbox_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("outbox retention", () => {
  test("files of finished messages go after the retention; rows, texts and pending files stay", async () => {
    const queuedAt = Date.now();
    const sent = (await queueMessage(db, mail())).id;
    const handed = (
      await queueMessage(db, {
        channel: "whatsapp",
        organisationId,
        recipient: "9876543210",
        text: "Your bill: https://bahi.test/api/d/x",
        sentBy: owner.userId,
      })
    ).id;
    clock = queuedAt;
    await worker.flush();
    expect((await row(sent)).status).toBe("sent");
    expect((await row(handed)).status).toBe("handed");
    // Queued now and never due: a pending message keeps its files, however old.
    const pending = (await queueMessage(db, mail())).id;
    await db
      .updateTable("outbox_messages")
      .set({ next_attempt_at: "9999-01-01T00:00:00.000Z" })
      .where("id", "=", pending)
      .execute();

    // A day short of the retention: everything is kept.
    clock = queuedAt + (RETENTION_DAYS - 1) * DAY;
    await worker.flush();
    expect((await row(sent)).attachments).not.toBeNull();
    expect((await row(sent)).files_dropped_at).toBeNull();

    // Past it: the sent mail loses its PDF and HTML part, keeps its row and text.
    clock = queuedAt + (RETENTION_DAYS + 1) * DAY;
    await worker.flush();
    const old = await row(sent);
    expect(old).toMatchObject({
      status: "sent",
      attachments: null,
      body_html: null,
      body_text: "Please find the invoice attached.",
      files_dropped_at: new Date(clock).toISOString(),
    });
    // Nothing to drop in a click-to-chat message: it says no files went.
    expect((await row(handed)).files_dropped_at).toBeNull();
    const stillPending = await row(pending);
    expect(stillPending.status).toBe("pending");
    expect(stillPending.attachments).not.toBeNull();

    // The email log keeps listing it, says its files went, and will not resend it without them.
    const log = await context.app.inject({
      method: "GET",
      url: `/api/emailreports/getEmailLogs?organisationId=${organisationId}&limit=100`,
      headers: as(owner),
    });
    const entry = log.json().emailLogs.find((item: { _id: string }) => item._id === sent);
    expect(entry).toMatchObject({ status: "sent", filesDroppedAt: old.files_dropped_at });
    const resend = await context.app.inject({
      method: "POST",
      url: "/api/emailreports/resend",
      headers: as(owner),
      payload: { organisationId, messageId: sent, requestId: "retention-1" },
    });
    expect(resend.statusCode).toBe(400);
    expect(resend.json().message).toBe(
      "The files of this message are no longer kept. Send the document again from its own page.",
    );
  });

  test("the worker looks again only after the sweep interval", async () => {
    // The last sweep ran at the clock the test before left; this message is already old by it.
    const lastSweep = clock;
    const later = (await queueMessage(db, mail())).id;
    clock = lastSweep + HOUR / 2;
    await worker.flush();
    const sent = await row(later);
    expect(sent.status).toBe("sent");
    expect(sent.attachments).not.toBeNull();
    clock = lastSweep + HOUR + 1;
    await worker.flush();
    expect((await row(later)).attachments).toBeNull();
  });
});
