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

describe("toPrintableText", () => {
  test("Latin text is unchanged; Indian scripts are marked, not printed as empty boxes", () => {
    expect(toPrintableText("Ravi Stores, Pune")).toBe("Ravi Stores, Pune");
    expect(toPrintableText("राम ट्रेडर्स")).toBe("[name in an Indian script]");
    expect(toPrintableText("Ram Traders राम ट्रेडर्स")).toBe(
      "Ram Traders [Indian script not printed]",
    );
    expect(toPrintableText("சென்னை Stores")).toBe("Stores [Indian script not printed]");
  });
});
