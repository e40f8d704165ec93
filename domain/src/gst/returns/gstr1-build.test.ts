import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { describeGstin } from "../../identity/index.ts";
import {
  type B2csAggregate,
  b2csJsonRows,
  buildGstr1Json,
  buildGstr1Sections,
  type Gstr1Json,
  mergeB2csAggregates,
  totalSection,
} from "./gstr1-build.ts";
import { findGstr1Warnings } from "./gstr1-warnings.ts";
import type { DeletedNumber, ReturnDocument } from "./return-document.ts";
import { buildDocument, buildLine, REGISTERED_GSTIN, SUPPLIER_GSTIN } from "./test-documents.ts";

function build(documents: ReturnDocument[], fp = "092024", deleted: DeletedNumber[] = []) {
  const options = { gstin: SUPPLIER_GSTIN, fp };
  const sections = buildGstr1Sections(documents, deleted, options);
  return { sections, json: buildGstr1Json(documents, sections, options) };
}

test("the test GSTINs pass their check", () => {
  expect(describeGstin(SUPPLIER_GSTIN).valid).toBe(true);
  expect(describeGstin(REGISTERED_GSTIN).valid).toBe(true);
});

describe("b2b", () => {
  test("an inter-state invoice: ctin, dates dd-mm-yyyy, val with round-off, items by rate", () => {
    const document = buildDocument({
      number: "INV/24/001",
      date: "2024-09-05",
      gstin: REGISTERED_GSTIN,
      pos: "29",
      lines: [
        buildLine(1000, 18, { inter: true }),
        buildLine(500, 18, { inter: true }),
        buildLine(200, 5, { inter: true }),
      ],
      totalPaise: 187_000,
    });
    const { json } = build([document]);
    expect(json.b2b).toEqual([
      {
        ctin: REGISTERED_GSTIN,
        inv: [
          {
            inum: "INV/24/001",
            idt: "05-09-2024",
            val: 1870,
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            itms: [
              { num: 1, itm_det: { rt: 5, txval: 200, iamt: 10, csamt: 0 } },
              { num: 2, itm_det: { rt: 18, txval: 1500, iamt: 270, csamt: 0 } },
            ],
          },
        ],
      },
    ]);
    expect(json.fp).toBe("092024");
    expect(json.gstin).toBe(SUPPLIER_GSTIN);
  });

  test("intra-state reverse charge: camt and samt, rchrg Y", () => {
    const document = buildDocument({ gstin: "27AAGCB7383J1ZA", pos: "27", reverseCharge: true });
    const inv = (build([document]).json.b2b as { inv: Record<string, unknown>[] }[])[0]?.inv[0];
    expect(inv?.rchrg).toBe("Y");
    expect(inv?.itms).toEqual([
      { num: 1, itm_det: { rt: 18, txval: 1000, camt: 90, samt: 90, csamt: 0 } },
    ]);
  });

  test("SEZ under LUT carries its rate with zero tax, never rate 0", () => {
    const document = buildDocument({
      gstin: REGISTERED_GSTIN,
      pos: "29",
      supplyKind: "sezWithoutPayment",
      lines: [buildLine(1000, 18, { inter: true, lut: true })],
    });
    const inv = (build([document]).json.b2b as { inv: Record<string, unknown>[] }[])[0]?.inv[0];
    expect(inv?.inv_typ).toBe("SEWOP");
    expect(inv?.itms).toEqual([{ num: 1, itm_det: { rt: 18, txval: 1000, iamt: 0, csamt: 0 } }]);
  });

  test("deemed export is inv_typ DE", () => {
    const document = buildDocument({ gstin: REGISTERED_GSTIN, supplyKind: "deemedExport" });
    const inv = (build([document]).json.b2b as { inv: Record<string, unknown>[] }[])[0]?.inv[0];
    expect(inv?.inv_typ).toBe("DE");
  });
});

describe("b2cl, b2cs and exp", () => {
  test("b2cl groups by place of supply", () => {
    const document = buildDocument({
      date: "2024-09-02",
      pos: "29",
      lines: [buildLine(100_000, 18, { inter: true })],
    });
    expect(build([document]).json.b2cl).toEqual([
      {
        pos: "29",
        inv: [
          {
            inum: document.number,
            idt: "02-09-2024",
            val: 118000,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 100000, iamt: 18000, csamt: 0 } }],
          },
        ],
      },
    ]);
  });

  test("b2cs aggregates by supply type, place and rate; a B2CS credit note nets in", () => {
    const documents = [
      buildDocument({ pos: "27", lines: [buildLine(1000, 18)] }),
      buildDocument({ pos: "27", lines: [buildLine(500, 18)] }),
      buildDocument({ pos: "27", lines: [buildLine(300, 5)] }),
      buildDocument({ pos: "29", lines: [buildLine(2000, 18, { inter: true })] }),
      buildDocument({ role: "outwardNote", pos: "27", lines: [buildLine(200, 18)] }),
    ];
    const { json, sections } = build(documents);
    expect(json.b2cs).toEqual([
      { sply_ty: "INTER", pos: "29", typ: "OE", rt: 18, txval: 2000, iamt: 360, csamt: 0 },
      { sply_ty: "INTRA", pos: "27", typ: "OE", rt: 5, txval: 300, camt: 7.5, samt: 7.5, csamt: 0 },
      {
        sply_ty: "INTRA",
        pos: "27",
        typ: "OE",
        rt: 18,
        txval: 1300,
        camt: 117,
        samt: 117,
        csamt: 0,
      },
    ]);
    expect(totalSection(sections, "b2cs").taxablePaise).toBe(360_000);
  });

  test("exp with shipping bill, LUT export with its rate and zero tax", () => {
    const document = buildDocument({
      date: "2024-09-03",
      supplyKind: "exportWithoutPayment",
      pos: null,
      portCode: "INNSA1",
      shippingBillNumber: "1234567",
      shippingBillDate: "2024-09-04",
      lines: [buildLine(5000, 18, { inter: true, lut: true })],
    });
    expect(build([document]).json.exp).toEqual([
      {
        exp_typ: "WOPAY",
        inv: [
          {
            inum: document.number,
            idt: "03-09-2024",
            val: 5000,
            sbpcode: "INNSA1",
            sbnum: "1234567",
            sbdt: "04-09-2024",
            itms: [{ txval: 5000, rt: 18, iamt: 0, csamt: 0 }],
          },
        ],
      },
    ]);
  });
});

describe("notes", () => {
  test("cdnr: positive values with ntty C", () => {
    const note = buildDocument({
      role: "outwardNote",
      gstin: REGISTERED_GSTIN,
      pos: "29",
      date: "2024-09-20",
      lines: [buildLine(100, 18, { inter: true })],
    });
    expect(build([note]).json.cdnr).toEqual([
      {
        ctin: REGISTERED_GSTIN,
        nt: [
          {
            ntty: "C",
            nt_num: note.number,
            nt_dt: "20-09-2024",
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            val: 118,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 100, iamt: 18, csamt: 0 } }],
          },
        ],
      },
    ]);
  });

  test("cdnur: B2CL with pos, export without", () => {
    const b2cl = buildDocument({
      role: "outwardNote",
      pos: "29",
      lines: [buildLine(1000, 18, { inter: true })],
      originalInvoices: [{ number: "INV-9", date: "2024-09-01", totalPaise: 20_000_000 }],
    });
    const exportNote = buildDocument({
      role: "outwardNote",
      supplyKind: "exportWithPayment",
      lines: [buildLine(1000, 18, { inter: true })],
    });
    const cdnur = build([b2cl, exportNote]).json.cdnur as Record<string, unknown>[];
    expect(cdnur.map((note) => [note.typ, note.pos, note.ntty, note.val])).toEqual([
      ["B2CL", "29", "C", 1180],
      ["EXPWP", undefined, "C", 1180],
    ]);
  });
});

describe("nil", () => {
  test("nil-rated, exempt and non-GST by inter/intra × registered/unregistered", () => {
    const documents = [
      buildDocument({
        pos: "27",
        lines: [buildLine(100, 0), buildLine(200, -1), buildLine(300, -2)],
      }),
      buildDocument({ gstin: REGISTERED_GSTIN, pos: "29", lines: [buildLine(400, -1)] }),
      buildDocument({ pos: "29", lines: [buildLine(50, 0), buildLine(1000, 18, { inter: true })] }),
      buildDocument({ role: "outwardNote", pos: "27", lines: [buildLine(20, 0)] }),
    ];
    const { json, sections } = build(documents);
    expect(json.nil).toEqual({
      inv: [
        { sply_ty: "INTRB2B", nil_amt: 0, expt_amt: 400, ngsup_amt: 0 },
        { sply_ty: "INTRB2C", nil_amt: 50, expt_amt: 0, ngsup_amt: 0 },
        { sply_ty: "INTRAB2C", nil_amt: 80, expt_amt: 200, ngsup_amt: 300 },
      ],
    });
    // Documents of only nil, exempt or non-GST lines are not in b2b or b2cs.
    expect(sections.b2b).toHaveLength(0);
    expect(sections.b2cs.map((row) => row.entryId)).toEqual([documents[2]?.entryId]);
  });
});

describe("hsn", () => {
  const invoice = buildDocument({
    gstin: REGISTERED_GSTIN,
    pos: "29",
    lines: [buildLine(1000, 18, { inter: true, quantity: 2, hsn: "84713010" })],
  });
  const service = buildDocument({
    pos: "27",
    lines: [buildLine(500, 18, { hsn: "998314", uqc: "NOS" })],
  });
  const returned = buildDocument({
    role: "outwardNote",
    gstin: REGISTERED_GSTIN,
    pos: "29",
    lines: [buildLine(500, 18, { inter: true, quantity: 1, hsn: "84713010" })],
  });
  const discount = buildDocument({
    role: "outwardNote",
    gstin: REGISTERED_GSTIN,
    pos: "29",
    priceAdjustmentOnly: true,
    lines: [buildLine(100, 18, { inter: true, quantity: 1, hsn: "84713010" })],
  });

  test("before May 2025: one data table, notes subtract value; a price note keeps the quantity", () => {
    const { json } = build([invoice, service, returned, discount], "042025");
    expect(json.hsn).toEqual({
      data: [
        {
          num: 1,
          hsn_sc: "84713010",
          desc: "Laptop",
          uqc: "NOS",
          qty: 1,
          rt: 18,
          txval: 400,
          iamt: 72,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
        {
          num: 2,
          hsn_sc: "998314",
          desc: "Laptop",
          uqc: "NA",
          qty: 0,
          rt: 18,
          txval: 500,
          iamt: 0,
          camt: 45,
          samt: 45,
          csamt: 0,
        },
      ],
    });
  });

  test("from May 2025: hsn_b2b and hsn_b2c", () => {
    const { json } = build([invoice, service], "052025");
    const hsn = json.hsn as Record<string, { hsn_sc: string }[]>;
    expect(Object.keys(hsn)).toEqual(["hsn_b2b", "hsn_b2c"]);
    expect(hsn.hsn_b2b?.map((row) => row.hsn_sc)).toEqual(["84713010"]);
    expect(hsn.hsn_b2c?.map((row) => row.hsn_sc)).toEqual(["998314"]);
  });
});

describe("doc_issue", () => {
  test("per nature and series: from, to, total, cancelled = deleted numbers, net issued", () => {
    const documents = [
      buildDocument({ number: "INV-1" }),
      buildDocument({ number: "INV-2" }),
      buildDocument({ number: "INV-4" }),
      buildDocument({ number: "EXP/1" }),
      buildDocument({ role: "outwardNote", number: "CN-7" }),
    ];
    const deleted: DeletedNumber[] = [
      { voucherType: "salesInvoice", table13Nature: 1, number: "INV-3", date: "2024-09-02" },
    ];
    const { json } = build(documents, "092024", deleted);
    expect(json.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          doc_typ: "Invoices for outward supply",
          docs: [
            { num: 1, from: "EXP/1", to: "EXP/1", totnum: 1, cancel: 0, net_issue: 1 },
            { num: 2, from: "INV-1", to: "INV-4", totnum: 4, cancel: 1, net_issue: 3 },
          ],
        },
        {
          doc_num: 5,
          doc_typ: "Credit Note",
          docs: [{ num: 1, from: "CN-7", to: "CN-7", totnum: 1, cancel: 0, net_issue: 1 }],
        },
      ],
    });
  });
});

describe("IFF", () => {
  test("only b2b and cdnr reach the file", () => {
    const documents = [
      buildDocument({ gstin: REGISTERED_GSTIN, pos: "29" }),
      buildDocument({ pos: "27" }),
      buildDocument({ role: "outwardNote", gstin: REGISTERED_GSTIN, pos: "29" }),
    ];
    const options = { gstin: SUPPLIER_GSTIN, fp: "042025" };
    const sections = buildGstr1Sections(documents, [], options);
    const json = buildGstr1Json(documents, sections, { ...options, only: ["b2b", "cdnr"] });
    expect(
      Object.keys(json).filter((key) => !["gstin", "fp", "version", "hash"].includes(key)),
    ).toEqual(["b2b", "cdnr"]);
  });
});

/** Sum of every section's taxable value and tax in the JSON, in paise (notes subtract). */
function jsonTotals(json: Gstr1Json) {
  const totals = { taxable: 0, tax: 0 };
  const add = (item: Record<string, number | undefined>, sign: number) => {
    totals.taxable += sign * Math.round((item.txval ?? 0) * 100);
    for (const key of ["iamt", "camt", "samt", "csamt"]) {
      totals.tax += sign * Math.round((item[key] ?? 0) * 100);
    }
  };
  type Doc = { ntty?: string; itms: { itm_det?: Record<string, number>; txval?: number }[] };
  const addDocs = (docs: Doc[]) => {
    for (const doc of docs) {
      for (const item of doc.itms) {
        add((item.itm_det ?? item) as Record<string, number>, doc.ntty === "C" ? -1 : 1);
      }
    }
  };
  for (const group of (json.b2b ?? []) as { inv: Doc[] }[]) addDocs(group.inv);
  for (const group of (json.b2cl ?? []) as { inv: Doc[] }[]) addDocs(group.inv);
  for (const group of (json.exp ?? []) as { inv: Doc[] }[]) addDocs(group.inv);
  for (const group of (json.cdnr ?? []) as { nt: Doc[] }[]) addDocs(group.nt);
  addDocs((json.cdnur ?? []) as Doc[]);
  for (const row of (json.b2cs ?? []) as Record<string, number>[]) add(row, 1);
  for (const row of (json.nil as { inv: Record<string, number>[] } | undefined)?.inv ?? []) {
    totals.taxable += Math.round(
      ((row.nil_amt ?? 0) + (row.expt_amt ?? 0) + (row.ngsup_amt ?? 0)) * 100,
    );
  }
  return totals;
}

describe("property: the JSON's taxable value and tax equal the books' sales-side totals", () => {
  const line = fc.record({
    rupees: fc.integer({ min: 1, max: 500_000 }),
    rate: fc.constantFrom(0, 5, 12, 18, 28, -1, -2),
  });
  const document = fc.record({
    // An invoice, a credit note (C) or a debit note to the customer (D, decision 066).
    note: fc.constantFrom(null, null, "C", "D"),
    registered: fc.boolean(),
    pos: fc.constantFrom("27", "29", "07"),
    supply: fc.constantFrom(
      "regular",
      "regular",
      "exportWithPayment",
      "exportWithoutPayment",
      "sezWithoutPayment",
    ),
    lines: fc.array(line, { minLength: 1, maxLength: 4 }),
    date: fc.constantFrom("2024-07-31", "2024-08-01", "2024-09-30"),
  });

  test("for any mix of invoices, credit notes and debit notes to customers", () => {
    fc.assert(
      fc.property(fc.array(document, { maxLength: 25 }), (specs) => {
        const documents = specs.map((spec) => {
          const supplyKind = spec.supply as ReturnDocument["supplyKind"];
          const zeroRated = supplyKind !== "regular";
          const inter = zeroRated || spec.pos !== "27";
          const lut = supplyKind.endsWith("WithoutPayment");
          return buildDocument({
            role: spec.note ? "outwardNote" : "outwardSupply",
            ...(spec.note === "D"
              ? {
                  voucherType: "salesDebitNote",
                  noteType: "D" as const,
                  table13Nature: 4,
                  priceAdjustmentOnly: true,
                }
              : {}),
            gstin: spec.registered || supplyKind.startsWith("sez") ? REGISTERED_GSTIN : null,
            pos: supplyKind.startsWith("export") ? null : spec.pos,
            supplyKind,
            date: spec.date,
            lines: spec.lines.map((l) => buildLine(l.rupees, l.rate, { inter, lut })),
          });
        });
        // The books: every line of every sales-side document, credit notes subtracted, debit
        // notes added.
        let taxable = 0;
        let tax = 0;
        for (const doc of documents) {
          const sign = doc.noteType === "C" ? -1 : 1;
          for (const l of doc.lines) {
            taxable += sign * l.taxablePaise;
            tax += sign * (l.igstPaise + l.cgstPaise + l.sgstPaise + l.cessPaise);
          }
        }
        const totals = jsonTotals(build(documents).json);
        expect(totals).toEqual({ taxable, tax });
      }),
      { numRuns: 200 },
    );
  });
});

describe("warnings", () => {
  const options = { gstin: SUPPLIER_GSTIN, previousYearTurnoverPaise: 0 };
  function codes(
    documents: ReturnDocument[],
    extra: Partial<typeof options> & { iff?: boolean } = {},
  ) {
    const sections = buildGstr1Sections(documents, [], { gstin: SUPPLIER_GSTIN, fp: "092024" });
    return findGstr1Warnings(documents, sections, { ...options, ...extra }).map((w) => [
      w.level,
      w.code,
    ]);
  }

  test.each([
    ["a clean B2B invoice", buildDocument({ gstin: REGISTERED_GSTIN, pos: "29" }), []],
    [
      "a number over 16 characters",
      buildDocument({ number: "INV-2024-25-00001" }),
      [["error", "INVALID_NUMBER"]],
    ],
    ["a number with a space", buildDocument({ number: "INV 1" }), [["error", "INVALID_NUMBER"]]],
    [
      "a GSTIN failing its check",
      buildDocument({ gstin: "29AAGCB7383J1Z5", pos: "29" }),
      [["error", "INVALID_GSTIN"]],
    ],
    [
      "place of supply not the GSTIN's state",
      buildDocument({ gstin: REGISTERED_GSTIN, pos: "07" }),
      [["warning", "POS_MISMATCH"]],
    ],
    ["no place of supply", buildDocument({ pos: null }), [["warning", "POS_MISSING"]]],
    [
      "missing HSN",
      buildDocument({ lines: [buildLine(100, 18, { hsn: null })] }),
      [["error", "HSN_MISSING"]],
    ],
    [
      "a 2-digit HSN",
      buildDocument({ lines: [buildLine(100, 18, { hsn: "84" })] }),
      [["error", "HSN_LENGTH"]],
    ],
    [
      "40% before 22 Sep 2025",
      buildDocument({ date: "2025-09-21", lines: [buildLine(100, 40)] }),
      [["error", "RATE_NOT_IN_FORCE"]],
    ],
    [
      "SEZ supply without GSTIN",
      buildDocument({ supplyKind: "sezWithPayment", pos: "29" }),
      [["error", "B2B_WITHOUT_GSTIN"]],
    ],
  ] as [string, ReturnDocument, string[][]][])("%s", (_name, document, expected) => {
    expect(codes([document])).toEqual(expected);
  });

  test("an account line without an item line to take its HSN from says so", () => {
    const document = buildDocument({
      lines: [{ ...buildLine(100, 18, { hsn: null }), fromAccountLine: true }],
    });
    const sections = buildGstr1Sections([document], [], { gstin: SUPPLIER_GSTIN, fp: "092024" });
    const [warning] = findGstr1Warnings([document], sections, options);
    expect(warning?.code).toBe("HSN_MISSING");
    expect(warning?.message).toContain("an account line takes the HSN/SAC of the item");
  });

  test("4 HSN digits are too few above ₹5 crore of turnover", () => {
    const document = buildDocument({ lines: [buildLine(100, 18, { hsn: "8471" })] });
    expect(codes([document])).toEqual([]);
    expect(codes([document], { previousYearTurnoverPaise: 5_00_00_000_01 })).toEqual([
      ["error", "HSN_LENGTH"],
    ]);
  });

  test("duplicate numbers, ignoring case", () => {
    expect(codes([buildDocument({ number: "inv-1" }), buildDocument({ number: "INV-1" })])).toEqual(
      [["error", "DUPLICATE_NUMBER"]],
    );
  });

  test("a GSTIN cancelled before the invoice date", () => {
    const document = buildDocument({ gstin: REGISTERED_GSTIN, pos: "29", date: "2024-09-10" });
    const sections = buildGstr1Sections([document], [], { gstin: SUPPLIER_GSTIN, fp: "092024" });
    const warnings = findGstr1Warnings([document], sections, {
      ...options,
      gstinCancelledOn: new Map([[REGISTERED_GSTIN, "2024-09-01"]]),
    });
    expect(warnings.map((w) => [w.code, w.entryId])).toEqual([
      ["GSTIN_CANCELLED", document.entryId],
    ]);
  });

  test("IFF over ₹50 lakh in the month", () => {
    const big = buildDocument({
      gstin: REGISTERED_GSTIN,
      pos: "29",
      lines: [buildLine(4_300_000, 18, { inter: true })],
    });
    expect(codes([big], { iff: true })).toEqual([["error", "IFF_LIMIT"]]);
    expect(codes([big])).toEqual([]);
  });
});

describe("B2C small merged from pages (decision 059)", () => {
  const bucket = (
    supplyType: "INTRA" | "INTER",
    pos: string,
    rate: number,
    taxablePaise: number,
    taxPaise: number,
  ): B2csAggregate => ({
    supplyType,
    pos,
    rate,
    taxablePaise,
    igstPaise: supplyType === "INTER" ? taxPaise : 0,
    cgstPaise: supplyType === "INTRA" ? taxPaise / 2 : 0,
    sgstPaise: supplyType === "INTRA" ? taxPaise / 2 : 0,
    cessPaise: 0,
  });

  test("buckets of the same supply type, place and rate add up in paise, sorted as Table 7", () => {
    const first = [bucket("INTRA", "27", 18, 10_001, 1_800), bucket("INTER", "29", 5, 500, 25)];
    const second = [bucket("INTRA", "27", 18, 20_002, 3_600), bucket("INTRA", "27", 5, 700, 36)];
    expect(mergeB2csAggregates(first, second)).toEqual([
      bucket("INTER", "29", 5, 500, 25),
      bucket("INTRA", "27", 5, 700, 36),
      bucket("INTRA", "27", 18, 30_003, 5_400),
    ]);
  });

  test("the file's rows leave out a bucket a note netted to nothing, with each side's taxes", () => {
    const netted = mergeB2csAggregates(
      [bucket("INTRA", "27", 12, 1_000, 120)],
      [bucket("INTRA", "27", 12, -1_000, -120), bucket("INTER", "24", 18, 12_345, 2_222)],
    );
    expect(b2csJsonRows(netted)).toEqual([
      { sply_ty: "INTER", pos: "24", typ: "OE", rt: 18, txval: 123.45, iamt: 22.22, csamt: 0 },
    ]);
  });
});
