import { describe, expect, it } from "vitest";
import { buildGstr1Sections } from "./gstr1-build.ts";
import {
  amendmentContributions,
  buildGstr3bJson,
  type Gstr3bTable,
  type InwardDocument,
  type InwardLine,
  iffReportedAdjustments,
  inwardContributions,
  outwardContributions,
  outwardFactsFigures,
  summariseGstr3b,
  toInwardDocument,
  withIffReported,
  withItcAsPer2B,
} from "./gstr3b.ts";
import type { ReturnDocument } from "./return-document.ts";
import { describeReturnFacts } from "./return-facts.ts";
import { buildDocument, buildLine, SUPPLIER_GSTIN } from "./test-documents.ts";

const STATE = "27";

function outward(documents: ReturnDocument[]) {
  const sections = buildGstr1Sections(documents, [], { gstin: SUPPLIER_GSTIN, fp: "092024" });
  return summariseGstr3b(outwardContributions(documents, sections, STATE));
}

function inLine(
  taxableRupees: number,
  rate: number,
  options: { inter?: boolean; blocked?: boolean } = {},
): InwardLine {
  const line = buildLine(taxableRupees, rate, { inter: options.inter ?? false });
  return {
    gstRate: rate,
    taxablePaise: line.taxablePaise,
    igstPaise: line.igstPaise,
    cgstPaise: line.cgstPaise,
    sgstPaise: line.sgstPaise,
    cessPaise: line.cessPaise,
    itcIneligible: options.blocked ?? false,
  };
}

let counter = 0;
function purchase(overrides: Partial<InwardDocument> = {}): InwardDocument {
  counter += 1;
  return {
    entryId: `p-${counter}`,
    voucherType: overrides.role === "inwardNote" ? "debitNote" : "purchases",
    role: "inwardSupply",
    number: `B-${counter}`,
    date: "2024-09-12",
    partyName: "Supplier",
    gstin: "27AAGCB7383J1Z4",
    pos: STATE,
    supplierStateCode: STATE,
    partyGstType: "regular",
    importType: null,
    reverseCharge: false,
    lines: [inLine(1000, 18)],
    ...overrides,
  };
}

function inward(documents: InwardDocument[]) {
  return summariseGstr3b(inwardContributions(documents, STATE));
}

type Cell = { table: Gstr3bTable | "4C"; txval: number; igst: number; cgst: number; sgst: number };
const cellOf = (summary: ReturnType<typeof summariseGstr3b>, table: Gstr3bTable | "4C"): Cell => {
  const cell = summary.cells[table];
  return {
    table,
    txval: cell.taxablePaise / 100,
    igst: cell.igstPaise / 100,
    cgst: cell.cgstPaise / 100,
    sgst: cell.sgstPaise / 100,
  };
};

describe("GSTR-3B table 3.1 and 3.2 from GSTR-1 data", () => {
  const cases: { name: string; documents: () => ReturnDocument[]; expected: Cell[] }[] = [
    {
      name: "an intra-state B2C sale goes to 3.1(a) with CGST and SGST",
      documents: () => [buildDocument({ lines: [buildLine(1000, 18)] })],
      expected: [{ table: "3.1a", txval: 1000, igst: 0, cgst: 90, sgst: 90 }],
    },
    {
      name: "a B2B sale less its credit note nets in 3.1(a)",
      documents: () => [
        buildDocument({
          gstin: "29AAGCB7383J1Z4",
          pos: "29",
          lines: [buildLine(1000, 18, { inter: true })],
        }),
        buildDocument({
          role: "outwardNote",
          gstin: "29AAGCB7383J1Z4",
          pos: "29",
          lines: [buildLine(200, 18, { inter: true })],
        }),
      ],
      expected: [{ table: "3.1a", txval: 800, igst: 144, cgst: 0, sgst: 0 }],
    },
    {
      name: "a reverse-charge sale gives 3.1(a) its taxable value and no tax",
      documents: () => [
        buildDocument({
          gstin: "27AAGCB7383J1Z4",
          reverseCharge: true,
          lines: [buildLine(500, 5)],
        }),
      ],
      expected: [{ table: "3.1a", txval: 500, igst: 0, cgst: 0, sgst: 0 }],
    },
    {
      name: "an export with IGST goes to 3.1(b)",
      documents: () => [
        buildDocument({
          supplyKind: "exportWithPayment",
          pos: "96",
          lines: [buildLine(2000, 18, { inter: true })],
        }),
      ],
      expected: [
        { table: "3.1b", txval: 2000, igst: 360, cgst: 0, sgst: 0 },
        { table: "3.1a", txval: 0, igst: 0, cgst: 0, sgst: 0 },
      ],
    },
    {
      name: "a supply to an SEZ under LUT goes to 3.1(b) without tax",
      documents: () => [
        buildDocument({
          gstin: "29AAGCB7383J1Z4",
          pos: "29",
          supplyKind: "sezWithoutPayment",
          lines: [buildLine(3000, 18, { lut: true })],
        }),
      ],
      expected: [{ table: "3.1b", txval: 3000, igst: 0, cgst: 0, sgst: 0 }],
    },
    {
      name: "nil-rated and exempt lines go to 3.1(c), non-GST to 3.1(e)",
      documents: () => [
        buildDocument({
          lines: [buildLine(100, 0), buildLine(250, -1), buildLine(70, -2), buildLine(1000, 18)],
        }),
      ],
      expected: [
        { table: "3.1c", txval: 350, igst: 0, cgst: 0, sgst: 0 },
        { table: "3.1e", txval: 70, igst: 0, cgst: 0, sgst: 0 },
        { table: "3.1a", txval: 1000, igst: 0, cgst: 90, sgst: 90 },
      ],
    },
  ];
  it.each(cases)("$name", ({ documents, expected }) => {
    const summary = outward(documents());
    for (const cell of expected) expect(cellOf(summary, cell.table)).toEqual(cell);
  });

  it("3.2 lists inter-state supplies to unregistered, composition and UIN holders by place of supply", () => {
    const summary = outward([
      buildDocument({ pos: "29", lines: [buildLine(1000, 18, { inter: true })] }),
      buildDocument({ pos: "29", lines: [buildLine(500, 18, { inter: true })] }),
      buildDocument({ pos: "24", lines: [buildLine(300, 12, { inter: true })] }),
      buildDocument({ pos: "27", lines: [buildLine(900, 18)] }),
      buildDocument({
        gstin: "29AAGCB7383J1Z4",
        partyGstType: "composition",
        pos: "29",
        lines: [buildLine(400, 18, { inter: true })],
      }),
      buildDocument({
        gstin: "0717UNO00157UNK",
        partyGstType: "uinholder",
        pos: "07",
        lines: [buildLine(600, 18, { inter: true })],
      }),
      buildDocument({
        gstin: "29AAGCB7383J1Z4",
        pos: "29",
        lines: [buildLine(800, 18, { inter: true })],
      }),
    ]);
    expect(summary.interSup.unreg).toEqual([
      { pos: "24", taxablePaise: 30000, igstPaise: 3600 },
      { pos: "29", taxablePaise: 150000, igstPaise: 27000 },
    ]);
    expect(summary.interSup.comp).toEqual([{ pos: "29", taxablePaise: 40000, igstPaise: 7200 }]);
    expect(summary.interSup.uin).toEqual([{ pos: "07", taxablePaise: 60000, igstPaise: 10800 }]);
  });
});

describe("GSTR-3B 3.1 and 3.2 summed from the saved return facts (decision 057)", () => {
  const REGISTERED = "29AAGCB7383J1Z4";
  const inter = (rupees: number, rate = 18) => buildLine(rupees, rate, { inter: true });
  const bigInvoice = { number: "B-1", date: "2024-09-02", totalPaise: 30_000_000 };
  const documents = (): ReturnDocument[] => [
    buildDocument({ lines: [buildLine(1000, 18), buildLine(100, 0), buildLine(40, -2)] }),
    buildDocument({ pos: "29", lines: [inter(500)] }),
    buildDocument({ pos: "29", reverseCharge: true, lines: [inter(700)] }),
    buildDocument({ gstin: REGISTERED, pos: "29", lines: [inter(800)] }),
    buildDocument({
      gstin: REGISTERED,
      pos: "29",
      partyGstType: "composition",
      lines: [inter(60)],
    }),
    buildDocument({
      gstin: "0717UNO00157UNK",
      partyGstType: "uinholder",
      pos: "07",
      lines: [inter(90)],
    }),
    buildDocument({ supplyKind: "exportWithPayment", pos: "96", lines: [inter(2000)] }),
    buildDocument({
      gstin: REGISTERED,
      pos: "29",
      supplyKind: "sezWithPayment",
      lines: [inter(300)],
    }),
    buildDocument({ pos: "29", lines: [inter(300_000)] }),
    buildDocument({ lines: [buildLine(250, -1)] }),
    buildDocument({ role: "outwardNote", lines: [buildLine(100, 18), buildLine(30, 0)] }),
    buildDocument({ role: "outwardNote", pos: "29", lines: [inter(50)] }),
    buildDocument({
      role: "outwardNote",
      pos: "29",
      lines: [inter(80)],
      originalInvoices: [bigInvoice],
    }),
    buildDocument({ role: "outwardNote", gstin: REGISTERED, pos: "29", lines: [inter(20)] }),
    buildDocument({
      role: "outwardNote",
      supplyKind: "exportWithoutPayment",
      pos: "96",
      lines: [buildLine(400, 18, { lut: true })],
    }),
    buildDocument({
      role: "outwardNote",
      gstin: REGISTERED,
      supplyKind: "exportWithPayment",
      pos: "96",
      lines: [inter(110)],
    }),
  ];

  const fromFacts = (list: readonly ReturnDocument[]) =>
    list.flatMap((document) => {
      const facts = describeReturnFacts(document, SUPPLIER_GSTIN);
      return outwardFactsFigures(
        { ...facts.gstr3b, hasTaxable: facts.hasTaxable, sign: facts.sign, amounts: facts },
        facts.lines,
      ).map((figure) => ({ ...figure, entryId: document.entryId }));
    });

  it("every table, 3.2 row and count is the contributions'", () => {
    const list = documents();
    const sections = buildGstr1Sections(list, [], { gstin: SUPPLIER_GSTIN, fp: "092024" });
    const contributions = outwardContributions(list, sections, STATE);
    const figures = fromFacts(list);
    expect(summariseGstr3b(figures)).toEqual(summariseGstr3b(contributions));
    const entries = (rows: readonly { table: string; key: string | null; entryId: string }[]) =>
      [...new Set(rows.map((row) => `${row.table}|${row.key}|${row.entryId}`))].sort();
    expect(entries(figures)).toEqual(entries(contributions));
    // One figure per document, table and place: what a month's sums count.
    expect(figures.length).toBe(entries(figures).length);
    expect(summariseGstr3b(figures).interSup.unreg.map((row) => row.pos)).toEqual(["29"]);
    expect(summariseGstr3b(figures).cells["3.1b"].taxablePaise).toBe(2000_00 + 300_00 - 400_00);
  });

  it("a note to an unregistered person across states keeps its kind in cdnur and in b2cs", () => {
    const small = buildDocument({ role: "outwardNote", pos: "29", lines: [inter(50)] });
    const large = { ...small, originalInvoices: [bigInvoice] };
    const kindOf = (document: ReturnDocument) => describeReturnFacts(document, SUPPLIER_GSTIN);
    expect(kindOf(small).section).toBe("b2cs");
    expect(kindOf(large).section).toBe("cdnur");
    expect(kindOf(small).gstr3b).toEqual(kindOf(large).gstr3b);
    expect(kindOf(small).gstr3b).toEqual({
      zeroRated: false,
      reverseCharge: false,
      interSupTable: "3.2a",
      pos: "29",
    });
  });
});

describe("GSTR-3B 3.1 and 3.2: GSTR-1 amendments of earlier periods add amended − reported", () => {
  const REGISTERED = "29AAGCB7383J1Z4";
  const amend = (reported: ReturnDocument | null, now: Partial<ReturnDocument>) => {
    const document = { ...(reported ?? buildDocument()), ...now, date: "2024-09-10" };
    return { document, original: { number: document.number, date: "2024-09-10" }, reported };
  };
  const cases: {
    name: string;
    amended: () => ReturnType<typeof amend>[];
    expected: Cell[];
    entries?: number;
  }[] = [
    {
      name: "a B2B invoice raised from 1,000 to 1,500 adds 500 and its tax to 3.1(a)",
      amended: () => {
        const filed = buildDocument({ gstin: REGISTERED, pos: "27" });
        return [amend(filed, { lines: [buildLine(1500, 18)] })];
      },
      expected: [{ table: "3.1a", txval: 500, igst: 0, cgst: 45, sgst: 45 }],
      entries: 1,
    },
    {
      name: "an invoice lowered takes the difference away (negative)",
      amended: () => [
        amend(buildDocument({ lines: [buildLine(2000, 18)] }), { lines: [buildLine(1200, 18)] }),
      ],
      expected: [{ table: "3.1a", txval: -800, igst: 0, cgst: -72, sgst: -72 }],
    },
    {
      name: "an amended credit note: raising the note lowers 3.1(a)",
      amended: () => [
        amend(buildDocument({ role: "outwardNote", gstin: REGISTERED }), {
          lines: [buildLine(1300, 18)],
        }),
      ],
      expected: [{ table: "3.1a", txval: -300, igst: 0, cgst: -27, sgst: -27 }],
    },
    {
      name: "a sale moved from taxable to SEZ without payment moves between 3.1(a) and 3.1(b)",
      amended: () => [
        amend(
          buildDocument({
            gstin: REGISTERED,
            pos: "29",
            lines: [buildLine(1000, 18, { inter: true })],
          }),
          {
            supplyKind: "sezWithoutPayment",
            lines: [buildLine(1000, 18, { lut: true })],
          },
        ),
      ],
      expected: [
        { table: "3.1a", txval: -1000, igst: -180, cgst: 0, sgst: 0 },
        { table: "3.1b", txval: 1000, igst: 0, cgst: 0, sgst: 0 },
      ],
    },
    {
      name: "an inter-state B2C sale whose place of supply changes moves in 3.2 and keeps 3.1(a)",
      amended: () => [
        amend(buildDocument({ pos: "29", lines: [buildLine(1000, 18, { inter: true })] }), {
          pos: "07",
        }),
      ],
      expected: [
        { table: "3.1a", txval: 0, igst: 0, cgst: 0, sgst: 0 },
        { table: "3.2a", txval: 0, igst: 0, cgst: 0, sgst: 0 },
      ],
    },
    {
      name: "nil and exempt lines are not amended (table 8 has no amendment)",
      amended: () => [
        amend(buildDocument({ lines: [buildLine(100, 0)] }), { lines: [buildLine(900, 0)] }),
      ],
      expected: [{ table: "3.1c", txval: 0, igst: 0, cgst: 0, sgst: 0 }],
      entries: 0,
    },
    {
      name: "without a reported version nothing is added",
      amended: () => [amend(null, { lines: [buildLine(5000, 18)] })],
      expected: [{ table: "3.1a", txval: 0, igst: 0, cgst: 0, sgst: 0 }],
      entries: 0,
    },
  ];
  it.each(cases)("$name", ({ amended, expected, entries }) => {
    const contributions = amendmentContributions(
      amended(),
      { gstin: SUPPLIER_GSTIN, fp: "102024" },
      STATE,
    );
    const summary = summariseGstr3b(contributions);
    for (const cell of expected) expect(cellOf(summary, cell.table)).toEqual(cell);
    if (entries !== undefined) {
      expect(
        new Set(contributions.filter((c) => c.table === "3.1a").map((c) => c.entryId)).size,
      ).toBe(entries);
    }
    expect(contributions.every((c) => c.amendment === true)).toBe(true);
  });

  it("3.2 follows the place of supply: the old place loses the sale, the new one gains it", () => {
    const filed = buildDocument({ pos: "29", lines: [buildLine(1000, 18, { inter: true })] });
    const summary = summariseGstr3b(
      amendmentContributions(
        [
          {
            document: { ...filed, pos: "07" },
            original: { number: filed.number, date: filed.date },
            reported: filed,
          },
        ],
        { gstin: SUPPLIER_GSTIN, fp: "102024" },
        STATE,
      ),
    );
    expect(summary.interSup.unreg).toEqual([
      { pos: "07", taxablePaise: 100000, igstPaise: 18000 },
      { pos: "29", taxablePaise: -100000, igstPaise: -18000 },
    ]);
  });
});

describe("GSTR-3B of a quarterly filer's quarter: IFF documents as reported (decision 058)", () => {
  const OPTIONS = { gstin: SUPPLIER_GSTIN, fp: "092024" };
  const REGISTERED = "27AAGCB7383J1Z4";
  const b2b = (rupees: number, extra: Partial<ReturnDocument> = {}) =>
    buildDocument({
      entryId: "iff-1",
      number: "A-1",
      gstin: REGISTERED,
      lines: [buildLine(rupees, 18), buildLine(100, 0)],
      ...extra,
    });
  const rows = (contributions: readonly { table: string; taxablePaise: number }[]) =>
    contributions.map((row) => [
      row.table,
      row.taxablePaise,
      (row as { amendment?: boolean }).amendment === true,
    ]);

  it("the summary adds as last saved within the quarter minus as now; a deleted one stays", () => {
    const filed = b2b(1000);
    const quarterEnd = b2b(1200);
    const current = b2b(1300);
    expect(rows(iffReportedAdjustments([{ filed, quarterEnd, current }], OPTIONS, STATE))).toEqual([
      ["3.1a", 120_000, false],
      ["3.1a", -130_000, false],
    ]);
    expect(
      rows(iffReportedAdjustments([{ filed, quarterEnd: filed, current: null }], OPTIONS, STATE)),
    ).toEqual([["3.1a", 100_000, false]]);
  });

  it("a document the IFF did not carry (B2C) is left as it stands", () => {
    const b2c = buildDocument({ entryId: "b2c-1", lines: [buildLine(500, 18)] });
    const entry = {
      filed: b2c,
      quarterEnd: buildDocument({ ...b2c, lines: [buildLine(700, 18)] }),
      current: null,
    };
    expect(iffReportedAdjustments([entry], OPTIONS, STATE)).toEqual([]);
    const contributions = outwardContributions(
      [b2c],
      buildGstr1Sections([b2c], [], OPTIONS),
      STATE,
    );
    expect(withIffReported(contributions, [entry], OPTIONS, STATE)).toEqual(contributions);
  });

  it("the details show the document as filed and its amendment apart; table 8 rows stay as now", () => {
    const filed = b2b(1000);
    const current = b2b(1200);
    const contributions = outwardContributions(
      [current],
      buildGstr1Sections([current], [], OPTIONS),
      STATE,
    );
    expect(rows(contributions)).toEqual([
      ["3.1a", 120_000, false],
      ["3.1c", 10_000, false],
    ]);
    expect(
      rows(
        withIffReported(contributions, [{ filed, quarterEnd: current, current }], OPTIONS, STATE),
      ),
    ).toEqual([
      ["3.1c", 10_000, false],
      ["3.1a", 100_000, false],
      ["3.1a", 120_000, true],
      ["3.1a", -100_000, true],
    ]);
    expect(
      rows(withIffReported(contributions, [{ filed, quarterEnd: filed, current }], OPTIONS, STATE)),
    ).toEqual([
      ["3.1c", 10_000, false],
      ["3.1a", 100_000, false],
    ]);
  });
});

describe("GSTR-3B tables 3.1(d), 4 and 5 from the inward side", () => {
  const cases: { name: string; documents: () => InwardDocument[]; expected: Cell[] }[] = [
    {
      name: "an intra-state purchase gives all other ITC, 4A(5)",
      documents: () => [purchase()],
      expected: [
        { table: "4A5", txval: 1000, igst: 0, cgst: 90, sgst: 90 },
        { table: "4C", txval: 0, igst: 0, cgst: 90, sgst: 90 },
      ],
    },
    {
      name: "a debit note to the supplier reduces the ITC of its period",
      documents: () => [
        purchase({ lines: [inLine(1000, 18)] }),
        purchase({ role: "inwardNote", lines: [inLine(300, 18)] }),
      ],
      expected: [
        { table: "4A5", txval: 700, igst: 0, cgst: 63, sgst: 63 },
        { table: "4C", txval: 0, igst: 0, cgst: 63, sgst: 63 },
      ],
    },
    {
      name: "a reverse-charge purchase goes to 3.1(d) and 4A(3) ISRC",
      documents: () => [
        purchase({
          reverseCharge: true,
          gstin: null,
          partyGstType: "unregistered",
          lines: [inLine(2000, 5)],
        }),
      ],
      expected: [
        { table: "3.1d", txval: 2000, igst: 0, cgst: 50, sgst: 50 },
        { table: "4A3", txval: 2000, igst: 0, cgst: 50, sgst: 50 },
        { table: "4A5", txval: 0, igst: 0, cgst: 0, sgst: 0 },
      ],
    },
    {
      name: "an import of goods goes to 4A(1) IMPG, not 3.1(d)",
      documents: () => [
        purchase({
          importType: "goods",
          partyGstType: "overseas",
          gstin: null,
          supplierStateCode: "96",
          lines: [inLine(10000, 18, { inter: true })],
        }),
      ],
      expected: [
        { table: "4A1", txval: 10000, igst: 1800, cgst: 0, sgst: 0 },
        { table: "3.1d", txval: 0, igst: 0, cgst: 0, sgst: 0 },
      ],
    },
    {
      name: "an import of services goes to 3.1(d) and 4A(2) IMPS",
      documents: () => [
        purchase({
          importType: "services",
          reverseCharge: true,
          partyGstType: "overseas",
          gstin: null,
          supplierStateCode: "96",
          lines: [inLine(5000, 18, { inter: true })],
        }),
      ],
      expected: [
        { table: "3.1d", txval: 5000, igst: 900, cgst: 0, sgst: 0 },
        { table: "4A2", txval: 5000, igst: 900, cgst: 0, sgst: 0 },
        { table: "4A3", txval: 0, igst: 0, cgst: 0, sgst: 0 },
      ],
    },
    {
      name: "blocked credit (s.17(5)) is reported in 4A and reversed in 4B(1); 4C nets it out",
      documents: () => [
        purchase({ lines: [inLine(1000, 18), inLine(400, 28, { blocked: true })] }),
      ],
      expected: [
        { table: "4A5", txval: 1400, igst: 0, cgst: 146, sgst: 146 },
        { table: "4B1", txval: 400, igst: 0, cgst: 56, sgst: 56 },
        { table: "4C", txval: 0, igst: 0, cgst: 90, sgst: 90 },
      ],
    },
    {
      name: "a place of supply in another state loses the credit to 4D(2)",
      documents: () => [
        purchase({
          gstin: "29AAGCB7383J1Z4",
          pos: "29",
          supplierStateCode: "29",
          lines: [inLine(3000, 12)],
        }),
      ],
      expected: [
        { table: "4D2", txval: 3000, igst: 0, cgst: 180, sgst: 180 },
        { table: "4A5", txval: 0, igst: 0, cgst: 0, sgst: 0 },
        { table: "4C", txval: 0, igst: 0, cgst: 0, sgst: 0 },
      ],
    },
    {
      name: "an inter-state purchase with IGST is ITC in 4A(5)",
      documents: () => [
        purchase({
          gstin: "29AAGCB7383J1Z4",
          supplierStateCode: "29",
          lines: [inLine(1000, 18, { inter: true })],
        }),
      ],
      expected: [{ table: "4A5", txval: 1000, igst: 180, cgst: 0, sgst: 0 }],
    },
  ];
  it.each(cases)("$name", ({ documents, expected }) => {
    const summary = inward(documents());
    for (const cell of expected) expect(cellOf(summary, cell.table)).toEqual(cell);
  });

  it("table 5 splits exempt, nil, composition and non-GST inward supplies into inter and intra", () => {
    const summary = inward([
      purchase({ lines: [inLine(100, 0), inLine(200, -1), inLine(50, -2)] }),
      purchase({
        supplierStateCode: "29",
        gstin: "29AAGCB7383J1Z4",
        lines: [inLine(300, -1), inLine(40, -2)],
      }),
      purchase({ partyGstType: "composition", lines: [inLine(700, 0)] }),
      purchase({
        partyGstType: "composition",
        supplierStateCode: "24",
        gstin: "24AAGCB7383J1Z4",
        lines: [inLine(900, 0)],
      }),
      purchase({ role: "inwardNote", lines: [inLine(20, -1)] }),
      // An import of exempt goods is not an inward supply of table 5.
      purchase({
        importType: "goods",
        partyGstType: "overseas",
        supplierStateCode: "96",
        lines: [inLine(999, -1)],
      }),
    ]);
    expect(summary.inward).toEqual({
      gst: { interPaise: 120000, intraPaise: 98000 },
      nonGst: { interPaise: 4000, intraPaise: 5000 },
    });
    expect(summary.cells["4A5"].cgstPaise).toBe(0);
  });
});

describe("GSTR-3B JSON", () => {
  it("has the portal's keys, 2-decimal amounts and itc_net exactly available minus reversed", () => {
    const sales = [
      buildDocument({ lines: [buildLine(1234.56, 18)] }),
      buildDocument({ pos: "29", lines: [buildLine(1000, 18, { inter: true })] }),
    ];
    const sections = buildGstr1Sections(sales, [], { gstin: SUPPLIER_GSTIN, fp: "092024" });
    const summary = summariseGstr3b([
      ...outwardContributions(sales, sections, STATE),
      ...inwardContributions(
        [
          purchase({ lines: [inLine(500, 18), inLine(100, 18, { blocked: true })] }),
          purchase({ reverseCharge: true, lines: [inLine(1000, 5)] }),
        ],
        STATE,
      ),
    ]);
    const json = JSON.parse(
      JSON.stringify(buildGstr3bJson(summary, { gstin: SUPPLIER_GSTIN, fp: "092024" })),
    );
    expect(json.gstin).toBe(SUPPLIER_GSTIN);
    expect(json.ret_period).toBe("092024");
    expect(json.sup_details.osup_det).toEqual({
      txval: 2234.56,
      iamt: 180,
      camt: 111.11,
      samt: 111.11,
      csamt: 0,
    });
    expect(json.sup_details.isup_rev).toEqual({
      txval: 1000,
      iamt: 0,
      camt: 25,
      samt: 25,
      csamt: 0,
    });
    // 3.1.1 as the portal names it, zero: no entry is a supply through an e-commerce operator.
    expect(json.eco_dtls).toEqual({
      eco_sup: { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 },
      eco_reg_sup: { txval: 0 },
    });
    expect(Object.keys(json)).toEqual([
      "gstin",
      "ret_period",
      "sup_details",
      "eco_dtls",
      "inter_sup",
      "itc_elg",
      "inward_sup",
    ]);
    expect(json.inter_sup.unreg_details).toEqual([{ pos: "29", txval: 1000, iamt: 180 }]);
    expect(json.itc_elg.itc_avl).toEqual([
      { ty: "IMPG", iamt: 0, camt: 0, samt: 0, csamt: 0 },
      { ty: "IMPS", iamt: 0, camt: 0, samt: 0, csamt: 0 },
      { ty: "ISRC", iamt: 0, camt: 25, samt: 25, csamt: 0 },
      { ty: "ISD", iamt: 0, camt: 0, samt: 0, csamt: 0 },
      { ty: "OTH", iamt: 0, camt: 54, samt: 54, csamt: 0 },
    ]);
    expect(json.itc_elg.itc_rev[0]).toEqual({ ty: "RUL", iamt: 0, camt: 9, samt: 9, csamt: 0 });
    expect(json.itc_elg.itc_net).toEqual({ iamt: 0, camt: 70, samt: 70, csamt: 0 });
    expect(json.inward_sup.isup_details).toEqual([
      { ty: "GST", inter: 0, intra: 0 },
      { ty: "NONGST", inter: 0, intra: 0 },
    ]);
  });

  it("reads a stored purchase: the saved amounts, and 17(5) by the item's or account's flag", () => {
    const document = toInwardDocument(
      {
        id: "v1",
        type: "purchases",
        date: "2024-09-01",
        number: "P-1",
        partyName: "Hotel",
        document: {
          gstin: "27aagcb7383j1z4",
          pos: "27",
          supplierStateCode: "27",
          partyGstType: "regular",
          rcmApplicable: false,
          itemDetails: [
            { itemId: "car", amount: 100.5, gstRate: 28, cgstAmount: 14.07, sgstAmount: 14.07 },
          ],
          accountDetails: [
            { accountId: "food", amount: 200, gstRate: 5, cgstAmount: 5, sgstAmount: 5 },
          ],
        },
      },
      "inwardSupply",
      { itemIds: new Set(["car"]), accountIds: new Set() },
    );
    expect(document.gstin).toBe("27AAGCB7383J1Z4");
    expect(document.importType).toBeNull();
    expect(
      document.lines.map((line) => [line.taxablePaise, line.cgstPaise, line.itcIneligible]),
    ).toEqual([
      [10050, 1407, true],
      [20000, 500, false],
    ]);
  });
});

describe("withItcAsPer2B", () => {
  const books = summariseGstr3b([
    {
      table: "4A5",
      key: null,
      taxablePaise: 100_000,
      igstPaise: 9_000,
      cgstPaise: 4_500,
      sgstPaise: 4_500,
      cessPaise: 100,
    },
    {
      table: "4A1",
      key: null,
      taxablePaise: 0,
      igstPaise: 1_000,
      cgstPaise: 0,
      sgstPaise: 0,
      cessPaise: 0,
    },
    {
      table: "4B2",
      key: null,
      taxablePaise: 0,
      igstPaise: 500,
      cgstPaise: 200,
      sgstPaise: 200,
      cessPaise: 0,
    },
  ]);
  const matched = { igstPaise: 7_000, cgstPaise: 4_500, sgstPaise: 4_000, cessPaise: 0 };

  it("puts the matched credit in 4A(5), 4C following it, and gives the books' difference", () => {
    const { summary, difference } = withItcAsPer2B(books, matched);
    expect(summary.cells["4A5"]).toEqual({ taxablePaise: 0, ...matched });
    expect(difference).toEqual({
      taxablePaise: 0,
      igstPaise: 2_000,
      cgstPaise: 0,
      sgstPaise: 500,
      cessPaise: 100,
    });
    // 4C is still 4A − 4B with the matched 4A(5).
    expect(summary.cells["4C"]).toEqual({
      taxablePaise: 0,
      igstPaise: 7_000 + 1_000 - 500,
      cgstPaise: 4_500 - 200,
      sgstPaise: 4_000 - 200,
      cessPaise: 0,
    });
    expect(summary.cells["4A1"]).toEqual(books.cells["4A1"]);
  });

  it("changes nothing when the matched credit is the books', and leaves the books' summary as it was", () => {
    const before = structuredClone(books);
    const same = withItcAsPer2B(books, {
      igstPaise: 9_000,
      cgstPaise: 4_500,
      sgstPaise: 4_500,
      cessPaise: 100,
    });
    expect(same.difference).toEqual({
      taxablePaise: 0,
      igstPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      cessPaise: 0,
    });
    expect(same.summary.cells["4C"]).toEqual(books.cells["4C"]);
    withItcAsPer2B(books, matched);
    expect(books).toEqual(before);
  });
});
