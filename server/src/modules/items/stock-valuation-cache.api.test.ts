import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, nilRatedTradePayload } from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { countKeptValuations, forgetKeptValuations } from "./stock-valuation-cache.ts";

// Decision 028: the weighted average valuation is kept per organisation stock version. Every
// change that moves the stock value must bump the version, or a statement asked again would show
// the valuation from before it. After each kind of change, the statements read with valuations
// kept must equal the same statements read with nothing kept, and must differ from before.

let context: TestContext;
let owner: Person;
let org: string;
let otherOrg: string;
const ids: Record<string, string> = {};
const inject = (options: InjectOptions) => context.app.inject(options);

async function call(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  const response = await inject({ method, url: `/api/${url}`, headers: as(owner), payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function bill(
  organisationId: string,
  date: string,
  party: string,
  item: string,
  quantity: number,
  rate: number,
) {
  return nilRatedTradePayload({
    organisationId,
    year: "2024-25",
    date,
    party,
    item,
    quantity,
    rate,
  });
}

function item(organisationId: string, name: string, quantity: number, amount: number) {
  return {
    organisationId,
    name,
    type: "goods",
    uom: "kgs",
    hsnCode: "0902",
    gstRate: 0,
    openingBalanceQuantity: quantity,
    openingBalanceAmount: amount,
    standardPurchasePrice: 1_000,
  };
}

/** Every statement that values the stock, as the screens ask for them. */
async function statements(organisationId: string) {
  const query = `organisationId=${organisationId}&year=2024-25`;
  const [sheet, profitLoss, items] = await Promise.all([
    call("GET", `reports/balancesheet?stockItems=true&${query}&date=2025-03-31`),
    call("GET", `reports/profitloss?stockItems=true&${query}&endDate=2025-03-31`),
    call("GET", `item/itemlist?organisationId=${organisationId}`),
  ]);
  return { sheet, profitLoss, items };
}

/** The statements with valuations kept (asked twice, so the second is served from what is kept). */
async function keptAndFresh(organisationId: string) {
  await statements(organisationId);
  const kept = await statements(organisationId);
  forgetKeptValuations();
  const fresh = await statements(organisationId);
  return { kept, fresh };
}

function closingStock(sheet: { closingStock: { amount: number } }) {
  return sheet.closingStock.amount;
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  const options = { startingYear: "2024-25", gstRegistered: false, manageInventory: true };
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    name: "Tea Traders",
    ...options,
  }));
  ({ organisationId: otherOrg } = await createOrganisation(context, owner.cookies, {
    name: "Other Traders",
    ...options,
  }));
  ids.tea = (await call("POST", "item/add", item(org, "Tea", 100, 150_000))).itemId;
  ids.otherTea = (await call("POST", "item/add", item(otherOrg, "Tea", 10, 10_000))).itemId;
  ids.mill = (
    await call("POST", "account/add", { organisationId: org, name: "Estate", nature: "Creditors" })
  ).accountId;
  ids.shop = (
    await call("POST", "account/add", { organisationId: org, name: "Shop", nature: "Debtors" })
  ).accountId;
});
afterAll(() => context.close());

describe("a kept stock valuation follows every change to the stock", () => {
  const changes: [string, () => Promise<unknown>][] = [
    [
      "a purchase",
      async () => {
        ids.purchase = (
          await call(
            "POST",
            "purchases/add",
            bill(org, "2024-05-01", ids.mill ?? "", ids.tea ?? "", 20, 1_600),
          )
        ).entryId;
      },
    ],
    [
      "a sale",
      async () => {
        ids.sale = (
          await call(
            "POST",
            "salesinvoice/add",
            bill(org, "2024-06-01", ids.shop ?? "", ids.tea ?? "", 30, 2_000),
          )
        ).entryId;
      },
    ],
    [
      "an edited purchase",
      () =>
        call("PUT", "purchases/edit", {
          ...bill(org, "2024-05-01", ids.mill ?? "", ids.tea ?? "", 25, 1_700),
          entryId: ids.purchase,
          version: 1,
        }),
    ],
    [
      "a deleted sale",
      () => call("DELETE", `salesinvoice/delete?organisationId=${org}&entryIds[]=${ids.sale}`),
    ],
    [
      "an item's opening stock edited",
      () =>
        call("POST", "item/edit", {
          ...item(org, "Tea", 120, 170_000),
          itemId: ids.tea,
          version: 1,
        }),
    ],
    [
      "a new item with opening stock",
      async () => {
        ids.coffee = (await call("POST", "item/add", item(org, "Coffee", 50, 67_830))).itemId;
      },
    ],
    [
      "an item deleted",
      () => call("DELETE", `item/delete?organisationId=${org}&itemId=${ids.coffee}`),
    ],
  ];

  test.each(changes)("after %s", async (_name, change) => {
    const before = await keptAndFresh(org);
    await statements(org);
    await change();
    const { kept, fresh } = await keptAndFresh(org);
    expect(kept).toEqual(fresh);
    expect(closingStock(fresh.sheet)).not.toBe(closingStock(before.fresh.sheet));
  });

  test("a balance sheet asked again, with nothing moved, is valued from what was kept", async () => {
    const sheet = () =>
      call("GET", `reports/balancesheet?organisationId=${org}&year=2024-25&date=2025-03-31`);
    forgetKeptValuations();
    const before = countKeptValuations();
    const first = await sheet();
    const afterFirst = countKeptValuations();
    expect(afterFirst.walks - before.walks).toBe(1);
    expect(afterFirst.hits - before.hits).toBe(0);
    expect(await sheet()).toEqual(first);
    const afterSecond = countKeptValuations();
    expect(afterSecond.walks - afterFirst.walks).toBe(0);
    expect(afterSecond.hits - afterFirst.hits).toBe(1);
  });

  test("another organisation's kept valuation is its own, and unmoved by these changes", async () => {
    const { kept, fresh } = await keptAndFresh(otherOrg);
    expect(kept).toEqual(fresh);
    expect(closingStock(fresh.sheet)).toBe(10_000);
  });
});
