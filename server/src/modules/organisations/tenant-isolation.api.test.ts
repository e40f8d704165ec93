import Fastify, { type InjectOptions, type LightMyRequestResponse } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  addMember,
  createOrganisation,
  type Person,
  requestAs,
  signUpPerson,
} from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { organisationsRoutes } from "./organisations.routes.ts";

// DESIGN.md §4: a request's organisation is checked against the caller before anything runs.
// Organisation A's owner fills it with data; organisation B's owner (and B's API key) call every
// organisation-scoped route against A, and must get 403 and not one byte of A's data.

let context: TestContext;
let ownerA: Person;
let memberA: Person;
let ownerB: Person;
let a: { organisationId: string; invitationId: string; apiKey: string };
let apiKeyB: string;

const NAME_A = "Alpha Secret Traders";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

beforeAll(async () => {
  context = await createTestApp();
  ownerA = await signUpPerson(context, { name: "Arjun Alpha" });
  memberA = await signUpPerson(context, { name: "Meena Alpha" });
  ownerB = await signUpPerson(context, { name: "Bela Beta" });
  const { organisationId } = await createOrganisation(context, ownerA.cookies, { name: NAME_A });
  await addMember(context, ownerA, organisationId, memberA, "accountant");
  const invitation = await requestAs(context, ownerA, {
    method: "POST",
    url: "/api/organisation/adduser",
    payload: { organisationId, email: "pending.alpha@example.in", role: "viewer" },
  });
  const apiKey = await requestAs(context, ownerA, {
    method: "POST",
    url: "/api/organisation/createapikey",
    payload: { organisationId },
  });
  a = {
    organisationId,
    invitationId: invitation.json().invitation.invitationId,
    apiKey: apiKey.json().apiKey,
  };
  const boundary = "----isolation";
  const logo = await requestAs(context, ownerA, {
    method: "POST",
    url: "/api/settings/organisation",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="organisationId"\r\n\r\n${organisationId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="signatoryName"\r\n\r\nArjun Alpha Secret\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(logo.statusCode).toBe(200);

  const b = await createOrganisation(context, ownerB.cookies, { name: "Beta Co" });
  apiKeyB = (
    await requestAs(context, ownerB, {
      method: "POST",
      url: "/api/organisation/createapikey",
      payload: { organisationId: b.organisationId },
    })
  ).json().apiKey;
});
afterAll(() => context.close());

type Call = { method: InjectOptions["method"]; url: string; payload?: Record<string, unknown> };

/** Every organisation-scoped route, aimed at organisation A. */
function routesAgainstA(): Call[] {
  const id = a.organisationId;
  const q = `organisationId=${id}`;
  return [
    {
      method: "PATCH",
      url: "/api/organisation/updatename",
      payload: { organisationId: id, name: "Taken" },
    },
    { method: "PATCH", url: "/api/organisation/inactive", payload: { organisationId: id } },
    { method: "PATCH", url: "/api/organisation/active", payload: { organisationId: id } },
    { method: "DELETE", url: `/api/organisation/delete?${q}` },
    {
      method: "POST",
      url: "/api/organisation/adduser",
      payload: { organisationId: id, email: "intruder.friend@example.in", role: "admin" },
    },
    { method: "GET", url: `/api/organisation/listofinvitationsent?${q}` },
    {
      method: "POST",
      url: "/api/organisation/revokeinvitation",
      payload: { organisationId: id, invitationId: a.invitationId },
    },
    {
      method: "POST",
      url: "/api/organisation/edituser",
      payload: { organisationId: id, editUserId: memberA.userId, role: "viewer" },
    },
    {
      method: "POST",
      url: "/api/organisation/removeuser",
      payload: { organisationId: id, userId: memberA.userId },
    },
    { method: "POST", url: "/api/organisation/leaveorganisation", payload: { organisationId: id } },
    { method: "GET", url: `/api/user/list?${q}` },
    { method: "GET", url: `/api/user/rights?${q}&userId=${memberA.userId}` },
    {
      method: "PATCH",
      url: "/api/user/inactive",
      payload: { organisationId: id, userId: memberA.userId },
    },
    {
      method: "PATCH",
      url: "/api/user/active",
      payload: { organisationId: id, userId: memberA.userId },
    },
    { method: "GET", url: `/api/organisation/user-logs?${q}` },
    { method: "POST", url: "/api/organisation/createapikey", payload: { organisationId: id } },
    { method: "POST", url: "/api/organisation/deleteapikey", payload: { organisationId: id } },
    { method: "GET", url: `/api/organisation/apikey?${q}` },
    { method: "GET", url: `/api/settings/getorganisationsettings?${q}` },
    {
      method: "POST",
      url: "/api/settings/organisation",
      payload: { organisationId: id, signatoryName: "Intruder", billWiseEntry: true },
    },
    { method: "PATCH", url: `/api/settings/removefile?${q}&type=logo` },
    { method: "GET", url: `/api/files/${id}/logo` },
  ];
}

/** Calls that belong to the person, not to an organisation (tested separately below). */
const PERSONAL_ROUTES = [
  "GET /api/organisations",
  "GET /api/organisation/list",
  "POST /api/organisation/add",
  "GET /api/organisation/listofinvitationreceived",
  "POST /api/organisation/acceptinvitation",
  "POST /api/organisation/rejecttinvitation",
];

const secretsOfA = () => [
  a.organisationId,
  NAME_A,
  a.invitationId,
  a.apiKey,
  ownerA.userId,
  ownerA.email,
  ownerA.name,
  memberA.userId,
  memberA.email,
  memberA.name,
  "pending.alpha@example.in",
  "Arjun Alpha Secret",
];

function expectNothingOfA(body: string) {
  for (const secret of secretsOfA()) expect(body).not.toContain(secret);
  // Nor its logo's bytes.
  expect(body).not.toContain(PNG.toString("latin1").slice(0, 16));
}

const CALLERS_FROM_B: Record<string, (call: Call) => Promise<LightMyRequestResponse>> = {
  "B's owner": (call) => requestAs(context, ownerB, call),
  "B's API key": (call) => context.app.inject({ ...call, headers: { "x-api-key": apiKeyB } }),
};

describe("tenant isolation", () => {
  test("the table names every route of the module", async () => {
    const seen: string[] = [];
    const probe = Fastify();
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    probe.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) {
        if (method !== "HEAD") seen.push(`${method} ${route.url}`);
      }
    });
    const deps = {
      db: context.testDatabase.database.db,
      authenticator: { requireCaller: async () => {} },
    } as unknown as ModuleDeps;
    await probe.register(organisationsRoutes, { prefix: "/api", deps });
    await probe.ready();
    await probe.close();
    const tabled = routesAgainstA().map(
      (call) =>
        `${call.method} ${call.url.split("?")[0]?.replace(a.organisationId, ":organisationId").replace("/logo", "/:kind")}`,
    );
    expect([...tabled, ...PERSONAL_ROUTES].sort()).toEqual([...new Set(seen)].sort());
  });

  test.each(Object.keys(CALLERS_FROM_B))(
    "%s gets 403 and nothing of A from every organisation-scoped route",
    async (who) => {
      const send = CALLERS_FROM_B[who];
      if (!send) throw new Error(who);
      for (const call of routesAgainstA()) {
        const response = await send(call);
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        expectNothingOfA(response.body);
      }
    },
  );

  test("after all that, organisation A is exactly as it was", async () => {
    const own = (call: Call) => requestAs(context, ownerA, call);
    const organisations = (await own({ method: "GET", url: "/api/organisations" })).json();
    expect(organisations.organisations).toEqual([
      expect.objectContaining({ _id: a.organisationId, name: NAME_A, active: true }),
    ]);
    const users = (
      await own({ method: "GET", url: `/api/user/list?organisationId=${a.organisationId}` })
    ).json().users;
    expect(users).toContainEqual(
      expect.objectContaining({ _id: memberA.userId, role: "accountant", active: true }),
    );
    const invitations = (
      await own({
        method: "GET",
        url: `/api/organisation/listofinvitationsent?organisationId=${a.organisationId}`,
      })
    ).json().invitations;
    expect(invitations).toContainEqual(
      expect.objectContaining({ invitationId: a.invitationId, status: "sent" }),
    );
    const settings = (
      await own({
        method: "GET",
        url: `/api/settings/getorganisationsettings?organisationId=${a.organisationId}`,
      })
    ).json().settings;
    expect(settings).toMatchObject({ signatoryName: "Arjun Alpha Secret", billWiseEntry: false });
    expect(settings.logoUrl).not.toBeNull();
    const withKey = await context.app.inject({
      method: "GET",
      url: `/api/user/list?organisationId=${a.organisationId}`,
      headers: { "x-api-key": a.apiKey },
    });
    expect(withKey.statusCode).toBe(200);
    const logs = await context.testDatabase.database.db
      .selectFrom("audit_logs")
      .select("user_id")
      .where("organisation_id", "=", a.organisationId)
      .execute();
    expect(logs.map((log) => log.user_id)).not.toContain(ownerB.userId);
  });

  test("A's ids sent through B's own organisation find nothing", async () => {
    const b = (
      await requestAs(context, ownerB, { method: "GET", url: "/api/organisations" })
    ).json().organisations[0]._id as string;
    const calls: Call[] = [
      {
        method: "POST",
        url: "/api/organisation/edituser",
        payload: { organisationId: b, editUserId: memberA.userId, role: "viewer" },
      },
      {
        method: "POST",
        url: "/api/organisation/removeuser",
        payload: { organisationId: b, userId: memberA.userId },
      },
      {
        method: "PATCH",
        url: "/api/user/inactive",
        payload: { organisationId: b, userId: memberA.userId },
      },
      { method: "GET", url: `/api/user/rights?organisationId=${b}&userId=${memberA.userId}` },
      {
        method: "POST",
        url: "/api/organisation/revokeinvitation",
        payload: { organisationId: b, invitationId: a.invitationId },
      },
    ];
    for (const call of calls) {
      const response = await requestAs(context, ownerB, call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      expectNothingOfA(response.body);
    }
    const logs = (
      await requestAs(context, ownerB, {
        method: "GET",
        url: `/api/organisation/user-logs?organisationId=${b}&userId=${ownerA.userId}&limit=500`,
      })
    ).json();
    expect(logs).toEqual({ logs: [], count: 0 });
  });

  test("personal calls with A's ids answer nothing of A", async () => {
    const calls: [Call, number][] = [
      [
        {
          method: "POST",
          url: "/api/organisation/acceptinvitation",
          payload: { invitationId: a.invitationId },
        },
        404,
      ],
      [
        {
          method: "POST",
          url: "/api/organisation/rejecttinvitation",
          payload: { invitationId: a.invitationId },
        },
        404,
      ],
      [
        {
          method: "GET",
          url: `/api/organisation/listofinvitationreceived?organisationId=${a.organisationId}`,
        },
        200,
      ],
      [{ method: "GET", url: "/api/organisation/list" }, 200],
      [{ method: "GET", url: "/api/organisations" }, 200],
    ];
    for (const [call, status] of calls) {
      const response = await requestAs(context, ownerB, call);
      expect(response.statusCode, call.url).toBe(status);
      expectNothingOfA(response.body);
    }
  });
});
