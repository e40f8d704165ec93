import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  addMember,
  createOrganisation,
  type Person,
  requestAs,
  signUpPerson,
} from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { grantSalesDebitNote, up } from "./0062-sales-debit-note-rights.ts";

describe("grantSalesDebitNote", () => {
  test("copies the credit-note line; leaves all-rights, no-credit-note and done lists alone", () => {
    const creditNote = { transactionType: "creditNote", view: true, add: true, edit: false };
    expect(JSON.parse(grantSalesDebitNote(JSON.stringify([creditNote])) ?? "null")).toEqual([
      creditNote,
      { ...creditNote, transactionType: "salesDebitNote" },
    ]);
    expect(grantSalesDebitNote("[]")).toBeNull();
    expect(
      grantSalesDebitNote(JSON.stringify([{ transactionType: "receipts", view: true }])),
    ).toBeNull();
    expect(
      grantSalesDebitNote(
        JSON.stringify([creditNote, { transactionType: "salesDebitNote", view: false }]),
      ),
    ).toBeNull();
    expect(grantSalesDebitNote("not json")).toBeNull();
  });
});

describe("migration 0062 on stored members", () => {
  let context: TestContext;
  let owner: Person;
  let accountant: Person;
  let org: string;

  beforeAll(async () => {
    context = await createTestApp();
    owner = await signUpPerson(context);
    accountant = await signUpPerson(context);
    ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
      name: "Pune Traders",
    }));
    // Rights given as before the type existed: credit notes to view and add.
    await addMember(context, owner, org, accountant, "accountant", [
      { transactionType: "creditNote", view: true, add: true, edit: false, delete: false },
    ]);
  });

  afterAll(() => context.close());

  const listNotes = () =>
    requestAs(context, accountant, {
      method: "GET",
      url: `/api/salesdebitnote/salesdebitnotelist?organisationId=${org}&year=2025-26`,
    });

  test("an accountant with credit-note rights gets the same on debit notes to customers", async () => {
    expect((await listNotes()).statusCode).toBe(403);
    await up(context.testDatabase.database.db);
    await up(context.testDatabase.database.db);
    expect((await listNotes()).statusCode).toBe(200);
    const row = await context.testDatabase.database.db
      .selectFrom("memberships")
      .select("rights")
      .where("organisation_id", "=", org)
      .where("role", "=", "accountant")
      .executeTakeFirstOrThrow();
    const lines = JSON.parse(row.rights) as { transactionType: string }[];
    expect(lines.filter((line) => line.transactionType === "salesDebitNote")).toEqual([
      { transactionType: "salesDebitNote", view: true, add: true, edit: false, delete: false },
    ]);
  });
});
