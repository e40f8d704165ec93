import { describe, expect, test } from "vitest";
import { buildGstr1AmendmentJson, buildGstr1Amendments } from "./gstr1-amendments.ts";
import { buildGstr1Sections } from "./gstr1-build.ts";
import { buildDocument, buildLine, REGISTERED_GSTIN, SUPPLIER_GSTIN } from "./test-documents.ts";

const options = { gstin: SUPPLIER_GSTIN, fp: "112024" };

describe("amendments", () => {
  test("each amended document goes to the amendment of its section, with its original number", () => {
    const b2b = buildDocument({
      gstin: REGISTERED_GSTIN,
      pos: "29",
      number: "INV-9",
      date: "2024-09-05",
    });
    const note = buildDocument({
      role: "outwardNote",
      gstin: REGISTERED_GSTIN,
      pos: "29",
      number: "CN-2",
    });
    const b2cs = buildDocument({ pos: "27", number: "INV-10", date: "2024-09-07" });
    const amendments = buildGstr1Amendments(
      [
        { document: b2b, original: { number: "INV-8", date: "2024-09-04" } },
        { document: note, original: { number: "CN-2", date: "2024-09-10" } },
        { document: b2cs, original: { number: "INV-10", date: "2024-09-07" } },
      ],
      options,
    );
    expect(amendments.b2ba.map((row) => [row.number, row.originalNumber])).toEqual([
      ["INV-9", "INV-8"],
    ]);
    expect(amendments.cdnra).toHaveLength(1);
    expect(amendments.b2csa.map((row) => row.originalMonth)).toEqual(["092024"]);

    // September's B2C small as it stands now: the amended invoice and another at the same place.
    const other = buildDocument({
      pos: "27",
      number: "INV-11",
      date: "2024-09-20",
      lines: [buildLine(500, 18)],
    });
    const september = [b2cs, other];
    const json = buildGstr1AmendmentJson(
      amendments,
      new Map([b2b, note, b2cs].map((document) => [document.entryId, document])),
      {
        gstin: SUPPLIER_GSTIN,
        only: ["b2ba", "b2csa", "cdnra"],
        originalMonthSections: new Map([
          [
            "092024",
            {
              documents: september,
              sections: buildGstr1Sections(september, [], { gstin: SUPPLIER_GSTIN, fp: "092024" }),
            },
          ],
        ]),
      },
    );
    expect((json.b2ba as { inv: Record<string, unknown>[] }[])[0]?.inv[0]).toMatchObject({
      oinum: "INV-8",
      oidt: "04-09-2024",
      inum: "INV-9",
      idt: "05-09-2024",
      val: 1180,
    });
    expect((json.cdnra as { nt: Record<string, unknown>[] }[])[0]?.nt[0]).toMatchObject({
      ont_num: "CN-2",
      ont_dt: "10-09-2024",
      ntty: "C",
      nt_num: "CN-2",
    });
    expect(json.b2csa).toEqual([
      {
        omon: "092024",
        sply_ty: "INTRA",
        pos: "27",
        typ: "OE",
        itms: [{ rt: 18, txval: 1500, camt: 135, samt: 135, csamt: 0 }],
      },
    ]);
  });
});
