import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, setUpGstRegisteredBook } from "../../../test/books.ts";
import { type Person, requestAs } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { reportsRoutes } from "./reports.routes.ts";

// DESIGN.md §4: every report reads one organisation, checked against the caller first. A's owner
// fills A with data; B's owner calls every report route against A (as JSON and as a download) and
// must get 403 and not one byte of A's data. Rights: a member with only the sales right reads the
// sales reports and nothing else.

let context: TestContext;
let ownerA: Person;
let ownerB: Person;
let salesClerk: Person;
let a: string;
const ids: Record<string, string> = {};
const SECRET = "Zubin Secret Traders";

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Alpha Reports Co" },
    strangerOrganisation: { name: "Beta Co" },
    accountantRights: [
      { transactionType: "salesInvoice", view: true, add: false, edit: false, delete: false },
    ],
    accounts: {
      party: { name: SECRET, nature: "Debtors", stateCode: "27" },
      bank: { name: "Alpha Bank", nature: "Bank" },
    },
    items: { item: { name: "Secret Widget" } },
  });
  ({ context, owner: ownerA, stranger: ownerB, accountant: salesClerk, organisationId: a } = book);
  Object.assign(ids, book.accounts, book.items);
  const sale = await requestAs(context, ownerA, {
    method: "POST",
    url: "/api/salesinvoice/add",
    payload: {
      organisationId: a,
      year: "2024-25",
      date: "2024-06-01",
      cashOrDebtorAccountId: ids.party,
      pos: "27",
      itemDetails: [
        {
          itemId: ids.item,
          quantity: 1,
          rate: 20_000,
          discountType: "percent",
          discount: 0,
          gstRate: 18,
          amount: 20_000,
        },
      ],
      accountDetails: [],
      grossAmount: 20_000,
      cgstAmount: 1800,
      sgstAmount: 1800,
      igstAmount: 0,
      roundOffAmount: 0,
      totalAmount: 23_600,
    },
  });
  expect(sale.statusCode, sale.body).toBe(200);
  ids.sale = sale.json().entryId;
});
afterAll(() => context.close());

const TRADE = [
  "ByMonthQuarter",
  "byitem",
  "byday",
  "bypos",
  "bygstrate",
  "bymostreturneditems",
  "byitemtype",
  "bymonthwithgst",
];

/** Every route of the module, called against A with A's own ids. */
function routesAgainstA(): string[] {
  const base = `organisationId=${a}&year=2024-25`;
  return [
    `/api/reports/balancesheet?${base}`,
    `/api/reports/profitloss?${base}`,
    `/api/reports/daybook?${base}&date=2024-06-01`,
    `/api/item/getItemLedger?${base}&itemId=${ids.item}`,
    `/api/reports/cashpaymentsover10k?${base}`,
    `/api/dashboard/salesAndPurchaseBillDates?${base}`,
    `/api/dashboard/cashAndBankLastDates?${base}&cashAndBankAccountIds=${ids.bank}`,
    `/api/dashboard/lastThirtyDaysSales?${base}`,
    `/api/dashboard/dueSalesAndPurchase?${base}`,
    ...TRADE.map((name) => `/api/salesreports/sales${name}?${base}`),
    ...TRADE.map((name) => `/api/purchasereports/purchase${name}?${base}`),
    `/api/salesreports/salesbycustomer?${base}`,
    `/api/purchasereports/purchasebysupplier?${base}`,
    `/api/salesreports/saleswithwronggstrate?${base}`,
    `/api/purchasereports/purchasewithwronggstrate?${base}`,
    `/api/salesreports/mostitemsreturningsalescustomers?${base}`,
    `/api/purchasereports/mostitemsreturningpurchasesuppliers?${base}`,
    `/api/salesreports/overduesalesreport?${base}`,
    `/api/purchasereports/overduepurchasereport?${base}`,
    `/api/salesreports/item-sales-history?${base}&itemId=${ids.item}&accountId=${ids.party}`,
    `/api/salesreports/item-sales-history-all-parties?${base}&itemId=${ids.item}`,
    `/api/purchasereports/item-purchase-history?${base}&itemId=${ids.item}&accountId=${ids.party}`,
    `/api/purchasereports/item-all-purchase-history?${base}&itemId=${ids.item}`,
  ];
}

describe("tenant isolation of the reports", () => {
  test("the list names every route of the module", async () => {
    const seen: string[] = [];
    const probe = Fastify();
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    probe.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) if (method !== "HEAD") seen.push(route.url);
    });
    const deps = {
      db: context.testDatabase.database.db,
      authenticator: { requireCaller: async () => {} },
    } as unknown as ModuleDeps;
    await probe.register(reportsRoutes, { prefix: "/api", deps });
    await probe.ready();
    await probe.close();
    const listed = routesAgainstA().map((url) => url.split("?")[0]);
    expect([...new Set(listed)].sort()).toEqual([...new Set(seen)].sort());
  });

  test("A's owner reads every route", async () => {
    for (const url of routesAgainstA()) {
      const response = await requestAs(context, ownerA, { method: "GET", url });
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    }
  });

  test("B's owner gets 403 and nothing of A from every route, as JSON and as a download", async () => {
    for (const url of routesAgainstA()) {
      for (const suffix of ["", "&download=true&format=excel"]) {
        const response = await requestAs(context, ownerB, {
          method: "GET",
          url: `${url}${suffix}`,
        });
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toEqual({
          message: "You do not have access to this organisation.",
        });
        expect(response.body).not.toContain(SECRET);
      }
    }
  });

  test("a member with only the sales right reads the sales reports and no others", async () => {
    const base = `organisationId=${a}&year=2024-25`;
    const allowed = await requestAs(context, salesClerk, {
      method: "GET",
      url: `/api/salesreports/salesbycustomer?${base}`,
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().rows[0]).toMatchObject({ party: SECRET, total: 23_600 });
    for (const url of [
      `/api/purchasereports/purchasebysupplier?${base}`,
      `/api/reports/balancesheet?${base}`,
      `/api/reports/profitloss?${base}`,
      `/api/reports/daybook?${base}`,
      `/api/reports/cashpaymentsover10k?${base}`,
      `/api/item/getItemLedger?${base}&itemId=${ids.item}`,
    ]) {
      const refused = await requestAs(context, salesClerk, { method: "GET", url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).not.toContain(SECRET);
    }
  });

  test("a signed-out caller gets 401", async () => {
    const response = await context.app.inject({
      method: "GET",
      url: `/api/reports/balancesheet?organisationId=${a}&year=2024-25`,
      headers: as({ cookies: "" } as Person),
    });
    expect(response.statusCode).toBe(401);
  });
});
