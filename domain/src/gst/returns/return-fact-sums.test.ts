import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  aggregateB2csRows,
  buildGstr1Sections,
  buildHsnRows,
  buildNilRows,
  type DocumentRow,
  hsnSumOf,
  totalSection,
} from "./gstr1-build.ts";
import { GSTR3B_TABLES, outwardContributions, summariseGstr3b } from "./gstr3b.ts";
import type { ReturnDocument } from "./return-document.ts";
import {
  b2csBucketsOf,
  DOCUMENT_SECTIONS,
  decodeFactKey,
  encodeFactKey,
  gstr3bFiguresOf,
  hsnSumsOfTotals,
  nilSumsOfTotals,
  RETURN_FACT_GROUPS,
  type ReturnFactGroup,
  type ReturnFactKey,
  type ReturnFactKeyOf,
  type ReturnFactSum,
  type ReturnFactsDocumentRow,
  type ReturnFactsLineRow,
  type ReturnFactTotal,
  returnFactsRowsOf,
  sectionTotalsOf,
  sumReturnFacts,
  totalFactSums,
} from "./return-fact-sums.ts";
import { describeReturnFacts } from "./return-facts.ts";
import { bookArbitrary, SUPPLIER_GSTIN } from "./test-documents.ts";

const STATE = SUPPLIER_GSTIN.slice(0, 2);

const keyArbitrary: fc.Arbitrary<ReturnFactKey> = fc.oneof(
  fc.constantFrom(...DOCUMENT_SECTIONS).map((section) => ({ grp: "section" as const, section })),
  fc.record({
    grp: fc.constant("nil" as const),
    inter: fc.boolean(),
    registered: fc.boolean(),
    kind: fc.constantFrom("nil" as const, "exempt" as const, "nonGst" as const),
  }),
  fc.record({
    grp: fc.constant("hsn" as const),
    registered: fc.boolean(),
    hsn: fc.string(),
    uqc: fc.string(),
    rate: fc.constantFrom(0, 0.1, 0.25, 3, 5, 18, 28, 40),
  }),
  fc.record({
    grp: fc.constant("b2cs" as const),
    inter: fc.boolean(),
    pos: fc.string({ maxLength: 2 }),
    rate: fc.constantFrom(0.25, 5, 18),
  }),
  fc.record({
    grp: fc.constant("gstr3b" as const),
    table: fc.constantFrom(...GSTR3B_TABLES),
    key: fc.option(fc.string(), { nil: null }),
  }),
);

describe("encodeFactKey and decodeFactKey", () => {
  it("write the keys as the facts of every version before wrote them", () => {
    expect(encodeFactKey({ grp: "section", section: "b2cs" })).toBe('"b2cs"');
    expect(encodeFactKey({ grp: "nil", inter: true, registered: false, kind: "exempt" })).toBe(
      '[true,false,"exempt"]',
    );
    expect(encodeFactKey({ grp: "hsn", registered: true, hsn: "8471", uqc: "NOS", rate: 18 })).toBe(
      '[true,"8471","NOS",18]',
    );
    expect(encodeFactKey({ grp: "b2cs", inter: false, pos: "27", rate: 0.25 })).toBe(
      '[false,"27",0.25]',
    );
    expect(encodeFactKey({ grp: "gstr3b", table: "3.2a", key: "29" })).toBe('["3.2a","29"]');
    expect(encodeFactKey({ grp: "gstr3b", table: "3.1a", key: null })).toBe('["3.1a",null]');
  });

  it("read back every key they write", () => {
    fc.assert(
      fc.property(keyArbitrary, (key) => {
        expect(decodeFactKey(key.grp, encodeFactKey(key))).toEqual(key);
      }),
    );
  });

  it.each<[ReturnFactGroup, string]>([
    ["section", '"nil"'],
    ["section", "b2b"],
    ["nil", '[true,false,"taxable"]'],
    ["nil", "[true,false]"],
    ["hsn", '[1,"8471","NOS",18]'],
    ["hsn", '[true,"8471","NOS","18"]'],
    ["b2cs", "[false,27,18]"],
    ["gstr3b", '["3.9z",null]'],
    ["gstr3b", '["3.1a",4]'],
    ["hsn", '"b2b"'],
  ])("refuse a %s key %s that is not one", (grp, text) => {
    expect(() => decodeFactKey(grp, text)).toThrow(TypeError);
  });
});

/** A book's facts rows, as the save path keeps them. */
function factsOf(documents: readonly ReturnDocument[]) {
  const rows = documents.map((document) =>
    returnFactsRowsOf(
      document.entryId,
      document.date,
      describeReturnFacts(document, SUPPLIER_GSTIN),
    ),
  );
  return {
    documents: rows.map((row) => row.document) as ReturnFactsDocumentRow[],
    lines: rows.flatMap((row) => row.lines) as ReturnFactsLineRow[],
  };
}

/** The sums as stored (keys as text) and read back for the period, group by group. */
function readBack<G extends ReturnFactGroup>(
  sums: readonly ReturnFactSum[],
  grp: G,
): ReturnFactTotal<ReturnFactKeyOf<G>>[] {
  const stored = sums
    .filter((sum) => sum.key.grp === grp)
    .map(({ key, ...amounts }) => ({ ...amounts, text: encodeFactKey(key) }));
  return totalFactSums(
    stored.map(({ text, ...amounts }) => ({ ...amounts, key: decodeFactKey(grp, text) })),
  );
}

const PERIODS = [
  { months: ["2024-08", "2024-09"] as const, fp: "092024" },
  { months: ["2025-06", "2025-07"] as const, fp: "072025" },
];

describe.each(PERIODS)("Tables 8 and 12 of $fp", ({ months, fp }) => {
  const options = { gstin: SUPPLIER_GSTIN, fp };

  it("are the same from the documents and from the saved sums, on random books", () => {
    fc.assert(
      fc.property(bookArbitrary(months), (documents) => {
        const sections = buildGstr1Sections(documents, [], options);
        const sums = sumReturnFacts(factsOf(documents), 1);
        expect(buildNilRows(nilSumsOfTotals(readBack(sums, "nil")))).toEqual(sections.nil);
        // The sums keep no descriptions (the counts); the rows are otherwise the same.
        expect(buildHsnRows(hsnSumsOfTotals(readBack(sums, "hsn")), fp)).toEqual(
          sections.hsn.map((row) => ({ ...row, description: "" })),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("are the same from the documents and from the saved lines with descriptions", () => {
    fc.assert(
      fc.property(bookArbitrary(months), (documents) => {
        const sections = buildGstr1Sections(documents, [], options);
        const { lines } = factsOf(documents);
        // The lines in the return's order, as the page's query reads them.
        expect(
          buildHsnRows(
            lines.map((line) => hsnSumOf(line, line.registered)),
            fp,
          ),
        ).toEqual(sections.hsn);
      }),
      { numRuns: 200 },
    );
  });

  it("give each document section's totals, B2C small's buckets and GSTR-3B's 3.1 and 3.2", () => {
    fc.assert(
      fc.property(bookArbitrary(months), (documents) => {
        const sections = buildGstr1Sections(documents, [], options);
        const sums = sumReturnFacts(factsOf(documents), 1);
        const totals = sectionTotalsOf(readBack(sums, "section"));
        for (const section of DOCUMENT_SECTIONS) {
          const expected = totalSection(sections, section);
          expect(totals.get(section) ?? { ...expected, count: 0 }).toEqual(expected);
        }
        const byId = new Map(documents.map((document) => [document.entryId, document]));
        const documentOf = (row: DocumentRow) => byId.get(row.entryId) as ReturnDocument;
        expect(b2csBucketsOf(readBack(sums, "b2cs"))).toEqual(
          aggregateB2csRows(sections.b2cs, documentOf, STATE),
        );
        expect(summariseGstr3b(gstr3bFiguresOf(readBack(sums, "gstr3b")).figures)).toEqual(
          summariseGstr3b(outwardContributions(documents, sections, STATE)),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("take a document away as they added it (an edit or a delete)", () => {
    fc.assert(
      fc.property(bookArbitrary(months), fc.integer({ min: 0, max: 3 }), (documents, every) => {
        const kept = documents.filter((_, index) => index % 4 !== every);
        const removed = documents.filter((_, index) => index % 4 === every);
        const sums = [
          ...sumReturnFacts(factsOf(documents), 1),
          ...sumReturnFacts(factsOf(removed), -1),
        ];
        const rest = sumReturnFacts(factsOf(kept), 1);
        for (const grp of RETURN_FACT_GROUPS) {
          const sort = (totals: ReturnFactTotal[]) =>
            [...totals].sort((a, b) => encodeFactKey(a.key).localeCompare(encodeFactKey(b.key)));
          expect(sort(readBack(sums, grp))).toEqual(sort(readBack(rest, grp)));
        }
      }),
      { numRuns: 100 },
    );
  });
});
