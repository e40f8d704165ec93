import { describe, expect, test } from "vitest";
import { rupeesToPaise } from "../../money/index.ts";
import {
  buildDocument,
  buildLine,
  REGISTERED_GSTIN,
  SUPPLIER_GSTIN,
} from "../returns/test-documents.ts";
import { buildEInvoiceJson, type EInvoiceSource, validateEInvoiceJson } from "./einvoice-json.ts";
import {
  buildEwbDetails,
  checkEwbDetails,
  type EInvoiceEwbDetails,
  type EInvoiceTransport,
  EWB_MESSAGES,
} from "./ewb-details.ts";

const TRANSPORTER = "29AAACB1234C1Z5";
const DATE = "2025-09-10";
const TODAY = "2025-09-20";
const THRESHOLD = rupeesToPaise(50_000);

/** A consignment of ₹1,18,000 (over the threshold) unless said otherwise. */
function transport(
  details: unknown,
  overrides: Partial<EInvoiceTransport> = {},
): EInvoiceTransport {
  return {
    details,
    consignmentValuePaise: rupeesToPaise(118_000),
    thresholdPaise: THRESHOLD,
    today: TODAY,
    ...overrides,
  };
}

describe("EwbDtls for each mode of transport", () => {
  test.each([
    [
      "road",
      { mode: "road", vehicleNumber: "ka-01-ab-1234", distanceKm: 560, transporterName: "VRL" },
      { TransName: "VRL", TransMode: "1", Distance: 560, VehNo: "KA01AB1234", VehType: "R" },
    ],
    [
      "road, over-dimensional cargo with the LR",
      {
        mode: "road",
        vehicleNumber: "MH12XY9876",
        vehicleType: "overDimensional",
        distanceKm: 0,
        transporterId: TRANSPORTER,
        transporterName: "Om Logistics",
        documentNumber: "LR-778",
        documentDate: "2025-09-11",
      },
      {
        TransId: TRANSPORTER,
        TransName: "Om Logistics",
        TransMode: "1",
        Distance: 0,
        TransDocNo: "LR-778",
        TransDocDt: "11/09/2025",
        VehNo: "MH12XY9876",
        VehType: "O",
      },
    ],
    [
      "rail",
      { mode: "rail", documentNumber: "RR4521", documentDate: "2025-09-10", distanceKm: 1400 },
      { TransMode: "2", Distance: 1400, TransDocNo: "RR4521", TransDocDt: "10/09/2025" },
    ],
    [
      "air",
      {
        mode: "air",
        documentNumber: "AWB-0987",
        documentDate: "2025-09-12",
        distanceKm: 2100,
        vehicleNumber: "KA01AB1234",
      },
      { TransMode: "3", Distance: 2100, TransDocNo: "AWB-0987", TransDocDt: "12/09/2025" },
    ],
    [
      "ship",
      { mode: "ship", documentNumber: "BL/2025/17", documentDate: "2025-09-15", distanceKm: 3800 },
      { TransMode: "4", Distance: 3800, TransDocNo: "BL/2025/17", TransDocDt: "15/09/2025" },
    ],
    [
      "Part A only: a transporter id and no mode",
      { transporterId: TRANSPORTER, distanceKm: 120 },
      { TransId: TRANSPORTER, Distance: 120 },
    ],
    [
      "Part A only: road with a transporter id and no vehicle yet",
      { mode: "road", transporterId: TRANSPORTER, distanceKm: 120 },
      { TransId: TRANSPORTER, Distance: 120 },
    ],
  ] as const)("%s", (_name, details, expected) => {
    const ewb = buildEwbDetails(transport(details), DATE);
    expect(ewb).toEqual(expected);
    expect(checkEwbDetails(ewb as EInvoiceEwbDetails, DATE)).toEqual([]);
  });
});

describe("when no EwbDtls is sent", () => {
  test("services only: nothing is on the move, whatever the transport says", () => {
    const details = { mode: "road", vehicleNumber: "KA01AB1234", distanceKm: 10 };
    expect(buildEwbDetails(transport(details, { consignmentValuePaise: 0 }), DATE)).toBeNull();
  });

  test("no transport details, or only a transporter's name and distance (printed, not asked)", () => {
    expect(buildEwbDetails(null, DATE)).toBeNull();
    expect(buildEwbDetails(transport(undefined), DATE)).toBeNull();
    expect(buildEwbDetails(transport({}), DATE)).toBeNull();
    expect(buildEwbDetails(transport({ transporterName: "VRL", distanceKm: 40 }), DATE)).toBeNull();
  });

  test("below the threshold: sent when the details would be taken, left out when not", () => {
    const below = { consignmentValuePaise: rupeesToPaise(20_000) };
    const complete = { mode: "road", vehicleNumber: "KA01AB1234", distanceKm: 25 };
    expect(buildEwbDetails(transport(complete, below), DATE)).toMatchObject({
      VehNo: "KA01AB1234",
    });
    expect(buildEwbDetails(transport({ mode: "road", distanceKm: 25 }, below), DATE)).toBeNull();
    expect(buildEwbDetails(transport({ mode: "rail" }, below), DATE)).toBeNull();
    const old = { ...below, today: "2026-04-01" };
    expect(buildEwbDetails(transport(complete, old), DATE)).toBeNull();
  });

  test("over the threshold, incomplete details are sent so the checks can say what is missing", () => {
    expect(buildEwbDetails(transport({ mode: "road", distanceKm: 25 }), DATE)).toEqual({
      TransMode: "1",
      Distance: 25,
      VehType: "R",
    });
  });
});

describe("each check says what to fix", () => {
  test.each([
    [
      "no mode and no transporter id",
      { Distance: 10, VehNo: "KA01AB1234" },
      EWB_MESSAGES.modeOrTransporter,
    ],
    ["an unknown mode", { TransMode: "5", Distance: 10 }, EWB_MESSAGES.modeOrTransporter],
    [
      "numbers without a mode",
      { TransId: TRANSPORTER, Distance: 10, TransDocNo: "LR1" },
      EWB_MESSAGES.modeForNumbers,
    ],
    ["road without a vehicle", { TransMode: "1", Distance: 10 }, EWB_MESSAGES.vehicleNumber],
    [
      "a vehicle number off the pattern",
      { TransMode: "1", Distance: 10, VehNo: "12345" },
      EWB_MESSAGES.vehicleNumberPattern("12345"),
    ],
    [
      "a vehicle type other than R or O",
      { TransMode: "1", Distance: 10, VehNo: "KA01AB1234", VehType: "X" },
      EWB_MESSAGES.vehicleType,
    ],
    [
      "rail without its document",
      { TransMode: "2", Distance: 10 },
      EWB_MESSAGES.transportDocument("rail"),
    ],
    [
      "air without the document date",
      { TransMode: "3", Distance: 10, TransDocNo: "AWB1" },
      EWB_MESSAGES.transportDocument("air"),
    ],
    [
      "ship without the document number",
      { TransMode: "4", Distance: 10, TransDocDt: "12/09/2025" },
      EWB_MESSAGES.transportDocument("ship"),
    ],
    [
      "a transport document number over 15 characters",
      { TransMode: "2", Distance: 10, TransDocNo: "RR12345678901234", TransDocDt: "12/09/2025" },
      EWB_MESSAGES.transportDocumentNumber("RR12345678901234"),
    ],
    [
      "a transport document dated before the invoice",
      { TransMode: "2", Distance: 10, TransDocNo: "RR1", TransDocDt: "09/09/2025" },
      EWB_MESSAGES.transportDocumentDate,
    ],
    [
      "a transporter id that is not a GSTIN",
      { TransId: "ABC", Distance: 10 },
      EWB_MESSAGES.transporterId("ABC"),
    ],
    [
      "a transporter name under 3 characters",
      { TransId: TRANSPORTER, TransName: "VR", Distance: 10 },
      EWB_MESSAGES.transporterName,
    ],
    ["a distance over 4000 km", { TransId: TRANSPORTER, Distance: 4001 }, EWB_MESSAGES.distance],
    ["a negative distance", { TransId: TRANSPORTER, Distance: -1 }, EWB_MESSAGES.distance],
    ["a distance in fractions", { TransId: TRANSPORTER, Distance: 12.5 }, EWB_MESSAGES.distance],
  ] as const)("%s", (_name, ewb, message) => {
    expect(checkEwbDetails(ewb as EInvoiceEwbDetails, DATE)).toEqual([message]);
  });

  test("messages read as what to do", () => {
    expect(EWB_MESSAGES.vehicleNumber).toBe(
      "E-way bill: transport by road needs the vehicle number (or leave the mode empty and give a transporter ID to generate Part A only).",
    );
    expect(EWB_MESSAGES.distance).toBe(
      "E-way bill: the distance must be a whole number of kilometres from 0 to 4000 (0 lets the portal work it out from the PIN codes).",
    );
  });
});

describe("EwbDtls in the INV-01 payload and its pre-export checks", () => {
  const SELLER = {
    name: "Sharma Traders",
    gstin: SUPPLIER_GSTIN,
    address: "14, Market Yard",
    city: "Pune",
    pincode: "411037",
    stateCode: "27",
  };
  const BUYER = {
    name: "Bharat Steel Works",
    gstin: REGISTERED_GSTIN,
    address: "4 MG Road",
    city: "Bengaluru",
    pincode: "560001",
    stateCode: "29",
  };
  function source(details: Record<string, unknown>, overrides: Partial<EInvoiceTransport> = {}) {
    const document = buildDocument({
      gstin: REGISTERED_GSTIN,
      pos: "29",
      number: "INV-7",
      date: DATE,
      lines: [buildLine(100_000, 18, { inter: true, quantity: 2 })],
    });
    return {
      document,
      docType: "INV",
      extras: [{ unitPrice: 50_000, discountPaise: 0, cessRate: 0 }],
      roundOffPaise: 0,
      seller: SELLER,
      buyer: BUYER,
      shipTo: null,
      transport: transport(details, overrides),
    } satisfies EInvoiceSource;
  }
  const check = { today: TODAY, previousYearTurnoverPaise: 0, date: DATE };

  test("a road invoice carries EwbDtls last and passes", () => {
    const json = buildEInvoiceJson(
      source({ mode: "road", vehicleNumber: "KA01AB1234", distanceKm: 840 }),
    );
    expect(Object.keys(json).at(-1)).toBe("EwbDtls");
    expect(json.EwbDtls).toEqual({
      TransMode: "1",
      Distance: 840,
      VehNo: "KA01AB1234",
      VehType: "R",
    });
    expect(validateEInvoiceJson(json, check)).toEqual([]);
  });

  test("a road invoice without its vehicle is refused with the message", () => {
    const json = buildEInvoiceJson(source({ mode: "road", distanceKm: 840 }));
    expect(validateEInvoiceJson(json, check)).toEqual([EWB_MESSAGES.vehicleNumber]);
  });

  test("an e-way bill for a document over 180 days old is refused", () => {
    const json = buildEInvoiceJson(source({ mode: "road", vehicleNumber: "KA01AB1234" }));
    expect(validateEInvoiceJson(json, { ...check, today: "2026-03-31" })).toEqual([
      EWB_MESSAGES.tooOld,
    ]);
  });

  test("without transport the payload has no EwbDtls", () => {
    const json = buildEInvoiceJson({ ...source({}), transport: null });
    expect(json.EwbDtls).toBeUndefined();
    expect(validateEInvoiceJson(json, check)).toEqual([]);
  });
});
