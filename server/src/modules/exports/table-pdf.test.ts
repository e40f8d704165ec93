import { describe, expect, it } from "vitest";
import { prepareScripts } from "../../pdf-fonts/script-text.ts";
import type { ExportColumn, ExportTable } from "./export-table.ts";
import { renderTablePdf, toTableText, toWinAnsiText } from "./table-pdf.ts";

/**
 * The text of each page of an uncompressed pdfkit file. pdfkit writes a page's content stream
 * when the page is done, so streams come in page order, and writes standard-font text as hex
 * strings inside TJ arrays ('[<50> 40 <61676520> 0] TJ'); the numbers between are kerning.
 */
function readPdfPages(pdf: Buffer): string[] {
  const pages: string[] = [];
  for (const [, content = ""] of pdf
    .toString("latin1")
    .matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const strings = [...content.matchAll(/\[([^\]]*)\] TJ/g)].flatMap(([, array = ""]) =>
      [...array.matchAll(/<([0-9a-f]*)>/g)].map(([, hex = ""]) => hex),
    );
    if (strings.length > 0) {
      pages.push(strings.map((hex) => Buffer.from(hex, "hex").toString("latin1")).join(""));
    }
  }
  return pages;
}

function countOccurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

const columns: ExportColumn[] = [
  { key: "date", label: "Date", kind: "date", width: 2 },
  { key: "invoiceNumber", label: "Invoice Number", kind: "text", width: 3 },
  { key: "partyName", label: "Party", kind: "text", width: 6 },
  { key: "totalAmount", label: "Amount", kind: "amount", width: 4 },
];

function buildSalesInvoices(rowCount: number): ExportTable {
  return {
    title: "Sales Invoice",
    organisationName: "Mehta Traders",
    subtitle: "From 01-04-2025 to 31-03-2026",
    columns,
    rows: Array.from({ length: rowCount }, (_, index) => ({
      date: "2025-05-10",
      invoiceNumber: `INV-${index + 1}`,
      partyName: "Sharma Stores",
      totalAmount: 11800000,
    })),
    totals: { totalAmount: 11800000 * rowCount },
  };
}

describe("renderTablePdf", () => {
  it("writes a PDF with the heading, formatted cells, the totals row and page numbers", async () => {
    const pdf = await renderTablePdf(buildSalesInvoices(3), { compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pages = readPdfPages(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0] ?? "";
    for (const part of [
      "Mehta Traders",
      "Sales Invoice",
      "From 01-04-2025 to 31-03-2026",
      "DateInvoice NumberPartyAmount",
      "10-05-2025INV-1Sharma Stores1,18,000.00",
      "Total3,54,000.00",
      "Page 1 of 1",
    ]) {
      expect(text).toContain(part);
    }
  });

  it("repeats the header row on every page of a long table", async () => {
    const pdf = await renderTablePdf(buildSalesInvoices(120), { compress: false });
    const pages = readPdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, index) => {
      expect(countOccurrences(text, "Invoice Number")).toBe(1);
      expect(text).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    const all = pages.join("");
    expect(countOccurrences(all, "Sharma Stores")).toBe(120);
    expect(all).toContain("INV-120");
    expect(pages.at(-1)).toContain("Total1,41,60,000.00");
  });

  it("turns the page to landscape past six columns", async () => {
    const portrait = await renderTablePdf(buildSalesInvoices(1), { compress: false });
    expect(portrait.toString("latin1")).toContain("/MediaBox [0 0 595.28 841.89]");

    const wide = [1, 2, 3].map(
      (n): ExportColumn => ({ key: `tax${n}`, label: `Tax ${n}`, kind: "amount" }),
    );
    const landscape = await renderTablePdf(
      { ...buildSalesInvoices(1), columns: [...columns, ...wide] },
      { compress: false },
    );
    expect(landscape.toString("latin1")).toContain("/MediaBox [0 0 841.89 595.28]");
  });

  it("compresses by default", async () => {
    const pdf = await renderTablePdf(buildSalesInvoices(1));
    expect(pdf.toString("latin1")).toContain("/Filter /FlateDecode");
    expect(readPdfPages(pdf)).toEqual([]);
  });

  it("renders an empty table and a generation time", async () => {
    const { totals: _, ...table } = buildSalesInvoices(0);
    const pdf = await renderTablePdf(
      { ...table, generatedAt: "2025-05-10T08:30:00.000Z" },
      { compress: false },
    );
    const text = readPdfPages(pdf).join("");
    expect(text).toContain("No entries");
    expect(text).toContain("Generated on 10-05-2025 14:00");
    expect(text).not.toContain("Total");
  });

  it("keeps the content stream valid when names are in a script the standard fonts lack", async () => {
    const pdf = await renderTablePdf(
      { ...buildSalesInvoices(1), organisationName: "मेहता ट्रेडर्स ₹", title: "Café – Sales" },
      { compress: false },
    );
    const hexStrings = [...pdf.toString("latin1").matchAll(/<([0-9a-f]*)> -?[\d.]+/g)];
    expect(hexStrings.length).toBeGreaterThan(0);
    for (const [, hex = ""] of hexStrings) expect(hex.length % 2).toBe(0);
    const text = readPdfPages(pdf).join("");
    expect(text).toContain("Café \x96 Sales");
    expect(text).toContain("Rs.");
  });
});

describe("toWinAnsiText", () => {
  it.each([
    ["Mehta Traders", "Mehta Traders"],
    ["Café – “quoted” €5 ™", "Café – “quoted” €5 ™"],
    ["₹1,180.00", "Rs.1,180.00"],
    ["राम", "???"],
    ["tab\there", "tab here"],
    ["line\nbreak", "line\nbreak"],
    ["emoji 🙂", "emoji ?"],
  ])("%o shows as %o", (text, expected) => {
    expect(toWinAnsiText(text)).toBe(expected);
  });
});

describe("toTableText (decision 052)", () => {
  it("prints Indian scripts in their Noto fonts and the rest as the standard font can", async () => {
    expect(toTableText("Mehta ₹ Traders")).toBe("Mehta Rs. Traders");
    expect(toTableText("राम ट्रेडर्स – ₹5")).toEqual([
      { text: "राम ट्रेडर्स", font: "NotoSansDevanagari" },
      " \u2013 Rs.5",
    ]);
    expect(toTableText("Stores 🙂 சென்னை")).toEqual([
      "Stores ? ",
      { text: "சென்னை", font: "NotoSansTamil" },
    ]);
    // Sinhala and Bengali are shaped by HarfBuzz, loaded for a table that has them.
    await prepareScripts({ rows: [{ partyName: "Perera ශ්‍රී" }] });
    expect(toTableText("Perera ශ්‍රී")).toEqual(["Perera ", { text: "ශ්‍රී", font: "NotoSansSinhala" }]);
    // A letter the font lacks (U+0B80 is not a Tamil letter) is marked, as in printed documents.
    expect(toTableText("Stores \u0b80கூ")).toBe("Stores [Indian script not printed]");
  });
});
