import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, insertAccount, insertItem } from "../../../test/books.ts";
import { extractPdfText } from "../../../test/pdf.ts";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { addInvoice, makeSendingBooks, type SendingBooks } from "../../../test/sending.ts";
import { createTestApp, readOutboxMail, type TestContext } from "../../../test/test-app.ts";
import { ok, refused } from "../accounts/masters.test-kit.ts";
import { stopDocumentRenderer } from "../documents/print-renderer.ts";

let context: TestContext;
let owner: Person;
let accountant: Person;
let stranger: Person;
let books: SendingBooks;
let org: string;
let bank: string;
let mehta: string;
let secondInvoice: string;
let mehtaInvoice: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  accountant = await signUpPerson(context);
  stranger = await signUpPerson(context);
  books = await makeSendingBooks(context, owner);
  org = books.organisationId;
  await createOrganisation(context, stranger.cookies);
  // An accountant who may see receipts only: no sales invoices.
  await addMember(context, owner, org, accountant, "accountant", [
    { transactionType: "receipts", view: true, add: true },
  ]);
  bank = await insertAccount(context, org, { name: "HDFC Bank", nature: "Bank" });
  mehta = await insertAccount(context, org, { name: "Mehta Stores", nature: "Debtors" });
  const rice = await insertItem(context, org, { name: "Rice", gstRate: 5 });
  secondInvoice = (await addInvoice(context, owner, org, books.customerId, rice)).entryId;
  mehtaInvoice = (await addInvoice(context, owner, org, mehta, rice)).entryId;
});
afterAll(async () => {
  await stopDocumentRenderer();
  await context.close();
});

interface Part {
  headers: string;
  body: Buffer;
}

/** The parts of a mail the file outbox wrote: headers and decoded bodies (multipart, one level deep or two). */
function partsOf(raw: string): Part[] {
  const parts: Part[] = [];
  const walk = (text: string) => {
    const split = text.indexOf("\n\n");
    const headers = text.slice(0, split);
    const body = text.slice(split + 2);
    const boundary = /boundary="?([^"\n;]+)"?/i.exec(headers)?.[1];
    if (/content-type:\s*multipart/i.test(headers) && boundary) {
      for (const piece of body.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith("--")) break;
        walk(piece.replace(/^\n/, ""));
      }
      return;
    }
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    const decoded =
      encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64")
        : encoding === "quoted-printable"
          ? Buffer.from(
              body
                .replace(/=\n/g, "")
                .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
                .split(/(%[0-9A-F]{2}(?:%[0-9A-F]{2})*)/i)
                .map((chunk) => (chunk.startsWith("%") ? decodeURIComponent(chunk) : chunk))
                .join(""),
              "utf8",
            )
          : Buffer.from(body, "utf8");
    parts.push({ headers, body: decoded });
  };
  walk(raw.replace(/\r\n/g, "\n"));
  return parts;
}

async function mailTo(address: string) {
  const mails = (await readOutboxMail(context)).filter((mail) => mail.includes(`To: ${address}`));
  const raw = mails.at(-1);
  if (!raw) throw new Error(`no mail to ${address}`);
  const parts = partsOf(raw);
  return {
    raw,
    subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? "",
    text: parts.find((part) => /text\/plain/i.test(part.headers))?.body.toString("utf8") ?? "",
    pdfs: parts.filter((part) => /application\/pdf/i.test(part.headers)),
    count: mails.length,
  };
}

/** Sending one document is the POST of getpdf/transactionpdf (issue 37: no GET sends). */
const pdfSend = (entryId: string, extra: Record<string, string>) => ({
  method: "POST" as const,
  url: "/api/getpdf/transactionpdf",
  payload: { organisationId: org, entryId, transactionType: "salesInvoice", ...extra },
});

/** Sending a statement is the POST of ledger/getLedger, its fields those of the old query. */
const ledgerSend = (query: string) => ({
  method: "POST" as const,
  url: "/api/ledger/getLedger",
  payload: Object.fromEntries(new URLSearchParams(query)),
});

describe("the contact check (spec 4)", () => {
  test("a debtor without an email, then with one saved", async () => {
    const url = `/api/getpdf/getemail?organisationId=${org}&entryId=${books.invoiceId}&type=salesInvoice`;
    expect(await ok(context, owner, { method: "GET", url })).toEqual({
      success: true,
      accountNature: "Debtors",
      accountName: "Ravi Stores",
      accountId: books.customerId,
      email: "",
    });
    const saved = await ok(context, owner, {
      method: "PATCH",
      url: "/api/account/addemail",
      payload: { organisationId: org, accountId: books.customerId, email: "ravi@example.in" },
    });
    expect(saved.message).toBe("Email address saved successfully");
    expect((await ok(context, owner, { method: "GET", url })).email).toBe("ravi@example.in");
    const phone = await ok(context, owner, {
      method: "GET",
      url: `/api/getpdf/getphone?organisationId=${org}&entryId=${books.invoiceId}&type=salesInvoice`,
    });
    expect(phone).toMatchObject({ accountNature: "Debtors", phone: "" });
  });

  test("ledgers: only debtors and creditors, with the spec's refusals", async () => {
    const email = await refused(
      context,
      owner,
      { method: "GET", url: `/api/ledger/getEmail?organisationId=${org}&accountId=${bank}` },
      400,
    );
    expect(email.message).toBe("Email can only be sent for Debtor or Creditor accounts");
    const phone = await refused(
      context,
      owner,
      { method: "GET", url: `/api/ledger/getPhone?organisationId=${org}&accountId=${bank}` },
      400,
    );
    expect(phone.message).toBe("WhatsApp can only be sent for Debtor or Creditor accounts");
    const party = await ok(context, owner, {
      method: "GET",
      url: `/api/ledger/getEmail?organisationId=${org}&accountId=${books.customerId}`,
    });
    expect(party).toMatchObject({ accountName: "Ravi Stores", email: "ravi@example.in" });
  });
});

describe("templates prefilled for a document", () => {
  test("the standard template until the type has a saved one, then the organisation's own at once (issue 40)", async () => {
    const url = `/api/getpdf/getemailtemplate?organisationId=${org}&entryId=${books.invoiceId}&type=salesInvoice`;
    const standard = await ok(context, owner, { method: "GET", url });
    expect(standard.templates).toEqual([
      {
        _id: null,
        name: "Standard",
        subject: `Tax Invoice ${books.invoiceNumber} from Gupta Traders`,
        template: `Dear Ravi Stores,\n\nPlease find attached Tax Invoice ${books.invoiceNumber} dated 10 May 2025 for ₹1,260.00.\n\nRegards,\nGupta Traders`,
      },
    ]);

    await ok(context, owner, {
      method: "POST",
      url: "/api/settings/emailtemplate",
      payload: {
        organisationId: org,
        name: "Reminder",
        type: "salesInvoice",
        subject: "Reminder: {invoiceNumber}",
        template: "{customerName}, {pendingAmount} is due. PDF: {link}",
      },
    });
    // No hidden switch: saved, it is what the dialog starts from, whatever useTemplates says.
    await ok(context, owner, {
      method: "POST",
      url: "/api/settings/organisation",
      payload: { organisationId: org, useTemplates: false },
    });
    const own = await ok(context, owner, { method: "GET", url });
    expect(own.templates).toEqual([
      {
        _id: expect.any(String),
        name: "Reminder",
        subject: `Reminder: ${books.invoiceNumber}`,
        template: "Ravi Stores, ₹1,260.00 is due. PDF: {link}",
      },
    ]);
    const whatsapp = await ok(context, owner, {
      method: "GET",
      url: `/api/getpdf/getwhatsapptemplate?organisationId=${org}&entryId=${books.invoiceId}&type=salesInvoice`,
    });
    expect(whatsapp.templates[0]).not.toHaveProperty("subject");
    expect(whatsapp.templates[0].template).toContain(`Tax Invoice ${books.invoiceNumber}`);
  });
});

describe("sending one document", () => {
  test("email: every field needed, then the mail carries the filled text, a link and the PDF", async () => {
    const missing = await refused(
      context,
      owner,
      {
        ...pdfSend(books.invoiceId, { format: "email", address: "ravi@example.in", body: "x" }),
      },
      400,
    );
    expect(missing.message).toBe("Please fill in all fields");
    const bad = await refused(
      context,
      owner,
      {
        ...pdfSend(books.invoiceId, {
          format: "email",
          address: "ravi@",
          subject: "s",
          body: "b",
        }),
      },
      400,
    );
    expect(bad.message).toBe("Please enter a valid email address");

    const sent = await ok(context, owner, {
      ...pdfSend(books.invoiceId, {
        format: "email",
        address: "accounts@ravi.example.in",
        subject: "Invoice {invoiceNumber}",
        body: "Dear {customerName}, {amount} due {dueDate}. Open it at {link}",
        noOfCopies: "2",
      }),
    });
    expect(sent).toEqual({ success: true, message: "Email sent successfully" });
    const mail = await mailTo("accounts@ravi.example.in");
    expect(mail.subject).toBe(`Invoice ${books.invoiceNumber}`);
    expect(mail.text).toMatch(
      /^Dear Ravi Stores, ₹1,260\.00 due \. Open it at http\S+\/api\/d\/[\w-]{43}/,
    );
    expect(mail.pdfs).toHaveLength(1);
    const text = await extractPdfText(new Uint8Array(mail.pdfs[0]?.body ?? Buffer.alloc(0)));
    expect(text).toContain(books.invoiceNumber);
    expect(text).toContain("DUPLICATE");
    // The email log shows which document went to whom, and who sent it.
    const log = await ok(context, owner, {
      method: "GET",
      url: `/api/emailreports/getEmailLogs?organisationId=${org}&searchText=accounts%40ravi`,
    });
    expect(log.emailLogs[0]).toMatchObject({
      to: "accounts@ravi.example.in",
      documents: [
        { entryId: books.invoiceId, transactionType: "salesInvoice", number: books.invoiceNumber },
      ],
      accountId: books.customerId,
      sentBy: owner.userId,
    });
    // The link opens the same document without signing in.
    const link = /\/api\/d\/[\w-]{43}/.exec(mail.text)?.[0] ?? "";
    const opened = await context.app.inject({ method: "GET", url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["content-type"]).toBe("application/pdf");
  });

  test("WhatsApp without a Business account: click-to-chat with 91 and the link in the body", async () => {
    const missing = await refused(
      context,
      owner,
      {
        ...pdfSend(books.invoiceId, { format: "whatsapp", phone: "9876543210" }),
      },
      400,
    );
    expect(missing.message).toBe("Please fill in all fields");
    const sent = await ok(context, owner, {
      ...pdfSend(books.invoiceId, {
        format: "whatsapp",
        phone: "98765 43210",
        body: "Hi {customerName}, {documentType} {invoiceNumber}",
      }),
    });
    // Issue 40: wa.me only opens WhatsApp; the person sends it there.
    expect(sent.message).toBe("WhatsApp opened with the message — press Send there");
    const url = new URL(sent.chatUrl);
    expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/919876543210");
    const text = url.searchParams.get("text") ?? "";
    expect(text).toMatch(
      new RegExp(
        `^Hi Ravi Stores, Tax Invoice ${books.invoiceNumber}\\nhttp\\S+/api/d/[\\w-]{43}$`,
      ),
    );
  });

  test("rights and tenants: no right to the type, or another organisation, is refused", async () => {
    const send = {
      ...pdfSend(books.invoiceId, {
        format: "email",
        address: "x@example.in",
        subject: "s",
        body: "b",
      }),
    };
    const before = (await readOutboxMail(context)).length;
    expect((await refused(context, accountant, send, 403)).message).toBe(
      "You do not have the right to do this in this organisation.",
    );
    await refused(context, stranger, send, 403);
    await refused(
      context,
      stranger,
      {
        method: "GET",
        url: `/api/getpdf/getemail?organisationId=${org}&entryId=${books.invoiceId}&type=salesInvoice`,
      },
      403,
    );
    await refused(
      context,
      accountant,
      {
        method: "GET",
        url: `/api/getpdf/getemailtemplate?organisationId=${org}&entryId=${books.invoiceId}&type=salesInvoice`,
      },
      403,
    );
    expect((await readOutboxMail(context)).length).toBe(before);
  });

  test("sending is a right of its own: a viewer and an accountant without send are refused (issue 37)", async () => {
    const viewer = await signUpPerson(context);
    const noSend = await signUpPerson(context);
    const legacy = await signUpPerson(context);
    await addMember(context, owner, org, viewer, "viewer", []);
    // May see, add and edit sales invoices and see accounts, but not send.
    await addMember(context, owner, org, noSend, "accountant", [
      { transactionType: "salesInvoice", view: true, add: true, edit: true, send: false },
      { transactionType: "account", view: true, send: false },
    ]);
    // Rights given without send (as before it existed): send follows edit (decision 220).
    await addMember(context, owner, org, legacy, "accountant", [
      { transactionType: "salesInvoice", view: true, edit: true },
    ]);
    const mail = {
      format: "email",
      address: "outsider@example.in",
      subject: "s",
      body: "b {link}",
    };
    const before = (await readOutboxMail(context)).length;
    const linksBefore = await context.testDatabase.database.db
      .selectFrom("document_links")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    for (const person of [viewer, noSend]) {
      await refused(context, person, pdfSend(books.invoiceId, mail), 403);
      await refused(
        context,
        person,
        ledgerSend(
          `organisationId=${org}&accountId=${books.customerId}&startDate=2025-04-01&endDate=2026-03-31&format=email&address=outsider%40example.in&subject=s&body=b`,
        ),
        403,
      );
      // Bulk: each document answers for itself; none may be sent.
      const bulk = await ok(context, person, {
        method: "POST",
        url: "/api/multipledocs/sendbulkemail",
        payload: {
          organisationId: org,
          accountId: books.customerId,
          email: "outsider@example.in",
          documents: [{ entryId: books.invoiceId, transactionType: "salesInvoice" }],
        },
      });
      expect(bulk.success).toBe(false);
      expect(bulk.message).toBe("You do not have the right to do this in this organisation.");
    }
    expect((await readOutboxMail(context)).length).toBe(before);
    const linksAfter = await context.testDatabase.database.db
      .selectFrom("document_links")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(linksAfter.n)).toBe(Number(linksBefore.n));

    const rights = await ok(context, legacy, {
      method: "GET",
      url: `/api/user/rights?organisationId=${org}`,
    });
    expect(
      rights.rights.find(
        (line: { transactionType: string }) => line.transactionType === "salesInvoice",
      ).send,
    ).toBe(true);
    await ok(context, legacy, pdfSend(books.invoiceId, { ...mail, body: "b" }));
  });
});

/** The email log's rows of one recipient, once the worker has run (newest first). */
async function logOf(recipient: string) {
  await context.app.outbox.flush();
  const page = await ok(context, owner, {
    method: "GET",
    url: `/api/emailreports/getEmailLogs?organisationId=${org}&limit=500`,
  });
  return (
    page.emailLogs as {
      to: string;
      status: string;
      channel: string;
      documents: unknown[];
      sentBy: string | null;
      accountId: string | null;
    }[]
  ).filter((row) => row.to === recipient);
}

describe("click-to-chat in the email log", () => {
  test("a document sent from the user's WhatsApp is listed as handed, with its document and no file", async () => {
    const sent = await ok(context, owner, {
      ...pdfSend(books.invoiceId, {
        format: "whatsapp",
        phone: "91234 56789",
        body: "Hi {customerName}",
        requestId: "c2c00000-0000-4000-8000-000000000001",
      }),
    });
    expect(sent.chatUrl).toMatch(/^https:\/\/wa\.me\/919123456789\?text=/);
    const rows = await logOf("91234 56789");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: "whatsapp",
      status: "handed",
      documents: [
        { entryId: books.invoiceId, transactionType: "salesInvoice", number: books.invoiceNumber },
      ],
      accountId: books.customerId,
      sentBy: owner.userId,
    });
    const stored = await context.testDatabase.database.db
      .selectFrom("outbox_messages")
      .select(["attachments", "body_text", "delivered_via"])
      .where("recipient", "=", "91234 56789")
      .executeTakeFirstOrThrow();
    expect(stored.attachments).toBeNull();
    expect(stored.delivered_via).toBe("click-to-chat");
    expect(stored.body_text).toMatch(/^Hi Ravi Stores\nhttp\S+\/api\/d\/[\w-]{43}$/);
    // The same click again records nothing more.
    await ok(context, owner, {
      ...pdfSend(books.invoiceId, {
        format: "whatsapp",
        phone: "91234 56789",
        body: "Hi {customerName}",
        requestId: "c2c00000-0000-4000-8000-000000000001",
      }),
    });
    expect(await logOf("91234 56789")).toHaveLength(1);
  });

  test("a statement and a bulk click-to-chat message are listed too", async () => {
    await ok(context, owner, {
      ...ledgerSend(
        `organisationId=${org}&accountId=${books.customerId}&startDate=2025-04-01&endDate=2026-03-31&format=whatsapp&phone=9123400001&body=${encodeURIComponent("Balance {closingBalance}")}`,
      ),
    });
    const statement = await logOf("9123400001");
    expect(statement).toMatchObject([
      {
        status: "handed",
        documents: [{ entryId: books.customerId, transactionType: "ledger", number: null }],
      },
    ]);
    await ok(context, owner, {
      method: "POST",
      url: "/api/multipledocs/sendbulkwhatsapp",
      payload: {
        organisationId: org,
        accountId: books.customerId,
        phone: "9123400002",
        documents: [
          { entryId: books.invoiceId, transactionType: "salesInvoice" },
          { entryId: secondInvoice, transactionType: "salesInvoice" },
        ],
      },
    });
    const bulk = await logOf("9123400002");
    expect(bulk).toHaveLength(1);
    expect(bulk[0]?.status).toBe("handed");
    expect(bulk[0]?.documents).toHaveLength(2);
  });
});

describe("one dialog's request queues once", () => {
  test("the same request id twice (a double click) sends one mail; a new id sends another", async () => {
    const send = (requestId: string) =>
      ok(context, owner, {
        ...pdfSend(books.invoiceId, {
          format: "email",
          address: "twice@ravi.example.in",
          subject: "Invoice {invoiceNumber}",
          body: "Dear {customerName}",
          requestId,
        }),
      });
    const first = "c0ffee00-0000-4000-8000-000000000001";
    expect(await send(first)).toEqual({ success: true, message: "Email sent successfully" });
    expect(await send(first)).toEqual({ success: true, message: "Email sent successfully" });
    expect((await mailTo("twice@ravi.example.in")).count).toBe(1);
    await send("c0ffee00-0000-4000-8000-000000000002");
    expect((await mailTo("twice@ravi.example.in")).count).toBe(2);
  });

  test("a request id that is not letters, digits and hyphens is refused and queues nothing", async () => {
    const bad = await refused(
      context,
      owner,
      {
        ...pdfSend(books.invoiceId, {
          format: "email",
          address: "odd-id@ravi.example.in",
          subject: "s",
          body: "b",
          requestId: "x;drop",
        }),
      },
      400,
    );
    expect(bad.message).toBe("The request id must be 8 to 64 letters, digits or hyphens.");
    await expect(mailTo("odd-id@ravi.example.in")).rejects.toThrow("no mail");
  });
});

describe("sending a ledger", () => {
  const range = "startDate=2025-04-01&endDate=2026-03-31";
  test("the statement by email with its PDF; a bank account is refused", async () => {
    const template = await ok(context, owner, {
      method: "GET",
      url: `/api/ledger/getEmailTemplate?organisationId=${org}&accountId=${books.customerId}&${range}`,
    });
    expect(template.templates[0].template).toContain(
      "from 01 Apr 2025 to 31 Mar 2026. The closing balance is ₹2,520.00 Dr.",
    );
    const sent = await ok(context, owner, {
      ...ledgerSend(
        `organisationId=${org}&accountId=${books.customerId}&${range}&format=email&address=ledger@ravi.example.in&subject=${encodeURIComponent("Statement {endDate}")}&body=${encodeURIComponent("Balance {closingBalance}")}&includePdf=true`,
      ),
    });
    expect(sent).toEqual({ success: true, message: "Email sent successfully" });
    const mail = await mailTo("ledger@ravi.example.in");
    expect(mail.subject).toBe("Statement 31 Mar 2026");
    expect(mail.text.trim()).toBe("Balance ₹2,520.00 Dr");
    expect(mail.pdfs).toHaveLength(1);
    const text = await extractPdfText(new Uint8Array(mail.pdfs[0]?.body ?? Buffer.alloc(0)));
    expect(text).toContain("Ravi Stores");

    const refusedBank = await refused(
      context,
      owner,
      {
        ...ledgerSend(
          `organisationId=${org}&accountId=${bank}&${range}&format=whatsapp&phone=9876543210&body=hi`,
        ),
      },
      400,
    );
    expect(refusedBank.message).toBe("WhatsApp can only be sent for Debtor or Creditor accounts");
    await refused(
      context,
      stranger,
      {
        ...ledgerSend(
          `organisationId=${org}&accountId=${books.customerId}&${range}&format=email&address=a@b.in&subject=s&body=b`,
        ),
      },
      403,
    );
  });
});

describe("bulk send", () => {
  test("one mail with each PDF; another party's document fails alone", async () => {
    const answer = await ok(context, owner, {
      method: "POST",
      url: "/api/multipledocs/sendbulkemail",
      payload: {
        organisationId: org,
        accountId: books.customerId,
        email: "bulk@ravi.example.in",
        documents: [
          { entryId: books.invoiceId, transactionType: "salesInvoice" },
          { entryId: secondInvoice, transactionType: "salesInvoice" },
          { entryId: mehtaInvoice, transactionType: "salesInvoice" },
        ],
      },
    });
    expect(answer.message).toBe("Email sent successfully");
    expect(answer.results.map((result: { status: string }) => result.status)).toEqual([
      "queued",
      "queued",
      "failed",
    ]);
    expect(answer.results[2].message).toBe("This document is not made out to this account.");
    const mail = await mailTo("bulk@ravi.example.in");
    expect(mail.subject).toBe("Documents from Gupta Traders");
    expect(mail.pdfs).toHaveLength(2);
    expect(mail.text).toContain(
      `- Tax Invoice ${books.invoiceNumber} dated 10 May 2025 for ₹1,260.00`,
    );
  });

  test("WhatsApp click-to-chat: one message listing each document's link", async () => {
    const answer = await ok(context, owner, {
      method: "POST",
      url: "/api/multipledocs/sendbulkwhatsapp",
      payload: {
        organisationId: org,
        accountId: books.customerId,
        phone: "9876543210",
        documents: [
          { entryId: books.invoiceId, transactionType: "salesInvoice" },
          { entryId: secondInvoice, transactionType: "salesInvoice" },
        ],
      },
    });
    expect(answer.results.map((result: { status: string }) => result.status)).toEqual([
      "sent",
      "sent",
    ]);
    const text = new URL(answer.chatUrl).searchParams.get("text") ?? "";
    expect(text.match(/\/api\/d\/[\w-]{43}/g)).toHaveLength(2);
  });

  test("the screen's subject and body are what is sent; {documentList} places the list", async () => {
    const templates = await ok(context, owner, {
      method: "GET",
      url: `/api/multipledocs/getemailtemplate?organisationId=${org}&accountId=${books.customerId}&type=salesInvoice`,
    });
    expect(templates).toEqual({
      success: true,
      perDocument: false,
      templates: [
        {
          _id: null,
          name: "Standard",
          subject: "Documents from Gupta Traders",
          template:
            "Dear Ravi Stores,\n\nPlease find attached:\n\n{documentList}\n\nRegards,\nGupta Traders",
        },
      ],
    });
    const whatsapp = await ok(context, owner, {
      method: "GET",
      url: `/api/multipledocs/getwhatsapptemplate?organisationId=${org}&accountId=${books.customerId}&type=salesInvoice`,
    });
    expect(whatsapp.templates[0].template).toBe(
      "Dear Ravi Stores, your documents from Gupta Traders:\n{documentList}",
    );
    expect(whatsapp.templates[0].subject).toBeUndefined();

    const documents = [
      { entryId: books.invoiceId, transactionType: "salesInvoice" },
      { entryId: secondInvoice, transactionType: "salesInvoice" },
    ];
    await ok(context, owner, {
      method: "POST",
      url: "/api/multipledocs/sendbulkemail",
      payload: {
        organisationId: org,
        accountId: books.customerId,
        email: "edited@ravi.example.in",
        subject: "Bills for {customerName}",
        body: "Namaste {customerName},\n{documentList}\nPlease pay by Friday.",
        documents,
      },
    });
    const mail = await mailTo("edited@ravi.example.in");
    expect(mail.subject).toBe("Bills for Ravi Stores");
    expect(mail.text).toMatch(
      new RegExp(
        `^Namaste Ravi Stores,\\n- Tax Invoice ${books.invoiceNumber} dated 10 May 2025 for ₹1,260\\.00\\n- Tax Invoice \\S+ dated .+\\nPlease pay by Friday\\.\\s*$`,
      ),
    );
    expect(mail.pdfs).toHaveLength(2);

    // Without {documentList} the list still goes, after the text.
    await ok(context, owner, {
      method: "POST",
      url: "/api/multipledocs/sendbulkemail",
      payload: {
        organisationId: org,
        accountId: books.customerId,
        email: "nolist@ravi.example.in",
        subject: "Your bills",
        body: "Hello",
        documents: documents.slice(0, 1),
      },
    });
    const plain = await mailTo("nolist@ravi.example.in");
    expect(plain.text.trim()).toBe(
      `Hello\n\n- Tax Invoice ${books.invoiceNumber} dated 10 May 2025 for ₹1,260.00`,
    );
  });

  test("bulk templates: only for a party, only for members who may see the type", async () => {
    const query = (accountId: string, channel = "email") =>
      `/api/multipledocs/get${channel}template?organisationId=${org}&accountId=${accountId}&type=salesInvoice`;
    expect((await refused(context, owner, { method: "GET", url: query(bank) }, 400)).message).toBe(
      "Email can only be sent for Debtor or Creditor accounts",
    );
    expect(
      (await refused(context, owner, { method: "GET", url: query(bank, "whatsapp") }, 400)).message,
    ).toBe("WhatsApp can only be sent for Debtor or Creditor accounts");
    await refused(context, accountant, { method: "GET", url: query(books.customerId) }, 403);
    await refused(context, stranger, { method: "GET", url: query(books.customerId) }, 403);
  });

  test("refusals: a non-party account, no documents, another organisation", async () => {
    const bankRefusal = await refused(
      context,
      owner,
      {
        method: "POST",
        url: "/api/multipledocs/sendbulkemail",
        payload: {
          organisationId: org,
          accountId: bank,
          email: "a@b.in",
          documents: [{ entryId: books.invoiceId, transactionType: "salesInvoice" }],
        },
      },
      400,
    );
    expect(bankRefusal.message).toBe("Email can only be sent for Debtor or Creditor accounts");
    await refused(
      context,
      owner,
      {
        method: "POST",
        url: "/api/multipledocs/sendbulkemail",
        payload: {
          organisationId: org,
          accountId: books.customerId,
          email: "a@b.in",
          documents: [],
        },
      },
      400,
    );
    await refused(
      context,
      stranger,
      {
        method: "POST",
        url: "/api/multipledocs/sendbulkwhatsapp",
        payload: {
          organisationId: org,
          accountId: books.customerId,
          phone: "9876543210",
          documents: [{ entryId: books.invoiceId, transactionType: "salesInvoice" }],
        },
      },
      403,
    );
    // No right to sales invoices: each document fails with the refusal, nothing is sent.
    const noRight = await call403OrResults();
    expect(noRight).toBe(true);
  });
});

async function call403OrResults() {
  const response = await context.app.inject({
    method: "POST",
    url: "/api/multipledocs/sendbulkemail",
    headers: as(accountant),
    payload: {
      organisationId: org,
      accountId: books.customerId,
      email: "nobody@example.in",
      documents: [{ entryId: books.invoiceId, transactionType: "salesInvoice" }],
    },
  });
  const body = response.json();
  const mails = (await readOutboxMail(context)).filter((mail) =>
    mail.includes("nobody@example.in"),
  );
  return (
    mails.length === 0 &&
    body.success === false &&
    body.results[0].message === "You do not have the right to do this in this organisation."
  );
}
