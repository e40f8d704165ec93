import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, expect, test } from "vitest";
import { as, insertAccount, MAHARASHTRA_GSTIN } from "../../../test/books.ts";
import { buildMultipart } from "../../../test/multipart.ts";
import { createOrganisation, type Person, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";

// Issue 37, decision 321: a spreadsheet whose sheets declare too much (a cell in the last column,
// merged cells over a million cells, tens of thousands of merged ranges) is refused with a message
// naming the sheet and the reason, BEFORE it is parsed: a file that could not even be parsed
// gets the limit's message, not "unreadable".

let context: TestContext;
let owner: Person;
let org: string;
let bank: string;

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    gstRegistered: true,
    gstin: MAHARASHTRA_GSTIN,
    gstRegType: "regular",
    startingYear: "2025-26",
  }));
  bank = await insertAccount(context, org, { name: "HDFC Current", nature: "Bank" });
});
afterAll(() => context.close());

const STATEMENT_ROWS = [
  ["Date", "Narration", "Withdrawal Amt.", "Deposit Amt.", "Closing Balance"],
  ["03/05/25", "RENT MAY", "25000.00", "", "75000.00"],
];

/** An .xlsx (stored, not deflated, so a test can alter its bytes) of one sheet. */
function workbook(sheet: XLSX.WorkSheet, name = "Statement"): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, name);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: false }) as Buffer;
}

/**
 * The same bytes with the workbook part marked as compressed by a method no reader knows (99):
 * SheetJS cannot parse the file any more; the worksheets' own parts are untouched.
 */
function unparseable(bytes: Buffer): Buffer {
  const broken = Buffer.from(bytes);
  let end = broken.length - 22;
  while (end > 0 && broken.readUInt32LE(end) !== 0x06054b50) end -= 1;
  let at = broken.readUInt32LE(end + 16);
  for (let entry = broken.readUInt16LE(end + 10); entry > 0; entry -= 1) {
    const nameLength = broken.readUInt16LE(at + 28);
    const name = broken.toString("utf8", at + 46, at + 46 + nameLength);
    if (name === "xl/workbook.xml") {
      broken.writeUInt16LE(99, at + 10);
      broken.writeUInt16LE(99, broken.readUInt32LE(at + 42) + 8);
    }
    at += 46 + nameLength + broken.readUInt16LE(at + 30) + broken.readUInt16LE(at + 32);
  }
  return broken;
}

function uploadStatement(bytes: Buffer, fileName = "statement.xlsx") {
  const { payload, headers } = buildMultipart({ organisationId: org, accountId: bank }, [
    { field: "files", fileName, bytes },
  ]);
  return context.app.inject({
    method: "POST",
    url: "/api/import/bank/validateFiles",
    payload,
    headers: { ...headers, ...as(owner) },
  });
}

test("a bank sheet with one cell in the last column is refused, before parsing, with its reason", async () => {
  const sheet = XLSX.utils.aoa_to_sheet(STATEMENT_ROWS);
  sheet.XFD1 = { t: "s", v: "stray" };
  sheet["!ref"] = "A1:XFD2";
  const bytes = workbook(sheet);
  expect(bytes.length).toBeLessThan(150_000);
  const expected =
    'statement.xlsx cannot be read. Its sheet "Statement" reaches column XFD (16,384 columns); at most 1,000 are read. Delete the unused columns and upload it again.';

  const refused = await uploadStatement(bytes);
  expect(refused.statusCode).toBe(400);
  expect(refused.json().message).toBe(expected);

  // Refused before parsing: the same file with its workbook part made unreadable gets the
  // limit's message; a file within the limits, broken the same way, is "unreadable".
  const broken = await uploadStatement(unparseable(bytes));
  expect(broken.statusCode).toBe(400);
  expect(broken.json().message).toBe(expected.replace('"Statement"', '"sheet1"'));
  const fine = workbook(XLSX.utils.aoa_to_sheet(STATEMENT_ROWS));
  expect((await uploadStatement(fine)).statusCode).toBe(200);
  const brokenFine = await uploadStatement(unparseable(fine));
  expect(brokenFine.statusCode).toBe(400);
  expect(brokenFine.json().message).not.toContain("at most");
});

test("merged cells over a million cells, or too many merged ranges, are refused with their reason", async () => {
  const wide = XLSX.utils.aoa_to_sheet(STATEMENT_ROWS);
  wide["!merges"] = [{ s: { r: 2, c: 0 }, e: { r: 99_999, c: 19 } }];
  wide["!ref"] = "A1:T100000";
  const covered = await uploadStatement(workbook(wide), "merged.xlsx");
  expect(covered.statusCode).toBe(400);
  expect(covered.json().message).toBe(
    'merged.xlsx cannot be read. Its sheet "Statement" has merged cells covering more than 10,00,000 cells. Unmerge the cells and upload it again.',
  );

  const many = XLSX.utils.aoa_to_sheet(STATEMENT_ROWS);
  many["!merges"] = Array.from({ length: 12_000 }, (_, index) => ({
    s: { r: index + 2, c: 0 },
    e: { r: index + 2, c: 1 },
  }));
  many["!ref"] = "A1:E12002";
  const ranges = await uploadStatement(workbook(many), "ranges.xlsx");
  expect(ranges.statusCode).toBe(400);
  expect(ranges.json().message).toBe(
    'ranges.xlsx cannot be read. Its sheet "Statement" has 12,000 merged ranges; at most 10,000 are read. Unmerge the cells and upload it again.',
  );
});

test("a GSTR-2B workbook full of merged cells is refused with the reason, and nothing is imported", async () => {
  const sheet = XLSX.utils.aoa_to_sheet([["Goods and Services Tax - GSTR-2B"], ["B2B"]]);
  sheet["!merges"] = [{ s: { r: 2, c: 0 }, e: { r: 99_000, c: 30 } }];
  sheet["!ref"] = "A1:AE99001";
  const { payload, headers } = buildMultipart({ organisationId: org }, [
    {
      field: "file",
      fileName: "092025_27AAPFU0939F1ZV_GSTR2B.xlsx",
      bytes: workbook(sheet, "B2B"),
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    },
  ]);
  const response = await context.app.inject({
    method: "POST",
    url: "/api/gstr2/import2b",
    payload,
    headers: { ...headers, ...as(owner) },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe(
    '092025_27AAPFU0939F1ZV_GSTR2B.xlsx cannot be read. Its sheet "B2B" has merged cells covering more than 10,00,000 cells. Unmerge the cells and upload it again.',
  );
  const imported = await context.testDatabase.database.db
    .selectFrom("gstr2b_imports")
    .select("id")
    .where("organisation_id", "=", org)
    .execute();
  expect(imported).toHaveLength(0);
});
