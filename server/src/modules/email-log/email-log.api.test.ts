import type { InjectOptions } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as } from "../../../test/books.ts";
import { addMember, createOrganisation, type Person } from "../../../test/people.ts";
import { makeSendingBooks, type SendingBooks } from "../../../test/sending.ts";
import { type SmtpPeer, startSmtpPeer } from "../../../test/smtp-peer.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import type { Database } from "../../db/schema.ts";
import { queueMessage } from "../messaging/outbox.ts";
import { EMAIL_LOG_MESSAGES } from "./email-log.service.ts";

// The email log and Resend (issue 22), with mail delivered to a real SMTP server by the app's worker.

let context: TestContext;
let db: Kysely<Database>;
let smtp: SmtpPeer;
let owner: Person;
let clerk: Person;
let viewer: Person;
let stranger: Person;
let books: SendingBooks;
let strangerOrg: string;
const ids: Record<string, string> = {};

const inject = (options: InjectOptions) => context.app.inject(options);

async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await context.app.outbox.flush();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  context = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  db = context.testDatabase.database.db;
  // Sign-up codes travel through the same SMTP server: read them from there.
  const originalReceived = smtp.received;
  owner = await signUpWithSmtp();
  clerk = await signUpWithSmtp();
  viewer = await signUpWithSmtp();
  stranger = await signUpWithSmtp();
  books = await makeSendingBooks(context, owner);
  ({ organisationId: strangerOrg } = await createOrganisation(context, stranger.cookies));
  await addMember(context, owner, books.organisationId, clerk, "accountant");
  await addMember(context, owner, books.organisationId, viewer, "viewer");
  await until(async () =>
    [clerk.email, viewer.email].every((email) =>
      smtp.received.some(
        (mail) => mail.envelopeTo.includes(email) && /invited you/.test(mail.parsed.subject ?? ""),
      ),
    ),
  );
  originalReceived.splice(0);

  const invoice = {
    entryId: books.invoiceId,
    transactionType: "salesInvoice",
    number: books.invoiceNumber,
  };
  smtp.refuseNext({ code: 550, message: "5.1.1 No such user here" });
  ids.bounced = (
    await queueMessage(db, {
      channel: "email",
      organisationId: books.organisationId,
      recipient: "nobody@ravi.example",
      subject: `Invoice ${books.invoiceNumber}`,
      text: "Please find the invoice attached.",
      documents: [invoice],
      sentBy: owner.userId,
    })
  ).id;
  await context.app.outbox.flush();
  ids.byOwner = (
    await queueMessage(db, {
      channel: "email",
      organisationId: books.organisationId,
      recipient: "accounts@ravi.example",
      subject: `Invoice ${books.invoiceNumber} from Gupta Traders`,
      text: "Please find the invoice attached.",
      attachments: [
        {
          fileName: "invoice.pdf",
          contentType: "application/pdf",
          content: Buffer.from("%PDF-1.4 test"),
        },
      ],
      documents: [invoice],
      accountId: books.customerId,
      sentBy: owner.userId,
    })
  ).id;
  await context.app.outbox.flush();
  ids.byClerk = (
    await queueMessage(db, {
      channel: "email",
      organisationId: books.organisationId,
      recipient: "mehta@supplies.example",
      subject: "Statement of account",
      text: "Your statement.",
      documents: [{ entryId: books.customerId, transactionType: "ledger", number: "STMT-Q2" }],
      sentBy: clerk.userId,
    })
  ).id;
  ids.stranger = (
    await queueMessage(db, {
      channel: "email",
      organisationId: strangerOrg,
      recipient: "secret@other.example",
      subject: "Other organisation's invoice",
      text: "Not yours.",
      sentBy: stranger.userId,
    })
  ).id;
  await until(async () => smtp.received.length >= 3);
});
afterAll(async () => {
  await context.close();
  await smtp.close();
});

let people = 0;
async function signUpWithSmtp(): Promise<Person> {
  people += 1;
  const email = `log-person-${process.pid}-${people}@example.in`;
  const mobile = `98${String(process.pid).padStart(6, "0").slice(-6)}${people}0`.slice(0, 10);
  const signUp = await inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: {
      name: `Log Person ${people}`,
      email,
      password: "correct horse 42",
      mobileNumber: mobile,
    },
  });
  expect(signUp.statusCode, signUp.body).toBe(200);
  await until(async () => smtp.received.some((mail) => mail.envelopeTo.includes(email)));
  const mail = smtp.received.filter((one) => one.envelopeTo.includes(email)).at(-1);
  const otp = /code is (\d{6})/.exec(mail?.parsed.text ?? "")?.[1];
  const verify = await inject({
    method: "POST",
    url: "/api/auth/verify/signup/otp",
    payload: { userId: signUp.json().userId, otp },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  const cookies = verify.cookies
    .filter((cookie) => cookie.value !== "")
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
  return { userId: verify.json().user._id, name: `Log Person ${people}`, email, cookies };
}

function logUrl(query: Record<string, string | number>) {
  const params = new URLSearchParams({ organisationId: books.organisationId });
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return `/api/emailreports/getEmailLogs?${params}`;
}

async function readLog(person: Person, query: Record<string, string | number> = {}) {
  const response = await inject({ method: "GET", url: logUrl(query), headers: as(person) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    emailLogs: {
      _id: string;
      to: string;
      status: string;
      reason: string | null;
      subject: string;
    }[];
    count: number;
  };
}

describe("GET /emailreports/getEmailLogs", () => {
  test("lists every message of the organisation, newest first, with its status and reason", async () => {
    await until(async () =>
      (await readLog(owner)).emailLogs.every((row) => row.status !== "queued"),
    );
    const log = await readLog(owner);
    // The two invitations (clerk, viewer) are the organisation's messages too.
    expect(log.count).toBe(5);
    expect(log.emailLogs.slice(0, 3).map((row) => row._id)).toEqual([
      ids.byClerk,
      ids.byOwner,
      ids.bounced,
    ]);
    expect(log.emailLogs.slice(3).map((row) => [row.to, row.status])).toEqual([
      [viewer.email, "sent"],
      [clerk.email, "sent"],
    ]);
    expect(log.emailLogs[3]?.subject).toContain("invited you to Gupta Traders");
    const [statement, sent, bounced] = log.emailLogs;
    expect(sent).toMatchObject({
      to: "accounts@ravi.example",
      subject: `Invoice ${books.invoiceNumber} from Gupta Traders`,
      status: "sent",
      reason: null,
      documents: [
        { entryId: books.invoiceId, transactionType: "salesInvoice", number: books.invoiceNumber },
      ],
      accountId: books.customerId,
      sentBy: owner.userId,
      sentByName: owner.name,
      deliveredVia: "smtp",
    });
    expect(statement).toMatchObject({
      to: "mehta@supplies.example",
      status: "sent",
      sentByName: clerk.name,
    });
    expect(bounced?.status).toBe("failed");
    expect(bounced?.reason).toContain("550 5.1.1 No such user here");
    expect(JSON.stringify(log)).not.toContain("secret@other.example");
  });

  test("pages, searches and filters by date", async () => {
    const page = await readLog(owner, { skip: 1, limit: 1 });
    expect(page.count).toBe(5);
    expect(page.emailLogs.map((row) => row._id)).toEqual([ids.byOwner]);
    expect((await readLog(owner, { searchText: "RAVI.EXAMPLE" })).count).toBe(2);
    expect((await readLog(owner, { searchText: `Invoice ${books.invoiceNumber}` })).count).toBe(2);
    const byNumber = await readLog(owner, { searchText: "stmt-q2" });
    expect(byNumber.emailLogs.map((row) => row._id)).toEqual([ids.byClerk]);
    expect((await readLog(owner, { searchText: "no such user" })).count).toBe(1);
    expect((await readLog(owner, { searchText: "100%_" })).count).toBe(0);
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect((await readLog(owner, { dateFrom: today, dateTo: today })).count).toBe(5);
    expect((await readLog(owner, { dateFrom: "2099-01-01" })).count).toBe(0);
    expect((await readLog(owner, { dateTo: "2024-01-01" })).count).toBe(0);
    const backwards = await inject({
      method: "GET",
      url: logUrl({ dateFrom: "2025-05-10", dateTo: "2025-05-01" }),
      headers: as(owner),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe("From date must be on or before To date.");
  });

  test("another organisation is refused; an accountant sees only what they sent", async () => {
    const refused = await inject({ method: "GET", url: logUrl({}), headers: as(stranger) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("You do not have access to this organisation.");
    const mine = await readLog(clerk);
    expect(mine.emailLogs.map((row) => row._id)).toEqual([ids.byClerk]);
    expect((await readLog(viewer)).count).toBe(5);
  });
});

describe("POST /emailreports/resend", () => {
  const resend = (
    person: Person,
    messageId: string,
    requestId: string,
    organisationId = books.organisationId,
  ) =>
    inject({
      method: "POST",
      url: "/api/emailreports/resend",
      headers: as(person),
      payload: { organisationId, messageId, requestId },
    });

  test("sends the message again once per click, attachment and all", async () => {
    const before = smtp.received.filter((mail) =>
      mail.envelopeTo.includes("accounts@ravi.example"),
    ).length;
    const first = await resend(owner, ids.byOwner ?? "", "click-0001");
    const repeated = await resend(owner, ids.byOwner ?? "", "click-0001");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, created: true });
    expect(repeated.json()).toEqual({ ...first.json(), created: false });
    const messageId = first.json().messageId as string;
    await until(async () =>
      (await readLog(owner)).emailLogs.some(
        (row) => row._id === messageId && row.status === "sent",
      ),
    );
    const copies = smtp.received.filter((mail) =>
      mail.envelopeTo.includes("accounts@ravi.example"),
    );
    expect(copies.length).toBe(before + 1);
    const copy = copies.at(-1)?.parsed;
    expect(copy?.subject).toBe(`Invoice ${books.invoiceNumber} from Gupta Traders`);
    expect(copy?.attachments[0]?.filename).toBe("invoice.pdf");
    expect(copy?.attachments[0]?.content.toString()).toBe("%PDF-1.4 test");
    const row = (await readLog(owner)).emailLogs.find((one) => one._id === messageId);
    expect(row).toMatchObject({ resentFrom: ids.byOwner, sentBy: owner.userId });

    const failedAgain = await resend(owner, ids.bounced ?? "", "click-0002");
    expect(failedAgain.statusCode).toBe(200);
  });

  test("refuses other organisations, viewers, and an accountant resending someone else's mail", async () => {
    expect((await resend(stranger, ids.byOwner ?? "", "click-0003")).statusCode).toBe(403);
    const notHere = await resend(stranger, ids.byOwner ?? "", "click-0004", strangerOrg);
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().message).toBe(EMAIL_LOG_MESSAGES.notFound);
    expect((await resend(viewer, ids.byOwner ?? "", "click-0005")).statusCode).toBe(403);
    expect((await resend(clerk, ids.byOwner ?? "", "click-0006")).statusCode).toBe(403);
    expect((await resend(clerk, ids.byClerk ?? "", "click-0007")).statusCode).toBe(200);
    const badClick = await resend(owner, ids.byOwner ?? "", "x");
    expect(badClick.statusCode).toBe(400);
  });
});
