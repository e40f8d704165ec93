import type { Writable } from "node:stream";
import {
  type DocumentRow,
  findPlaceOfSupply,
  findUqcUnit,
  type Gstr1Section,
  type Gstr1Sections,
  isHsnSplitPeriod,
  paiseToRupees,
  type ReturnDocument,
  TABLE13_NATURE_TITLES,
} from "@bahi/domain";
import type { Style } from "exceljs";
import {
  type DocumentSection,
  documentsOf,
  type SectionPage,
  sumB2csPages,
} from "./gst-returns.pages.ts";
import type { ReturnBook } from "./gst-returns.service.ts";

// The GST offline tool's Excel template: one sheet per section, its column headings, place of
// supply as "29-Karnataka", dates as dd-Mmm-yyyy, UQC as "NOS-NUMBERS", invoice types in words.
// The template's summary rows above the headings are left out: the tool recomputes them. The
// workbook is written as it is read (decision 059): each document section a page at a time, each
// row sent on once written, so a month of tens of thousands of invoices is never held whole.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function toToolDate(date: string): string {
  return `${date.slice(8, 10)}-${MONTHS[Number(date.slice(5, 7)) - 1]}-${date.slice(0, 4)}`;
}

export function toToolPlace(code: string): string {
  const place = findPlaceOfSupply(code);
  return place ? `${place.code}-${place.name}` : code;
}

const INVOICE_TYPE_WORDS: Readonly<Record<string, string>> = {
  R: "Regular B2B",
  SEWP: "SEZ supplies with payment",
  SEWOP: "SEZ supplies without payment",
  DE: "Deemed Exp",
};

const NIL_DESCRIPTIONS: Readonly<Record<string, string>> = {
  INTRB2B: "Inter-State supplies to registered persons",
  INTRAB2B: "Intra-State supplies to registered persons",
  INTRB2C: "Inter-State supplies to unregistered persons",
  INTRAB2C: "Intra-State supplies to unregistered persons",
};

const rupees = paiseToRupees;

/** Rows per rate of each document, as the template lists them (one row per invoice and rate). */
function rateRows(document: ReturnDocument) {
  const rates = new Map<number, { taxable: number; cess: number }>();
  for (const line of document.lines) {
    if (line.gstRate < 0 || line.taxablePaise === 0) continue;
    if (line.gstRate === 0 && document.supplyKind === "regular") continue;
    const row = rates.get(line.gstRate) ?? { taxable: 0, cess: 0 };
    row.taxable += line.taxablePaise;
    row.cess += line.cessPaise;
    rates.set(line.gstRate, row);
  }
  return [...rates.entries()].sort((a, b) => a[0] - b[0]);
}

/** Where a workbook's rows come from: the whole book at once, or pages read as they are written. */
export interface WorkbookSource {
  gstin: string;
  fp: string;
  carried: readonly Gstr1Section[];
  pages(section: DocumentSection): AsyncIterable<SectionPage>;
  /** Tables 8, 12 and 13 (they are sums, read whole). */
  summary: Pick<Gstr1Sections, "nil" | "hsn" | "doc_issue">;
}

/** The whole book as one page per section. */
export function bookWorkbookSource(book: ReturnBook): WorkbookSource {
  return {
    gstin: book.gstin,
    fp: book.period.fp,
    carried: book.carried,
    async *pages(section) {
      yield { documents: book.documents, rows: book.sections[section] };
    },
    summary: book.sections,
  };
}

type Cell = string | number;

/**
 * The style of every cell below the headings, one object for all: exceljs gives each new cell a
 * style object of its own and works out its style entry afresh for each, unless it has seen the
 * object before. Sharing one halved the time of a month's workbook at 1M (2.7 → 1.5 s).
 */
const PLAIN: Partial<Style> = Object.freeze({});

/** The zip's input for one sheet: exceljs pipes each sheet into it without heeding its answer. */
interface SheetEntryInput {
  /** Set when a write found the entry full: "drain" follows once it has taken everything in. */
  _writableState?: { needDrain?: boolean };
  once(event: "drain", listener: () => void): unknown;
  removeListener(event: "drain", listener: () => void): unknown;
}

/**
 * Waits until the zip has taken in what the sheet was given. exceljs's streaming writer hands a
 * sheet's rows to its zip entry and never waits, while the entry is compressed a chunk per turn of
 * the event loop: a month's sheet piled up uncompressed (35,000 invoices held 30 MB of XML, and
 * the download went past the 300 MB serving figure). Waiting here after each page keeps the pile to
 * a page, and stops reading the books while the client is not reading the download. Resolves at
 * once when the entry has room, or where exceljs's internals are not as expected (the file is
 * still right, only held longer).
 */
async function sheetZipped(worksheet: unknown, output: Writable): Promise<void> {
  const stream = (worksheet as { stream?: { pipes?: SheetEntryInput[] } }).stream;
  const entry = stream?.pipes?.[0];
  if (entry?._writableState?.needDrain !== true) return;
  if (output.destroyed) throw new Error("The download was closed before the workbook was written.");
  await new Promise<void>((resolve, reject) => {
    const drained = () => {
      output.removeListener("close", closed);
      resolve();
    };
    const closed = () => {
      entry.removeListener("drain", drained);
      reject(new Error("The download was closed before the workbook was written."));
    };
    entry.once("drain", drained);
    output.once("close", closed);
  });
}

/**
 * Writes the offline tool's workbook to `output` (ended when the workbook is): one sheet per
 * section the return carries, in the template's order.
 */
export async function writeGstr1Workbook(source: WorkbookSource, output: Writable): Promise<void> {
  // Loaded on use: exceljs is a third of the server's start (decision 023).
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
    // The zip (archiver) holds 64 kB of the compressed file before it stops taking more, not its
    // default 1 MB; exceljs passes the option on, its types leave it out.
    zip: { highWaterMark: 64 * 1024 } as Record<string, unknown>,
  });
  const stateCode = source.gstin.slice(0, 2);
  const carried = new Set<string>(source.carried);
  const sheet = (name: string, headings: string[]) => {
    const worksheet = workbook.addWorksheet(name);
    const headingRow = worksheet.addRow(headings);
    headingRow.font = { bold: true };
    headingRow.commit();
    return {
      add: (rows: Iterable<Cell[]>) => {
        for (const row of rows) {
          const added = worksheet.addRow(row);
          added.eachCell((cell) => {
            cell.style = PLAIN;
          });
          added.commit();
        }
      },
      zipped: () => sheetZipped(worksheet, output),
      done: () => worksheet.commit(),
    };
  };
  /** A document section's sheet: each page's rows, each row of it through `cells`. */
  const documentSheet = async (
    section: DocumentSection,
    name: string,
    headings: string[],
    cells: (row: DocumentRow, document: ReturnDocument) => Cell[][],
  ) => {
    const written = sheet(name, headings);
    for await (const page of source.pages(section)) {
      const documentOf = documentsOf(page);
      for (const row of page.rows) written.add(cells(row, documentOf(row)));
      await written.zipped();
    }
    written.done();
  };

  if (carried.has("b2b")) {
    await documentSheet(
      "b2b",
      "b2b",
      [
        "GSTIN/UIN of Recipient",
        "Receiver Name",
        "Invoice Number",
        "Invoice date",
        "Invoice Value",
        "Place Of Supply",
        "Reverse Charge",
        "Applicable % of Tax Rate",
        "Invoice Type",
        "E-Commerce GSTIN",
        "Rate",
        "Taxable Value",
        "Cess Amount",
      ],
      (row, document) =>
        rateRows(document).map(([rate, amounts]) => [
          row.gstin ?? "",
          row.partyName,
          row.number,
          toToolDate(row.date),
          rupees(row.valuePaise),
          toToolPlace(row.pos),
          row.reverseCharge ? "Y" : "N",
          "",
          INVOICE_TYPE_WORDS[row.invoiceType] ?? row.invoiceType,
          "",
          rate,
          rupees(amounts.taxable),
          rupees(amounts.cess),
        ]),
    );
  }
  if (carried.has("b2cl")) {
    await documentSheet(
      "b2cl",
      "b2cl",
      [
        "Invoice Number",
        "Invoice date",
        "Invoice Value",
        "Place Of Supply",
        "Applicable % of Tax Rate",
        "Rate",
        "Taxable Value",
        "Cess Amount",
        "E-Commerce GSTIN",
      ],
      (row, document) =>
        rateRows(document).map(([rate, amounts]) => [
          row.number,
          toToolDate(row.date),
          rupees(row.valuePaise),
          toToolPlace(row.pos),
          "",
          rate,
          rupees(amounts.taxable),
          rupees(amounts.cess),
          "",
        ]),
    );
  }
  if (carried.has("b2cs")) {
    // Summed in paise over the pages, by supply type, place and rate, then written.
    const buckets = await sumB2csPages(source.pages("b2cs"), stateCode);
    const written = sheet("b2cs", [
      "Type",
      "Place Of Supply",
      "Applicable % of Tax Rate",
      "Rate",
      "Taxable Value",
      "Cess Amount",
      "E-Commerce GSTIN",
    ]);
    written.add(
      buckets.map((bucket) => [
        "OE",
        toToolPlace(bucket.pos),
        "",
        bucket.rate,
        rupees(bucket.taxablePaise),
        rupees(bucket.cessPaise),
        "",
      ]),
    );
    written.done();
  }
  if (carried.has("exp")) {
    await documentSheet(
      "exp",
      "exp",
      [
        "Export Type",
        "Invoice Number",
        "Invoice date",
        "Invoice Value",
        "Port Code",
        "Shipping Bill Number",
        "Shipping Bill Date",
        "Rate",
        "Taxable Value",
        "Cess Amount",
      ],
      (row, document) =>
        rateRows(document).map(([rate, amounts]) => [
          row.invoiceType,
          row.number,
          toToolDate(row.date),
          rupees(row.valuePaise),
          document.portCode ?? "",
          document.shippingBillNumber ?? "",
          document.shippingBillDate ? toToolDate(document.shippingBillDate) : "",
          rate,
          rupees(amounts.taxable),
          rupees(amounts.cess),
        ]),
    );
  }
  if (carried.has("cdnr")) {
    await documentSheet(
      "cdnr",
      "cdnr",
      [
        "GSTIN/UIN of Recipient",
        "Receiver Name",
        "Note Number",
        "Note Date",
        "Note Type",
        "Place Of Supply",
        "Reverse Charge",
        "Note Supply Type",
        "Note Value",
        "Applicable % of Tax Rate",
        "Rate",
        "Taxable Value",
        "Cess Amount",
      ],
      (row, document) =>
        rateRows(document).map(([rate, amounts]) => [
          row.gstin ?? "",
          row.partyName,
          row.number,
          toToolDate(row.date),
          row.noteType ?? "C",
          toToolPlace(row.pos),
          row.reverseCharge ? "Y" : "N",
          INVOICE_TYPE_WORDS[row.invoiceType] ?? row.invoiceType,
          rupees(row.valuePaise),
          "",
          rate,
          rupees(amounts.taxable),
          rupees(amounts.cess),
        ]),
    );
  }
  if (carried.has("cdnur")) {
    await documentSheet(
      "cdnur",
      "cdnur",
      [
        "UR Type",
        "Note Number",
        "Note Date",
        "Note Type",
        "Place Of Supply",
        "Note Value",
        "Applicable % of Tax Rate",
        "Rate",
        "Taxable Value",
        "Cess Amount",
      ],
      (row, document) =>
        rateRows(document).map(([rate, amounts]) => [
          row.invoiceType,
          row.number,
          toToolDate(row.date),
          row.noteType ?? "C",
          row.invoiceType === "B2CL" ? toToolPlace(row.pos) : "",
          rupees(row.valuePaise),
          "",
          rate,
          rupees(amounts.taxable),
          rupees(amounts.cess),
        ]),
    );
  }
  const { summary } = source;
  if (carried.has("nil")) {
    const written = sheet("exemp", [
      "Description",
      "Nil Rated Supplies",
      "Exempted(other than nil rated/non GST supply)",
      "Non-GST Supplies",
    ]);
    written.add(
      summary.nil.map((row) => [
        NIL_DESCRIPTIONS[row.supplyType] ?? row.supplyType,
        rupees(row.nilPaise),
        rupees(row.exemptPaise),
        rupees(row.nonGstPaise),
      ]),
    );
    written.done();
  }
  if (carried.has("hsn")) {
    const headings = [
      "HSN",
      "Description",
      "UQC",
      "Total Quantity",
      "Total Value",
      "Rate",
      "Taxable Value",
      "Integrated Tax Amount",
      "Central Tax Amount",
      "State/UT Tax Amount",
      "Cess Amount",
    ];
    const hsnSheet = (name: string, table: string) => {
      const written = sheet(name, headings);
      written.add(
        summary.hsn
          .filter((row) => row.table === table)
          .map((row) => [
            row.hsn,
            row.description,
            row.uqc === "NA" ? "NA" : (findUqcUnit(row.uqc)?.label ?? row.uqc),
            row.quantityMilli / 1000,
            rupees(
              row.taxablePaise + row.igstPaise + row.cgstPaise + row.sgstPaise + row.cessPaise,
            ),
            row.rate,
            rupees(row.taxablePaise),
            rupees(row.igstPaise),
            rupees(row.cgstPaise),
            rupees(row.sgstPaise),
            rupees(row.cessPaise),
          ]),
      );
      written.done();
    };
    if (isHsnSplitPeriod(source.fp)) {
      hsnSheet("hsn(b2b)", "hsn_b2b");
      hsnSheet("hsn(b2c)", "hsn_b2c");
    } else {
      hsnSheet("hsn", "data");
    }
  }
  if (carried.has("doc_issue")) {
    const written = sheet("docs", [
      "Nature of Document",
      "Sr. No. From",
      "Sr. No. To",
      "Total Number",
      "Cancelled",
    ]);
    written.add(
      summary.doc_issue.map((row) => [
        TABLE13_NATURE_TITLES[row.nature] ?? row.natureTitle,
        row.from,
        row.to,
        row.total,
        row.cancelled,
      ]),
    );
    written.done();
  }
  await workbook.commit();
}
