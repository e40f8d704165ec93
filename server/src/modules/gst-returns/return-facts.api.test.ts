import {
  buildGstr1Json,
  buildGstr1Sections,
  findGstr1Warnings,
  GSTR1_SECTIONS,
  GSTR3B_TABLES,
  type Gstr1Section,
  type Gstr3bContribution,
  getVoucherDefinition,
  outwardContributions,
  paiseToRupees,
  RETURN_FACTS_VERSION,
  type ReturnDocument,
  toReturnDocument,
  totalSection,
  type VoucherType,
} from "@bahi/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  insertAccount,
  insertItem,
  type SalesTestLine,
  salesDocumentPayload,
} from "../../../test/books.ts";
import { createOrganisation, type Person, requestAs, signUpPerson } from "../../../test/people.ts";
import { createTestApp, type TestContext } from "../../../test/test-app.ts";
import { OUTWARD_TYPES } from "../return-facts/return-facts.service.ts";
import { readReturnFile } from "./gst-returns.file.ts";
import { RETURN_MESSAGES } from "./gst-returns.service.ts";

// Decision 056: GSTR-1's counts, pages and warnings come from facts saved with each outward
// voucher. The oracle is the computation they replaced: every stored document of the period read
// and built by the domain (buildGstr1Sections, findGstr1Warnings), compared after each change.

const ORG_GSTIN = "27AAPFU0939F1ZV";
const CUSTOMER_GSTIN = "29AAGCB7383J1Z4";
const OTHER_GSTIN = "24AAACC1206D1ZM";
const YEAR = "2025-26";
const MONTH = { startDate: "2025-09-01", endDate: "2025-09-30" };

let context: TestContext;
let owner: Person;
let org: string;
const ids = {} as Record<
  | "registered"
  | "other"
  | "walkIn"
  | "overseas"
  | "item"
  | "b2b"
  | "b2b2"
  | "b2cs"
  | "b2cl"
  | "exp"
  | "sez"
  | "badHsn"
  | "gone"
  | "cdnr"
  | "cdnur"
  | "b2csNote",
  string
>;

type Input = Omit<
  Parameters<typeof salesDocumentPayload>[0],
  "organisationId" | "year" | "lines"
> & {
  lines: Omit<SalesTestLine, "itemId">[];
};

/** A sales document of the test's one item, its amounts the server's own computation. */
const payload = (input: Input) =>
  salesDocumentPayload({
    organisationId: org,
    year: YEAR,
    ...input,
    lines: input.lines.map((line) => ({ itemId: ids.item, ...line })),
  });

async function add(family: string, body: Record<string, unknown>) {
  const response = await requestAs(context, owner, {
    method: "POST",
    url: `/api/${family}/add`,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entryId as string;
}

async function edit(family: string, entryId: string, body: Record<string, unknown>) {
  const { version } = await context.testDatabase.database.db
    .selectFrom("vouchers")
    .select("version")
    .where("id", "=", entryId)
    .executeTakeFirstOrThrow();
  const response = await requestAs(context, owner, {
    method: "PUT",
    url: `/api/${family}/edit`,
    payload: { ...body, entryId, version },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function get(path: string, params: Record<string, string | number> = {}) {
  const search = new URLSearchParams(
    Object.entries({ organisationId: org, year: YEAR, ...MONTH, ...params }).map(([k, v]) => [
      k,
      String(v),
    ]),
  );
  const response = await requestAs(context, owner, {
    method: "GET",
    url: `/api/${path}?${search}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The computation decision 056 replaced: every stored document of the month, built whole. */
async function oracle() {
  const db = context.testDatabase.database.db;
  const rows = await db
    .selectFrom("vouchers")
    .select(["id", "type", "date", "number", "party_name", "amount_paise", "document"])
    .where("organisation_id", "=", org)
    .where("type", "in", [...OUTWARD_TYPES])
    .where("date", ">=", MONTH.startDate)
    .where("date", "<=", MONTH.endDate)
    .where("deleted_at", "is", null)
    .orderBy("date")
    .orderBy("number_key")
    .orderBy("id")
    .execute();
  const invoices = new Map(
    (
      await db
        .selectFrom("vouchers")
        .select(["id", "number", "date", "amount_paise"])
        .where("organisation_id", "=", org)
        .execute()
    ).map((row) => [row.id, row]),
  );
  const documents: ReturnDocument[] = rows.map((row) => {
    const document = JSON.parse(row.document) as Record<string, unknown>;
    const facts = getVoucherDefinition(row.type as VoucherType).gstReturn;
    const originals = ((document.billWiseEntries ?? []) as { entryId?: string }[]).flatMap(
      (entry) => {
        const invoice = facts.role === "outwardNote" ? invoices.get(entry.entryId ?? "") : null;
        return invoice
          ? [
              {
                number: invoice.number,
                date: invoice.date,
                totalPaise: Number(invoice.amount_paise),
              },
            ]
          : [];
      },
    );
    return toReturnDocument(
      {
        id: row.id,
        type: row.type,
        date: row.date,
        number: row.number,
        partyName: row.party_name,
        amountPaise: Number(row.amount_paise),
        document,
      },
      {
        role: facts.role as "outwardSupply" | "outwardNote",
        noteType: facts.noteType,
        table13Nature: facts.table13Nature,
      },
      originals,
    );
  });
  const deleted = await db
    .selectFrom("vouchers")
    .select(["type", "number", "date"])
    .where("organisation_id", "=", org)
    .where("type", "in", [...OUTWARD_TYPES])
    .where("date", ">=", MONTH.startDate)
    .where("date", "<=", MONTH.endDate)
    .where("deleted_at", "is not", null)
    .execute();
  const sections = buildGstr1Sections(
    documents,
    deleted.flatMap((row) => {
      const nature = getVoucherDefinition(row.type as VoucherType).gstReturn.table13Nature;
      return nature === null
        ? []
        : [{ voucherType: row.type, table13Nature: nature, number: row.number, date: row.date }];
    }),
    { gstin: ORG_GSTIN, fp: "092025" },
  );
  const cancelled = await db
    .selectFrom("accounts")
    .select(["gstin", "gst_cancel_date"])
    .where("organisation_id", "=", org)
    .where("gstin", "is not", null)
    .where("gst_cancel_date", "is not", null)
    .execute();
  const warnings = findGstr1Warnings(documents, sections, {
    gstin: ORG_GSTIN,
    previousYearTurnoverPaise: 0,
    gstinCancelledOn: new Map(
      cancelled.map((row) => [row.gstin as string, row.gst_cancel_date as string]),
    ),
  });
  return { documents, sections, warnings };
}

const rupeeTotals = (totals: ReturnType<typeof totalSection>) => ({
  count: totals.count,
  value: paiseToRupees(totals.valuePaise),
  taxableValue: paiseToRupees(totals.taxablePaise),
  igst: paiseToRupees(totals.igstPaise),
  cgst: paiseToRupees(totals.cgstPaise),
  sgst: paiseToRupees(totals.sgstPaise),
  cess: paiseToRupees(totals.cessPaise),
});

/** Counts, warnings and every section's rows as the API gives them equal the oracle's. */
async function expectAsOracle() {
  const expected = await oracle();
  const counts = await get("gstr1/gstr1B2BCount");
  for (const section of GSTR1_SECTIONS) {
    const shown = counts.sections.find((row: { type: string }) => row.type === section);
    expect(shown, section).toMatchObject(rupeeTotals(totalSection(expected.sections, section)));
  }
  expect(counts.warnings).toEqual(expected.warnings);
  for (const section of GSTR1_SECTIONS) {
    const page = await get("gstr1/gstr1transactions", { type: section, skip: 0, limit: 500 });
    expect(page.count, section).toBe(expected.sections[section].length);
    expect(page.totals).toEqual(rupeeTotals(totalSection(expected.sections, section)));
    const rows = expected.sections[section as Gstr1Section] as { entryId?: string }[];
    if (rows[0] && "entryId" in rows[0]) {
      expect(
        page.transactions.map((row: { entryId: string }) => row.entryId),
        section,
      ).toEqual(rows.map((row) => row.entryId));
    }
  }
  // GSTR-3B's 3.1 and 3.2 (decision 057): summed at save time, as the whole documents give them.
  const contributions = outwardContributions(expected.documents, expected.sections, "27");
  const gstr3b = await get("gstr3b/gstr3B", { type: "summary" });
  for (const table of GSTR3B_TABLES.filter((name) => name.startsWith("3."))) {
    const own = contributions.filter((row) => row.table === table);
    const sum = (field: keyof Gstr3bContribution) =>
      paiseToRupees(own.reduce((total, row) => total + Number(row[field]), 0));
    expect(
      gstr3b.tables.find((row: { table: string }) => row.table === table),
      table,
    ).toMatchObject({
      count: new Set(own.map((row) => row.entryId)).size,
      taxableValue: sum("taxablePaise"),
      igst: sum("igstPaise"),
      cgst: sum("cgstPaise"),
      sgst: sum("sgstPaise"),
      cess: sum("cessPaise"),
    });
  }
  const hsn = await get("gstr1/gstr1transactions", { type: "hsn", skip: 0, limit: 500 });
  expect(
    hsn.transactions.map((row: { hsn: string; description: string }) => [row.hsn, row.description]),
  ).toEqual(expected.sections.hsn.map((row) => [row.hsn, row.description]));
  await expectFileAsOracle(expected);
  return { counts, expected };
}

/**
 * The file (decision 059), built a page of documents at a time: refused for the same errors as the
 * whole documents' (this book always has one), else byte for byte their file, whatever the page
 * size (gst-returns.file.api.test.ts has an error-free month).
 */
async function expectFileAsOracle(expected: Awaited<ReturnType<typeof oracle>>) {
  const whole = JSON.stringify(
    buildGstr1Json(expected.documents, expected.sections, { gstin: ORG_GSTIN, fp: "092025" }),
  );
  const errors = expected.warnings.filter((warning) => warning.level === "error");
  const search = new URLSearchParams({ organisationId: org, year: YEAR, ...MONTH });
  const download = await requestAs(context, owner, {
    method: "GET",
    url: `/api/gstr1/gstr1Json?${search}`,
  });
  const caller = { kind: "user" as const, userId: owner.userId, sessionId: "file" };
  const query = { organisationId: org, year: YEAR, ...MONTH };
  const inPages = (pageSize: number) =>
    readReturnFile(context.testDatabase.database.db, caller, "gstr1", query, pageSize);
  if (errors.length > 0) {
    // Refused, naming each error, as the whole book refused it.
    expect(download.statusCode).toBe(400);
    expect(download.json().message).toBe(RETURN_MESSAGES.hasErrors(errors.length));
    await expect(inPages(1)).rejects.toThrow(RETURN_MESSAGES.hasErrors(errors.length));
    return;
  }
  expect(download.statusCode, download.body).toBe(200);
  expect(download.body).toBe(whole);
  for (const pageSize of [1, 2, 3]) {
    const { text } = await inPages(pageSize);
    expect(text, `pages of ${pageSize}`).toBe(whole);
  }
}

beforeAll(async () => {
  context = await createTestApp();
  owner = await signUpPerson(context);
  ({ organisationId: org } = await createOrganisation(context, owner.cookies, {
    name: "Pune Traders",
    gstRegistered: true,
    gstin: ORG_GSTIN,
    gstRegType: "regular",
  }));
  ids.registered = await insertAccount(context, org, {
    name: "Bengaluru Systems",
    nature: "Debtors",
    gstin: CUSTOMER_GSTIN,
    stateCode: "29",
  });
  ids.other = await insertAccount(context, org, {
    name: "Surat Mills",
    nature: "Debtors",
    gstin: OTHER_GSTIN,
    stateCode: "24",
  });
  ids.walkIn = await insertAccount(context, org, { name: "Walk-in", nature: "Debtors" });
  ids.overseas = await insertAccount(context, org, { name: "Dubai Trading", nature: "Debtors" });
  ids.item = await insertItem(context, org, { name: "Laptop" });

  ids.b2b = await add(
    "salesinvoice",
    payload({
      date: "2025-09-02",
      party: ids.registered,
      gstin: CUSTOMER_GSTIN,
      pos: "29",
      lines: [
        { quantity: 2, rate: 1000, gstRate: 18 },
        { quantity: 5, rate: 100, gstRate: 5, hsnCode: "1006" },
        { quantity: 1, rate: 300, gstRate: 0, hsnCode: "0701" },
      ],
      extra: { invoiceNumber: "INV-1" },
    }),
  );
  ids.b2b2 = await add(
    "salesinvoice",
    payload({
      date: "2025-09-03",
      party: ids.other,
      gstin: OTHER_GSTIN,
      pos: "24",
      lines: [{ quantity: 1, rate: 5000, gstRate: 12, hsnCode: "6109" }],
      extra: { invoiceNumber: "INV-2" },
    }),
  );
  ids.b2cs = await add(
    "salesinvoice",
    payload({
      date: "2025-09-04",
      party: ids.walkIn,
      pos: "27",
      lines: [{ quantity: 3, rate: 200, gstRate: 5, hsnCode: "1006" }],
      extra: { invoiceNumber: "INV-3" },
    }),
  );
  ids.b2cl = await add(
    "salesinvoice",
    payload({
      date: "2025-09-05",
      party: ids.walkIn,
      pos: "29",
      lines: [{ quantity: 1, rate: 150_000, gstRate: 18 }],
      extra: { invoiceNumber: "INV-4" },
    }),
  );
  ids.exp = await add(
    "salesinvoice",
    payload({
      date: "2025-09-06",
      party: ids.overseas,
      pos: "96",
      exportOrSez: "exportWithPayment",
      lines: [{ quantity: 2, rate: 2000, gstRate: 18 }],
      extra: { invoiceNumber: "EXP/1" },
    }),
  );
  ids.sez = await add(
    "salesinvoice",
    payload({
      date: "2025-09-07",
      party: ids.registered,
      gstin: CUSTOMER_GSTIN,
      pos: "29",
      exportOrSez: "sezWithoutPayment",
      lines: [{ quantity: 1, rate: 800, gstRate: 18 }],
      extra: { invoiceNumber: "INV-5" },
    }),
  );
  ids.badHsn = await add(
    "salesinvoice",
    payload({
      date: "2025-09-08",
      party: ids.walkIn,
      pos: "27",
      lines: [{ quantity: 1, rate: 100, gstRate: 18, hsnCode: "12" }],
      extra: { invoiceNumber: "INV-6" },
    }),
  );
  ids.gone = await add(
    "salesinvoice",
    payload({
      date: "2025-09-09",
      party: ids.walkIn,
      pos: "27",
      lines: [{ quantity: 1, rate: 100, gstRate: 18 }],
      extra: { invoiceNumber: "INV-7" },
    }),
  );
  ids.cdnr = await add(
    "creditnote",
    payload({
      date: "2025-09-20",
      party: ids.registered,
      gstin: CUSTOMER_GSTIN,
      pos: "29",
      lines: [{ quantity: 1, rate: 1000, gstRate: 18 }],
      extra: { invoiceNumber: "CN-1", billWiseEntries: [{ entryId: ids.b2b, amount: 1180 }] },
    }),
  );
  ids.cdnur = await add(
    "creditnote",
    payload({
      date: "2025-09-21",
      party: ids.walkIn,
      pos: "29",
      lines: [{ quantity: 1, rate: 10_000, gstRate: 18 }],
      extra: { invoiceNumber: "CN-2", billWiseEntries: [{ entryId: ids.b2cl, amount: 11800 }] },
    }),
  );
  ids.b2csNote = await add(
    "creditnote",
    payload({
      date: "2025-09-22",
      party: ids.walkIn,
      pos: "27",
      lines: [{ quantity: 1, rate: 200, gstRate: 5, hsnCode: "1006" }],
      extra: { invoiceNumber: "CN-3", billWiseEntries: [{ entryId: ids.b2cs, amount: 210 }] },
    }),
  );
});
afterAll(() => context.close());

describe("GSTR-1 from the saved return facts (decision 056)", () => {
  test("a mixed month: counts, totals, pages and warnings equal the whole-document computation", async () => {
    const { counts } = await expectAsOracle();
    const byType = Object.fromEntries(
      counts.sections.map((row: { type: string; count: number }) => [row.type, row.count]),
    );
    expect(byType).toMatchObject({ b2b: 3, b2cl: 1, b2cs: 4, exp: 1, cdnr: 1, cdnur: 1, nil: 1 });
    expect(counts.warnings.map((warning: { code: string }) => warning.code)).toContain(
      "HSN_LENGTH",
    );
  });

  test("the rows follow an edit, a delete, and a change to the invoice a note settles", async () => {
    // The registered invoice loses its GSTIN: b2b → b2cs.
    await edit(
      "salesinvoice",
      ids.b2b2,
      payload({
        date: "2025-09-03",
        party: ids.walkIn,
        pos: "27",
        lines: [{ quantity: 1, rate: 5000, gstRate: 12, hsnCode: "6109" }],
        extra: { invoiceNumber: "INV-2" },
      }),
    );
    const deleted = await requestAs(context, owner, {
      method: "DELETE",
      url: `/api/salesinvoice/delete?organisationId=${org}&entryIds[]=${ids.gone}`,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The B2CL invoice falls under the limit: its note leaves cdnur for b2cs without being saved.
    await edit(
      "salesinvoice",
      ids.b2cl,
      payload({
        date: "2025-09-05",
        party: ids.walkIn,
        pos: "29",
        lines: [{ quantity: 1, rate: 50_000, gstRate: 18 }],
        extra: { invoiceNumber: "INV-4" },
      }),
    );
    const { counts } = await expectAsOracle();
    const byType = Object.fromEntries(
      counts.sections.map((row: { type: string; count: number }) => [row.type, row.count]),
    );
    expect(byType).toMatchObject({ b2b: 2, b2cl: 0, cdnur: 0 });
    const docs = await get("gstr1/gstr1transactions", { type: "doc_issue" });
    expect(docs.transactions).toEqual(
      expect.arrayContaining([expect.objectContaining({ series: "INV-", cancelled: 1 })]),
    );
  });

  test("a party's GSTIN changed or cancelled in the master: sections stay as saved, the warning follows", async () => {
    const db = context.testDatabase.database.db;
    await db
      .updateTable("accounts")
      .set({ gstin: "29AAACR5055K1Z9", gst_cancel_date: null })
      .where("id", "=", ids.registered)
      .execute();
    await expectAsOracle();
    await db
      .updateTable("accounts")
      .set({ gstin: CUSTOMER_GSTIN, gst_cancel_date: "2025-09-01" })
      .where("id", "=", ids.registered)
      .execute();
    const { counts } = await expectAsOracle();
    expect(counts.warnings.map((warning: { code: string }) => warning.code)).toContain(
      "GSTIN_CANCELLED",
    );
  });

  test("a month without facts (books from before migration 0056) or of older rules is rebuilt on read", async () => {
    const db = context.testDatabase.database.db;
    await db.deleteFrom("gst_return_lines").where("organisation_id", "=", org).execute();
    await db.deleteFrom("gst_return_documents").where("organisation_id", "=", org).execute();
    await db.deleteFrom("gst_return_fact_months").where("organisation_id", "=", org).execute();
    await expectAsOracle();
    await db
      .updateTable("gst_return_fact_months")
      .set({ version: 0 })
      .where("organisation_id", "=", org)
      .execute();
    await db
      .updateTable("gst_return_documents")
      .set({ section: "exp" })
      .where("organisation_id", "=", org)
      .execute();
    await expectAsOracle();
    const months = await db
      .selectFrom("gst_return_fact_months")
      .selectAll()
      .where("organisation_id", "=", org)
      .execute();
    expect(months.map((row) => [row.month, Number(row.version), row.gstin])).toEqual([
      ["2025-09", RETURN_FACTS_VERSION, ORG_GSTIN],
    ]);
  });

  test("a number used again in another case is a repeat, whichever of the two is read", async () => {
    await add(
      "salesinvoice",
      payload({
        date: "2025-09-25",
        party: ids.walkIn,
        pos: "27",
        lines: [{ quantity: 1, rate: 100, gstRate: 18 }],
        extra: { invoiceNumber: "inv-1" },
      }),
    );
    const { counts } = await expectAsOracle();
    expect(
      counts.warnings
        .filter((warning: { code: string }) => warning.code === "DUPLICATE_NUMBER")
        .map((warning: { number: string }) => warning.number),
    ).toEqual(["inv-1"]);
  });

  test("an invoice and a note may share a number: neither is a repeat nor read as a candidate", async () => {
    const invoice = await add(
      "salesinvoice",
      payload({
        date: "2025-09-26",
        party: ids.walkIn,
        pos: "27",
        lines: [{ quantity: 1, rate: 100, gstRate: 18 }],
        extra: { invoiceNumber: "2078" },
      }),
    );
    const note = await add(
      "creditnote",
      payload({
        date: "2025-09-27",
        party: ids.walkIn,
        pos: "27",
        lines: [{ quantity: 1, rate: 50, gstRate: 18 }],
        extra: { invoiceNumber: "2078", billWiseEntries: [{ entryId: invoice, amount: 59 }] },
      }),
    );
    const { counts } = await expectAsOracle();
    expect(
      counts.warnings.filter((warning: { number: string }) => warning.number === "2078"),
    ).toEqual([]);
    const flags = await context.testDatabase.database.db
      .selectFrom("gst_return_documents")
      .select(["voucher_id", "may_warn", "may_warn_six"])
      .where("voucher_id", "in", [invoice, note])
      .execute();
    // The organisation needs 4 HSN digits, and 8471 has them (with 6 required, both would warn).
    expect(flags.map((row) => [Number(row.may_warn), Number(row.may_warn_six)])).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });
});
