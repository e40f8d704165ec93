import { hasRight, RIGHT_SUBJECTS, type TransactionRight } from "@bahi/domain";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  addMember,
  createOrganisation,
  type Person,
  requestAs,
  signUpPerson,
} from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

let context: TestContext;
let owner: Person;
let admin: Person;
let organisationId: string;
beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context, { name: "Owner Om" });
  admin = await signUpPerson(context, { name: "Admin Asha" });
  ({ organisationId } = await createOrganisation(context, owner.cookies));
  await addMember(context, owner, organisationId, admin, "admin");
});
afterAll(() => context.close());

const call = (person: Person, options: InjectOptions) => requestAs(context, person, options);

const rightsOf = async (asker: Person, userId?: string) =>
  call(asker, {
    method: "GET",
    url: `/api/user/rights?organisationId=${organisationId}${userId ? `&userId=${userId}` : ""}`,
  });

const listUsers = async (query = "") =>
  (
    await call(owner, {
      method: "GET",
      url: `/api/user/list?organisationId=${organisationId}${query}`,
    })
  ).json().users as { _id: string; role: string; active: boolean; isOwner: boolean }[];

describe("user/rights", () => {
  test("an accountant with rights only on receipts has exactly those", async () => {
    const accountant = await signUpPerson(context);
    await addMember(context, owner, organisationId, accountant, "accountant", [
      { transactionType: "receipts", view: true, add: true },
    ]);
    const response = await rightsOf(owner, accountant.userId);
    expect(response.statusCode).toBe(200);
    const { role, rights } = response.json() as { role: "accountant"; rights: TransactionRight[] };
    expect(role).toBe("accountant");
    expect(rights).toHaveLength(RIGHT_SUBJECTS.length);
    expect(hasRight(role, rights, "receipts", "add")).toBe(true);
    expect(hasRight(role, rights, "receipts", "delete")).toBe(false);
    expect(hasRight(role, rights, "salesInvoice", "view")).toBe(false);
    expect(rights.filter((right) => right.view).map((right) => right.transactionType)).toEqual([
      "receipts",
    ]);
    // Everyone reads their own rights; only managers read someone else's.
    expect((await rightsOf(accountant)).json().role).toBe("accountant");
    const others = await rightsOf(accountant, admin.userId);
    expect(others.statusCode).toBe(403);
  });

  test("owners and admins have every right", async () => {
    const { role, rights } = (await rightsOf(owner, admin.userId)).json();
    expect(role).toBe("admin");
    expect(rights.every((right: TransactionRight) => right.delete)).toBe(true);
  });
});

describe("user/list", () => {
  test("lists members with the owner marked, filtered by active and search text", async () => {
    const users = await listUsers();
    expect(users.find((user) => user._id === owner.userId)).toMatchObject({
      role: "owner",
      isOwner: true,
      active: true,
    });
    const found = await listUsers("&searchText=ASHA");
    expect(found.map((user) => user._id)).toEqual([admin.userId]);
    expect(await listUsers("&searchText=%25")).toEqual([]);
    expect(await listUsers("&active=false")).toEqual([]);
  });

  test("refuses a bad active flag", async () => {
    const response = await call(owner, {
      method: "GET",
      url: `/api/user/list?organisationId=${organisationId}&active=maybe`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Active must be true or false.");
  });
});

describe("edituser", () => {
  test("a manager changes role and rights; the owner's role is fixed", async () => {
    const member = await signUpPerson(context);
    await addMember(context, owner, organisationId, member, "viewer");
    const edit = await call(admin, {
      method: "POST",
      url: "/api/organisation/edituser",
      payload: {
        organisationId,
        editUserId: member.userId,
        role: "accountant",
        transactionPermissions: [{ transactionType: "journalEntry", view: true, edit: true }],
      },
    });
    expect(edit.statusCode).toBe(200);
    const { role, rights } = (await rightsOf(owner, member.userId)).json();
    expect(role).toBe("accountant");
    expect(hasRight(role, rights, "journalEntry", "edit")).toBe(true);
    expect(hasRight(role, rights, "receipts", "view")).toBe(false);

    const ownerEdit = await call(admin, {
      method: "POST",
      url: "/api/organisation/edituser",
      payload: { organisationId, editUserId: owner.userId, role: "viewer" },
    });
    expect(ownerEdit.statusCode).toBe(403);
    expect(ownerEdit.json().message).toBe(
      "The owner's role cannot be changed. The owner can hand the organisation over.",
    );
  });

  test("an admin cannot make someone owner; the owner can hand over and stays as admin", async () => {
    const person = await signUpPerson(context);
    const { organisationId: shopId } = await createOrganisation(context, person.cookies);
    const successor = await signUpPerson(context);
    const helper = await signUpPerson(context);
    await addMember(context, person, shopId, successor, "accountant");
    await addMember(context, person, shopId, helper, "admin");
    const byAdmin = await call(helper, {
      method: "POST",
      url: "/api/organisation/edituser",
      payload: { organisationId: shopId, editUserId: successor.userId, role: "owner" },
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe("Only the owner can hand the organisation over.");

    const handOver = await call(person, {
      method: "POST",
      url: "/api/organisation/edituser",
      payload: { organisationId: shopId, editUserId: successor.userId, role: "owner" },
    });
    expect(handOver.statusCode).toBe(200);
    const mine = (await call(successor, { method: "GET", url: "/api/organisations" })).json();
    expect(mine.organisations[0]).toMatchObject({ _id: shopId, role: "owner", isOwner: true });
    const previous = (await call(person, { method: "GET", url: "/api/organisations" })).json();
    expect(previous.organisations[0]).toMatchObject({ role: "admin", isOwner: false });
    const leave = await call(person, {
      method: "POST",
      url: "/api/organisation/leaveorganisation",
      payload: { organisationId: shopId },
    });
    expect(leave.statusCode).toBe(200);
  });

  test.each(["accountant", "viewer"] as const)("a %s cannot manage users", async (role) => {
    const member = await signUpPerson(context);
    await addMember(context, owner, organisationId, member, role);
    const attempts: [string, string, Record<string, unknown>][] = [
      ["POST", "/api/organisation/edituser", { editUserId: admin.userId, role: "viewer" }],
      ["POST", "/api/organisation/removeuser", { userId: admin.userId }],
      ["PATCH", "/api/user/inactive", { userId: admin.userId }],
      ["PATCH", "/api/user/active", { userId: admin.userId }],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(member, {
        method: method as "POST",
        url,
        payload: { organisationId, ...payload },
      });
      expect(response.statusCode, url).toBe(403);
    }
    expect((await listUsers()).find((user) => user._id === admin.userId)).toMatchObject({
      role: "admin",
      active: true,
    });
  });
});

describe("removeuser, active and inactive, leave", () => {
  test("removeuser is soft, says 'User Deleted', and never touches the owner", async () => {
    const member = await signUpPerson(context);
    await addMember(context, owner, organisationId, member, "viewer");
    const remove = await call(admin, {
      method: "POST",
      url: "/api/organisation/removeuser",
      payload: { organisationId, userId: member.userId },
    });
    expect(remove.json()).toEqual({ success: true, message: "User Deleted" });
    expect((await listUsers()).map((user) => user._id)).not.toContain(member.userId);
    const shut = await call(member, {
      method: "GET",
      url: `/api/user/list?organisationId=${organisationId}`,
    });
    expect(shut.statusCode).toBe(403);
    const row = await context.testDatabase.database.db
      .selectFrom("memberships")
      .select("removed_at")
      .where("organisation_id", "=", organisationId)
      .where("user_id", "=", member.userId)
      .executeTakeFirstOrThrow();
    expect(row.removed_at).not.toBeNull();

    const ownerRemoval = await call(admin, {
      method: "POST",
      url: "/api/organisation/removeuser",
      payload: { organisationId, userId: owner.userId },
    });
    expect(ownerRemoval.statusCode).toBe(403);
    expect(ownerRemoval.json().message).toBe("The owner cannot be removed from the organisation.");
    const unknown = await call(admin, {
      method: "POST",
      url: "/api/organisation/removeuser",
      payload: { organisationId, userId: member.userId },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("User not found in this organisation.");
  });

  test("an inactive member is shut out until made active again", async () => {
    const member = await signUpPerson(context);
    await addMember(context, owner, organisationId, member, "viewer");
    const off = await call(owner, {
      method: "PATCH",
      url: "/api/user/inactive",
      payload: { organisationId, userId: member.userId },
    });
    expect(off.json()).toEqual({ success: true });
    expect((await listUsers("&active=false")).map((user) => user._id)).toEqual([member.userId]);
    expect((await rightsOf(member)).statusCode).toBe(403);
    await call(owner, {
      method: "PATCH",
      url: "/api/user/active",
      payload: { organisationId, userId: member.userId },
    });
    expect((await rightsOf(member)).statusCode).toBe(200);

    const ownerOff = await call(admin, {
      method: "PATCH",
      url: "/api/user/inactive",
      payload: { organisationId, userId: owner.userId },
    });
    expect(ownerOff.statusCode).toBe(403);
    expect(ownerOff.json().message).toBe("The owner cannot be made inactive.");
    const selfOff = await call(admin, {
      method: "PATCH",
      url: "/api/user/inactive",
      payload: { organisationId, userId: admin.userId },
    });
    expect(selfOff.statusCode).toBe(400);
  });

  test("any member can leave; the owner cannot", async () => {
    const member = await signUpPerson(context);
    await addMember(context, owner, organisationId, member, "accountant");
    const leave = await call(member, {
      method: "POST",
      url: "/api/organisation/leaveorganisation",
      payload: { organisationId },
    });
    expect(leave.json()).toEqual({ success: true });
    expect((await call(member, { method: "GET", url: "/api/organisations" })).json()).toEqual({
      organisations: [],
    });
    const ownerLeave = await call(owner, {
      method: "POST",
      url: "/api/organisation/leaveorganisation",
      payload: { organisationId },
    });
    expect(ownerLeave.statusCode).toBe(400);
    expect(ownerLeave.json().message).toBe(
      "The owner cannot leave the organisation. Delete it, or hand it over to another member first.",
    );
  });

  test("an admin cannot delete the organisation", async () => {
    const response = await call(admin, {
      method: "DELETE",
      url: `/api/organisation/delete?organisationId=${organisationId}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      "You do not have the right to do this in this organisation.",
    );
  });
});

describe("organisation/user-logs", () => {
  test("managers see everyone's trail, newest first, paged; others only their own", async () => {
    const viewer = await signUpPerson(context, { name: "Vimal Viewer" });
    await addMember(context, owner, organisationId, viewer, "viewer");
    const all = await call(owner, {
      method: "GET",
      url: `/api/organisation/user-logs?organisationId=${organisationId}&limit=500`,
    });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.count).toBe(body.logs.length);
    expect(body.logs.at(-1)).toMatchObject({
      userId: owner.userId,
      userName: "Owner Om",
      action: "add",
      entityType: "organisation",
      entityId: organisationId,
    });
    expect(body.logs[0]).toMatchObject({
      userId: viewer.userId,
      userName: "Vimal Viewer",
      action: "accept",
      entityType: "invitation",
    });
    const createdAt = body.logs.map((log: { createdAt: string }) => log.createdAt);
    expect([...createdAt].sort().reverse()).toEqual(createdAt);

    const page = await call(owner, {
      method: "GET",
      url: `/api/organisation/user-logs?organisationId=${organisationId}&skip=1&limit=2`,
    });
    expect(page.json().logs.map((log: { _id: string }) => log._id)).toEqual(
      body.logs.slice(1, 3).map((log: { _id: string }) => log._id),
    );
    expect(page.json().count).toBe(body.count);

    const own = await call(viewer, {
      method: "GET",
      url: `/api/organisation/user-logs?organisationId=${organisationId}`,
    });
    expect(own.json().logs.every((log: { userId: string }) => log.userId === viewer.userId)).toBe(
      true,
    );
    expect(own.json().count).toBe(1);
    const others = await call(viewer, {
      method: "GET",
      url: `/api/organisation/user-logs?organisationId=${organisationId}&userId=${owner.userId}`,
    });
    expect(others.statusCode).toBe(403);
    const filtered = await call(owner, {
      method: "GET",
      url: `/api/organisation/user-logs?organisationId=${organisationId}&userId=${viewer.userId}`,
    });
    expect(filtered.json().count).toBe(1);
  });

  test("refuses a bad limit", async () => {
    const response = await call(owner, {
      method: "GET",
      url: `/api/organisation/user-logs?organisationId=${organisationId}&limit=501`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Limit cannot be more than 500.");
  });
});
