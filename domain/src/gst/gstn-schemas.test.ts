/**
 * Every JSON Bahi builds for the GST portal — each GSTR-1 section, IFF and GSTR-3B — validated
 * against GSTN's own JSON schemas (domain/test-fixtures/schemas/gstn, whose README names their
 * source, what was adapted for an upload and where a schema is loose), then the checks added by
 * hand where they are loose. Issue 35.
 */
import { describe, expect, test } from "vitest";
import {
  GSTR1_SCHEMA_SECTIONS,
  GSTR3B_SCHEMA,
  gstr1Errors,
  handErrors,
  type Json,
  SECTION_SCHEMAS,
  schemaErrors,
  validateGstr3b,
} from "../../test-fixtures/schemas/gstn-validators.ts";
import { buildGstr1AmendmentJson, buildGstr1Amendments } from "./returns/gstr1-amendments.ts";
import { buildGstr1Json, buildGstr1Sections } from "./returns/gstr1-build.ts";
import {
  buildGstr3bJson,
  type InwardDocument,
  type InwardLine,
  inwardContributions,
  outwardContributions,
  summariseGstr3b,
} from "./returns/gstr3b.ts";
import type { DeletedNumber, ReturnDocument } from "./returns/return-document.ts";
import {
  buildDocument,
  buildLine,
  REGISTERED_GSTIN,
  SUPPLIER_GSTIN,
} from "./returns/test-documents.ts";

const SEPTEMBER = { gstin: SUPPLIER_GSTIN, fp: "092024" };
const MAY_2025 = { gstin: SUPPLIER_GSTIN, fp: "052025" };

/** A month with a document for every section Bahi builds (the dates are moved into the month). */
function representativeBook(month: string): {
  documents: ReturnDocument[];
  deleted: DeletedNumber[];
} {
  const day = (dd: string) => `${month}-${dd}`;
  const documents = [
    // b2b: inter-state at two rates, intra-state reverse charge, SEZ under LUT, deemed export.
    buildDocument({
      number: "INV/24/001",
      date: day("05"),
      gstin: REGISTERED_GSTIN,
      pos: "29",
      lines: [buildLine(1000, 18, { inter: true }), buildLine(200.5, 5, { inter: true })],
    }),
    buildDocument({ date: day("06"), gstin: "27AAGCB7383J1ZA", pos: "27", reverseCharge: true }),
    buildDocument({
      date: day("07"),
      gstin: REGISTERED_GSTIN,
      pos: "29",
      supplyKind: "sezWithoutPayment",
      lines: [buildLine(1000, 18, { inter: true, lut: true })],
    }),
    buildDocument({ date: day("08"), gstin: REGISTERED_GSTIN, supplyKind: "deemedExport" }),
    // b2cl: an inter-state invoice to a consumer above the limit.
    buildDocument({
      number: "INV-B2CL",
      date: day("09"),
      pos: "29",
      lines: [buildLine(300_000, 18, { inter: true })],
    }),
    // b2cs: several lines and rates per document, intra and inter, a credit note netted in.
    buildDocument({
      date: day("10"),
      pos: "27",
      lines: [buildLine(1000, 18), buildLine(333.33, 18), buildLine(300, 5)],
    }),
    buildDocument({ date: day("11"), pos: "24", lines: [buildLine(500, 12, { inter: true })] }),
    buildDocument({ role: "outwardNote", date: day("12"), pos: "27", lines: [buildLine(200, 18)] }),
    // exp: with a shipping bill under LUT, and with payment.
    buildDocument({
      date: day("13"),
      supplyKind: "exportWithoutPayment",
      pos: null,
      portCode: "INNSA1",
      shippingBillNumber: "1234567",
      shippingBillDate: day("14"),
      lines: [buildLine(5000, 18, { inter: true, lut: true })],
    }),
    buildDocument({
      date: day("14"),
      supplyKind: "exportWithPayment",
      pos: null,
      lines: [buildLine(2500, 18, { inter: true })],
    }),
    // cdnr: a credit note to a registered buyer.
    buildDocument({
      role: "outwardNote",
      date: day("20"),
      gstin: REGISTERED_GSTIN,
      pos: "29",
      lines: [buildLine(100, 18, { inter: true })],
    }),
    // cdnur: against a B2CL invoice, and against an export.
    buildDocument({
      role: "outwardNote",
      date: day("21"),
      pos: "29",
      lines: [buildLine(1000, 18, { inter: true })],
      originalInvoices: [{ number: "INV-B2CL", date: day("09"), totalPaise: 35_400_000 }],
    }),
    buildDocument({
      role: "outwardNote",
      date: day("22"),
      supplyKind: "exportWithPayment",
      pos: null,
      lines: [buildLine(1000, 18, { inter: true })],
    }),
    // nil: nil-rated, exempt and non-GST lines, intra and inter.
    buildDocument({
      date: day("23"),
      pos: "27",
      lines: [buildLine(100, 0), buildLine(200, -1), buildLine(300, -2)],
    }),
    buildDocument({ date: day("24"), pos: "29", lines: [buildLine(50, 0, { inter: true })] }),
    // hsn: a service and a quantity with decimals.
    buildDocument({
      date: day("25"),
      pos: "27",
      lines: [
        buildLine(750, 18, { hsn: "998314", uqc: "OTH" }),
        buildLine(99.99, 12, { quantity: 2.5, uqc: "KGS", hsn: "09024020" }),
      ],
    }),
  ];
  // doc_issue: a deleted number is a cancelled one.
  const deleted: DeletedNumber[] = [
    { voucherType: "salesInvoice", table13Nature: 1, number: "INV-0", date: day("02") },
  ];
  return { documents, deleted };
}

function gstr1Of(month: string, options: typeof SEPTEMBER, only?: ("b2b" | "cdnr")[]) {
  const { documents, deleted } = representativeBook(month);
  const sections = buildGstr1Sections(documents, deleted, options);
  return buildGstr1Json(documents, sections, { ...options, ...(only ? { only } : {}) });
}

describe("GSTN's GSTR-1 schemas", () => {
  test("the schemas compile, and an empty upload of each section passes", () => {
    for (const section of GSTR1_SCHEMA_SECTIONS) {
      expect(SECTION_SCHEMAS[section].validate).toBeTypeOf("function");
    }
    expect(schemaErrors(SECTION_SCHEMAS.b2b.validate, { b2b: [] })).toEqual([]);
  });

  test("a GSTR-1 with every section Bahi builds is valid, section by section", () => {
    const json = gstr1Of("2024-09", SEPTEMBER);
    expect(Object.keys(json).sort()).toEqual(
      ["gstin", "fp", "version", "hash", ...GSTR1_SCHEMA_SECTIONS.slice(0, 9)].sort(),
    );
    // Not vacuous: every section has the rows the book gives it.
    const count = (key: string) => (json[key] as unknown[]).length;
    expect([count("b2b"), count("b2cl"), count("b2cs"), count("exp"), count("cdnur")]).toEqual([
      2, 1, 4, 2, 2,
    ]);
    expect((json.nil as { inv: unknown[] }).inv).toHaveLength(2);
    expect((json.doc_issue as { doc_det: unknown[] }).doc_det).toHaveLength(2);
    expect(gstr1Errors(json)).toEqual([]);
  });

  test("from May 2025 the HSN summary is split into B2B and B2C, and is valid", () => {
    const json = gstr1Of("2025-05", MAY_2025);
    expect(Object.keys(json.hsn as Json)).toEqual(["hsn_b2b", "hsn_b2c"]);
    expect(gstr1Errors(json)).toEqual([]);
  });

  test("the amendment sections (b2ba, b2cla, b2csa, expa, cdnra, cdnura) are valid", () => {
    // September's documents, amended in November: each goes to the amendment of its section.
    const { documents } = representativeBook("2024-09");
    const amendable = documents.filter((document) => document.date !== "2024-09-23");
    const amendments = buildGstr1Amendments(
      amendable.map((document) => ({
        document,
        original: { number: `${document.number}-O`.slice(0, 16), date: document.date },
      })),
      { gstin: SUPPLIER_GSTIN, fp: "112024" },
    );
    const json = buildGstr1AmendmentJson(
      amendments,
      new Map(amendable.map((document) => [document.entryId, document])),
      {
        gstin: SUPPLIER_GSTIN,
        only: ["b2ba", "b2cla", "b2csa", "expa", "cdnra", "cdnura"],
        originalMonthSections: new Map([
          [
            "092024",
            { documents: amendable, sections: buildGstr1Sections(amendable, [], SEPTEMBER) },
          ],
        ]),
      },
    );
    expect(Object.keys(json).sort()).toEqual(["b2ba", "b2cla", "b2csa", "cdnra", "cdnura", "expa"]);
    expect(gstr1Errors({ ...SEPTEMBER, fp: "112024", ...json })).toEqual([]);
  });

  test("IFF (B2B and notes to registered buyers only) is valid", () => {
    const json = gstr1Of("2024-09", SEPTEMBER, ["b2b", "cdnr"]);
    expect(Object.keys(json).sort()).toEqual(["b2b", "cdnr", "fp", "gstin", "hash", "version"]);
    expect(gstr1Errors(json)).toEqual([]);
  });

  test("the schemas and hand checks do refuse what the portal refuses", () => {
    const json = gstr1Of("2024-09", SEPTEMBER);
    const b2b = structuredClone(json.b2b) as { inv: Json[] }[];
    const invoice = b2b[0]?.inv[0] as Json;
    invoice.idt = "2024-09-05";
    invoice.pos = "99";
    invoice.val = 1.005;
    invoice.inum = "X".repeat(17);
    invoice.rate = 18;
    expect(gstr1Errors({ ...SEPTEMBER, b2b })).toEqual([
      "/b2b/0/inv/0/inum must NOT have more than 16 characters",
      '/b2b/0/inv/0/idt must match pattern "^((0[1-9]|[12][0-9]|3[01])[-](0[1-9]|1[012])[-]((19|20)\\d\\d))$"',
      '/b2b/0/inv/0/pos must match pattern "^(3[0-8]|[12][0-9]|0[1-9]|97)$"',
      "/b2b/0/inv/0/val has more than 2 decimals (1.005)",
      "/b2b/0/inv/0/rate is not in GSTN's schema",
    ]);
    const b2cs = structuredClone(json.b2cs) as Json[];
    delete (b2cs[0] as Json).typ;
    (b2cs[0] as Json).sply_ty = "INTRASTATE";
    expect(gstr1Errors({ ...SEPTEMBER, b2cs })).toEqual([
      "/b2cs/0 must have required property 'typ'",
      "/b2cs/0/sply_ty must be equal to one of the allowed values",
    ]);
  });
});

describe("GSTN's GSTR-3B schema", () => {
  const inLine = (taxable: number, rate: number, inter = false): InwardLine => {
    const line = buildLine(taxable, rate, { inter });
    return {
      gstRate: rate,
      taxablePaise: line.taxablePaise,
      igstPaise: line.igstPaise,
      cgstPaise: line.cgstPaise,
      sgstPaise: line.sgstPaise,
      cessPaise: line.cessPaise,
      itcIneligible: false,
    };
  };
  const purchase = (id: string, overrides: Partial<InwardDocument>): InwardDocument => ({
    entryId: id,
    voucherType: overrides.role === "inwardNote" ? "debitNote" : "purchases",
    role: "inwardSupply",
    number: id,
    date: "2024-09-12",
    partyName: "Supplier",
    gstin: "27AAGCB7383J1Z4",
    pos: "27",
    supplierStateCode: "27",
    partyGstType: "regular",
    importType: null,
    reverseCharge: false,
    lines: [inLine(1000, 18)],
    ...overrides,
  });

  test("a GSTR-3B of a month with sales of every kind and purchases of every kind is valid", () => {
    const { documents, deleted } = representativeBook("2024-09");
    const sections = buildGstr1Sections(documents, deleted, SEPTEMBER);
    const inward = [
      purchase("p1", {}),
      purchase("p2", { reverseCharge: true }),
      purchase("p3", {
        gstin: null,
        importType: "goods",
        lines: [inLine(5000, 18, true)],
      }),
      purchase("p4", { importType: "services", gstin: null, lines: [inLine(700, 18, true)] }),
      purchase("p5", { role: "inwardNote", lines: [inLine(100, 18)] }),
      purchase("p6", { lines: [inLine(400, 0), { ...inLine(120, 18), itcIneligible: true }] }),
      purchase("p7", { partyGstType: "composition", gstin: null, lines: [inLine(300, -2)] }),
    ];
    const summary = summariseGstr3b([
      ...outwardContributions(documents, sections, "27"),
      ...inwardContributions(inward, "27"),
    ]);
    const json = buildGstr3bJson(summary, SEPTEMBER);
    expect(json.inter_sup.unreg_details?.length).toBeGreaterThan(0);
    expect(schemaErrors(validateGstr3b, json)).toEqual([]);
    expect(handErrors(GSTR3B_SCHEMA, json)).toEqual([]);
  });

  test("the schema is loose (README): the hand checks catch a misspelt key and a third decimal", () => {
    const summary = summariseGstr3b([]);
    const json = buildGstr3bJson(summary, SEPTEMBER) as unknown as Json;
    (json.sup_details as Json).osup_det = { txval: 1.005, igst: 1 };
    expect(schemaErrors(validateGstr3b, json)).toEqual([]);
    expect(handErrors(GSTR3B_SCHEMA, json)).toEqual([
      "/sup_details/osup_det/txval has more than 2 decimals (1.005)",
      "/sup_details/osup_det/igst is not in GSTN's schema",
    ]);
    expect(schemaErrors(validateGstr3b, { ...json, ret_period: "2024-09" })).toEqual([
      '/ret_period must match pattern "^[0-9]{6}$"',
    ]);
  });
});
