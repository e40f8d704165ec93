import { addDays, endOfMonth, financialYearOf, formatDateDisplay, todayCivil } from "@bahi/domain";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  GST_PARTIES,
  KARNATAKA_GSTIN,
  MAHARASHTRA_GSTIN,
  salesDocumentPayload,
  setUpGstRegisteredBook,
} from "../../../test/books.ts";
import { type Person, requestAs } from "../../../test/people.ts";
import { readOutboxMail, type TestContext } from "../../../test/test-app.ts";
import { changesOf, readTodaysTrail } from "../../../test/trail.ts";
import { OUTWARD_TYPES } from "../return-facts/return-facts.service.ts";
import { buildReturnFile, readReturnBook } from "./gst-returns.service.ts";

// Issue 19: GSTR-1 and IFF from the books, entered through the API, read back section by section.

const ORG_GSTIN = MAHARASHTRA_GSTIN;
const CUSTOMER_GSTIN = KARNATAKA_GSTIN;
const YEAR = "2024-25";
const SEPTEMBER = { startDate: "2024-09-01", endDate: "2024-09-30" };

let context: TestContext;
let owner: Person;
let stranger: Person;
let salesOnly: Person;
let viewer: Person;
let org: string;
const ids = {} as Record<
  | "registered"
  | "walkIn"
  | "overseas"
  | "item"
  | "b2b"
  | "b2cs"
  | "deleted"
  | "b2cl"
  | "exp"
  | "cdnr",
  string
>;

type Input = Omit<Parameters<typeof salesDocumentPayload>[0], "organisationId" | "year">;

const documentPayload = (input: Input) =>
  salesDocumentPayload({ organisationId: org, year: YEAR, ...input });

async function add(family: string, payload: Record<string, unknown>) {
  const response = await requestAs(context, owner, {
    method: "POST",
    url: `/api/${family}/add`,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entryId as string;
}

function query(params: Record<string, string | number | boolean>) {
  return new URLSearchParams(
    Object.entries({ organisationId: org, year: YEAR, ...params }).map(([k, v]) => [k, String(v)]),
  ).toString();
}

function get(person: Person, path: string, params: Record<string, string | number | boolean>) {
  return requestAs(context, person, { method: "GET", url: `/api/${path}?${query(params)}` });
}

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Mumbai Computers" },
    accounts: {
      registered: GST_PARTIES.bengaluruCustomer,
      walkIn: GST_PARTIES.walkIn,
      overseas: GST_PARTIES.dubaiCustomer,
    },
    items: { item: { name: "Laptop" } },
  });
  ({ context, owner, stranger, accountant: salesOnly, viewer, organisationId: org } = book);
  Object.assign(ids, book.accounts, book.items);

  ids.b2b = await add(
    "salesinvoice",
    documentPayload({
      date: "2024-09-05",
      party: ids.registered,
      gstin: CUSTOMER_GSTIN,
      pos: "29",
      lines: [{ itemId: ids.item, quantity: 2, rate: 1000, gstRate: 18 }],
      extra: { invoiceNumber: "INV-1" },
    }),
  );
  ids.b2cs = await add(
    "salesinvoice",
    documentPayload({
      date: "2024-09-06",
      party: ids.walkIn,
      pos: "27",
      lines: [{ itemId: ids.item, quantity: 1, rate: 500, gstRate: 5, hsnCode: "1006" }],
      extra: { invoiceNumber: "INV-2" },
    }),
  );
  ids.deleted = await add(
    "salesinvoice",
    documentPayload({
      date: "2024-09-07",
      party: ids.walkIn,
      pos: "27",
      lines: [{ itemId: ids.item, quantity: 1, rate: 100, gstRate: 18 }],
      extra: { invoiceNumber: "INV-3" },
    }),
  );
  const removed = await requestAs(context, owner, {
    method: "DELETE",
    url: `/api/salesinvoice/delete?organisationId=${org}&entryIds[]=${ids.deleted}`,
  });
  expect(removed.statusCode, removed.body).toBe(200);
  ids.b2cl = await add(
    "salesinvoice",
    documentPayload({
      date: "2024-09-08",
      party: ids.walkIn,
      pos: "29",
      lines: [{ itemId: ids.item, quantity: 1, rate: 100_000, gstRate: 18 }],
      extra: { invoiceNumber: "INV-4" },
    }),
  );
  ids.exp = await add(
    "salesinvoice",
    documentPayload({
      date: "2024-09-09",
      party: ids.overseas,
      pos: "96",
      exportOrSez: "exportWithoutPayment",
      lines: [{ itemId: ids.item, quantity: 3, rate: 2000, gstRate: 18 }],
      extra: {
        invoiceNumber: "EXP/1",
        portCode: "INNSA1",
        shippingBillNumber: "1234567",
        shippingBillDate: "2024-09-10",
      },
    }),
  );
  ids.cdnr = await add(
    "creditnote",
    documentPayload({
      date: "2024-09-20",
      party: ids.registered,
      gstin: CUSTOMER_GSTIN,
      pos: "29",
      lines: [{ itemId: ids.item, quantity: 1, rate: 1000, gstRate: 18 }],
      extra: { invoiceNumber: "CN-1", billWiseEntries: [{ entryId: ids.b2b, amount: 1180 }] },
    }),
  );
});
afterAll(() => context.close());

describe("counts", () => {
  test("every section's count and totals; no warnings on clean books", async () => {
    const response = await get(owner, "gstr1/gstr1B2BCount", SEPTEMBER);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.fp).toBe("092024");
    const byType = Object.fromEntries(
      body.sections.map((section: { type: string }) => [section.type, section]),
    );
    expect(byType.b2b).toMatchObject({ count: 1, taxableValue: 2000, igst: 360, value: 2360 });
    expect(byType.b2cl).toMatchObject({ count: 1, taxableValue: 100000, igst: 18000 });
    expect(byType.b2cs).toMatchObject({ count: 1, taxableValue: 500, cgst: 12.5, sgst: 12.5 });
    expect(byType.exp).toMatchObject({ count: 1, taxableValue: 6000, igst: 0 });
    expect(byType.cdnr).toMatchObject({ count: 1, taxableValue: -1000, igst: -180 });
    expect(byType.doc_issue.count).toBe(3);
    expect(body.warnings).toEqual([]);
    expect(body.errorsCount).toBe(0);
    expect(body.filing).toBeNull();
  });
});

describe("transactions", () => {
  test("a section's rows link to their vouchers, paged, with totals", async () => {
    const response = await get(owner, "gstr1/gstr1transactions", {
      ...SEPTEMBER,
      type: "b2b",
      skip: 0,
      limit: 10,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.count).toBe(1);
    expect(body.transactions).toEqual([
      expect.objectContaining({
        entryId: ids.b2b,
        transactionType: "salesInvoice",
        number: "INV-1",
        gstin: CUSTOMER_GSTIN,
        pos: "29",
        invoiceType: "R",
        value: 2360,
        taxableValue: 2000,
        igst: 360,
      }),
    ]);
    const docs = await get(owner, "gstr1/gstr1transactions", { ...SEPTEMBER, type: "doc_issue" });
    expect(docs.json().transactions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          series: "INV-",
          from: "INV-1",
          to: "INV-4",
          total: 4,
          cancelled: 1,
          netIssued: 3,
        }),
      ]),
    );
  });

  test("bad input is a 400 with a clear message", async () => {
    const badType = await get(owner, "gstr1/gstr1transactions", { ...SEPTEMBER, type: "b2x" });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/Type must be one of/);
    const badPeriod = await get(owner, "gstr1/gstr1B2BCount", {
      startDate: "2024-09-05",
      endDate: "2024-09-30",
    });
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json().message).toMatch(/one whole month/);
    const monthlyQuarter = await get(owner, "gstr1/gstr1B2BCount", {
      startDate: "2024-07-01",
      endDate: "2024-09-30",
    });
    expect(monthlyQuarter.statusCode).toBe(400);
    expect(monthlyQuarter.json().message).toMatch(/monthly filer/);
  });
});

describe("the file", () => {
  test("JSON: the portal's shape, read back section by section", async () => {
    const response = await get(owner, "gstr1/gstr1Json", SEPTEMBER);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toContain(`GSTR1_${ORG_GSTIN}_092024.json`);
    const json = JSON.parse(response.body);
    expect(json.gstin).toBe(ORG_GSTIN);
    expect(json.fp).toBe("092024");
    expect(json.b2b).toEqual([
      {
        ctin: CUSTOMER_GSTIN,
        inv: [
          {
            inum: "INV-1",
            idt: "05-09-2024",
            val: 2360,
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            itms: [{ num: 1, itm_det: { rt: 18, txval: 2000, iamt: 360, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(json.b2cl[0].inv[0]).toMatchObject({ inum: "INV-4", val: 118000 });
    expect(json.b2cs).toEqual([
      {
        sply_ty: "INTRA",
        pos: "27",
        typ: "OE",
        rt: 5,
        txval: 500,
        camt: 12.5,
        samt: 12.5,
        csamt: 0,
      },
    ]);
    expect(json.exp).toEqual([
      {
        exp_typ: "WOPAY",
        inv: [
          {
            inum: "EXP/1",
            idt: "09-09-2024",
            val: 6000,
            sbpcode: "INNSA1",
            sbnum: "1234567",
            sbdt: "10-09-2024",
            itms: [{ txval: 6000, rt: 18, iamt: 0, csamt: 0 }],
          },
        ],
      },
    ]);
    expect(json.cdnr[0].nt[0]).toMatchObject({ ntty: "C", nt_num: "CN-1", val: 1180 });
    // HSN 8471: 2 + 1 + 3 sold, 1 returned; value 2000 + 100000 + 6000 − 1000.
    expect(json.hsn.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          hsn_sc: "8471",
          uqc: "NOS",
          qty: 5,
          rt: 18,
          txval: 107000,
          iamt: 18180,
        }),
        expect.objectContaining({ hsn_sc: "1006", qty: 1, rt: 5, txval: 500, camt: 12.5 }),
      ]),
    );
    expect(json.doc_issue.doc_det.map((d: { doc_num: number }) => d.doc_num)).toEqual([1, 5]);
  });

  test("Excel: the offline tool's sheets and headings", async () => {
    const response = await get(owner, "gstr1/gstr1Json", { ...SEPTEMBER, format: "excel" });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "b2b",
      "b2cl",
      "b2cs",
      "exp",
      "cdnr",
      "cdnur",
      "exemp",
      "hsn",
      "docs",
    ]);
    const b2b = workbook.getWorksheet("b2b");
    expect(b2b?.getRow(1).getCell(1).value).toBe("GSTIN/UIN of Recipient");
    expect(b2b?.getRow(2).values).toEqual([
      undefined,
      CUSTOMER_GSTIN,
      "Bengaluru Systems",
      "INV-1",
      "05-Sep-2024",
      2360,
      "29-Karnataka",
      "N",
      // The template's optional columns are left blank.
      undefined,
      "Regular B2B",
      undefined,
      18,
      2000,
      0,
    ]);
  });

  test("email: queued through the outbox with the file attached", async () => {
    // A GET never sends (issue 37): the cross-site page's link is refused, nothing queued.
    const viaGet = await get(owner, "gstr1/gstr1Json", {
      ...SEPTEMBER,
      isEmail: true,
      email: "ca@example.com",
    });
    expect(viaGet.statusCode).toBe(405);
    expect(viaGet.json().message).toContain("POST /api/gstr1/gstr1Json");
    expect((await readOutboxMail(context)).some((m) => m.includes("To: ca@example.com"))).toBe(
      false,
    );
    const response = await requestAs(context, owner, {
      method: "POST",
      url: "/api/gstr1/gstr1Json",
      payload: {
        organisationId: org,
        year: YEAR,
        ...SEPTEMBER,
        email: "ca@example.com",
        subject: "GSTR-1 September",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = (await readOutboxMail(context)).find((m) => m.includes("To: ca@example.com"));
    expect(mail).toContain("Subject: GSTR-1 September");
    expect(mail).toContain(`GSTR1_${ORG_GSTIN}_092024.json`);
    // The attachment part: its headers, a blank line, the base64 body up to the closing boundary.
    const part = mail?.split(`GSTR1_${ORG_GSTIN}_092024.json`).at(-1) ?? "";
    const base64 = part.split(/\r?\n\r?\n/)[1]?.split("--")[0] ?? "";
    const attached = JSON.parse(Buffer.from(base64.replace(/\s/g, ""), "base64").toString());
    expect(attached.b2b[0].ctin).toBe(CUSTOMER_GSTIN);
    const noAddress = await requestAs(context, owner, {
      method: "POST",
      url: "/api/gstr1/gstr1Json",
      payload: { organisationId: org, year: YEAR, ...SEPTEMBER },
    });
    expect(noAddress.statusCode).toBe(400);
  });

  test("refused while an error-level warning stands, naming it", async () => {
    const bad = await add(
      "salesinvoice",
      documentPayload({
        date: "2024-10-03",
        party: ids.registered,
        gstin: CUSTOMER_GSTIN,
        pos: "29",
        lines: [{ itemId: ids.item, quantity: 1, rate: 100, gstRate: 18, hsnCode: "84" }],
        extra: { invoiceNumber: "INV 5 WITH SPACES" },
      }),
    );
    const october = { startDate: "2024-10-01", endDate: "2024-10-31" };
    const counts = (await get(owner, "gstr1/gstr1B2BCount", october)).json();
    expect(
      counts.warnings.map((w: { code: string; entryId: string }) => [w.code, w.entryId]),
    ).toEqual([
      ["INVALID_NUMBER", bad],
      ["HSN_LENGTH", bad],
    ]);
    const file = await get(owner, "gstr1/gstr1Json", october);
    expect(file.statusCode).toBe(400);
    expect(file.json().message).toBe("The return has 2 errors to fix before the file can be made.");
    expect(file.json().errors.map((e: { path: string }) => e.path)).toEqual([bad, bad]);
  });
});

describe("IFF", () => {
  test("only for quarterly filers, months 1–2, with b2b and cdnr only", async () => {
    const monthly = await get(owner, "iff/iffCount", {
      startDate: "2024-08-01",
      endDate: "2024-08-31",
    });
    expect(monthly.statusCode).toBe(400);
    expect(monthly.json().message).toMatch(/quarterly/);
    const saved = await requestAs(context, owner, {
      method: "POST",
      url: "/api/settings/organisation",
      payload: {
        organisationId: org,
        gstFilingFrequency: "quarterly",
        previousYearTurnover: 12345678.5,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = await requestAs(context, owner, {
      method: "GET",
      url: `/api/settings/getorganisationsettings?organisationId=${org}`,
    });
    expect(settings.json().settings).toMatchObject({
      gstFilingFrequency: "quarterly",
      previousYearTurnover: 12345678.5,
    });
    const third = await get(owner, "iff/iffCount", SEPTEMBER);
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toMatch(/first two months/);
    await add(
      "salesinvoice",
      documentPayload({
        date: "2024-08-05",
        party: ids.registered,
        gstin: CUSTOMER_GSTIN,
        pos: "29",
        lines: [{ itemId: ids.item, quantity: 1, rate: 1000, gstRate: 18 }],
        extra: { invoiceNumber: "INV-A1" },
      }),
    );
    await add(
      "salesinvoice",
      documentPayload({
        date: "2024-08-06",
        party: ids.walkIn,
        pos: "27",
        lines: [{ itemId: ids.item, quantity: 1, rate: 1000, gstRate: 18 }],
        extra: { invoiceNumber: "INV-A2" },
      }),
    );
    const august = { startDate: "2024-08-01", endDate: "2024-08-31" };
    const countsResponse = await get(owner, "iff/iffCount", august);
    expect(countsResponse.statusCode, countsResponse.body).toBe(200);
    const counts = countsResponse.json();
    expect(counts.sections.map((s: { type: string; count: number }) => [s.type, s.count])).toEqual([
      ["b2b", 1],
      ["cdnr", 0],
    ]);
    const file = await get(owner, "iff/iffJson", august);
    expect(file.statusCode, file.body).toBe(200);
    const json = JSON.parse(file.body);
    expect(Object.keys(json)).toEqual(["gstin", "fp", "version", "hash", "b2b"]);
    expect(json.fp).toBe("082024");
    const badSettings = await requestAs(context, owner, {
      method: "POST",
      url: "/api/settings/organisation",
      payload: { organisationId: org, gstFilingFrequency: "yearly" },
    });
    expect(badSettings.statusCode).toBe(400);
    expect(badSettings.json().message).toBe("Filing frequency must be monthly or quarterly.");
  });
});

describe("tenant isolation and rights", () => {
  test("another organisation's caller gets nothing", async () => {
    for (const path of [
      "gstr1/gstr1B2BCount",
      "gstr1/gstr1transactions",
      "gstr1/gstr1Json",
      "iff/iffCount",
    ]) {
      const response = await get(stranger, path, { ...SEPTEMBER, type: "b2b" });
      expect(response.statusCode, path).toBe(403);
      expect(response.body).not.toContain("INV-1");
      expect(response.body).not.toContain(CUSTOMER_GSTIN);
    }
    const filed = await requestAs(context, stranger, {
      method: "POST",
      url: "/api/gstr1/markfiled",
      payload: { organisationId: org, year: YEAR, ...SEPTEMBER },
    });
    expect(filed.statusCode).toBe(403);
  });

  test("reading needs the view right on every sales-side type; filing needs lock rights", async () => {
    const partial = await get(salesOnly, "gstr1/gstr1B2BCount", SEPTEMBER);
    expect(partial.statusCode).toBe(403);
    const viewed = await get(viewer, "gstr1/gstr1B2BCount", SEPTEMBER);
    expect(viewed.statusCode, viewed.body).toBe(200);
    const filed = await requestAs(context, viewer, {
      method: "POST",
      url: "/api/gstr1/markfiled",
      payload: { organisationId: org, year: YEAR, ...SEPTEMBER },
    });
    expect(filed.statusCode).toBe(403);
  });

  test("mailing the file needs the send right: a viewer is refused, nothing queued (issue 37)", async () => {
    const mailed = await requestAs(context, viewer, {
      method: "POST",
      url: "/api/gstr1/gstr1Json",
      payload: { organisationId: org, year: YEAR, ...SEPTEMBER, email: "outsider@example.com" },
    });
    expect(mailed.statusCode).toBe(403);
    expect(
      (await readOutboxMail(context)).some((mail) => mail.includes("outsider@example.com")),
    ).toBe(false);
  });
});

describe("mark as filed", () => {
  test("records the filing, locks sales-side entries, and unlocking asks for a reason kept in the log", async () => {
    const filed = await requestAs(context, owner, {
      method: "POST",
      url: "/api/gstr1/markfiled",
      payload: { organisationId: org, year: YEAR, ...SEPTEMBER, arn: "AA270924000123X" },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    // Issue 39: each month and type the filing locked is in the audit trail, naming the return.
    const lockEntries = (
      await readTodaysTrail(context, owner, org, { entity: "lockPeriod" })
    ).filter((entry) => entry.entityId.startsWith("2024-09:"));
    expect(lockEntries.map((entry) => entry.entityId).sort()).toEqual(
      OUTWARD_TYPES.map((type) => `2024-09:${type}`).sort(),
    );
    const salesLock = lockEntries.find((entry) => entry.entityId === "2024-09:salesInvoice");
    expect(salesLock).toMatchObject({ userId: owner.userId, action: "edited" });
    expect(changesOf(salesLock)).toEqual({
      locked: [false, true],
      reason: [null, "GSTR-1 092024 marked as filed"],
    });
    const again = await requestAs(context, owner, {
      method: "POST",
      url: "/api/gstr1/markfiled",
      payload: { organisationId: org, year: YEAR, ...SEPTEMBER },
    });
    expect(again.statusCode).toBe(400);
    const counts = (await get(owner, "gstr1/gstr1B2BCount", SEPTEMBER)).json();
    expect(counts.filing).toMatchObject({
      arn: "AA270924000123X",
      locked: true,
      changedAfterFiling: [],
    });

    const late = await requestAs(context, owner, {
      method: "POST",
      url: "/api/salesinvoice/add",
      payload: documentPayload({
        date: "2024-09-25",
        party: ids.walkIn,
        pos: "27",
        lines: [{ itemId: ids.item, quantity: 1, rate: 10, gstRate: 18 }],
      }),
    });
    expect(late.statusCode).toBe(423);
    const locks = await requestAs(context, owner, {
      method: "GET",
      url: `/api/settings/getLockPeriod?organisationId=${org}&year=${YEAR}`,
    });
    const body = locks.json();
    expect(body.filings).toEqual([expect.objectContaining({ returnKind: "gstr1", fp: "092024" })]);
    expect(
      body.lockPeriods
        .filter(
          (row: { monthKey: string; locked: boolean }) => row.monthKey === "2024-09" && row.locked,
        )
        .map((row: { transactionType: string }) => row.transactionType)
        .sort(),
    ).toEqual(["creditNote", "salesDebitNote", "salesInvoice"]);

    const noReason = await requestAs(context, owner, {
      method: "POST",
      url: "/api/settings/lockPeriod",
      payload: {
        organisationId: org,
        year: YEAR,
        month: 9,
        transactionType: "salesInvoice",
        locked: false,
      },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/Give a reason/);
    const withReason = await requestAs(context, owner, {
      method: "POST",
      url: "/api/settings/lockPeriod",
      payload: {
        organisationId: org,
        year: YEAR,
        month: 9,
        transactionType: "salesInvoice",
        locked: false,
        reason: "Amending INV-1 in GSTR-1A",
      },
    });
    expect(withReason.statusCode, withReason.body).toBe(200);
    // Issue 40: the screen's notice no longer says the period is locked once a lock is lifted.
    expect((await get(owner, "gstr1/gstr1B2BCount", SEPTEMBER)).json().filing).toMatchObject({
      arn: "AA270924000123X",
      locked: false,
    });
    const logs = await context.testDatabase.database.db
      .selectFrom("audit_logs")
      .select("summary")
      .where("organisation_id", "=", org)
      .where("entity_type", "=", "lockPeriod")
      .execute();
    expect(logs.map((log) => log.summary).join("\n")).toContain(
      "after filing GSTR-1 092024. Reason: Amending INV-1 in GSTR-1A",
    );

    // The filed invoice edited now goes to b2ba of the month it changed in, with its original
    // number and date.
    const beforeEdit = await requestAs(context, owner, {
      method: "GET",
      url: `/api/salesinvoice/getsingleentrydetails?organisationId=${org}&entryId=${ids.b2b}`,
    });
    expect(beforeEdit.statusCode, beforeEdit.body).toBe(200);
    const edited = await requestAs(context, owner, {
      method: "PUT",
      url: "/api/salesinvoice/edit",
      payload: {
        ...documentPayload({
          date: "2024-09-05",
          party: ids.registered,
          gstin: CUSTOMER_GSTIN,
          pos: "29",
          lines: [{ itemId: ids.item, quantity: 3, rate: 1000, gstRate: 18 }],
          extra: { invoiceNumber: "INV-1" },
        }),
        entryId: ids.b2b,
        version: beforeEdit.json().entry.version,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Issue 40: the filed period's own screen flags the invoice as changed after filing.
    const flagged = (await get(owner, "gstr1/gstr1B2BCount", SEPTEMBER)).json().filing;
    expect(flagged.changedAfterFiling).toEqual([
      expect.objectContaining({
        entryId: ids.b2b,
        transactionType: "salesInvoice",
        number: "INV-1",
        date: "2024-09-05",
        deleted: false,
      }),
    ]);
    expect(flagged.changedAfterFiling[0].changedAt > flagged.filedAt).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const thisMonth = {
      year: financialYearOf(today),
      startDate: `${today.slice(0, 7)}-01`,
      endDate: endOfMonth(today),
    };
    const current = (await get(owner, "gstr1/gstr1B2BCount", thisMonth)).json();
    expect(
      current.sections.find((section: { type: string }) => section.type === "b2ba"),
    ).toMatchObject({ count: 1, taxableValue: 3000, igst: 540 });
    const rows = (
      await get(owner, "gstr1/gstr1transactions", { ...thisMonth, type: "b2ba" })
    ).json();
    expect(rows.transactions).toEqual([
      expect.objectContaining({
        entryId: ids.b2b,
        number: "INV-1",
        originalNumber: "INV-1",
        originalDate: "2024-09-05",
        value: 3540,
      }),
    ]);
    const fileText = (await get(owner, "gstr1/gstr1Json", thisMonth)).body;
    // Built a page at a time (decision 059), the file with amendments is the whole book's, byte for byte.
    const caller = { kind: "user" as const, userId: owner.userId, sessionId: "file" };
    const whole = await readReturnBook(context.testDatabase.database.db, caller, "gstr1", {
      organisationId: org,
      ...thisMonth,
    });
    expect(fileText).toBe(JSON.stringify(buildReturnFile(whole)));
    const file = JSON.parse(fileText);
    expect(file.b2ba).toEqual([
      {
        ctin: CUSTOMER_GSTIN,
        inv: [
          {
            oinum: "INV-1",
            oidt: "05-09-2024",
            inum: "INV-1",
            idt: "05-09-2024",
            val: 3540,
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            itms: [{ num: 1, itm_det: { rt: 18, txval: 3000, iamt: 540, csamt: 0 } }],
          },
        ],
      },
    ]);
    // Nothing of this month itself: only the amendment.
    expect(file.b2b).toBeUndefined();
  });
});

describe("a period still running cannot be marked as filed (issue 40)", () => {
  test("GSTR-1 and GSTR-3B of the current month are refused with the day filing opens; nothing is locked", async () => {
    const today = todayCivil();
    const thisMonth = {
      organisationId: org,
      year: financialYearOf(today),
      startDate: `${today.slice(0, 7)}-01`,
      endDate: endOfMonth(today),
    };
    const opens = formatDateDisplay(addDays(thisMonth.endDate, 1));
    for (const [path, title] of [
      ["gstr1/markfiled", "GSTR-1"],
      ["gstr3b/markfiled", "GSTR-3B"],
    ] as const) {
      const refused = await requestAs(context, owner, {
        method: "POST",
        url: `/api/${path}`,
        payload: thisMonth,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(
        `${title} for this period can be marked as filed from ${opens}, after the period ends.`,
      );
    }
    const filings = await context.testDatabase.database.db
      .selectFrom("gst_return_filings")
      .select("fp")
      .where("organisation_id", "=", org)
      .where("start_date", "=", thisMonth.startDate)
      .execute();
    expect(filings).toEqual([]);
  });
});

describe("B2CS over the API: several lines and rates per document, credit notes netted in (issue 35)", () => {
  // November: October holds another test's invoice with errors.
  const NOVEMBER = { startDate: "2024-11-01", endDate: "2024-11-30" };

  beforeAll(async () => {
    // Intra-state to a consumer: two lines at 18 % and one at 5 % in one invoice.
    await add(
      "salesinvoice",
      documentPayload({
        date: "2024-11-03",
        party: ids.walkIn,
        pos: "27",
        lines: [
          { itemId: ids.item, quantity: 2, rate: 1000, gstRate: 18 },
          { itemId: ids.item, quantity: 1, rate: 250, gstRate: 18 },
          { itemId: ids.item, quantity: 1, rate: 500, gstRate: 5, hsnCode: "1006" },
        ],
        extra: { invoiceNumber: "B2CS-1" },
      }),
    );
    // Inter-state to a consumer in Karnataka, below the B2CL limit: 12 % and 18 %.
    const karnataka = await add(
      "salesinvoice",
      documentPayload({
        date: "2024-11-04",
        party: ids.walkIn,
        pos: "29",
        lines: [
          { itemId: ids.item, quantity: 1, rate: 1000, gstRate: 12 },
          { itemId: ids.item, quantity: 3, rate: 1000, gstRate: 18 },
        ],
        extra: { invoiceNumber: "B2CS-2" },
      }),
    );
    // Credit notes to consumers: intra-state at 18 %, and inter-state against B2CS-2.
    await add(
      "creditnote",
      documentPayload({
        date: "2024-11-10",
        party: ids.walkIn,
        pos: "27",
        lines: [{ itemId: ids.item, quantity: 1, rate: 200, gstRate: 18 }],
        extra: { invoiceNumber: "CN-B2CS-1" },
      }),
    );
    await add(
      "creditnote",
      documentPayload({
        date: "2024-11-11",
        party: ids.walkIn,
        pos: "29",
        lines: [{ itemId: ids.item, quantity: 1, rate: 500, gstRate: 18 }],
        extra: {
          invoiceNumber: "CN-B2CS-2",
          billWiseEntries: [{ entryId: karnataka, amount: 590 }],
        },
      }),
    );
  });

  test("one row per supply type, place and rate, the notes taken off; the counts agree", async () => {
    const file = await get(owner, "gstr1/gstr1Json", NOVEMBER);
    expect(file.statusCode, file.body).toBe(200);
    const json = JSON.parse(file.body);
    expect(json.b2cs).toEqual([
      { sply_ty: "INTER", pos: "29", typ: "OE", rt: 12, txval: 1000, iamt: 120, csamt: 0 },
      { sply_ty: "INTER", pos: "29", typ: "OE", rt: 18, txval: 2500, iamt: 450, csamt: 0 },
      {
        sply_ty: "INTRA",
        pos: "27",
        typ: "OE",
        rt: 5,
        txval: 500,
        camt: 12.5,
        samt: 12.5,
        csamt: 0,
      },
      {
        sply_ty: "INTRA",
        pos: "27",
        typ: "OE",
        rt: 18,
        txval: 2050,
        camt: 184.5,
        samt: 184.5,
        csamt: 0,
      },
    ]);
    // Notes to consumers below the limit go nowhere else.
    expect(json.cdnur).toBeUndefined();
    expect(json.b2cl).toBeUndefined();

    const counts = (await get(owner, "gstr1/gstr1B2BCount", NOVEMBER)).json();
    const b2cs = counts.sections.find((section: { type: string }) => section.type === "b2cs");
    expect(b2cs).toMatchObject({
      count: 4,
      taxableValue: 6050,
      igst: 570,
      cgst: 197,
      sgst: 197,
      cess: 0,
    });
    expect(counts.warnings).toEqual([]);
  });
});
