import { PassThrough } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { documentRowOf, type ReturnDocument } from "@bahi/domain";
import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";
import { type WorkbookSource, writeGstr1Workbook } from "./gst-returns.excel.ts";

// Decision 059: the workbook of a month of tens of thousands of invoices is written a page at a
// time, and a page is read from the books only once the zip has taken in the last one. A download
// nobody reads must therefore stop reading the books, instead of piling the month up in memory.

const GSTIN = "29AABCU9603R1ZM";
const PAGES = 100;
const PAGE_DOCUMENTS = 250;

function invoice(index: number): ReturnDocument {
  const line = (gstRate: number, taxablePaise: number) => ({
    hsn: "8471",
    uqc: "NOS",
    isService: false,
    description: "Laptop",
    quantityMilli: 1000,
    gstRate,
    taxablePaise,
    igstPaise: 0,
    cgstPaise: Math.round((taxablePaise * gstRate) / 200),
    sgstPaise: Math.round((taxablePaise * gstRate) / 200),
    cessPaise: 0,
  });
  return {
    entryId: `entry-${index}`,
    voucherType: "salesInvoice",
    role: "outwardSupply",
    noteType: null,
    table13Nature: 1,
    // Numbers and amounts vary, so that the sheet does not compress to nothing.
    number: `INV/${(index * 7919) % 100000}`,
    date: "2025-09-12",
    partyName: `Party ${index % 997} Traders`,
    gstin: "29AAACC1206D1ZM",
    pos: "29",
    supplyKind: "regular",
    reverseCharge: false,
    priceAdjustmentOnly: false,
    totalPaise: 1_000_00 + ((index * 104729) % 9_000_00),
    lines: [line(18, 50_000_00 + index), line(12, 20_000_00 + 3 * index)],
    portCode: null,
    shippingBillNumber: null,
    shippingBillDate: null,
    originalInvoices: [],
  };
}

/** A month of B2B invoices, counting the pages the workbook has asked for. */
function countedSource() {
  const asked = { pages: 0 };
  const source: WorkbookSource = {
    gstin: GSTIN,
    fp: "092025",
    carried: ["b2b"],
    async *pages() {
      for (let page = 0; page < PAGES; page++) {
        asked.pages++;
        const documents = Array.from({ length: PAGE_DOCUMENTS }, (_, index) =>
          invoice(page * PAGE_DOCUMENTS + index),
        );
        yield {
          documents,
          rows: documents.map((document) => documentRowOf(document, "b2b", "29")),
        };
      }
    },
    summary: { nil: [], hsn: [], doc_issue: [] },
  };
  return { source, asked };
}

/** Waits until pages have been asked for and their number has not moved for a while. */
async function settled(asked: { pages: number }) {
  let seen = -1;
  while (seen !== asked.pages || seen === 0) {
    seen = asked.pages;
    await sleep(300);
  }
  return seen;
}

describe("the offline tool's workbook heeds its reader (decision 059)", () => {
  test("stops reading pages while the download is not read, and is whole once it is", async () => {
    const { source, asked } = countedSource();
    const output = new PassThrough();
    const written = writeGstr1Workbook(source, output);

    const whileUnread = await settled(asked);
    expect(whileUnread).toBeGreaterThan(0);
    expect(whileUnread).toBeLessThan(PAGES / 4);

    const bytes = Buffer.concat(await output.toArray());
    await written;
    expect(asked.pages).toBe(PAGES);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("b2b");
    // A heading, then one row per invoice and rate.
    expect(sheet?.rowCount).toBe(1 + PAGES * PAGE_DOCUMENTS * 2);
    const last = invoice(PAGES * PAGE_DOCUMENTS - 1);
    const lastRow = sheet?.getRow(sheet.rowCount).values as unknown[];
    expect(lastRow.slice(1, 4)).toEqual([last.gstin, last.partyName, last.number]);
    // Its rates in order: 12, then 18.
    expect(lastRow.slice(11, 13)).toEqual([18, (50_000_00 + PAGES * PAGE_DOCUMENTS - 1) / 100]);
    // Writing and reading back the whole workbook takes 4–5 s on a quiet machine, over 20 s with
    // other suites busy on both cores.
  }, 60_000);

  test("ends with an error, and reads no further, when the download is closed halfway", async () => {
    const { source, asked } = countedSource();
    const output = new PassThrough();
    const written = writeGstr1Workbook(source, output);
    const failed = expect(written).rejects.toThrow(/closed before the workbook was written/);
    await settled(asked);
    output.destroy();
    await failed;
    const atClose = asked.pages;
    await sleep(300);
    expect(asked.pages).toBe(atClose);
    expect(atClose).toBeLessThan(PAGES);
  });
});
