import { describe, expect, it } from "vitest";
import { getVoucherDefinition, readStoredDocument } from "../../vouchers/index.ts";
import {
  buildEWayBill,
  buildEWayBillJson,
  consignmentValuePaise,
  DEFAULT_EWAY_BILL_THRESHOLD_PAISE,
  type EWayBillSource,
  findPinInAddress,
  needsEWayBill,
} from "./eway-bill.ts";
import { isValidTransporterId, isValidVehicleNumber, TransportDetails } from "./transport.ts";

const ORGANISATION = {
  gstin: "29AAACB1234C1ZT",
  name: "Bahi Traders",
  address: "12 MG Road, Bengaluru",
  place: "Bengaluru",
  pincode: "560001",
  stateCode: "29",
};
const PARTY = {
  gstin: "27AAPFU0939F1ZV",
  name: "Mumbai Stores",
  address: "4 Marine Drive\nMumbai 400002",
  place: "Mumbai",
  pincode: "400002",
  stateCode: "27",
};

function line(overrides: Record<string, unknown> = {}) {
  return {
    itemId: "item-1",
    description: "Steel rods",
    hsnCode: "7214",
    quantity: 10,
    uom: "KGS",
    gstRate: 18,
    amount: 50_000,
    igstAmount: 9_000,
    cgstAmount: 0,
    sgstAmount: 0,
    cessAmount: 0,
    ...overrides,
  };
}

function source(overrides: Partial<EWayBillSource> = {}, document = {}): EWayBillSource {
  return {
    entryId: "e1",
    label: "Sales Invoice INV-7",
    facts: getVoucherDefinition("salesInvoice").transport ?? fail(),
    number: "INV-7",
    date: "2026-05-10",
    totalPaise: 5_900_000,
    document: readStoredDocument("salesInvoice", {
      itemDetails: [line()],
      taxKind: "inter",
      transport: { mode: "road", vehicleNumber: "KA01AB1234", distanceKm: 980 },
      ...document,
    }),
    organisation: ORGANISATION,
    party: PARTY,
    itemNames: new Map([["item-1", "TMT bar"]]),
    ...overrides,
  };
}

function fail(): never {
  throw new Error("no transport facts");
}

const TODAY = "2026-05-20";

describe("transport details", () => {
  it.each([
    ["KA01AB1234", true],
    ["ka-01-ab-1234", true],
    ["DL1C1234", true],
    ["22BH1234AB", true],
    ["TR1234567", true],
    ["K01AB1234", false],
    ["KA01AB12345", false],
    ["", false],
  ])("vehicle number %s valid: %s", (vehicle, valid) => {
    expect(isValidVehicleNumber(vehicle)).toBe(valid);
  });

  it.each([
    ["27AAPFU0939F1ZV", true],
    ["27AAPFU0939F1ZX", false],
    ["AAPFU0939F1ZV27", false],
  ])("transporter id %s valid: %s", (id, valid) => {
    expect(isValidTransporterId(id)).toBe(valid);
  });

  it("normalises and refuses with the field's message", () => {
    expect(TransportDetails.parse({ vehicleNumber: "ka 01 ab 1234", mode: "road" })).toEqual({
      vehicleNumber: "KA01AB1234",
      mode: "road",
    });
    const refused = TransportDetails.safeParse({ distanceKm: 4001, mode: "boat" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      "Mode of transport must be road, rail, air or ship.",
      "Distance must be a whole number of kilometres from 0 to 4000.",
    ]);
  });
});

describe("threshold", () => {
  it.each([
    ["over ₹50,000 with tax", [line({ amount: 45_000, igstAmount: 8_100 })], true],
    ["exactly ₹50,000", [line({ amount: 50_000, igstAmount: 0, gstRate: 0 })], false],
    ["services do not count", [line({ hsnCode: "998314", amount: 90_000 })], false],
    ["exempt goods do not count", [line({ gstRate: -1, amount: 90_000, igstAmount: 0 })], false],
    [
      "goods and services together",
      [line({ amount: 30_000, igstAmount: 5_400 }), line({ sacCode: "9983", amount: 40_000 })],
      false,
    ],
  ])("%s", (_name, itemDetails, needed) => {
    expect(
      needsEWayBill(
        readStoredDocument("salesInvoice", { itemDetails }),
        DEFAULT_EWAY_BILL_THRESHOLD_PAISE,
      ),
    ).toBe(needed);
  });

  it.each([
    ["intra-state under the state's ₹1,00,000", "intra", false],
    ["inter-state: Rule 138's ₹50,000", "inter", true],
  ])("%s", (_name, taxKind, needed) => {
    const document = { taxKind, itemDetails: [line({ amount: 60_000, igstAmount: 0 })] };
    expect(needsEWayBill(readStoredDocument("salesInvoice", document), 10_000_000)).toBe(needed);
  });

  it("adds goods and their tax", () => {
    // ₹50,000 + ₹9,000 IGST, then ₹100 + ₹18.
    const second = line({ amount: 100, igstAmount: 18 });
    expect(
      consignmentValuePaise(readStoredDocument("salesInvoice", { itemDetails: [line(), second] })),
    ).toBe(5_900_000 + 11_800);
  });
});

describe("the bill", () => {
  it("an HSN of chapters 01–09 keeps its leading zero (tea, 09024020)", () => {
    const tea = line({ hsnCode: "09024020", description: "Assam tea" });
    const result = buildEWayBill(source({}, { itemDetails: [tea] }), TODAY);
    if (!result.ok) throw new Error(result.problems.join("; "));
    expect(result.bill.itemList[0]?.hsnCode).toBe("09024020");
    expect(result.bill.mainHsnCode).toBe("09024020");
    expect(JSON.stringify(result.bill)).toContain('"hsnCode":"09024020"');
  });

  it("an inter-state sales invoice by road", () => {
    const result = buildEWayBill(source(), TODAY);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.bill).toMatchObject({
      userGstin: "29AAACB1234C1ZT",
      supplyType: "O",
      subSupplyType: 1,
      docType: "INV",
      docNo: "INV-7",
      docDate: "10/05/2026",
      transType: 1,
      fromGstin: "29AAACB1234C1ZT",
      fromPincode: 560001,
      fromStateCode: 29,
      actualFromStateCode: 29,
      toGstin: "27AAPFU0939F1ZV",
      toAddr1: "4 Marine Drive, Mumbai 400002",
      toPincode: 400002,
      toStateCode: 27,
      actualToStateCode: 27,
      totalValue: 50_000,
      igstValue: 9_000,
      cgstValue: 0,
      OthValue: 0,
      totInvValue: 59_000,
      transMode: 1,
      transDistance: 980,
      vehicleNo: "KA01AB1234",
      vehicleType: "R",
      mainHsnCode: "7214",
    });
    expect(result.bill.itemList).toEqual([
      {
        itemNo: 1,
        productName: "TMT bar",
        productDesc: "Steel rods",
        hsnCode: "7214",
        quantity: 10,
        qtyUnit: "KGS",
        taxableAmount: 50_000,
        sgstRate: 0,
        cgstRate: 0,
        igstRate: 18,
        cessRate: 0,
        cessNonAdvol: 0,
      },
    ]);
  });

  it("a purchase moves from the supplier to us; an unregistered supplier is URP", () => {
    const result = buildEWayBill(
      source(
        {
          facts: getVoucherDefinition("purchases").transport ?? fail(),
          party: { ...PARTY, gstin: null, stateCode: "29", pincode: "560034" },
        },
        {
          taxKind: "intra",
          itemDetails: [line({ igstAmount: 0, cgstAmount: 4_500, sgstAmount: 4_500 })],
        },
      ),
      TODAY,
    );
    expect(result.ok && result.bill).toMatchObject({
      supplyType: "I",
      fromGstin: "URP",
      fromPincode: 560034,
      toGstin: "29AAACB1234C1ZT",
      toPincode: 560001,
      cgstValue: 4_500,
      sgstValue: 4_500,
      itemList: [{ cgstRate: 9, sgstRate: 9, igstRate: 0 }],
    });
  });

  it("a delivery challan is CHL, sub-supply Others with its description", () => {
    const result = buildEWayBill(
      source({ facts: getVoucherDefinition("deliveryChallan").transport ?? fail() }),
      TODAY,
    );
    expect(result.ok && result.bill).toMatchObject({
      docType: "CHL",
      subSupplyType: 8,
      subSupplyDesc: "Delivery challan",
    });
  });

  it("an export goes to state 99 and PIN 999999, moving to the organisation's port state", () => {
    const result = buildEWayBill(
      source({}, { gstPaymentTypeInExportOrSez: "exportWithoutPayment" }),
      TODAY,
    );
    expect(result.ok && result.bill).toMatchObject({
      subSupplyType: 3,
      toGstin: "URP",
      toStateCode: 99,
      toPincode: 999999,
      actualToStateCode: 29,
    });
  });

  it("rail needs the transport document; its date is dd/mm/yyyy", () => {
    const result = buildEWayBill(
      source(
        {},
        {
          transport: {
            mode: "rail",
            documentNumber: "RR1234",
            documentDate: "2026-05-11",
            distanceKm: 0,
          },
        },
      ),
      TODAY,
    );
    expect(result.ok && result.bill).toMatchObject({
      transMode: 2,
      transDocNo: "RR1234",
      transDocDate: "11/05/2026",
      vehicleNo: "",
      vehicleType: "",
      transDistance: 0,
    });
  });

  it.each([
    [
      "PIN codes missing",
      { party: { ...PARTY, pincode: null } },
      {},
      "Sales Invoice INV-7: the party's PIN code is missing.",
    ],
    [
      "organisation without GSTIN",
      { organisation: { ...ORGANISATION, gstin: null } },
      {},
      "Sales Invoice INV-7: the organisation has no GSTIN.",
    ],
    [
      "no HSN",
      {},
      { itemDetails: [line({ hsnCode: undefined })] },
      "Sales Invoice INV-7: line 1 has no HSN code.",
    ],
    [
      "no transport",
      {},
      { transport: undefined },
      "Sales Invoice INV-7: give the mode of transport, or a transporter ID to fill in Part B.",
    ],
    [
      "road without vehicle",
      {},
      { transport: { mode: "road" } },
      "Sales Invoice INV-7: transport by road needs the vehicle number (or a transporter ID).",
    ],
    [
      "air without document",
      {},
      { transport: { mode: "air" } },
      "Sales Invoice INV-7: transport by air needs the transport document number and date.",
    ],
    [
      "long number",
      { number: "INV/2026-27/000001" },
      {},
      "Sales Invoice INV-7: the document number must be up to 16 letters, digits, / or - for the e-way bill portal.",
    ],
    [
      "too old",
      { date: "2025-11-01" },
      {},
      "Sales Invoice INV-7: the document is more than 180 days old; the portal refuses it.",
    ],
  ])("refuses: %s", (_name, overrides, document, message) => {
    const result = buildEWayBill(source(overrides, document), TODAY);
    expect(result.ok ? [] : result.problems).toContain(message);
  });

  it("a road movement with only a transporter id leaves Part B to the transporter", () => {
    const result = buildEWayBill(
      source({}, { transport: { transporterId: "27AAPFU0939F1ZV", transporterName: "Fast" } }),
      TODAY,
    );
    expect(result.ok && result.bill).toMatchObject({
      transporterId: "27AAPFU0939F1ZV",
      transMode: "",
      vehicleNo: "",
    });
  });

  it("the bulk file lists every bill, or refuses naming every document", () => {
    const good = buildEWayBillJson([source(), source({ entryId: "e2", number: "INV-8" })], TODAY);
    expect(good.ok && good.json.version).toBe("1.0.0621");
    expect(good.ok && good.json.billLists.map((bill) => bill.docNo)).toEqual(["INV-7", "INV-8"]);
    const bad = buildEWayBillJson(
      [source(), source({ label: "Sales Invoice INV-9", party: { ...PARTY, stateCode: null } })],
      TODAY,
    );
    expect(bad).toEqual({
      ok: false,
      problems: ["Sales Invoice INV-9: the party's state is missing."],
    });
  });

  it.each([
    ["Mumbai 400002", "400002"],
    ["Plot 5, Pune 411 001", "411001"],
    ["no pin here 12345", null],
  ])("finds the PIN in %s", (address, pin) => {
    expect(findPinInAddress(address)).toBe(pin);
  });
});
