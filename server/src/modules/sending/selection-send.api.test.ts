import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { insertAccount, insertItem } from "../../../test/books.ts";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { addInvoice, makeSendingBooks, type SendingBooks } from "../../../test/sending.ts";
import { createTestApp, readOutboxMail, type TestContext } from "../../../test/test-app.ts";
import { ok, refused } from "../accounts/masters.test-kit.ts";
import { stopDocumentRenderer } from "../documents/print-renderer.ts";

// Issue 40: send from a list's selection (each document to its own party's email, a summary of
// sent and skipped), mail in the organisation's name with Reply-To its email, saved templates
// used without a switch, and WhatsApp's click-to-chat said for what it is.

let context: TestContext;
let owner: Person;
let viewer: Person;
let stranger: Person;
let books: SendingBooks;
let org: string;
let mehtaInvoice: string;
let walkInInvoice: string;
let secondRavi: string;

async function setEmail(accountId: string, email: string) {
  await context.testDatabase.database.db
    .updateTable("accounts")
    .set({ email })
    .where("id", "=", accountId)
    .execute();
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  viewer = await signUpPerson(context);
  stranger = await signUpPerson(context);
  books = await makeSendingBooks(context, owner);
  org = books.organisationId;
  await createOrganisation(context, stranger.cookies);
  await addMember(context, owner, org, viewer, "viewer");
  const mehta = await insertAccount(context, org, { name: "Mehta Stores", nature: "Debtors" });
  const walkIn = await insertAccount(context, org, { name: "Walk-in", nature: "Debtors" });
  await setEmail(books.customerId, "ravi@example.in");
  await setEmail(mehta, "mehta@example.in");
  const rice = await insertItem(context, org, { name: "Rice", gstRate: 5 });
  secondRavi = (await addInvoice(context, owner, org, books.customerId, rice)).entryId;
  mehtaInvoice = (await addInvoice(context, owner, org, mehta, rice)).entryId;
  walkInInvoice = (await addInvoice(context, owner, org, walkIn, rice)).entryId;
  await ok(context, owner, {
    method: "POST",
    url: "/api/settings/organisation",
    payload: { organisationId: org, email: "accounts@guptatraders.in" },
  });
});
afterAll(async () => {
  await stopDocumentRenderer();
  await context.close();
});

const selection = (entryIds: string[], requestId = crypto.randomUUID()) => ({
  method: "POST" as const,
  url: "/api/multipledocs/sendselectedemail",
  payload: {
    organisationId: org,
    requestId,
    documents: entryIds.map((entryId) => ({ entryId, transactionType: "salesInvoice" })),
  },
});

describe("POST /multipledocs/sendselectedemail", () => {
  test("each invoice to its party's email with its PDF; the one without an email is skipped", async () => {
    // A saved template for sales invoices is used at once: no "Use templates" switch.
    await ok(context, owner, {
      method: "POST",
      url: "/api/settings/emailtemplate",
      payload: {
        organisationId: org,
        name: "Bill",
        type: "salesInvoice",
        subject: "Bill {invoiceNumber} from {organisationName}",
        template: "Dear {customerName}, please find {documentType} {invoiceNumber} attached.",
      },
    });
    const before = (await readOutboxMail(context)).length;
    const request = selection([books.invoiceId, secondRavi, mehtaInvoice, walkInInvoice]);
    const answer = await ok(context, owner, request);
    expect(answer).toMatchObject({
      success: true,
      message: "3 emails sent; 1 skipped without an email address.",
      sent: 3,
      skipped: 1,
      failed: 0,
    });
    expect(
      answer.results.map((row: { partyName: string; email: string; status: string }) => [
        row.partyName,
        row.email,
        row.status,
      ]),
    ).toEqual([
      ["Ravi Stores", "ravi@example.in", "queued"],
      ["Ravi Stores", "ravi@example.in", "queued"],
      ["Mehta Stores", "mehta@example.in", "queued"],
      ["Walk-in", "", "skipped"],
    ]);
    const mails = (await readOutboxMail(context)).slice(before);
    expect(mails).toHaveLength(3);
    expect(mails.filter((mail) => mail.includes("To: ravi@example.in"))).toHaveLength(2);
    const mehta = mails.find((mail) => mail.includes("To: mehta@example.in")) ?? "";
    expect(mehta).toMatch(/Subject: Bill \S+ from Gupta Traders/);
    expect(mehta).toContain("application/pdf");
    // From in the organisation's name at the server's address (MAIL_FROM); replies to the organisation.
    expect(mehta).toMatch(/^From: "?Gupta Traders"? <no-reply@bahi\.test>$/m);
    expect(mehta).toContain("Reply-To: accounts@guptatraders.in");

    // The same request again (a double click) queues nothing more.
    await ok(context, owner, request);
    expect((await readOutboxMail(context)).length).toBe(before + 3);
  });

  test("bad input is a 400; another organisation and a member without the send right send nothing", async () => {
    const empty = await refused(context, owner, selection([]), 400);
    expect(empty.message).toBe("Choose the documents to send.");
    const tooMany = await refused(
      context,
      owner,
      selection(Array.from({ length: 51 }, () => books.invoiceId)),
      400,
    );
    expect(tooMany.message).toBe("At most 50 documents can be sent at once.");
    const before = (await readOutboxMail(context)).length;
    await refused(context, stranger, selection([books.invoiceId]), 403);
    const viewed = await ok(context, viewer, selection([books.invoiceId]));
    expect(viewed).toMatchObject({ success: false, sent: 0, failed: 1 });
    expect((await readOutboxMail(context)).length).toBe(before);
  });
});

describe("one document's mail and WhatsApp (issue 40)", () => {
  test("a single send goes in the organisation's name with Reply-To its email", async () => {
    const before = (await readOutboxMail(context)).length;
    await ok(context, owner, {
      method: "POST",
      url: "/api/getpdf/transactionpdf",
      payload: {
        organisationId: org,
        entryId: books.invoiceId,
        transactionType: "salesInvoice",
        format: "email",
        address: "someone@example.in",
        subject: "Invoice",
        body: "Attached.",
      },
    });
    const [mail] = (await readOutboxMail(context)).slice(before);
    expect(mail).toMatch(/^From: "?Gupta Traders"? <no-reply@bahi\.test>$/m);
    expect(mail).toContain("Reply-To: accounts@guptatraders.in");
  });

  test("click-to-chat says WhatsApp opened, not that a message was sent", async () => {
    const answer = await ok(context, owner, {
      method: "POST",
      url: "/api/getpdf/transactionpdf",
      payload: {
        organisationId: org,
        entryId: books.invoiceId,
        transactionType: "salesInvoice",
        format: "whatsapp",
        phone: "9876543210",
        body: "Hi {customerName}",
      },
    });
    expect(answer.message).toBe("WhatsApp opened with the message — press Send there");
    expect(answer.chatUrl).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
  });
});
