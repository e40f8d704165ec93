import { describe, expect, test } from "vitest";
import { prepareScripts, toPrintableText } from "../../pdf-fonts/script-text.ts";
import { type PrintLine, summariseByHsn } from "./print-model.ts";

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

describe("toPrintableText (decisions 051, 052)", () => {
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

  test("Bengali, Assamese and Sinhala print once HarfBuzz, which shapes them, is ready (decision 052)", async () => {
    const bengali = (text: string) => ({ text, font: "NotoSansBengali" });
    const sinhala = (text: string) => ({ text, font: "NotoSansSinhala" });
    await prepareScripts({ party: { name: "Das Traders, কলকাতা" } });
    expect(toPrintableText("কলকাতা")).toEqual([bengali("কলকাতা")]);
    expect(toPrintableText("Das Traders, শ্রী কোম্পানি প্রাইভেট লিমিটেড")).toEqual([
      "Das Traders, ",
      bengali("শ্রী কোম্পানি প্রাইভেট লিমিটেড"),
    ]);
    expect(toPrintableText("গুৱাহাটী, অসম")).toEqual([bengali("গুৱাহাটী"), ", ", bengali("অসম")]);
    expect(toPrintableText("राम কলকাতা")).toEqual([devanagari("राम"), " ", bengali("কলকাতা")]);
    expect(toPrintableText("Perera Traders, ශ්‍රී ලංකා")).toEqual([
      "Perera Traders, ",
      sinhala("ශ්‍රී ලංකා"),
    ]);
  });

  test("a letter a font lacks is left out and marked, not drawn as a box", () => {
    // U+0B80 is not a Tamil letter: no glyph in the font.
    expect(toPrintableText("Stores \u0b80கூ")).toBe("Stores [Indian script not printed]");
    expect(toPrintableText("\u0b80கூ")).toBe("[name in an Indian script]");
    expect(toPrintableText("राम \u0b80கூ Stores")).toEqual([
      devanagari("राम"),
      " Stores",
      " [Indian script not printed]",
    ]);
  });
});
