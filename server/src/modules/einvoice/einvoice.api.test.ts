import { addDays, computeIrn, financialYearOf, todayCivil } from "@bahi/domain";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  KARNATAKA_GSTIN,
  MAHARASHTRA_GSTIN,
  salesDocumentPayload,
  setUpGstRegisteredBook,
} from "../../../test/books.ts";
import { decodePdfQrCodes, extractPdfText } from "../../../test/pdf.ts";
import { type Person, requestAs } from "../../../test/people.ts";
import type { TestContext } from "../../../test/test-app.ts";
import { changesOf, readTodaysTrail } from "../../../test/trail.ts";
import { stopDocumentRenderer } from "../documents/print-renderer.ts";

// Issue 24: e-invoices from the books, through the API: the INV-01 JSON, its refusal, the IRP's
// answer imported, the lock it puts on the document, and the cancellation within 24 hours.

const ORG_GSTIN = MAHARASHTRA_GSTIN;
const CUSTOMER_GSTIN = KARNATAKA_GSTIN;
const YEAR = "2025-26";

let context: TestContext;
let owner: Person;
let stranger: Person;
let viewer: Person;
let org: string;
let strangerOrg: string;
const ids = {} as Record<
  "customer" | "noPin" | "walkIn" | "overseas" | "item" | "b2b" | "b2c" | "exp" | "bad" | "note",
  string
>;

type Input = Omit<Parameters<typeof salesDocumentPayload>[0], "organisationId" | "year" | "pos"> & {
  pos: string;
};

const documentPayload = (input: Input) =>
  salesDocumentPayload({ organisationId: org, year: YEAR, ...input });

async function post(url: string, payload: Record<string, unknown>, person = owner) {
  return requestAs(context, person, { method: "POST", url, payload });
}

async function add(family: string, payload: Record<string, unknown>) {
  const response = await post(`/api/${family}/add`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entryId as string;
}

async function addAccount(payload: Record<string, unknown>) {
  const response = await post("/api/account/add", { organisationId: org, ...payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().accountId as string;
}

const get = (person: Person, path: string, params: string) =>
  requestAs(context, person, { method: "GET", url: `/api/einvoice/${path}?${params}` });

const period = () => `organisationId=${org}&year=${YEAR}&startDate=2025-09-01&endDate=2025-09-30`;

/** A token shaped like the IRP's signed QR (header.payload.signature, payload.data JSON text). */
function signedQr(data: Record<string, unknown>) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "RS256", typ: "JWT" })}.${part({ data: JSON.stringify(data), iss: "NIC" })}.c2lnbmF0dXJl`;
}

/** "YYYY-MM-DD HH:mm:ss" in India time, some hours ago. */
function ackDateHoursAgo(hours: number) {
  const india = new Date(Date.now() - hours * 3_600_000 + 5.5 * 3_600_000);
  return india.toISOString().slice(0, 19).replace("T", " ");
}

function multipart(organisationId: string, file: Buffer, name = "file", fileName = "irp.json") {
  const boundary = "----bahi-einvoice";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="organisationId"\r\n\r\n${organisationId}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

function importFile(answer: unknown, person = owner, organisationId = org) {
  return requestAs(context, person, {
    method: "POST",
    url: "/api/einvoice/import",
    ...multipart(organisationId, Buffer.from(JSON.stringify(answer))),
  });
}

function answerFor(number: string, hoursAgo: number, docType = "INV", date = "2025-09-05") {
  const irn = computeIrn({ sellerGstin: ORG_GSTIN, date, docType: docType as "INV", number });
  return {
    irn,
    answer: {
      success: true,
      result: {
        AckNo: 112510036743849,
        AckDt: ackDateHoursAgo(hoursAgo),
        Irn: irn,
        SignedQRCode: signedQr({
          SellerGstin: ORG_GSTIN,
          DocNo: number,
          DocTyp: docType,
          Irn: irn,
        }),
        Status: "ACT",
      },
    },
  };
}

beforeAll(async () => {
  const book = await setUpGstRegisteredBook({
    organisation: { name: "Mumbai Computers", startingYear: YEAR },
    items: { item: { name: "Laptop" } },
  });
  ({
    context,
    owner,
    stranger,
    viewer,
    organisationId: org,
    strangerOrganisationId: strangerOrg,
  } = book);
  ids.item = book.items.item;
  const settings = await post("/api/settings/organisation", {
    organisationId: org,
    billingAddress: "14, Market Yard",
    billingCity: "Mumbai",
    billingPincode: "400001",
    eInvoiceFrom: "2025-04-01",
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const party = { nature: "Debtors", gstType: "regular", gstin: CUSTOMER_GSTIN };
  ids.customer = await addAccount({
    name: "Bengaluru Systems",
    ...party,
    billingAddress: "4 MG Road",
    billingCity: "Bengaluru",
    billingPincode: "560001",
  });
  ids.noPin = await addAccount({ name: "No Pin Traders", ...party, billingAddress: "Somewhere" });
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
    billingAddress: "Deira, Dubai",
    billingCity: "Dubai",
  });
  const laptops = [{ itemId: ids.item, quantity: 2, rate: 1000, gstRate: 18 }];
  ids.b2b = await add(
    "salesinvoice",
    documentPayload({
      date: "2025-09-05",
      party: ids.customer,
      gstin: CUSTOMER_GSTIN,
      pos: "29",
      lines: laptops,
      extra: { invoiceNumber: "INV-1" },
    }),
  );
  ids.b2c = await add(
    "salesinvoice",
    documentPayload({
      date: "2025-09-06",
      party: ids.walkIn,
      pos: "27",
      lines: laptops,
      extra: { invoiceNumber: "INV-2" },
    }),
  );
  ids.exp = await add(
    "salesinvoice",
    documentPayload({
      date: "2025-09-07",
      party: ids.overseas,
      pos: "96",
      exportOrSez: "exportWithoutPayment",
      lines: laptops,
      extra: { invoiceNumber: "EXP/1", portCode: "INNSA1", shippingBillNumber: "1234567" },
    }),
  );
  ids.bad = await add(
    "salesinvoice",
    documentPayload({
      date: "2025-09-08",
      party: ids.noPin,
      gstin: CUSTOMER_GSTIN,
      pos: "29",
      lines: laptops,
      extra: { invoiceNumber: "0009" },
    }),
  );
  ids.note = await add(
    "creditnote",
    documentPayload({
      date: "2025-09-20",
      party: ids.customer,
      gstin: CUSTOMER_GSTIN,
      pos: "29",
      lines: [{ itemId: ids.item, quantity: 1, rate: 1000, gstRate: 18 }],
      extra: { invoiceNumber: "CN-1", billWiseEntries: [{ entryId: ids.b2b, amount: 1180 }] },
    }),
  );
});
afterAll(async () => {
  await stopDocumentRenderer();
  await context.close();
});

describe("the period's documents by e-invoice state", () => {
  test("B2B, export and notes need an IRN; B2C does not; the IRN is computed", async () => {
    const response = await get(owner, "list", period());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.provider).toBe("offline");
    expect(body.eInvoiceFrom).toBe("2025-04-01");
    expect(body.counts).toEqual({
      needsIrn: 4,
      exported: 0,
      registered: 0,
      cancelled: 0,
      notApplicable: 1,
    });
    const byNumber = Object.fromEntries(
      body.documents.map((document: { number: string }) => [document.number, document]),
    );
    expect(byNumber["INV-1"]).toMatchObject({
      docType: "INV",
      state: "needsIrn",
      totalAmount: 2360,
      irn: computeIrn({
        sellerGstin: ORG_GSTIN,
        date: "2025-09-05",
        docType: "INV",
        number: "INV-1",
      }),
      problems: [],
    });
    expect(byNumber["INV-2"]).toMatchObject({ state: "notApplicable", irn: null });
    expect(byNumber["CN-1"]).toMatchObject({ docType: "CRN", state: "needsIrn" });
    expect(byNumber["0009"].problems).toEqual([
      "The number 0009 starts with 0, / or -, which the IRP refuses: renumber the document.",
      "The party's billing city is missing: add it in the party's account.",
      "The party's billing pincode is missing: add it in the party's account.",
    ]);
  });

  test("another organisation's members, and ids of another organisation, are refused", async () => {
    expect((await get(stranger, "list", period())).statusCode).toBe(403);
    const foreign = await get(
      stranger,
      "list",
      `organisationId=${strangerOrg}&entryIds[]=${ids.b2b}`,
    );
    expect(foreign.statusCode).toBe(404);
    const missing = await get(owner, "list", `organisationId=${org}&entryIds[]=nope`);
    expect(missing.statusCode).toBe(404);
  });
});

describe("the INV-01 JSON", () => {
  test("a range with a bad document is refused, naming it and what is wrong", async () => {
    const response = await get(owner, "json", period());
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(
      "1 document cannot go to the IRP yet: fix what is listed and try again.",
    );
    expect(body.errors).toContainEqual({
      path: ids.bad,
      message:
        "Sales Invoice 0009: The party's billing pincode is missing: add it in the party's account.",
    });
  });

  test("a B2C invoice named is refused as not applicable", async () => {
    const response = await get(owner, "json", `organisationId=${org}&entryIds[]=${ids.b2c}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe(
      "Sales Invoice INV-2 does not go to the IRP: To an unregistered party (B2C): not e-invoiced.",
    );
  });

  test("the invoice, export and note give the bulk tool's list and become exported", async () => {
    const response = await get(
      owner,
      "json",
      `organisationId=${org}&entryIds[]=${ids.b2b}&entryIds[]=${ids.exp}&entryIds[]=${ids.note}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toContain("attachment");
    const list = JSON.parse(response.body);
    expect(list).toHaveLength(3);
    const [invoice, exported, note] = list;
    expect(invoice).toMatchObject({
      Version: "1.1",
      TranDtls: { TaxSch: "GST", SupTyp: "B2B", RegRev: "N", IgstOnIntra: "N" },
      DocDtls: { Typ: "INV", No: "INV-1", Dt: "05/09/2025" },
      SellerDtls: {
        Gstin: ORG_GSTIN,
        LglNm: "Mumbai Computers",
        Addr1: "14, Market Yard",
        Loc: "Mumbai",
        Pin: 400001,
        Stcd: "27",
      },
      BuyerDtls: {
        Gstin: CUSTOMER_GSTIN,
        LglNm: "Bengaluru Systems",
        Pos: "29",
        Loc: "Bengaluru",
        Pin: 560001,
        Stcd: "29",
      },
      ItemList: [
        {
          SlNo: "1",
          HsnCd: "8471",
          Qty: 2,
          Unit: "NOS",
          UnitPrice: 1000,
          TotAmt: 2000,
          AssAmt: 2000,
          GstRt: 18,
          IgstAmt: 360,
          TotItemVal: 2360,
        },
      ],
      ValDtls: { AssVal: 2000, IgstVal: 360, TotInvVal: 2360 },
    });
    expect(exported).toMatchObject({
      TranDtls: { SupTyp: "EXPWOP" },
      BuyerDtls: { Gstin: "URP", Pos: "96", Pin: 999999, Stcd: "96" },
      ExpDtls: { ShipBNo: "1234567", Port: "INNSA1" },
      ValDtls: { IgstVal: 0, TotInvVal: 2000 },
    });
    expect(note).toMatchObject({
      DocDtls: { Typ: "CRN", No: "CN-1", Dt: "20/09/2025" },
      RefDtls: { PrecDocDtls: [{ InvNo: "INV-1", InvDt: "05/09/2025" }] },
      ValDtls: { TotInvVal: 1180 },
    });
    const listed = (await get(owner, "list", period())).json();
    expect(listed.counts).toMatchObject({ needsIrn: 1, exported: 3 });
  });

  test("PayDtls carries the bank account printed on documents; no DispDtls is made", async () => {
    const settings = await post("/api/settings/organisation", {
      organisationId: org,
      bankName: "ICICI Bank",
      bankAccountNumber: "098301002773",
      bankIfsc: "ICIC0000983",
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const response = await get(owner, "json", `organisationId=${org}&entryIds[]=${ids.b2b}`);
    expect(response.statusCode, response.body).toBe(200);
    const [invoice] = JSON.parse(response.body);
    expect(invoice.PayDtls).toEqual({
      Nm: "Mumbai Computers",
      AccDet: "098301002773",
      FinInsBr: "ICIC0000983",
    });
    expect(invoice.DispDtls).toBeUndefined();
  });
});

describe("EwbDtls: the e-way bill generated with the IRN (decision 098)", () => {
  // Thirty laptops to Bengaluru: ₹70,800 of goods between states, over Rule 138's ₹50,000.
  // Dated yesterday: the portal makes no e-way bill for a document over 180 days old.
  const date = addDays(todayCivil(), -1);
  const truckload = [{ itemId: "", quantity: 30, rate: 2000, gstRate: 18 }];
  const invoice = (number: string, transport: Record<string, unknown>, lines = truckload) =>
    add(
      "salesinvoice",
      documentPayload({
        date,
        party: ids.customer,
        gstin: CUSTOMER_GSTIN,
        pos: "29",
        lines: lines.map((line) => ({ ...line, itemId: ids.item })),
        extra: { invoiceNumber: number, transport, year: financialYearOf(date) },
      }),
    );

  let truckInvoice = "";

  test("an invoice with its transport carries EwbDtls from it", async () => {
    const entryId = await invoice("INV-10", {
      transporterName: "VRL Logistics",
      mode: "road",
      vehicleNumber: "MH 12 AB 1234",
      distanceKm: 980,
      documentNumber: "LR-5531",
      documentDate: date,
    });
    const response = await get(owner, "json", `organisationId=${org}&entryIds[]=${entryId}`);
    expect(response.statusCode, response.body).toBe(200);
    const [payload] = JSON.parse(response.body);
    expect(payload.ValDtls.TotInvVal).toBe(70_800);
    expect(payload.EwbDtls).toEqual({
      TransName: "VRL Logistics",
      TransMode: "1",
      Distance: 980,
      TransDocNo: "LR-5531",
      TransDocDt: `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`,
      VehNo: "MH12AB1234",
      VehType: "R",
    });
    truckInvoice = entryId;
  });

  test("the IRP's answer with EwbNo registers the IRN, and the e-way bill import takes it too", async () => {
    const { answer } = answerFor("INV-10", 1, "INV", date);
    const withEwb = {
      ...answer,
      result: {
        ...answer.result,
        EwbNo: 331009876543,
        EwbDt: answer.result.AckDt,
        EwbValidTill: `${addDays(date, 6)} 23:59:00`,
      },
    };
    const registered = await importFile(withEwb);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().registered).toMatchObject([
      { entryId: truckInvoice, number: "INV-10" },
    ]);
    const bytes = Buffer.from(JSON.stringify(withEwb));
    const upload = (person: Person) =>
      requestAs(context, person, {
        method: "POST",
        url: "/api/ewaybill/import",
        ...multipart(org, bytes, "file", "irp-answer.json"),
      });
    expect((await upload(viewer)).statusCode).toBe(403);
    const imported = await upload(owner);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      imported: [{ entryId: truckInvoice, invoiceNumber: "INV-10", ewbNumber: "331009876543" }],
      unmatched: [],
      problems: [],
    });
    // Issue 39: the e-way bill written onto the invoice is in the audit trail.
    const [trailed] = await readTodaysTrail(context, owner, org, { entityId: truckInvoice });
    expect(trailed).toMatchObject({ action: "edited", entity: "salesInvoice", number: "INV-10" });
    expect(changesOf(trailed)).toEqual({
      "eWayBill.ewbNumber": [null, "331009876543"],
      "eWayBill.ewbDate": [null, expect.any(String)],
      "eWayBill.validUntil": [null, addDays(date, 6)],
    });
    // The same list imported again changes nothing and adds no entry.
    expect((await upload(owner)).statusCode).toBe(200);
    expect(
      (await readTodaysTrail(context, owner, org, { entityId: truckInvoice })).filter((entry) =>
        entry.changes.some((change) => change.field.startsWith("eWayBill.")),
      ),
    ).toHaveLength(1);
    const list = await requestAs(context, owner, {
      method: "GET",
      url: `/api/ewaybill/list?organisationId=${org}&year=${financialYearOf(date)}&startDate=${date}&endDate=${date}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    const row = list
      .json()
      .documents.find((document: { entryId: string }) => document.entryId === truckInvoice);
    expect(row).toMatchObject({
      state: "generated",
      ewbNumber: "331009876543",
      validUntil: addDays(date, 6),
    });
  });

  test("road without the vehicle number is reported; below the threshold it is left out", async () => {
    const missing = await invoice("INV-11", { mode: "road", distanceKm: 980 });
    const refused = await get(owner, "json", `organisationId=${org}&entryIds[]=${missing}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        path: missing,
        message:
          "Sales Invoice INV-11: E-way bill: transport by road needs the vehicle number (or leave the mode empty and give a transporter ID to generate Part A only).",
      },
    ]);
    const listed = await get(owner, "list", `organisationId=${org}&entryIds[]=${missing}`);
    expect(listed.json().documents[0].problems).toEqual([
      "E-way bill: transport by road needs the vehicle number (or leave the mode empty and give a transporter ID to generate Part A only).",
    ]);

    // Two laptops (₹4,720) need no e-way bill: the incomplete details do not hold the IRN back.
    const small = await invoice("INV-12", { mode: "road", distanceKm: 980 }, [
      { itemId: "", quantity: 2, rate: 2000, gstRate: 18 },
    ]);
    const taken = await get(owner, "json", `organisationId=${org}&entryIds[]=${small}`);
    expect(taken.statusCode, taken.body).toBe(200);
    const [payload] = JSON.parse(taken.body);
    expect(payload.DocDtls.No).toBe("INV-12");
    expect(payload.EwbDtls).toBeUndefined();
  });
});

describe("the IRP's answer", () => {
  test("refuses a file that is not JSON, one without IRNs, and another part name", async () => {
    const notJson = await requestAs(context, owner, {
      method: "POST",
      url: "/api/einvoice/import",
      ...multipart(org, Buffer.from("<html>not json</html>")),
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe(
      "The file is not the IRP's JSON answer: upload the JSON the IRP or its bulk tool gave, or its Excel list of generated IRNs.",
    );
    expect((await importFile({ hello: 1 })).json().message).toBe(
      "The file has no IRN with Ack No, Ack Date and signed QR code: upload the IRP's answer.",
    );
    const wrongPart = await requestAs(context, owner, {
      method: "POST",
      url: "/api/einvoice/import",
      ...multipart(org, Buffer.from("{}"), "files"),
    });
    expect(wrongPart.statusCode).toBe(400);
    const huge = await requestAs(context, owner, {
      method: "POST",
      url: "/api/einvoice/import",
      ...multipart(org, Buffer.alloc(6 * 1024 * 1024, 32)),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe("The file is too large (maximum 5 MB).");
  });

  test("a viewer cannot import; a stranger cannot import into the organisation", async () => {
    const { answer } = answerFor("INV-1", 1);
    expect((await importFile(answer, viewer)).statusCode).toBe(403);
    expect((await importFile(answer, stranger)).statusCode).toBe(403);
  });

  test("an Ack Date outside the books' years (9999, 2019) is refused on its entry (issue 26)", async () => {
    const far = answerFor("INV-1", 1);
    far.answer.result.AckDt = "9999-12-31 10:00:00";
    const old = answerFor("EXP/1", 1, "INV", "2025-09-07");
    old.answer.result.AckDt = "2019-05-01 10:00:00";
    const response = await importFile([far.answer, old.answer]);
    expect(response.statusCode, response.body).toBe(200);
    const outside = (date: string) =>
      `Ack Date: The date "${date}" is outside the financial years Bahi keeps, 2021-22 to 2029-30 (01-04-2021 to 31-03-2030).`;
    expect(response.json()).toMatchObject({
      registered: [],
      unmatched: [
        { irn: far.irn, number: "INV-1", message: outside("9999-12-31 10:00:00") },
        { irn: old.irn, number: "EXP/1", message: outside("2019-05-01 10:00:00") },
      ],
    });
    const listed = await get(owner, "list", `organisationId=${org}&entryIds[]=${ids.b2b}`);
    expect(listed.json().documents[0].state).not.toBe("registered");
  });

  test("registers the invoice by its IRN; it can then be neither edited nor deleted", async () => {
    const { answer, irn } = answerFor("INV-1", 1);
    const response = await importFile([answer, answerFor("NOPE-1", 1).answer]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.registered).toEqual([
      { entryId: ids.b2b, number: "INV-1", irn, ackNo: "112510036743849" },
    ]);
    expect(body.unmatched).toHaveLength(1);
    // Issue 39: the IRN written onto the invoice is in the audit trail, with who and what (the
    // IRN itself was computed on export, so it is unchanged and not listed).
    const [trailed] = await readTodaysTrail(context, owner, org, { entityId: ids.b2b });
    expect(trailed).toMatchObject({
      userId: owner.userId,
      action: "edited",
      entity: "salesInvoice",
      number: "INV-1",
    });
    expect(changesOf(trailed)).toEqual({
      "eInvoice.state": ["exported", "registered"],
      "eInvoice.ackNo": [null, "112510036743849"],
      "eInvoice.ackDate": [null, answer.result.AckDt],
    });
    const listed = (await get(owner, "list", `organisationId=${org}&entryIds[]=${ids.b2b}`)).json();
    expect(listed.documents[0]).toMatchObject({
      state: "registered",
      irn,
      ackNo: "112510036743849",
    });

    const entry = await requestAs(context, owner, {
      method: "GET",
      url: `/api/salesinvoice/getsingleentrydetails?organisationId=${org}&entryId=${ids.b2b}`,
    });
    expect(entry.json().entry.eInvoice).toMatchObject({
      state: "registered",
      irn,
      ackNo: "112510036743849",
    });

    // The printed invoice shows the IRN, Ack No and Date, and the QR of the signed QR text.
    const pdf = await requestAs(context, owner, {
      method: "GET",
      url: `/api/getpdf/transactionpdf?organisationId=${org}&entryId=${ids.b2b}&transactionType=salesInvoice&format=download`,
    });
    expect(pdf.statusCode).toBe(200);
    const printed = await extractPdfText(pdf.rawPayload);
    expect(printed).toContain(`IRN: ${irn}`);
    expect(printed).toContain("Ack No: 112510036743849");
    expect(printed).toContain(`Ack Date: ${answer.result.AckDt}`);
    expect(await decodePdfQrCodes(pdf.rawPayload)).toEqual([answer.result.SignedQRCode]);

    const locked = `Sales Invoice INV-1 has an IRN from the IRP (e-invoice): it cannot be edited or deleted. Cancel the IRN within 24 hours, or amend it by a credit or debit note.`;
    const edit = await requestAs(context, owner, {
      method: "PUT",
      url: "/api/salesinvoice/edit",
      payload: {
        ...documentPayload({
          date: "2025-09-05",
          party: ids.customer,
          gstin: CUSTOMER_GSTIN,
          pos: "29",
          lines: [{ itemId: ids.item, quantity: 3, rate: 1000, gstRate: 18 }],
          extra: { invoiceNumber: "INV-1" },
        }),
        entryId: ids.b2b,
        version: 1,
      },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(locked);
    const remove = await requestAs(context, owner, {
      method: "DELETE",
      url: `/api/salesinvoice/delete?organisationId=${org}&entryIds[]=${ids.b2b}`,
    });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().message).toBe(locked);

    const again = await get(owner, "json", `organisationId=${org}&entryIds[]=${ids.b2b}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].message).toBe(
      "Sales Invoice INV-1 already has an IRN; it cannot be exported again.",
    );
  });

  test("cancellation: reason recorded within 24 hours, refused after, rights checked", async () => {
    const late = answerFor("CN-1", 25, "CRN", "2025-09-20");
    expect((await importFile(late.answer)).json().registered).toHaveLength(1);
    const tooLate = await post("/api/einvoice/cancel", {
      organisationId: org,
      entryId: ids.note,
      reason: 2,
    });
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().message).toMatch(/^An IRN can only be cancelled within 24 hours/);

    const badReason = await post("/api/einvoice/cancel", {
      organisationId: org,
      entryId: ids.b2b,
      reason: 5,
    });
    expect(badReason.statusCode).toBe(400);
    const byViewer = await post(
      "/api/einvoice/cancel",
      { organisationId: org, entryId: ids.b2b, reason: 1 },
      viewer,
    );
    expect(byViewer.statusCode).toBe(403);

    const cancelled = await post("/api/einvoice/cancel", {
      organisationId: org,
      entryId: ids.b2b,
      reason: 3,
      remark: "Order withdrawn",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe(
      "The IRN of Sales Invoice INV-1 is cancelled (Order cancelled).",
    );
    const listed = (await get(owner, "list", period())).json();
    const invoice = listed.documents.find((d: { entryId: string }) => d.entryId === ids.b2b);
    expect(invoice).toMatchObject({ state: "cancelled", cancelReason: 3 });
    expect(listed.counts).toMatchObject({ registered: 1, cancelled: 1 });
    const [trailed] = await readTodaysTrail(context, owner, org, { entityId: ids.b2b });
    expect(trailed).toMatchObject({ userId: owner.userId, action: "edited", number: "INV-1" });
    expect(changesOf(trailed)).toMatchObject({
      "eInvoice.state": ["registered", "cancelled"],
      "eInvoice.cancelReason": [null, 3],
      "eInvoice.cancelRemark": [null, "Order withdrawn"],
    });
    expect(changesOf(trailed)["eInvoice.cancelledAt"]?.[1]).toEqual(expect.any(String));
    expect(
      (
        await post("/api/einvoice/cancel", { organisationId: org, entryId: ids.b2b, reason: 1 })
      ).json().message,
    ).toBe("Sales Invoice INV-1's IRN is already cancelled.");
  });
  test("the IRP's Excel list of generated IRNs registers the documents it names", async () => {
    const irn = computeIrn({
      sellerGstin: ORG_GSTIN,
      date: "2025-09-07",
      docType: "INV",
      number: "EXP/1",
    });
    const qr = signedQr({ SellerGstin: ORG_GSTIN, DocNo: "EXP/1", DocTyp: "INV", Irn: irn });
    const other = computeIrn({
      sellerGstin: ORG_GSTIN,
      date: "2025-09-07",
      docType: "INV",
      number: "NOPE-2",
    });
    // The IRN-generated list as the IRP gives it (decision 096): a title row, then the headings.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("IRN Generated");
    sheet.addRow(["IRN Generated"]);
    sheet.addRow([
      "Counterparty",
      "Doc Type",
      "Doc No",
      "Doc Date",
      "Ack No.",
      "Ack Date",
      "IRN",
      "Signed QR Code",
    ]);
    const ackDate = sheet.addRow([
      "Dubai Trading",
      "Invoice",
      "EXP/1",
      "07/09/2025",
      112510036799999,
      new Date(Date.UTC(2025, 8, 7, 14, 5, 0)),
      irn,
      qr,
    ]);
    ackDate.getCell(6).numFmt = "dd/mm/yyyy hh:mm:ss";
    const plainQr = signedQr({ SellerGstin: ORG_GSTIN, DocTyp: "INV" });
    sheet.addRow([
      "Dubai Trading",
      "Invoice",
      "BAD-1",
      "07/09/2025",
      1,
      "07/09/2025",
      "x",
      plainQr,
    ]);
    sheet.addRow([
      "Someone",
      "Invoice",
      "NOPE-2",
      "07/09/2025",
      2,
      "07/09/2025 10:00",
      other,
      plainQr,
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const upload = (person: Person, file: Buffer) =>
      requestAs(context, person, {
        method: "POST",
        url: "/api/einvoice/import",
        ...multipart(org, file, "file", "irn-generated.xlsx"),
      });

    expect((await upload(viewer, bytes)).statusCode).toBe(403);
    const response = await upload(owner, bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: "1 document registered with the IRP; 1 not matched.",
      registered: [{ entryId: ids.exp, number: "EXP/1", irn, ackNo: "112510036799999" }],
      unmatched: [{ irn: other, number: "NOPE-2" }],
      problems: ["Row 4: the IRN must be 64 hexadecimal characters."],
    });
    const listed = (await get(owner, "list", `organisationId=${org}&entryIds[]=${ids.exp}`)).json();
    expect(listed.documents[0]).toMatchObject({
      state: "registered",
      irn,
      ackNo: "112510036799999",
      ackDate: "2025-09-07 14:05:00",
    });

    // A sheet of something else, or one whose every row is faulty: refused, nothing stored.
    const elsewhere = new ExcelJS.Workbook();
    elsewhere.addWorksheet("Sheet1").addRow(["Doc No", "EWB No", "EWB Date"]);
    const refused = await upload(owner, Buffer.from(await elsewhere.xlsx.writeBuffer()));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^The file has no IRN, Ack No, Ack Date and Signed QR/);
    const faulty = await requestAs(context, owner, {
      method: "POST",
      url: "/api/einvoice/import",
      ...multipart(
        org,
        Buffer.from(`Doc No,Ack No,Ack Date,IRN,Signed QR Code\nINV-2,1,07/09/2025,${irn},\n`),
        "file",
        "irn.csv",
      ),
    });
    expect(faulty.statusCode).toBe(400);
    expect(faulty.json().errors).toEqual([
      {
        path: "file",
        message: "Row 2: the signed QR code is missing; it is printed on the invoice.",
      },
    ]);
  });
});

describe("loose goods (issue 34): quantity × rate exact to the paisa", () => {
  test("100 at ₹68.40 and 2.5 kg at ₹33.33 give their e-invoice, and the period lists", async () => {
    const entryId = await add(
      "salesinvoice",
      documentPayload({
        date: "2025-11-03",
        party: ids.customer,
        gstin: CUSTOMER_GSTIN,
        pos: "29",
        lines: [
          { itemId: ids.item, quantity: 100, rate: 68.4, gstRate: 5 },
          { itemId: ids.item, quantity: 2.5, rate: 33.33, gstRate: 5 },
        ],
        extra: { invoiceNumber: "LOOSE-1" },
      }),
    );
    const november = `organisationId=${org}&year=${YEAR}&startDate=2025-11-01&endDate=2025-11-30`;
    const listed = await get(owner, "list", november);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().documents).toEqual([
      expect.objectContaining({ number: "LOOSE-1", totalAmount: 7270, problems: [] }),
    ]);
    const response = await get(owner, "json", `organisationId=${org}&entryIds[]=${entryId}`);
    expect(response.statusCode, response.body).toBe(200);
    const [invoice] = JSON.parse(response.body);
    expect(invoice.ItemList).toMatchObject([
      { Qty: 100, UnitPrice: 68.4, TotAmt: 6840, Discount: 0, AssAmt: 6840, IgstAmt: 342 },
      { Qty: 2.5, UnitPrice: 33.33, TotAmt: 83.33, Discount: 0, AssAmt: 83.33, IgstAmt: 4.17 },
    ]);
    // ₹6,923.33 taxable + ₹346.17 IGST (₹342 + ₹4.1665 → ₹4.17) = ₹7,269.50, rounded to ₹7,270.
    expect(invoice.ValDtls).toMatchObject({ AssVal: 6923.33, IgstVal: 346.17, RndOffAmt: 0.5 });
    expect(invoice.ValDtls.TotInvVal).toBe(listed.json().documents[0].totalAmount);
  });
});
