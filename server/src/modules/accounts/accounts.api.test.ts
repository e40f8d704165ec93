import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { call, makeGstin, ok, refused, salesInvoicePayload } from "./masters.test-kit.ts";

let context: TestContext;
let owner: Person;
let viewer: Person;
/** GST-registered, regular, in Maharashtra. */
let org: string;
/** Not GST-registered. */
let plainOrg: string;

const ORG_GSTIN = makeGstin("27", "AAPFU0939F");
const KARNATAKA_GSTIN = makeGstin("29", "AAGCB7383J");

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  viewer = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    gstRegistered: true,
    gstin: ORG_GSTIN,
    gstRegType: "regular",
    startingYear: "2025-26",
  }));
  ({ organisationId: plainOrg } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
  }));
  await addMember(context, owner, org, viewer, "viewer");
});
afterAll(() => context.close());

const add = (payload: Record<string, unknown>, person = owner) =>
  call(context, person, { method: "POST", url: "/api/account/add", payload });

async function addOk(payload: Record<string, unknown>): Promise<string> {
  const response = await add({ organisationId: org, ...payload });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body).toMatchObject({ success: true, message: "Successfully added a new account." });
  return body.accountId;
}

async function details(accountId: string, organisationId = org) {
  return (
    await ok(context, owner, {
      method: "GET",
      url: `/api/account/getsingleaccountdetails?organisationId=${organisationId}&accountId=${accountId}`,
    })
  ).account;
}

/** An edit from the account's current version, unless the test names one. */
async function edit(payload: Record<string, unknown>) {
  const version =
    payload.version ?? (await details(String(payload.accountId)).catch(() => undefined))?.version;
  return call(context, owner, {
    method: "PUT",
    url: "/api/account/edit",
    payload: { organisationId: org, ...payload, version: version ?? 1 },
  });
}

async function systemAccount(name: string): Promise<string> {
  const { accounts } = await ok(context, owner, {
    method: "GET",
    url: `/api/account/accountslist?organisationId=${org}`,
  });
  const found = accounts.find((account: { name: string }) => account.name === name);
  if (!found) throw new Error(`no account ${name}`);
  return found._id;
}

const party = {
  nature: "Debtors",
  gstType: "regular",
  gstin: KARNATAKA_GSTIN,
};

describe("adding an account", () => {
  test("a debtor with a GSTIN takes its state and PAN from it (spec 4 'Account modal')", async () => {
    const id = await addOk({
      name: "Bharat Steel Works",
      ...party,
      gstin: KARNATAKA_GSTIN.toLowerCase(),
      openingBalance: 2500.5,
      openingBalanceType: "dr",
      billingAddress: "4 MG Road, Bengaluru",
      billingCity: "Bengaluru",
      billingPincode: "560001",
      shippingCity: "Mysuru",
      shippingPincode: " 570001 ",
      mobileNo: "098765 43210",
      email: "accounts@bharatsteel.in",
      tan: "blrb12345c",
    });
    expect(await details(id)).toMatchObject({
      _id: id,
      name: "Bharat Steel Works",
      displayName: "Bharat Steel Works",
      nature: "Debtors",
      gstin: KARNATAKA_GSTIN,
      state: "29",
      pan: "AAGCB7383J",
      tan: "BLRB12345C",
      mobileNo: "9876543210",
      billingCity: "Bengaluru",
      billingPincode: "560001",
      shippingCity: "Mysuru",
      shippingPincode: "570001",
      openingBalance: 2500.5,
      openingBalanceType: "dr",
      gstType: "regular",
      active: true,
      isSystem: false,
      version: 1,
    });
  });

  test("a PAN given with the GSTIN is kept; a state other than the GSTIN's is refused", async () => {
    const id = await addOk({ name: "Own Pan Traders", ...party, pan: "ABCDE1234F" });
    expect((await details(id)).pan).toBe("ABCDE1234F");
    const wrongState = await add({
      organisationId: org,
      name: "Wrong State",
      ...party,
      state: "27",
    });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().message).toBe(
      "The state must be the one the GSTIN belongs to: 29 Karnataka.",
    );
  });

  test("a credit opening balance is stored signed (spec 3: negative is credit)", async () => {
    const id = await addOk({
      name: "Partner Capital",
      nature: "Capital",
      openingBalance: 100000,
      openingBalanceType: "cr",
    });
    expect(await details(id)).toMatchObject({ openingBalance: -100000, openingBalanceType: "cr" });
  });

  test("the sign alone carries the side (spec 3; issue 18)", async () => {
    const credit = await addOk({
      name: "Signed Capital",
      nature: "Capital",
      openingBalance: -2500,
    });
    expect(await details(credit)).toMatchObject({
      openingBalance: -2500,
      openingBalanceType: "cr",
    });
    const debit = await addOk({
      name: "Signed Deposit",
      nature: "Current Assets",
      openingBalance: 75,
    });
    expect(await details(debit)).toMatchObject({ openingBalance: 75, openingBalanceType: "dr" });
    const agreeing = await addOk({
      name: "Signed Loan",
      nature: "Secured Loan",
      openingBalance: -40,
      openingBalanceType: "cr",
    });
    expect(await details(agreeing)).toMatchObject({ openingBalance: -40 });
  });

  test.each([
    [{ nature: "Debtors" }, "Account Name is Required!."],
    [{ name: "   ", nature: "Debtors" }, "Account Name is Required!."],
    [{ name: "No Nature" }, "Nature of Account is Required!."],
    [
      { name: "Bad Nature", nature: "Friends" },
      "Nature of Account must be one of the account groups, such as Debtors or Sales.",
    ],
    [
      { name: "Wrong Side", nature: "Capital", openingBalance: -10, openingBalanceType: "dr" },
      "A negative opening balance is a credit; it cannot be of type Debit.",
    ],
    [
      {
        name: "Short Mobile",
        nature: "Creditors",
        gstType: "unregistered",
        state: "27",
        mobileNo: "98765",
      },
      "Mobile number must be exactly 10 digits.",
    ],
    [
      {
        name: "Bad Pan",
        nature: "Creditors",
        gstType: "unregistered",
        state: "27",
        pan: "AAPF00939F",
      },
      "PAN is not valid.",
    ],
    [
      {
        name: "Bad Tan",
        nature: "Creditors",
        gstType: "unregistered",
        state: "27",
        tan: "ABC123456D",
      },
      "TAN is not valid.",
    ],
    [
      { name: "x".repeat(101), nature: "Capital" },
      "Account Name cannot be more than 100 characters.",
    ],
    [
      {
        name: "Long Address",
        nature: "Creditors",
        gstType: "unregistered",
        state: "27",
        billingAddress: "x".repeat(301),
      },
      "Billing address cannot be more than 300 characters.",
    ],
    [
      { name: "Zero Pin", ...party, billingPincode: "056001" },
      "Pincode must be 6 digits and cannot start with 0.",
    ],
    [
      { name: "Short Pin", ...party, shippingPincode: "56001" },
      "Pincode must be 6 digits and cannot start with 0.",
    ],
    [{ name: "Bad Gstin", ...party, gstin: "29AAGCB7383J1Z0" }, "GSTIN is not valid."],
  ])("%o is refused: %s", async (payload, message) => {
    const response = await add({ organisationId: org, ...payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
  });

  test("a GST-registered regular organisation needs the registration type and state of a party (spec 5)", async () => {
    const neither = await add({ organisationId: org, name: "Unknown Party", nature: "Creditors" });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual([
      { path: "gstType", message: "GST Registration Type is Required!." },
      { path: "state", message: "Please select state." },
    ]);
    const noState = await add({
      organisationId: org,
      name: "Unknown Party",
      nature: "Creditors",
      gstType: "unregistered",
    });
    expect(noState.json().message).toBe("Please select state.");
    // Overseas parties have no Indian state; other natures need neither.
    await addOk({ name: "Dubai Imports LLC", nature: "Creditors", gstType: "overseas" });
    await addOk({ name: "Office Rent", nature: "Indirect Expense", gstRate: 18 });
  });

  test("an organisation not registered for GST asks neither", async () => {
    const response = await add({
      organisationId: plainOrg,
      name: "Local Customer",
      nature: "Debtors",
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  test("names are unique without regard to case or spaces, against accounts and items alike", async () => {
    await addOk({
      name: "Sharma & Sons",
      nature: "Creditors",
      gstType: "unregistered",
      state: "27",
    });
    for (const name of ["sharma & sons", "  SHARMA & SONS "]) {
      const again = await add({ organisationId: org, name, nature: "Capital" });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        message: "An account with same name already exists.",
        errors: [{ path: "name", message: "An account with same name already exists." }],
      });
    }
    // The system accounts' names are taken too.
    expect((await add({ organisationId: org, name: "cash", nature: "Cash" })).statusCode).toBe(400);
    const item = await ok(context, owner, {
      method: "POST",
      url: "/api/item/add",
      payload: { organisationId: org, name: "Teak Wood", type: "goods", gstRate: 18 },
    });
    const clash = await add({ organisationId: org, name: "teak wood", nature: "Purchases" });
    expect(clash.json().message).toBe("An account with same name already exists.");
    expect(item.itemId).toBeTruthy();
    // Another organisation may use the name.
    const elsewhere = await add({
      organisationId: plainOrg,
      name: "Sharma & Sons",
      nature: "Capital",
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  test("the name check answers availability, ignoring the record being edited", async () => {
    const id = await addOk({ name: "Gupta Agencies", nature: "Capital" });
    const check = (query: string) =>
      ok(context, owner, {
        method: "GET",
        url: `/api/account/accountnameavailablecheck?organisationId=${org}&${query}`,
      });
    expect(await check("name=GUPTA%20AGENCIES")).toEqual({
      available: false,
      message: "An account with same name already exists.",
    });
    expect(await check(`name=gupta%20agencies&id=${id}`)).toEqual({ available: true });
    expect(await check("name=Nobody%20Yet&id=")).toEqual({ available: true });
    expect(await check("name=Teak%20Wood")).toMatchObject({ available: false });
  });

  test("the GSTIN check names the other account using it", async () => {
    const gstin = makeGstin("27", "AAACR5055K");
    const first = await addOk({ name: "Reliance Retail", ...party, gstin });
    const check = (query: string) =>
      ok(context, owner, {
        method: "GET",
        url: `/api/account/gstinalreadypresent?organisationId=${org}&${query}`,
      });
    expect(await check(`gstin=${gstin.toLowerCase()}`)).toEqual({
      alreadyPresent: true,
      accountName: "Reliance Retail",
      accountId: first,
    });
    expect(await check(`gstin=${gstin}&accountId=${first}`)).toEqual({ alreadyPresent: false });
    // A second account with the same GSTIN is only a warning on screen; the save is allowed.
    await addOk({ name: "Reliance Retail Branch", ...party, gstin });
    const bad = await refused(
      context,
      owner,
      { method: "GET", url: `/api/account/gstinalreadypresent?organisationId=${org}&gstin=27AAA` },
      400,
    );
    expect(bad.message).toBe("GSTIN should be of exactly 15 characters.");
  });

  test("a viewer cannot add accounts, but can list them", async () => {
    const response = await add(
      { organisationId: org, name: "Viewer's Account", nature: "Capital" },
      viewer,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      "You do not have the right to do this in this organisation.",
    );
    const list = await ok(context, viewer, {
      method: "GET",
      url: `/api/account/accountslist?organisationId=${org}`,
    });
    expect(list.accounts.map((a: { name: string }) => a.name)).not.toContain("Viewer's Account");
  });
});

describe("editing an account", () => {
  test("changing nature away from Debtors clears the party's details; away from expense clears the rate", async () => {
    const id = await addOk({
      name: "Mehta Trading",
      ...party,
      billingAddress: "1 Brigade Road",
      shippingAddress: "2 Brigade Road",
      mobileNo: "9876543210",
      email: "mehta@example.in",
      tan: "BLRM12345C",
      gstRegDate: "2019-04-01",
      gstRegStatus: "Active",
      gstRate: 18,
    });
    expect((await details(id)).gstRate).toBe(-2); // a debtor keeps no GST rate
    const response = await edit({
      accountId: id,
      name: "Mehta Trading",
      nature: "Indirect Expense",
      gstType: "regular",
      gstin: KARNATAKA_GSTIN,
      pan: "AAGCB7383J",
      billingAddress: "1 Brigade Road",
      mobileNo: "9876543210",
      email: "mehta@example.in",
      gstRate: 12,
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe("Successfully edited account.");
    expect(await details(id)).toMatchObject({
      nature: "Indirect Expense",
      gstin: null,
      pan: null,
      tan: null,
      billingAddress: null,
      shippingAddress: null,
      mobileNo: null,
      email: null,
      gstRegDate: null,
      gstRegStatus: null,
      gstRate: 12,
      version: 2,
    });
    await edit({
      accountId: id,
      name: "Mehta Trading",
      nature: "Capital",
      gstRate: 12,
      version: 2,
    });
    expect((await details(id)).gstRate).toBe(-2);
  });

  test("an edit without the version it started from is refused with 400 (issue 26)", async () => {
    const id = await addOk({ name: "Versionless", nature: "Capital" });
    const response = await call(context, owner, {
      method: "PUT",
      url: "/api/account/edit",
      payload: { organisationId: org, accountId: id, name: "Last Write Wins", nature: "Capital" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "The version this edit started from is required. Please reload and edit again.",
    );
    expect(await details(id)).toMatchObject({ name: "Versionless", version: 1 });
  });

  test("an edit from an old version is refused with 409 and changes nothing", async () => {
    const id = await addOk({ name: "Version Check", nature: "Capital" });
    expect(
      (await edit({ accountId: id, name: "Version Check 2", nature: "Capital", version: 1 }))
        .statusCode,
    ).toBe(200);
    const stale = await edit({
      accountId: id,
      name: "Version Check 3",
      nature: "Capital",
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "This record was changed by someone else. Refresh to see the latest.",
    );
    expect((await details(id)).name).toBe("Version Check 2");
  });

  test("a rename may not take another's name; keeping its own is fine", async () => {
    const id = await addOk({ name: "Rename Me", nature: "Capital" });
    expect((await edit({ accountId: id, name: "cash", nature: "Capital" })).json().message).toBe(
      "An account with same name already exists.",
    );
    expect((await edit({ accountId: id, name: "RENAME ME", nature: "Capital" })).statusCode).toBe(
      200,
    );
  });

  test("a system account can be renamed but not moved to another group", async () => {
    const cash = await systemAccount("Cash");
    const moved = await edit({ accountId: cash, name: "Cash", nature: "Bank" });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe("The nature of a system account cannot be changed.");
    expect((await edit({ accountId: cash, name: "Cash in Hand", nature: "Cash" })).statusCode).toBe(
      200,
    );
    expect((await details(cash)).name).toBe("Cash in Hand");
  });

  test("an unknown account is a 404", async () => {
    const response = await edit({
      accountId: "0190aaaa-0000-7000-8000-000000000000",
      name: "X",
      nature: "Capital",
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("This account does not exist or has been deleted.");
  });
});

describe("active, inactive, contacts", () => {
  test("an account made inactive lists among the inactive, and back", async () => {
    const id = await addOk({
      name: "Seasonal Supplier",
      nature: "Creditors",
      gstType: "unregistered",
      state: "27",
    });
    const inactive = await ok(context, owner, {
      method: "PUT",
      url: "/api/account/inactive",
      payload: { organisationId: org, accountId: id },
    });
    expect(inactive.account).toMatchObject({ active: false, version: 2 });
    const list = (active: boolean) =>
      ok(context, owner, {
        method: "GET",
        url: `/api/account/accountslist?organisationId=${org}&active=${active}`,
      });
    expect((await list(false)).accounts.map((a: { _id: string }) => a._id)).toContain(id);
    expect((await list(true)).accounts.map((a: { _id: string }) => a._id)).not.toContain(id);
    await ok(context, owner, {
      method: "PUT",
      url: "/api/account/active",
      payload: { organisationId: org, accountId: id },
    });
    expect((await details(id)).active).toBe(true);
    const cash = await systemAccount("Sales");
    const system = await refused(
      context,
      owner,
      {
        method: "PUT",
        url: "/api/account/inactive",
        payload: { organisationId: org, accountId: cash },
      },
      400,
    );
    expect(system.message).toBe(
      "This is a system account, which the books need; it cannot be made inactive.",
    );
  });

  test("email and phone of a debtor are saved with the spec's messages and checks", async () => {
    const id = await addOk({
      name: "Contact Party",
      nature: "Debtors",
      gstType: "unregistered",
      state: "27",
    });
    const email = await ok(context, owner, {
      method: "PATCH",
      url: "/api/account/addemail",
      payload: { organisationId: org, accountId: id, email: " billing@contact.in " },
    });
    expect(email).toMatchObject({ success: true, message: "Email address saved successfully" });
    const phone = await ok(context, owner, {
      method: "PATCH",
      url: "/api/account/addphone",
      payload: { organisationId: org, accountId: id, phone: "+91 98765-43210" },
    });
    expect(phone).toMatchObject({ success: true, message: "Phone number saved successfully" });
    expect(await details(id)).toMatchObject({
      email: "billing@contact.in",
      mobileNo: "9876543210",
    });

    const badEmail = await refused(
      context,
      owner,
      {
        method: "PATCH",
        url: "/api/account/addemail",
        payload: { organisationId: org, accountId: id, email: "billing@" },
      },
      400,
    );
    expect(badEmail.message).toBe("Please enter a valid email address");
    const badPhone = await refused(
      context,
      owner,
      {
        method: "PATCH",
        url: "/api/account/addphone",
        payload: { organisationId: org, accountId: id, phone: "98765" },
      },
      400,
    );
    expect(badPhone.message).toBe("Please enter a valid phone number (minimum 10 digits)");
    const emptyPhone = await refused(
      context,
      owner,
      {
        method: "PATCH",
        url: "/api/account/addphone",
        payload: { organisationId: org, accountId: id, phone: " " },
      },
      400,
    );
    expect(emptyPhone.message).toBe("Please enter a valid phone number");
    const notParty = await refused(
      context,
      owner,
      {
        method: "PATCH",
        url: "/api/account/addemail",
        payload: { organisationId: org, accountId: await systemAccount("Sales"), email: "a@b.in" },
      },
      400,
    );
    expect(notParty.message).toBe(
      "Only Debtor and Creditor accounts keep an email address and phone number.",
    );
  });
});

describe("deleting an account", () => {
  let ravi: string;
  let rice: string;

  beforeAll(async () => {
    ravi = await addOk({ name: "Ravi Stores", nature: "Debtors", gstType: "regular", state: "27" });
    rice = (
      await ok(context, owner, {
        method: "POST",
        url: "/api/item/add",
        payload: {
          organisationId: org,
          name: "Basmati Rice",
          type: "goods",
          gstRate: 18,
          uom: "kgs",
        },
      })
    ).itemId;
  });

  test("an unused account is deleted softly and its name freed", async () => {
    const id = await addOk({ name: "Short Lived", nature: "Capital" });
    const response = await ok(context, owner, {
      method: "DELETE",
      url: `/api/account/delete?organisationId=${org}&accountId=${id}`,
    });
    expect(response).toEqual({ success: true, message: "Account Deleted Successfully." });
    await refused(
      context,
      owner,
      {
        method: "GET",
        url: `/api/account/getsingleaccountdetails?organisationId=${org}&accountId=${id}`,
      },
      404,
    );
    const row = await context.testDatabase.database.db
      .selectFrom("accounts")
      .select(["deleted_at", "version"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(row.version).toBe(2);
    await addOk({ name: "Short Lived", nature: "Capital" });
    const logs = await ok(context, owner, {
      method: "GET",
      url: `/api/account/accountslog?organisationId=${org}&accountId=${id}`,
    });
    expect(logs.logs).toEqual([
      expect.objectContaining({
        _id: id,
        version: 1,
        first: true,
        latest: false,
        action: "created",
        userName: owner.name,
      }),
      expect.objectContaining({
        _id: "deleted",
        version: 2,
        first: false,
        latest: true,
        action: "deleted",
      }),
    ]);
  });

  test("an account a live sales invoice uses cannot be deleted until the invoice goes", async () => {
    const invoice = await ok(context, owner, {
      method: "POST",
      url: "/api/salesinvoice/add",
      payload: salesInvoicePayload(org, ravi, rice),
    });
    const refusal = await refused(
      context,
      owner,
      { method: "DELETE", url: `/api/account/delete?organisationId=${org}&accountId=${ravi}` },
      409,
    );
    expect(refusal.message).toBe(
      `This account cannot be deleted: it is used in Sales Invoice ${invoice.number}. Delete that entry or change its account first.`,
    );
    // The system Sales account is refused for being a system account before anything else.
    const sales = await refused(
      context,
      owner,
      {
        method: "DELETE",
        url: `/api/account/delete?organisationId=${org}&accountId=${await systemAccount("Sales")}`,
      },
      400,
    );
    expect(sales.message).toBe(
      "This is a system account, which the books need; it cannot be deleted.",
    );
    // Once the invoice is deleted, the account is free to go.
    await ok(context, owner, {
      method: "DELETE",
      url: `/api/salesinvoice/delete?organisationId=${org}&entryIds[]=${invoice.entryId}`,
    });
    await ok(context, owner, {
      method: "DELETE",
      url: `/api/account/delete?organisationId=${org}&accountId=${ravi}`,
    });
  });

  test("an account named only in a quotation's lines (which post nothing) is in use too", async () => {
    const freight = await addOk({
      name: "Freight Outward",
      nature: "Indirect Income",
      gstRate: 18,
    });
    const customer = await addOk({
      name: "Quote Customer",
      nature: "Debtors",
      gstType: "regular",
      state: "27",
    });
    const quotation = await call(context, owner, {
      method: "POST",
      url: "/api/otherentries/quotation/add",
      payload: {
        ...salesInvoicePayload(org, customer, rice, 1),
        accountDetails: [{ accountId: freight, amount: 100, gstRate: 18 }],
        grossAmount: 600,
        cgstAmount: 54,
        sgstAmount: 54,
        totalAmount: 708,
      },
    });
    expect(quotation.statusCode, quotation.body).toBe(200);
    const refusal = await refused(
      context,
      owner,
      { method: "DELETE", url: `/api/account/delete?organisationId=${org}&accountId=${freight}` },
      409,
    );
    expect(refusal.message).toContain("it is used in Quotation");
  });
});

describe("opening balances", () => {
  test("many are saved at once and the difference between the sides is reported", async () => {
    const bank = await addOk({ name: "HDFC Bank", nature: "Bank" });
    const loan = await addOk({ name: "SBI Term Loan", nature: "Secured Loan" });
    const before = await ok(context, owner, {
      method: "GET",
      url: `/api/account/openingbalancedifference?organisationId=${plainOrg}`,
    });
    expect(before).toEqual({ totalDebit: 0, totalCredit: 0, difference: 0, differenceType: null });

    const saved = await ok(context, owner, {
      method: "POST",
      url: "/api/account/openingbalances",
      payload: {
        organisationId: org,
        balances: [
          { accountId: bank, openingBalance: 150000.25, openingBalanceType: "dr" },
          { accountId: loan, openingBalance: 50000, openingBalanceType: "cr" },
        ],
      },
    });
    expect(saved).toMatchObject({ success: true, updated: 2 });
    expect(await details(bank)).toMatchObject({ openingBalance: 150000.25, version: 2 });
    expect(await details(loan)).toMatchObject({ openingBalance: -50000, openingBalanceType: "cr" });

    const { accounts } = await ok(context, owner, {
      method: "GET",
      url: `/api/account/accountslist?organisationId=${org}`,
    });
    const sum = (side: number) =>
      accounts
        .map((a: { openingBalance: number }) => a.openingBalance * side)
        .filter((x: number) => x > 0)
        .reduce((total: number, x: number) => Math.round((total + x) * 100) / 100, 0);
    const difference = await ok(context, owner, {
      method: "GET",
      url: `/api/account/openingbalancedifference?organisationId=${org}`,
    });
    expect(difference.totalDebit).toBe(sum(1));
    expect(difference.totalCredit).toBe(sum(-1));
    const net = Math.round((sum(1) - sum(-1)) * 100) / 100;
    expect(difference).toMatchObject({
      difference: Math.abs(net),
      differenceType: net > 0 ? "dr" : "cr",
    });
  });

  test("one bad line refuses the whole save", async () => {
    const bank = await addOk({ name: "Axis Bank", nature: "Bank" });
    const response = await refused(
      context,
      owner,
      {
        method: "POST",
        url: "/api/account/openingbalances",
        payload: {
          organisationId: org,
          balances: [
            { accountId: bank, openingBalance: 10, openingBalanceType: "dr" },
            {
              accountId: "0190aaaa-0000-7000-8000-000000000000",
              openingBalance: 10,
              openingBalanceType: "cr",
            },
          ],
        },
      },
      400,
    );
    expect(response.errors).toEqual([
      { path: "balances.1.accountId", message: "This account does not exist or has been deleted." },
    ]);
    expect((await details(bank)).openingBalance).toBe(0);
    await ok(context, owner, {
      method: "POST",
      url: "/api/account/openingbalances",
      payload: { organisationId: org, balances: [{ accountId: bank, openingBalance: -10 }] },
    });
    expect((await details(bank)).openingBalance).toBe(-10);
    const noSide = await refused(
      context,
      owner,
      {
        method: "POST",
        url: "/api/account/openingbalances",
        payload: {
          organisationId: org,
          balances: [{ accountId: bank, openingBalance: -10, openingBalanceType: "dr" }],
        },
      },
      400,
    );
    expect(noSide.message).toBe(
      "A negative opening balance is a credit; it cannot be of type Debit.",
    );
  });
});

describe("lists", () => {
  test("balances as at a date add the opening and the entries up to that day", async () => {
    const customer = await addOk({
      name: "Balance Customer",
      nature: "Debtors",
      gstType: "regular",
      state: "27",
      openingBalance: 1000,
      openingBalanceType: "dr",
    });
    const item = (
      await ok(context, owner, {
        method: "POST",
        url: "/api/item/add",
        payload: { organisationId: org, name: "Balance Item", type: "goods", gstRate: 18 },
      })
    ).itemId;
    await ok(context, owner, {
      method: "POST",
      url: "/api/salesinvoice/add",
      payload: salesInvoicePayload(org, customer, item),
    });
    const at = async (date: string) => {
      const body = await ok(context, owner, {
        method: "GET",
        url: `/api/account/accountslist?organisationId=${org}&nature=debtors,Creditors&withBalances=true&date=${date}`,
      });
      expect(body.date).toBe(date);
      return body.accounts.find((a: { _id: string }) => a._id === customer);
    };
    // 2 × ₹500 + 18 % = ₹1,180 on 10 May 2025, over an opening of ₹1,000.
    expect(await at("2025-05-09")).toMatchObject({ balance: 1000, balanceType: "dr" });
    expect(await at("2025-05-10")).toMatchObject({ balance: 2180, balanceType: "dr" });
    const sales =
      (await at("2025-05-10")) &&
      (await ok(context, owner, {
        method: "GET",
        url: `/api/account/accountslist?organisationId=${org}&nature=Sales&withBalances=true&date=2025-06-30`,
      }));
    expect(sales.accounts).toEqual([
      expect.objectContaining({ name: "Sales", isSystem: true, balanceType: "cr" }),
    ]);
    expect(sales.accounts[0].balance).toBeLessThan(0);
  });

  test("per-nature lists and the party list show only those natures", async () => {
    const parties = await ok(context, owner, {
      method: "GET",
      url: `/api/account/creditor-debtor-accounts?organisationId=${org}`,
    });
    expect(parties.accounts.length).toBeGreaterThan(0);
    for (const account of parties.accounts)
      expect(["Debtors", "Creditors"]).toContain(account.nature);
    const bad = await refused(
      context,
      owner,
      { method: "GET", url: `/api/account/accountslist?organisationId=${org}&nature=Friends` },
      400,
    );
    expect(bad.message).toBe(
      "Nature of Account must be one of the account groups, such as Debtors or Sales.",
    );
  });

  test("every write leaves a version and a user-log line in its transaction", async () => {
    const id = await addOk({ name: "Audited Account", nature: "Capital" });
    await edit({ accountId: id, name: "Audited Account", nature: "Reserves" });
    const db = context.testDatabase.database.db;
    const versions = await db
      .selectFrom("master_versions")
      .select(["version", "action", "document"])
      .where("entity_id", "=", id)
      .orderBy("version")
      .execute();
    expect(versions.map((v) => v.action)).toEqual(["created", "edited"]);
    expect(JSON.parse(versions[1]?.document ?? "{}")).toMatchObject({
      nature: "Reserves",
      version: 2,
    });
    const audit = await db
      .selectFrom("audit_logs")
      .select(["action", "summary"])
      .where("entity_id", "=", id)
      .orderBy("created_at")
      .execute();
    expect(audit).toEqual([
      { action: "add", summary: "Added account Audited Account" },
      { action: "edit", summary: "Edited account Audited Account" },
    ]);
  });
});
