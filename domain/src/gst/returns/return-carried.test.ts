import { describe, expect, it } from "vitest";
import { buildGstr1Amendments, GSTR1_AMENDMENT_SECTIONS } from "./gstr1-amendments.ts";
import { buildGstr1Sections, GSTR1_SECTIONS, IFF_SECTIONS } from "./gstr1-build.ts";
import {
  carriedAmendmentSections,
  carriedAmendments,
  carriedRows,
  carriedSections,
  IFF_AMENDMENT_SECTIONS,
} from "./return-carried.ts";
import { buildDocument, buildLine, REGISTERED_GSTIN, SUPPLIER_GSTIN } from "./test-documents.ts";

const options = { gstin: SUPPLIER_GSTIN, fp: "092024" };

describe("the sections a return carries", () => {
  it("are every section for GSTR-1, b2b and cdnr (and their amendments) for IFF", () => {
    expect(carriedSections("gstr1")).toEqual(GSTR1_SECTIONS);
    expect(carriedSections("iff")).toEqual(["b2b", "cdnr"]);
    expect(carriedSections("iff")).toBe(IFF_SECTIONS);
    expect(carriedAmendmentSections("gstr1")).toEqual(GSTR1_AMENDMENT_SECTIONS);
    expect(carriedAmendmentSections("iff")).toEqual(["b2ba", "cdnra"]);
    expect(carriedAmendmentSections("iff")).toBe(IFF_AMENDMENT_SECTIONS);
  });

  it("keep an IFF's B2B rows and empty the rest; GSTR-1 keeps them all", () => {
    const documents = [
      buildDocument({
        gstin: REGISTERED_GSTIN,
        pos: "29",
        lines: [buildLine(1000, 18, { inter: true })],
      }),
      buildDocument({ lines: [buildLine(500, 5), buildLine(200, -1)] }),
      buildDocument({
        role: "outwardNote",
        gstin: REGISTERED_GSTIN,
        pos: "29",
        lines: [buildLine(100, 18, { inter: true })],
      }),
    ];
    const all = buildGstr1Sections(documents, [], options);
    expect(all.b2cs).toHaveLength(1);
    expect(all.nil).toHaveLength(1);
    expect(carriedRows("gstr1", all)).toEqual(all);
    const iff = carriedRows("iff", all);
    expect(iff.b2b).toEqual(all.b2b);
    expect(iff.cdnr).toEqual(all.cdnr);
    for (const section of GSTR1_SECTIONS) {
      if (section !== "b2b" && section !== "cdnr") expect(iff[section]).toEqual([]);
    }
    // The sections given are not changed.
    expect(all.b2cs).toHaveLength(1);
  });

  it("keep an IFF's B2B amendments and empty the others", () => {
    const invoice = buildDocument({ date: "2024-10-05" });
    const registered = buildDocument({ gstin: REGISTERED_GSTIN, pos: "29", date: "2024-10-06" });
    const amendments = buildGstr1Amendments(
      [
        { document: invoice, original: { number: invoice.number, date: "2024-09-10" } },
        { document: registered, original: { number: registered.number, date: "2024-09-10" } },
      ],
      { gstin: SUPPLIER_GSTIN, fp: "102024" },
    );
    expect(amendments.b2ba).toHaveLength(1);
    expect(amendments.b2csa.length + amendments.b2cla.length).toBeGreaterThan(0);
    expect(carriedAmendments("gstr1", amendments)).toEqual(amendments);
    const iff = carriedAmendments("iff", amendments);
    expect(iff.b2ba).toEqual(amendments.b2ba);
    for (const section of GSTR1_AMENDMENT_SECTIONS) {
      if (section !== "b2ba" && section !== "cdnra") expect(iff[section]).toEqual([]);
    }
  });
});
