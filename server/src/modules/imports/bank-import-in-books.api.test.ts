import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { as, balancesFromPostings, insertAccount } from "../../../test/books.ts";
import { buildMultipart } from "../../../test/multipart.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// Issue 40: statement lines the bookkeeper already entered by hand are recognised as "already in
// books" (same account, amount and direction, within three days), so accepting every suggestion
// does not book them twice.

let context: TestContext;
let owner: Person;
let org: string;
let bank: string;
let ravi: string;
let rent: string;

async function call(method: "GET" | "POST" | "PATCH", url: string, payload?: object) {
  const response = await context.app.inject({
    method,
    url,
    headers: as(owner),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    startingYear: "2025-26",
  }));
  bank = await insertAccount(context, org, { name: "HDFC Current", nature: "Bank" });
  ravi = await insertAccount(context, org, { name: "Ravi Stores", nature: "Debtors" });
  rent = await insertAccount(context, org, { name: "Office Rent", nature: "Indirect Expense" });
});
afterAll(() => context.close());

const STATEMENT = [
  "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance",
  "12/05/25,NEFT CR-RAVI STORES-MAY,N1,12/05/25,,5000.00,5000.00",
  "14/05/25,RENT MAY-OFFICE RENT,C2,14/05/25,1200.00,,3800.00",
  "20/05/25,NEFT CR-RAVI STORES-JUNE ADV,N3,20/05/25,,5000.00,8800.00",
  "25/05/25,RENT PARKING-OFFICE RENT,C4,25/05/25,800.00,,8000.00",
].join("\n");

describe("a bank statement over lines entered by hand", () => {
  let receiptNumber: string;

  beforeAll(async () => {
    // Entered by hand before the statement came: the receipt two days before the bank's date.
    const receipt = await call("POST", "/api/receipts/add", {
      organisationId: org,
      year: "2025-26",
      date: "2025-05-10",
      receivedAccountId: bank,
      receivedAmount: 5000,
      entries: [{ accountId: ravi, amount: 5000 }],
    });
    receiptNumber = receipt.number;
    await call("POST", "/api/payments/add", {
      organisationId: org,
      year: "2025-26",
      date: "2025-05-14",
      paidAccountId: bank,
      paidAmount: 1200,
      entries: [{ accountId: rent, amount: 1200 }],
    });
  });

  test("marks the two lines already in books; accepting all suggested books only the other two", async () => {
    const { payload, headers } = buildMultipart({ organisationId: org, accountId: bank }, [
      { field: "files", fileName: "may.csv", bytes: STATEMENT },
    ]);
    const uploaded = await context.app.inject({
      method: "POST",
      url: "/api/import/bank/importFiles",
      payload,
      headers: { ...headers, ...as(owner) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const request = uploaded.json().importRequests[0];
    expect(request).toMatchObject({ lineCount: 4, duplicateCount: 2 });
    const { bankEntries } = await call("POST", "/api/import/bank/getImportedBankEntries", {
      organisationId: org,
      importRequestId: request._id,
    });
    const entries = bankEntries as {
      _id: string;
      amount: number;
      duplicate: boolean;
      counterAccountId: string | null;
      alreadyInBooks: { voucherType: string; number: string; date: string } | null;
    }[];
    expect(entries.map((entry) => [entry.amount, entry.duplicate])).toEqual([
      [5000, true],
      [-1200, true],
      [5000, false],
      [-800, false],
    ]);
    expect(entries[0]?.alreadyInBooks).toMatchObject({
      voucherType: "receipts",
      number: receiptNumber,
      date: "2025-05-10",
    });
    expect(entries[1]?.alreadyInBooks).toMatchObject({ voucherType: "payments" });
    expect(entries[2]?.alreadyInBooks).toBeNull();

    // "Accept all suggested" as the review screen sends it: every line with an account.
    await call("PATCH", "/api/import/bank/saveImportedBankEntries", {
      organisationId: org,
      importRequestId: request._id,
      entries: entries.map((entry) => ({
        bankEntryId: entry._id,
        accountId: entry.counterAccountId ?? (entry.amount > 0 ? ravi : rent),
        status: "accepted",
      })),
    });
    const before = await balancesFromPostings(context, org);
    const saved = await call("POST", "/api/import/bank/saveTransaction", {
      organisationId: org,
      importRequestId: request._id,
    });
    expect(saved.saved).toBe(2);
    const after = await balancesFromPostings(context, org);
    // The bank moves by the two new lines only: +5,000 − 800.
    expect((after.get(bank) ?? 0) - (before.get(bank) ?? 0)).toBe(420_000);
    // In the books now: 5,000 − 1,200 + 5,000 − 800 = 8,000, the statement's closing balance.
    expect(after.get(bank)).toBe(800_000);
  });
});
