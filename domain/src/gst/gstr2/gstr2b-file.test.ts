import { describe, expect, test } from "vitest";
import {
  GSTR2B_FILE_MESSAGES,
  portalAmountToPaise,
  portalDateToCivil,
  readGstr2bFile,
} from "./gstr2b-file.ts";
import { sampleGstr2b } from "./test-gstr2b.ts";

const read = (value: unknown) => readGstr2bFile(JSON.stringify(value));

describe("readGstr2bFile", () => {
  test("keeps a document dated before the books' years; refuses one after them (issue 26)", () => {
    const late = sampleGstr2b();
    const invoice = late.data.docdata.b2b[0]?.inv[0] as { dt: string };
    invoice.dt = "01-05-2019";
    const kept = read(late);
    if (!kept.ok) throw new Error(kept.message);
    expect(kept.file.documents[0]?.date).toBe("2019-05-01");
    invoice.dt = "31-12-9999";
    const refused = read(late);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toContain('b2b[0].inv[0].dt: The date "31-12-9999"');
  });

  test("reads every section of the portal's layout", () => {
    const result = read(sampleGstr2b());
    if (!result.ok) throw new Error(result.message);
    const { file } = result;
    expect(file).toMatchObject({
      gstin: "27AAPFU0939F1ZV",
      returnPeriod: "092024",
      startDate: "2024-09-01",
      endDate: "2024-09-30",
      generatedOn: "2024-10-14",
      warnings: [],
    });
    expect(file.documents.map((d) => [d.section, d.number, d.side])).toEqual([
      ["b2b", "BS/2024-25/0101", "invoice"],
      ["b2b", "BS-102", "invoice"],
      ["b2ba", "BS-90A", "invoice"],
      ["cdnr", "CN-7", "credit"],
      ["isd", "ISD-1", "invoice"],
      ["impg", "2566691", "invoice"],
    ]);
    expect(file.documents[0]).toMatchObject({
      supplierGstin: "29AAGCB7383J1Z4",
      supplierName: "Bengaluru Systems",
      date: "2024-09-05",
      documentType: "R",
      valuePaise: 1_180_000,
      taxablePaise: 1_000_000,
      igstPaise: 180_000,
      pos: "27",
      reverseCharge: false,
      itcAvailable: "Y",
      itcReason: null,
      supplierFiledOn: "2024-10-11",
      supplierPeriod: "092024",
    });
    // Items are summed in paise: 450.09 + 449.91 is exactly 900.
    expect(file.documents[1]).toMatchObject({
      taxablePaise: 500_000,
      igstPaise: 90_000,
      reverseCharge: true,
      itcAvailable: "N",
      itcReason: "P",
    });
    expect(file.documents[2]).toMatchObject({
      originalNumber: "BS-90",
      originalDate: "2024-08-20",
    });
    expect(file.documents[3]).toMatchObject({
      documentType: "C",
      cgstPaise: 4_500,
      sgstPaise: 4_500,
      imsAction: "accepted",
    });
    expect(file.documents[4]).toMatchObject({ valuePaise: 10_000, igstPaise: 10_000, pos: null });
    expect(file.documents[5]).toMatchObject({
      supplierGstin: null,
      date: "2024-09-25",
      taxablePaise: 5_000_000,
      igstPaise: 900_000,
      valuePaise: 5_900_000,
      portCode: "INNSA1",
      itcAvailable: "Y",
    });
  });

  test("a top-level docdata, unknown sections warned, a debit note adds credit", () => {
    const result = read({
      gstin: "27aapfu0939f1zv",
      rtnprd: "012025",
      docdata: {
        cdnra: [
          {
            ctin: "29AAGCB7383J1Z4",
            nt: [
              {
                ntnum: "DN-1",
                typ: "D",
                dt: "02-01-2025",
                val: "118.00",
                ontnum: "DN-0",
                ontdt: "01-12-2024",
                itms: [{ txval: "100", iamt: "18" }],
              },
            ],
          },
        ],
        isda: [
          {
            ctin: "27AAACI1195H1ZM",
            doclist: [{ doctyp: "ISDC", docnum: 5, docdt: "03-01-2025", igst: 10 }],
          },
        ],
        impgsez: [
          {
            ctin: "24AAACS1234A1Z8",
            trdnm: "SEZ Unit",
            boe: [{ boenum: "77", boedt: "04-01-2025", txval: 100, igst: 18 }],
          },
        ],
        ecom: [{ ctin: "x" }],
        other: [],
      },
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.file.gstin).toBe("27AAPFU0939F1ZV");
    expect(result.file.generatedOn).toBeNull();
    expect(result.file.warnings).toEqual([
      GSTR2B_FILE_MESSAGES.unknownSection("ecom"),
      GSTR2B_FILE_MESSAGES.unknownSection("other"),
    ]);
    expect(result.file.documents.map((d) => [d.section, d.number, d.side, d.igstPaise])).toEqual([
      ["cdnra", "DN-1", "invoice", 1_800],
      ["isda", "5", "credit", 1_000],
      ["impgsez", "77", "invoice", 1_800],
    ]);
    expect(result.file.documents[0]).toMatchObject({
      originalNumber: "DN-0",
      originalDate: "2024-12-01",
      valuePaise: 11_800,
    });
    expect(result.file.documents[2]).toMatchObject({ supplierGstin: "24AAACS1234A1Z8" });
  });

  test.each([
    ["not JSON", "{", GSTR2B_FILE_MESSAGES.notJson],
    ["a list", "[]", GSTR2B_FILE_MESSAGES.notGstr2b],
    ["no docdata", JSON.stringify({ data: { rtnprd: "092024" } }), GSTR2B_FILE_MESSAGES.notGstr2b],
    ["no period", JSON.stringify({ data: { docdata: {} } }), GSTR2B_FILE_MESSAGES.notGstr2b],
    [
      "month 13",
      JSON.stringify({ data: { rtnprd: "132024", docdata: {} } }),
      GSTR2B_FILE_MESSAGES.badPeriod,
    ],
    [
      "period text",
      JSON.stringify({ data: { rtnprd: "Sep-24", docdata: {} } }),
      GSTR2B_FILE_MESSAGES.badPeriod,
    ],
    [
      "no GSTIN",
      JSON.stringify({ data: { rtnprd: "092024", docdata: {} } }),
      GSTR2B_FILE_MESSAGES.badGstin,
    ],
  ])("refuses %s", (_name, content, message) => {
    const result = readGstr2bFile(content);
    expect(result).toMatchObject({ ok: false, message });
  });

  const broken = (docdata: Record<string, unknown>) =>
    read({ data: { gstin: "27AAPFU0939F1ZV", rtnprd: "092024", docdata } });

  test.each([
    [{ b2b: {} }, "b2b: must be a list."],
    [{ b2b: [1] }, "b2b[0]: must be an object."],
    [{ b2b: [{ inv: [] }] }, "b2b[0].ctin: the supplier's GSTIN is missing."],
    [{ b2b: [{ ctin: "NOTAGSTIN", inv: [] }] }, 'b2b[0].ctin: "NOTAGSTIN" is not a GSTIN.'],
    [
      { b2b: [{ ctin: "29AAGCB7383J1Z4", inv: [{ dt: "01-09-2024" }] }] },
      "b2b[0].inv[0].inum: The invoice number is missing.",
    ],
    [
      { b2b: [{ ctin: "29AAGCB7383J1Z4", inv: [{ inum: "x".repeat(65), dt: "01-09-2024" }] }] },
      "b2b[0].inv[0].inum: The invoice number is longer than 64 characters.",
    ],
    [
      { b2b: [{ ctin: "29AAGCB7383J1Z4", inv: [{ inum: "1", dt: "31-02-2024" }] }] },
      "b2b[0].inv[0].dt: the date must be dd-mm-yyyy.",
    ],
    [
      { b2b: [{ ctin: "29AAGCB7383J1Z4", inv: [{ inum: "1", dt: "01-09-2024", val: "abc" }] }] },
      "b2b[0].inv[0].val: must be an amount.",
    ],
    [
      {
        b2b: [
          {
            ctin: "29AAGCB7383J1Z4",
            inv: [{ inum: "1", dt: "01-09-2024", items: [{ igst: 1e14 }] }],
          },
        ],
      },
      "b2b[0].inv[0].items[0].igst: must be an amount.",
    ],
    [
      { cdnr: [{ ctin: "29AAGCB7383J1Z4", nt: [{ ntnum: "1", dt: "01-09-2024", typ: "X" }] }] },
      "cdnr[0].nt[0].typ: the note type must be C (credit) or D (debit).",
    ],
    [{ impg: [{ boedt: "01-09-2024" }] }, "impg[0].boenum: The bill of entry number is missing."],
  ])("refuses a broken document %o", (docdata, message) => {
    expect(broken(docdata)).toMatchObject({ ok: false, message });
  });

  test("refuses more documents than the limit", () => {
    const inv = Array.from({ length: 11 }, (_, index) => ({
      inum: String(index),
      dt: "01-09-2024",
    }));
    const content = JSON.stringify({
      data: {
        gstin: "27AAPFU0939F1ZV",
        rtnprd: "092024",
        docdata: { b2b: [{ ctin: "29AAGCB7383J1Z4", inv }] },
      },
    });
    expect(readGstr2bFile(content, 10)).toMatchObject({
      ok: false,
      message: GSTR2B_FILE_MESSAGES.tooManyDocuments(10),
    });
    expect(readGstr2bFile(content, 11).ok).toBe(true);
  });

  test("reads the IMS action words and letters", () => {
    const actions = ["A", "Rejected", "P", "N", "", "Z"].map((action) => ({
      inum: `I-${action}`,
      dt: "01-09-2024",
      action,
    }));
    const result = broken({ b2b: [{ ctin: "29AAGCB7383J1Z4", inv: actions }] });
    if (!result.ok) throw new Error(result.message);
    expect(result.file.documents.map((d) => d.imsAction)).toEqual([
      "accepted",
      "rejected",
      "pending",
      "noAction",
      null,
      null,
    ]);
  });
});

describe("portal values", () => {
  test.each([
    [1.15, 115],
    [0.29, 29],
    ["4.35", 435],
    [-0.001, 0],
    [undefined, 0],
    ["", 0],
    [123456.789, 12_345_679],
    // Issue 35: a third decimal is rounded half away from zero, never cut.
    [900.045, 90_005],
    [0.125, 13],
    [-0.125, -13],
    [1.005, 101],
    [2.675, 268],
    ["900.045", 90_005],
    ["0.125", 13],
    ["1,234.565", 123_457],
    [" -1,234.565 ", -123_457],
    ["1234.5649", 123_456],
    ["1.5e3", 150_000],
    [".5", 50],
    [-0.004, 0],
  ])("%s rupees → %i paise", (value, paise) => {
    expect(portalAmountToPaise(value, "x")).toBe(paise);
  });

  test.each([
    ["abc"],
    ["1.2.3"],
    ["12,34a"],
    ["."],
    ["1e999"],
    ["9".repeat(400)],
    [1e14],
    [true],
    [{}],
  ])("%s is not an amount", (value) => {
    expect(() => portalAmountToPaise(value, "x")).toThrow("must be an amount.");
  });

  test("a 2B file's three-decimal amounts are rounded, not cut", () => {
    const result = readGstr2bFile(
      JSON.stringify({
        data: {
          gstin: "27AAPFU0939F1ZV",
          rtnprd: "092024",
          docdata: {
            b2b: [
              {
                ctin: "29AAGCB7383J1Z4",
                inv: [
                  {
                    inum: "7",
                    dt: "01-09-2024",
                    val: 1062.053,
                    items: [{ txval: 900.045, igst: 162.008, cess: "0.125" }],
                  },
                ],
              },
            ],
          },
        },
      }),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.file.documents[0]).toMatchObject({
      valuePaise: 106_205,
      taxablePaise: 90_005,
      igstPaise: 16_201,
      cessPaise: 13,
    });
  });

  test.each([
    ["05-09-2024", "2024-09-05"],
    ["05/09/2024", "2024-09-05"],
    ["2024-09-05", null],
    [20240905, null],
    [null, null],
  ])("date %s → %s", (value, date) => {
    expect(portalDateToCivil(value)).toBe(date);
  });
});
