import { afterAll, beforeAll, expect, test } from "vitest";
import { as } from "../../test/books.ts";
import { type Person, signUpPerson } from "../../test/people.ts";
import { makeSendingBooks, SENDING_YEAR, type SendingBooks } from "../../test/sending.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { stopDocumentRenderer } from "../modules/documents/print-renderer.ts";

// Issue 37: a page on another site made a signed-in browser email the GSTR-1 and a document with
// a live link through GET calls; the cross-site check covers writes only. So no GET may send,
// link or change anything. Two checks over every GET of the OpenAPI document:
// - statically, no GET takes a recipient, a message or a send switch in its query;
// - by running each GET as a signed-in owner, with plausible values and every value of each of
//   its enums, and with the send fields added: no table but the caches below changes.

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
}

interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
}

/**
 * What a GET may write, and why: none of it sends, links or changes the books or the people.
 * - gstin_records: the GSTIN lookup's cache of the provider's answer.
 * - gst_return_*: a return's facts brought current before they are read (decision 056).
 * - auth_limits: counters of the public link's opens and of other tries (rate limits).
 * - rate_limit_counts: the per-address request counts on PostgreSQL (decision 340).
 * - sessions: when a session was last seen.
 */
const CACHES = new Set([
  "gstin_records",
  "gst_return_documents",
  "gst_return_fact_months",
  "gst_return_lines",
  "gst_return_sums",
  "auth_limits",
  "rate_limit_counts",
  "sessions",
]);

/** The query names a send takes: a GET must take none of them. */
const SEND_FIELDS = new Set([
  "address",
  "email",
  "phone",
  "recipient",
  "subject",
  "body",
  "isemail",
]);

/** GETs whose query names one of those for reading, not sending. */
const READS_BY_SEND_FIELD = new Set<string>([
  // isEmail=true is refused with 405, naming the POST that mails the file.
  "GET /api/gstr1/gstr1Json ?isEmail",
  "GET /api/iff/iffJson ?isEmail",
]);

// It streams until the client goes away; it reads the change feed only.
const NOT_RUN = new Set(["GET /api/changes/stream"]);

let context: TestContext;
let owner: Person;
let books: SendingBooks;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  books = await makeSendingBooks(context, owner);
  const contact = await context.app.inject({
    method: "PATCH",
    url: "/api/account/addemail",
    headers: as(owner),
    payload: {
      organisationId: books.organisationId,
      accountId: books.customerId,
      email: "ravi@example.in",
    },
  });
  expect(contact.statusCode, contact.body).toBeLessThan(500);
}, 60_000);
afterAll(async () => {
  await stopDocumentRenderer();
  await context?.close();
});

function getRoutes() {
  const document = context.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes: { name: string; path: string; parameters: Operation["parameters"] }[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    const operation = operations.get;
    if (!operation) continue;
    routes.push({ name: `GET ${path}`, path, parameters: operation.parameters ?? [] });
  }
  return routes;
}

test("no GET takes a recipient, a message or a send switch in its query", () => {
  const routes = getRoutes();
  expect(routes.length).toBeGreaterThan(80);
  const suspects = routes.flatMap((route) =>
    (route.parameters ?? [])
      .filter((parameter) => parameter.in === "query")
      .filter((parameter) => SEND_FIELDS.has(parameter.name.toLowerCase()))
      .map((parameter) => `${route.name} ?${parameter.name}`)
      .filter((name) => !READS_BY_SEND_FIELD.has(name)),
  );
  expect(suspects).toEqual([]);
});

async function snapshot(): Promise<Map<string, string>> {
  const { db } = context.testDatabase.database;
  const tables = (await db.introspection.getTables()).map((table) => table.name);
  const state = new Map<string, string>();
  for (const table of tables) {
    if (table.startsWith("kysely_") || CACHES.has(table)) continue;
    // biome-ignore lint/suspicious/noExplicitAny: every table, whatever its columns.
    const rows = await (db as any).selectFrom(table).selectAll().execute();
    state.set(
      table,
      rows
        .map((row: unknown) => JSON.stringify(row))
        .sort()
        .join("\n"),
    );
  }
  return state;
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}

function plausible(name: string, schema: JsonSchema | undefined): string {
  const key = name.toLowerCase();
  if (key === "organisationid") return books.organisationId;
  if (key === "year" || key === "startingyear") return SENDING_YEAR;
  if (key === "startdate" || key === "datefrom" || key === "fromdate") return "2025-04-01";
  if (key.includes("date")) return "2025-06-30";
  if (key === "entryid" || key === "id") return books.invoiceId;
  if (key === "transactiontype") return "salesInvoice";
  if (key.endsWith("accountid")) return books.customerId;
  const variant = schema?.anyOf?.[0] ?? schema?.oneOf?.[0] ?? schema;
  if (variant?.enum && variant.enum.length > 0) return String(variant.enum[0]);
  if (key === "type") return "salesInvoice";
  const type = Array.isArray(variant?.type) ? variant.type[0] : variant?.type;
  if (type === "number" || type === "integer") return "1";
  if (type === "boolean") return "false";
  if (key.endsWith("id")) return books.customerId;
  return "x";
}

function enumOf(schema: JsonSchema | undefined): unknown[] {
  return schema?.enum ?? schema?.anyOf?.flatMap((part) => part.enum ?? []) ?? [];
}

/** The requests one GET gets: plausible, each enum value, and each with the send fields. */
function requestsOf(route: ReturnType<typeof getRoutes>[number]) {
  const base: Record<string, string> = {};
  const path: Record<string, string> = {};
  for (const parameter of route.parameters ?? []) {
    const value = plausible(parameter.name, parameter.schema);
    if (parameter.in === "query") base[parameter.name] = value;
    if (parameter.in === "path") path[parameter.name] = value;
  }
  const sendFields = {
    address: "outsider@example.in",
    email: "outsider@example.in",
    phone: "9876543210",
    subject: "Hello {link}",
    body: "Open {link}",
    isEmail: "true",
    includePdf: "true",
  };
  // Plausible; with the send fields; each enum value (with them); each switch on.
  const variants: Record<string, string>[] = [base, { ...base, ...sendFields }];
  for (const parameter of route.parameters ?? []) {
    if (parameter.in !== "query") continue;
    for (const value of enumOf(parameter.schema)) {
      if (String(value) !== base[parameter.name]) {
        variants.push({ ...base, ...sendFields, [parameter.name]: String(value) });
      }
    }
    if (base[parameter.name] === "false") variants.push({ ...base, [parameter.name]: "true" });
  }
  const url = `/api${route.path.replace(/^\/api/, "")}`.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(path[name] ?? "x"),
  );
  return variants.map((query) => `${url}?${new URLSearchParams(query)}`);
}

test("no GET changes anything: run as the owner, the books, outbox, links and log stay as they were", async () => {
  const routes = getRoutes().filter((route) => !NOT_RUN.has(route.name));
  const writers: string[] = [];
  let served = 0;
  let before = await snapshot();
  for (const route of routes) {
    const started = performance.now();
    for (const url of requestsOf(route)) {
      const response = await context.app.inject({ method: "GET", url, headers: as(owner) });
      if (response.statusCode === 200) served += 1;
    }
    // The outbox's worker runs after the answer: let it, so a queued message is seen.
    await context.app.outbox.flush();
    const after = await snapshot();
    const changed = changedTables(before, after);
    if (changed.length > 0) writers.push(`${route.name} → ${changed.join(", ")}`);
    before = after;
    if (process.env.BAHI_TIMING) console.log(route.name, Math.round(performance.now() - started));
  }
  // The plausible requests reach the services, not only the gate.
  expect(served).toBeGreaterThan(100);
  expect([...new Set(writers)]).toEqual([]);
}, 300_000);

test("the check sees a send: the POST of the same call changes the outbox and the links", async () => {
  const before = await snapshot();
  const sent = await context.app.inject({
    method: "POST",
    url: "/api/getpdf/transactionpdf",
    headers: as(owner),
    payload: {
      organisationId: books.organisationId,
      entryId: books.invoiceId,
      transactionType: "salesInvoice",
      format: "email",
      address: "ravi@example.in",
      subject: "Invoice",
      body: "Open {link}",
    },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await context.app.outbox.flush();
  const changed = changedTables(before, await snapshot());
  expect(changed).toEqual(expect.arrayContaining(["outbox_messages", "document_links"]));
});
