import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { ok, refused } from "../accounts/masters.test-kit.ts";

let context: TestContext;
let owner: Person;
let accountant: Person;
let stranger: Person;
let org: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  accountant = await signUpPerson(context);
  stranger = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies));
  await createOrganisation(context, stranger.cookies);
  await addMember(context, owner, org, accountant, "accountant");
});
afterAll(() => context.close());

const reminder = {
  name: "Payment reminder",
  type: "salesInvoice",
  subject: "{documentType} {invoiceNumber}",
  template: "Dear {customerName},\nplease pay {pendingAmount} by {dueDate}.",
};

describe("email and WhatsApp templates (api.md 7 Settings)", () => {
  test("add, list, read, edit with its version, and delete softly", async () => {
    const added = await ok(context, owner, {
      method: "POST",
      url: "/api/settings/emailtemplate",
      payload: { organisationId: org, ...reminder },
    });
    expect(added).toMatchObject({ success: true, message: "Template Added" });
    const id = added.templateId as string;

    const list = await ok(context, owner, {
      method: "GET",
      url: `/api/settings/getemailtemplate?organisationId=${org}&skip=0&limit=10`,
    });
    expect(list.count).toBe(1);
    expect(list.templates[0]).toMatchObject({
      _id: id,
      ...reminder,
      typeName: "Sales Invoice",
      version: 1,
    });

    const byId = await ok(context, owner, {
      method: "GET",
      url: `/api/settings/getemailtemplatebyid?organisationId=${org}&templateId=${id}`,
    });
    expect(byId.template.template).toBe(reminder.template);

    const stale = await refused(
      context,
      owner,
      {
        method: "PUT",
        url: "/api/settings/updateemailtemplate",
        payload: { organisationId: org, templateId: id, ...reminder, version: 7 },
      },
      409,
    );
    expect(stale.message).toBeTruthy();
    const edited = await ok(context, owner, {
      method: "PUT",
      url: "/api/settings/updateemailtemplate",
      payload: { organisationId: org, templateId: id, ...reminder, subject: "Due", version: 1 },
    });
    expect(edited.template).toMatchObject({ subject: "Due", version: 2 });

    // The same name for the same type is refused; for another type it is fine.
    const taken = await refused(
      context,
      owner,
      {
        method: "POST",
        url: "/api/settings/emailtemplate",
        payload: { organisationId: org, ...reminder, name: "payment REMINDER" },
      },
      400,
    );
    expect(taken.message).toBe("A template with this name already exists for this type.");
    await ok(context, owner, {
      method: "POST",
      url: "/api/settings/emailtemplate",
      payload: { organisationId: org, ...reminder, type: "ledger" },
    });

    const deleted = await ok(context, owner, {
      method: "DELETE",
      url: `/api/settings/deleteemailtemplate?organisationId=${org}&templateId=${id}`,
    });
    expect(deleted).toEqual({ success: true, message: "Template Deleted Successfully." });
    const after = await ok(context, owner, {
      method: "GET",
      url: `/api/settings/getemailtemplate?organisationId=${org}&type=salesInvoice`,
    });
    expect(after.count).toBe(0);
    await refused(
      context,
      owner,
      {
        method: "GET",
        url: `/api/settings/getemailtemplatebyid?organisationId=${org}&templateId=${id}`,
      },
      404,
    );
  });

  test("WhatsApp templates have no subject and live apart from email ones", async () => {
    const added = await ok(context, owner, {
      method: "POST",
      url: "/api/settings/whatsapptemplate",
      payload: { organisationId: org, name: "Short", type: "quotation", template: "Hi {link}" },
    });
    const list = await ok(context, owner, {
      method: "GET",
      url: `/api/settings/getwhatsapptemplate?organisationId=${org}`,
    });
    expect(list.templates).toHaveLength(1);
    expect(list.templates[0]).toEqual(
      expect.objectContaining({ _id: added.templateId, template: "Hi {link}" }),
    );
    expect(list.templates[0]).not.toHaveProperty("subject");
    await refused(
      context,
      owner,
      {
        method: "GET",
        url: `/api/settings/getemailtemplatebyid?organisationId=${org}&templateId=${added.templateId}`,
      },
      404,
    );
  });

  test("bad input is refused with the field's message and saves nothing", async () => {
    const bad = await refused(
      context,
      owner,
      {
        method: "POST",
        url: "/api/settings/emailtemplate",
        payload: {
          organisationId: org,
          name: "X",
          type: "journalEntry",
          subject: "",
          template: "",
        },
      },
      400,
    );
    expect(bad.message).toBeTruthy();
    const list = await ok(context, owner, {
      method: "GET",
      url: `/api/settings/getemailtemplate?organisationId=${org}&type=ledger`,
    });
    expect(list.count).toBe(1);
  });

  test("rights: a member reads, only owners and admins change; other organisations see nothing", async () => {
    const read = await ok(context, accountant, {
      method: "GET",
      url: `/api/settings/getemailtemplate?organisationId=${org}`,
    });
    expect(read.count).toBe(1);
    const id = read.templates[0]._id;
    await refused(
      context,
      accountant,
      {
        method: "POST",
        url: "/api/settings/emailtemplate",
        payload: { organisationId: org, ...reminder, name: "Mine" },
      },
      403,
    );
    await refused(
      context,
      accountant,
      {
        method: "DELETE",
        url: `/api/settings/deleteemailtemplate?organisationId=${org}&templateId=${id}`,
      },
      403,
    );
    await refused(
      context,
      stranger,
      { method: "GET", url: `/api/settings/getemailtemplate?organisationId=${org}` },
      403,
    );
    await refused(
      context,
      stranger,
      {
        method: "GET",
        url: `/api/settings/getemailtemplatebyid?organisationId=${org}&templateId=${id}`,
      },
      403,
    );
  });
});

test("a list is in one order call after call: by name, then id (issue 37, PostgreSQL)", async () => {
  const { organisationId } = await createOrganisation(context, owner.cookies);
  for (const name of ["Zeta reminder", "Alpha reminder", "Mid reminder"]) {
    await ok(context, owner, {
      method: "POST",
      url: "/api/settings/whatsapptemplate",
      payload: { organisationId, name, type: "salesInvoice", template: "Dear {customerName}" },
    });
  }
  const names = async () =>
    (
      await ok(context, owner, {
        method: "GET",
        url: `/api/settings/getwhatsapptemplate?organisationId=${organisationId}&skip=0&limit=10`,
      })
    ).templates.map((template: { name: string }) => template.name);
  const first = await names();
  expect(first).toEqual(["Alpha reminder", "Mid reminder", "Zeta reminder"]);
  for (let call = 0; call < 3; call += 1) expect(await names()).toEqual(first);
});
