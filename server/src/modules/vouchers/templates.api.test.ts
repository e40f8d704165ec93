import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// Issue 26: a member with only the add right on receipts could rename or delete anyone's receipt
// templates. Their own stay theirs to change; another person's need the edit (rename) or delete right.

let context: TestContext;
let owner: Person;
let adder: Person;
let editor: Person;
let deleter: Person;
let outsider: Person;
let organisationId: string;

const rights = (right: { add?: boolean; edit?: boolean; delete?: boolean }) => [
  {
    transactionType: "receipts",
    view: true,
    add: right.add ?? false,
    edit: right.edit ?? false,
    delete: right.delete ?? false,
  },
];

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId } = await createOrganisation(context, owner.cookies));
  adder = await signUpPerson(context);
  editor = await signUpPerson(context);
  deleter = await signUpPerson(context);
  outsider = await signUpPerson(context);
  await createOrganisation(context, outsider.cookies);
  await addMember(context, owner, organisationId, adder, "accountant", rights({ add: true }));
  await addMember(
    context,
    owner,
    organisationId,
    editor,
    "accountant",
    rights({ add: true, edit: true }),
  );
  await addMember(
    context,
    owner,
    organisationId,
    deleter,
    "accountant",
    rights({ add: true, delete: true }),
  );
});
afterAll(() => context.close());

const call = (person: Person, options: InjectOptions) =>
  context.app.inject({ ...options, headers: { cookie: person.cookies } });

async function addTemplate(person: Person, templateName: string): Promise<string> {
  const response = await call(person, {
    method: "POST",
    url: "/api/receipts/addtemplate",
    payload: { organisationId, templateName, entry: { narration: "Monthly rent" } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().templateId;
}

const rename = (person: Person, templateId: string, templateName: string) =>
  call(person, {
    method: "PUT",
    url: "/api/receipts/edittemplatename",
    payload: { organisationId, templateId, templateName },
  });

const remove = (person: Person, templateId: string) =>
  call(person, {
    method: "DELETE",
    url: `/api/receipts/template?organisationId=${organisationId}&templateId=${templateId}`,
  });

async function templateNames(): Promise<string[]> {
  const response = await call(owner, {
    method: "GET",
    url: `/api/receipts/gettemplates?organisationId=${organisationId}`,
  });
  return response
    .json()
    .templates.map((template: { templateName: string }) => template.templateName);
}

describe("receipt templates: who may rename and delete", () => {
  test("the add right alone reaches only one's own templates", async () => {
    const owners = await addTemplate(owner, "Owner rent");
    const renamed = await rename(adder, owners, "Hijacked");
    expect(renamed.statusCode).toBe(403);
    expect((await remove(adder, owners)).statusCode).toBe(403);
    expect(await templateNames()).toContain("Owner rent");
    expect(await templateNames()).not.toContain("Hijacked");

    const own = await addTemplate(adder, "Adder rent");
    expect((await rename(adder, own, "Adder rent 2")).statusCode).toBe(200);
    expect((await remove(adder, own)).statusCode).toBe(200);
    expect(await templateNames()).not.toContain("Adder rent 2");
  });

  test("the edit right renames another's template but does not delete it; the delete right deletes", async () => {
    const owners = await addTemplate(owner, "Owner salary");
    expect((await rename(editor, owners, "Owner salary (renamed)")).statusCode).toBe(200);
    expect((await remove(editor, owners)).statusCode).toBe(403);
    expect((await rename(deleter, owners, "By the deleter")).statusCode).toBe(403);
    expect((await remove(deleter, owners)).statusCode).toBe(200);
    expect(await templateNames()).not.toContain("Owner salary (renamed)");
  });

  test("another organisation's caller gets nothing", async () => {
    const owners = await addTemplate(owner, "Owner private");
    expect((await rename(outsider, owners, "Outsider")).statusCode).toBe(403);
    expect((await remove(outsider, owners)).statusCode).toBe(403);
    const list = await call(outsider, {
      method: "GET",
      url: `/api/receipts/gettemplates?organisationId=${organisationId}`,
    });
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain("Owner private");
    expect(await templateNames()).toContain("Owner private");
  });
});
