import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { insertAccount, insertItem } from "../../test/books.ts";
import { createOrganisation, signUpPerson } from "../../test/people.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

// Issue 26: malformed input on every route of the OpenAPI document must never be a 5xx. Each route
// gets a plausible request built from its documented schema, then the same request broken in the
// ways a fuzzer breaks it: fields missing and extra, wrong types, huge strings, NUL and control
// characters, odd numbers and dates, nulls, and the ids of other kinds of record. It runs as a
// signed-in owner of a real organisation with an account, an item and an entry, so requests reach
// the services, not only the gate.

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
}

interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Fixture {
  organisationId: string;
  accountId: string;
  otherAccountId: string;
  itemId: string;
  entryId: string;
}

let context: TestContext;
let cookies: string;
let fixture: Fixture;

beforeAll(async () => {
  context = await createTestApp();
  const owner = await signUpPerson(context);
  cookies = owner.cookies;
  const { organisationId } = await createOrganisation(context, cookies);
  const accountId = await insertAccount(context, organisationId, {
    name: "Fuzz Debtor",
    nature: "Debtors",
  });
  const otherAccountId = await insertAccount(context, organisationId, {
    name: "Fuzz Bank",
    nature: "Bank",
  });
  const itemId = await insertItem(context, organisationId, { name: "Fuzz Widget" });
  const journal = await context.app.inject({
    method: "POST",
    url: "/api/journalentry/add",
    headers: { cookie: cookies },
    payload: {
      organisationId,
      year: "2024-25",
      date: "2024-06-01",
      entries: [
        { accountId, debitAmount: 100 },
        { accountId: otherAccountId, creditAmount: 100 },
      ],
    },
  });
  expect(journal.statusCode, journal.body).toBe(200);
  const entryId = String(journal.json().entryId ?? journal.json().entry?._id ?? "");
  fixture = { organisationId, accountId, otherAccountId, itemId, entryId };
}, 60_000);
afterAll(() => context?.close());

/** A plausible value for a field, from its name first and its schema second. */
function plausible(name: string, schema: JsonSchema | undefined): unknown {
  const key = name.toLowerCase();
  if (key === "organisationid") return fixture.organisationId;
  if (key === "year" || key === "startingyear") return "2024-25";
  if (key.includes("date")) return "2024-06-15";
  if (key === "entryids") return [fixture.entryId];
  if (key === "itemid") return fixture.itemId;
  if (key === "entryid") return fixture.entryId;
  if (key.endsWith("accountid") || key === "accountid") return fixture.accountId;
  if (key.endsWith("id") && typeof schema?.type === "string" && schema.type === "string") {
    return fixture.accountId;
  }
  return fromSchema(schema, 0);
}

function fromSchema(schema: JsonSchema | undefined, depth: number): unknown {
  if (!schema || depth > 4) return "x";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return fromSchema(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, child]) => [
          name,
          depth < 3 ? plausible(name, child) : "x",
        ]),
      );
    case "null":
      return null;
    default:
      return schema.format === "date" ? "2024-06-15" : "x";
  }
}

type Fields = Record<string, unknown>;

/** The same fields with every value passed through `change` (by name and current value). */
function mapFields(fields: Fields, change: (name: string, value: unknown) => unknown): Fields {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, change(name, value)]),
  );
}

/** JSON nested `levels` deep, written as text: 6,000 levels were a 500 on every route (issue 37). */
const DEEP_JSON = `${"[".repeat(6_000)}1${"]".repeat(6_000)}`;

const HUGE = "A".repeat(300_000);
const LONG = "B".repeat(5_000);

/** The broken versions of a plausible set of fields. */
function mutations(base: Fields, inQuery: boolean): Fields[] {
  const isDate = (name: string) => name.toLowerCase().includes("date");
  const isId = (name: string) => /id$|ids$/i.test(name);
  const strings = (value: string) => (name: string, current: unknown) =>
    typeof current === "string" ? value : name === "organisationId" ? current : current;
  return [
    {},
    base,
    { ...base, unexpected: { nested: [1, "two", null] }, constructor: "x", __proto__x: 1 },
    mapFields(base, strings("a\u0000b")),
    mapFields(base, strings("\u0001\u0007\u001b[31m\u007f")),
    mapFields(base, strings(inQuery ? LONG : HUGE)),
    mapFields(base, (_name, value) => (typeof value === "string" ? 12345 : "not a number")),
    mapFields(base, () => ({ $gt: "", nested: { deeper: [] } })),
    mapFields(base, () => [["x"], { y: 1 }]),
    mapFields(base, () => null),
    mapFields(base, () => true),
    mapFields(base, (_name, value) => (typeof value === "number" ? 1e308 : value)),
    mapFields(base, (_name, value) => (typeof value === "number" ? -0.000001 : value)),
    mapFields(base, (_name, value) => (typeof value === "number" ? 2 ** 53 + 7 : value)),
    mapFields(base, (name, value) =>
      isDate(name) ? "9999-12-31" : name === "year" ? "9998-99" : value,
    ),
    mapFields(base, (name, value) =>
      isDate(name) ? "0001-01-01" : name === "year" ? "1900-01" : value,
    ),
    mapFields(base, (name, value) => (isDate(name) ? "2024-02-30" : value)),
    mapFields(base, (name, value) =>
      isId(name) && name !== "organisationId"
        ? name.toLowerCase().includes("item")
          ? fixture.accountId
          : fixture.itemId
        : value,
    ),
    mapFields(base, (name, value) =>
      isId(name) && name !== "organisationId" ? fixture.entryId : value,
    ),
    mapFields(base, (name, value) => (isId(name) ? "00000000-0000-0000-0000-000000000000" : value)),
  ];
}

function asQuery(fields: Fields): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      typeof value === "string" ? value : (JSON.stringify(value) ?? ""),
    ]),
  );
}

// The change feed streams until the client goes away; it is fuzzed by its own tests' bad inputs.
const NOT_FUZZED = new Set(["GET /api/changes/stream"]);
// Run last: they end the session or the organisation every other request uses.
const LAST = ["POST /api/auth/logout", "DELETE /api/organisation/delete"];

test("no route of the OpenAPI document answers malformed input with a 5xx", async () => {
  const document = context.app.swagger() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const routes: { method: string; path: string; operation: Operation }[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const name = `${method.toUpperCase()} ${path}`;
      if (!NOT_FUZZED.has(name)) routes.push({ method: method.toUpperCase(), path, operation });
    }
  }
  const rank = (route: { method: string; path: string }) =>
    LAST.indexOf(`${route.method} ${route.path}`) + 1;
  routes.sort((a, b) => rank(a) - rank(b));
  expect(routes.length).toBeGreaterThan(200);

  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  for (const { method, path, operation } of routes) {
    const parameters = operation.parameters ?? [];
    const query: Fields = {};
    const pathParameters: Fields = {};
    for (const parameter of parameters) {
      const value = plausible(parameter.name, parameter.schema);
      if (parameter.in === "query") query[parameter.name] = value;
      if (parameter.in === "path") pathParameters[parameter.name] = value;
    }
    const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
    const body = bodySchema ? (fromSchema(bodySchema, 0) as Fields) : undefined;
    const hasBody = method !== "GET" && method !== "DELETE";
    const requests: InjectOptions[] = [];
    const url = (parameters: Fields) =>
      path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(String(parameters[name] ?? "x")),
      );
    for (const variant of mutations(query, true)) {
      requests.push({ query: asQuery(variant), url: url(pathParameters) });
    }
    for (const variant of mutations(pathParameters, true)) {
      if (Object.keys(pathParameters).length > 0) requests.push({ url: url(variant) });
    }
    if (hasBody) {
      const base =
        body && typeof body === "object" && !Array.isArray(body)
          ? body
          : { organisationId: fixture.organisationId };
      for (const variant of mutations(base, false)) {
        requests.push({ url: url(pathParameters), query: asQuery(query), payload: variant });
      }
      requests.push({
        url: url(pathParameters),
        payload: "{not json",
        headers: { "content-type": "application/json" },
      });
      requests.push({
        url: url(pathParameters),
        payload: `{"organisationId":"${fixture.organisationId}","deep":${DEEP_JSON}}`,
        headers: { "content-type": "application/json" },
      });
      requests.push({
        url: url(pathParameters),
        payload: DEEP_JSON,
        headers: { "content-type": "application/json" },
      });
      requests.push({
        url: url(pathParameters),
        payload: "[1,2,3]",
        headers: { "content-type": "application/json" },
      });
    }
    // A few at a time: PostgreSQL answers them on separate connections.
    for (let start = 0; start < requests.length; start += 4) {
      await Promise.all(
        requests.slice(start, start + 4).map(async (request) => {
          const response = await context.app.inject({
            ...request,
            method: method as InjectOptions["method"],
            headers: {
              cookie: cookies,
              ...(request.headers as Record<string, string> | undefined),
            },
          });
          sent += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500) {
            failures.push(
              `${method} ${path} ${response.statusCode} ${JSON.stringify(request.query ?? {}).slice(0, 200)} ${JSON.stringify(request.payload ?? "").slice(0, 200)} → ${response.body.slice(0, 200)}`,
            );
          }
        }),
      );
    }
  }
  expect(sent).toBeGreaterThan(3000);
  // The plausible requests get through the gate and the schemas to the services.
  expect(statuses.get(200) ?? 0).toBeGreaterThan(200);
  expect(failures).toEqual([]);
}, 120_000);
