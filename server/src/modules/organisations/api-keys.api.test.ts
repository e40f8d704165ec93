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
let organisationId: string;
let otherOrganisationId: string;
beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId } = await createOrganisation(context, owner.cookies, { name: "Keyed Co" }));
  // The same owner's second organisation: a key still reaches only the one it was made for.
  ({ organisationId: otherOrganisationId } = await createOrganisation(context, owner.cookies, {
    name: "Unkeyed Co",
  }));
});
afterAll(() => context.close());

const call = (person: Person, options: InjectOptions) => requestAs(context, person, options);

const withKey = (apiKey: string, url: string, options: Partial<InjectOptions> = {}) =>
  context.app.inject({ method: "GET", url, headers: { "x-api-key": apiKey }, ...options });

const createKey = async (person: Person = owner, id = organisationId) =>
  call(person, {
    method: "POST",
    url: "/api/organisation/createapikey",
    payload: { organisationId: id },
  });

describe("API keys", () => {
  test("the owner's key works for its organisation only", async () => {
    const created = await createKey();
    expect(created.statusCode).toBe(200);
    const { apiKey, keyPrefix } = created.json();
    expect(created.json().success).toBe(true);
    expect(apiKey).toMatch(/^bahi_[\w-]{40,}$/);
    expect(apiKey.startsWith(keyPrefix)).toBe(true);

    const stored = await context.testDatabase.database.db
      .selectFrom("api_keys")
      .selectAll()
      .where("organisation_id", "=", organisationId)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(apiKey);

    const own = await withKey(apiKey, `/api/user/list?organisationId=${organisationId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().users[0]._id).toBe(owner.userId);
    const settings = await withKey(
      apiKey,
      `/api/settings/getorganisationsettings?organisationId=${organisationId}`,
    );
    expect(settings.json().settings.name).toBe("Keyed Co");

    const other = await withKey(
      apiKey,
      `/api/settings/getorganisationsettings?organisationId=${otherOrganisationId}`,
    );
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: "You do not have access to this organisation." });
    expect(other.body).not.toContain("Unkeyed Co");

    const described = await call(owner, {
      method: "GET",
      url: `/api/organisation/apikey?organisationId=${organisationId}`,
    });
    expect(described.json()).toEqual({
      apiKey: { keyPrefix, createdAt: expect.any(String) },
    });
  });

  test("a key cannot manage anything, nor use personal calls", async () => {
    const { apiKey } = (await createKey()).json();
    const refusals: [string, string, unknown][] = [
      ["POST", "/api/organisation/createapikey", { organisationId }],
      ["POST", "/api/organisation/deleteapikey", { organisationId }],
      ["PATCH", "/api/organisation/updatename", { organisationId, name: "Hijacked" }],
      [
        "POST",
        "/api/organisation/adduser",
        { organisationId, email: "x@example.in", role: "admin" },
      ],
      ["POST", "/api/organisation/leaveorganisation", { organisationId }],
      ["GET", "/api/organisations", undefined],
      ["GET", "/api/organisation/list", undefined],
    ];
    for (const [method, url, payload] of refusals) {
      const response = await withKey(apiKey, url, {
        method: method as "POST",
        payload: payload as object,
      });
      expect(response.statusCode, url).toBe(403);
    }
    const deleted = await withKey(
      apiKey,
      `/api/organisation/delete?organisationId=${organisationId}`,
      {
        method: "DELETE",
      },
    );
    expect(deleted.statusCode).toBe(403);
  });

  test("creating again replaces the key; a deleted key gets 401", async () => {
    const first = (await createKey()).json().apiKey;
    const second = (await createKey()).json().apiKey;
    const usersUrl = `/api/user/list?organisationId=${organisationId}`;
    expect((await withKey(first, usersUrl)).statusCode).toBe(401);
    expect((await withKey(second, usersUrl)).statusCode).toBe(200);
    const live = await context.testDatabase.database.db
      .selectFrom("api_keys")
      .select("id")
      .where("organisation_id", "=", organisationId)
      .where("deleted_at", "is", null)
      .execute();
    expect(live).toHaveLength(1);

    const deleted = await call(owner, {
      method: "POST",
      url: "/api/organisation/deleteapikey",
      payload: { organisationId },
    });
    expect(deleted.json()).toEqual({ success: true, message: "API key deleted." });
    const refused = await withKey(second, usersUrl);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe("Invalid API key.");
    const described = await call(owner, {
      method: "GET",
      url: `/api/organisation/apikey?organisationId=${organisationId}`,
    });
    expect(described.json()).toEqual({ apiKey: null });
  });

  test("two keys created at once leave one live key", async () => {
    const answers = await Promise.all([createKey(), createKey(), createKey()]);
    expect(answers.map((answer) => answer.statusCode)).toContain(200);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const live = await context.testDatabase.database.db
      .selectFrom("api_keys")
      .select("id")
      .where("organisation_id", "=", organisationId)
      .where("deleted_at", "is", null)
      .execute();
    expect(live).toHaveLength(1);
  });

  test("only the owner creates and deletes keys", async () => {
    const admin = await signUpPerson(context);
    await addMember(context, owner, organisationId, admin, "admin");
    const create = await createKey(admin);
    expect(create.statusCode).toBe(403);
    const remove = await call(admin, {
      method: "POST",
      url: "/api/organisation/deleteapikey",
      payload: { organisationId },
    });
    expect(remove.statusCode).toBe(403);
  });

  test("a deleted organisation's key stops working", async () => {
    const { organisationId: doomedId } = await createOrganisation(context, owner.cookies);
    const { apiKey } = (await createKey(owner, doomedId)).json();
    await call(owner, {
      method: "DELETE",
      url: `/api/organisation/delete?organisationId=${doomedId}`,
    });
    expect((await withKey(apiKey, `/api/user/list?organisationId=${doomedId}`)).statusCode).toBe(
      401,
    );
  });
});
