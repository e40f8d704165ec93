import Fastify, { type InjectOptions, type LightMyRequestResponse } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { systemAccountId } from "../../../test/books.ts";
import { createOrganisation, type Person, requestAs, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { closingStockRoutes } from "../closing-stock/closing-stock.routes.ts";
import { customFieldsRoutes } from "../custom-fields/custom-fields.routes.ts";
import { gstinRoutes } from "../gstin/gstin.routes.ts";
import { itemsRoutes } from "../items/items.routes.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { accountsRoutes } from "./accounts.routes.ts";
import { makeGstin, ok } from "./masters.test-kit.ts";

// DESIGN.md §4: the organisation a request names is checked against the caller before anything
// runs. Organisation A's owner fills it with masters; B's owner and B's API key call every route
// of the five masters modules against A and must get 403 and not one byte of A's data.

let context: TestContext;
let ownerA: Person;
let ownerB: Person;
let apiKeyB: string;
let orgB: string;
const a = { org: "", account: "", item: "", field: "", stock: "" };

const GSTIN_A = makeGstin("27", "AAPFU0939F");
const SECRET_NAMES = [
  "Alpha Secret Debtor",
  "Alpha Secret Item",
  "Alpha Secret Field",
  "Alpha Secret GSTIN Name",
];

beforeAll(async () => {
  context = await createTestApp();
  ownerA = await signUpPerson(context, { name: "Arjun Alpha" });
  ownerB = await signUpPerson(context, { name: "Bela Beta" });
  a.org = (
    await createOrganisation(context, ownerA.cookies, { name: "Alpha Masters" })
  ).organisationId;
  a.stock = await systemAccountId(context, a.org, "closingStock");
  const post = (url: string, payload: Record<string, unknown>) =>
    ok(context, ownerA, { method: "POST", url, payload: { organisationId: a.org, ...payload } });
  a.field = (
    await post("/api/customfield/add", {
      name: SECRET_NAMES[2],
      type: "shorttext",
      applicableFor: "account",
    })
  ).customFieldId;
  a.account = (
    await post("/api/account/add", {
      name: SECRET_NAMES[0],
      nature: "Debtors",
      gstin: GSTIN_A,
      email: "secret.debtor@alpha.in",
      openingBalance: 4242.42,
      openingBalanceType: "dr",
      customFieldValues: { [a.field]: "alpha-secret-value" },
    })
  ).accountId;
  a.item = (await post("/api/item/add", { name: SECRET_NAMES[1], type: "goods" })).itemId;
  await post("/api/gsts", { gstin: GSTIN_A });
  await ok(context, ownerA, {
    method: "PUT",
    url: "/api/gsts/changeName",
    payload: { organisationId: a.org, gstin: GSTIN_A, name: SECRET_NAMES[3] },
  });
  await post("/api/misc/editclosingstock", {
    accountId: a.stock,
    data: [{ month: "2024-04", value: 777.77 }],
  });

  orgB = (await createOrganisation(context, ownerB.cookies, { name: "Beta Co" })).organisationId;
  apiKeyB = (
    await ok(context, ownerB, {
      method: "POST",
      url: "/api/organisation/createapikey",
      payload: { organisationId: orgB },
    })
  ).apiKey;
});
afterAll(() => context.close());

type Call = { method: InjectOptions["method"]; url: string; payload?: Record<string, unknown> };

/** Every route of the masters modules, aimed at organisation A and its records. */
function routesAgainst(org: string): Call[] {
  const q = `organisationId=${org}`;
  const account = { organisationId: org, accountId: a.account };
  const item = { organisationId: org, itemId: a.item };
  const field = { organisationId: org, customFieldId: a.field };
  return [
    { method: "GET", url: `/api/account/accountslist?${q}&withBalances=true` },
    { method: "GET", url: `/api/account/creditor-debtor-accounts?${q}` },
    { method: "GET", url: `/api/account/getsingleaccountdetails?${q}&accountId=${a.account}` },
    {
      method: "POST",
      url: "/api/account/add",
      payload: { organisationId: org, name: "Intruder", nature: "Capital" },
    },
    {
      method: "PUT",
      url: "/api/account/edit",
      payload: { ...account, name: "Taken Over", nature: "Capital", version: 1 },
    },
    { method: "PUT", url: "/api/account/active", payload: account },
    { method: "PUT", url: "/api/account/inactive", payload: account },
    { method: "DELETE", url: `/api/account/delete?${q}&accountId=${a.account}` },
    {
      method: "GET",
      url: `/api/account/accountnameavailablecheck?${q}&name=${encodeURIComponent(SECRET_NAMES[0] ?? "")}`,
    },
    { method: "GET", url: `/api/account/gstinalreadypresent?${q}&gstin=${GSTIN_A}` },
    {
      method: "PATCH",
      url: "/api/account/addemail",
      payload: { ...account, email: "intruder@beta.in" },
    },
    { method: "PATCH", url: "/api/account/addphone", payload: { ...account, phone: "9876543210" } },
    { method: "GET", url: `/api/account/accountslog?${q}&accountId=${a.account}` },
    {
      method: "POST",
      url: "/api/account/openingbalances",
      payload: {
        organisationId: org,
        balances: [{ accountId: a.account, openingBalance: 1, openingBalanceType: "cr" }],
      },
    },
    { method: "GET", url: `/api/account/openingbalancedifference?${q}` },
    {
      method: "POST",
      url: "/api/item/add",
      payload: { organisationId: org, name: "Intruder Item", type: "goods" },
    },
    {
      method: "POST",
      url: "/api/item/edit",
      payload: { ...item, name: "Taken Item", type: "goods", version: 1 },
    },
    { method: "GET", url: `/api/item/itemlist?${q}` },
    { method: "GET", url: `/api/item/getsingleitemdetails?${q}&itemId=${a.item}` },
    { method: "DELETE", url: `/api/item/delete?${q}&itemId=${a.item}` },
    { method: "PUT", url: "/api/item/active", payload: item },
    { method: "PUT", url: "/api/item/inactive", payload: item },
    { method: "GET", url: `/api/item/itemslog?${q}&itemId=${a.item}` },
    { method: "GET", url: `/api/customfield/getCustomFieldList?${q}&limit=10000` },
    {
      method: "POST",
      url: "/api/customfield/add",
      payload: { organisationId: org, name: "Intruder", type: "number", applicableFor: "item" },
    },
    {
      method: "POST",
      url: "/api/customfield/edit",
      payload: {
        ...field,
        name: "Taken",
        type: "shorttext",
        applicableFor: "account",
        version: 1,
      },
    },
    { method: "DELETE", url: `/api/customfield/delete?${q}&customFieldId=${a.field}` },
    { method: "PUT", url: "/api/customfield/active", payload: field },
    { method: "PUT", url: "/api/customfield/inactive", payload: field },
    { method: "GET", url: `/api/customfield/getCustomFieldLogs?${q}&customFieldId=${a.field}` },
    { method: "GET", url: `/api/gst?gstin=${GSTIN_A}&${q}` },
    { method: "GET", url: `/api/gst/?gstin=${GSTIN_A}&${q}` },
    { method: "POST", url: "/api/gsts", payload: { organisationId: org, gstin: GSTIN_A } },
    { method: "GET", url: `/api/gsts?${q}` },
    {
      method: "PUT",
      url: "/api/gsts/changeName",
      payload: { organisationId: org, gstin: GSTIN_A, name: "Taken" },
    },
    {
      method: "POST",
      url: "/api/misc/editclosingstock",
      payload: { organisationId: org, accountId: a.stock, data: [{ month: "2024-04", value: 1 }] },
    },
    {
      method: "GET",
      url: `/api/misc/getmanualclosingstock?${q}&year=2024-25&accountId=${a.stock}`,
    },
  ];
}

function expectNothingOfA(body: string) {
  for (const secret of [
    a.org,
    a.account,
    a.item,
    a.field,
    a.stock,
    ...SECRET_NAMES,
    "alpha-secret-value",
    "secret.debtor@alpha.in",
    "4242.42",
    "777.77",
  ]) {
    expect(body).not.toContain(secret);
  }
}

const CALLERS_FROM_B: Record<string, (call: Call) => Promise<LightMyRequestResponse>> = {
  "B's owner": (call) => requestAs(context, ownerB, call),
  "B's API key": (call) => context.app.inject({ ...call, headers: { "x-api-key": apiKeyB } }),
};

describe("tenant isolation of the masters", () => {
  test("the table names every route of the five modules", async () => {
    const seen: string[] = [];
    const probe = Fastify();
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    probe.addHook("onRoute", (route) => {
      for (const method of [route.method].flat())
        if (method !== "HEAD") seen.push(`${method} ${route.url}`);
    });
    const deps = {
      db: context.testDatabase.database.db,
      authenticator: { requireCaller: async () => {} },
      config: {
        gstinLookup: { url: undefined, key: undefined, keyHeader: "x-api-key", timeoutMs: 5000 },
      },
    } as unknown as ModuleDeps;
    for (const routes of [
      accountsRoutes,
      itemsRoutes,
      customFieldsRoutes,
      gstinRoutes,
      closingStockRoutes,
    ]) {
      await probe.register(routes, { prefix: "/api", deps });
    }
    await probe.ready();
    await probe.close();
    const tabled = routesAgainst(a.org).map((call) => `${call.method} ${call.url.split("?")[0]}`);
    expect(tabled.sort()).toEqual([...new Set(seen)].sort());
  });

  test.each(Object.keys(CALLERS_FROM_B))(
    "%s gets 403 and nothing of A from every route",
    async (who) => {
      const send = CALLERS_FROM_B[who];
      if (!send) throw new Error(who);
      for (const call of routesAgainst(a.org)) {
        const response = await send(call);
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        expectNothingOfA(response.body);
      }
    },
  );

  test("A's record ids sent through B's own organisation find nothing of A", async () => {
    for (const call of routesAgainst(orgB)) {
      const response = await requestAs(context, ownerB, call);
      expect(response.statusCode, `${call.method} ${call.url}`).not.toBe(500);
      expectNothingOfA(response.body);
    }
  });

  test("after all that, A's masters are exactly as they were", async () => {
    const { account } = await ok(context, ownerA, {
      method: "GET",
      url: `/api/account/getsingleaccountdetails?organisationId=${a.org}&accountId=${a.account}`,
    });
    expect(account).toMatchObject({
      name: SECRET_NAMES[0],
      active: true,
      openingBalance: 4242.42,
      version: 1,
    });
    const { item } = await ok(context, ownerA, {
      method: "GET",
      url: `/api/item/getsingleitemdetails?organisationId=${a.org}&itemId=${a.item}`,
    });
    expect(item).toMatchObject({ name: SECRET_NAMES[1], active: true, version: 1 });
    const { customFields } = await ok(context, ownerA, {
      method: "GET",
      url: `/api/customfield/getCustomFieldList?organisationId=${a.org}&limit=10000`,
    });
    expect(customFields).toEqual([
      expect.objectContaining({ name: SECRET_NAMES[2], version: 1, active: true }),
    ]);
    const { gsts } = await ok(context, ownerA, {
      method: "GET",
      url: `/api/gsts?organisationId=${a.org}`,
    });
    expect(gsts).toEqual([expect.objectContaining({ name: SECRET_NAMES[3] })]);
    const stock = await ok(context, ownerA, {
      method: "GET",
      url: `/api/misc/getmanualclosingstock?organisationId=${a.org}&year=2024-25`,
    });
    expect(stock.closingStock[0]).toMatchObject({ month: "2024-04", value: 777.77 });
  });
});
