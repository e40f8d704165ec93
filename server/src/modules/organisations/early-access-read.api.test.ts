import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as } from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import type { Caller } from "../auth/auth.guard.ts";

// The authenticator reads the request's organisation alongside the session (auth.guard.ts); the
// gate still decides with it only once the session holds, and only for that organisation, once.

let context: TestContext;
let owner: Person;
let stranger: Person;
let org: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  stranger = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies));
});
afterAll(() => context.close());

const trialBalance = (who: Person, organisationId: string) =>
  context.app.inject({
    method: "GET",
    url: `/api/reports/trialbalance?organisationId=${organisationId}&year=2025-26`,
    headers: as(who),
  });

describe("the organisation read alongside the session", () => {
  test("a member gets the books; a stranger and an unknown organisation get no access", async () => {
    expect((await trialBalance(owner, org)).statusCode).toBe(200);
    const refused = await trialBalance(stranger, org);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("You do not have access to this organisation.");
    expect((await trialBalance(owner, "no-such-organisation")).statusCode).toBe(403);
  });

  test("after logout the session fails first, whatever organisation is named", async () => {
    const person = await signUpPerson(context);
    const { organisationId } = await createOrganisation(context, person.cookies);
    const logout = await context.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: as(person),
    });
    expect(logout.statusCode).toBe(200);
    const after = await trialBalance(person, organisationId);
    expect(after.statusCode).toBe(401);
  });

  test("the early read serves the first check of its organisation only", async () => {
    const db = context.testDatabase.database.db;
    const caller: Caller = {
      kind: "user",
      userId: owner.userId,
      sessionId: "test",
      // What the early read found: nothing (as if the organisation were not there yet).
      accessRead: { organisationId: org, row: Promise.resolve(undefined) },
    };
    await expect(requireOrganisationAccess(db, caller, org)).rejects.toMatchObject({
      statusCode: 403,
    });
    // Used up: the next check reads the database, where the owner is a member.
    const access = await requireOrganisationAccess(db, caller, org);
    expect(access.role).toBe("owner");
    // An early read of another organisation is not used for this one.
    const other: Caller = {
      kind: "user",
      userId: owner.userId,
      sessionId: "test",
      accessRead: { organisationId: "another", row: Promise.resolve(undefined) },
    };
    expect((await requireOrganisationAccess(db, other, org)).organisation.id).toBe(org);
  });
});
