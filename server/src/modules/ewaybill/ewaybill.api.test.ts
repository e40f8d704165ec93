import { addDays, computeDocument, financialYearOf, paiseToRupees, todayCivil } from "@bahi/domain";
import ExcelJS from "exceljs";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  as,
  KARNATAKA_GSTIN,
  MAHARASHTRA_GSTIN,
  setUpGstRegisteredBook,
} from "../../../test/books.ts";
import { buildMultipart } from "../../../test/multipart.ts";
import { extractPdfText } from "../../../test/pdf.ts";
import type { Person } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";
import { stopDocumentRenderer } from "../documents/print-renderer.ts";

// Issue 24: transport details saved with the document, the e-way bill file for the portal, the
// list of documents needing one, the import of generated numbers and their print.

const ORG_GSTIN = MAHARASHTRA_GSTIN;
const CUSTOMER_GSTIN = KARNATAKA_GSTIN;
// The portal refuses documents older than 180 days: the books are dated yesterday.
const DATE = addDays(todayCivil(), -1);
const YEAR = financialYearOf(DATE);
const PERIOD = { startDate: addDays(DATE, -1), endDate: addDays(DATE, 1) };
const TRANSPORT = {
  transporterId: "29AAGCB7383J1Z4",
  transporterName: "Fast Movers",
  mode: "road",
  vehicleNumber: "mh 12 ab 1234",
  vehicleType: "regular",
  distanceKm: 840,
  documentNumber: "LR-77",
  documentDate: DATE,
};

let context: TestContext;
let owner: Person;
let stranger: Person;
let salesOnly: Person;
let viewer: Person;
let org: string;
let customer: string;
let supplier: string;
let steel: string;
let bigInvoice: string;
let smallInvoice: string;
let purchase: string;

const inject = (options: InjectOptions) => context.app.inject(options);

function documentPayload(input: {
  party: string;
  rate: number;
  quantity: number;
  pos: string;
  extra?: Record<string, unknown>;
}) {
  const computed = computeDocument({
    supplierStateCode: "27",
    placeOfSupply: input.pos,
    gstApplicable: true,
    supplyType: "regular",
    exportOrSezPayment: "withPayment",
    itemLines: [{ quantity: input.quantity, ratePaise: Math.round(input.rate * 100), gstRate: 18 }],
  });
  return {
    organisationId: org,
    year: YEAR,
    date: DATE,
    cashOrDebtorAccountId: input.party,
    pos: input.pos,
    itemDetails: [
      {
        itemId: steel,
        description: "TMT bars 12 mm",
        hsnCode: "7214",
        uom: "KGS",
        quantity: input.quantity,
        rate: input.rate,
        discountType: "percent",
        discount: 0,
        gstRate: 18,
        amount: paiseToRupees(computed.itemLines[0]?.taxablePaise ?? 0),
      },
    ],
    accountDetails: [],
    ...input.extra,
  };
}

async function add(person: Person, family: string, payload: Record<string, unknown>) {
  const response = await inject({
    method: "POST",
    url: `/api/${family}/add`,
    headers: as(person),
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entryId as string;
}

function url(path: string, params: Record<string, string>) {
  return `/api/ewaybill/${path}?${new URLSearchParams(params).toString()}`;
}

const listUrl = (organisationId = org) => url("list", { organisationId, year: YEAR, ...PERIOD });

function importFile(person: Person, fileName: string, bytes: Buffer | string, orgId = org) {
  const form = buildMultipart({ organisationId: orgId }, [{ field: "file", fileName, bytes }]);
  return inject({
    method: "POST",
    url: "/api/ewaybill/import",
    headers: { ...as(person), ...form.headers },
    payload: form.payload,
  });
}

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: {
      name: "Pune Steel",
      startingYear: YEAR,
      billingAddress: "12 MG Road\nPune 411001",
    },
    strangerOrganisation: { startingYear: YEAR },
    accounts: {
      customer: {
        name: "Bengaluru Builders",
        nature: "Debtors",
        gstin: CUSTOMER_GSTIN,
        stateCode: "29",
      },
      supplier: { name: "Local Mill", nature: "Creditors", stateCode: "27" },
    },
    items: { steel: { name: "Steel" } },
  });
  ({ context, owner, stranger, accountant: salesOnly, viewer, organisationId: org } = book);
  ({ customer, supplier } = book.accounts);
  steel = book.items.steel;
  // The supplier's pincode and city only in the structured fields (D1's migration 0090).
  await context.testDatabase.database.db
    .updateTable("accounts")
    .set({ billing_city: "Bhosari", billing_pincode: "411026" })
    .where("id", "=", supplier)
    .execute();
  // Maharashtra's own intra-state limit is ₹1,00,000 (decision 097); this organisation sets
  // Rule 138's ₹50,000, so its local purchase of ₹70,800 needs an e-way bill.
  const threshold = await inject({
    method: "POST",
    url: "/api/settings/organisation",
    headers: as(owner),
    payload: { organisationId: org, eWayBillIntraStateThreshold: 50_000 },
  });
  expect(threshold.statusCode, threshold.body).toBe(200);
  bigInvoice = await add(
    owner,
    "salesinvoice",
    documentPayload({
      party: customer,
      rate: 600,
      quantity: 100,
      pos: "29",
      extra: {
        invoiceNumber: "INV-1",
        gstin: CUSTOMER_GSTIN,
        shippingAddress: "Plot 4, Peenya\nBengaluru 560058",
        transport: TRANSPORT,
      },
    }),
  );
  smallInvoice = await add(
    owner,
    "salesinvoice",
    documentPayload({
      party: customer,
      rate: 100,
      quantity: 10,
      pos: "29",
      extra: { invoiceNumber: "INV-2", gstin: CUSTOMER_GSTIN },
    }),
  );
  purchase = await add(
    owner,
    "purchases",
    documentPayload({
      party: supplier,
      rate: 1000,
      quantity: 60,
      pos: "27",
      extra: { invoiceNumber: "P-9", billingAddress: "Bhosari MIDC, Pune 411026" },
    }),
  );
});

afterAll(async () => {
  await stopDocumentRenderer();
  await context?.close();
});

describe("transport details", () => {
  test("are saved with the invoice and normalised", async () => {
    const read = await inject({
      method: "GET",
      url: `/api/salesinvoice/getsingleentrydetails?organisationId=${org}&entryId=${bigInvoice}`,
      headers: as(owner),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().entry.transport).toEqual({ ...TRANSPORT, vehicleNumber: "MH12AB1234" });
  });

  test("a bad vehicle number or distance is refused and nothing is saved", async () => {
    const response = await inject({
      method: "POST",
      url: "/api/purchases/add",
      headers: as(owner),
      payload: documentPayload({
        party: supplier,
        rate: 10,
        quantity: 1,
        pos: "27",
        extra: { transport: { vehicleNumber: "12345", distanceKm: 5000 } },
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { message: string }) => e.message)).toEqual([
      "Vehicle number is not valid (for example KA01AB1234).",
      "Distance must be a whole number of kilometres from 0 to 4000.",
    ]);
  });
});

describe("GET /ewaybill/list", () => {
  test("lists the period's goods documents by state", async () => {
    const response = await inject({ method: "GET", url: listUrl(), headers: as(owner) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(
      body.documents.map((d: Record<string, unknown>) => [
        d.invoiceNumber,
        d.transactionType,
        d.state,
        d.consignmentValue,
      ]),
    ).toEqual([
      ["INV-1", "salesInvoice", "needed", 70_800],
      ["INV-2", "salesInvoice", "notNeeded", 1_180],
      ["P-9", "purchases", "needed", 70_800],
    ]);
    expect(body.counts).toEqual({ needed: 2, generated: 0, notNeeded: 1 });
  });

  test("a member sees only the types they may view; another organisation is refused", async () => {
    const mine = await inject({ method: "GET", url: listUrl(), headers: as(salesOnly) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().documents.map((d: { invoiceNumber: string }) => d.invoiceNumber)).toEqual([
      "INV-1",
      "INV-2",
    ]);
    const other = await inject({ method: "GET", url: listUrl(), headers: as(stranger) });
    expect(other.statusCode).toBe(403);
  });
});

describe("GET /ewaybill/json", () => {
  test("the bulk file of the invoice reads back as the portal's format", async () => {
    const response = await inject({
      method: "GET",
      url: `/api/ewaybill/json?organisationId=${org}&entryIds[]=${bigInvoice}`,
      headers: as(owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toContain(`EWB-${ORG_GSTIN}-`);
    const json = JSON.parse(response.body);
    expect(json.version).toBe("1.0.0621");
    expect(json.billLists).toHaveLength(1);
    const [day, month, year] = [DATE.slice(8), DATE.slice(5, 7), DATE.slice(0, 4)];
    expect(json.billLists[0]).toMatchObject({
      userGstin: ORG_GSTIN,
      supplyType: "O",
      subSupplyType: 1,
      docType: "INV",
      docNo: "INV-1",
      docDate: `${day}/${month}/${year}`,
      fromGstin: ORG_GSTIN,
      fromPincode: 411001,
      fromStateCode: 27,
      toGstin: CUSTOMER_GSTIN,
      toPincode: 560058,
      toStateCode: 29,
      totalValue: 60_000,
      igstValue: 10_800,
      cgstValue: 0,
      totInvValue: 70_800,
      transMode: 1,
      transDistance: 840,
      transporterId: "29AAGCB7383J1Z4",
      transporterName: "Fast Movers",
      vehicleNo: "MH12AB1234",
      vehicleType: "R",
      mainHsnCode: "7214",
      itemList: [
        {
          itemNo: 1,
          productName: "Steel",
          hsnCode: "7214",
          quantity: 100,
          qtyUnit: "KGS",
          taxableAmount: 60_000,
          igstRate: 18,
        },
      ],
    });
  });

  test("a period without transport details is refused naming each document", async () => {
    const response = await inject({
      method: "GET",
      url: url("json", { organisationId: org, ...PERIOD }),
      headers: as(owner),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { message: string }) => e.message)).toEqual([
      "Purchase P-9: give the mode of transport, or a transporter ID to fill in Part B.",
    ]);
  });

  test("neither documents nor a period, an unknown document, or no right: refused", async () => {
    const none = await inject({
      method: "GET",
      url: url("json", { organisationId: org }),
      headers: as(owner),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(
      "Give the documents (entryIds) or the period (startDate and endDate).",
    );
    const purchaseBySalesOnly = await inject({
      method: "GET",
      url: `/api/ewaybill/json?organisationId=${org}&entryIds[]=${purchase}`,
      headers: as(salesOnly),
    });
    expect(purchaseBySalesOnly.statusCode).toBe(404);
    const stranger403 = await inject({
      method: "GET",
      url: `/api/ewaybill/json?organisationId=${org}&entryIds[]=${bigInvoice}`,
      headers: as(stranger),
    });
    expect(stranger403.statusCode).toBe(403);
  });
});

describe("POST /ewaybill/import", () => {
  test("a viewer may not import; another organisation's id is refused", async () => {
    const csv = "Doc No,EWB No,EWB Date,Valid Upto\nINV-1,331001234567,01/01/2026,02/01/2026\n";
    expect((await importFile(viewer, "ewb.csv", csv)).statusCode).toBe(403);
    expect((await importFile(stranger, "ewb.csv", csv)).statusCode).toBe(403);
  });

  test("a file that is not the portal's list is refused", async () => {
    const response = await importFile(owner, "ewb.csv", "a,b\n1,2\n");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "The file has no document number and e-way bill number columns (Doc No, EWB No, EWB Date, Valid Upto).",
    );
    const wrongType = await importFile(owner, "ewb.pdf", "x");
    expect(wrongType.statusCode).toBe(400);
  });

  test("rows dated outside the books' years (9999, 2019) are refused on their rows (issue 26)", async () => {
    const outside = (row: number, date: string) =>
      `Row ${row}: The date "${date}" is outside the financial years Bahi keeps, 2021-22 to 2029-30 (01-04-2021 to 31-03-2030).`;
    const csv = [
      "Doc No,EWB No,EWB Date,Valid Upto",
      "INV-1,331001234567,31/12/9999,",
      "INV-1,331001234567,01/05/2019,02/05/2019",
      "NOPE-2,331001234569,01/01/2026,",
    ].join("\n");
    const response = await importFile(owner, "ewb.csv", csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      imported: [],
      unmatched: ["NOPE-2"],
      problems: [outside(1, "31/12/9999"), outside(2, "01/05/2019"), outside(2, "02/05/2019")],
    });
    const onlyBad = await importFile(owner, "ewb.csv", csv.split("\n").slice(0, 2).join("\n"));
    expect(onlyBad.statusCode).toBe(400);
    expect(onlyBad.json().message).toBe(outside(1, "31/12/9999"));
    const list = await inject({ method: "GET", url: listUrl(), headers: as(owner) });
    expect(list.json().documents[0]).toMatchObject({ invoiceNumber: "INV-1", ewbNumber: null });
  });

  test("the portal's Excel list is matched by number; the list and the PDF show it", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("EWB");
    sheet.addRow(["Sl No", "Doc No", "Doc Date", "EWB No", "EWB Date", "Valid Upto"]);
    const [y, m, d] = DATE.split("-");
    sheet.addRow([
      1,
      "INV-1",
      `${d}/${m}/${y}`,
      "331001234567",
      `${d}/${m}/${y} 11:42:00 AM`,
      `${d}/${m}/${y} 11:59:00 PM`,
    ]);
    sheet.addRow([2, "NOPE-1", `${d}/${m}/${y}`, "331001234568", `${d}/${m}/${y}`, ""]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await importFile(owner, "generated.xlsx", bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: "1 e-way bill imported.",
      imported: [{ entryId: bigInvoice, invoiceNumber: "INV-1", ewbNumber: "331001234567" }],
      unmatched: ["NOPE-1"],
    });

    const list = await inject({ method: "GET", url: listUrl(), headers: as(owner) });
    expect(list.json().documents[0]).toMatchObject({
      invoiceNumber: "INV-1",
      state: "generated",
      ewbNumber: "331001234567",
      ewbDate: DATE,
      validUntil: DATE,
    });
    expect(list.json().counts).toEqual({ needed: 1, generated: 1, notNeeded: 1 });

    const settings = await inject({
      method: "POST",
      url: "/api/settings/salesinvoice",
      headers: as(owner),
      payload: { organisationId: org, showTransportDetails: true },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const pdf = await inject({
      method: "GET",
      url: `/api/getpdf/transactionpdf?organisationId=${org}&entryId=${bigInvoice}&transactionType=salesInvoice`,
      headers: as(owner),
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await extractPdfText(pdf.rawPayload);
    const printed = `${d}-${m}-${y}`;
    expect(text).toContain("E-Way Bill No.");
    expect(text).toContain("331001234567");
    expect(text).toContain(`Valid Until`);
    expect(text).toContain("Fast Movers / 29AAGCB7383J1Z4");
    expect(text).toContain("MH12AB1234");
    expect(text).toContain("840 km");
    expect(text).toContain(`LR-77 dated ${printed}`);

    // Transport details hide when the settings say so; the e-way bill stays.
    await inject({
      method: "POST",
      url: "/api/settings/salesinvoice",
      headers: as(owner),
      payload: { organisationId: org, showTransportDetails: false },
    });
    const hidden = await inject({
      method: "GET",
      url: `/api/getpdf/transactionpdf?organisationId=${org}&entryId=${bigInvoice}&transactionType=salesInvoice`,
      headers: as(owner),
    });
    const hiddenText = await extractPdfText(hidden.rawPayload);
    expect(hiddenText).toContain("331001234567");
    expect(hiddenText).not.toContain("MH12AB1234");
  });

  test("the period's file leaves out documents already generated and small ones", async () => {
    // The purchase still lacks transport: give it, then the period's file holds only P-9.
    const read = await inject({
      method: "GET",
      url: `/api/purchases/getsingleentrydetails?organisationId=${org}&entryId=${purchase}`,
      headers: as(owner),
    });
    expect(read.statusCode, read.body).toBe(200);
    const stored = read.json().entry;
    const edit = await inject({
      method: "PUT",
      url: "/api/purchases/edit",
      headers: as(owner),
      payload: {
        ...documentPayload({
          party: supplier,
          rate: 1000,
          quantity: 60,
          pos: "27",
          extra: {
            invoiceNumber: "P-9",
            billingAddress: "Plot 7, MIDC",
            transport: { mode: "rail", documentNumber: "RR-5", documentDate: DATE, distanceKm: 0 },
          },
        }),
        entryId: purchase,
        version: stored.version,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const response = await inject({
      method: "GET",
      url: url("json", { organisationId: org, ...PERIOD }),
      headers: as(owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    const json = JSON.parse(response.body);
    expect(json.billLists.map((bill: { docNo: string }) => bill.docNo)).toEqual(["P-9"]);
    expect(json.billLists[0]).toMatchObject({
      supplyType: "I",
      fromGstin: "URP",
      fromPincode: 411026,
      fromPlace: "Bhosari",
      fromAddr1: "Plot 7, MIDC",
      toGstin: ORG_GSTIN,
      toPincode: 411001,
      cgstValue: 5_400,
      sgstValue: 5_400,
      transMode: 2,
      transDocNo: "RR-5",
    });
    expect(smallInvoice).toBeTruthy();
  });

  test("without the setting, Maharashtra's ₹1,00,000 leaves the local purchase out", async () => {
    const low = await inject({
      method: "POST",
      url: "/api/settings/organisation",
      headers: as(owner),
      payload: { organisationId: org, eWayBillIntraStateThreshold: 40_000 },
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe(
      "The intra-state e-way bill threshold cannot be below ₹50,000.",
    );
    const saved = await inject({
      method: "POST",
      url: "/api/settings/organisation",
      headers: as(owner),
      payload: { organisationId: org, eWayBillIntraStateThreshold: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = await inject({
      method: "GET",
      url: `/api/settings/getorganisationsettings?organisationId=${org}`,
      headers: as(owner),
    });
    expect(settings.json().settings).toMatchObject({
      eWayBillIntraStateThreshold: null,
      eWayBillStateThreshold: 100_000,
    });
    const list = await inject({ method: "GET", url: listUrl(), headers: as(owner) });
    expect(
      list
        .json()
        .documents.map((d: { invoiceNumber: string; state: string }) => [d.invoiceNumber, d.state]),
    ).toEqual([
      ["INV-1", "generated"],
      ["INV-2", "notNeeded"],
      ["P-9", "notNeeded"],
    ]);
    const file = await inject({
      method: "GET",
      url: url("json", { organisationId: org, ...PERIOD }),
      headers: as(owner),
    });
    expect(file.statusCode).toBe(400);
    expect(file.json().message).toBe(
      "No document in the period needs an e-way bill that is not yet generated.",
    );
  });
});

// Last: its documents would otherwise join the period the lists above count.
describe("a delivery challan converted into a sales invoice", () => {
  async function readTransport(family: string, entryId: string) {
    const read = await inject({
      method: "GET",
      url: `/api/${family}/getsingleentrydetails?organisationId=${org}&entryId=${entryId}`,
      headers: as(owner),
    });
    expect(read.statusCode, read.body).toBe(200);
    return read.json().entry.transport as Record<string, unknown> | undefined;
  }

  async function challanWithTransport() {
    return add(
      owner,
      "otherentries/deliverychallan",
      documentPayload({
        party: customer,
        rate: 10,
        quantity: 1,
        pos: "29",
        extra: { transport: { ...TRANSPORT, documentNumber: "LR-DC" } },
      }),
    );
  }

  test("brings the challan's transport details when the invoice names none", async () => {
    const challan = await challanWithTransport();
    const invoice = await add(
      owner,
      "salesinvoice",
      documentPayload({
        party: customer,
        rate: 10,
        quantity: 1,
        pos: "29",
        extra: { deliveryChallanId: challan, gstin: CUSTOMER_GSTIN },
      }),
    );
    expect(await readTransport("salesinvoice", invoice)).toEqual({
      ...TRANSPORT,
      vehicleNumber: "MH12AB1234",
      documentNumber: "LR-DC",
    });
  });

  test("the invoice's own details, or an emptied section, win over the challan's", async () => {
    const own = await add(
      owner,
      "salesinvoice",
      documentPayload({
        party: customer,
        rate: 10,
        quantity: 1,
        pos: "29",
        extra: {
          deliveryChallanId: await challanWithTransport(),
          transport: { mode: "rail", documentNumber: "RR-5", documentDate: DATE },
        },
      }),
    );
    expect(await readTransport("salesinvoice", own)).toEqual({
      mode: "rail",
      documentNumber: "RR-5",
      documentDate: DATE,
    });
    const emptied = await add(
      owner,
      "salesinvoice",
      documentPayload({
        party: customer,
        rate: 10,
        quantity: 1,
        pos: "29",
        extra: { deliveryChallanId: await challanWithTransport(), transport: {} },
      }),
    );
    expect(await readTransport("salesinvoice", emptied)).toEqual({});
  });
});
