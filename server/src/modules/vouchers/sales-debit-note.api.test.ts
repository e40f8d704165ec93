import { computeDocument, paiseToRupees } from "@bahi/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  balancesFromPostings,
  GST_PARTIES,
  KARNATAKA_GSTIN,
  setUpGstRegisteredBook,
  systemAccountId,
} from "../../../test/books.ts";
import { extractPdfText } from "../../../test/pdf.ts";
import { type Person, requestAs } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";
import { stopDocumentRenderer } from "../documents/print-renderer.ts";

// Issue 19, decision 066: a debit note to a customer (registry type salesDebitNote), made out
// against a sales invoice, posting to sales and output tax, and reported in GSTR-1 (ntty D, Table
// 13 nature 4) and GSTR-3B 3.1(a).

const CUSTOMER_GSTIN = KARNATAKA_GSTIN;
const YEAR = "2024-25";
const SEPTEMBER = { startDate: "2024-09-01", endDate: "2024-09-30" };

let context: TestContext;
let owner: Person;
let stranger: Person;
let salesOnly: Person;
let viewer: Person;
let org: string;
let registered: string;
let walkIn: string;
let item: string;
let invoiceToRegistered: string;
let invoiceToWalkIn: string;
let noteToRegistered: { entryId: string; number: string };

type Line = { quantity: number; rate: number; gstRate: number };

/** A document payload whose amounts are the server's own computation (gst/compute). */
function documentPayload(input: {
  date: string;
  party: string;
  gstin?: string;
  pos: string;
  lines: Line[];
  extra?: Record<string, unknown>;
}) {
  const computed = computeDocument({
    supplierStateCode: "27",
    placeOfSupply: input.pos,
    gstApplicable: true,
    supplyType: "regular",
    itemLines: input.lines.map((line) => ({
      quantity: line.quantity,
      ratePaise: Math.round(line.rate * 100),
      gstRate: line.gstRate,
    })),
  });
  return {
    organisationId: org,
    year: YEAR,
    date: input.date,
    cashOrDebtorAccountId: input.party,
    ...(input.gstin ? { gstin: input.gstin } : {}),
    pos: input.pos,
    itemDetails: input.lines.map((line, index) => ({
      itemId: item,
      hsnCode: "8471",
      uom: "NOS",
      quantity: line.quantity,
      rate: line.rate,
      discountType: "percent",
      discount: 0,
      gstRate: line.gstRate,
      amount: paiseToRupees(computed.itemLines[index]?.taxablePaise ?? 0),
    })),
    accountDetails: [],
    totalAmount: paiseToRupees(computed.totalPaise),
    ...input.extra,
  };
}

function add(person: Person, family: string, payload: Record<string, unknown>) {
  return requestAs(context, person, { method: "POST", url: `/api/${family}/add`, payload });
}

async function addOk(family: string, payload: Record<string, unknown>) {
  const response = await add(owner, family, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { entryId: string; number: string };
}

function get(person: Person, path: string, params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(
    Object.entries({ organisationId: org, year: YEAR, ...params }).map(([k, v]) => [k, String(v)]),
  ).toString();
  return requestAs(context, person, { method: "GET", url: `/api/${path}?${query}` });
}

async function invoiceDetails(entryId: string) {
  const response = await get(owner, "salesinvoice/getsingleentrydetails", { entryId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entry;
}

/** A debit note of ₹200 + 18 % to the registered customer (inter-state), against INV-1. */
function noteToRegisteredPayload(extra: Record<string, unknown> = {}) {
  return documentPayload({
    date: "2024-09-20",
    party: registered,
    gstin: CUSTOMER_GSTIN,
    pos: "29",
    lines: [{ quantity: 1, rate: 200, gstRate: 18 }],
    extra: { billWiseEntries: [{ entryId: invoiceToRegistered, amount: 236 }], ...extra },
  });
}

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Mumbai Computers", startingYear: YEAR, billWiseEntry: true },
    accountantRights: [
      { transactionType: "salesInvoice", view: true, add: true, edit: true, delete: true },
    ],
    accounts: { registered: GST_PARTIES.bengaluruCustomer, walkIn: GST_PARTIES.walkIn },
    items: { laptop: { name: "Laptop" } },
  });
  ({ context, owner, stranger, accountant: salesOnly, viewer, organisationId: org } = book);
  ({ registered, walkIn } = book.accounts);
  item = book.items.laptop;
  invoiceToRegistered = (
    await addOk(
      "salesinvoice",
      documentPayload({
        date: "2024-09-05",
        party: registered,
        gstin: CUSTOMER_GSTIN,
        pos: "29",
        lines: [{ quantity: 2, rate: 1000, gstRate: 18 }],
        extra: { invoiceNumber: "INV-1" },
      }),
    )
  ).entryId;
  invoiceToWalkIn = (
    await addOk(
      "salesinvoice",
      documentPayload({
        date: "2024-09-06",
        party: walkIn,
        pos: "27",
        lines: [{ quantity: 1, rate: 500, gstRate: 5 }],
        extra: { invoiceNumber: "INV-2" },
      }),
    )
  ).entryId;
});

afterAll(async () => {
  await stopDocumentRenderer();
  await context.close();
});

describe("saving a debit note to a customer", () => {
  test("numbers its own series, posts Dr customer / Cr sales and IGST, and raises the invoice", async () => {
    noteToRegistered = await addOk("salesdebitnote", noteToRegisteredPayload());
    // Its own series: the first note is 1, whatever the invoices are numbered.
    expect(noteToRegistered.number).toBe("1");
    const entry = (
      await get(owner, "salesdebitnote/getsingleentrydetails", {
        entryId: noteToRegistered.entryId,
      })
    ).json().entry;
    // Worked by hand: ₹200 at 18 % inter-state: IGST ₹36, total ₹236; a price adjustment.
    expect(entry).toMatchObject({
      totalAmount: 236,
      igstAmount: 36,
      cgstAmount: 0,
      type: "adjustment",
      billWiseEntries: [{ entryId: invoiceToRegistered, amount: 236 }],
    });
    const balances = await balancesFromPostings(context, org);
    const sales = await systemAccountId(context, org, "sales");
    const igst = await systemAccountId(context, org, "outputIgst");
    // INV-1 ₹2,360 + the note ₹236 on the customer; sales and IGST credited by both.
    expect(balances.get(registered)).toBe(2_596_00);
    expect(balances.get(sales)).toBe(-(2_000_00 + 500_00 + 200_00));
    expect(balances.get(igst)).toBe(-(360_00 + 36_00));
    // The invoice it was made out against now has ₹2,596 pending.
    expect(await invoiceDetails(invoiceToRegistered)).toMatchObject({
      pendingAmt: 2596,
      status: "pending",
    });
  });

  test("answers in its own list, and moves no stock", async () => {
    const response = await get(owner, "salesdebitnote/salesdebitnotelist");
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.count).toBe(1);
    expect(body.salesDebitNotes[0]).toMatchObject({
      invoiceNumber: "1",
      partyName: "Bengaluru Systems",
      totalAmount: 236,
    });
    const movements = await context.testDatabase.database.db
      .selectFrom("stock_movements")
      .select("voucher_id")
      .where("organisation_id", "=", org)
      .where("voucher_id", "=", noteToRegistered.entryId)
      .execute();
    expect(movements).toEqual([]);
    // Its own document settings, and the invoice's settlements show it as raising (negative).
    const settings = await get(owner, "settings/getsalesdebitnotesettings");
    expect(settings.statusCode, settings.body).toBe(200);
    const settled = await get(owner, "salesinvoice/getreceipts", { entryId: invoiceToRegistered });
    expect(settled.json().entries).toEqual([
      expect.objectContaining({ type: "salesDebitNote", number: "1", allocatedAmount: -236 }),
    ]);
  });

  test("bad input changes nothing: a return type, another customer's invoice", async () => {
    const asReturn = await add(
      owner,
      "salesdebitnote",
      noteToRegisteredPayload({ type: "return" }),
    );
    expect(asReturn.statusCode).toBe(400);
    expect(asReturn.json().message).toContain("can only be adjustment");
    const otherParty = await add(
      owner,
      "salesdebitnote",
      noteToRegisteredPayload({ billWiseEntries: [{ entryId: invoiceToWalkIn, amount: 236 }] }),
    );
    expect(otherParty.statusCode).toBe(400);
    expect(otherParty.json().message).toBe("INV-2 is a sales invoice of another party.");
    expect((await get(owner, "salesdebitnote/salesdebitnotelist")).json().count).toBe(1);
  });

  test("needs its own right; a viewer cannot add; another organisation's caller is refused", async () => {
    // salesOnly may add sales invoices, but was given no right on this type.
    expect((await add(salesOnly, "salesdebitnote", noteToRegisteredPayload())).statusCode).toBe(
      403,
    );
    expect((await add(viewer, "salesdebitnote", noteToRegisteredPayload())).statusCode).toBe(403);
    expect((await get(viewer, "salesdebitnote/salesdebitnotelist")).statusCode).toBe(200);
    expect((await add(stranger, "salesdebitnote", noteToRegisteredPayload())).statusCode).toBe(403);
    const foreign = await get(stranger, "salesdebitnote/getsingleentrydetails", {
      entryId: noteToRegistered.entryId,
    });
    expect([403, 404]).toContain(foreign.statusCode);
    expect((await get(owner, "salesdebitnote/salesdebitnotelist")).json().count).toBe(1);
  });

  test("prints as a Debit Note against the invoice", async () => {
    const response = await requestAs(context, owner, {
      method: "GET",
      url: `/api/getpdf/transactionpdf?organisationId=${org}&entryId=${noteToRegistered.entryId}&transactionType=salesDebitNote&format=download`,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const text = await extractPdfText(response.rawPayload);
    expect(text).toContain("DEBIT NOTE");
    expect(text).toContain("Against Invoice: INV-1 dated 05-09-2024 (₹236.00)");
    expect(text).not.toContain("TAX INVOICE");
  });
});

describe("the returns", () => {
  test("GSTR-1: cdnr with ntty D, the unregistered note nets into b2cs, Table 13 nature 4", async () => {
    await addOk(
      "salesdebitnote",
      documentPayload({
        date: "2024-09-21",
        party: walkIn,
        pos: "27",
        lines: [{ quantity: 1, rate: 100, gstRate: 5 }],
        extra: { billWiseEntries: [{ entryId: invoiceToWalkIn, amount: 105 }] },
      }),
    );
    const response = await get(owner, "gstr1/gstr1Json", SEPTEMBER);
    expect(response.statusCode, response.body).toBe(200);
    const json = JSON.parse(response.body);
    expect(json.cdnr).toEqual([
      {
        ctin: CUSTOMER_GSTIN,
        nt: [
          {
            ntty: "D",
            nt_num: "1",
            nt_dt: "20-09-2024",
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            val: 236,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 200, iamt: 36, csamt: 0 } }],
          },
        ],
      },
    ]);
    // INV-2 ₹500 at 5 % plus the walk-in's debit note ₹100 at 5 %.
    expect(json.b2cs).toEqual([
      { sply_ty: "INTRA", pos: "27", typ: "OE", rt: 5, txval: 600, camt: 15, samt: 15, csamt: 0 },
    ]);
    expect(json.cdnur).toBeUndefined();
    expect(json.doc_issue.doc_det).toEqual([
      expect.objectContaining({ doc_num: 1, doc_typ: "Invoices for outward supply" }),
      {
        doc_num: 4,
        doc_typ: "Debit Note",
        docs: [{ num: 1, from: "1", to: "2", totnum: 2, cancel: 0, net_issue: 2 }],
      },
    ]);
    // HSN 8471: the notes add value, not quantity (2 laptops at 18 %, 1 at 5 %).
    expect(json.hsn.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ hsn_sc: "8471", qty: 1, rt: 5, txval: 600 }),
        expect.objectContaining({ hsn_sc: "8471", qty: 2, rt: 18, txval: 2200, iamt: 396 }),
      ]),
    );
  });

  test("GSTR-3B 3.1(a) adds the notes to the outward taxable supplies", async () => {
    const response = await get(owner, "gstr3b/gstr3B", { ...SEPTEMBER, type: "summary" });
    expect(response.statusCode, response.body).toBe(200);
    const cell = response.json().tables.find((row: { table: string }) => row.table === "3.1a");
    // 2,000 + 500 (invoices) + 200 + 100 (debit notes); IGST 360 + 36; CGST 12.50 + 2.50.
    expect(cell).toMatchObject({ taxableValue: 2800, igst: 396, cgst: 15, sgst: 15 });
    // The output tax ledgers, credited by the notes, agree with 3.1.
    const codes = response.json().warnings.map((warning: { code: string }) => warning.code);
    expect(codes).not.toContain("outputTaxDiffers");
  });

  test("filing GSTR-1 locks the month's debit notes to customers", async () => {
    const filed = await requestAs(context, owner, {
      method: "POST",
      url: "/api/gstr1/markfiled",
      payload: { organisationId: org, year: YEAR, ...SEPTEMBER },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const late = await add(
      owner,
      "salesdebitnote",
      noteToRegisteredPayload({ date: "2024-09-25" }),
    );
    expect(late.statusCode).toBe(423);
  });
});
