import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, insertAccount, insertItem } from "../../../test/books.ts";
import { buildMultipart } from "../../../test/multipart.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// Issue 40: spreadsheets as a bookkeeper brings them from Tally. A purchase keeps its supplier's
// GSTIN (GSTR-2B matches bills by it); the masters sheet takes Tally's group names and does not
// ask for a registration type when a GSTIN says the party is regular.

const SUPPLIER_GSTIN = "27AAGCB7383J1Z8";
const OTHER_GSTIN = "29AAGCB7383J1Z4";

let context: TestContext;
let owner: Person;
let org: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    gstRegistered: true,
    gstin: "27AAPFU0939F1ZV",
    gstRegType: "regular",
    startingYear: "2025-26",
  }));
  await insertAccount(context, org, {
    name: "Kiran Steel",
    nature: "Creditors",
    stateCode: "27",
    gstType: "regular",
    gstin: SUPPLIER_GSTIN,
  });
  await insertAccount(context, org, {
    name: "Loose Supplier",
    nature: "Creditors",
    stateCode: "29",
  });
  await insertItem(context, org, { name: "Steel Rod", gstRate: 18 });
});
afterAll(() => context.close());

function send(url: string, fields: Record<string, string>, bytes: string) {
  const { payload, headers } = buildMultipart(fields, [
    { field: "file", fileName: "sheet.csv", bytes },
  ]);
  return context.app.inject({
    method: "POST",
    url,
    payload,
    headers: { ...headers, ...as(owner) },
  });
}

async function purchase(number: string) {
  const list = await context.app.inject({
    method: "GET",
    url: `/api/purchases/purchaseslist?organisationId=${org}&year=2025-26`,
    headers: as(owner),
  });
  expect(list.statusCode, list.body).toBe(200);
  const row = (list.json().purchases as { _id: string; invoiceNumber: string }[]).find(
    (entry) => entry.invoiceNumber === number,
  );
  expect(row, `purchase ${number}`).toBeDefined();
  const details = await context.app.inject({
    method: "GET",
    url: `/api/purchases/getsingleentrydetails?organisationId=${org}&entryId=${row?._id}`,
    headers: as(owner),
  });
  expect(details.statusCode, details.body).toBe(200);
  return details.json();
}

describe("a purchase from a spreadsheet (issue 40)", () => {
  test("keeps the supplier's GSTIN: from the master, or from the sheet's GSTIN column", async () => {
    const sheet = [
      "entry,type,date,number,supplier,gstin,item,qty,rate",
      "P1,Purchases,2025-05-03,B-44,Kiran Steel,,Steel Rod,5,80",
      `P2,Purchases,2025-05-04,KS/77,Loose Supplier,${OTHER_GSTIN},Steel Rod,1,100`,
    ].join("\n");
    const imported = await send(
      "/api/import/other/importData",
      { organisationId: org, type: "vouchers" },
      sheet,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 2, problems: [] });
    expect(JSON.stringify(await purchase("B-44"))).toContain(`"gstin":"${SUPPLIER_GSTIN}"`);
    const second = JSON.stringify(await purchase("KS/77"));
    expect(second).toContain(`"gstin":"${OTHER_GSTIN}"`);
  });

  test("a GSTIN that is not one is reported on its row, and nothing of that voucher is saved", async () => {
    const sheet = [
      "entry,type,date,number,supplier,gstin,item,qty,rate",
      "P9,Purchases,2025-05-05,BAD-1,Loose Supplier,29AAGCB7383J1Z0,Steel Rod,1,100",
    ].join("\n");
    const report = await send(
      "/api/import/other/validateData",
      { organisationId: org, type: "vouchers" },
      sheet,
    );
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({
      validCount: 0,
      problems: [{ row: 2, column: "gstin", message: "GSTIN is not valid." }],
    });
  });
});

describe("a masters sheet from Tally (issue 40)", () => {
  test("Tally's group names map to Bahi's; a GSTIN without a registration type is regular", async () => {
    const sheet = [
      "Ledger Name,Under,GSTIN/UIN,State,Opening Balance,Dr/Cr",
      `Asha Traders,Sundry Debtors,${SUPPLIER_GSTIN.replace("AAGCB", "AAACA").slice(0, 14)}X,,100,Dr`,
      `Mehta Supplies,Sundry Creditors,${OTHER_GSTIN},,200,Cr`,
      "HDFC Current,Bank Accounts,,,5000,Dr",
      "Professional Tax Payable,Duties & Taxes,,,,",
      "Counter Cash,Cash-in-Hand,,,,",
      "Freight Inward,Direct Expenses,,,,",
      "Walk-in Party,Sundry Debtors,,Maharashtra,,",
      "Nowhere,Galaxy Group,,,,",
    ].join("\n");
    const report = await send(
      "/api/import/other/validateData",
      { organisationId: org, type: "accounts" },
      sheet,
    );
    expect(report.statusCode, report.body).toBe(200);
    const problems = report.json().problems as { row: number; column: string; message: string }[];
    // Asha's GSTIN is made up (bad check digit): the GSTIN's own message, not a registration type.
    expect(problems.map((problem) => [problem.row, problem.column])).toEqual([
      [2, "GSTIN/UIN"],
      [8, "gstType"],
      [9, "Under"],
    ]);
    const imported = await send(
      "/api/import/other/importData",
      { organisationId: org, type: "accounts" },
      sheet,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json(), imported.body).toMatchObject({ imported: 5 });
    const list = await context.app.inject({
      method: "GET",
      url: `/api/account/accountslist?organisationId=${org}`,
      headers: as(owner),
    });
    const accounts = list.json().accounts as {
      name: string;
      nature: string;
      gstType?: string;
      openingBalance: number;
    }[];
    const byName = (name: string) => accounts.find((account) => account.name === name);
    expect(byName("Mehta Supplies")).toMatchObject({ nature: "Creditors", openingBalance: -200 });
    expect(byName("HDFC Current")).toMatchObject({ nature: "Bank", openingBalance: 5000 });
    expect(byName("Professional Tax Payable")).toMatchObject({ nature: "Duties and Taxes" });
    expect(byName("Counter Cash")).toMatchObject({ nature: "Cash" });
    expect(byName("Freight Inward")).toMatchObject({ nature: "Direct Expense" });
    const mehta = await context.app.inject({
      method: "GET",
      url: `/api/account/getsingleaccountdetails?organisationId=${org}&accountId=${(byName("Mehta Supplies") as unknown as { _id: string })._id}`,
      headers: as(owner),
    });
    expect(mehta.json().account).toMatchObject({ gstin: OTHER_GSTIN, gstType: "regular" });
  });
});
