/**
 * Every JSON Bahi sends to NIC, validated against NIC's schemas (domain/test-fixtures/schemas/nic,
 * whose README names their sources and the checks added by hand where a schema is loose).
 */
import { describe, expect, test } from "vitest";
import {
  EINVOICE_SCHEMA,
  EWAYBILL_SCHEMA,
  handErrors,
  type Json,
  schemaErrors,
  validateEInvoice,
  validateEWayBill,
} from "../../test-fixtures/schemas/nic-validators.ts";
import { getVoucherDefinition, readStoredDocument } from "../vouchers/index.ts";
import {
  buildEInvoiceJson,
  type EInvoiceJson,
  type EInvoiceSource,
  validateEInvoiceJson,
} from "./einvoice/einvoice-json.ts";
import { buildEWayBillJson, type EWayBillSource } from "./eway/eway-bill.ts";
import type { ReturnDocument, ReturnLine } from "./returns/return-document.ts";
import {
  buildDocument,
  buildLine,
  REGISTERED_GSTIN,
  SUPPLIER_GSTIN,
} from "./returns/test-documents.ts";

const SELLER = {
  name: "Sharma Traders",
  gstin: SUPPLIER_GSTIN,
  address: '14, "Laxmi" Market Yard\nGultekdi',
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
const OVERSEAS = {
  name: "Gulf Trading LLC",
  gstin: null,
  address: "PO Box 1234, Deira",
  city: "Dubai",
  pincode: null,
  stateCode: null,
};

const inter = (rupees: number, rate = 18, options: Parameters<typeof buildLine>[2] = {}) =>
  ({ ...buildLine(rupees, rate, { inter: true, ...options }), itemId: "laptop" }) as ReturnLine;

function source(document: ReturnDocument, overrides: Partial<EInvoiceSource> = {}) {
  return {
    document,
    docType: document.role === "outwardNote" ? (document.noteType === "C" ? "CRN" : "DBN") : "INV",
    extras: document.lines.map((line) => ({
      unitPrice: line.taxablePaise / 100 / (line.quantityMilli / 1000 || 1),
      discountPaise: 0,
      cessRate: 0,
    })),
    roundOffPaise: 0,
    seller: SELLER,
    buyer: document.supplyKind.startsWith("export") ? OVERSEAS : BUYER,
    shipTo: null,
    itemNames: new Map([
      ["laptop", "Laptop 14 inch"],
      ["tea", "Darjeeling Tea"],
      ["audit", "Audit fee"],
    ]),
    ...overrides,
  } satisfies EInvoiceSource;
}

const exportDetails = {
  portCode: "INNSA1",
  shippingBillNumber: "1234567",
  shippingBillDate: "2024-09-12",
  countryCode: "AE",
} as const;

const serviceWithoutUnit: ReturnLine = {
  ...buildLine(15_000, 18, { inter: true, hsn: "998221" }),
  itemId: "audit",
  uqc: null,
  isService: true,
  description: "",
};

const CASES: [string, EInvoiceSource][] = [
  [
    "B2B inter-state",
    source(buildDocument({ gstin: REGISTERED_GSTIN, pos: "29", lines: [inter(1000)] })),
  ],
  [
    "B2B intra-state",
    source(buildDocument({ gstin: "27AAGCB7383J1Z0", pos: "27", lines: [buildLine(1000, 12)] }), {
      buyer: { ...BUYER, gstin: "27AAGCB7383J1Z0", stateCode: "27", pincode: "411001" },
    }),
  ],
  [
    "SEZWP",
    source(
      buildDocument({
        gstin: REGISTERED_GSTIN,
        pos: "29",
        supplyKind: "sezWithPayment",
        lines: [inter(5000)],
      }),
    ),
  ],
  [
    "SEZWOP",
    source(
      buildDocument({
        gstin: REGISTERED_GSTIN,
        pos: "29",
        supplyKind: "sezWithoutPayment",
        lines: [inter(5000, 18, { lut: true })],
      }),
    ),
  ],
  [
    "EXPWP",
    source(
      buildDocument({ supplyKind: "exportWithPayment", lines: [inter(20_000)], ...exportDetails }),
    ),
  ],
  [
    "EXPWOP",
    source(
      buildDocument({
        supplyKind: "exportWithoutPayment",
        lines: [inter(20_000, 18, { lut: true })],
        ...exportDetails,
      }),
    ),
  ],
  [
    "DEXP",
    source(
      buildDocument({
        gstin: REGISTERED_GSTIN,
        pos: "29",
        supplyKind: "deemedExport",
        lines: [inter(800)],
      }),
    ),
  ],
  [
    "a credit note",
    source(
      buildDocument({
        role: "outwardNote",
        noteType: "C",
        gstin: REGISTERED_GSTIN,
        pos: "29",
        number: "CN-4",
        lines: [inter(100)],
        originalInvoices: [{ number: "INV-7", date: "2024-08-01", totalPaise: 11_800 }],
      }),
    ),
  ],
  [
    "a debit note",
    source(
      buildDocument({
        role: "outwardNote",
        noteType: "D",
        voucherType: "salesDebitNote",
        gstin: REGISTERED_GSTIN,
        pos: "29",
        number: "DN-2",
        lines: [inter(100)],
        originalInvoices: [{ number: "INV-7", date: "2024-08-01", totalPaise: 11_800 }],
      }),
    ),
  ],
  [
    "a debit note on an export",
    source(
      buildDocument({
        role: "outwardNote",
        noteType: "D",
        voucherType: "salesDebitNote",
        number: "DN-3",
        lines: [inter(100, 18, { lut: true })],
        originalInvoices: [
          {
            number: "EXP-1",
            date: "2024-08-01",
            totalPaise: 2_000_000,
            supplyKind: "exportWithoutPayment",
            ...exportDetails,
          },
        ],
      }),
      { buyer: OVERSEAS },
    ),
  ],
  [
    "reverse charge",
    source(
      buildDocument({
        gstin: REGISTERED_GSTIN,
        pos: "29",
        reverseCharge: true,
        lines: [inter(10_000, 5)],
        totalPaise: 1_000_000,
      }),
    ),
  ],
  (() => {
    const kilos = { ...inter(83.33, 5, { uqc: "KGS" }), itemId: "tea", quantityMilli: 2500 };
    const pieces = { ...inter(6840), quantityMilli: 100_000 };
    const document = buildDocument({ gstin: REGISTERED_GSTIN, pos: "29", lines: [kilos, pieces] });
    return [
      "loose quantities (2.5 kg at ₹33.33, 100 at ₹68.40)",
      source(document, {
        extras: [
          { unitPrice: 33.33, discountPaise: 0, cessRate: 0 },
          { unitPrice: 68.4, discountPaise: 0, cessRate: 0 },
        ],
      }),
    ] as [string, EInvoiceSource];
  })(),
  [
    "goods with a service that has no unit",
    source(
      buildDocument({
        gstin: REGISTERED_GSTIN,
        pos: "29",
        lines: [inter(1000), serviceWithoutUnit],
      }),
    ),
  ],
  [
    "lines with empty descriptions (the item's name is sent)",
    source(
      buildDocument({
        gstin: REGISTERED_GSTIN,
        pos: "29",
        lines: [
          { ...inter(1000), description: "" },
          { ...inter(500, 5, { hsn: "09024020", uqc: "KGS" }), itemId: "tea", description: "" },
        ],
      }),
    ),
  ],
];

describe("e-invoices pass NIC's INV-01 schema 1.1", () => {
  test.each(CASES)("%s", (_name, invoiceSource) => {
    const json: EInvoiceJson = buildEInvoiceJson(invoiceSource);
    expect(schemaErrors(validateEInvoice, json)).toEqual([]);
    expect(handErrors(EINVOICE_SCHEMA, json)).toEqual([]);
    expect(
      validateEInvoiceJson(json, {
        today: "2024-09-20",
        date: invoiceSource.document.date,
        previousYearTurnoverPaise: 0,
      }),
    ).toEqual([]);
  });

  test("the schema refuses what the issue reported: an empty PrdDesc", () => {
    const json = buildEInvoiceJson(CASES[0]?.[1] ?? source(buildDocument()));
    const broken = { ...json, ItemList: json.ItemList.map((item) => ({ ...item, PrdDesc: "" })) };
    expect(schemaErrors(validateEInvoice, broken)).toEqual([
      "/ItemList/0/PrdDesc must NOT have fewer than 3 characters",
    ]);
  });

  test("a note names only the invoices whose numbers NIC's preceding-document pattern takes (decision 370)", () => {
    const note = (numbers: string[]) =>
      buildEInvoiceJson(
        source(
          buildDocument({
            role: "outwardNote",
            noteType: "C",
            gstin: REGISTERED_GSTIN,
            pos: "29",
            number: "5",
            lines: [inter(100)],
            originalInvoices: numbers.map((number) => ({
              number,
              date: "2024-08-01",
              totalPaise: 11_800,
            })),
          }),
        ),
      );
    const againstSeven = note(["7"]);
    expect(againstSeven.RefDtls).toBeUndefined();
    expect(schemaErrors(validateEInvoice, againstSeven)).toEqual([]);
    const mixed = note(["7", "12"]);
    expect(mixed.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: "12", InvDt: "01/08/2024" }] });
    expect(schemaErrors(validateEInvoice, mixed)).toEqual([]);
    // Named, "7" is what NIC refuses.
    expect(
      schemaErrors(validateEInvoice, {
        ...mixed,
        RefDtls: { PrecDocDtls: [{ InvNo: "7", InvDt: "01/08/2024" }] },
      }),
    ).toEqual([
      '/RefDtls/PrecDocDtls/0/InvNo must match pattern "^[1-9a-zA-Z]{1}[0-9a-zA-Z\\/-]{1,15}$"',
    ]);
  });

  test("the hand checks catch an unknown key and a third decimal on an amount", () => {
    const json = buildEInvoiceJson(CASES[0]?.[1] ?? source(buildDocument()));
    const broken = {
      ...json,
      ExpDtls: { CntCod: "AE" },
      ValDtls: { ...json.ValDtls, TotInvVal: 1180.005 },
    };
    expect(handErrors(EINVOICE_SCHEMA, broken)).toEqual([
      "/ValDtls/TotInvVal has more than 2 decimals (1180.005)",
      "/ExpDtls/CntCod is not in NIC's schema",
    ]);
  });
});

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

function ewbSource(document: Json, overrides: Partial<EWayBillSource> = {}): EWayBillSource {
  const facts = getVoucherDefinition("salesInvoice").transport;
  if (!facts) throw new Error("no transport facts");
  return {
    entryId: "e1",
    label: "Sales Invoice INV-7",
    facts,
    number: "INV-7",
    date: "2026-05-10",
    totalPaise: 5_900_000,
    document: readStoredDocument("salesInvoice", {
      taxKind: "inter",
      transport: { mode: "road", vehicleNumber: "KA01AB1234", distanceKm: 980 },
      ...document,
    }),
    organisation: ORGANISATION,
    party: PARTY,
    itemNames: new Map([["tea", "Assam tea"]]),
    ...overrides,
  };
}

const teaLine = {
  itemId: "tea",
  description: "CTC, 25 kg bags",
  hsnCode: "09024020",
  quantity: 200,
  uom: "KGS",
  gstRate: 5,
  amount: 50_000,
  igstAmount: 2_500,
  cgstAmount: 0,
  sgstAmount: 0,
  cessAmount: 0,
};

describe("e-way bills pass NIC's bulk-file schema", () => {
  test.each<[string, EWayBillSource]>([
    [
      "tea, HSN 09024020, by road",
      ewbSource({ itemDetails: [teaLine] }, { totalPaise: 5_250_000 }),
    ],
    [
      "by rail with a transport document",
      ewbSource(
        {
          itemDetails: [{ ...teaLine, hsnCode: "7214", itemId: "rods", quantity: 2.5 }],
          transport: {
            mode: "rail",
            documentNumber: "RR-1234",
            documentDate: "2026-05-11",
            distanceKm: 1200,
          },
        },
        { totalPaise: 5_250_000 },
      ),
    ],
    [
      "an export",
      ewbSource(
        { itemDetails: [teaLine], gstPaymentTypeInExportOrSez: "exportWithPayment" },
        { totalPaise: 5_250_000, party: { ...PARTY, gstin: null, pincode: null, stateCode: null } },
      ),
    ],
  ])("%s", (_name, billSource) => {
    const result = buildEWayBillJson([billSource], "2026-05-20");
    if (!result.ok) throw new Error(result.problems.join("; "));
    expect(schemaErrors(validateEWayBill, result.json)).toEqual([]);
    expect(handErrors(EWAYBILL_SCHEMA, result.json)).toEqual([]);
  });

  test("the HSN keeps its leading zero; a number would not", () => {
    const result = buildEWayBillJson([ewbSource({ itemDetails: [teaLine] })], "2026-05-20");
    if (!result.ok) throw new Error(result.problems.join("; "));
    expect(result.json.billLists[0]?.itemList[0]?.hsnCode).toBe("09024020");
    const asNumber = {
      ...result.json,
      billLists: result.json.billLists.map((bill) => ({
        ...bill,
        itemList: bill.itemList.map((item) => ({ ...item, hsnCode: 9024020 })),
      })),
    };
    expect(schemaErrors(validateEWayBill, asNumber)).toEqual([
      "/billLists/0/itemList/0/hsnCode must be string",
    ]);
  });
});
