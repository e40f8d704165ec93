import {
  aggregateB2csRows,
  type DocumentRow,
  findPlaceOfSupply,
  findUqcUnit,
  isHsnSplitPeriod,
  type ReturnDocument,
  TABLE13_NATURE_TITLES,
} from "@bahi/domain";
import type { ReturnBook } from "./gst-returns.service.ts";

// The GST offline tool's Excel template: one sheet per section, its column headings, place of
// supply as "29-Karnataka", dates as dd-Mmm-yyyy, UQC as "NOS-NUMBERS", invoice types in words.
// The template's summary rows above the headings are left out: the tool recomputes them.

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

const rupees = (paise: number) => paise / 100;

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

export async function buildGstr1Workbook(book: ReturnBook): Promise<Buffer> {
  // Loaded on use: exceljs is a third of the server's start (decision 023).
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  const byId = new Map(book.documents.map((document) => [document.entryId, document]));
  const documentOf = (row: DocumentRow) => byId.get(row.entryId) as ReturnDocument;
  const stateCode = book.gstin.slice(0, 2);
  const carried = new Set<string>(book.carried);
  const sheet = (name: string, headings: string[], rows: (string | number)[][]) => {
    const worksheet = workbook.addWorksheet(name);
    worksheet.addRow(headings);
    worksheet.getRow(1).font = { bold: true };
    for (const row of rows) worksheet.addRow(row);
  };

  if (carried.has("b2b")) {
    sheet(
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
      book.sections.b2b.flatMap((row) =>
        rateRows(documentOf(row)).map(([rate, amounts]) => [
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
      ),
    );
  }
  if (carried.has("b2cl")) {
    sheet(
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
      book.sections.b2cl.flatMap((row) =>
        rateRows(documentOf(row)).map(([rate, amounts]) => [
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
      ),
    );
  }
  if (carried.has("b2cs")) {
    sheet(
      "b2cs",
      [
        "Type",
        "Place Of Supply",
        "Applicable % of Tax Rate",
        "Rate",
        "Taxable Value",
        "Cess Amount",
        "E-Commerce GSTIN",
      ],
      aggregateB2csRows(book.sections.b2cs, documentOf, stateCode).map((bucket) => [
        "OE",
        toToolPlace(bucket.pos),
        "",
        bucket.rate,
        rupees(bucket.taxablePaise),
        rupees(bucket.cessPaise),
        "",
      ]),
    );
  }
  if (carried.has("exp")) {
    sheet(
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
      book.sections.exp.flatMap((row) => {
        const document = documentOf(row);
        return rateRows(document).map(([rate, amounts]) => [
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
        ]);
      }),
    );
  }
  if (carried.has("cdnr")) {
    sheet(
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
      book.sections.cdnr.flatMap((row) =>
        rateRows(documentOf(row)).map(([rate, amounts]) => [
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
      ),
    );
  }
  if (carried.has("cdnur")) {
    sheet(
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
      book.sections.cdnur.flatMap((row) =>
        rateRows(documentOf(row)).map(([rate, amounts]) => [
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
      ),
    );
  }
  if (carried.has("nil")) {
    sheet(
      "exemp",
      [
        "Description",
        "Nil Rated Supplies",
        "Exempted(other than nil rated/non GST supply)",
        "Non-GST Supplies",
      ],
      book.sections.nil.map((row) => [
        NIL_DESCRIPTIONS[row.supplyType] ?? row.supplyType,
        rupees(row.nilPaise),
        rupees(row.exemptPaise),
        rupees(row.nonGstPaise),
      ]),
    );
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
    const hsnRows = (table: string) =>
      book.sections.hsn
        .filter((row) => row.table === table)
        .map((row) => [
          row.hsn,
          row.description,
          row.uqc === "NA" ? "NA" : (findUqcUnit(row.uqc)?.label ?? row.uqc),
          row.quantityMilli / 1000,
          rupees(row.taxablePaise + row.igstPaise + row.cgstPaise + row.sgstPaise + row.cessPaise),
          row.rate,
          rupees(row.taxablePaise),
          rupees(row.igstPaise),
          rupees(row.cgstPaise),
          rupees(row.sgstPaise),
          rupees(row.cessPaise),
        ]);
    if (isHsnSplitPeriod(book.period.fp)) {
      sheet("hsn(b2b)", headings, hsnRows("hsn_b2b"));
      sheet("hsn(b2c)", headings, hsnRows("hsn_b2c"));
    } else {
      sheet("hsn", headings, hsnRows("data"));
    }
  }
  if (carried.has("doc_issue")) {
    sheet(
      "docs",
      ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"],
      book.sections.doc_issue.map((row) => [
        TABLE13_NATURE_TITLES[row.nature] ?? row.natureTitle,
        row.from,
        row.to,
        row.total,
        row.cancelled,
      ]),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
