import { addDays, endOfMonth, financialYearOf, startOfMonth, todayCivil } from "@bahi/domain";
import { gstr1Errors, gstr3bErrors } from "@bahi/domain/schema-validators/gstn";
import { eInvoiceErrors, eWayBillErrors } from "@bahi/domain/schema-validators/nic";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  KARNATAKA_GSTIN,
  MAHARASHTRA_GSTIN,
  salesDocumentPayload,
  setUpGstRegisteredBook,
} from "../../../test/books.ts";
import { type Person, requestAs } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";

// Issue 35: the files the routes serve — the e-invoice JSON, the e-way bill bulk file, GSTR-1 and
// GSTR-3B — validated against NIC's and GSTN's official schemas (domain/test-fixtures/schemas),
// for documents keyed as an API client sends them (party and item ids only, as
// docs/api/vouchers.md's example) and as the entry screen sends them.

// Last month, so that the documents are young enough for the IRP and the e-way bill portal (180
// days) whenever the suite runs.
const START = startOfMonth(addDays(startOfMonth(todayCivil()), -1));
const PERIOD = { startDate: START, endDate: endOfMonth(START) };
const YEAR = financialYearOf(START);
const day = (dd: number) => `${START.slice(0, 8)}${String(dd).padStart(2, "0")}`;
const FP = `${START.slice(5, 7)}${START.slice(0, 4)}`;
const PUNE_GSTIN = "27AAGCB7383J1Z8";

let context: TestContext;
let owner: Person;
let org: string;
const ids = {} as Record<
  "karnataka" | "pune" | "walkIn" | "overseas" | "laptop" | "tea" | "installation",
  string
>;
const entries = {} as Record<
  "apiInter" | "apiIntra" | "screen" | "export" | "note" | "b2c",
  string
>;

async function call(method: "GET" | "POST", url: string, payload?: Record<string, unknown>) {
  return requestAs(context, owner, { method, url, ...(payload ? { payload } : {}) });
}

async function add(family: string, payload: Record<string, unknown>) {
  const response = await call("POST", `/api/${family}/add`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entryId as string;
}

async function addAccount(payload: Record<string, unknown>) {
  const response = await call("POST", "/api/account/add", { organisationId: org, ...payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().accountId as string;
}

async function addItem(payload: Record<string, unknown>) {
  const response = await call("POST", "/api/item/add", { organisationId: org, ...payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().itemId as string;
}

/** An API client's invoice: the party and each line's item, quantity, rate, tax rate and amount. */
function apiInvoice(
  date: string,
  party: string,
  lines: { itemId: string; quantity: number; rate: number; gstRate: number; amount: number }[],
  extra: Record<string, unknown> = {},
) {
  return {
    organisationId: org,
    year: YEAR,
    date,
    cashOrDebtorAccountId: party,
    itemDetails: lines,
    ...extra,
  };
}

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Mumbai Tea and Computers", startingYear: YEAR },
  });
  ({ context, owner, organisationId: org } = book);
  const settings = await call("POST", "/api/settings/organisation", {
    organisationId: org,
    billingAddress: "14, Market Yard",
    billingCity: "Mumbai",
    billingPincode: "400001",
    eInvoiceFrom: "2020-10-01",
  });
  expect(settings.statusCode, settings.body).toBe(200);

  ids.laptop = await addItem({
    name: "Laptop",
    type: "goods",
    hsnCode: "8471",
    uom: "NOS",
    gstRate: 18,
  });
  ids.tea = await addItem({
    name: "Assam Tea",
    type: "goods",
    hsnCode: "09024020",
    uom: "KGS",
    gstRate: 5,
  });
  ids.installation = await addItem({
    name: "Installation",
    type: "services",
    sacCode: "998729",
    gstRate: 18,
  });
  ids.karnataka = await addAccount({
    name: "Bengaluru Systems",
    nature: "Debtors",
    gstType: "regular",
    gstin: KARNATAKA_GSTIN,
    billingAddress: "4 MG Road",
    billingCity: "Bengaluru",
    billingPincode: "560001",
  });
  ids.pune = await addAccount({
    name: "Pune Traders",
    nature: "Debtors",
    gstType: "regular",
    gstin: PUNE_GSTIN,
    billingAddress: "Bhosari MIDC",
    billingCity: "Pune",
    billingPincode: "411026",
  });
  ids.walkIn = await addAccount({
    name: "Walk-in",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  ids.overseas = await addAccount({
    name: "Dubai Trading",
    nature: "Debtors",
    gstType: "overseas",
    billingAddress: "Deira",
    billingCity: "Dubai",
  });

  entries.apiInter = await add(
    "salesinvoice",
    apiInvoice(
      day(5),
      ids.karnataka,
      [
        { itemId: ids.laptop, quantity: 100, rate: 600, gstRate: 18, amount: 60_000 },
        { itemId: ids.installation, quantity: 1, rate: 2500, gstRate: 18, amount: 2500 },
      ],
      {
        transport: {
          transporterId: KARNATAKA_GSTIN,
          transporterName: "Fast Movers",
          mode: "road",
          vehicleNumber: "MH12AB1234",
          vehicleType: "regular",
          distanceKm: 840,
          documentNumber: "LR-77",
          documentDate: day(5),
        },
      },
    ),
  );
  // Loose goods within the state: 2.5 kg at ₹333.33 and 100 kg at ₹68.40, at 5 %.
  entries.apiIntra = await add(
    "salesinvoice",
    apiInvoice(
      day(6),
      ids.pune,
      [
        { itemId: ids.tea, quantity: 2.5, rate: 333.33, gstRate: 5, amount: 833.33 },
        { itemId: ids.tea, quantity: 100, rate: 68.4, gstRate: 5, amount: 6840 },
      ],
      { transport: { mode: "road", vehicleNumber: "MH14CD5678", distanceKm: 12 } },
    ),
  );
  entries.screen = await add(
    "salesinvoice",
    salesDocumentPayload({
      organisationId: org,
      year: YEAR,
      date: day(8),
      party: ids.karnataka,
      gstin: KARNATAKA_GSTIN,
      pos: "29",
      lines: [{ itemId: ids.laptop, quantity: 3, rate: 41_999.99, gstRate: 18 }],
    }),
  );
  entries.export = await add(
    "salesinvoice",
    salesDocumentPayload({
      organisationId: org,
      year: YEAR,
      date: day(10),
      party: ids.overseas,
      pos: "96",
      exportOrSez: "exportWithoutPayment",
      lines: [{ itemId: ids.tea, quantity: 500, rate: 410, gstRate: 5, hsnCode: "09024020" }],
      extra: { portCode: "INNSA1", shippingBillNumber: "1234567", countryCode: "AE" },
    }),
  );
  entries.b2c = await add(
    "salesinvoice",
    apiInvoice(day(12), ids.walkIn, [
      { itemId: ids.tea, quantity: 1.25, rate: 480, gstRate: 5, amount: 600 },
    ]),
  );
  entries.note = await add(
    "creditnote",
    apiInvoice(
      day(20),
      ids.karnataka,
      [{ itemId: ids.laptop, quantity: 1, rate: 600, gstRate: 18, amount: 600 }],
      { billWiseEntries: [{ entryId: entries.apiInter, amount: 708 }] },
    ),
  );
});
afterAll(() => context?.close());

const period = () => new URLSearchParams({ organisationId: org, year: YEAR, ...PERIOD });

describe("the files Bahi serves pass the official schemas", () => {
  test("e-invoice JSON (INV-01 1.1) of the month: B2B by API and by screen, export, note", async () => {
    const response = await call("GET", `/api/einvoice/json?${period()}`);
    expect(response.statusCode, response.body).toBe(200);
    const payloads = JSON.parse(response.body) as Record<string, unknown>[];
    const kinds = payloads.map((json) => {
      const tran = json.TranDtls as { SupTyp: string };
      const doc = json.DocDtls as { Typ: string };
      return `${doc.Typ} ${tran.SupTyp}`;
    });
    expect(kinds.sort()).toEqual(["CRN B2B", "INV B2B", "INV B2B", "INV B2B", "INV EXPWOP"]);
    for (const json of payloads) {
      expect(eInvoiceErrors(json), JSON.stringify(json.DocDtls)).toEqual([]);
    }
    // The API client's lines were filled from the masters: descriptions and HSN codes.
    const items = payloads.flatMap((json) => json.ItemList as Record<string, unknown>[]);
    expect(items.every((item) => String(item.PrdDesc).length >= 3)).toBe(true);
    expect(items.map((item) => item.HsnCd)).toContain("09024020");
    // Within the state the halves are equal on every line.
    for (const item of items) {
      expect(item.CgstAmt, JSON.stringify(item)).toBe(item.SgstAmt);
    }
  });

  test("e-way bill bulk file: inter-state by API with transport, loose goods within the state", async () => {
    const query = `organisationId=${org}&entryIds[]=${entries.apiInter}&entryIds[]=${entries.apiIntra}`;
    const response = await call("GET", `/api/ewaybill/json?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const json = JSON.parse(response.body) as { billLists: { itemList: { hsnCode: unknown }[] }[] };
    expect(json.billLists).toHaveLength(2);
    expect(eWayBillErrors(json)).toEqual([]);
    const hsnCodes = json.billLists.flatMap((bill) => bill.itemList.map((item) => item.hsnCode));
    expect(hsnCodes).toContain("09024020");
  });

  test("GSTR-1 JSON of the month: every section valid, none empty that the books fill", async () => {
    const response = await call("GET", `/api/gstr1/gstr1Json?${period()}`);
    expect(response.statusCode, response.body).toBe(200);
    const json = JSON.parse(response.body) as Record<string, unknown>;
    expect(json.gstin).toBe(MAHARASHTRA_GSTIN);
    expect(json.fp).toBe(FP);
    for (const section of ["b2b", "b2cs", "exp", "cdnr", "hsn", "doc_issue"]) {
      expect(json, section).toHaveProperty(section);
    }
    expect(gstr1Errors(json)).toEqual([]);
  });

  test("GSTR-3B JSON of the month is valid", async () => {
    const response = await call("GET", `/api/gstr3b/gstr3B?${period()}&downloadJson=true`);
    expect(response.statusCode, response.body).toBe(200);
    const json = JSON.parse(response.body) as { sup_details: { osup_det: { txval: number } } };
    expect(json.sup_details.osup_det.txval).toBeGreaterThan(0);
    expect(gstr3bErrors(json)).toEqual([]);
  });
});
