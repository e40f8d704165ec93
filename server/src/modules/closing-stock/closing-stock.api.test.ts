import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { systemAccountId } from "../../../test/books.ts";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { ok, refused } from "../accounts/masters.test-kit.ts";

let context: TestContext;
let owner: Person;
let viewer: Person;
let org: string;
let closingStock: string;
let godownStock: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  viewer = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    startingYear: "2024-25",
  }));
  await addMember(context, owner, org, viewer, "viewer");
  closingStock = await systemAccountId(context, org, "closingStock");
  godownStock = (
    await ok(context, owner, {
      method: "POST",
      url: "/api/account/add",
      payload: { organisationId: org, name: "Godown Stock", nature: "Stock" },
    })
  ).accountId;
});
afterAll(() => context.close());

const save = (accountId: string, data: unknown[], person = owner) =>
  ok(context, person, {
    method: "POST",
    url: "/api/misc/editclosingstock",
    payload: { organisationId: org, accountId, data },
  });

const read = (query: string, person = owner) =>
  ok(context, person, {
    method: "GET",
    url: `/api/misc/getmanualclosingstock?organisationId=${org}&${query}`,
  });

describe("manual closing stock", () => {
  test("months are set, changed and cleared; the year reads back April to March", async () => {
    expect(
      await save(closingStock, [
        { month: "2024-04", value: 125000.5 },
        { month: "2025-03", value: 98000 },
      ]),
    ).toEqual({ success: true, message: "Closing stock saved." });
    await save(closingStock, [
      { month: "2024-04", value: 130000 },
      { month: "2024-05", value: 0 },
    ]);
    const year = await read(`accountId=${closingStock}&year=2024-25`, viewer);
    expect(year.closingStock).toHaveLength(12);
    expect(year.closingStock.map((row: { month: string }) => row.month)).toEqual([
      "2024-04",
      "2024-05",
      "2024-06",
      "2024-07",
      "2024-08",
      "2024-09",
      "2024-10",
      "2024-11",
      "2024-12",
      "2025-01",
      "2025-02",
      "2025-03",
    ]);
    expect(year.closingStock.slice(0, 3)).toEqual([
      { accountId: closingStock, accountName: "Closing Stock", month: "2024-04", value: 130000 },
      { accountId: closingStock, accountName: "Closing Stock", month: "2024-05", value: 0 },
      { accountId: closingStock, accountName: "Closing Stock", month: "2024-06", value: null },
    ]);
    expect(year.closingStock[11].value).toBe(98000);

    await save(closingStock, [{ month: "2025-03", value: null }]);
    expect(
      (await read(`accountId=${closingStock}&year=2024-25`)).closingStock[11].value,
    ).toBeNull();
  });

  test("without an account, every stock account's twelve months", async () => {
    await save(godownStock, [{ month: "2025-04", value: 500 }]);
    const { closingStock: rows } = await read("year=2025-26");
    expect(rows).toHaveLength(24);
    expect(rows.filter((row: { value: number | null }) => row.value !== null)).toEqual([
      { accountId: godownStock, accountName: "Godown Stock", month: "2025-04", value: 500 },
    ]);
  });

  test("refusals: not a stock account, a bad month, a repeated month, a negative value, a viewer", async () => {
    const cash = await systemAccountId(context, org, "cash");
    const post = (accountId: string, data: unknown[]) => ({
      method: "POST" as const,
      url: "/api/misc/editclosingstock",
      payload: { organisationId: org, accountId, data },
    });
    expect(
      (await refused(context, owner, post(cash, [{ month: "2024-04", value: 1 }]), 400)).message,
    ).toBe("Closing stock can be entered only for an account of the Stock group.");
    expect(
      (await refused(context, owner, post(closingStock, [{ month: "2024-13", value: 1 }]), 400))
        .message,
    ).toBe("Month must be written YYYY-MM, such as 2024-04.");
    expect(
      (await refused(context, owner, post(closingStock, [{ month: "2019-04", value: 1 }]), 400))
        .message,
    ).toBe("The month must fall in one of the financial years 2021-22 to 2029-30.");
    expect(
      (
        await refused(
          context,
          owner,
          post(closingStock, [
            { month: "2024-04", value: 1 },
            { month: "2024-04", value: 2 },
          ]),
          400,
        )
      ).message,
    ).toBe("A month appears more than once.");
    expect(
      (await refused(context, owner, post(closingStock, [{ month: "2024-04", value: -1 }]), 400))
        .message,
    ).toBe("Amount cannot be negative.");
    expect(
      (await refused(context, viewer, post(closingStock, [{ month: "2024-04", value: 1 }]), 403))
        .message,
    ).toBe("You do not have the right to do this in this organisation.");
  });

  test("a stock account with closing stock entered cannot be deleted", async () => {
    const refusal = await refused(
      context,
      owner,
      {
        method: "DELETE",
        url: `/api/account/delete?organisationId=${org}&accountId=${godownStock}`,
      },
      409,
    );
    expect(refusal.message).toBe(
      "This account cannot be deleted: closing stock has been entered for it. Clear its closing stock first.",
    );
    await save(godownStock, [{ month: "2025-04", value: null }]);
    await ok(context, owner, {
      method: "DELETE",
      url: `/api/account/delete?organisationId=${org}&accountId=${godownStock}`,
    });
  });
});
