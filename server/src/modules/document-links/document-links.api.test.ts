import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as } from "../../../test/books.ts";
import { extractPdfText } from "../../../test/pdf.ts";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { makeSendingBooks, type SendingBooks } from "../../../test/sending.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { stopDocumentRenderer } from "../documents/print-renderer.ts";
import {
  createDocumentLink,
  DOCUMENT_LINK_MESSAGES,
  LINK_OPENS_PER_HOUR_PER_HOLDER,
} from "./document-links.service.ts";

let context: TestContext;
let owner: Person;
let stranger: Person;
let clerk: Person;
let books: SendingBooks;
let strangerOrg: string;

const inject = (options: InjectOptions) => context.app.inject(options);

beforeAll(async () => {
  context = await createTestApp({ documentLinkDays: 7 });
  owner = await signUpPerson(context);
  stranger = await signUpPerson(context);
  clerk = await signUpPerson(context);
  books = await makeSendingBooks(context, owner);
  ({ organisationId: strangerOrg } = await createOrganisation(context, stranger.cookies));
  await addMember(context, owner, books.organisationId, clerk, "accountant", [
    { transactionType: "receipts", view: true, add: true },
  ]);
});
afterAll(async () => {
  await stopDocumentRenderer();
  await context.close();
});

function makeLink() {
  return createDocumentLink(context.testDatabase.database.db, linkConfig(), {
    organisationId: books.organisationId,
    entryId: books.invoiceId,
    transactionType: "salesInvoice",
    createdBy: owner.userId,
  });
}

function linkConfig() {
  return {
    dataDir: context.dataDir,
    webDistDir: "",
    logLevel: "silent",
    cookieSecret: "x",
    smtpUrl: undefined,
    mailFrom: "",
    publicUrl: "https://books.example.in",
    authRateLimitPerMinute: 10,
    trustProxy: false as const,
    authCodeSendsPerHour: 10,
    gstinLookup: { url: undefined, key: undefined, keyHeader: "x", timeoutMs: 1 },
    documentLinkDays: 7,
  };
}

/** The path of a link on this server (the link names PUBLIC_URL, the test injects). */
const pathOf = (url: string) => new URL(url).pathname;

describe("document links", () => {
  test("a link serves the document's current PDF without signing in", async () => {
    const before = Date.now();
    const link = await makeLink();
    expect(link.url).toMatch(/^https:\/\/books\.example\.in\/api\/d\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(link.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const response = await inject({ method: "GET", url: pathOf(link.url) });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="Tax-Invoice-${books.invoiceNumber}.pdf"`,
    );
    expect(response.headers["content-security-policy"]).toBeUndefined();
    const text = await extractPdfText(response.rawPayload);
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain("Gupta Traders");
    expect(text).toContain("Ravi Stores");
    expect(text).toContain(books.invoiceNumber);
    expect(text).toContain("1,260.00");

    // Only the token's hash is stored.
    const token = pathOf(link.url).split("/").at(-1) ?? "";
    const rows = await context.testDatabase.database.db
      .selectFrom("document_links")
      .selectAll()
      .execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows.find((candidate) => candidate.id === link.id);
    expect(row?.open_count).toBe(1);
  });

  test("one holder cannot use up a link's opens for the hour (issue 37)", async () => {
    const link = await makeLink();
    const open = (remoteAddress: string) =>
      inject({ method: "GET", url: pathOf(link.url), remoteAddress });
    expect((await open("203.0.113.5")).statusCode).toBe(200);
    // The holder has had its opens for the hour (as if it had opened it 20 times).
    const db = context.testDatabase.database.db;
    const holderKey = `doclink:${link.id}:203.0.113.5`;
    const held = await db
      .updateTable("auth_limits")
      .set({ count: LINK_OPENS_PER_HOUR_PER_HOLDER })
      .where("key", "=", holderKey)
      .executeTakeFirst();
    expect(Number(held.numUpdatedRows)).toBe(1);
    const refused = await open("203.0.113.5");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(DOCUMENT_LINK_MESSAGES.tooManyForYou);
    // Another holder still opens it; the refused open took nothing from the link's total.
    const other = await open("198.51.100.7");
    expect(other.statusCode).toBe(200);
    expect(other.headers["content-type"]).toBe("application/pdf");
    const total = await db
      .selectFrom("auth_limits")
      .select("count")
      .where("key", "=", `doclink:${link.id}`)
      .executeTakeFirstOrThrow();
    expect(total.count).toBe(2);
    // Addresses of one IPv6 /64 are one holder.
    await open("2001:db8:1:2::10");
    await open("2001:0db8:0001:0002:ffff::1");
    const v6 = await db
      .selectFrom("auth_limits")
      .select("count")
      .where("key", "=", `doclink:${link.id}:2001:db8:1:2::/64`)
      .executeTakeFirstOrThrow();
    expect(v6.count).toBe(2);
  });

  test("a tampered link is refused with a clear message", async () => {
    const link = await makeLink();
    const token = pathOf(link.url).split("/").at(-1) ?? "";
    const flipped = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    for (const bad of [flipped, token.slice(0, 42), `${token}x`, "not-a-token"]) {
      const response = await inject({ method: "GET", url: `/api/d/${bad}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(DOCUMENT_LINK_MESSAGES.invalid);
    }
    // A browser gets the sentence on a page, not JSON.
    const page = await inject({
      method: "GET",
      url: `/api/d/${flipped}`,
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("This document link is not valid.");
  });

  test("an expired link is refused", async () => {
    const link = await makeLink();
    await context.testDatabase.database.db
      .updateTable("document_links")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", link.id)
      .execute();
    const response = await inject({ method: "GET", url: pathOf(link.url) });
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(DOCUMENT_LINK_MESSAGES.expired);
  });

  test("a revoked link is refused; another organisation and a clerk without the right cannot revoke", async () => {
    const link = await makeLink();
    const strangerTry = await inject({
      method: "POST",
      url: "/api/documentlinks/revoke",
      headers: as(stranger),
      payload: { organisationId: books.organisationId, linkId: link.id },
    });
    expect(strangerTry.statusCode).toBe(403);
    const ownOrgTry = await inject({
      method: "POST",
      url: "/api/documentlinks/revoke",
      headers: as(stranger),
      payload: { organisationId: strangerOrg, linkId: link.id },
    });
    expect(ownOrgTry.statusCode).toBe(404);
    const clerkTry = await inject({
      method: "POST",
      url: "/api/documentlinks/revoke",
      headers: as(clerk),
      payload: { organisationId: books.organisationId, linkId: link.id },
    });
    expect(clerkTry.statusCode).toBe(403);
    expect((await inject({ method: "GET", url: pathOf(link.url) })).statusCode).toBe(200);

    const revoke = await inject({
      method: "POST",
      url: "/api/documentlinks/revoke",
      headers: as(owner),
      payload: { organisationId: books.organisationId, linkId: link.id },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json()).toEqual({ success: true, revoked: 1 });
    const response = await inject({ method: "GET", url: pathOf(link.url) });
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(DOCUMENT_LINK_MESSAGES.revoked);

    const list = await inject({
      method: "GET",
      url: `/api/documentlinks/list?organisationId=${books.organisationId}&entryId=${books.invoiceId}&transactionType=salesInvoice`,
      headers: as(owner),
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json().links.find((one: { _id: string }) => one._id === link.id);
    expect(listed.state).toBe("revoked");
  });

  test("another person's link needs an owner or admin to revoke; one's own does not (issue 37)", async () => {
    const viewer = await signUpPerson(context);
    const seller = await signUpPerson(context);
    await addMember(context, owner, books.organisationId, viewer, "viewer", []);
    await addMember(context, owner, books.organisationId, seller, "accountant", [
      { transactionType: "salesInvoice", view: true, add: true, edit: true, send: true },
    ]);
    const ownersLink = await makeLink();
    for (const person of [viewer, seller]) {
      for (const payload of [
        { linkId: ownersLink.id },
        { entryId: books.invoiceId, transactionType: "salesInvoice" },
      ]) {
        const tried = await inject({
          method: "POST",
          url: "/api/documentlinks/revoke",
          headers: as(person),
          payload: { organisationId: books.organisationId, ...payload },
        });
        expect(tried.statusCode).toBe(403);
        expect(tried.json().message).toBe(DOCUMENT_LINK_MESSAGES.notYours);
      }
    }
    expect((await inject({ method: "GET", url: pathOf(ownersLink.url) })).statusCode).toBe(200);
    const sellersLink = await createDocumentLink(context.testDatabase.database.db, linkConfig(), {
      organisationId: books.organisationId,
      entryId: books.invoiceId,
      transactionType: "salesInvoice",
      createdBy: seller.userId,
    });
    const own = await inject({
      method: "POST",
      url: "/api/documentlinks/revoke",
      headers: as(seller),
      payload: { organisationId: books.organisationId, linkId: sellersLink.id },
    });
    expect(own.json()).toEqual({ success: true, revoked: 1 });
    // The owner withdraws everyone's.
    const all = await inject({
      method: "POST",
      url: "/api/documentlinks/revoke",
      headers: as(owner),
      payload: { organisationId: books.organisationId, linkId: ownersLink.id },
    });
    expect(all.json()).toEqual({ success: true, revoked: 1 });
  });

  test("revoking a document's links withdraws every live one", async () => {
    const first = await makeLink();
    const second = await makeLink();
    const revoke = await inject({
      method: "POST",
      url: "/api/documentlinks/revoke",
      headers: as(owner),
      payload: {
        organisationId: books.organisationId,
        entryId: books.invoiceId,
        transactionType: "salesInvoice",
      },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().revoked).toBeGreaterThanOrEqual(2);
    for (const link of [first, second]) {
      expect((await inject({ method: "GET", url: pathOf(link.url) })).statusCode).toBe(410);
    }
  });

  test("a deleted document's link stops working", async () => {
    const link = await makeLink();
    const db = context.testDatabase.database.db;
    await db
      .updateTable("vouchers")
      .set({ deleted_at: new Date().toISOString() })
      .where("id", "=", books.invoiceId)
      .execute();
    const response = await inject({ method: "GET", url: pathOf(link.url) });
    await db
      .updateTable("vouchers")
      .set({ deleted_at: null })
      .where("id", "=", books.invoiceId)
      .execute();
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(DOCUMENT_LINK_MESSAGES.gone);
  });

  test("a link for a type that is not printed, or another organisation's document, is not made", async () => {
    const db = context.testDatabase.database.db;
    await expect(
      createDocumentLink(db, linkConfig(), {
        organisationId: books.organisationId,
        entryId: books.invoiceId,
        transactionType: "journalEntry",
        createdBy: owner.userId,
      }),
    ).rejects.toThrow("This transaction type cannot be printed.");
    await expect(
      createDocumentLink(db, linkConfig(), {
        organisationId: strangerOrg,
        entryId: books.invoiceId,
        transactionType: "salesInvoice",
        createdBy: stranger.userId,
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
