import { readFileSync } from "node:fs";
import { rupeesToPaise } from "@bahi/domain";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  as,
  balancesFromMonthlyTable,
  balancesFromPostings,
  insertAccount,
  insertItem,
  systemAccountId,
} from "../../../test/books.ts";
import { buildMultipart, type FormFile } from "../../../test/multipart.ts";
import { addMember, createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { salesInvoicePayload } from "../accounts/masters.test-kit.ts";
import { decodeText, readCsv } from "../sheets/sheet-worker.ts";
import { describeReading, readStatementRows } from "./bank-statement-reading.ts";

let context: TestContext;
let owner: Person;
let viewer: Person;
let stranger: Person;
let org: string;
let otherOrg: string;
let bank: string;
let cash: string;
let ravi: string;
let rent: string;
let rice: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  viewer = await signUpPerson(context);
  stranger = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    gstRegistered: true,
    gstin: "27AAPFU0939F1ZV",
    gstRegType: "regular",
    startingYear: "2025-26",
    billWiseEntry: true,
  }));
  ({ organisationId: otherOrg } = await createOrganisation(context, stranger.cookies, {
    startingYear: "2025-26",
  }));
  await addMember(context, owner, org, viewer, "viewer");
  bank = await insertAccount(context, org, { name: "HDFC Current", nature: "Bank" });
  ravi = await insertAccount(context, org, {
    name: "Ravi Stores",
    nature: "Debtors",
    stateCode: "27",
  });
  rent = await insertAccount(context, org, { name: "Office Rent", nature: "Indirect Expense" });
  cash = await systemAccountId(context, org, "cash");
  rice = await insertItem(context, org, { name: "Basmati Rice" });
});
afterAll(() => context.close());

// An HDFC statement as the bank's CSV download lays it out, made here.
const HDFC_HEADER =
  "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance";

function hdfcCsv(lines: string[]): string {
  return [
    "HDFC BANK Ltd.,,,,,,",
    "Account No :,50100012345678,,,,,",
    ",,,,,,",
    HDFC_HEADER,
    ...lines,
    ",STATEMENT SUMMARY,,,,,",
  ].join("\n");
}

const MAY_STATEMENT = hdfcCsv([
  '03/05/25,RENT MAY-SHARMA PROPERTIES,000000000101,03/05/25,"25,000.00",,"75,000.00"',
  "05/05/25,ATW-512345XXXXXX-PUNE MG ROAD,000000000000,05/05/25,2000.00,,73000.00",
  "12/05/25,NEFT CR-RAVI STORES-INV PAYMENT,N123456789,12/05/25,,1180.00,74180.00",
]);

function upload(
  url: string,
  fields: Record<string, string>,
  files: FormFile[],
  person: Person = owner,
) {
  const { payload, headers } = buildMultipart(fields, files);
  return context.app.inject({
    method: "POST",
    url,
    payload,
    headers: { ...headers, ...as(person) },
  });
}

const csvFile = (text: string, fileName = "statement.csv"): FormFile => ({
  field: "files",
  fileName,
  bytes: text,
});

async function call(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
  return context.app.inject({
    method,
    url,
    headers: as(owner),
    ...(payload ? { payload } : {}),
  });
}

async function importStatement(text: string, fileName = "statement.csv") {
  const response = await upload(
    "/api/import/bank/importFiles",
    { organisationId: org, accountId: bank },
    [csvFile(text, fileName)],
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().importRequests[0] as { _id: string; state: string; lineCount: number };
}

async function entriesOf(importRequestId: string) {
  const response = await call("POST", "/api/import/bank/getImportedBankEntries", {
    organisationId: org,
    importRequestId,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().bankEntries as {
    _id: string;
    narration: string;
    amount: number;
    duplicate: boolean;
    status: string;
    voucherType: string;
    counterAccountId: string | null;
    confidence: number;
    reason: string;
    billWiseEntries: { entryId: string; invoiceNumber: string; amount: number }[];
    voucherId: string | null;
  }[];
}

async function choose(importRequestId: string, entries: object[]) {
  const response = await call("PATCH", "/api/import/bank/saveImportedBankEntries", {
    organisationId: org,
    importRequestId,
    entries,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function requestState(importRequestId: string) {
  const response = await call(
    "GET",
    `/api/import/request?organisationId=${org}&importRequestId=${importRequestId}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().importRequest as { state: string; savedCount: number };
}

describe("bank statements", () => {
  let invoiceId: string;
  let may: string;

  test("validateFiles recognises the HDFC layout and writes nothing", async () => {
    const response = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [csvFile(MAY_STATEMENT)],
    );
    expect(response.statusCode, response.body).toBe(200);
    const [file] = response.json().files;
    expect(file).toMatchObject({
      fileName: "statement.csv",
      layout: "hdfc",
      headerRow: 4,
      mapping: { date: 0, narration: 1, reference: 2, debit: 4, credit: 5, balance: 6 },
      lineCount: 3,
      moneyIn: 1180,
      moneyOut: 27000,
      balanceBreak: null,
    });
    expect(file.preview[0]).toMatchObject({ date: "2025-05-03", amount: -25000 });
    const list = await call("GET", `/api/import/requests?organisationId=${org}&type=bank`);
    expect(list.json().importRequests).toEqual([]);
  });

  test("lines dated outside the books' years (9999, 2019) are refused on their rows; the rest is read", async () => {
    const dated = hdfcCsv([
      "01/06/25,GOOD LINE,,01/06/25,,100.00,",
      "31/12/9999,FAR FUTURE,,31/12/9999,,200.00,",
      "01/05/2019,LONG AGO,,01/05/2019,50.00,,",
    ]);
    const outside = (date: string) =>
      `The date "${date}" is outside the financial years Bahi keeps, 2021-22 to 2029-30 (01-04-2021 to 31-03-2030).`;
    const response = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [csvFile(dated)],
    );
    expect(response.statusCode, response.body).toBe(200);
    const [file] = response.json().files;
    expect(file).toMatchObject({
      lineCount: 1,
      moneyIn: 100,
      moneyOut: 0,
      problemCount: 2,
      problems: [
        { rowNumber: 6, message: outside("31/12/9999") },
        { rowNumber: 7, message: outside("01/05/2019") },
      ],
    });
    expect(file.preview).toHaveLength(1);
    expect(file.preview[0]).toMatchObject({ date: "2025-06-01", amount: 100 });
  });

  test("a broken running balance is reported at its row", async () => {
    const broken = hdfcCsv([
      "01/05/25,A,,01/05/25,,100.00,1100.00",
      "02/05/25,B,,02/05/25,50.00,,1000.00",
    ]);
    const response = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [csvFile(broken)],
    );
    expect(response.json().files[0].balanceBreak).toEqual({
      rowNumber: 6,
      expected: 1050,
      found: 1000,
    });
  });

  test("import stages the lines with suggestions: the ATM withdrawal a transfer from cash, the party by name with its open invoice", async () => {
    const invoice = await call(
      "POST",
      "/api/salesinvoice/add",
      salesInvoicePayload(org, ravi, rice),
    );
    expect(invoice.statusCode, invoice.body).toBe(200);
    invoiceId = invoice.json().entryId;
    const request = await importStatement(MAY_STATEMENT);
    may = request._id;
    expect(request).toMatchObject({ state: "uploaded", lineCount: 3 });
    const [rentLine, atm, fromRavi] = await entriesOf(may);
    // "RENT" is a word of the Office Rent account's name.
    expect(rentLine).toMatchObject({
      amount: -25000,
      voucherType: "payments",
      counterAccountId: rent,
      reason: "name",
      status: "pending",
    });
    expect(atm).toMatchObject({
      amount: -2000,
      voucherType: "fundTransfer",
      counterAccountId: cash,
      reason: "cash",
    });
    expect(fromRavi).toMatchObject({
      amount: 1180,
      voucherType: "receipts",
      counterAccountId: ravi,
      reason: "name",
      billWiseEntries: [{ entryId: invoiceId, amount: 1180 }],
    });
  });

  test("saving the reviewed lines makes a payment, a fund transfer and a receipt that settles the invoice", async () => {
    const [rentLine, atm, fromRavi] = await entriesOf(may);
    const refused = await call("PATCH", "/api/import/bank/saveImportedBankEntries", {
      organisationId: org,
      importRequestId: may,
      entries: [{ bankEntryId: rentLine!._id, accountId: null, status: "accepted" }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Choose the account for this line.");
    await choose(may, [
      { bankEntryId: rentLine!._id, accountId: rent, status: "accepted" },
      { bankEntryId: atm!._id, status: "accepted" },
      { bankEntryId: fromRavi!._id, status: "accepted" },
    ]);
    expect((await requestState(may)).state).toBe("reviewed");
    const before = await balancesFromPostings(context, org);
    const saved = await call("POST", "/api/import/bank/saveTransaction", {
      organisationId: org,
      importRequestId: may,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().saved).toBe(3);
    const after = await balancesFromPostings(context, org);
    const moved = (account: string) => (after.get(account) ?? 0) - (before.get(account) ?? 0);
    expect(moved(bank)).toBe(-2_582_000);
    expect(moved(rent)).toBe(2_500_000);
    expect(moved(cash)).toBe(200_000);
    expect(moved(ravi)).toBe(-118_000);
    expect(await balancesFromMonthlyTable(context, org)).toEqual(after);
    const invoice = await call(
      "GET",
      `/api/salesinvoice/getsingleentrydetails?organisationId=${org}&entryId=${invoiceId}`,
    );
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(JSON.stringify(invoice.json())).toMatch(/"status":"received"/);
    const entries = await entriesOf(may);
    expect(entries.every((entry) => entry.status === "saved" && entry.voucherId)).toBe(true);
    const receipt = await call(
      "GET",
      `/api/receipts/getsingleentrydetails?organisationId=${org}&entryId=${entries[2]!.voucherId}`,
    );
    expect(JSON.stringify(receipt.json())).toContain(`"bankImportId":"${entries[2]!._id}"`);
    expect((await requestState(may)).state).toBe("saved");
  });

  test("the same lines again are listed as duplicates and skipped unless the reviewer insists", async () => {
    const again = await importStatement(MAY_STATEMENT, "again.csv");
    const entries = await entriesOf(again._id);
    expect(entries.map((entry) => entry.duplicate)).toEqual([true, true, true]);
    await choose(
      again._id,
      entries
        .map((entry) => ({ bankEntryId: entry._id, accountId: rent, status: "accepted" }))
        .slice(0, 1),
    );
    const refused = await call("POST", "/api/import/bank/saveTransaction", {
      organisationId: org,
      importRequestId: again._id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/No accepted lines/);
    const deleted = await call(
      "DELETE",
      `/api/import/bank/deleteFile?organisationId=${org}&importRequestId=${again._id}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const list = await call("GET", `/api/import/requests?organisationId=${org}&year=2025-26`);
    expect(list.json().importRequests.map((r: { _id: string }) => r._id)).toEqual([may]);
  });

  test("a confirmed line teaches the next statement's suggestion", async () => {
    const june = await importStatement(
      hdfcCsv(["03/06/25,RENT JUNE-SHARMA PROPERTIES,000000000102,03/06/25,25000.00,,49180.00"]),
    );
    const [line] = await entriesOf(june._id);
    expect(line).toMatchObject({
      counterAccountId: rent,
      reason: "learned",
      voucherType: "payments",
    });
    expect(line!.confidence).toBeGreaterThanOrEqual(0.6);
  });

  test("undo deletes the import's vouchers and puts the books back", async () => {
    const before = await balancesFromPostings(context, org);
    const one = (await entriesOf(may))[1]!;
    const single = await call(
      "DELETE",
      `/api/import/bank/deleteImportedBankEntries?organisationId=${org}&importRequestId=${may}&bankEntryId=${one._id}`,
    );
    expect(single.json()).toEqual({ success: true, deleted: 1 });
    expect((await requestState(may)).savedCount).toBe(2);
    const all = await call(
      "DELETE",
      `/api/import/bank/deleteImportedBankEntries?organisationId=${org}&importRequestId=${may}`,
    );
    expect(all.json()).toEqual({ success: true, deleted: 2 });
    const after = await balancesFromPostings(context, org);
    expect(after.get(bank) ?? 0).toBe((before.get(bank) ?? 0) + 2_582_000);
    expect(after.get(rent) ?? 0).toBe(0);
    expect((await requestState(may)).state).toBe("undone");
    const entries = await entriesOf(may);
    expect(entries.map((entry) => [entry.status, entry.voucherId])).toEqual([
      ["accepted", null],
      ["accepted", null],
      ["accepted", null],
    ]);
    const receipts = await call(
      "GET",
      `/api/receipts/receiptslist?organisationId=${org}&year=2025-26`,
    );
    expect(receipts.json().count).toBe(0);
  });

  test("a locked month refuses the save and nothing is marked saved", async () => {
    const lock = await call("POST", "/api/settings/lockPeriod", {
      organisationId: org,
      year: "2025-26",
      month: 5,
      transactionType: "payments",
      locked: true,
    });
    expect(lock.statusCode, lock.body).toBe(200);
    const refused = await call("POST", "/api/import/bank/saveTransaction", {
      organisationId: org,
      importRequestId: may,
    });
    expect(refused.statusCode).toBe(423);
    expect((await entriesOf(may)).every((entry) => entry.status === "accepted")).toBe(true);
    await call("POST", "/api/settings/lockPeriod", {
      organisationId: org,
      year: "2025-26",
      month: 5,
      transactionType: "payments",
      locked: false,
    });
  });
});

describe("statement files", () => {
  test("an XLSX statement (SBI layout) is read, dates and amounts as text", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Statement");
    sheet.addRow(["Account Name :", "SHREE TRADERS"]);
    sheet.addRow([]);
    sheet.addRow([
      "Txn Date",
      "Value Date",
      "Description",
      "Ref No./Cheque No.",
      "Debit",
      "Credit",
      "Balance",
    ]);
    sheet.addRow(["1 Apr 2025", "1 Apr 2025", "BY TRANSFER-NEFT", "TRF1", "", 5000, 15000]);
    sheet.addRow([
      new Date(Date.UTC(2025, 3, 2)),
      "",
      "=cmd|' /C calc'!A0",
      "",
      1000.5,
      "",
      13999.5,
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [{ field: "files", fileName: "sbi.xlsx", bytes }],
    );
    expect(response.statusCode, response.body).toBe(200);
    const [file] = response.json().files;
    expect(file).toMatchObject({ layout: "sbi", headerRow: 3, lineCount: 2, balanceBreak: null });
    expect(file.preview[1]).toMatchObject({
      date: "2025-04-02",
      narration: "=cmd|' /C calc'!A0",
      amount: -1000.5,
    });
  });

  test("an XLS (BIFF8) statement is read", async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ["Tran Date", "Chq No", "Particulars", "Debit", "Credit", "Balance", "Init. Br"],
      ["01-04-2025", "", "UPI/P2A/1/RAMESH", "", "1500.00", "11500.00", "123"],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "Sheet1");
    const bytes = XLSX.write(book, { bookType: "biff8", type: "buffer" }) as Buffer;
    const response = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [{ field: "files", fileName: "axis.xls", bytes }],
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().files[0]).toMatchObject({ layout: "axis", lineCount: 1, moneyIn: 1500 });
  });

  test("an XLSX that says it unpacks to gigabytes is refused before it is read", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("S").addRow(["Date", "Narration", "Debit", "Credit"]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    // Every file's declared size in the central directory set to about 2 GB.
    for (let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; ) {
      bytes.writeUInt32LE(0x7fffffff, at + 24);
      at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4);
    }
    const response = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [{ field: "files", fileName: "bomb.xlsx", bytes }],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "bomb.xlsx unpacks to far more than a statement can hold; it was refused.",
    );
  });

  test("a file over 10 MB, a non-statement file and a non-bank account are refused", async () => {
    const big = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [csvFile("x".repeat(10 * 1024 * 1024 + 1))],
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe("A statement file can be at most 10 MB.");
    const pdf = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [csvFile("%PDF", "statement.pdf")],
    );
    expect(pdf.statusCode).toBe(400);
    const notBank = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: rent },
      [csvFile(MAY_STATEMENT)],
    );
    expect(notBank.statusCode).toBe(400);
    expect(notBank.json().message).toBe(
      "Choose a Bank or Bank OD/CC account to import the statement into.",
    );
    const noHeader = await upload(
      "/api/import/bank/importFiles",
      { organisationId: org, accountId: bank },
      [csvFile("Name,City\nA,B", "names.csv")],
    );
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toMatch(/^names\.csv: No header row found/);
  });

  test("a corrected mapping is used, and remembered for the account", async () => {
    const odd = ["When,What,Out,In", "01/07/2025,Bank charges,118.00,"].join("\n");
    const layouts = JSON.stringify([
      { headerRow: 1, mapping: { date: 0, narration: 1, debit: 2, credit: 3 } },
    ]);
    const first = await upload(
      "/api/import/bank/importFiles",
      { organisationId: org, accountId: bank, layouts },
      [csvFile(odd, "odd.csv")],
    );
    expect(first.statusCode, first.body).toBe(200);
    const second = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [csvFile(odd, "odd.csv")],
    );
    expect(second.json().files[0]).toMatchObject({
      layoutName: "Layout remembered for this account",
      lineCount: 1,
      moneyOut: 118,
    });
  });
});

describe("tenants and rights", () => {
  test("another organisation's member gets nothing", async () => {
    const list = await call("GET", `/api/import/requests?organisationId=${org}`);
    const someRequest = list.json().importRequests[0]._id as string;
    const asStranger = await context.app.inject({
      method: "POST",
      url: "/api/import/bank/getImportedBankEntries",
      headers: as(stranger),
      payload: { organisationId: org, importRequestId: someRequest },
    });
    expect(asStranger.statusCode).toBe(403);
    const viaOwnOrg = await context.app.inject({
      method: "POST",
      url: "/api/import/bank/getImportedBankEntries",
      headers: as(stranger),
      payload: { organisationId: otherOrg, importRequestId: someRequest },
    });
    expect(viaOwnOrg.statusCode).toBe(404);
    const upload403 = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [csvFile(MAY_STATEMENT)],
      stranger,
    );
    expect(upload403.statusCode).toBe(403);
  });

  test("a viewer may look but not import or undo", async () => {
    const list = await context.app.inject({
      method: "GET",
      url: `/api/import/requests?organisationId=${org}`,
      headers: as(viewer),
    });
    expect(list.statusCode).toBe(200);
    const refused = await upload(
      "/api/import/bank/importFiles",
      { organisationId: org, accountId: bank },
      [csvFile(MAY_STATEMENT)],
      viewer,
    );
    expect(refused.statusCode).toBe(403);
    const requestId = list.json().importRequests[0]._id as string;
    const undo = await context.app.inject({
      method: "DELETE",
      url: `/api/import/bank/deleteImportedBankEntries?organisationId=${org}&importRequestId=${requestId}`,
      headers: as(viewer),
    });
    expect(undo.statusCode).toBe(403);
  });
});

// Decision 075: a statement upload named by a progressId reports the lines checked for
// duplicates and given suggestions, of all the lines read.
describe("progress of a large statement", () => {
  test("2,000 lines: the progress counts them up to the total while the upload runs", async () => {
    const lines = Array.from({ length: 2000 }, (_, index) => {
      const day = String((index % 28) + 1).padStart(2, "0");
      const balance = (500_000 - (index + 1)).toFixed(2);
      return `${day}/06/25,UPI-SHOP ${index}-PAYMENT,R${index},${day}/06/25,1.00,,${balance}`;
    });
    const progressId = "bank-progress-0001";
    const progressOf = async () =>
      (
        await context.app.inject({
          method: "GET",
          url: `/api/import/progress?organisationId=${org}&progressId=${progressId}`,
          headers: as(owner),
        })
      ).json() as { state: string; unit: string | null; done: number; total: number | null };
    let finished = false;
    const running = upload(
      "/api/import/bank/importFiles",
      { organisationId: org, accountId: bank, progressId },
      [csvFile(hdfcCsv(lines), "june.csv")],
    ).finally(() => {
      finished = true;
    });
    const seen: { done: number; total: number | null }[] = [];
    while (!finished) {
      seen.push(await progressOf());
      await new Promise((resolve) => setImmediate(resolve));
    }
    const response = await running;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().importRequests[0].lineCount).toBe(2000);
    for (const snapshot of seen.filter((one) => one.total !== null)) {
      expect(snapshot.total).toBe(2000);
      expect(snapshot.done).toBeLessThanOrEqual(2000);
    }
    expect(seen.some((snapshot) => snapshot.done > 0 && snapshot.done < 2000)).toBe(true);
    const dones = seen.map((snapshot) => snapshot.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(await progressOf()).toEqual({ state: "done", unit: "lines", done: 2000, total: 2000 });
  });
});

// Issue 36: statements of thousands of lines are accepted, saved and undone in one call each.
describe("large statements", () => {
  let savings: string;
  beforeAll(async () => {
    savings = await insertAccount(context, org, { name: "SBI Savings", nature: "Bank" });
  });

  const statementOf = (count: number, month: string, word: string) =>
    hdfcCsv(
      Array.from({ length: count }, (_, index) => {
        const day = String((index % 28) + 1).padStart(2, "0");
        return `${day}/${month}/25,${word} ${index},Q${index},${day}/${month}/25,1.00,,`;
      }),
    );

  async function importInto(accountId: string, text: string) {
    const response = await upload(
      "/api/import/bank/importFiles",
      { organisationId: org, accountId },
      [csvFile(text, "large.csv")],
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().importRequests[0] as { _id: string; lineCount: number };
  }

  test("2,500 saved lines are undone in one call, all of them", async () => {
    const request = await importInto(savings, statementOf(2500, "07", "RENT JULY"));
    expect(request.lineCount).toBe(2500);
    const entries = await entriesOf(request._id);
    await choose(
      request._id,
      entries.map((entry) => ({ bankEntryId: entry._id, accountId: rent, status: "accepted" })),
    );
    const before = await balancesFromPostings(context, org);
    const saved = await call("POST", "/api/import/bank/saveTransaction", {
      organisationId: org,
      importRequestId: request._id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().saved).toBe(2500);
    const booked = await balancesFromPostings(context, org);
    expect((booked.get(savings) ?? 0) - (before.get(savings) ?? 0)).toBe(-250_000);
    const undoUrl = `/api/import/bank/deleteImportedBankEntries?organisationId=${org}&importRequestId=${request._id}`;
    // A refused undo leaves every line saved and every voucher booked.
    const lockJuly = (locked: boolean) =>
      call("POST", "/api/settings/lockPeriod", {
        organisationId: org,
        year: "2025-26",
        month: 7,
        transactionType: "payments",
        locked,
      });
    expect((await lockJuly(true)).statusCode).toBe(200);
    const refused = await call("DELETE", undoUrl);
    expect(refused.statusCode, refused.body).toBe(423);
    expect((await requestState(request._id)).savedCount).toBe(2500);
    expect(await balancesFromPostings(context, org)).toEqual(booked);
    expect((await lockJuly(false)).statusCode).toBe(200);
    const undo = await call("DELETE", undoUrl);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({ success: true, deleted: 2500 });
    const after = await balancesFromPostings(context, org);
    // The books are as they were before the save.
    expect(after.get(savings) ?? 0).toBe(before.get(savings) ?? 0);
    expect(after.get(rent) ?? 0).toBe(before.get(rent) ?? 0);
    expect((await requestState(request._id)).state).toBe("undone");
    expect((await entriesOf(request._id)).every((entry) => entry.status === "accepted")).toBe(true);
  }, 120_000);

  test("10,000 lines are accepted in one call", async () => {
    const request = await importInto(savings, statementOf(10_000, "08", "SHOP AUGUST"));
    expect(request.lineCount).toBe(10_000);
    const entries = await entriesOf(request._id);
    const response = await call("PATCH", "/api/import/bank/saveImportedBankEntries", {
      organisationId: org,
      importRequestId: request._id,
      entries: entries.map((entry) => ({
        bankEntryId: entry._id,
        accountId: rent,
        status: "accepted",
      })),
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect((await requestState(request._id)).state).toBe("reviewed");
    const accepted = await entriesOf(request._id);
    expect(accepted.every((entry) => entry.status === "accepted")).toBe(true);
  }, 180_000);
});

// Issue 36: a reversal written as a negative withdrawal, and a statement whose balance breaks.
describe("reversals and balance breaks", () => {
  let current: string;
  beforeAll(async () => {
    current = await insertAccount(context, org, { name: "ICICI Current", nature: "Bank" });
  });

  async function importInto(text: string) {
    const response = await upload(
      "/api/import/bank/importFiles",
      { organisationId: org, accountId: current },
      [csvFile(text, "reversal.csv")],
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().importRequests[0] as {
      _id: string;
      balanceBreak: { rowNumber: number } | null;
    };
  }

  async function acceptAll(id: string) {
    const entries = await entriesOf(id);
    await choose(
      id,
      entries.map((entry) => ({ bankEntryId: entry._id, accountId: rent, status: "accepted" })),
    );
    return entries;
  }

  test("a negative withdrawal is a receipt of ₹5,000: the ledger ends where the statement does", async () => {
    const request = await importInto(
      hdfcCsv([
        ",Opening Balance,,,,,20000.00",
        "01/09/25,NEFT-SHARMA PROPERTIES-RENT,N1,01/09/25,5000.00,,15000.00",
        "02/09/25,REV-NEFT-SHARMA PROPERTIES-RENT,N1,02/09/25,-5000.00,,20000.00",
        ",Closing Balance,,,,,20000.00",
        "** End of statement **,,,,,,",
      ]),
    );
    expect(request.balanceBreak).toBeNull();
    const entries = await acceptAll(request._id);
    expect(entries.map((entry) => [entry.amount, entry.voucherType])).toEqual([
      [-5000, "payments"],
      [5000, "receipts"],
    ]);
    const before = await balancesFromPostings(context, org);
    const saved = await call("POST", "/api/import/bank/saveTransaction", {
      organisationId: org,
      importRequestId: request._id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await balancesFromPostings(context, org);
    expect((after.get(current) ?? 0) - (before.get(current) ?? 0)).toBe(0);
  });

  test("undo of a payment and a receipt is all or nothing: a locked month of receipts keeps both", async () => {
    const request = await importInto(
      hdfcCsv([
        "03/11/25,NEFT-SHARMA PROPERTIES-RENT NOV,P1,03/11/25,700.00,,9300.00",
        "04/11/25,NEFT-SHARMA PROPERTIES-DEPOSIT BACK,P2,04/11/25,,300.00,9600.00",
      ]),
    );
    await acceptAll(request._id);
    const saved = await call("POST", "/api/import/bank/saveTransaction", {
      organisationId: org,
      importRequestId: request._id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().entries.map((entry: { voucherType: string }) => entry.voucherType)).toEqual(
      ["payments", "receipts"],
    );
    const booked = await balancesFromPostings(context, org);
    const lockReceipts = (locked: boolean) =>
      call("POST", "/api/settings/lockPeriod", {
        organisationId: org,
        year: "2025-26",
        month: 11,
        transactionType: "receipts",
        locked,
      });
    expect((await lockReceipts(true)).statusCode).toBe(200);
    const undoUrl = `/api/import/bank/deleteImportedBankEntries?organisationId=${org}&importRequestId=${request._id}`;
    expect((await call("DELETE", undoUrl)).statusCode).toBe(423);
    expect((await requestState(request._id)).savedCount).toBe(2);
    expect(await balancesFromPostings(context, org)).toEqual(booked);
    expect((await lockReceipts(false)).statusCode).toBe(200);
    const undo = await call("DELETE", undoUrl);
    expect(undo.json()).toEqual({ success: true, deleted: 2 });
    expect((await requestState(request._id)).state).toBe("undone");
  });

  test("a statement whose balance breaks is saved only once the user acknowledges the break", async () => {
    const request = await importInto(
      hdfcCsv([
        "01/10/25,NEFT-ONE,M1,01/10/25,,1000.00,11000.00",
        "02/10/25,NEFT-TWO,M2,02/10/25,500.00,,10000.00",
      ]),
    );
    expect(request.balanceBreak).toEqual({
      rowNumber: 6,
      expectedPaise: 1050000,
      foundPaise: 1000000,
    });
    await acceptAll(request._id);
    const refused = await call("POST", "/api/import/bank/saveTransaction", {
      organisationId: org,
      importRequestId: request._id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "The statement's running balance breaks at row 6: it should be ₹10,500.00 but the statement says ₹10,000.00, so a line may be missing or read the wrong way. Check the file and the column mapping; save anyway only after confirming you have seen the break.",
    );
    expect((await requestState(request._id)).savedCount).toBe(0);
    const saved = await call("POST", "/api/import/bank/saveTransaction", {
      organisationId: org,
      importRequestId: request._id,
      acknowledgeBalanceBreak: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().saved).toBe(2);
  });
});

// Issue 36: statements in the layouts HDFC, SBI and ICICI hand out (server/test/fixtures/bank,
// README there for where each layout comes from), read as a person reading the file would.
describe("real statement layouts", () => {
  const fixture = (name: string): FormFile => ({
    field: "files",
    fileName: name,
    bytes: readFileSync(new URL(`../../../test/fixtures/bank/${name}`, import.meta.url)),
  });

  async function check(name: string) {
    const response = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [fixture(name)],
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().files[0];
  }

  test.each([
    // file, layout, lines, money in, money out, first line
    ["hdfc-netbanking.csv", "hdfc", 6, 36_923, 67_000, { date: "2025-04-01", amount: 11_800 }],
    ["hdfc-delimited.txt", "generic", 3, 11_800, 27_000, { date: "2025-04-01", amount: 11_800 }],
    ["sbi-statement.xls", "sbi", 4, 1_225, 3_500, { date: "2025-04-01", amount: 1_180 }],
    ["icici-netbanking.csv", "icici", 4, 16_180, 20_000, { date: "2025-04-01", amount: 1_180 }],
    ["icici-corporate.csv", "generic", 3, 11_800, 40_118, { date: "2025-04-01", amount: 11_800 }],
    ["axis-netbanking.csv", "axis", 6, 28_912, 16_298, { date: "2025-04-01", amount: -1_180 }],
    ["axis-amount-drcr.csv", "generic", 4, 14_160, 42_360, { date: "2025-04-02", amount: 11_800 }],
    [
      "kotak-netbanking.csv",
      "generic",
      5,
      36_812,
      66_817.7,
      { date: "2025-04-01", amount: 11_800 },
    ],
    // Binary workbooks in the shapes of real downloads: the footer's Debits, Credits and counts
    // (4 and 2) are HDFC's own reading of its file.
    ["hdfc-netbanking.xls", "hdfc", 6, 19_570, 39_028.4, { date: "2025-04-02", amount: 11_800 }],
    ["sbi-statement-excel.xls", "sbi", 5, 38_050, 11_155.42, { date: "2025-04-02", amount: -104 }],
  ])(
    "%s is read as the %s layout: every line, no problems, the balance follows",
    async (name, layout, lines, moneyIn, moneyOut, first) => {
      const file = await check(name as string);
      expect(file.error).toBeUndefined();
      expect(file).toMatchObject({
        layout,
        lineCount: lines,
        moneyIn,
        moneyOut,
        problemCount: 0,
        balanceBreak: null,
      });
      expect(file.preview[0]).toMatchObject(first as object);
    },
  );

  test.each([
    // file, the balance before its first line, its last line's balance
    ["hdfc-netbanking.csv", null, null],
    ["hdfc-delimited.txt", null, null],
    ["sbi-statement.xls", 5_000, 2_725],
    ["icici-netbanking.csv", null, null],
    ["icici-corporate.csv", null, null],
    ["axis-netbanking.csv", 50_000, 62_614],
    ["axis-amount-drcr.csv", 1_00_000, 71_800],
    // Kotak: the balance's own Dr / Cr column, overdrawn for two lines.
    ["kotak-netbanking.csv", 50_000, 19_994.3],
    // The opening and closing balances of HDFC's summary and SBI's "Balance on 1 Apr 2025".
    ["hdfc-netbanking.xls", 50_000, 30_541.6],
    ["sbi-statement-excel.xls", 3_287.33, 30_181.91],
  ])(
    "%s: every line carries its balance, each the one before it plus the line",
    async (name, before, last) => {
      const file = await check(name as string);
      expect(file.mapping.balance).toBeTypeOf("number");
      const lines = file.preview as { amount: number; balance: number | null }[];
      expect(lines.length).toBe(Math.min(10, file.lineCount));
      for (const [index, line] of lines.entries()) {
        expect(line.balance).not.toBeNull();
        const previous = index === 0 ? before : lines[index - 1]?.balance;
        if (previous === null || previous === undefined) continue;
        // Rupees with two decimals: compared in paise.
        expect(rupeesToPaise(line.balance as number)).toBe(
          rupeesToPaise(previous) + rupeesToPaise(line.amount),
        );
      }
      if (last !== null) expect(lines.at(-1)?.balance).toBe(last);
    },
  );
});

describe("statements read on the heavy-work pool (issue 37, decision 394)", () => {
  test("validateFiles answers as reading the file in this thread does, UTF-8 and UTF-16 alike", async () => {
    const account = await insertAccount(context, org, { name: "ICICI Pool", nature: "Bank" });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(MAY_STATEMENT, "utf16le")]);
    const response = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: account },
      [
        { field: "files", fileName: "may.csv", bytes: MAY_STATEMENT },
        { field: "files", fileName: "may-utf16.csv", bytes: utf16 },
      ],
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const here = (fileName: string, bytes: Buffer) => {
      const read = readCsv({ text: decodeText(bytes), maxRows: 100_001 });
      if (!("rows" in read)) throw new Error("unreadable");
      const statement = readStatementRows(fileName, read.rows, undefined, undefined);
      if ("error" in statement) throw new Error(statement.error);
      return describeReading(statement);
    };
    const files = response.json().files;
    expect(files).toEqual([
      here("may.csv", Buffer.from(MAY_STATEMENT)),
      here("may-utf16.csv", utf16),
    ]);
    expect(files[1]).toMatchObject({ lineCount: 3, moneyIn: 1180, moneyOut: 27000 });
  });

  test("a statement past the row limit is refused with the message; nothing is read for a stranger", async () => {
    const tooLong = hdfcCsv(
      Array.from(
        { length: 100_001 },
        (_, index) => `03/05/25,LINE ${index},R${index},03/05/25,1.00,,1.00`,
      ),
    );
    const refused = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [csvFile(tooLong)],
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("A statement can have at most 100,000 rows.");
    const stranger403 = await upload(
      "/api/import/bank/validateFiles",
      { organisationId: org, accountId: bank },
      [csvFile(MAY_STATEMENT)],
      stranger,
    );
    expect(stranger403.statusCode).toBe(403);
  });
});
