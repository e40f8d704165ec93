import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { call, ok, refused } from "../accounts/masters.test-kit.ts";

let context: TestContext;
let owner: Person;
let accountant: Person;
let org: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  accountant = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies));
  await addMember(context, owner, org, accountant, "accountant");
});
afterAll(() => context.close());

async function addField(payload: Record<string, unknown>): Promise<string> {
  const body = await ok(context, owner, {
    method: "POST",
    url: "/api/customfield/add",
    payload: { organisationId: org, ...payload },
  });
  expect(body).toMatchObject({ success: true, message: "Successfully added a field." });
  return body.customFieldId;
}

async function list(query = "", paging = "&limit=10000&skip=0") {
  return ok(context, owner, {
    method: "GET",
    url: `/api/customfield/getCustomFieldList?organisationId=${org}${paging}${query}`,
  });
}

describe("custom fields", () => {
  test("add, list, edit, inactive, active and delete, each with its version", async () => {
    const id = await addField({
      name: "Transporter",
      description: "Who carries the goods",
      type: "shorttext",
      applicableFor: "salesInvoice",
      printInPdf: true,
    });
    const { customFields, count } = await list("&applicableFor=salesInvoice");
    expect(count).toBe(1);
    expect(customFields[0]).toMatchObject({
      _id: id,
      name: "Transporter",
      description: "Who carries the goods",
      type: "shorttext",
      applicableFor: "salesInvoice",
      printInPdf: true,
      active: true,
      version: 1,
    });

    const edited = await ok(context, owner, {
      method: "POST",
      url: "/api/customfield/edit",
      payload: {
        organisationId: org,
        customFieldId: id,
        name: "Transporter Name",
        type: "shorttext",
        applicableFor: "salesInvoice",
        printInPdf: false,
        version: 1,
      },
    });
    expect(edited).toMatchObject({ success: true, message: "Successfully edited a field." });
    expect(edited.customField).toMatchObject({
      name: "Transporter Name",
      printInPdf: false,
      version: 2,
    });

    const inactive = await ok(context, owner, {
      method: "PUT",
      url: "/api/customfield/inactive",
      payload: { organisationId: org, customFieldId: id },
    });
    expect(inactive.customField).toMatchObject({ active: false, version: 3 });
    expect((await list("&active=true")).count).toBe(0);
    expect((await list("&active=false")).count).toBe(1);
    await ok(context, owner, {
      method: "PUT",
      url: "/api/customfield/active",
      payload: { organisationId: org, customFieldId: id },
    });

    const deleted = await ok(context, owner, {
      method: "DELETE",
      url: `/api/customfield/delete?organisationId=${org}&customFieldId=${id}`,
    });
    expect(deleted).toEqual({ success: true, message: "Custom Field Deleted" });
    expect((await list()).customFields.map((f: { _id: string }) => f._id)).not.toContain(id);

    const logs = await ok(context, owner, {
      method: "GET",
      url: `/api/customfield/getCustomFieldLogs?organisationId=${org}&customFieldId=${id}`,
    });
    expect(logs.logs.map((log: { action: string }) => log.action)).toEqual([
      "created",
      "edited",
      "deactivated",
      "activated",
      "deleted",
    ]);
    expect(logs.logs.at(-1)).toMatchObject({ _id: "deleted", latest: true });
  });

  test.each([
    [{ type: "shorttext", applicableFor: "item" }, "Name is required"],
    [{ name: "No Type", applicableFor: "item" }, "Type is required"],
    [{ name: "No Target", type: "number" }, "Applicable For is required"],
    [
      { name: "Long", type: "shorttext", applicableFor: "item", description: "x".repeat(101) },
      "Description should not be more than 100 characters for Short Text type",
    ],
    [
      { name: "Longer", type: "longtext", applicableFor: "item", description: "x".repeat(501) },
      "Description should not be more than 500 characters for Long Text type",
    ],
    [
      { name: "Num", type: "number", applicableFor: "item", description: "x".repeat(201) },
      "Description should not be more than 200 characters for Number type",
    ],
  ])("%o is refused: %s", async (payload, message) => {
    const response = await refused(
      context,
      owner,
      { method: "POST", url: "/api/customfield/add", payload: { organisationId: org, ...payload } },
      400,
    );
    expect(response.message).toBe(message);
  });

  test("a name is unique per target; type and target are fixed once added", async () => {
    const id = await addField({ name: "Batch No", type: "shorttext", applicableFor: "item" });
    await addField({ name: "Batch No", type: "shorttext", applicableFor: "purchases" });
    const again = await refused(
      context,
      owner,
      {
        method: "POST",
        url: "/api/customfield/add",
        payload: { organisationId: org, name: "batch no", type: "number", applicableFor: "item" },
      },
      400,
    );
    expect(again.message).toBe('A custom field named "batch no" already exists for Item.');
    const retype = await refused(
      context,
      owner,
      {
        method: "POST",
        url: "/api/customfield/edit",
        payload: {
          organisationId: org,
          customFieldId: id,
          name: "Batch No",
          type: "number",
          applicableFor: "item",
          version: 1,
        },
      },
      400,
    );
    expect(retype.message).toContain("The type of a custom field cannot be changed");
  });

  test("only owners and admins manage fields; every member reads them", async () => {
    const response = await call(context, accountant, {
      method: "POST",
      url: "/api/customfield/add",
      payload: { organisationId: org, name: "Sneaky", type: "number", applicableFor: "item" },
    });
    expect(response.statusCode).toBe(403);
    await ok(context, accountant, {
      method: "GET",
      url: `/api/customfield/getCustomFieldList?organisationId=${org}&limit=10000`,
    });
    const tooMany = await refused(
      context,
      owner,
      {
        method: "GET",
        url: `/api/customfield/getCustomFieldList?organisationId=${org}&limit=10001`,
      },
      400,
    );
    expect(tooMany.message).toBe("Limit must be between 1 and 10000.");
  });

  test("search and paging", async () => {
    await addField({ name: "Vehicle Number", type: "shorttext", applicableFor: "deliveryChallan" });
    await addField({ name: "Vehicle Driver", type: "shorttext", applicableFor: "deliveryChallan" });
    const page = await list("&searchText=vehicle", "&limit=1&skip=1");
    expect(page.count).toBe(2);
    expect(page.customFields.map((f: { name: string }) => f.name)).toEqual(["Vehicle Number"]);
  });
});

describe("custom field values on accounts and items", () => {
  let dueDays: string;
  let approved: string;
  let itemOnly: string;

  beforeAll(async () => {
    dueDays = await addField({ name: "Credit Days", type: "number", applicableFor: "account" });
    approved = await addField({ name: "KYC Done", type: "boolean", applicableFor: "account" });
    itemOnly = await addField({ name: "Shelf Life", type: "number", applicableFor: "item" });
  });

  const addAccount = (name: string, customFieldValues: Record<string, string>) =>
    call(context, owner, {
      method: "POST",
      url: "/api/account/add",
      payload: { organisationId: org, name, nature: "Capital", customFieldValues },
    });

  test("values of the right type are stored trimmed; blanks are dropped", async () => {
    const response = await addAccount("Valued Account", { [dueDays]: " 30 ", [approved]: "" });
    expect(response.statusCode, response.body).toBe(200);
    const { account } = await ok(context, owner, {
      method: "GET",
      url: `/api/account/getsingleaccountdetails?organisationId=${org}&accountId=${response.json().accountId}`,
    });
    expect(account.customFieldValues).toEqual({ [dueDays]: "30" });
  });

  test.each([
    [
      "a value of the wrong type",
      () => ({ [dueDays]: "thirty" }),
      "Credit Days: Value must be a number.",
    ],
    [
      "a yes/no that is neither",
      () => ({ [approved]: "yes" }),
      "KYC Done: Value must be true or false.",
    ],
    [
      "a field for items",
      () => ({ [itemOnly]: "12" }),
      'The custom field "Shelf Life" is for Item, not for Account.',
    ],
    [
      "an unknown field",
      () => ({ "0190aaaa-0000-7000-8000-000000000000": "1" }),
      "This custom field does not exist in the organisation.",
    ],
  ])("%s is refused", async (_what, values, message) => {
    const response = await addAccount(`Refused ${message.length}`, values());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  test("an inactive field takes no new value, but a value already held is kept on edit", async () => {
    const held = await addAccount("Held Value", { [dueDays]: "45" });
    const accountId = held.json().accountId;
    await ok(context, owner, {
      method: "PUT",
      url: "/api/customfield/inactive",
      payload: { organisationId: org, customFieldId: dueDays },
    });
    const fresh = await addAccount("Fresh Value", { [dueDays]: "10" });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().message).toBe(
      'The custom field "Credit Days" is inactive; make it active to fill it in.',
    );
    const edit = (value: string, version: number) =>
      call(context, owner, {
        method: "PUT",
        url: "/api/account/edit",
        payload: {
          organisationId: org,
          accountId,
          name: "Held Value",
          nature: "Capital",
          customFieldValues: { [dueDays]: value },
          version,
        },
      });
    expect((await edit("45", 1)).statusCode).toBe(200);
    expect((await edit("46", 2)).statusCode).toBe(400);
    await ok(context, owner, {
      method: "PUT",
      url: "/api/customfield/active",
      payload: { organisationId: org, customFieldId: dueDays },
    });
  });

  test("items take item fields", async () => {
    const response = await call(context, owner, {
      method: "POST",
      url: "/api/item/add",
      payload: {
        organisationId: org,
        name: "Milk Packet",
        type: "goods",
        customFieldValues: { [itemOnly]: "3" },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().item.customFieldValues).toEqual({ [itemOnly]: "3" });
    const wrong = await call(context, owner, {
      method: "POST",
      url: "/api/item/add",
      payload: {
        organisationId: org,
        name: "Curd Packet",
        type: "goods",
        customFieldValues: { [dueDays]: "3" },
      },
    });
    expect(wrong.json().message).toBe(
      'The custom field "Credit Days" is for Account, not for Item.',
    );
  });
});
