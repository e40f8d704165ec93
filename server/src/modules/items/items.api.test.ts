import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { insertAccount } from "../../../test/books.ts";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { call, makeGstin, ok, refused, salesInvoicePayload } from "../accounts/masters.test-kit.ts";

let context: TestContext;
let owner: Person;
let viewer: Person;
/** Manages inventory; GST-registered regular in Maharashtra. */
let org: string;
/** Does not manage inventory. */
let servicesOrg: string;
let ravi: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  viewer = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    gstRegistered: true,
    gstin: makeGstin("27", "AAPFU0939F"),
    gstRegType: "regular",
    startingYear: "2025-26",
    manageInventory: true,
  }));
  ({ organisationId: servicesOrg } = await createOrganisation(context, owner.cookies, {
    manageInventory: false,
  }));
  await addMember(context, owner, org, viewer, "viewer");
  ravi = await insertAccount(context, org, {
    name: "Ravi Stores",
    nature: "Debtors",
    stateCode: "27",
  });
});
afterAll(() => context.close());

const add = (payload: Record<string, unknown>, person = owner) =>
  call(context, person, {
    method: "POST",
    url: "/api/item/add",
    // The organisation is GST-registered: its items carry a rate (issue 40), 18 % unless given.
    payload: { organisationId: org, gstRate: 18, ...payload },
  });

async function addOk(payload: Record<string, unknown>): Promise<string> {
  const response = await add(payload);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({
    success: true,
    message: "Successfully added the new item.",
  });
  return response.json().itemId;
}

async function details(itemId: string) {
  return (
    await ok(context, owner, {
      method: "GET",
      url: `/api/item/getsingleitemdetails?organisationId=${org}&itemId=${itemId}`,
    })
  ).item;
}

async function listed(query = "") {
  return (
    await ok(context, owner, {
      method: "GET",
      url: `/api/item/itemlist?organisationId=${org}${query}`,
    })
  ).items as { _id: string; name: string; stockQuantity?: number; stockValue?: number }[];
}

describe("adding and editing items", () => {
  test("every field of api.md 'Item' round-trips, in rupees, percentages and units", async () => {
    const id = await addOk({
      name: "Steel Rod 12mm",
      description: "TMT bar, Fe 500",
      type: "goods",
      openingBalanceQuantity: 12.5,
      openingBalanceAmount: 8125.5,
      uom: "kgs",
      standardSellingPrice: 72.25,
      standardSaleDiscount: 2.5,
      standardPurchasePrice: 61,
      standardPurchaseDiscount: 1.25,
      hsnCode: "7214",
      gstRate: 18,
      cessRate: 1,
      itcNotEligible: true,
    });
    expect(await details(id)).toEqual({
      _id: id,
      organisationId: org,
      name: "Steel Rod 12mm",
      description: "TMT bar, Fe 500",
      type: "goods",
      openingBalanceQuantity: 12.5,
      openingBalanceAmount: 8125.5,
      uom: "KGS",
      standardSellingPrice: 72.25,
      standardSaleDiscount: 2.5,
      standardPurchasePrice: 61,
      standardPurchaseDiscount: 1.25,
      hsnCode: "7214",
      sacCode: null,
      gstRate: 18,
      cessRate: 1,
      itcNotEligible: true,
      customFieldValues: {},
      active: true,
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  test("services take a SAC code and keep no stock", async () => {
    const id = await addOk({
      name: "Installation Service",
      type: "services",
      sacCode: "998719",
      gstRate: 18,
      openingBalanceQuantity: 3,
      openingBalanceAmount: 300,
    });
    expect(await details(id)).toMatchObject({
      sacCode: "998719",
      hsnCode: null,
      openingBalanceQuantity: 0,
      openingBalanceAmount: 0,
    });
  });

  test.each([
    [{ type: "goods" }, "Item Name is Required!."],
    [{ name: "x".repeat(51), type: "goods" }, "Item Name cannot be more than 50 characters."],
    [{ name: "No Type" }, "Item type must be goods or services."],
    [
      { name: "Big Discount", type: "goods", standardSaleDiscount: 100.5 },
      "Discount cannot be more than 100.",
    ],
    [
      { name: "Sac Goods", type: "goods", sacCode: "998719" },
      "Goods take an HSN code, not a SAC code.",
    ],
    [{ name: "Long Hsn", type: "goods", hsnCode: "123456789" }, "HSN code must be up to 8 digits."],
    [
      { name: "Long Sac", type: "services", sacCode: "9987191" },
      "SAC code must be up to 6 digits.",
    ],
    [
      { name: "Bad Unit", type: "goods", uom: "XYZ" },
      "This is not one of the GST unit codes (UQC).",
    ],
    [
      { name: "Bad Rate", type: "goods", gstRate: 17.125 },
      "GST rate must be a percentage, -1 (Exempt) or -2 (none).",
    ],
    [{ name: "Bad Cess", type: "goods", cessRate: -1 }, "Cess rate cannot be negative."],
  ])("%o is refused", async (payload, message) => {
    const response = await add(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
  });

  test("items share the accounts' name space, with the account check's message (spec 5 'Item')", async () => {
    await addOk({ name: "Cement Bag", type: "goods" });
    for (const name of ["cement bag", "Ravi Stores", "CASH"]) {
      const response = await add({ name, type: "goods" });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("An account with same name already exists.");
    }
    const check = await ok(context, owner, {
      method: "GET",
      url: `/api/account/accountnameavailablecheck?organisationId=${org}&name=Cement%20Bag`,
    });
    expect(check.available).toBe(false);
  });

  test("an edit saves a new version; a stale one gets 409", async () => {
    const id = await addOk({ name: "Paint Can", type: "goods", gstRate: 18 });
    const edited = await ok(context, owner, {
      method: "POST",
      url: "/api/item/edit",
      payload: {
        organisationId: org,
        itemId: id,
        name: "Paint Can 1L",
        type: "goods",
        gstRate: 28,
        version: 1,
      },
    });
    expect(edited).toMatchObject({
      success: true,
      message: "Successfully edited item.",
      itemId: id,
    });
    expect(await details(id)).toMatchObject({ name: "Paint Can 1L", gstRate: 28, version: 2 });
    const stale = await refused(
      context,
      owner,
      {
        method: "POST",
        url: "/api/item/edit",
        payload: {
          organisationId: org,
          itemId: id,
          name: "Paint Can 2L",
          type: "goods",
          gstRate: 28,
          version: 1,
        },
      },
      409,
    );
    expect(stale.message).toBe(
      "This record was changed by someone else. Refresh to see the latest.",
    );
    const logs = await ok(context, owner, {
      method: "GET",
      url: `/api/item/itemslog?organisationId=${org}&itemId=${id}`,
    });
    expect(
      logs.logs.map((log: { action: string; first: boolean; latest: boolean }) => [
        log.action,
        log.first,
        log.latest,
      ]),
    ).toEqual([
      ["created", true, false],
      ["edited", false, true],
    ]);
  });

  test("a viewer may list items but not add them", async () => {
    const response = await add({ name: "Viewer Item", type: "goods" }, viewer);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      "You do not have the right to do this in this organisation.",
    );
    await ok(context, viewer, { method: "GET", url: `/api/item/itemlist?organisationId=${org}` });
  });
});

describe("lists and stock", () => {
  test("the stock in hand is the opening less what was sold, valued at average cost", async () => {
    // 10 bags opening at ₹3,000 (₹300 each); a sale of 2 leaves 8 bags worth ₹2,400.
    const id = await addOk({
      name: "Rice Bag 25kg",
      type: "goods",
      gstRate: 18,
      openingBalanceQuantity: 10,
      openingBalanceAmount: 3000,
    });
    await ok(context, owner, {
      method: "POST",
      url: "/api/salesinvoice/add",
      payload: salesInvoicePayload(org, ravi, id, 2),
    });
    expect((await listed()).find((item) => item._id === id)).toMatchObject({
      stockQuantity: 8,
      stockValue: 2400,
    });
  });

  test("search, type and active filters", async () => {
    const id = await addOk({
      name: "Copper Wire",
      type: "goods",
      hsnCode: "7408",
      description: "Electrical",
    });
    expect((await listed("&searchText=copper")).map((item) => item._id)).toEqual([id]);
    expect((await listed("&searchText=7408")).map((item) => item._id)).toEqual([id]);
    expect((await listed("&type=services")).every((item) => item.name !== "Copper Wire")).toBe(
      true,
    );
    await ok(context, owner, {
      method: "PUT",
      url: "/api/item/inactive",
      payload: { organisationId: org, itemId: id },
    });
    expect((await listed("&active=true")).map((item) => item._id)).not.toContain(id);
    expect((await listed("&active=false")).map((item) => item._id)).toContain(id);
    const active = await ok(context, owner, {
      method: "PUT",
      url: "/api/item/active",
      payload: { organisationId: org, itemId: id },
    });
    expect(active.item).toMatchObject({ active: true, version: 3 });
  });

  test("an organisation that does not manage inventory gets no stock figures", async () => {
    await ok(context, owner, {
      method: "POST",
      url: "/api/item/add",
      payload: {
        organisationId: servicesOrg,
        name: "Consulting Hour",
        type: "services",
        sacCode: "998311",
      },
    });
    const { items } = await ok(context, owner, {
      method: "GET",
      url: `/api/item/itemlist?organisationId=${servicesOrg}`,
    });
    expect(items).toHaveLength(1);
    expect(items[0]).not.toHaveProperty("stockQuantity");
  });
});

describe("a GST rate is required in a GST-registered organisation (issue 40)", () => {
  test("an item without one is refused on add and on edit, and nothing is saved; Exempt is a rate", async () => {
    const message = "Choose the item's GST rate (or Exempt): the organisation is GST-registered.";
    const { gstRate: _none, ...withoutRate } = {
      name: "Basmati Rice 25 Kg",
      type: "goods",
      gstRate: 0,
    };
    const refusedAdd = await call(context, owner, {
      method: "POST",
      url: "/api/item/add",
      payload: { organisationId: org, ...withoutRate },
    });
    expect(refusedAdd.statusCode).toBe(400);
    expect(refusedAdd.json()).toEqual({ message, errors: [{ path: "gstRate", message }] });
    expect((await listed()).map((item) => item.name)).not.toContain("Basmati Rice 25 Kg");

    const id = await addOk({ name: "Basmati Rice 25 Kg", type: "goods", gstRate: 5 });
    const refusedEdit = await call(context, owner, {
      method: "POST",
      url: "/api/item/edit",
      payload: {
        organisationId: org,
        itemId: id,
        name: "Basmati Rice 25 Kg",
        type: "goods",
        version: 1,
      },
    });
    expect(refusedEdit.statusCode).toBe(400);
    expect(refusedEdit.json().message).toBe(message);
    expect(await details(id)).toMatchObject({ gstRate: 5, version: 1 });

    expect(await addOk({ name: "Fresh Vegetables", type: "goods", gstRate: -1 })).toBeTruthy();
    // An organisation not registered for GST keeps items without a rate.
    const plain = await call(context, owner, {
      method: "POST",
      url: "/api/item/add",
      payload: { organisationId: servicesOrg, name: "Consulting", type: "services" },
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });
});

describe("deleting items", () => {
  test("an unused item is deleted softly and leaves the list", async () => {
    const id = await addOk({ name: "Old Stock Line", type: "goods" });
    const response = await ok(context, owner, {
      method: "DELETE",
      url: `/api/item/delete?organisationId=${org}&itemId=${id}`,
    });
    expect(response).toEqual({ success: true, message: "Item Deleted Successfully." });
    expect((await listed()).map((item) => item._id)).not.toContain(id);
    await refused(
      context,
      owner,
      { method: "GET", url: `/api/item/getsingleitemdetails?organisationId=${org}&itemId=${id}` },
      404,
    );
    await addOk({ name: "Old Stock Line", type: "goods" });
  });

  test("an item a live sales invoice uses cannot be deleted until the invoice goes", async () => {
    const id = await addOk({ name: "Sold Item", type: "goods", gstRate: 18 });
    const invoice = await ok(context, owner, {
      method: "POST",
      url: "/api/salesinvoice/add",
      payload: salesInvoicePayload(org, ravi, id, 1),
    });
    const refusal = await refused(
      context,
      owner,
      { method: "DELETE", url: `/api/item/delete?organisationId=${org}&itemId=${id}` },
      409,
    );
    expect(refusal.message).toBe(
      `This item cannot be deleted: it is used in Sales Invoice ${invoice.number}. Delete that entry or change its item first.`,
    );
    await ok(context, owner, {
      method: "DELETE",
      url: `/api/salesinvoice/delete?organisationId=${org}&entryIds[]=${invoice.entryId}`,
    });
    await ok(context, owner, {
      method: "DELETE",
      url: `/api/item/delete?organisationId=${org}&itemId=${id}`,
    });
  });

  test("a service item (no stock movement) named in an invoice is in use too", async () => {
    const id = await addOk({
      name: "Delivery Charge",
      type: "services",
      sacCode: "996511",
      gstRate: 18,
    });
    await ok(context, owner, {
      method: "POST",
      url: "/api/salesinvoice/add",
      payload: salesInvoicePayload(org, ravi, id, 1),
    });
    const refusal = await refused(
      context,
      owner,
      { method: "DELETE", url: `/api/item/delete?organisationId=${org}&itemId=${id}` },
      409,
    );
    expect(refusal.message).toContain("it is used in Sales Invoice");
  });
});
