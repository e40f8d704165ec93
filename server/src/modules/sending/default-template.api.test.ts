import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { makeSendingBooks, type SendingBooks } from "../../../test/sending.ts";
import { createTestApp, readOutboxMail, type TestContext } from "../../../test/test-app.ts";
import { ok, refused } from "../accounts/masters.test-kit.ts";
import { stopDocumentRenderer } from "../documents/print-renderer.ts";

// Issue 40 (decision 410): one default template per type, channel and organisation, chosen on the
// templates screen; the send dialogs open with it and a list's Send Selected uses it.

let context: TestContext;
let owner: Person;
let accountant: Person;
let stranger: Person;
let strangerOrg: string;
let books: SendingBooks;
let org: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  accountant = await signUpPerson(context);
  stranger = await signUpPerson(context);
  books = await makeSendingBooks(context, owner);
  org = books.organisationId;
  ({ organisationId: strangerOrg } = await createOrganisation(context, stranger.cookies));
  await addMember(context, owner, org, accountant, "accountant");
  await context.testDatabase.database.db
    .updateTable("accounts")
    .set({ email: "ravi@example.in" })
    .where("id", "=", books.customerId)
    .execute();
});
afterAll(async () => {
  await stopDocumentRenderer();
  await context.close();
});

async function addEmailTemplate(name: string, extra: Record<string, unknown> = {}) {
  const answer = await ok(context, owner, {
    method: "POST",
    url: "/api/settings/emailtemplate",
    payload: {
      organisationId: org,
      name,
      type: "salesInvoice",
      subject: `${name}: {invoiceNumber}`,
      template: `${name} text for {customerName}`,
      ...extra,
    },
  });
  return answer.template as { _id: string; version: number; isDefault: boolean };
}

async function dialogNames(channel: "email" | "whatsapp") {
  const answer = await ok(context, owner, {
    method: "GET",
    url: `/api/getpdf/get${channel}template?organisationId=${org}&entryId=${books.invoiceId}&type=salesInvoice`,
  });
  return answer.templates.map((template: { name: string }) => template.name);
}

async function listed() {
  const answer = await ok(context, owner, {
    method: "GET",
    url: `/api/settings/getemailtemplate?organisationId=${org}&skip=0&limit=20`,
  });
  return Object.fromEntries(
    answer.templates.map((template: { name: string; isDefault: boolean; version: number }) => [
      template.name,
      { isDefault: template.isDefault, version: template.version },
    ]),
  );
}

const setDefault = (templateId: string, version: number, isDefault = true) => ({
  method: "PUT" as const,
  url: "/api/settings/setdefaultemailtemplate",
  payload: { organisationId: org, templateId, version, isDefault },
});

describe("the default template of a type", () => {
  test("none: the first by name; set: the dialogs and Send Selected open with it; one per type", async () => {
    const alpha = await addEmailTemplate("Alpha");
    const zeta = await addEmailTemplate("Zeta");
    expect(alpha.isDefault).toBe(false);
    expect(await dialogNames("email")).toEqual(["Alpha", "Zeta"]);

    const made = await ok(context, owner, setDefault(zeta._id, zeta.version));
    expect(made).toMatchObject({
      message: "Default template set",
      template: { isDefault: true, version: 2 },
    });
    expect(await dialogNames("email")).toEqual(["Zeta", "Alpha"]);
    expect(await listed()).toEqual({
      Alpha: { isDefault: false, version: 1 },
      Zeta: { isDefault: true, version: 2 },
    });

    // Send Selected takes the default, not the first by name.
    const before = (await readOutboxMail(context)).length;
    await ok(context, owner, {
      method: "POST",
      url: "/api/multipledocs/sendselectedemail",
      payload: {
        organisationId: org,
        documents: [{ entryId: books.invoiceId, transactionType: "salesInvoice" }],
      },
    });
    const [mail] = (await readOutboxMail(context)).slice(before);
    expect(mail).toContain(`Subject: Zeta: ${books.invoiceNumber}`);

    // A new template saved as the default takes it over: the old default loses it (a new version).
    await addEmailTemplate("Mid", { isDefault: true });
    expect(await listed()).toEqual({
      Alpha: { isDefault: false, version: 1 },
      Mid: { isDefault: true, version: 1 },
      Zeta: { isDefault: false, version: 3 },
    });
    expect(await dialogNames("email")).toEqual(["Mid", "Alpha", "Zeta"]);

    // An edit that does not mention the flag keeps it; WhatsApp's defaults are apart from email's.
    const mid = (await listed()).Mid as { version: number };
    const midId = (
      await ok(context, owner, {
        method: "GET",
        url: `/api/settings/getemailtemplate?organisationId=${org}&skip=0&limit=20`,
      })
    ).templates.find((template: { name: string }) => template.name === "Mid")._id;
    await ok(context, owner, {
      method: "PUT",
      url: "/api/settings/updateemailtemplate",
      payload: {
        organisationId: org,
        templateId: midId,
        version: mid.version,
        name: "Mid",
        type: "salesInvoice",
        subject: "Mid again: {invoiceNumber}",
        template: "Mid text",
      },
    });
    expect((await listed()).Mid).toEqual({ isDefault: true, version: 2 });
    await ok(context, owner, {
      method: "POST",
      url: "/api/settings/whatsapptemplate",
      payload: {
        organisationId: org,
        name: "Chat",
        type: "salesInvoice",
        template: "Hi {customerName}",
        isDefault: true,
      },
    });
    expect((await listed()).Mid.isDefault).toBe(true);
    expect(await dialogNames("whatsapp")).toEqual(["Chat"]);

    // Unset: none is the default, the dialog opens with the first by name again.
    await ok(context, owner, setDefault(midId, 2, false));
    expect(await dialogNames("email")).toEqual(["Alpha", "Mid", "Zeta"]);
    // Deleting a default leaves the type with none.
    await ok(context, owner, setDefault(zeta._id, 3));
    await ok(context, owner, {
      method: "DELETE",
      url: `/api/settings/deleteemailtemplate?organisationId=${org}&templateId=${zeta._id}`,
    });
    expect(await dialogNames("email")).toEqual(["Alpha", "Mid"]);
  });

  test("refused: a stale version, an unknown template, bad input, a member without the right, another organisation", async () => {
    const template = await addEmailTemplate("Rights");
    const stale = await refused(context, owner, setDefault(template._id, 9), 409);
    expect(stale.message).toBeTruthy();
    const missing = await refused(
      context,
      owner,
      setDefault("0190f0e0-0000-7000-8000-000000000000", 1),
      404,
    );
    expect(missing.message).toBe("This template does not exist or has been deleted.");
    await refused(
      context,
      owner,
      {
        method: "PUT",
        url: "/api/settings/setdefaultemailtemplate",
        payload: { organisationId: org, templateId: template._id, version: 1, isDefault: "yes" },
      },
      400,
    );
    await refused(context, accountant, setDefault(template._id, 1), 403);
    await refused(context, stranger, setDefault(template._id, 1), 403);
    // The stranger's own organisation does not hold it.
    await refused(
      context,
      stranger,
      {
        method: "PUT",
        url: "/api/settings/setdefaultemailtemplate",
        payload: {
          organisationId: strangerOrg,
          templateId: template._id,
          version: 1,
          isDefault: true,
        },
      },
      404,
    );
    expect((await listed()).Rights).toEqual({ isDefault: false, version: 1 });
  });
});
