import { describe, expect, test } from "vitest";
import { type PrintLine, summariseByHsn } from "./print-model.ts";
import { toPrintableText } from "./print-pdf.ts";

function line(
  hsnSac: string | null,
  gstRate: number | null,
  taxable: number,
  tax: number,
): PrintLine {
  return {
    no: 1,
    description: "x",
    detail: null,
    hsnSac,
    quantity: "1",
    unit: null,
    ratePaise: taxable,
    discount: null,
    taxablePaise: taxable,
    gstRate,
    cgstPaise: tax / 2,
    sgstPaise: tax / 2,
    igstPaise: 0,
    cessPaise: 0,
    totalPaise: taxable + tax,
  };
}

describe("summariseByHsn", () => {
  test("one row per code and rate whose sums equal the lines'", () => {
    const lines = [
      line("1006", 5, 10000, 500),
      line("1006", 5, 2000, 100),
      line("1006", 18, 1000, 180),
      line(null, null, 500, 0),
    ];
    const rows = summariseByHsn(lines);
    expect(rows.map((row) => [row.hsnSac, row.gstRate, row.taxablePaise, row.taxPaise])).toEqual([
      ["1006", 5, 12000, 600],
      ["1006", 18, 1000, 180],
      ["-", null, 500, 0],
    ]);
    const sum = (pick: (r: { taxablePaise: number; taxPaise: number }) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    expect(sum((row) => row.taxablePaise)).toBe(13500);
    expect(sum((row) => row.taxPaise)).toBe(780);
  });
});

describe("toPrintableText (decision 051)", () => {
  const devanagari = (text: string) => ({ text, font: "NotoSansDevanagari" });
  const tamil = (text: string) => ({ text, font: "NotoSansTamil" });

  test("Latin text is unchanged", () => {
    expect(toPrintableText("Ravi Stores, Pune")).toBe("Ravi Stores, Pune");
  });

  test("Indian scripts print in their Noto fonts, run by run", () => {
    expect(toPrintableText("राम ट्रेडर्स")).toEqual([devanagari("राम ट्रेडर्स")]);
    expect(toPrintableText("Ram Traders राम ट्रेडर्स, Pune")).toEqual([
      "Ram Traders ",
      devanagari("राम ट्रेडर्स"),
      ", Pune",
    ]);
    expect(toPrintableText("சென்னை Stores")).toEqual([tamil("சென்னை"), " Stores"]);
    expect(toPrintableText("श्री ஸ்ரீ")).toEqual([devanagari("श्री"), " ", tamil("ஸ்ரீ")]);
    expect(toPrintableText("શ્રી ଶ୍ରୀ ಶ್ರೀ")).toEqual([
      { text: "શ્રી", font: "NotoSansGujarati" },
      " ",
      { text: "ଶ୍ରୀ", font: "NotoSansOriya" },
      " ",
      { text: "ಶ್ರೀ", font: "NotoSansKannada" },
    ]);
    expect(toPrintableText("ਪੰਜਾਬ Stores, తెలుగు മലയാളം")).toEqual([
      { text: "ਪੰਜਾਬ", font: "NotoSansGurmukhi" },
      " Stores, ",
      { text: "తెలుగు", font: "NotoSansTelugu" },
      " ",
      { text: "മലയാളം", font: "NotoSansMalayalam" },
    ]);
    // The danda and the joiners stay with the letters they go with.
    expect(toPrintableText("पुणे। र्\u200dय")).toEqual([devanagari("पुणे। र्\u200dय")]);
  });

  test("Bengali (fontkit does not shape it as HarfBuzz does), Sinhala, and letters a font lacks are marked", () => {
    expect(toPrintableText("কলকাতা")).toBe("[name in an Indian script]");
    expect(toPrintableText("Das Traders, কলকাতা")).toBe("Das Traders, [Indian script not printed]");
    expect(toPrintableText("কলকাতা Stores")).toBe("Stores [Indian script not printed]");
    expect(toPrintableText("ශ්‍රී লঙ্কা")).toBe("[name in an Indian script]");
    expect(toPrintableText("राम কলকাতা Stores")).toEqual([
      devanagari("राम"),
      " Stores",
      " [Indian script not printed]",
    ]);
    // U+0B80 is not a Tamil letter: no glyph in the font, so not a box on the page.
    expect(toPrintableText("Stores \u0b80கூ")).toBe("Stores [Indian script not printed]");
  });
});
