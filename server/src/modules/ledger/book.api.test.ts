import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, insertAccount } from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// Issue 25: figures the en-IN way in global search, and a deleted entry's old version says so.
let context: TestContext;
let owner: Person;
let org: string;
let entryId: string;
const inject = (options: InjectOptions) => context.app.inject(options);

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
    gstRegistered: false,
  }));
  const shop = await insertAccount(context, org, { name: "Kaveri Stores", nature: "Debtors" });
  const sales = await insertAccount(context, org, { name: "Counter Sales", nature: "Sales" });
  const saved = await inject({
    method: "POST",
    url: "/api/salesinvoice/add",
    headers: as(owner),
    payload: {
      organisationId: org,
      year: "2025-26",
      date: "2025-11-25",
      cashOrDebtorAccountId: shop,
      itemDetails: [],
      accountDetails: [{ accountId: sales, amount: 500, gstRate: 0 }],
      grossAmount: 500,
      cgstAmount: 0,
      sgstAmount: 0,
      igstAmount: 0,
      roundOffAmount: 0,
      totalAmount: 500,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  entryId = saved.json().entryId;
});
afterAll(() => context.close());

describe("global search", () => {
  test("an entry's detail shows its date as dd-MM-yyyy", async () => {
    const response = await inject({
      method: "GET",
      url: `/api/search/topsearch?organisationId=${org}&year=2025-26&searchText=Kaveri`,
      headers: as(owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    const entry = response
      .json()
      .results.find((result: { kind: string }) => result.kind === "transaction");
    expect(entry.detail).toBe("Kaveri Stores · 25-11-2025");
  });
});

describe("old versions", () => {
  test("a deleted entry's version says it is deleted", async () => {
    const url = `/api/salesinvoice/getoldentrydetails?organisationId=${org}&entryId=${entryId}&version=1`;
    const before = await inject({ method: "GET", url, headers: as(owner) });
    expect(before.json().entry).toMatchObject({ isCurrent: true, deleted: false });
    const deleted = await inject({
      method: "DELETE",
      url: `/api/salesinvoice/delete?organisationId=${org}&entryIds[]=${entryId}`,
      headers: as(owner),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await inject({ method: "GET", url, headers: as(owner) });
    expect(after.json().entry).toMatchObject({ isCurrent: false, deleted: true });
  });
});
