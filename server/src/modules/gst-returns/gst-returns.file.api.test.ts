import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  GST_PARTIES,
  KARNATAKA_GSTIN,
  type SalesTestLine,
  salesDocumentPayload,
  setUpGstRegisteredBook,
} from "../../../test/books.ts";
import { type Person, requestAs } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";
import { bookWorkbookSource, writeGstr1Workbook } from "./gst-returns.excel.ts";
import { fileStream, readReturnFile, readReturnWorkbook } from "./gst-returns.file.ts";
import { buildReturnFile, readReturnBook } from "./gst-returns.service.ts";

// Decision 059: the GSTR-1 file is built a page of documents at a time, so that a month of tens of
// thousands of invoices does not sit in memory at once. The oracle is the file of the whole book
// (buildReturnFile): the two must be the same bytes, whatever the page size, on a month with every
// section, parties whose invoices straddle pages, notes netted into B2C small, and a deleted
// number. The offline tool's workbook is built the same way; its oracle is the workbook written
// from the whole book, compared cell by cell.

const YEAR = "2025-26";
const MONTH = { startDate: "2025-09-01", endDate: "2025-09-30" };
const GUJARAT_GSTIN = "24AAACC1206D1ZM";

let context: TestContext;
let owner: Person;
let org: string;
const ids = {} as Record<string, string>;

type Line = Omit<SalesTestLine, "itemId">;

async function add(
  family: string,
  input: {
    date: string;
    party: string;
    number: string;
    lines: Line[];
    gstin?: string;
    pos?: string;
    exportOrSez?: string;
    extra?: Record<string, unknown>;
  },
) {
  const response = await requestAs(context, owner, {
    method: "POST",
    url: `/api/${family}/add`,
    payload: salesDocumentPayload({
      organisationId: org,
      year: YEAR,
      date: input.date,
      party: input.party,
      ...(input.gstin ? { gstin: input.gstin } : {}),
      ...(input.pos ? { pos: input.pos } : {}),
      ...(input.exportOrSez ? { exportOrSez: input.exportOrSez } : {}),
      lines: input.lines.map((line) => ({ itemId: ids.item as string, ...line })),
      extra: { invoiceNumber: input.number, ...input.extra },
    }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entryId as string;
}

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Nagpur Traders" },
    accounts: {
      bengaluru: GST_PARTIES.bengaluruCustomer,
      surat: { name: "Surat Mills", nature: "Debtors", gstin: GUJARAT_GSTIN, stateCode: "24" },
      walkIn: GST_PARTIES.walkIn,
      overseas: GST_PARTIES.dubaiCustomer,
    },
    items: { item: { name: "Cotton bales" } },
  });
  ({ context, owner, organisationId: org } = book);
  Object.assign(ids, book.accounts, book.items);
  const bengaluru = { party: ids.bengaluru as string, gstin: KARNATAKA_GSTIN, pos: "29" };
  const surat = { party: ids.surat as string, gstin: GUJARAT_GSTIN, pos: "24" };
  const walkIn = { party: ids.walkIn as string };

  // B2B: two parties' invoices interleaved, so each party's group is joined across pages.
  for (let day = 1; day <= 5; day += 1) {
    const date = `2025-09-0${day}`;
    ids[`b2bBlr${day}`] = await add("salesinvoice", {
      ...bengaluru,
      date,
      number: `INV-${day * 2 - 1}`,
      lines: [
        { quantity: day, rate: 1000, gstRate: 18 },
        { quantity: 2, rate: 125.5, gstRate: 5, hsnCode: "5201" },
      ],
    });
    ids[`b2bSrt${day}`] = await add("salesinvoice", {
      ...surat,
      date,
      number: `INV-${day * 2}`,
      lines: [
        {
          quantity: 1,
          rate: [333.33, 666.66, 999.99, 1333.32, 1666.65][day - 1] as number,
          gstRate: 12,
          hsnCode: "5208",
        },
      ],
    });
  }
  // B2C small at two places and two rates, with a nil-rated line; one of them deleted.
  ids.b2cs1 = await add("salesinvoice", {
    ...walkIn,
    date: "2025-09-10",
    number: "INV-11",
    pos: "27",
    lines: [
      { quantity: 3, rate: 200, gstRate: 5, hsnCode: "5201" },
      { quantity: 1, rate: 99, gstRate: 0, hsnCode: "0701" },
    ],
  });
  ids.b2cs2 = await add("salesinvoice", {
    ...walkIn,
    date: "2025-09-11",
    number: "INV-12",
    pos: "29",
    lines: [{ quantity: 1, rate: 4500, gstRate: 18 }],
  });
  ids.b2cs3 = await add("salesinvoice", {
    ...walkIn,
    date: "2025-09-12",
    number: "INV-13",
    pos: "27",
    lines: [{ quantity: 7, rate: 110, gstRate: 18 }],
  });
  const gone = await add("salesinvoice", {
    ...walkIn,
    date: "2025-09-13",
    number: "INV-14",
    pos: "27",
    lines: [{ quantity: 1, rate: 100, gstRate: 18 }],
  });
  const removed = await requestAs(context, owner, {
    method: "DELETE",
    url: `/api/salesinvoice/delete?organisationId=${org}&entryIds[]=${gone}`,
  });
  expect(removed.statusCode, removed.body).toBe(200);
  // B2C large (inter-state, over ₹1,00,000) and a note against it (cdnur, B2CL).
  ids.b2cl = await add("salesinvoice", {
    ...walkIn,
    date: "2025-09-15",
    number: "INV-15",
    pos: "29",
    lines: [{ quantity: 1, rate: 150_000, gstRate: 18 }],
  });
  await add("creditnote", {
    ...walkIn,
    date: "2025-09-25",
    number: "CN-1",
    pos: "29",
    lines: [{ quantity: 1, rate: 10_000, gstRate: 18 }],
    extra: { billWiseEntries: [{ entryId: ids.b2cl, amount: 11_800 }] },
  });
  await add("creditnote", {
    ...walkIn,
    date: "2025-09-26",
    number: "CN-6",
    pos: "29",
    lines: [{ quantity: 2, rate: 1500, gstRate: 18 }],
    extra: { billWiseEntries: [{ entryId: ids.b2cl, amount: 3540 }] },
  });
  // Exports with and without payment.
  await add("salesinvoice", {
    party: ids.overseas as string,
    date: "2025-09-16",
    number: "EXP/1",
    pos: "96",
    exportOrSez: "exportWithPayment",
    lines: [{ quantity: 2, rate: 2000, gstRate: 18 }],
    extra: { portCode: "INNSA1", shippingBillNumber: "1234567", shippingBillDate: "2025-09-17" },
  });
  await add("salesinvoice", {
    party: ids.overseas as string,
    date: "2025-09-17",
    number: "EXP/2",
    pos: "96",
    exportOrSez: "exportWithoutPayment",
    lines: [{ quantity: 4, rate: 750, gstRate: 18 }],
  });
  // Notes to registered persons (cdnr) of both parties, and one netted into B2C small.
  await add("creditnote", {
    ...bengaluru,
    date: "2025-09-20",
    number: "CN-2",
    lines: [{ quantity: 1, rate: 1000, gstRate: 18 }],
    extra: { billWiseEntries: [{ entryId: ids.b2bBlr1, amount: 1180 }] },
  });
  await add("creditnote", {
    ...surat,
    date: "2025-09-21",
    number: "CN-3",
    lines: [{ quantity: 1, rate: 100, gstRate: 12, hsnCode: "5208" }],
    extra: { billWiseEntries: [{ entryId: ids.b2bSrt2, amount: 112 }] },
  });
  await add("creditnote", {
    ...walkIn,
    date: "2025-09-22",
    number: "CN-4",
    pos: "27",
    lines: [{ quantity: 1, rate: 200, gstRate: 5, hsnCode: "5201" }],
    extra: { billWiseEntries: [{ entryId: ids.b2cs1, amount: 210 }] },
  });
  await add("creditnote", {
    ...bengaluru,
    date: "2025-09-23",
    number: "CN-5",
    lines: [{ quantity: 1, rate: 500, gstRate: 18 }],
    extra: { billWiseEntries: [{ entryId: ids.b2bBlr3, amount: 590 }] },
  });
});
afterAll(() => context.close());

describe("the GSTR-1 file built a page at a time (decision 059)", () => {
  test("is the whole book's file, byte for byte, over HTTP and at any page size", async () => {
    const caller = { kind: "user" as const, userId: owner.userId, sessionId: "file" };
    const query = { organisationId: org, year: YEAR, ...MONTH };
    const db = context.testDatabase.database.db;
    const whole = buildReturnFile(await readReturnBook(db, caller, "gstr1", query));
    // The month has every section the file carries, and B2B groups of several invoices.
    expect(Object.keys(whole)).toEqual([
      "gstin",
      "fp",
      "version",
      "hash",
      "b2b",
      "b2cl",
      "b2cs",
      "exp",
      "cdnr",
      "cdnur",
      "nil",
      "hsn",
      "doc_issue",
    ]);
    const b2b = whole.b2b as { ctin: string; inv: unknown[] }[];
    expect(b2b.map((group) => [group.ctin, group.inv.length])).toEqual([
      [KARNATAKA_GSTIN, 5],
      [GUJARAT_GSTIN, 5],
    ]);
    const expected = JSON.stringify(whole);
    for (const pageSize of [1, 2, 3, 7, 2000]) {
      const { text } = await readReturnFile(db, caller, "gstr1", query, pageSize);
      expect(text, `pages of ${pageSize}`).toBe(expected);
    }
    const search = new URLSearchParams({ organisationId: org, year: YEAR, ...MONTH });
    const download = await requestAs(context, owner, {
      method: "GET",
      url: `/api/gstr1/gstr1Json?${search}`,
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.body).toBe(expected);
  });
});

/** Every sheet of a workbook, by name, as its rows of cell values. */
async function sheetsOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push(row.values as unknown[]);
    });
    return { name: sheet.name, bold: sheet.getRow(1).font?.bold ?? false, rows };
  });
}

async function bytesOf(stream: Readable) {
  return Buffer.concat(await stream.toArray());
}

describe("the offline tool's workbook written a page at a time (decision 059)", () => {
  test("has the whole book's sheets, cell for cell, over HTTP and at any page size", async () => {
    const caller = { kind: "user" as const, userId: owner.userId, sessionId: "workbook" };
    const query = { organisationId: org, year: YEAR, ...MONTH };
    const db = context.testDatabase.database.db;
    const written = new PassThrough();
    const finished = bytesOf(written);
    await writeGstr1Workbook(
      bookWorkbookSource(await readReturnBook(db, caller, "gstr1", query)),
      written,
    );
    const expected = await sheetsOf(await finished);
    // Every sheet the month carries, each with its heading and rows; B2B one row per invoice and
    // rate (ten invoices, some at two rates).
    expect(expected.map((sheet) => sheet.name)).toEqual([
      "b2b",
      "b2cl",
      "b2cs",
      "exp",
      "cdnr",
      "cdnur",
      "exemp",
      "hsn(b2b)",
      "hsn(b2c)",
      "docs",
    ]);
    expect(expected[0]?.rows.length).toBe(16);
    expect(expected.every((sheet) => sheet.bold && sheet.rows.length > 1)).toBe(true);
    for (const pageSize of [1, 2, 3, 2000]) {
      const { content } = await readReturnWorkbook(db, caller, "gstr1", query, pageSize);
      expect(await sheetsOf(await bytesOf(content)), `pages of ${pageSize}`).toEqual(expected);
    }
    const search = new URLSearchParams({ organisationId: org, year: YEAR, ...MONTH });
    const download = await requestAs(context, owner, {
      method: "GET",
      url: `/api/gstr1/gstr1Json?${search}&format=excel`,
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(await sheetsOf(download.rawPayload)).toEqual(expected);
  });
});

describe("the file as a stream (fileStream)", () => {
  test("sends the pieces' bytes in order, in chunks, whatever the characters", async () => {
    // Over 64 KB of pieces, some of them outside ASCII, so that the stream has several chunks.
    const parts = Array.from({ length: 5000 }, (_, index) =>
      index % 3 === 0 ? `,"ಬೆಂಗಳೂರು ${index}"` : `,"Pune ₹${index}"`,
    );
    const expected = parts.join("");
    const chunks = await fileStream([...parts]).toArray();
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(expected);
    expect(await fileStream([]).toArray()).toEqual([]);
  });
});
