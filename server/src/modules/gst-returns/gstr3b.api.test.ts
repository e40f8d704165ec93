import { type Gstr3bFigure, gstinCheckCharacter } from "@bahi/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  GST_PARTIES,
  insertAccount,
  insertItem,
  KARNATAKA_GSTIN,
  MAHARASHTRA_GSTIN,
  setUpGstRegisteredBook,
} from "../../../test/books.ts";
import { createOrganisation, type Person, requestAs } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";
import { readInwardContributions, sumInwardContributions } from "./gstr3b.service.ts";

// Issue 20: a worked GSTR-3B for September 2024 of a Maharashtra (27) trader, entered through the
// API and read back table by table and cell by cell. The expected figures are worked by hand
// below each document, with the rules of gst-reference §6–8 and returns-reference §2.

const ORG_GSTIN = MAHARASHTRA_GSTIN;
const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const LOCAL_GSTIN = gstin("27AAGCB7383J1Z");
const YEAR = "2024-25";
const SEPTEMBER = { startDate: "2024-09-01", endDate: "2024-09-30" };

let context: TestContext;
let owner: Person;
let stranger: Person;
let salesOnly: Person;
let org: string;
const ids: Record<string, string> = {};

type Line = { itemId: string; quantity: number; rate: number; gstRate: number };

function payload(input: {
  date?: string;
  party: string;
  gstin?: string;
  pos?: string;
  lines?: Line[];
  accountLines?: { accountId: string; amount: number; gstRate: number }[];
  extra?: Record<string, unknown>;
}) {
  return {
    organisationId: org,
    year: YEAR,
    date: input.date ?? "2024-09-10",
    cashOrDebtorAccountId: input.party,
    ...(input.gstin ? { gstin: input.gstin } : {}),
    ...(input.pos ? { pos: input.pos } : {}),
    itemDetails: (input.lines ?? []).map((line) => ({
      ...line,
      hsnCode: "8471",
      uom: "NOS",
      amount: line.quantity * line.rate,
    })),
    accountDetails: input.accountLines ?? [],
    ...input.extra,
  };
}

async function add(family: string, body: Record<string, unknown>) {
  const response = await requestAs(context, owner, {
    method: "POST",
    url: `/api/${family}/add`,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entryId as string;
}

function get(person: Person, params: Record<string, string | number | boolean>) {
  const query = new URLSearchParams(
    Object.entries({ organisationId: org, year: YEAR, ...SEPTEMBER, ...params }).map(([k, v]) => [
      k,
      String(v),
    ]),
  ).toString();
  return requestAs(context, person, { method: "GET", url: `/api/gstr3b/gstr3B?${query}` });
}

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Pune Traders" },
    accountantRights: [
      { transactionType: "salesInvoice", view: true, add: true, edit: false, delete: false },
      { transactionType: "creditNote", view: true, add: true, edit: false, delete: false },
    ],
    accounts: {
      local: { name: "Local Retail", nature: "Debtors", gstin: LOCAL_GSTIN, stateCode: "27" },
      walkIn: GST_PARTIES.walkIn,
      overseas: GST_PARTIES.dubaiCustomer,
      localSupplier: {
        name: "Pune Wholesale",
        nature: "Creditors",
        gstin: LOCAL_GSTIN,
        stateCode: "27",
      },
      karnatakaSupplier: {
        name: "Bengaluru Hotel",
        nature: "Creditors",
        gstin: KARNATAKA_GSTIN,
        stateCode: "29",
      },
      advocate: { name: "Advocate Joshi", nature: "Creditors", stateCode: "27" },
      foreign: { name: "Shenzhen Parts", nature: "Creditors" },
    },
    items: { item: { name: "Laptop" } },
  });
  ({ context, owner, stranger, accountant: salesOnly, organisationId: org } = book);
  Object.assign(ids, book.accounts, book.items);
  const car = await requestAs(context, owner, {
    method: "POST",
    url: "/api/item/add",
    payload: {
      organisationId: org,
      name: "Staff Car",
      type: "goods",
      gstRate: 28,
      itcNotEligible: true,
    },
  });
  expect(car.statusCode, car.body).toBe(200);
  expect(car.json().item.itcNotEligible).toBe(true);
  ids.car = car.json().itemId;
  const food = await requestAs(context, owner, {
    method: "POST",
    url: "/api/account/add",
    payload: {
      organisationId: org,
      name: "Staff Food",
      nature: "Indirect Expense",
      itcNotEligible: true,
    },
  });
  expect(food.statusCode, food.body).toBe(200);
  expect(food.json().account.itcNotEligible).toBe(true);
  ids.food = food.json().accountId;

  const laptop = (quantity: number, rate: number, gstRate = 18) => [
    { itemId: ids.item as string, quantity, rate, gstRate },
  ];
  // 1. B2B intra: 20,000 + CGST 1,800 + SGST 1,800 → 3.1(a).
  ids.b2b = await add(
    "salesinvoice",
    payload({
      party: ids.local as string,
      gstin: LOCAL_GSTIN,
      lines: laptop(2, 10_000),
      extra: { invoiceNumber: "S-1" },
    }),
  );
  // 2. B2C inter to Karnataka: 50,000 + IGST 9,000 → 3.1(a) and 3.2 unregistered, POS 29.
  ids.b2cs = await add(
    "salesinvoice",
    payload({
      party: ids.walkIn as string,
      pos: "29",
      lines: laptop(1, 50_000),
      extra: { invoiceNumber: "S-2" },
    }),
  );
  // 3. Export under LUT: 6,000, no tax → 3.1(b).
  ids.exp = await add(
    "salesinvoice",
    payload({
      party: ids.overseas as string,
      pos: "96",
      lines: laptop(3, 2_000),
      extra: { invoiceNumber: "S-3", gstPaymentTypeInExportOrSez: "exportWithoutPayment" },
    }),
  );
  // 4. Nil-rated sale: 1,000 → 3.1(c).
  await add(
    "salesinvoice",
    payload({
      party: ids.walkIn as string,
      lines: laptop(1, 1_000, 0),
      extra: { invoiceNumber: "S-4" },
    }),
  );
  // 5. Credit note on sale 1: −2,000, −180, −180 → 3.1(a).
  await add(
    "creditnote",
    payload({
      party: ids.local as string,
      gstin: LOCAL_GSTIN,
      lines: laptop(1, 2_000),
      extra: { invoiceNumber: "CN-1" },
    }),
  );
  // 6. A sale on which the recipient pays tax: 5,000 at 5 % → 3.1(a) taxable value, no tax.
  await add(
    "salesinvoice",
    payload({
      party: ids.local as string,
      gstin: LOCAL_GSTIN,
      lines: laptop(1, 5_000, 5),
      extra: { invoiceNumber: "S-5", rcmApplicable: true, rcmGstType: "notified" },
    }),
  );

  // 7. Intra purchase: 10,000 + 900 + 900 → 4A(5).
  ids.purchase = await add(
    "purchases",
    payload({
      party: ids.localSupplier as string,
      gstin: LOCAL_GSTIN,
      lines: laptop(1, 10_000),
      extra: { invoiceNumber: "P-1" },
    }),
  );
  // 8. Inter purchase from Karnataka delivered here: 5,000 + IGST 600 → 4A(5).
  await add(
    "purchases",
    payload({
      party: ids.karnatakaSupplier as string,
      gstin: KARNATAKA_GSTIN,
      lines: laptop(1, 5_000, 12),
      extra: { invoiceNumber: "P-2" },
    }),
  );
  // 9. Legal services under reverse charge: 3,000 + 270 + 270 → 3.1(d) and 4A(3).
  await add(
    "purchases",
    payload({
      party: ids.advocate as string,
      lines: laptop(1, 3_000),
      extra: { invoiceNumber: "P-3", rcmApplicable: true, rcmGstType: "notified" },
    }),
  );
  // 10. Import of goods: 20,000 + IGST 3,600 → 4A(1).
  await add(
    "purchases",
    payload({
      party: ids.foreign as string,
      lines: laptop(1, 20_000),
      extra: { invoiceNumber: "P-4", importType: "goods" },
    }),
  );
  // 11. Import of services (reverse charge): 4,000 + IGST 720 → 3.1(d) and 4A(2).
  await add(
    "purchases",
    payload({
      party: ids.foreign as string,
      lines: laptop(1, 4_000),
      extra: {
        invoiceNumber: "P-5",
        importType: "services",
        rcmApplicable: true,
        rcmGstType: "notified",
      },
    }),
  );
  // 12. Blocked credit: the car 1,000 at 28 % (140 + 140) and staff food 400 at 5 % (10 + 10):
  //     reported in 4A(5) and reversed in 4B(1).
  ids.blocked = await add(
    "purchases",
    payload({
      party: ids.localSupplier as string,
      gstin: LOCAL_GSTIN,
      lines: [{ itemId: ids.car as string, quantity: 1, rate: 1_000, gstRate: 28 }],
      accountLines: [{ accountId: ids.food as string, amount: 400, gstRate: 5 }],
      extra: { invoiceNumber: "P-6" },
    }),
  );
  // 13. A hotel stay in Karnataka: POS 29, CGST 120 + SGST 120 of Karnataka → 4D(2).
  await add(
    "purchases",
    payload({
      party: ids.karnatakaSupplier as string,
      gstin: KARNATAKA_GSTIN,
      pos: "29",
      lines: laptop(1, 2_000, 12),
      extra: { invoiceNumber: "P-7" },
    }),
  );
  // 14. Exempt 500 intra → 5 GST intra; non-GST 300 from Karnataka → 5 non-GST inter.
  await add(
    "purchases",
    payload({
      party: ids.localSupplier as string,
      gstin: LOCAL_GSTIN,
      lines: laptop(1, 500, -1),
      extra: { invoiceNumber: "P-8" },
    }),
  );
  await add(
    "purchases",
    payload({
      party: ids.karnatakaSupplier as string,
      gstin: KARNATAKA_GSTIN,
      lines: laptop(1, 300, -2),
      extra: { invoiceNumber: "P-9" },
    }),
  );
  // 15. Return to the supplier of purchase 7: −1,000, −90, −90 → 4A(5).
  await add(
    "debitnote",
    payload({
      party: ids.localSupplier as string,
      gstin: LOCAL_GSTIN,
      lines: laptop(1, 1_000),
      extra: { invoiceNumber: "DN-1" },
    }),
  );
  // A purchase of October is outside the period.
  await add(
    "purchases",
    payload({
      date: "2024-10-02",
      party: ids.localSupplier as string,
      gstin: LOCAL_GSTIN,
      lines: laptop(1, 7_000),
      extra: { invoiceNumber: "P-10" },
    }),
  );
});

afterAll(async () => {
  await context?.close();
});

type Cell = { taxableValue: number; igst: number; cgst: number; sgst: number; cess: number };
const cell = (taxableValue: number, igst: number, cgst: number, sgst: number): Cell => ({
  taxableValue,
  igst,
  cgst,
  sgst,
  cess: 0,
});

describe("GSTR-3B summary of the worked month", () => {
  test("every table's figure", async () => {
    const response = await get(owner, { type: "summary" });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const byTable = Object.fromEntries(
      body.tables.map((row: Cell & { table: string }) => [
        row.table,
        {
          taxableValue: row.taxableValue,
          igst: row.igst,
          cgst: row.cgst,
          sgst: row.sgst,
          cess: row.cess,
        },
      ]),
    );
    expect(byTable).toEqual({
      "3.1a": cell(73_000, 9_000, 1_620, 1_620),
      "3.1b": cell(6_000, 0, 0, 0),
      "3.1c": cell(1_000, 0, 0, 0),
      "3.1d": cell(7_000, 720, 270, 270),
      "3.1e": cell(0, 0, 0, 0),
      // 3.1.1: nothing in the books is a supply through an e-commerce operator (decision 064).
      "3.1.1i": cell(0, 0, 0, 0),
      "3.1.1ii": cell(0, 0, 0, 0),
      "3.2a": cell(50_000, 9_000, 0, 0),
      "3.2b": cell(0, 0, 0, 0),
      "3.2c": cell(0, 0, 0, 0),
      "4A1": cell(20_000, 3_600, 0, 0),
      "4A2": cell(4_000, 720, 0, 0),
      "4A3": cell(3_000, 0, 270, 270),
      "4A4": cell(0, 0, 0, 0),
      "4A5": cell(15_400, 600, 960, 960),
      "4B1": cell(1_400, 0, 150, 150),
      "4B2": cell(0, 0, 0, 0),
      "4C": cell(0, 4_920, 1_080, 1_080),
      "4D1": cell(0, 0, 0, 0),
      "4D2": cell(2_000, 0, 120, 120),
      "5a": cell(500, 0, 0, 0),
      "5b": cell(300, 0, 0, 0),
    });
    expect(body.interSup.unreg).toEqual([{ pos: "29", taxableValue: 50_000, igst: 9_000 }]);
    expect(body.inward).toEqual({
      gst: { inter: 0, intra: 500 },
      nonGst: { inter: 300, intra: 0 },
    });
    expect(body.fp).toBe("092024");
    // The books agree with the return; only the GSTR-1 not yet filed is pointed out.
    expect(body.warnings.map((w: { code: string }) => w.code)).toEqual(["gstr1NotFiled"]);
    expect(body.itcBasisAvailable).toBe(true);
  });

  test("table 6.1: the tax payable of 3.1, set off from 4C in the order of s.49 and rule 88A, the rest in cash (issue 40)", async () => {
    const body = (await get(owner, { type: "summary" })).json();
    const credit = (igst: number, cgst: number, sgst: number) => ({ igst, cgst, sgst, cess: 0 });
    // 3.1(a)+(b): IGST 9,000, CGST 1,620, SGST 1,620; 4C: IGST 4,920, CGST 1,080, SGST 1,080.
    expect(body.taxPayment.otherThanReverseCharge).toEqual([
      { head: "igst", payable: 9_000, paidByItc: credit(4_920, 0, 0), cash: 4_080 },
      { head: "cgst", payable: 1_620, paidByItc: credit(0, 1_080, 0), cash: 540 },
      { head: "sgst", payable: 1_620, paidByItc: credit(0, 0, 1_080), cash: 540 },
      { head: "cess", payable: 0, paidByItc: credit(0, 0, 0), cash: 0 },
    ]);
    // 3.1(d), reverse charge, is paid in cash only.
    expect(body.taxPayment.reverseCharge).toEqual([
      { head: "igst", payable: 720, paidByItc: credit(0, 0, 0), cash: 720 },
      { head: "cgst", payable: 270, paidByItc: credit(0, 0, 0), cash: 270 },
      { head: "sgst", payable: 270, paidByItc: credit(0, 0, 0), cash: 270 },
      { head: "cess", payable: 0, paidByItc: credit(0, 0, 0), cash: 0 },
    ]);
    expect(body.taxPayment.itcLeft).toEqual(credit(0, 0, 0));
    expect(body.taxPayment.cashTotal).toBe(4_080 + 540 + 540 + 720 + 270 + 270);
  });

  test("3.1 agrees with the period's GSTR-1", async () => {
    const response = await requestAs(context, owner, {
      method: "GET",
      url: `/api/gstr1/gstr1B2BCount?organisationId=${org}&year=${YEAR}&startDate=${SEPTEMBER.startDate}&endDate=${SEPTEMBER.endDate}`,
    });
    const sections = response.json().sections as {
      type: string;
      taxableValue: number;
      igst: number;
    }[];
    const taxable = sections
      .filter((s) => ["b2b", "b2cl", "b2cs", "exp", "cdnr", "cdnur"].includes(s.type))
      .reduce((sum, s) => sum + s.taxableValue, 0);
    const summary = (await get(owner, { type: "summary" })).json();
    const of = (table: string) =>
      summary.tables.find((row: { table: string }) => row.table === table).taxableValue;
    expect(of("3.1a") + of("3.1b")).toBe(taxable);
  });

  test("a figure's vouchers: 4B(1) lists the blocked purchase once with its reversed tax", async () => {
    const response = await get(owner, { type: "details", table: "4B1" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      table: "4B1",
      count: 1,
      totals: cell(1_400, 0, 150, 150),
      transactions: [
        { entryId: ids.blocked, number: "P-6", transactionType: "purchases", cgst: 150, sgst: 150 },
      ],
    });
    const outward = (await get(owner, { type: "details", table: "3.1a" })).json();
    expect(outward.count).toBe(4);
    expect(outward.totals).toEqual(cell(73_000, 9_000, 1_620, 1_620));
    const missing = await get(owner, { type: "details" });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain("Choose the table");
  });

  test("the portal JSON, read back cell by cell", async () => {
    const response = await get(owner, { downloadJson: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toContain(`GSTR3B_${ORG_GSTIN}_092024.json`);
    const json = JSON.parse(response.body);
    expect(json).toEqual({
      gstin: ORG_GSTIN,
      ret_period: "092024",
      sup_details: {
        osup_det: { txval: 73000, iamt: 9000, camt: 1620, samt: 1620, csamt: 0 },
        osup_zero: { txval: 6000, iamt: 0, csamt: 0 },
        osup_nil_exmp: { txval: 1000 },
        isup_rev: { txval: 7000, iamt: 720, camt: 270, samt: 270, csamt: 0 },
        osup_nongst: { txval: 0 },
      },
      eco_dtls: {
        eco_sup: { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 },
        eco_reg_sup: { txval: 0 },
      },
      inter_sup: {
        unreg_details: [{ pos: "29", txval: 50000, iamt: 9000 }],
        comp_details: [],
        uin_details: [],
      },
      itc_elg: {
        itc_avl: [
          { ty: "IMPG", iamt: 3600, camt: 0, samt: 0, csamt: 0 },
          { ty: "IMPS", iamt: 720, camt: 0, samt: 0, csamt: 0 },
          { ty: "ISRC", iamt: 0, camt: 270, samt: 270, csamt: 0 },
          { ty: "ISD", iamt: 0, camt: 0, samt: 0, csamt: 0 },
          { ty: "OTH", iamt: 600, camt: 960, samt: 960, csamt: 0 },
        ],
        itc_rev: [
          { ty: "RUL", iamt: 0, camt: 150, samt: 150, csamt: 0 },
          { ty: "OTH", iamt: 0, camt: 0, samt: 0, csamt: 0 },
        ],
        itc_net: { iamt: 4920, camt: 1080, samt: 1080, csamt: 0 },
        itc_inelg: [
          { ty: "RUL", iamt: 0, camt: 0, samt: 0, csamt: 0 },
          { ty: "OTH", iamt: 0, camt: 120, samt: 120, csamt: 0 },
        ],
      },
      inward_sup: {
        isup_details: [
          { ty: "GST", inter: 0, intra: 500 },
          { ty: "NONGST", inter: 300, intra: 0 },
        ],
      },
    });
    // itc_net is exactly available minus reversed, head by head.
    for (const head of ["iamt", "camt", "samt", "csamt"] as const) {
      const available = json.itc_elg.itc_avl.reduce(
        (s: number, r: Record<string, number>) => s + (r[head] ?? 0),
        0,
      );
      const reversed = json.itc_elg.itc_rev.reduce(
        (s: number, r: Record<string, number>) => s + (r[head] ?? 0),
        0,
      );
      expect(Math.round((available - reversed) * 100)).toBe(
        Math.round(json.itc_elg.itc_net[head] * 100),
      );
    }
  });

  test("a journal entry to an input tax ledger is a difference from the books, shown as a warning", async () => {
    const inputCgst = await context.testDatabase.database.db
      .selectFrom("accounts")
      .select("id")
      .where("organisation_id", "=", org)
      .where("system_key", "=", "inputCgst")
      .executeTakeFirstOrThrow();
    const journal = await add("journalentry", {
      organisationId: org,
      year: YEAR,
      date: "2024-09-20",
      entries: [
        { accountId: inputCgst.id, debitAmount: 100 },
        { accountId: ids.food, creditAmount: 100 },
      ],
    });
    const body = (await get(owner, { type: "summary" })).json();
    expect(body.warnings).toContainEqual(
      expect.objectContaining({
        code: "inputTaxDiffers",
        message:
          "Input CGST in the books is ₹1,450.00, table 4 shows ₹1,350.00 (difference ₹100.00).",
      }),
    );
    // The return itself is computed from the documents: 4C does not move.
    expect(body.tables.find((row: { table: string }) => row.table === "4C").cgst).toBe(1_080);
    const removed = await requestAs(context, owner, {
      method: "DELETE",
      url: `/api/journalentry/delete?organisationId=${org}&entryIds[]=${journal}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  test("ITC as per 2B, matched only: 4A(5) from the reconciliation, the difference shown", async () => {
    // No GSTR-2B is imported for the month, so no bill is matched and 4A(5) takes nothing.
    const response = await get(owner, { type: "summary", itcBasis: "2b" });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.itcBasis).toBe("2b");
    expect(body.itcBasisAvailable).toBe(true);
    const of = (table: string) => body.tables.find((row: { table: string }) => row.table === table);
    expect(of("4A5")).toMatchObject({ igst: 0, cgst: 0, sgst: 0 });
    expect(of("4C")).toMatchObject({ igst: 4_320, cgst: 120, sgst: 120 });
    expect(body.itcDifference).toMatchObject({ igst: 600, cgst: 960, sgst: 960, cess: 0 });
    const json = JSON.parse((await get(owner, { downloadJson: true, itcBasis: "2b" })).body);
    expect(json.itc_elg.itc_net).toEqual({ iamt: 4320, camt: 120, samt: 120, csamt: 0 });
  });
});

describe("the inward side read a page at a time (decision 059)", () => {
  test("adds up to the contributions of the month read at once, whatever the page size", async () => {
    const db = context.testDatabase.database.db;
    const whole = await readInwardContributions(db, org, YEAR, SEPTEMBER, "27");
    expect(new Set(whole.map((row) => row.entryId)).size).toBeGreaterThan(3);
    // The oracle: the whole month's contributions summed by table and key, and their vouchers.
    const summed = new Map<string, Gstr3bFigure>();
    const entries = new Map<string, Set<string>>();
    for (const row of whole) {
      const name = `${row.table}|${row.key ?? ""}`;
      const figure = summed.get(name) ?? {
        table: row.table,
        key: row.key,
        taxablePaise: 0,
        igstPaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        cessPaise: 0,
      };
      figure.taxablePaise += row.taxablePaise;
      figure.igstPaise += row.igstPaise;
      figure.cgstPaise += row.cgstPaise;
      figure.sgstPaise += row.sgstPaise;
      figure.cessPaise += row.cessPaise;
      summed.set(name, figure);
      entries.set(row.table, (entries.get(row.table) ?? new Set()).add(row.entryId));
    }
    const sorted = (figures: readonly Gstr3bFigure[]) =>
      [...figures].sort(
        (a, b) => a.table.localeCompare(b.table) || (a.key ?? "").localeCompare(b.key ?? ""),
      );
    expect(summed.size).toBeGreaterThan(1);
    for (const pageSize of [1, 2, 500]) {
      const paged = await sumInwardContributions(db, org, YEAR, SEPTEMBER, "27", pageSize);
      expect(sorted(paged.figures), `pages of ${pageSize}`).toEqual(
        sorted([...summed.values()] as never),
      );
      expect(paged.entries, `pages of ${pageSize}`).toEqual(entries);
    }
  });
});

describe("rights and tenant isolation", () => {
  test("another organisation's caller gets nothing, and cannot file", async () => {
    const calls: Record<string, string | boolean>[] = [
      { type: "summary" },
      { type: "details", table: "3.1a" },
      { downloadJson: true },
    ];
    for (const params of calls) {
      const response = await get(stranger, params);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain("S-1");
    }
    const filed = await requestAs(context, stranger, {
      method: "POST",
      url: "/api/gstr3b/markfiled",
      payload: { organisationId: org, year: YEAR, ...SEPTEMBER },
    });
    expect(filed.statusCode).toBe(403);
  });

  test("reading needs the view right on purchases too; filing needs the lock right", async () => {
    expect((await get(salesOnly, { type: "summary" })).statusCode).toBe(403);
    const filed = await requestAs(context, salesOnly, {
      method: "POST",
      url: "/api/gstr3b/markfiled",
      payload: { organisationId: org, year: YEAR, ...SEPTEMBER },
    });
    expect(filed.statusCode).toBe(403);
  });
});

describe("mark as filed", () => {
  test("records the filing and locks every voucher type of the period", async () => {
    const filed = await requestAs(context, owner, {
      method: "POST",
      url: "/api/gstr3b/markfiled",
      payload: { organisationId: org, year: YEAR, ...SEPTEMBER, arn: "AA270924000999Z" },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const again = await requestAs(context, owner, {
      method: "POST",
      url: "/api/gstr3b/markfiled",
      payload: { organisationId: org, year: YEAR, ...SEPTEMBER },
    });
    expect(again.statusCode).toBe(400);
    const summary = (await get(owner, { type: "summary" })).json();
    expect(summary.filing).toMatchObject({ arn: "AA270924000999Z" });

    const latePurchase = await requestAs(context, owner, {
      method: "POST",
      url: "/api/purchases/add",
      payload: payload({
        date: "2024-09-28",
        party: ids.localSupplier as string,
        gstin: LOCAL_GSTIN,
        lines: [{ itemId: ids.item as string, quantity: 1, rate: 10, gstRate: 18 }],
      }),
    });
    expect(latePurchase.statusCode).toBe(423);
    const octoberPurchase = await requestAs(context, owner, {
      method: "POST",
      url: "/api/purchases/add",
      payload: payload({
        date: "2024-10-03",
        party: ids.localSupplier as string,
        gstin: LOCAL_GSTIN,
        lines: [{ itemId: ids.item as string, quantity: 1, rate: 10, gstRate: 18 }],
      }),
    });
    expect(octoberPurchase.statusCode, octoberPurchase.body).toBe(200);
    const locks = await requestAs(context, owner, {
      method: "GET",
      url: `/api/settings/getLockPeriod?organisationId=${org}&year=${YEAR}`,
    });
    const body = locks.json();
    expect(body.filings).toEqual([expect.objectContaining({ returnKind: "gstr3b", fp: "092024" })]);
    const locked = new Set(
      body.lockPeriods
        .filter(
          (row: { monthKey: string; locked: boolean }) => row.monthKey === "2024-09" && row.locked,
        )
        .map((row: { transactionType: string }) => row.transactionType),
    );
    for (const type of ["salesInvoice", "purchases", "debitNote", "receipts", "journalEntry"]) {
      expect(locked.has(type), type).toBe(true);
    }
  });
});

describe("GSTR-1 amendments of earlier periods in 3.1", () => {
  // A September invoice filed in GSTR-1 and edited in October is a b2ba of October: the portal
  // fills October's 3.1(a) with October's invoices plus amended − filed. Edited again in November
  // (after October's GSTR-1), November's 3.1(a) takes only the second change.
  let amendOrg: string;
  const parties: Record<string, string> = {};

  function saleBody(date: string, rate: number, extra: Record<string, unknown> = {}) {
    return {
      organisationId: amendOrg,
      year: YEAR,
      date,
      cashOrDebtorAccountId: parties.customer,
      gstin: LOCAL_GSTIN,
      itemDetails: [
        {
          itemId: parties.item,
          quantity: 1,
          rate,
          gstRate: 18,
          hsnCode: "8471",
          uom: "NOS",
          amount: rate,
        },
      ],
      accountDetails: [],
      ...extra,
    };
  }

  async function call(method: "GET" | "POST" | "PUT", url: string, body?: unknown) {
    const response = await requestAs(context, owner, {
      method,
      url,
      ...(body ? { payload: body as Record<string, unknown> } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const month = (startDate: string, endDate: string) =>
    `organisationId=${amendOrg}&year=${YEAR}&startDate=${startDate}&endDate=${endDate}`;
  const october = () => month("2024-10-01", "2024-10-31");
  const november = () => month("2024-11-01", "2024-11-30");

  async function fileGstr1(startDate: string, endDate: string, filedAt: string) {
    await call("POST", "/api/gstr1/markfiled", {
      organisationId: amendOrg,
      year: YEAR,
      startDate,
      endDate,
    });
    // The filing as if made on its due date (the test runs years later).
    await context.testDatabase.database.db
      .updateTable("gst_return_filings")
      .set({ filed_at: filedAt })
      .where("organisation_id", "=", amendOrg)
      .where("start_date", "=", startDate)
      .execute();
  }

  /** Edit the September invoice, dated as if saved at `savedAt`. */
  async function editSeptemberInvoice(entryId: string, rate: number, savedAt: string) {
    const current = await call(
      "GET",
      `/api/salesinvoice/getsingleentrydetails?organisationId=${amendOrg}&entryId=${entryId}`,
    );
    await call("PUT", "/api/salesinvoice/edit", {
      ...saleBody("2024-09-10", rate, { invoiceNumber: "A-1" }),
      entryId,
      version: current.entry.version,
    });
    const db = context.testDatabase.database.db;
    await db
      .updateTable("vouchers")
      .set({ updated_at: savedAt })
      .where("id", "=", entryId)
      .execute();
    await db
      .updateTable("voucher_versions")
      .set({ created_at: savedAt })
      .where("voucher_id", "=", entryId)
      .where("version", "=", current.entry.version + 1)
      .execute();
  }

  const row31a = (body: { tables: { table: string }[] }) =>
    body.tables.find((row) => row.table === "3.1a");

  test("the period in which an amendment is reported takes amended − filed into 3.1(a)", async () => {
    ({ organisationId: amendOrg } = await createOrganisation(context, owner.cookies, {
      name: "Nashik Traders",
      gstRegistered: true,
      gstin: ORG_GSTIN,
      gstRegType: "regular",
    }));
    parties.customer = await insertAccount(context, amendOrg, {
      name: "Local Retail",
      nature: "Debtors",
      gstin: LOCAL_GSTIN,
      stateCode: "27",
    });
    parties.item = await insertItem(context, amendOrg, { name: "Laptop" });
    const september = await call(
      "POST",
      "/api/salesinvoice/add",
      saleBody("2024-09-10", 20_000, { invoiceNumber: "A-1" }),
    );
    await call(
      "POST",
      "/api/salesinvoice/add",
      saleBody("2024-10-05", 10_000, { invoiceNumber: "A-2" }),
    );
    const entryId = september.entryId as string;
    await context.testDatabase.database.db
      .updateTable("voucher_versions")
      .set({ created_at: "2024-09-10T06:00:00.000Z" })
      .where("voucher_id", "=", entryId)
      .execute();

    const before = await call("GET", `/api/gstr3b/gstr3B?${october()}`);
    expect(row31a(before)).toMatchObject(cell(10_000, 0, 900, 900));

    await fileGstr1("2024-09-01", "2024-09-30", "2024-10-11T06:00:00.000Z");
    await call("POST", "/api/settings/lockPeriod", {
      organisationId: amendOrg,
      year: YEAR,
      month: 9,
      transactionType: "salesInvoice",
      locked: false,
      reason: "Price revised by the customer's order",
    });
    await editSeptemberInvoice(entryId, 25_000, "2024-10-20T06:00:00.000Z");

    // GSTR-1 of October reports the amendment; 3B's 3.1(a) adds 5,000 and its tax.
    const gstr1 = await call("GET", `/api/gstr1/gstr1B2BCount?${october()}`);
    expect(gstr1.sections.find((s: { type: string }) => s.type === "b2ba")).toMatchObject({
      count: 1,
      taxableValue: 25_000,
    });
    const after = await call("GET", `/api/gstr3b/gstr3B?${october()}`);
    expect(row31a(after)).toMatchObject(cell(15_000, 0, 1_350, 1_350));
    const details = await call("GET", `/api/gstr3b/gstr3B?${october()}&type=details&table=3.1a`);
    expect(details.transactions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entryId,
          number: "A-1",
          amendment: true,
          taxableValue: 5_000,
          cgst: 450,
          sgst: 450,
        }),
        expect.objectContaining({ number: "A-2", amendment: false, taxableValue: 10_000 }),
      ]),
    );
    const json = JSON.parse(
      (
        await requestAs(context, owner, {
          method: "GET",
          url: `/api/gstr3b/gstr3B?${october()}&downloadJson=true`,
        })
      ).body,
    );
    expect(json.sup_details.osup_det).toEqual({
      txval: 15000,
      iamt: 0,
      camt: 1350,
      samt: 1350,
      csamt: 0,
    });

    // October's GSTR-1 filed with the amendment; edited again in November: only the new change.
    await fileGstr1("2024-10-01", "2024-10-31", "2024-11-11T06:00:00.000Z");
    await editSeptemberInvoice(entryId, 24_000, "2024-11-15T06:00:00.000Z");
    const secondChange = await call("GET", `/api/gstr3b/gstr3B?${november()}`);
    expect(row31a(secondChange)).toMatchObject(cell(-1_000, 0, -90, -90));
    // October's figures stay as reported.
    expect(row31a(await call("GET", `/api/gstr3b/gstr3B?${october()}`))).toMatchObject(
      cell(10_000, 0, 900, 900),
    );
  });
});
