import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, insertAccount } from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// Issue 36: a journal may carry its own number (a Tally import keeps Tally's): given, it is the
// journal's; taken by another journal of the year, refused; left out, the next in the series.

let context: TestContext;
let owner: Person;
let org: string;
let rent: string;
let cash: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
  }));
  rent = await insertAccount(context, org, { name: "Rent", nature: "Indirect Expense" });
  cash = await insertAccount(context, org, { name: "Petty Cash", nature: "Cash" });
});
afterAll(() => context.close());

const add = (voucherNumber?: string) =>
  context.app.inject({
    method: "POST",
    url: "/api/journalentry/add",
    headers: as(owner),
    payload: {
      organisationId: org,
      year: "2025-26",
      date: "2025-05-01",
      ...(voucherNumber === undefined ? {} : { voucherNumber }),
      entries: [
        { accountId: rent, debitAmount: 250, creditAmount: 0 },
        { accountId: cash, debitAmount: 0, creditAmount: 250 },
      ],
    },
  });

describe("a journal's own number (issue 36)", () => {
  test("kept when given, refused when taken, the next one when left out", async () => {
    const kept = await add("JV-7");
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().number).toBe("JV-7");
    const taken = await add("JV-7");
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe("Number JV-7 is already used by another entry in 2025-26.");
    const next = await add();
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().number).toBe("JV-8");
    const tooLong = await add("X".repeat(51));
    expect(tooLong.statusCode).toBe(400);
  });
});
