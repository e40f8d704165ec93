import { afterAll, beforeAll, expect, test } from "vitest";
import { insertAccount } from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

let context: TestContext;
let owner: Person;
let org: string;
let baseUrl: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
  }));
  baseUrl = await context.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => context.close());

/** Reads server-sent events until one named `change` arrives. */
async function nextChange(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<Record<string, unknown>> {
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended");
    buffer += decoder.decode(value, { stream: true });
    const event = /event: change\ndata: (.+)\n\n/.exec(buffer);
    if (event?.[1]) return JSON.parse(event[1]);
  }
}

/** Reads server-sent events until `count` named `change` have arrived. */
async function nextChanges(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  count: number,
): Promise<Record<string, unknown>[]> {
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended");
    buffer += decoder.decode(value, { stream: true });
    const events = [...buffer.matchAll(/event: change\ndata: (.+)\n\n/g)].map((match) =>
      JSON.parse(match[1] ?? "{}"),
    );
    if (events.length >= count) return events;
  }
}

test("an open screen hears of a voucher saved elsewhere", async () => {
  const controller = new AbortController();
  const stream = await fetch(`${baseUrl}/api/changes/stream?organisationId=${org}`, {
    headers: { cookie: owner.cookies },
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  expect(stream.headers.get("content-type")).toContain("text/event-stream");
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  const rent = await insertAccount(context, org, { name: "Rent", nature: "Indirect Expense" });
  const bank = await insertAccount(context, org, { name: "Bank", nature: "Bank" });
  const saved = await context.app.inject({
    method: "POST",
    url: "/api/payments/add",
    headers: { cookie: owner.cookies },
    payload: {
      organisationId: org,
      year: "2025-26",
      date: "2025-04-10",
      paidAccountId: bank,
      paidAmount: 100,
      entries: [{ accountId: rent, amount: 100 }],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const change = await nextChange(reader);
  expect(change).toMatchObject({
    entityType: "payments",
    entityId: saved.json().entryId,
    action: "add",
    userId: owner.userId,
  });
  controller.abort();
});

test("another organisation's stream is refused", async () => {
  const stranger = await signUpPerson(context);
  const response = await fetch(`${baseUrl}/api/changes/stream?organisationId=${org}`, {
    headers: { cookie: stranger.cookies },
  });
  expect(response.status).toBe(403);
});

test("every change a save makes carries the tab that made it, so that tab is not alarmed", async () => {
  const { organisationId: stockOrg } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
    manageInventory: true,
  });
  const controller = new AbortController();
  const stream = await fetch(`${baseUrl}/api/changes/stream?organisationId=${stockOrg}`, {
    headers: { cookie: owner.cookies },
    signal: controller.signal,
  });
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  const saved = await context.app.inject({
    method: "POST",
    url: "/api/item/add",
    headers: { cookie: owner.cookies, "x-bahi-tab": "tab-0123456789abcdef" },
    payload: {
      organisationId: stockOrg,
      name: "Tea",
      type: "goods",
      uom: "KGS",
      gstRate: 5,
      openingBalanceQuantity: 10,
      openingBalanceAmount: 1500,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // The item, and the Closing Stock account whose opening the item's opening stock moved.
  const [first = {}, second = {}] = await nextChanges(reader, 2);
  expect([first.entityType, second.entityType].sort()).toEqual(["account", "item"]);
  expect(first.tabId).toBe("tab-0123456789abcdef");
  expect(second.tabId).toBe("tab-0123456789abcdef");
  controller.abort();
});
