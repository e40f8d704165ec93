import { ACCOUNT_GROUPS } from "@bahi/domain";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createOrganisation, type Person, requestAs, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { changesOf, readTodaysTrail } from "../../../test/trail.ts";
import { SYSTEM_ACCOUNTS } from "./system-accounts.ts";

let context: TestContext;
let owner: Person;
beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
});
afterAll(() => context.close());

const call = (person: Person, options: InjectOptions) => requestAs(context, person, options);
const db = () => context.testDatabase.database.db;

const registered = {
  name: "Mahalaxmi Textiles",
  gstin: "27aapfu0939f1zv",
  gstRegistered: true,
  gstRegType: "regular",
  startingYear: "2024-25",
  gstRegStatus: "Active",
  manageInventory: true,
  billingAddress: "12 Station Road, Pune",
  billingCity: "Pune",
  billingPincode: "411001",
  mainlyDealsIn: "goods",
  billWiseEntry: true,
};

describe("POST /organisation/add", () => {
  test("the summary carries the filing frequency the settings hold (issue 19: IFF for quarterly)", async () => {
    const { organisationId } = await createOrganisation(context, owner.cookies, {
      gstRegistered: true,
      gstRegType: "regular",
      gstin: "27AAPFU0939F1ZV",
    });
    const saved = await call(owner, {
      method: "POST",
      url: "/api/settings/organisation",
      payload: { organisationId, gstFilingFrequency: "quarterly" },
    });
    expect(saved.statusCode).toBe(200);
    const list = (await call(owner, { method: "GET", url: "/api/organisations" })).json();
    const summary = list.organisations.find((o: { _id: string }) => o._id === organisationId);
    expect(summary.gstFilingFrequency).toBe("quarterly");
  });

  test("creates a GST-registered organisation with the state taken from its GSTIN", async () => {
    const response = await call(owner, {
      method: "POST",
      url: "/api/organisation/add",
      payload: registered,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, organisationId: body.organisation._id });
    expect(body.organisation).toEqual({
      _id: body.organisationId,
      name: "Mahalaxmi Textiles",
      startingYear: "2024-25",
      gstin: "27AAPFU0939F1ZV",
      gstRegistered: true,
      gstRegType: "regular",
      gstRegStatus: "Active",
      stateCode: "27",
      manageInventory: true,
      billWiseEntry: true,
      // Monthly until the settings say quarterly (QRMP); the menus offer IFF only then (issue 19).
      gstFilingFrequency: "monthly",
      billingAddress: "12 Station Road, Pune",
      billingCity: "Pune",
      billingPincode: "411001",
      mainlyDealsIn: "goods",
      active: true,
      role: "owner",
      isOwner: true,
    });
  });

  test("an unregistered organisation needs only a name and a starting year", async () => {
    const response = await call(owner, {
      method: "POST",
      url: "/api/organisation/add",
      payload: { name: "  Corner Shop ", gstin: "", startingYear: "2025-26" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().organisation).toMatchObject({
      name: "Corner Shop",
      gstin: null,
      gstRegistered: false,
      gstRegType: null,
      stateCode: null,
      manageInventory: false,
      billWiseEntry: false,
    });
  });

  test("gstRegistrationStatus is accepted for gstRegStatus", async () => {
    const response = await call(owner, {
      method: "POST",
      url: "/api/organisation/add",
      payload: { ...registered, gstRegStatus: undefined, gstRegistrationStatus: "Cancelled" },
    });
    expect(response.json().organisation.gstRegStatus).toBe("Cancelled");
  });

  test("creates the system accounts once each, in their groups, in the same transaction", async () => {
    const { organisationId } = await createOrganisation(context, owner.cookies);
    const accounts = await db()
      .selectFrom("accounts")
      .select(["name", "name_key", "group_id", "system_key"])
      .where("organisation_id", "=", organisationId)
      .execute();
    const groupName = (id: number) => ACCOUNT_GROUPS.find((group) => group.id === id)?.name;
    const byKey = Object.fromEntries(
      accounts.map((row) => [row.system_key, { name: row.name, group: groupName(row.group_id) }]),
    );
    expect(byKey).toEqual(SYSTEM_ACCOUNTS);
    expect(byKey).toMatchObject({
      cash: { name: "Cash", group: "Cash" },
      sales: { name: "Sales", group: "Sales" },
      purchases: { name: "Purchases", group: "Purchases" },
      outputCgst: { name: "Output CGST", group: "GST" },
      inputIgst: { name: "Input IGST", group: "GST" },
      rcmCgstPayable: { name: "CGST Payable (RCM)", group: "GST" },
      roundOff: { name: "Round Off", group: "Indirect Expense" },
      profitAndLoss: { name: "Profit & Loss A/c", group: "Reserves" },
      closingStock: { name: "Closing Stock", group: "Stock" },
    });
    expect(accounts).toHaveLength(18);
    expect(new Set(accounts.map((row) => row.system_key)).size).toBe(accounts.length);
    expect(new Set(accounts.map((row) => row.name_key)).size).toBe(accounts.length);
    for (const row of accounts) expect(row.name_key).toBe(row.name.trim().toLowerCase());
  });

  test("writes an audit log row for the creation", async () => {
    const { organisationId } = await createOrganisation(context, owner.cookies);
    const logs = await db()
      .selectFrom("audit_logs")
      .selectAll()
      .where("organisation_id", "=", organisationId)
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      user_id: owner.userId,
      action: "add",
      entity_type: "organisation",
    });
  });

  test.each([
    [{ name: "" }, "name", "Organisation name is required."],
    [{ name: "x".repeat(101) }, "name", "Organisation name cannot be more than 100 characters."],
    [{ gstin: "27AAPFU0939F1ZX" }, "gstin", "GSTIN is not valid."],
    [{ gstin: "27AAPFU" }, "gstin", "GSTIN should be of exactly 15 characters."],
    [{ gstin: "" }, "gstin", "GSTIN is required for a GST-registered organisation."],
    [{ gstRegType: undefined }, "gstRegType", "GST Registration Type is Required!."],
    [{ gstRegType: "pirate" }, "gstRegType", "GST Registration Type is not valid."],
    [
      { gstRegType: "unregistered" },
      "gstRegType",
      "Choose the GST registration type of a GST-registered organisation.",
    ],
    [
      { gstRegistered: false },
      "gstin",
      "Leave GSTIN blank for an unregistered organisation, or mark it as GST-registered.",
    ],
    [
      { startingYear: "2019-20" },
      "startingYear",
      "Starting year must be a financial year from 2021-22 to 2029-30, like 2024-25.",
    ],
    [{ manageInventory: "yes" }, "manageInventory", "Manage inventory must be true or false."],
    [
      { billingAddress: "x".repeat(301) },
      "billingAddress",
      "Billing address cannot be more than 300 characters.",
    ],
    [
      { mainlyDealsIn: "cars" },
      "mainlyDealsIn",
      "Mainly deals in must be goods, services or both.",
    ],
  ])("refuses %o with a clear message and creates nothing", async (change, path, message) => {
    const before = await db().selectFrom("organisations").select("id").execute();
    const response = await call(owner, {
      method: "POST",
      url: "/api/organisation/add",
      payload: { ...registered, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path, message });
    const after = await db().selectFrom("organisations").select("id").execute();
    expect(after).toHaveLength(before.length);
  });

  test("needs a signed-in person", async () => {
    const anonymous = await context.app.inject({
      method: "POST",
      url: "/api/organisation/add",
      payload: registered,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("listing", () => {
  test("GET /organisations lists the caller's organisations newest first, inactive ones too", async () => {
    const person = await signUpPerson(context);
    const first = await createOrganisation(context, person.cookies, { name: "First" });
    const second = await createOrganisation(context, person.cookies, { name: "Second" });
    await call(person, {
      method: "PATCH",
      url: "/api/organisation/inactive",
      payload: { organisationId: first.organisationId },
    });
    const response = await call(person, { method: "GET", url: "/api/organisations" });
    expect(response.statusCode).toBe(200);
    const { organisations } = response.json();
    expect(organisations.map((o: { name: string }) => o.name)).toEqual(["Second", "First"]);
    expect(organisations[0]).toMatchObject({
      _id: second.organisationId,
      active: true,
      isOwner: true,
    });
    expect(organisations[1]).toMatchObject({ active: false, role: "owner" });
  });

  test("GET /organisation/list adds the invitations received", async () => {
    const person = await signUpPerson(context);
    const { organisationId } = await createOrganisation(context, owner.cookies, {
      name: "Inviting Co",
    });
    await call(owner, {
      method: "POST",
      url: "/api/organisation/adduser",
      payload: { organisationId, email: person.email, role: "viewer" },
    });
    const response = await call(person, { method: "GET", url: "/api/organisation/list" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      organisations: [],
      invitations: [
        {
          invitationId: expect.any(String),
          organisationId,
          organisationName: "Inviting Co",
          invitedByName: owner.name,
          role: "viewer",
          createdAt: expect.any(String),
        },
      ],
    });
  });
});

describe("rename, active and inactive, delete", () => {
  test("the owner renames; the name is validated", async () => {
    const { organisationId } = await createOrganisation(context, owner.cookies);
    const renamed = await call(owner, {
      method: "PATCH",
      url: "/api/organisation/updatename",
      payload: { organisationId, name: " New Name " },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ success: true, organisation: { name: "New Name" } });
    const blank = await call(owner, {
      method: "PATCH",
      url: "/api/organisation/updatename",
      payload: { organisationId, name: "  " },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Organisation name is required.");
  });

  test("an inactive organisation refuses work, still lists, and the owner reactivates it", async () => {
    const { organisationId } = await createOrganisation(context, owner.cookies);
    const off = await call(owner, {
      method: "PATCH",
      url: "/api/organisation/inactive",
      payload: { organisationId },
    });
    expect(off.json()).toMatchObject({ success: true, organisation: { active: false } });
    const settings = await call(owner, {
      method: "GET",
      url: `/api/settings/getorganisationsettings?organisationId=${organisationId}`,
    });
    expect(settings.statusCode).toBe(403);
    expect(settings.json().message).toBe(
      "This organisation is inactive. Make it active to work in it.",
    );
    const on = await call(owner, {
      method: "PATCH",
      url: "/api/organisation/active",
      payload: { organisationId },
    });
    expect(on.json()).toMatchObject({ success: true, organisation: { active: true } });
    const again = await call(owner, {
      method: "GET",
      url: `/api/settings/getorganisationsettings?organisationId=${organisationId}`,
    });
    expect(again.statusCode).toBe(200);
    // Issue 39: both changes are in the audit trail, newest first, with who and before and after.
    const trail = await readTodaysTrail(context, owner, organisationId, { entity: "organisation" });
    expect(trail.map((entry) => [entry.userId, entry.action, changesOf(entry)])).toEqual([
      [owner.userId, "edited", { active: [0, 1] }],
      [owner.userId, "edited", { active: [1, 0] }],
    ]);
    // Asking again for the state it is in changes nothing and adds no entry.
    await call(owner, {
      method: "PATCH",
      url: "/api/organisation/active",
      payload: { organisationId },
    });
    expect(
      await readTodaysTrail(context, owner, organisationId, { entity: "organisation" }),
    ).toHaveLength(2);
  });

  test("delete is the owner's: soft, with the spec's message, and the organisation is gone", async () => {
    const { organisationId } = await createOrganisation(context, owner.cookies);
    const response = await call(owner, {
      method: "DELETE",
      url: `/api/organisation/delete?organisationId=${organisationId}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: "Organisation Deleted Successfully.",
    });
    const row = await db()
      .selectFrom("organisations")
      .select("deleted_at")
      .where("id", "=", organisationId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const list = await call(owner, { method: "GET", url: "/api/organisations" });
    expect(list.json().organisations.map((o: { _id: string }) => o._id)).not.toContain(
      organisationId,
    );
    const twice = await call(owner, {
      method: "DELETE",
      url: `/api/organisation/delete?organisationId=${organisationId}`,
    });
    expect(twice.statusCode).toBe(403);
  });

  test("without organisationId the calls answer 400 with a clear message", async () => {
    const response = await call(owner, { method: "DELETE", url: "/api/organisation/delete" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Organisation id is required.");
  });
});
