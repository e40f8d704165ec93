import { type SampleSheet, sampleGstr2b, sampleGstr2bWorkbook } from "@bahi/domain";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { KARNATAKA_GSTIN, MAHARASHTRA_GSTIN, setUpGstRegisteredBook } from "../../../test/books.ts";
import { buildMultipart } from "../../../test/multipart.ts";
import { createOrganisation, type Person, requestAs } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";
import { matchedItcForPeriod } from "./gstr2.service.ts";

// Issue 20: the purchase register, a GSTR-2B file imported and matched against bills entered
// through the API, links made and undone, the file imported again.

const ORG_GSTIN = MAHARASHTRA_GSTIN;
const BENGALURU = KARNATAKA_GSTIN;
const PUNE = "27AADCB2230M1ZT";
const YEAR = "2024-25";
const SEPTEMBER = { startDate: "2024-09-01", endDate: "2024-09-30" };

let context: TestContext;
let owner: Person;
let stranger: Person;
let viewer: Person;
let salesOnly: Person;
let org: string;
let strangerOrg: string;
const ids = {} as Record<
  "bengaluru" | "pune" | "overseas" | "local" | "item" | "b1" | "b2" | "b3" | "dn" | "boe" | "cash",
  string
>;

async function add(family: string, payload: Record<string, unknown>) {
  const response = await requestAs(context, owner, {
    method: "POST",
    url: `/api/${family}/add`,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entryId as string;
}

function bill(input: {
  date: string;
  party: string;
  number: string;
  rate: number;
  gstin?: string;
  extra?: Record<string, unknown>;
}) {
  return {
    organisationId: org,
    year: YEAR,
    date: input.date,
    invoiceNumber: input.number,
    cashOrDebtorAccountId: input.party,
    ...(input.gstin ? { gstin: input.gstin } : {}),
    itemDetails: [
      {
        itemId: ids.item,
        hsnCode: "8471",
        uom: "NOS",
        quantity: 1,
        rate: input.rate,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: input.rate,
      },
    ],
    accountDetails: [],
    ...input.extra,
  };
}

function query(params: Record<string, string | number>, organisationId = org) {
  return new URLSearchParams(
    Object.entries({ organisationId, year: YEAR, ...params }).map(([k, v]) => [k, String(v)]),
  ).toString();
}

function get(person: Person, path: string, params: Record<string, string | number>) {
  return requestAs(context, person, { method: "GET", url: `/api/gstr2/${path}?${query(params)}` });
}

function upload(
  person: Person,
  content: string | Buffer,
  fileName = "returns_R2B_092024.json",
  organisationId = org,
) {
  const contentType = fileName.endsWith(".xlsx")
    ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    : "application/json";
  const { payload, headers } = buildMultipart({ organisationId }, [
    { field: "file", fileName, bytes: content, contentType },
  ]);
  return requestAs(context, person, {
    method: "POST",
    url: "/api/gstr2/import2b",
    payload,
    headers,
  });
}

/**
 * The sample sheets written as the portal's .xlsx with exceljs: merged heading groups, and the
 * bill of entry's date as a date cell (the rest as the portal's text).
 */
async function buildWorkbook(sheets: readonly SampleSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sample of sheets) {
    const sheet = workbook.addWorksheet(sample.name);
    sample.rows.forEach((row, index) => {
      const cells = row.map((cell, column) => {
        if (sample.name === "IMPG" && column === 3 && index >= 6 && typeof cell === "string") {
          const [day, month, year] = cell.split("/").map(Number);
          return new Date(Date.UTC(year as number, (month as number) - 1, day as number));
        }
        return cell;
      });
      const added = sheet.getRow(index + 1);
      added.values = cells;
      if (sample.name === "IMPG" && index >= 6) added.getCell(4).numFmt = "dd-mm-yyyy";
    });
    for (const [r1, c1, r2, c2] of sample.merges) sheet.mergeCells(r1, c1, r2, c2);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function post(person: Person, action: string, body: Record<string, string>) {
  return requestAs(context, person, {
    method: "POST",
    url: `/api/gstr2/reconciliation/${action}`,
    payload: { organisationId: org, ...body },
  });
}

type Row = {
  status: string;
  entryId: string | null;
  documentId: string | null;
  differences: string[];
  suggestedBy: string | null;
  linkKind: string | null;
  document: { number: string } | null;
};

async function reconciliation(params: Record<string, string> = {}) {
  const response = await get(owner, "reconciliation", { ...SEPTEMBER, ...params });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    rows: Row[];
    count: number;
    totals: {
      status: string;
      count: number;
      books: Record<string, number>;
      gstr2b: Record<string, number>;
    }[];
    matchedItc: Record<string, number>;
    imports: { returnPeriod: string; documentCount: number }[];
  };
}

const statusOf = (rows: Row[], key: { entryId?: string; number?: string }) =>
  rows.find((row) =>
    key.entryId ? row.entryId === key.entryId : row.document?.number === key.number,
  );

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Mumbai Computers" },
    strangerOrganisation: {
      name: "Stranger Co",
      gstRegistered: true,
      gstin: BENGALURU,
      gstRegType: "regular",
    },
    accountantRights: [
      { transactionType: "salesInvoice", view: true, add: true, edit: true, delete: false },
    ],
    accounts: {
      bengaluru: {
        name: "Bengaluru Systems",
        nature: "Creditors",
        gstin: BENGALURU,
        stateCode: "29",
      },
      pune: { name: "Pune Traders", nature: "Creditors", gstin: PUNE, stateCode: "27" },
      overseas: { name: "Shenzhen Parts", nature: "Creditors" },
      local: { name: "Corner Shop", nature: "Creditors", stateCode: "27" },
    },
    items: { item: { name: "Laptop" } },
  });
  ({
    context,
    owner,
    stranger,
    viewer,
    accountant: salesOnly,
    organisationId: org,
    strangerOrganisationId: strangerOrg,
  } = book);
  Object.assign(ids, book.accounts, book.items);

  // Matches 2B's BS/2024-25/0101 exactly: ₹10,000 + IGST ₹1,800.
  ids.b1 = await add(
    "purchases",
    bill({
      date: "2024-09-05",
      party: ids.bengaluru,
      number: "BS/2024-25/0101",
      rate: 10_000,
      gstin: BENGALURU,
    }),
  );
  // 2B says reverse charge: matched with differences.
  ids.b2 = await add(
    "purchases",
    bill({
      date: "2024-09-12",
      party: ids.bengaluru,
      number: "BS-102",
      rate: 5_000,
      gstin: BENGALURU,
    }),
  );
  // Not in 2B.
  ids.b3 = await add(
    "purchases",
    bill({
      date: "2024-09-14",
      party: ids.bengaluru,
      number: "BS-103",
      rate: 2_000,
      gstin: BENGALURU,
    }),
  );
  // Goods returned to Pune Traders; their credit note CN-7 has another number, same amounts.
  ids.dn = await add(
    "debitnote",
    bill({ date: "2024-09-18", party: ids.pune, number: "DN-1", rate: 500, gstin: PUNE }),
  );
  // An import of goods: its bill of entry is 2B's impg 2566691.
  ids.boe = await add(
    "purchases",
    bill({
      date: "2024-09-25",
      party: ids.overseas,
      number: "2566691",
      rate: 50_000,
      extra: { importType: "goods" },
    }),
  );
  // An unregistered supplier: in the register, never expected in 2B.
  ids.cash = await add(
    "purchases",
    bill({ date: "2024-09-20", party: ids.local, number: "C-1", rate: 100 }),
  );
}, 60_000);
afterAll(() => context?.close());

describe("GET /gstr2/gstr2transactions", () => {
  test("every purchase bill and debit note of the period by supplier GSTIN, with taxes and ITC", async () => {
    const response = await get(owner, "gstr2transactions", { ...SEPTEMBER, skip: 0, limit: 50 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.count).toBe(6);
    expect(body.transactions.map((row: { number: string }) => row.number)).toEqual([
      "DN-1",
      "BS/2024-25/0101",
      "BS-102",
      "BS-103",
      "C-1",
      "2566691",
    ]);
    expect(body.transactions[0]).toMatchObject({
      transactionType: "debitNote",
      side: "credit",
      gstin: PUNE,
      taxableValue: 500,
      cgst: 45,
      sgst: 45,
      igst: 0,
      value: 590,
      itcEligibility: "eligible",
    });
    expect(body.transactions[1]).toMatchObject({
      transactionType: "purchases",
      gstin: BENGALURU,
      supplierName: "Bengaluru Systems",
      supplierStateCode: "29",
      taxKind: "inter",
      taxableValue: 10_000,
      igst: 1_800,
      value: 11_800,
      itcEligibility: "eligible",
    });
    expect(body.transactions[5]).toMatchObject({
      importType: "goods",
      igst: 9_000,
      itcEligibility: "importOfGoods",
    });
    expect(body.transactions[4]).toMatchObject({ gstin: null, cgst: 9, sgst: 9 });
    // Debit notes lower the totals: 10,000 + 5,000 + 2,000 + 50,000 + 100 − 500 taxable.
    expect(body.totals).toEqual({
      value: 78_588,
      taxableValue: 66_600,
      igst: 12_060,
      cgst: -36,
      sgst: -36,
      cess: 0,
    });
    expect(body.itc).toEqual({ igst: 12_060, cgst: -36, sgst: -36, cess: 0 });
  });

  test("search and paging", async () => {
    const found = await get(owner, "gstr2transactions", {
      ...SEPTEMBER,
      skip: 0,
      limit: 50,
      search: "pune",
    });
    expect(found.json().transactions.map((row: { number: string }) => row.number)).toEqual([
      "DN-1",
    ]);
    const page = await get(owner, "gstr2transactions", { ...SEPTEMBER, skip: 1, limit: 2 });
    expect(page.json()).toMatchObject({ count: 6 });
    expect(page.json().transactions.map((row: { number: string }) => row.number)).toEqual([
      "BS/2024-25/0101",
      "BS-102",
    ]);
  });

  test("format=excel: the register as .xlsx, read back", async () => {
    const response = await get(owner, "gstr2transactions", {
      ...SEPTEMBER,
      skip: 0,
      limit: 10,
      format: "excel",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toContain(".xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const header = values.findIndex((row) => row[0] === "Date");
    expect(values[header]?.slice(0, 5)).toEqual(["Date", "Bill No.", "Type", "Supplier", "GSTIN"]);
    const debitNote = values.find((row) => row[1] === "DN-1");
    expect(debitNote?.slice(3, 5)).toEqual(["Pune Traders", PUNE]);
    expect(debitNote?.slice(8, 14)).toEqual([-500, 0, -45, -45, 0, -590]);
    const total = values.at(-1);
    expect(total).toContain("Total");
    expect(total).toContain(66_600);
  });

  test("a quarter is a period too; half a month is refused", async () => {
    const quarter = await get(owner, "gstr2transactions", {
      startDate: "2024-07-01",
      endDate: "2024-09-30",
      skip: 0,
      limit: 1,
    });
    expect(quarter.json().count).toBe(6);
    const half = await get(owner, "gstr2transactions", {
      startDate: "2024-09-01",
      endDate: "2024-09-15",
      skip: 0,
      limit: 1,
    });
    expect(half.statusCode).toBe(400);
  });
});

describe("POST /gstr2/import2b and the reconciliation", () => {
  const file = JSON.stringify(sampleGstr2b());
  let documentCount = 0;

  test("refuses files that are not this organisation's GSTR-2B JSON, changing nothing", async () => {
    const otherGstin = await upload(owner, JSON.stringify(sampleGstr2b({ gstin: BENGALURU })));
    expect(otherGstin.statusCode).toBe(400);
    expect(otherGstin.json().message).toBe(
      `This GSTR-2B is for GSTIN ${BENGALURU}, not this organisation's ${ORG_GSTIN}.`,
    );
    const notJson = await upload(owner, "{oops");
    expect(notJson.json().message).toContain("could not be read as JSON");
    const wrongName = await upload(owner, file, "returns.txt");
    expect(wrongName.json().message).toBe(
      "Choose the GSTR-2B file downloaded from the GST portal: its JSON (a .json file) or its Excel (a .xlsx file).",
    );
    // A name that says Excel on bytes that are not a workbook.
    const notWorkbook = await upload(owner, file, "092024_27AAPFU0939F1ZV_GSTR2B_14102024.xlsx");
    expect(notWorkbook.statusCode).toBe(400);
    expect(notWorkbook.json().message).toContain("could not be opened as an Excel workbook");
    const otherSheet = await upload(
      owner,
      await buildWorkbook([{ name: "Sheet1", rows: [["Date", "Amount"]], merges: [] }]),
      "092024_27AAPFU0939F1ZV_GSTR2B_14102024.xlsx",
    );
    expect(otherSheet.json().message).toContain("not a GSTR-2B Excel file");
    const otherGstinSheets = sampleGstr2bWorkbook().map((sheet) =>
      sheet.name === "Read me"
        ? {
            ...sheet,
            rows: sheet.rows.map((row) => (row[0] === "GSTIN" ? ["GSTIN", null, BENGALURU] : row)),
          }
        : sheet,
    );
    const otherGstinExcel = await upload(
      owner,
      await buildWorkbook(otherGstinSheets),
      "gstr2b.xlsx",
    );
    expect(otherGstinExcel.json().message).toBe(
      `This GSTR-2B is for GSTIN ${BENGALURU}, not this organisation's ${ORG_GSTIN}.`,
    );
    // An Excel that says it unpacks to gigabytes is refused before it is inflated.
    const bomb = await buildWorkbook(sampleGstr2bWorkbook());
    for (let at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; ) {
      bomb.writeUInt32LE(0x7fffffff, at + 24);
      at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4);
    }
    const bombed = await upload(owner, bomb, "092024_27AAPFU0939F1ZV_GSTR2B_14102024.xlsx");
    expect(bombed.statusCode).toBe(400);
    expect(bombed.json().message).toBe(
      "The Excel file unpacks to more than 200 MB; a GSTR-2B of one month is far smaller.",
    );
    // Over 20 MB, whatever the kind: refused at the upload, JSON or Excel alike.
    const huge = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
    for (const name of ["returns_R2B_092024.json", "092024_27AAPFU0939F1ZV_GSTR2B_14102024.xlsx"]) {
      const tooBig = await upload(owner, huge, name);
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().message).toBe(
        "The file is larger than 20 MB; a GSTR-2B of one month is far smaller.",
      );
    }
    const noFile = await requestAs(context, owner, {
      method: "POST",
      url: "/api/gstr2/import2b",
      ...buildMultipart({ organisationId: org }, []),
    });
    expect(noFile.statusCode).toBe(400);
    const notMultipart = await requestAs(context, owner, {
      method: "POST",
      url: "/api/gstr2/import2b",
      payload: { organisationId: org },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect((await reconciliation()).imports).toEqual([]);
  });

  test("a document dated after the books' years (9999) refuses the file, naming it (issue 26)", async () => {
    const outside = (date: string) =>
      `The date "${date}" is outside the financial years Bahi keeps, 2021-22 to 2029-30 (01-04-2021 to 31-03-2030).`;
    for (const date of ["31-12-9999", "01-04-2030"]) {
      const dated = sampleGstr2b();
      const invoice = dated.data.docdata.b2b[0]?.inv[0] as { dt: string };
      invoice.dt = date;
      const response = await upload(owner, JSON.stringify(dated));
      expect(response.statusCode, response.body).toBe(400);
      const message = `b2b[0].inv[0].dt: ${outside(date)}`;
      expect(response.json().message).toBe(message);
      expect(response.json().errors).toEqual([{ path: "b2b[0].inv[0].dt", message }]);
    }
    const farPeriod = await upload(owner, JSON.stringify(sampleGstr2b({ rtnprd: "129999" })));
    expect(farPeriod.statusCode).toBe(400);
    expect(farPeriod.json().message).toBe(`rtnprd: ${outside("129999")}`);
    expect((await reconciliation()).imports).toEqual([]);
  });

  test("imports the month and matches at once", async () => {
    const response = await upload(owner, file);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    documentCount = body.documentCount;
    expect(body).toMatchObject({
      returnPeriod: "092024",
      documentCount: 6,
      keptLinks: 0,
      warnings: [],
      summary: {
        matched: 2,
        matchedWithDifferences: 1,
        suggested: 1,
        missingIn2b: 1,
        missingInBooks: 2,
      },
    });
  });

  test("each bill and document in its status, with what differs", async () => {
    const { rows, imports, totals, matchedItc } = await reconciliation();
    expect(imports).toMatchObject([{ returnPeriod: "092024", documentCount }]);
    expect(statusOf(rows, { entryId: ids.b1 })).toMatchObject({
      status: "matched",
      linkKind: "auto",
      document: { number: "BS/2024-25/0101" },
    });
    expect(statusOf(rows, { entryId: ids.b2 })).toMatchObject({
      status: "matchedWithDifferences",
      differences: ["reverseCharge"],
    });
    expect(statusOf(rows, { entryId: ids.b3 })).toMatchObject({
      status: "missingIn2b",
      documentId: null,
    });
    expect(statusOf(rows, { entryId: ids.dn })).toMatchObject({
      status: "suggested",
      suggestedBy: "amountAndDate",
      document: { number: "CN-7" },
    });
    expect(statusOf(rows, { entryId: ids.boe })).toMatchObject({ status: "matched" });
    expect(statusOf(rows, { number: "BS-90A" })).toMatchObject({
      status: "missingInBooks",
      entryId: null,
    });
    expect(statusOf(rows, { number: "ISD-1" })).toMatchObject({ status: "missingInBooks" });
    // The unregistered supplier's bill is not expected in 2B.
    expect(rows.some((row) => row.entryId === ids.cash)).toBe(false);
    expect(totals.find((total) => total.status === "matched")).toMatchObject({
      count: 2,
      books: { igst: 10_800, cgst: 0, sgst: 0, cess: 0 },
      gstr2b: { igst: 10_800 },
    });
    expect(totals.find((total) => total.status === "missingInBooks")).toMatchObject({
      count: 2,
      gstr2b: { igst: 280 },
    });
    expect(matchedItc).toEqual({ igst: 10_800, cgst: 0, sgst: 0, cess: 0 });
  });

  test("filters by status and supplier", async () => {
    const missing = await reconciliation({ status: "missingInBooks" });
    expect(missing.rows.map((row) => row.document?.number)).toEqual(["ISD-1", "BS-90A"]);
    const pune = await reconciliation({ supplier: "pune" });
    expect(pune.rows.map((row) => row.entryId)).toEqual([ids.dn]);
    const byGstin = await reconciliation({ supplier: BENGALURU.slice(0, 6) });
    expect(byGstin.count).toBe(4);
    // The totals follow the supplier filter.
    expect(byGstin.totals.find((total) => total.status === "suggested")?.count).toBe(0);
    const all = await reconciliation();
    const page = await reconciliation({ skip: "2", limit: "3" });
    expect(page.count).toBe(all.count);
    expect(page.rows.map((row) => row.documentId)).toEqual(
      all.rows.slice(2, 5).map((row) => row.documentId),
    );
  });

  test("accepting the suggestion matches it; matchedItcForPeriod counts it", async () => {
    const cn7 = statusOf((await reconciliation()).rows, { number: "CN-7" }) as Row;
    const accepted = await post(owner, "accept", {
      entryId: ids.dn,
      documentId: cn7.documentId as string,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const rows = (await reconciliation()).rows;
    expect(statusOf(rows, { entryId: ids.dn })).toMatchObject({
      status: "matched",
      linkKind: "accepted",
    });
    const itc = await matchedItcForPeriod(
      context.testDatabase.database.db,
      org,
      SEPTEMBER.startDate,
      SEPTEMBER.endDate,
    );
    // IGST of BS/2024-25/0101 and the import, less the credit note's CGST and SGST (paise).
    expect(itc).toEqual({ igst: 1_080_000, cgst: -4_500, sgst: -4_500, cess: 0 });
  });

  test("linking by hand, refusals, unlinking", async () => {
    const rows = (await reconciliation()).rows;
    const amended = statusOf(rows, { number: "BS-90A" }) as Row;
    const cn7 = statusOf(rows, { number: "CN-7" }) as Row;
    const matchedDoc = statusOf(rows, { entryId: ids.b1 }) as Row;
    const wrongSide = await post(owner, "link", {
      entryId: ids.b3,
      documentId: cn7.documentId as string,
    });
    expect(wrongSide.json().message).toContain("credit note of GSTR-2B links to a debit note");
    const unknown = await post(owner, "link", { entryId: ids.b3, documentId: "nope" });
    expect(unknown.json().message).toBe("The GSTR-2B document was not found.");
    const notBill = await post(owner, "link", {
      entryId: "nope",
      documentId: amended.documentId as string,
    });
    expect(notBill.json().message).toBe("The purchase bill or debit note was not found.");

    const linked = await post(owner, "link", {
      entryId: ids.b3,
      documentId: amended.documentId as string,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const twice = await post(owner, "link", {
      entryId: ids.dn,
      documentId: amended.documentId as string,
    });
    expect(twice.statusCode).toBe(400);
    const taken = await post(owner, "accept", {
      entryId: ids.b3,
      documentId: matchedDoc.documentId as string,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toContain("already linked to GSTR-2B document BS-90A");

    const unlinked = await post(owner, "unlink", {
      entryId: ids.b1,
      documentId: matchedDoc.documentId as string,
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    const notPaired = await post(owner, "unlink", {
      entryId: ids.b1,
      documentId: amended.documentId as string,
    });
    expect(notPaired.json().message).toBe("This bill and document are not paired.");

    const after = (await reconciliation()).rows;
    // BS-103 (₹2,000) against BS-90A (₹1,000): linked, with the amounts that differ.
    expect(statusOf(after, { entryId: ids.b3 })).toMatchObject({
      status: "matchedWithDifferences",
      linkKind: "manual",
      differences: ["taxableValue", "igst"],
    });
    expect(statusOf(after, { entryId: ids.b1 })).toMatchObject({ status: "missingIn2b" });
    expect(statusOf(after, { number: "BS/2024-25/0101" })).toMatchObject({
      status: "missingInBooks",
    });
  });

  test("importing the month again replaces it and keeps the links where documents still match", async () => {
    const changed = sampleGstr2b();
    const b2b = changed.data.docdata.b2b[0];
    if (!b2b) throw new Error("no b2b");
    // BS-102 is now filed without reverse charge; the ISD credit is gone.
    b2b.inv[1] = { ...(b2b.inv[1] as (typeof b2b.inv)[number]), rev: "N", itcavl: "Y", rsn: "" };
    changed.data.docdata.isd = [];
    const response = await upload(owner, JSON.stringify(changed));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ documentCount: 5, keptLinks: 2 });
    const { rows, imports } = await reconciliation();
    expect(imports).toHaveLength(1);
    expect(statusOf(rows, { entryId: ids.dn })).toMatchObject({
      status: "matched",
      linkKind: "accepted",
    });
    expect(statusOf(rows, { entryId: ids.b3 })).toMatchObject({ linkKind: "manual" });
    expect(statusOf(rows, { entryId: ids.b1 })).toMatchObject({ status: "missingIn2b" });
    expect(statusOf(rows, { entryId: ids.b2 })).toMatchObject({
      status: "matched",
      differences: [],
    });
    expect(rows.some((row) => row.document?.number === "ISD-1")).toBe(false);
  });

  test("format=excel: the supplier-wise differences, read back", async () => {
    const response = await get(owner, "reconciliation", { ...SEPTEMBER, format: "excel" });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const header = values.findIndex((row) => row[0] === "Supplier GSTIN");
    const body = values.slice(header + 1);
    expect(body.map((row) => [row[0], row[2], row[4] ?? null, row[6] ?? null])).toEqual([
      [BENGALURU, "Matched with differences", "BS-103", "BS-90A"],
      [BENGALURU, "Missing in 2B", "BS/2024-25/0101", null],
      [BENGALURU, "Missing in books", null, "BS/2024-25/0101"],
    ]);
    expect(body[0]?.[3]).toBe("Taxable value, IGST");
    // Tax difference: 2B ₹180 against books ₹360.
    expect(body[0]?.[12]).toBe(-180);
  });
});

describe("POST /gstr2/import2b: the portal's Excel", () => {
  test("gives the same stored documents and the same matching as its JSON", async () => {
    const stored = async () =>
      (
        await context.testDatabase.database.db
          .selectFrom("gstr2b_documents")
          .selectAll()
          .where("organisation_id", "=", org)
          .where("start_date", "=", SEPTEMBER.startDate)
          .orderBy("section")
          .orderBy("number")
          .execute()
      ).map(({ id: _id, import_id: _import, ...row }) => ({
        ...row,
        // Numeric columns come back as text on some drivers.
        value_paise: Number(row.value_paise),
        taxable_paise: Number(row.taxable_paise),
        igst_paise: Number(row.igst_paise),
        cgst_paise: Number(row.cgst_paise),
        sgst_paise: Number(row.sgst_paise),
        cess_paise: Number(row.cess_paise),
      }));
    const matching = async () =>
      (await reconciliation()).rows
        .map((row) => ({
          status: row.status,
          linkKind: row.linkKind,
          entryId: row.entryId,
          document: row.document?.number ?? null,
          differences: row.differences,
        }))
        .sort((a, b) => `${a.entryId}|${a.document}`.localeCompare(`${b.entryId}|${b.document}`));

    const fromJson = await upload(owner, JSON.stringify(sampleGstr2b()));
    expect(fromJson.statusCode, fromJson.body).toBe(200);
    const jsonDocuments = await stored();
    const jsonMatching = await matching();

    const excel = await upload(
      owner,
      await buildWorkbook(sampleGstr2bWorkbook()),
      "092024_27AAPFU0939F1ZV_GSTR2B_14102024.xlsx",
    );
    expect(excel.statusCode, excel.body).toBe(200);
    expect(excel.json()).toMatchObject({
      returnPeriod: "092024",
      documentCount: 6,
      warnings: [],
      summary: fromJson.json().summary,
    });
    const excelDocuments = await stored();
    // The Excel carries no IMS action; everything else is the JSON's.
    expect(jsonDocuments.find((row) => row.number === "CN-7")?.ims_action).toBe("accepted");
    expect(excelDocuments.every((row) => row.ims_action === null)).toBe(true);
    expect(excelDocuments).toEqual(jsonDocuments.map((row) => ({ ...row, ims_action: null })));
    expect(excelDocuments.find((row) => row.number === "2566691")).toMatchObject({
      date: "2024-09-25",
      port_code: "INNSA1",
      taxable_paise: 5_000_000,
    });
    expect(await matching()).toEqual(jsonMatching);
    const { imports } = await reconciliation();
    expect(imports).toMatchObject([
      { fileName: "092024_27AAPFU0939F1ZV_GSTR2B_14102024.xlsx", documentCount: 6 },
    ]);
  });
});

describe("rights and tenant isolation", () => {
  test("another organisation's id is refused on every route", async () => {
    const params = { ...SEPTEMBER, skip: 0, limit: 10 };
    for (const path of ["gstr2transactions", "reconciliation"]) {
      const response = await requestAs(context, owner, {
        method: "GET",
        url: `/api/gstr2/${path}?${query(params, strangerOrg)}`,
      });
      expect(response.statusCode).toBe(403);
    }
    const imported = await upload(
      owner,
      JSON.stringify(sampleGstr2b({ gstin: BENGALURU })),
      undefined,
      strangerOrg,
    );
    expect(imported.statusCode).toBe(403);
    for (const action of ["link", "unlink", "accept"]) {
      const response = await requestAs(context, owner, {
        method: "POST",
        url: `/api/gstr2/reconciliation/${action}`,
        payload: { organisationId: strangerOrg, entryId: ids.b1, documentId: "x" },
      });
      expect(response.statusCode).toBe(403);
    }
    const peek = await requestAs(context, stranger, {
      method: "GET",
      url: `/api/gstr2/reconciliation?${query(SEPTEMBER)}`,
    });
    expect(peek.statusCode).toBe(403);
  });

  test("a viewer reads but may not import or link; a role without purchase rights reads nothing", async () => {
    expect((await get(viewer, "reconciliation", SEPTEMBER)).statusCode).toBe(200);
    expect((await upload(viewer, JSON.stringify(sampleGstr2b()))).statusCode).toBe(403);
    const link = await post(viewer, "link", { entryId: ids.b1, documentId: "x" });
    expect(link.statusCode).toBe(403);
    expect(
      (await get(salesOnly, "gstr2transactions", { ...SEPTEMBER, skip: 0, limit: 1 })).statusCode,
    ).toBe(403);
    expect((await get(salesOnly, "reconciliation", SEPTEMBER)).statusCode).toBe(403);
  });

  test("an organisation without GST registration is told so", async () => {
    const { organisationId } = await createOrganisation(context, owner.cookies, {
      name: "Unregistered",
    });
    const response = await requestAs(context, owner, {
      method: "GET",
      url: `/api/gstr2/reconciliation?${query(SEPTEMBER, organisationId)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "GST returns are only for GST-registered organisations with a GSTIN.",
    );
  });
});

describe("issue 35: numbers that agree once cleaned, and a credit note that reaches 2B months later", () => {
  const month = (mm: string, last: string) => ({
    startDate: `2024-${mm}-01`,
    endDate: `2024-${mm}-${last}`,
  });
  const twoB = (period: string, docdata: Record<string, unknown>) =>
    JSON.stringify({ data: { gstin: ORG_GSTIN, rtnprd: period, gendt: "14-12-2024", docdata } });
  /** A supplier's credit note of Pune Traders: ₹400 + CGST ₹36 + SGST ₹36. */
  const puneNote = (number: string, date: string) => ({
    ctin: PUNE,
    trdnm: "Pune Traders",
    nt: [
      {
        ntnum: number,
        typ: "C",
        suptyp: "R",
        dt: date,
        val: 472,
        pos: "27",
        rev: "N",
        itcavl: "Y",
        items: [{ num: 1, rt: 18, txval: 400, cgst: 36, sgst: 36 }],
      },
    ],
  });
  const rowsOf = async (period: { startDate: string; endDate: string }) => {
    const response = await get(owner, "reconciliation", period);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { rows: (Row & { bill: { number: string } | null })[] }).rows;
  };
  const imported = async (content: string, name: string) => {
    const response = await upload(owner, content, name);
    expect(response.statusCode, response.body).toBe(200);
  };
  const local: Record<"b88" | "note77" | "note55", string> = {
    b88: "",
    note77: "",
    note55: "",
  };

  beforeAll(async () => {
    // Booked as 88; the supplier reports 0088/2024-25, 22 days later (no amount-and-date pair).
    local.b88 = await add(
      "purchases",
      bill({
        date: "2024-10-03",
        party: ids.bengaluru,
        number: "88",
        rate: 1_000,
        gstin: BENGALURU,
      }),
    );
    // Goods returned in July; the supplier's credit note reaches 2B of November.
    local.note77 = await add(
      "debitnote",
      bill({ date: "2024-07-10", party: ids.pune, number: "CN-0077", rate: 400, gstin: PUNE }),
    );
    // Returned in June and matched in June's 2B: not offered to November's again.
    local.note55 = await add(
      "debitnote",
      bill({ date: "2024-06-12", party: ids.pune, number: "CN-55", rate: 400, gstin: PUNE }),
    );
    await imported(
      twoB("102024", {
        b2b: [
          {
            ctin: BENGALURU,
            trdnm: "Bengaluru Systems",
            inv: [
              {
                inum: "0088/2024-25",
                typ: "R",
                dt: "25-10-2024",
                val: 1180,
                pos: "27",
                rev: "N",
                itcavl: "Y",
                items: [{ num: 1, rt: 18, txval: 1000, igst: 180 }],
              },
            ],
          },
        ],
      }),
      "returns_R2B_102024.json",
    );
    await imported(twoB("062024", { cdnr: [puneNote("CN-55", "12-06-2024")] }), "r2b_062024.json");
    await imported(
      twoB("112024", {
        cdnr: [puneNote("CN/24-25/77", "10-07-2024"), puneNote("CN-55", "12-06-2024")],
      }),
      "r2b_112024.json",
    );
  });

  test("0088/2024-25 in 2B and 88 in the books: suggested by the bill number, not missing twice", async () => {
    const rows = await rowsOf(month("10", "31"));
    expect(rows.filter((row) => row.entryId === local.b88)).toEqual([
      expect.objectContaining({
        status: "suggested",
        suggestedBy: "billNumber",
        linkKind: null,
        differences: [],
        document: expect.objectContaining({ number: "0088/2024-25" }),
      }),
    ]);
    expect(rows.some((row) => row.status.startsWith("missing"))).toBe(false);
  });

  test("November's 2B credit note is suggested with July's debit note; June's own pair is not offered", async () => {
    const rows = await rowsOf(month("11", "30"));
    expect(rows).toHaveLength(2);
    expect(statusOf(rows, { number: "CN/24-25/77" })).toMatchObject({
      status: "suggested",
      suggestedBy: "earlierPeriod",
      entryId: local.note77,
      differences: [],
      bill: { number: "CN-0077" },
    });
    expect(statusOf(rows, { number: "CN-55" })).toMatchObject({
      status: "missingInBooks",
      entryId: null,
    });
    // June: CN-55 matched in its own month; July: the debit note still missing in 2B.
    expect(statusOf(await rowsOf(month("06", "30")), { entryId: local.note55 })).toMatchObject({
      status: "matched",
    });
    expect(statusOf(await rowsOf(month("07", "31")), { entryId: local.note77 })).toMatchObject({
      status: "missingIn2b",
    });
  });

  test("accepted, the pair counts in both months; unlinked, it is not suggested again", async () => {
    const suggestion = statusOf(await rowsOf(month("11", "30")), { number: "CN/24-25/77" }) as Row;
    const pair = { entryId: local.note77, documentId: suggestion.documentId as string };
    expect((await post(owner, "accept", pair)).statusCode).toBe(200);
    expect(statusOf(await rowsOf(month("11", "30")), pair)).toMatchObject({
      status: "matched",
      linkKind: "accepted",
      entryId: local.note77,
    });
    expect(statusOf(await rowsOf(month("07", "31")), pair)).toMatchObject({
      status: "matched",
      document: { number: "CN/24-25/77" },
    });
    expect((await post(owner, "unlink", pair)).statusCode).toBe(200);
    const after = await rowsOf(month("11", "30"));
    expect(statusOf(after, { number: "CN/24-25/77" })).toMatchObject({
      status: "missingInBooks",
      entryId: null,
    });
    expect(statusOf(await rowsOf(month("07", "31")), pair)).toMatchObject({
      status: "missingIn2b",
    });
  });
});
