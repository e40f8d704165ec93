import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  addMember,
  createOrganisation,
  type Person,
  requestAs,
  signUpPerson,
} from "../../../test/people.ts";
import { createTestApp, readOutboxMail, type TestContext } from "../../../test/test-app.ts";

let context: TestContext;
let owner: Person;
let organisationId: string;
beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context, { name: "Ravi Owner" });
  ({ organisationId } = await createOrganisation(context, owner.cookies, { name: "Invite Mills" }));
});
afterAll(() => context.close());

const call = (person: Person, options: InjectOptions) => requestAs(context, person, options);

async function invite(
  inviter: Person,
  email: string,
  role = "accountant",
  transactionPermissions: unknown[] = [],
) {
  return call(inviter, {
    method: "POST",
    url: "/api/organisation/adduser",
    payload: { organisationId, email, role, transactionPermissions },
  });
}

const receivedBy = async (person: Person) =>
  (await call(person, { method: "GET", url: "/api/organisation/listofinvitationreceived" })).json()
    .invitations;

const sent = async () =>
  (
    await call(owner, {
      method: "GET",
      url: `/api/organisation/listofinvitationsent?organisationId=${organisationId}`,
    })
  ).json().invitations;

describe("sending", () => {
  test("adduser sends an invitation and emails the invitee a link to /organisations", async () => {
    const invitee = await signUpPerson(context);
    const rights = [{ transactionType: "receipts", view: true, add: true }];
    const response = await invite(owner, invitee.email.toUpperCase(), "accountant", rights);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      invitation: {
        email: invitee.email,
        role: "accountant",
        status: "sent",
        transactionPermissions: [
          { transactionType: "receipts", view: true, add: true, edit: false, delete: false },
        ],
      },
    });
    const mail = (await readOutboxMail(context)).filter((m) => m.includes(`To: ${invitee.email}`));
    expect(mail.at(-1)).toContain("http://bahi.test/organisations");
    expect(mail.at(-1)).toContain("Invite Mills");
    expect(await sent()).toContainEqual(
      expect.objectContaining({ email: invitee.email, status: "sent" }),
    );
  });

  test("refuses a current member and an address already invited, with 409", async () => {
    const member = await signUpPerson(context);
    await addMember(context, owner, organisationId, member, "viewer");
    const again = await invite(owner, member.email);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This person is already a member of this organisation.");
    const self = await invite(owner, owner.email);
    expect(self.statusCode).toBe(409);

    const pending = "pending.person@example.in";
    expect((await invite(owner, pending)).statusCode).toBe(200);
    const twice = await invite(owner, pending);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("An invitation has already been sent to this email address.");
  });

  test("two managers inviting one address at once: one invitation, one 409", async () => {
    const email = "raced.person@example.in";
    const answers = await Promise.all([invite(owner, email), invite(owner, email)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const pending = (await sent()).filter(
      (invitation: { email: string; status: string }) =>
        invitation.email === email && invitation.status === "sent",
    );
    expect(pending).toHaveLength(1);
  });

  test.each([
    [{ role: "owner" }, "role", "Role must be admin, accountant or viewer."],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [
      { transactionPermissions: [{ transactionType: "lottery", view: true }] },
      "transactionPermissions.0.transactionType",
      "Transaction type is not known.",
    ],
    [
      {
        transactionPermissions: [
          { transactionType: "receipts", view: true },
          { transactionType: "receipts", add: true },
        ],
      },
      "transactionPermissions",
      "Transaction permissions list each transaction type once.",
    ],
  ])("refuses %o", async (change, path, message) => {
    const response = await call(owner, {
      method: "POST",
      url: "/api/organisation/adduser",
      payload: { organisationId, email: "someone@example.in", role: "viewer", ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path, message });
  });
});

describe("answering", () => {
  test("send → accept: the member appears in user/list with the role and rights", async () => {
    const invitee = await signUpPerson(context, { name: "Anita Accountant" });
    const rights = [{ transactionType: "receipts", view: true, add: true, edit: true }];
    await invite(owner, invitee.email, "accountant", rights);
    const [received] = await receivedBy(invitee);
    expect(received).toMatchObject({
      organisationId,
      organisationName: "Invite Mills",
      invitedByName: "Ravi Owner",
      role: "accountant",
    });
    const accept = await call(invitee, {
      method: "POST",
      url: "/api/organisation/acceptinvitation",
      payload: { invitationId: received.invitationId },
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toMatchObject({
      success: true,
      organisationId,
      organisation: { _id: organisationId, role: "accountant", isOwner: false },
    });
    expect(await receivedBy(invitee)).toEqual([]);

    const users = await call(owner, {
      method: "GET",
      url: `/api/user/list?organisationId=${organisationId}&searchText=anita`,
    });
    expect(users.json().users).toEqual([
      {
        _id: invitee.userId,
        name: "Anita Accountant",
        email: invitee.email,
        role: "accountant",
        active: true,
        isOwner: false,
        transactionPermissions: [
          { transactionType: "receipts", view: true, add: true, edit: true, delete: false },
        ],
      },
    ]);
    const mine = await call(invitee, { method: "GET", url: "/api/organisations" });
    expect(mine.json().organisations).toEqual([
      expect.objectContaining({ _id: organisationId, role: "accountant" }),
    ]);

    const twice = await call(invitee, {
      method: "POST",
      url: "/api/organisation/acceptinvitation",
      payload: { invitationId: received.invitationId },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("This invitation has already been accepted.");
  });

  test("only the invitee can accept", async () => {
    const invitee = await signUpPerson(context);
    const stranger = await signUpPerson(context);
    const { invitation } = (await invite(owner, invitee.email)).json();
    const response = await call(stranger, {
      method: "POST",
      url: "/api/organisation/acceptinvitation",
      payload: { invitationId: invitation.invitationId },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Invitation not found." });
  });

  test("reject: the invitation closes and no membership is made", async () => {
    const invitee = await signUpPerson(context);
    const { invitation } = (await invite(owner, invitee.email)).json();
    const reject = await call(invitee, {
      method: "POST",
      url: "/api/organisation/rejecttinvitation",
      payload: { invitationId: invitation.invitationId },
    });
    expect(reject.json()).toEqual({ success: true });
    expect(await receivedBy(invitee)).toEqual([]);
    expect(await sent()).toContainEqual(
      expect.objectContaining({ invitationId: invitation.invitationId, status: "rejected" }),
    );
    const accept = await call(invitee, {
      method: "POST",
      url: "/api/organisation/acceptinvitation",
      payload: { invitationId: invitation.invitationId },
    });
    expect(accept.statusCode).toBe(409);
    expect((await call(invitee, { method: "GET", url: "/api/organisations" })).json()).toEqual({
      organisations: [],
    });
  });

  test("revoke: a manager withdraws it and the invitee can no longer accept", async () => {
    const invitee = await signUpPerson(context);
    const { invitation } = (await invite(owner, invitee.email)).json();
    const revoke = await call(owner, {
      method: "POST",
      url: "/api/organisation/revokeinvitation",
      payload: { organisationId, invitationId: invitation.invitationId },
    });
    expect(revoke.json()).toEqual({ success: true });
    expect(await receivedBy(invitee)).toEqual([]);
    const accept = await call(invitee, {
      method: "POST",
      url: "/api/organisation/acceptinvitation",
      payload: { invitationId: invitation.invitationId },
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe("This invitation has already been revoked.");
    const unknown = await call(owner, {
      method: "POST",
      url: "/api/organisation/revokeinvitation",
      payload: { organisationId, invitationId: "no-such-invitation" },
    });
    expect(unknown.statusCode).toBe(404);
  });

  test("someone removed comes back through a new invitation with the new role", async () => {
    const person = await signUpPerson(context);
    await addMember(context, owner, organisationId, person, "viewer");
    await call(owner, {
      method: "POST",
      url: "/api/organisation/removeuser",
      payload: { organisationId, userId: person.userId },
    });
    await addMember(context, owner, organisationId, person, "admin");
    const rights = await call(person, {
      method: "GET",
      url: `/api/user/rights?organisationId=${organisationId}`,
    });
    expect(rights.json().role).toBe("admin");
  });
});

describe("who may invite", () => {
  test.each(["accountant", "viewer"] as const)(
    "a %s cannot invite, list or revoke",
    async (role) => {
      const member = await signUpPerson(context);
      await addMember(context, owner, organisationId, member, role);
      const response = await invite(member, "friend@example.in");
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        "You do not have the right to do this in this organisation.",
      );
      const list = await call(member, {
        method: "GET",
        url: `/api/organisation/listofinvitationsent?organisationId=${organisationId}`,
      });
      expect(list.statusCode).toBe(403);
    },
  );

  test("an admin can invite", async () => {
    const admin = await signUpPerson(context);
    await addMember(context, owner, organisationId, admin, "admin");
    expect((await invite(admin, "admin.friend@example.in", "viewer")).statusCode).toBe(200);
  });
});
