import type { Role, TransactionRight } from "@bahi/domain";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  as,
  balancesFromMonthlyTable,
  balancesFromPostings,
  insertAccount,
  insertItem,
  systemAccountId,
} from "../../../test/books.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { markVouchersDeleted } from "./vouchers.repository.ts";
import { createVouchers } from "./vouchers.service.ts";

let context: TestContext;
let owner: Person;
let org: string;
let ravi: string;
let sharma: string;
let mehta: string;
let bank: string;
let cash: string;
let rent: string;
let rice: string;

const inject = (options: InjectOptions) => context.app.inject(options);
const YEAR = "2025-26";

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    gstRegistered: true,
    gstin: "27AAPFU0939F1ZV",
    gstRegType: "regular",
    startingYear: "2025-26",
    billWiseEntry: true,
  }));
  ravi = await insertAccount(context, org, {
    name: "Ravi Stores",
    nature: "Debtors",
    stateCode: "27",
  });
  sharma = await insertAccount(context, org, {
    name: "Sharma & Sons",
    nature: "Debtors",
    stateCode: "29",
  });
  mehta = await insertAccount(context, org, { name: "Mehta Supplies", nature: "Creditors" });
  bank = await insertAccount(context, org, { name: "HDFC Bank", nature: "Bank" });
  rent = await insertAccount(context, org, { name: "Office Rent", nature: "Indirect Expense" });
  cash = await systemAccountId(context, org, "cash");
  rice = await insertItem(context, org, { name: "Basmati Rice" });
});
afterAll(() => context.close());

/** A receipt into the bank from `party`, set against invoices where `against` names them. */
function receiptFrom(
  party: string,
  amount: number,
  { date, against }: { date: string; against?: { entryId: string; amount: number }[] },
) {
  return {
    organisationId: org,
    year: YEAR,
    date,
    receivedAccountId: bank,
    receivedAmount: amount,
    entries: [{ accountId: party, amount, ...(against && { billWiseEntries: against }) }],
  };
}

/** A sales invoice of `quantity` × ₹500 at 18 %, intra-state to Ravi (worked by hand below). */
function salesInvoice(overrides: Record<string, unknown> = {}, quantity = 2) {
  const taxable = quantity * 500;
  const half = Math.round(taxable * 9) / 100;
  return {
    organisationId: org,
    year: YEAR,
    date: "2025-05-10",
    cashOrDebtorAccountId: ravi,
    pos: "27",
    itemDetails: [
      {
        itemId: rice,
        quantity,
        rate: 500,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: taxable,
      },
    ],
    accountDetails: [],
    grossAmount: taxable,
    cgstAmount: half,
    sgstAmount: half,
    igstAmount: 0,
    roundOffAmount: 0,
    totalAmount: taxable + 2 * half,
    ...overrides,
  };
}

async function add(family: string, payload: Record<string, unknown>, person = owner) {
  return inject({ method: "POST", url: `/api/${family}/add`, headers: as(person), payload });
}

async function addOk(family: string, payload: Record<string, unknown>) {
  const response = await add(family, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { entryId: string; version: number; number: string };
}

async function details(family: string, entryId: string) {
  const response = await inject({
    method: "GET",
    url: `/api/${family}/getsingleentrydetails?organisationId=${org}&entryId=${entryId}`,
    headers: as(owner),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entry;
}

async function trialBalance() {
  const response = await inject({
    method: "GET",
    url: `/api/reports/trialbalance?organisationId=${org}&year=${YEAR}`,
    headers: as(owner),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function ledgerOf(accountId: string) {
  const response = await inject({
    method: "GET",
    url: `/api/ledger/getLedger?organisationId=${org}&accountId=${accountId}&startDate=2025-04-01&endDate=2026-03-31`,
    headers: as(owner),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("sales invoice", () => {
  test("saving posts to the ledger, numbers the series and answers in the list", async () => {
    const first = await addOk("salesinvoice", salesInvoice());
    const second = await addOk("salesinvoice", salesInvoice());
    expect([first.number, second.number]).toEqual(["1", "2"]);
    const entry = await details("salesinvoice", first.entryId);
    // Worked by hand: 2 × ₹500 = ₹1,000; 9 % CGST ₹90 + 9 % SGST ₹90; total ₹1,180.
    expect(entry).toMatchObject({
      totalAmount: 1180,
      cgstAmount: 90,
      sgstAmount: 90,
      invoiceNumber: "1",
      status: "pending",
      pendingAmt: 1180,
      version: 1,
    });
    const ledger = await ledgerOf(ravi);
    expect(ledger.closingBalance).toEqual({ amount: 2360, type: "dr", signed: 2360 });
    expect(ledger.entries[0]).toMatchObject({
      number: "1",
      debit: 1180,
      credit: 0,
      counterAccount: "Sales and others",
    });
    const list = await inject({
      method: "GET",
      url: `/api/salesinvoice/salesinvoicelist?organisationId=${org}&year=${YEAR}&limit=1`,
      headers: as(owner),
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.salesInvoices).toHaveLength(1);
    expect(body.count).toBeGreaterThanOrEqual(2);
    expect(body.pageTotal).toBe(1180);
  });

  test("an inter-state invoice charges IGST", async () => {
    const saved = await addOk(
      "salesinvoice",
      salesInvoice({
        cashOrDebtorAccountId: sharma,
        pos: "29",
        cgstAmount: 0,
        sgstAmount: 0,
        igstAmount: 180,
      }),
    );
    expect(await details("salesinvoice", saved.entryId)).toMatchObject({
      igstAmount: 180,
      taxKind: "inter",
    });
  });

  test("totals that disagree with the server's computation are refused and nothing is saved", async () => {
    const before = await trialBalance();
    const response = await add("salesinvoice", salesInvoice({ totalAmount: 1181 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Total amount should be 1,180.00, not 1,181.00");
    expect(await trialBalance()).toEqual(before);
  });

  test("a number already used in the year is refused", async () => {
    await addOk("salesinvoice", salesInvoice({ invoiceNumber: "INV/25-26/001" }));
    const again = await add("salesinvoice", salesInvoice({ invoiceNumber: "INV/25-26/001" }));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      "Number INV/25-26/001 is already used by another entry in 2025-26.",
    );
    const next = await inject({
      method: "GET",
      url: `/api/misc/lastInvoiceNumber?organisationId=${org}&year=${YEAR}`,
      headers: as(owner),
    });
    expect(next.json().nextInvoiceNumber).toMatch(/^(INV\/25-26\/002|\d+)$/);
  });

  test("a date outside the financial year is refused", async () => {
    const response = await add("salesinvoice", salesInvoice({ date: "2026-04-01" }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Date should be within current financial year.");
  });
});

describe("versions, edits and deletes", () => {
  test("an edit creates a version; a stale edit gets 409 and changes nothing", async () => {
    const saved = await addOk("salesinvoice", salesInvoice());
    const edit = (version: number, quantity: number) =>
      inject({
        method: "PUT",
        url: "/api/salesinvoice/edit",
        headers: as(owner),
        payload: { ...salesInvoice({}, quantity), entryId: saved.entryId, version },
      });
    const first = await edit(1, 3);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(2);
    const stale = await edit(1, 5);
    expect(stale.statusCode).toBe(409);
    expect((await details("salesinvoice", saved.entryId)).totalAmount).toBe(1770);
    const log = await inject({
      method: "GET",
      url: `/api/salesinvoice/getoldentrylist?organisationId=${org}&entryId=${saved.entryId}`,
      headers: as(owner),
    });
    expect(
      log.json().logs.map((row: { first: boolean; latest: boolean }) => [row.first, row.latest]),
    ).toEqual([
      [true, false],
      [false, true],
    ]);
    const old = await inject({
      method: "GET",
      url: `/api/salesinvoice/getoldentrydetails?organisationId=${org}&entryId=${saved.entryId}&version=1`,
      headers: as(owner),
    });
    expect(old.json().entry).toMatchObject({ totalAmount: 1180, version: 1, isCurrent: false });
  });

  test("two edits of one voucher at once: one wins, one gets 409, nothing is lost", async () => {
    const saved = await addOk("salesinvoice", salesInvoice());
    const edit = (quantity: number) =>
      inject({
        method: "PUT",
        url: "/api/salesinvoice/edit",
        headers: as(owner),
        payload: { ...salesInvoice({}, quantity), entryId: saved.entryId, version: 1 },
      });
    const answers = await Promise.all([edit(4), edit(6)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const entry = await details("salesinvoice", saved.entryId);
    expect(entry.version).toBe(2);
    expect([2360, 3540]).toContain(entry.totalAmount);
    expect(await balancesFromMonthlyTable(context, org)).toEqual(
      await balancesFromPostings(context, org),
    );
  });

  test("a delete is soft: the entry leaves the books, the deleted list and its versions remain", async () => {
    const saved = await addOk("salesinvoice", salesInvoice({ narration: "to be deleted" }));
    const before = await balancesFromPostings(context, org);
    const deleted = await inject({
      method: "DELETE",
      url: `/api/salesinvoice/delete?organisationId=${org}&entryIds[]=${saved.entryId}`,
      headers: as(owner),
    });
    expect(deleted.json().message).toBe("1 entry Deleted Successfully.");
    const after = await balancesFromPostings(context, org);
    expect(after.get(ravi)).toBe((before.get(ravi) ?? 0) - 118_000);
    const list = await inject({
      method: "GET",
      url: `/api/salesinvoice/salesinvoicelist?organisationId=${org}&year=${YEAR}&deleted=true`,
      headers: as(owner),
    });
    expect(list.json().salesInvoices.map((row: { _id: string }) => row._id)).toContain(
      saved.entryId,
    );
    const log = await inject({
      method: "GET",
      url: `/api/salesinvoice/getoldentrylist?organisationId=${org}&entryId=${saved.entryId}`,
      headers: as(owner),
    });
    expect(log.json().logs.at(-1)).toMatchObject({ _id: "deleted", action: "deleted" });
  });
});

describe("bill-wise receipts", () => {
  test("receipts and credit notes saved at once against one invoice never settle more than it", async () => {
    const party = await insertAccount(context, org, {
      name: "Bansal Agencies",
      nature: "Debtors",
      stateCode: "27",
    });
    const invoice = await addOk("salesinvoice", salesInvoice({ cashOrDebtorAccountId: party }));
    const receipt = () =>
      add(
        "receipts",
        receiptFrom(party, 1180, {
          date: "2025-06-02",
          against: [{ entryId: invoice.entryId, amount: 1180 }],
        }),
      );
    // Credit notes beside the receipts: another type, so nothing else puts them in a queue.
    const creditNote = () =>
      add(
        "creditnote",
        salesInvoice({
          cashOrDebtorAccountId: party,
          date: "2025-06-02",
          billWiseEntries: [{ entryId: invoice.entryId, amount: 1180 }],
        }),
      );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? receipt() : creditNote())),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 400, 400, 400, 400, 400,
    ]);
    expect(await details("salesinvoice", invoice.entryId)).toMatchObject({
      status: "received",
      pendingAmt: 0,
    });
  });

  test("an edit without the version it started from is refused with 400 and changes nothing (issue 26)", async () => {
    const saved = await addOk("salesinvoice", salesInvoice());
    const edit = await inject({
      method: "PUT",
      url: "/api/salesinvoice/edit",
      headers: as(owner),
      payload: { ...salesInvoice({ narration: "last write wins" }), entryId: saved.entryId },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toContainEqual({
      path: "version",
      message: "The version this edit started from is required. Please reload and edit again.",
    });
    expect(await details("salesinvoice", saved.entryId)).toMatchObject({ version: 1 });
  });

  test("a receipt against two invoices settles one and part of the other, and follows edits and deletes", async () => {
    const party = await insertAccount(context, org, {
      name: "Gupta Traders",
      nature: "Debtors",
      stateCode: "27",
    });
    const a = await addOk("salesinvoice", salesInvoice({ cashOrDebtorAccountId: party }));
    const b = await addOk("salesinvoice", salesInvoice({ cashOrDebtorAccountId: party }));
    const receipt = (amountB: number) =>
      receiptFrom(party, 1180 + amountB, {
        date: "2025-06-01",
        against: [
          { entryId: a.entryId, amount: 1180 },
          { entryId: b.entryId, amount: amountB },
        ],
      });
    const saved = await addOk("receipts", receipt(500));
    expect(await details("salesinvoice", a.entryId)).toMatchObject({
      status: "received",
      pendingAmt: 0,
    });
    expect(await details("salesinvoice", b.entryId)).toMatchObject({
      status: "partial",
      pendingAmt: 680,
    });
    const open = await inject({
      method: "GET",
      url: `/api/misc/getOpenInvoices?organisationId=${org}&accountId=${party}`,
      headers: as(owner),
    });
    expect(open.json().invoices.map((row: { _id: string }) => row._id)).toEqual([b.entryId]);

    const over = await add("receipts", receipt(700));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toContain("is pending on");

    const edited = await inject({
      method: "PUT",
      url: "/api/receipts/edit",
      headers: as(owner),
      payload: { ...receipt(1180), entryId: saved.entryId, version: saved.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await details("salesinvoice", b.entryId)).toMatchObject({
      status: "received",
      pendingAmt: 0,
    });

    const refuse = await inject({
      method: "DELETE",
      url: `/api/salesinvoice/delete?organisationId=${org}&entryIds[]=${a.entryId}`,
      headers: as(owner),
    });
    expect(refuse.statusCode).toBe(409);

    await inject({
      method: "DELETE",
      url: `/api/receipts/delete?organisationId=${org}&entryIds[]=${saved.entryId}`,
      headers: as(owner),
    });
    expect(await details("salesinvoice", a.entryId)).toMatchObject({
      status: "pending",
      pendingAmt: 1180,
    });
    const settlements = await inject({
      method: "GET",
      url: `/api/salesinvoice/getreceipts?organisationId=${org}&entryId=${a.entryId}`,
      headers: as(owner),
    });
    expect(settlements.json().entries).toEqual([]);
  });

  test("a delete of several entries is all or nothing, and takes them all out of the books", async () => {
    const party = await insertAccount(context, org, {
      name: "Joshi Brothers",
      nature: "Debtors",
      stateCode: "27",
    });
    const free = await addOk("salesinvoice", salesInvoice({ cashOrDebtorAccountId: party }));
    const settled = await addOk("salesinvoice", salesInvoice({ cashOrDebtorAccountId: party }));
    const third = await addOk("salesinvoice", salesInvoice({ cashOrDebtorAccountId: party }, 3));
    const receipt = await addOk(
      "receipts",
      receiptFrom(party, 500, {
        date: "2025-06-03",
        against: [{ entryId: settled.entryId, amount: 500 }],
      }),
    );
    const remove = (ids: string[]) =>
      inject({
        method: "DELETE",
        url: `/api/salesinvoice/delete?organisationId=${org}&${ids.map((id) => `entryIds[]=${id}`).join("&")}`,
        headers: as(owner),
      });
    // 1,180 + 1,180 + 1,770 invoiced, 500 received.
    expect((await ledgerOf(party)).closingBalance.signed).toBe(3630);

    const refused = await remove([free.entryId, settled.entryId, third.entryId]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`Receipt ${receipt.number} is set against it`);
    expect((await ledgerOf(party)).closingBalance.signed).toBe(3630);
    expect(await details("salesinvoice", free.entryId)).toMatchObject({ version: 1 });

    const removed = await remove([free.entryId, third.entryId]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ deleted: 2 });
    expect((await ledgerOf(party)).closingBalance.signed).toBe(680);
    const log = await inject({
      method: "GET",
      url: `/api/salesinvoice/getoldentrylist?organisationId=${org}&entryId=${third.entryId}`,
      headers: as(owner),
    });
    expect(log.json().logs.map((row: { version: number }) => row.version)).toEqual([1, 2]);
    expect((await remove([free.entryId])).statusCode).toBe(404);
  });

  test("marking entries deleted fails for all when one of them has moved on", async () => {
    const a = await addOk("salesinvoice", salesInvoice());
    const b = await addOk("salesinvoice", salesInvoice());
    const { db } = context.testDatabase.database;
    const deletion = { at: "2025-06-04T10:00:00.000Z", by: owner.userId };
    const answer = await db
      .transaction()
      .execute(async (trx) => {
        const all = await markVouchersDeleted(
          trx,
          org,
          [
            { id: a.entryId, version: 1 },
            { id: b.entryId, version: 2 },
          ],
          deletion,
        );
        throw Object.assign(new Error("roll back"), { all });
      })
      .catch((error: { all: boolean }) => error.all);
    expect(answer).toBe(false);
    expect(await details("salesinvoice", a.entryId)).toMatchObject({ version: 1 });
  });
});

describe("other types", () => {
  test("a journal whose debits and credits differ is refused, saying by how much", async () => {
    const response = await add("journalentry", {
      organisationId: org,
      year: YEAR,
      date: "2025-07-01",
      entries: [
        { accountId: rent, debitAmount: 1000, creditAmount: 0 },
        { accountId: cash, debitAmount: 0, creditAmount: 900 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/100\.00/);
  });

  test("a fund transfer and a payment post where they should", async () => {
    await addOk("fundtransfer", {
      organisationId: org,
      year: YEAR,
      date: "2025-07-02",
      paidAccountId: cash,
      paidAmount: 10_000,
      receivedAccountId: bank,
      receivedAmount: 10_000,
    });
    await addOk("payments", {
      organisationId: org,
      year: YEAR,
      date: "2025-07-03",
      paidAccountId: bank,
      paidAmount: 2500,
      entries: [{ accountId: rent, amount: 2500 }],
    });
    expect((await ledgerOf(rent)).closingBalance).toEqual({
      amount: 2500,
      type: "dr",
      signed: 2500,
    });
  });

  test("twenty saves of one type at once all land, with twenty numbers in a row", async () => {
    const first = Number((await addOk("otherentries/salesorder", salesInvoice())).number);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => add("otherentries/salesorder", salesInvoice())),
    );
    expect(answers.filter((answer) => answer.statusCode !== 200).map((a) => a.body)).toEqual([]);
    const numbers = answers.map((answer) => Number(answer.json().number)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => first + 1 + index));
  });

  test("saves of two types at once, touching the same accounts in either order, all land", async () => {
    const journal = (debit: string, credit: string) =>
      add("journalentry", {
        organisationId: org,
        year: YEAR,
        date: "2025-07-05",
        entries: [
          { accountId: debit, debitAmount: 1, creditAmount: 0 },
          { accountId: credit, debitAmount: 0, creditAmount: 1 },
        ],
      });
    const transfer = () =>
      add("fundtransfer", {
        organisationId: org,
        year: YEAR,
        date: "2025-07-05",
        paidAccountId: cash,
        paidAmount: 1,
        receivedAccountId: bank,
        receivedAmount: 1,
      });
    const bankBefore = (await ledgerOf(bank)).closingBalance.signed;
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        index % 2 === 1 ? transfer() : index % 4 === 0 ? journal(cash, bank) : journal(bank, cash),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(24).fill(200));
    // 12 transfers and 6 journals into the bank, 6 journals out of it.
    expect((await ledgerOf(bank)).closingBalance.signed).toBe(bankBefore + 12);
    // Edits take a voucher out of the balances and put it back in; beside more transfers.
    const journals = answers.filter((_, index) => index % 2 === 0).map((answer) => answer.json());
    const edits = await Promise.all([
      ...journals.map((saved: { entryId: string }, index) =>
        inject({
          method: "PUT",
          url: "/api/journalentry/edit",
          headers: as(owner),
          payload: {
            organisationId: org,
            year: YEAR,
            date: "2025-07-06",
            entryId: saved.entryId,
            version: 1,
            entries: [
              { accountId: index % 2 === 0 ? bank : cash, debitAmount: 2, creditAmount: 0 },
              { accountId: index % 2 === 0 ? cash : bank, debitAmount: 0, creditAmount: 2 },
            ],
          },
        }),
      ),
      ...Array.from({ length: 12 }, transfer),
    ]);
    expect(
      edits.filter((answer) => answer.statusCode !== 200).map((answer) => answer.body),
    ).toEqual([]);
    expect(edits.map((answer) => answer.statusCode)).toEqual(Array(24).fill(200));
    // Every journal now moves ₹2 the other way round; 12 more transfers of ₹1 into the bank.
    expect((await ledgerOf(bank)).closingBalance.signed).toBe(bankBefore + 24);
    expect(await balancesFromMonthlyTable(context, org)).toEqual(
      await balancesFromPostings(context, org),
    );
  });

  test("a quotation converted into an invoice records the link both ways; it cannot be converted twice", async () => {
    const quotation = await addOk("otherentries/quotation", salesInvoice());
    const invoice = await addOk("salesinvoice", salesInvoice({ quotationId: quotation.entryId }));
    expect(await details("otherentries/quotation", quotation.entryId)).toMatchObject({
      convertedToId: invoice.entryId,
      convertedToType: "salesInvoice",
    });
    expect(await details("salesinvoice", invoice.entryId)).toMatchObject({
      sourceId: quotation.entryId,
      sourceType: "quotation",
    });
    const twice = await add("salesinvoice", salesInvoice({ quotationId: quotation.entryId }));
    expect(twice.statusCode).toBe(400);
    const numbers = await inject({
      method: "GET",
      url: `/api/otherentries/quotation/lastinvoicenumber?organisationId=${org}&year=${YEAR}`,
      headers: as(owner),
    });
    expect(numbers.json()).toEqual({
      lastInvoiceNumber: quotation.number,
      nextInvoiceNumber: String(Number(quotation.number) + 1),
    });
  });

  test("a purchase moves stock in; the trial balance always agrees", async () => {
    await addOk(
      "purchases",
      salesInvoice({ cashOrDebtorAccountId: mehta, date: "2025-05-02", pos: "27" }, 10),
    );
    const trial = await trialBalance();
    expect(trial.totalDebit).toBe(trial.totalCredit);
    expect(await balancesFromMonthlyTable(context, org)).toEqual(
      await balancesFromPostings(context, org),
    );
  });
});

/** A new person made a member of the organisation with this role and these rights. */
async function addMember(role: Role, rights: TransactionRight[]) {
  const person = await signUpPerson(context);
  await context.testDatabase.database.db
    .insertInto("memberships")
    .values({
      organisation_id: org,
      user_id: person.userId,
      role,
      rights: JSON.stringify(rights),
      active: 1,
      created_at: "2025-01-01T00:00:00Z",
      updated_at: "2025-01-01T00:00:00Z",
      removed_at: null,
    })
    .execute();
  return person;
}

describe("locks and rights", () => {
  test("a locked month refuses add, edit and delete with a message naming the lock", async () => {
    const saved = await addOk("salesinvoice", salesInvoice({ date: "2025-08-05" }));
    const lock = await inject({
      method: "POST",
      url: "/api/settings/lockPeriod",
      headers: as(owner),
      payload: {
        organisationId: org,
        year: YEAR,
        month: 8,
        transactionType: "salesInvoice",
        locked: true,
      },
    });
    expect(lock.statusCode, lock.body).toBe(200);
    const refused = await add("salesinvoice", salesInvoice({ date: "2025-08-20" }));
    expect(refused.statusCode).toBe(423);
    expect(refused.json().message).toBe(
      "Sales Invoice entries dated in Aug 2025 are locked. Unlock the period in Settings → Lock Period to change them.",
    );
    const deleteRefused = await inject({
      method: "DELETE",
      url: `/api/salesinvoice/delete?organisationId=${org}&entryIds[]=${saved.entryId}`,
      headers: as(owner),
    });
    expect(deleteRefused.statusCode).toBe(423);
    expect((await add("receipts", receiptFrom(ravi, 1, { date: "2025-08-20" }))).statusCode).toBe(
      200,
    );
    await inject({
      method: "POST",
      url: "/api/settings/lockPeriodWholeMonth",
      headers: as(owner),
      payload: { organisationId: org, year: YEAR, month: 8, locked: false },
    });
    expect((await add("salesinvoice", salesInvoice({ date: "2025-08-20" }))).statusCode).toBe(200);
  });

  test("a whole month's lock refuses every type, and edits into or out of it", async () => {
    const before = await addOk("salesinvoice", salesInvoice({ date: "2025-11-10" }));
    const movable = await addOk("salesinvoice", salesInvoice({ date: "2025-12-10" }));
    const lockNovember = (locked: boolean) =>
      inject({
        method: "POST",
        url: "/api/settings/lockPeriodWholeMonth",
        headers: as(owner),
        payload: { organisationId: org, year: YEAR, month: 11, locked },
      });
    expect((await lockNovember(true)).statusCode).toBe(200);
    const edit = (entryId: string, version: number, date: string) =>
      inject({
        method: "PUT",
        url: "/api/salesinvoice/edit",
        headers: as(owner),
        payload: { ...salesInvoice({ date }), entryId, version },
      });
    const refusals = [
      await add("salesinvoice", salesInvoice({ date: "2025-11-20" })),
      await add("journalentry", {
        organisationId: org,
        year: YEAR,
        date: "2025-11-20",
        entries: [
          { accountId: rent, debitAmount: 10, creditAmount: 0 },
          { accountId: cash, debitAmount: 0, creditAmount: 10 },
        ],
      }),
      await edit(before.entryId, 1, "2025-12-01"),
      await edit(movable.entryId, 1, "2025-11-30"),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual([423, 423, 423, 423]);
    expect(refusals[1]?.json().message).toBe(
      "Journal Entry entries dated in Nov 2025 are locked. Unlock the period in Settings → Lock Period to change them.",
    );
    expect((await details("salesinvoice", movable.entryId)).date).toBe("2025-12-10");
    // The lock is this organisation's alone.
    const other = await signUpPerson(context);
    const { organisationId: otherOrg } = await createOrganisation(context, other.cookies, {
      name: "Unlocked Traders",
    });
    const otherEntry = await add(
      "journalentry",
      {
        organisationId: otherOrg,
        year: YEAR,
        date: "2025-11-20",
        entries: [
          {
            accountId: await insertAccount(context, otherOrg, {
              name: "Shop Rent",
              nature: "Indirect Expense",
            }),
            debitAmount: 10,
            creditAmount: 0,
          },
          {
            accountId: await systemAccountId(context, otherOrg, "cash"),
            debitAmount: 0,
            creditAmount: 10,
          },
        ],
      },
      other,
    );
    expect(otherEntry.statusCode, otherEntry.body).toBe(200);
    expect((await edit(movable.entryId, 1, "2025-12-11")).statusCode).toBe(200);
    expect((await lockNovember(false)).statusCode).toBe(200);
    expect((await edit(before.entryId, 1, "2025-11-11")).statusCode).toBe(200);
  });

  test("a member without the right to add sales invoices is refused", async () => {
    const viewer = await addMember("viewer", []);
    expect((await add("salesinvoice", salesInvoice(), viewer)).statusCode).toBe(403);
    const list = await inject({
      method: "GET",
      url: `/api/salesinvoice/salesinvoicelist?organisationId=${org}&year=${YEAR}`,
      headers: as(viewer),
    });
    expect(list.statusCode).toBe(200);
  });

  test("a batch needs the right to add every type in it, and saves nothing without", async () => {
    const clerk = await addMember("accountant", [
      { transactionType: "salesInvoice", view: true, add: true, edit: false, delete: false },
    ]);
    const deps = { db: context.testDatabase.database.db, announceChange: () => {} };
    const caller = { kind: "user" as const, userId: clerk.userId, sessionId: "batch" };
    const invoice = {
      type: "salesInvoice" as const,
      payload: salesInvoice({ date: "2025-09-09" }),
    };
    const receipt = {
      type: "receipts" as const,
      payload: receiptFrom(ravi, 5, { date: "2025-09-09" }),
    };
    const listCount = async () =>
      (
        await context.testDatabase.database.db
          .selectFrom("vouchers")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("organisation_id", "=", org)
          .executeTakeFirstOrThrow()
      ).count;
    const before = await listCount();
    await expect(createVouchers(deps, caller, org, [invoice, receipt])).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(await listCount()).toBe(before);
    const [saved] = await createVouchers(deps, caller, org, [invoice]);
    expect(saved?.version).toBe(1);
    expect(await listCount()).toBe(before + 1);
  });

  test("another organisation's person sees nothing", async () => {
    const stranger = await signUpPerson(context);
    const response = await inject({
      method: "GET",
      url: `/api/salesinvoice/salesinvoicelist?organisationId=${org}&year=${YEAR}`,
      headers: as(stranger),
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain("Ravi");
  });
});

describe("ledger and trial balance downloads", () => {
  test("excel files carry the same figures as the screen", async () => {
    const ExcelJS = (await import("exceljs")).default;
    const read = async (url: string) => {
      const response = await inject({ method: "GET", url, headers: as(owner) });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { rows, disposition: String(response.headers["content-disposition"]) };
    };
    const trial = await trialBalance();
    const file = await read(
      `/api/reports/trialbalance?organisationId=${org}&year=${YEAR}&download=true&format=excel`,
    );
    expect(file.disposition).toContain("trial-balance-2025-26.xlsx");
    const total = file.rows.find((row) => row.includes("Total"));
    expect(total).toEqual(expect.arrayContaining([trial.totalDebit, trial.totalCredit]));

    const ledger = await ledgerOf(ravi);
    const ledgerFile = await read(
      `/api/ledger/getLedger?organisationId=${org}&accountId=${ravi}&startDate=2025-04-01&endDate=2026-03-31&download=true&format=excel`,
    );
    expect(ledgerFile.rows.filter((row) => row.includes("Dr") || row.includes("Cr")).length).toBe(
      ledger.count + 2,
    );
  });
});

describe("purchases taxed by the supplier's state (issue 18)", () => {
  let gujarat: string;
  beforeAll(async () => {
    gujarat = await insertAccount(context, org, {
      name: "Ahmedabad Textiles",
      nature: "Creditors",
      gstin: "24AAACC1206D1ZM",
      stateCode: "24",
    });
  });

  // ₹1,000 of rice at 18 %, bought by a Maharashtra business and received in Maharashtra (27).
  const bill = (party: string, overrides: Record<string, unknown> = {}) => ({
    ...salesInvoice({ cashOrDebtorAccountId: party, invoiceNumber: `GJ-${Math.random()}` }),
    ...overrides,
  });

  test("a bill from Gujarat with its true place of supply (27) is IGST, and keeps pos 27", async () => {
    const refused = await add("purchases", bill(gujarat));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("IGST amount should be 180.00, not 0.00");

    const saved = await addOk(
      "purchases",
      bill(gujarat, { cgstAmount: 0, sgstAmount: 0, igstAmount: 180 }),
    );
    const entry = await details("purchases", saved.entryId);
    expect(entry).toMatchObject({
      pos: "27",
      supplierStateCode: "24",
      taxKind: "inter",
      igstAmount: 180,
      cgstAmount: 0,
      totalAmount: 1180,
    });
    const balances = await trialBalance();
    expect(JSON.stringify(balances)).toContain("Input IGST");
  });

  test("a debit note and a purchase order to the same supplier follow the same rule", async () => {
    for (const family of ["debitnote", "otherentries/purchaseorder"]) {
      const {
        grossAmount: _g,
        cgstAmount: _c,
        sgstAmount: _s,
        igstAmount: _i,
        roundOffAmount: _r,
        totalAmount: _t,
        ...withoutTotals
      } = bill(gujarat);
      const response = await add(family, withoutTotals);
      expect(response.statusCode, response.body).toBe(200);
      // The figures the client left to the server come back in the response.
      expect(response.json()).toMatchObject({
        grossAmount: 1000,
        igstAmount: 180,
        cgstAmount: 0,
        sgstAmount: 0,
        totalAmount: 1180,
        taxKind: "inter",
        pos: "27",
      });
    }
  });

  test("a local supplier with no place of supply given is CGST + SGST at the organisation's state", async () => {
    const { pos: _pos, ...withoutPos } = bill(mehta);
    const saved = await addOk("purchases", withoutPos);
    expect(await details("purchases", saved.entryId)).toMatchObject({
      pos: "27",
      taxKind: "intra",
      cgstAmount: 90,
    });
  });

  test("totals that are sent are still checked to the paisa", async () => {
    const response = await add("purchases", bill(gujarat, { igstAmount: 180, totalAmount: 1190 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("Total amount should be 1,180.00, not 1,190.00");
  });

  test("a note whose allocations exceed the server's total is refused when no total is sent", async () => {
    const invoice = await addOk("salesinvoice", salesInvoice({ invoiceNumber: "CN-BASE-1" }));
    const {
      totalAmount: _t,
      grossAmount: _g,
      ...note
    } = salesInvoice({
      invoiceNumber: "CN-OVER-1",
      billWiseEntries: [{ entryId: invoice.entryId, amount: 2000 }],
    });
    const response = await add("creditnote", note);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "Bill-wise allocations cannot be more than the total amount.",
    );
  });
});
