import { endOfMonth, isValidCivilDate } from "../../calendar/index.ts";
import { STATES } from "../../reference/index.ts";
import { booksDateProblem, LAST_BOOKS_DATE } from "../../schemas/dates.ts";
import {
  GSTR2B_MAX_DOCUMENTS,
  type Gstr2bDocument,
  type Gstr2bFileResult,
  type Gstr2bSection,
  portalAmountToPaise,
  portalDateToCivil,
} from "./gstr2b-file.ts";

/**
 * The GSTR-2B Excel the portal gives for a month (decision 068): a "Read me" sheet with the
 * GSTIN, financial year, tax period and date of generation, and one sheet per section — B2B,
 * B2BA, B2B-CDNR, B2B-CDNRA, ISD, ISDA, IMPG, IMPGSEZ — each with a title, a header of two or
 * three rows (merged group cells such as "Invoice details", "Original details", "Tax Amount")
 * and a row per document and rate. Columns are found by their headings, not their positions
 * (the layout has moved between portal versions); rows of one document are summed, as the
 * JSON's items are. Other sheets (ECO, the ITC Reversal and Rejected views…) are named in the
 * warnings when they hold rows.
 */
export interface WorkbookSheet {
  name: string;
  /** Each cell as text (dates YYYY-MM-DD or as typed); merged cells carry the merge's value. */
  rows: string[][];
}

export const GSTR2B_WORKBOOK_MESSAGES = {
  notGstr2b:
    "The file is not a GSTR-2B Excel file from the GST portal: it has none of the sheets B2B, B2BA, B2B-CDNR, B2B-CDNRA, ISD, ISDA, IMPG, IMPGSEZ with their headings.",
  noPeriod:
    "The GSTR-2B Excel file does not say its GSTIN and tax period: neither its Read me sheet nor its name (MMYYYY_GSTIN_GSTR2B_…) gives them.",
  noColumn: (sheet: string, what: string) =>
    `Sheet ${sheet} has no column "${what}"; import the file as the portal gave it.`,
  unknownSheet: (name: string) => `Sheet "${name}" of the file is not read.`,
  row: (sheet: string, row: number, what: string) => `${sheet} row ${row}: ${what}`,
} as const;

const GSTIN_PATTERN = /^[0-9]{2}[0-9A-Z]{13}$/;
const MONTHS = [
  "jan",
  "feb",
  "mar",
  "apr",
  "may",
  "jun",
  "jul",
  "aug",
  "sep",
  "oct",
  "nov",
  "dec",
] as const;

/** Lower case, no ₹, brackets, line breaks or repeated spaces. */
const normalise = (value: string) =>
  value
    .toLowerCase()
    .replace(/[₹()\r\n]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const sheetKey = (name: string) => name.toUpperCase().replace(/\s+/g, "");

type Field =
  | "gstin"
  | "name"
  | "number"
  | "type"
  | "date"
  | "value"
  | "pos"
  | "reverseCharge"
  | "taxable"
  | "igst"
  | "cgst"
  | "sgst"
  | "cess"
  | "period"
  | "filedOn"
  | "itc"
  | "reason"
  | "originalNumber"
  | "originalDate"
  | "portCode"
  | "referenceDate";

type Matcher = (label: string) => boolean;
const has =
  (...parts: string[]): Matcher =>
  (label) =>
    parts.every((part) => label.includes(part));
const not =
  (matcher: Matcher, ...parts: string[]): Matcher =>
  (label) =>
    matcher(label) && !parts.some((part) => label.includes(part));
const either =
  (...matchers: Matcher[]): Matcher =>
  (label) =>
    matchers.some((matcher) => matcher(label));

const TAXES: Partial<Record<Field, Matcher>> = {
  taxable: has("taxable value"),
  igst: has("integrated tax"),
  cgst: has("central tax"),
  sgst: either(has("state/ut tax"), has("state tax"), has("state / ut tax")),
  cess: has("cess"),
};
const SUPPLIER: Partial<Record<Field, Matcher>> = {
  gstin: either(has("gstin of supplier"), has("gstin of isd"), has("gstin of the supplier")),
  name: either(has("trade/legal name"), has("trade name"), has("legal name")),
  period: either(has("period"), has("tax period")),
  filedOn: has("filing date"),
  itc: either(has("itc availability"), has("eligibility of itc")),
  reason: has("reason"),
};

interface SheetLayout {
  section: Gstr2bSection;
  /** A heading every sheet of this kind has, to find the header rows. */
  anchor: Matcher;
  fields: Partial<Record<Field, Matcher>>;
  required: Field[];
}

const LAYOUTS: Record<string, SheetLayout> = {
  B2B: {
    section: "b2b",
    anchor: has("gstin of supplier"),
    fields: {
      ...SUPPLIER,
      ...TAXES,
      number: not(has("invoice number"), "original"),
      type: not(has("invoice type"), "original"),
      date: not(has("invoice date"), "original"),
      value: not(has("invoice value"), "original"),
      pos: has("place of supply"),
      reverseCharge: has("reverse charge"),
    },
    required: ["gstin", "number", "date", "taxable"],
  },
  B2BA: {
    section: "b2ba",
    anchor: has("gstin of supplier"),
    fields: {
      ...SUPPLIER,
      ...TAXES,
      number: not(has("invoice number"), "original"),
      type: not(has("invoice type"), "original"),
      date: not(has("invoice date"), "original"),
      value: not(has("invoice value"), "original"),
      pos: has("place of supply"),
      reverseCharge: has("reverse charge"),
      originalNumber: has("original", "invoice number"),
      originalDate: has("original", "invoice date"),
    },
    required: ["gstin", "number", "date", "taxable", "originalNumber"],
  },
  "B2B-CDNR": {
    section: "cdnr",
    anchor: has("gstin of supplier"),
    fields: {
      ...SUPPLIER,
      ...TAXES,
      number: not(has("note number"), "original"),
      type: not(has("note type"), "original"),
      date: not(has("note date"), "original"),
      value: not(has("note value"), "original"),
      pos: has("place of supply"),
      reverseCharge: has("reverse charge"),
    },
    required: ["gstin", "number", "type", "date", "taxable"],
  },
  "B2B-CDNRA": {
    section: "cdnra",
    anchor: has("gstin of supplier"),
    fields: {
      ...SUPPLIER,
      ...TAXES,
      number: not(has("note number"), "original"),
      type: not(has("note type"), "original"),
      date: not(has("note date"), "original"),
      value: not(has("note value"), "original"),
      pos: has("place of supply"),
      reverseCharge: has("reverse charge"),
      originalNumber: has("original", "note number"),
      originalDate: has("original", "note date"),
    },
    required: ["gstin", "number", "type", "date", "taxable", "originalNumber"],
  },
  ISD: {
    section: "isd",
    anchor: has("gstin of isd"),
    fields: {
      ...SUPPLIER,
      ...TAXES,
      number: not(has("document number"), "original"),
      type: not(has("document type"), "original"),
      date: not(has("document date"), "original"),
      originalNumber: either(has("original", "invoice number"), has("original", "document number")),
      originalDate: either(has("original", "invoice date"), has("original", "document date")),
    },
    required: ["gstin", "number", "date", "igst"],
  },
  ISDA: {
    section: "isda",
    anchor: has("gstin of isd"),
    fields: {
      ...SUPPLIER,
      ...TAXES,
      number: not(has("document number"), "original"),
      type: not(has("document type"), "original"),
      date: not(has("document date"), "original"),
      originalNumber: either(has("original", "invoice number"), has("original", "document number")),
      originalDate: either(has("original", "invoice date"), has("original", "document date")),
    },
    required: ["gstin", "number", "date", "igst"],
  },
  IMPG: {
    section: "impg",
    anchor: has("port code"),
    fields: {
      ...TAXES,
      referenceDate: has("reference date"),
      portCode: has("port code"),
      number: not(has("number"), "reference", "gstin"),
      date: not(has("date"), "reference", "filing"),
      itc: either(has("itc availability"), has("eligibility of itc")),
    },
    required: ["number", "date", "taxable", "igst"],
  },
  IMPGSEZ: {
    section: "impgsez",
    anchor: has("port code"),
    fields: {
      ...TAXES,
      gstin: SUPPLIER.gstin as Matcher,
      name: SUPPLIER.name as Matcher,
      referenceDate: has("reference date"),
      portCode: has("port code"),
      number: not(has("number"), "reference", "gstin"),
      date: not(has("date"), "reference", "filing"),
      itc: either(has("itc availability"), has("eligibility of itc")),
    },
    required: ["gstin", "number", "date", "taxable", "igst"],
  },
};

const FIELD_NAMES: Record<Field, string> = {
  gstin: "GSTIN of supplier",
  name: "Trade/Legal name",
  number: "number",
  type: "type",
  date: "date",
  value: "value",
  pos: "Place of supply",
  reverseCharge: "Supply Attract Reverse Charge",
  taxable: "Taxable Value",
  igst: "Integrated Tax",
  cgst: "Central Tax",
  sgst: "State/UT Tax",
  cess: "Cess",
  period: "Period",
  filedOn: "Filing Date",
  itc: "ITC Availability",
  reason: "Reason",
  originalNumber: "Original number",
  originalDate: "Original date",
  portCode: "Port Code",
  referenceDate: "Icegate Reference Date",
};

/** Sheets that summarise or explain, never documents. */
const SUMMARY_SHEETS = new Set([
  "README",
  "ITCAVAILABLE",
  "ITCNOTAVAILABLE",
  "ITCREVERSAL",
  "ITCREJECTED",
]);

class RowError extends Error {}

const cellOf = (row: readonly string[] | undefined, column: number | undefined) =>
  column === undefined ? "" : (row?.[column] ?? "").trim();

/** A date as the sheet shows it: dd-mm-yyyy, dd/mm/yyyy, dd-Mon-yyyy or YYYY-MM-DD (a date cell). */
export function workbookDate(value: string): string | null {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isValidCivilDate(text) ? text : null;
  const named = /^(\d{1,2})[-/ ]([A-Za-z]{3})[a-z]*[-/ ](\d{4})$/.exec(text);
  if (named) {
    const month = MONTHS.indexOf((named[2] as string).toLowerCase() as (typeof MONTHS)[number]);
    if (month < 0) return null;
    const date = `${named[3]}-${String(month + 1).padStart(2, "0")}-${(named[1] as string).padStart(2, "0")}`;
    return isValidCivilDate(date) ? date : null;
  }
  const short = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(text);
  if (short) {
    return portalDateToCivil(
      `${(short[1] as string).padStart(2, "0")}-${(short[2] as string).padStart(2, "0")}-${short[3]}`,
    );
  }
  return null;
}

/** "27", "27-Maharashtra", "Maharashtra" → "27". */
function placeOfSupply(value: string): string | null {
  const text = value.trim();
  const coded = /^(\d{1,2})(\s*-.*)?$/.exec(text);
  if (coded) return (coded[1] as string).padStart(2, "0");
  const name = normalise(text);
  return STATES.find((state) => normalise(state.name) === name)?.code ?? null;
}

const yes = (value: string) => /^(y|yes)$/i.test(value.trim());

function itcAvailability(value: string): "Y" | "N" | "T" | null {
  const text = normalise(value);
  if (text === "") return null;
  if (text === "y" || text === "yes") return "Y";
  if (text === "n" || text === "no") return "N";
  if (text === "t" || text.startsWith("temporar")) return "T";
  return null;
}

/** The portal's reason texts as the JSON codes them (P: POS rules, C: filed after the cut-off). */
function itcReason(value: string): string | null {
  const text = value.trim();
  if (text === "") return null;
  if (/^[a-z]$/i.test(text)) return text.toUpperCase();
  const words = normalise(text);
  if (words.includes("pos") || words.includes("place of supply")) return "P";
  if (words.includes("cut-off") || words.includes("cut off") || words.includes("cutoff"))
    return "C";
  return text;
}

/** "Regular", "SEZ supplies with payment"… → the JSON's R, SEZWP, SEZWOP, DE, CBW. */
function invoiceType(value: string): string | null {
  const text = normalise(value);
  if (text === "") return null;
  if (/^[a-z]{1,6}$/.test(text)) return text.toUpperCase();
  if (text.includes("regular")) return "R";
  if (text.includes("sez") && text.includes("without")) return "SEZWOP";
  if (text.includes("sez")) return "SEZWP";
  if (text.includes("deemed")) return "DE";
  if (text.includes("igst") || text.includes("intra")) return "CBW";
  return value.trim();
}

function noteType(value: string): "C" | "D" | null {
  const text = normalise(value);
  if (text === "c" || text.startsWith("credit")) return "C";
  if (text === "d" || text.startsWith("debit")) return "D";
  return null;
}

function isdType(value: string): "ISDI" | "ISDC" {
  const text = normalise(value);
  if (text === "isdc" || text.includes("credit")) return "ISDC";
  return "ISDI";
}

/** "092024", "Sep'24", "Sep-2024", "September 2024" → "092024"; other text as given. */
function returnPeriod(value: string): string | null {
  const text = value.trim();
  if (text === "") return null;
  if (/^\d{6}$/.test(text)) return text;
  const named = /^([A-Za-z]{3})[a-z]*[\s'’-]*(\d{2}|\d{4})$/.exec(text);
  if (named) {
    const month = MONTHS.indexOf((named[1] as string).toLowerCase() as (typeof MONTHS)[number]);
    if (month >= 0) {
      const year = (named[2] as string).length === 2 ? `20${named[2]}` : (named[2] as string);
      return `${String(month + 1).padStart(2, "0")}${year}`;
    }
  }
  return text;
}

function amount(value: string, where: string): number {
  try {
    return portalAmountToPaise(value, where);
  } catch {
    throw new RowError("the amount must be a number.");
  }
}

/** The header rows' labels, column by column, and the first data row. */
function findColumns(
  sheet: WorkbookSheet,
  layout: SheetLayout,
): { columns: Partial<Record<Field, number>>; firstRow: number } | null {
  const { rows } = sheet;
  const limit = Math.min(rows.length, 20);
  let anchor = -1;
  for (let index = 0; index < limit; index += 1) {
    if ((rows[index] ?? []).some((cell) => layout.anchor(normalise(cell)))) {
      anchor = index;
      break;
    }
  }
  if (anchor < 0) return null;
  // A group row above the anchor ("Original details" | "Revised details") belongs to the header;
  // a title (one cell) does not.
  const above = rows[anchor - 1] ?? [];
  const start = above.filter((cell) => cell.trim() !== "").length >= 2 ? anchor - 1 : anchor;
  // The header ends where a row has a document: a GSTIN, or for imports a date under "date".
  let end = anchor + 1;
  const width = Math.max(...rows.slice(start, anchor + 4).map((row) => row.length), 0);
  const labelsUpTo = (last: number) => {
    const labels: string[] = [];
    for (let column = 0; column < width; column += 1) {
      const parts: string[] = [];
      for (let index = start; index < last; index += 1) {
        const text = normalise(rows[index]?.[column] ?? "");
        if (text !== "" && parts.at(-1) !== text) parts.push(text);
      }
      labels.push(parts.join(" | "));
    }
    return labels;
  };
  // Header rows hold labels only; a document's row has a GSTIN, a date or an amount.
  const isHeaderRow = (row: readonly string[] | undefined) =>
    !(row ?? []).some((cell) => {
      const text = cell.trim();
      return (
        GSTIN_PATTERN.test(text.toUpperCase()) ||
        workbookDate(text) !== null ||
        /^-?[\d,]+(\.\d+)?$/.test(text)
      );
    });
  while (end < Math.min(rows.length, anchor + 4) && isHeaderRow(rows[end])) end += 1;
  const labels = labelsUpTo(end);
  const columns: Partial<Record<Field, number>> = {};
  for (const [field, matcher] of Object.entries(layout.fields) as [Field, Matcher][]) {
    const column = labels.findIndex((label) => label !== "" && matcher(label));
    if (column >= 0) columns[field] = column;
  }
  return { columns, firstRow: end };
}

interface Accumulated {
  document: Gstr2bDocument;
  key: string;
}

function readSheet(
  sheet: WorkbookSheet,
  layout: SheetLayout,
  into: Map<string, Accumulated>,
  maxDocuments: number,
): void {
  const found = findColumns(sheet, layout);
  if (!found) return;
  const { columns, firstRow } = found;
  for (const field of layout.required) {
    if (columns[field] === undefined) {
      throw new SheetError(
        GSTR2B_WORKBOOK_MESSAGES.noColumn(sheet.name, FIELD_NAMES[field]),
        sheet.name,
      );
    }
  }
  const section = layout.section;
  for (let index = firstRow; index < sheet.rows.length; index += 1) {
    const row = sheet.rows[index];
    const get = (field: Field) => cellOf(row, columns[field]);
    const number = get("number");
    const gstinText = get("gstin").toUpperCase();
    // Blank rows, totals and notes under the table carry no document.
    if (number === "") continue;
    if (columns.gstin !== undefined && !GSTIN_PATTERN.test(gstinText)) {
      if (gstinText === "" || /total/i.test(row?.join(" ") ?? "")) continue;
      throw new SheetError(
        GSTR2B_WORKBOOK_MESSAGES.row(sheet.name, index + 1, `"${get("gstin")}" is not a GSTIN.`),
        `${sheet.name}!${index + 1}`,
      );
    }
    try {
      const date = workbookDate(get("date"));
      if (date === null) throw new RowError("the date must be dd-mm-yyyy.");
      // As in the JSON (decision 035): a date after the books' years is refused, an earlier kept.
      if (date > LAST_BOOKS_DATE) {
        throw new RowError(booksDateProblem(date, get("date")) as string);
      }
      if (number.length > 64) throw new RowError("the number is longer than 64 characters.");
      const taxes = {
        taxablePaise: amount(get("taxable"), "taxable"),
        igstPaise: amount(get("igst"), "igst"),
        cgstPaise: amount(get("cgst"), "cgst"),
        sgstPaise: amount(get("sgst"), "sgst"),
        cessPaise: amount(get("cess"), "cess"),
      };
      let side: "invoice" | "credit" = "invoice";
      let documentType: string | null;
      if (section === "cdnr" || section === "cdnra") {
        const type = noteType(get("type"));
        if (type === null) throw new RowError("the note type must be Credit note or Debit note.");
        documentType = type;
        side = type === "C" ? "credit" : "invoice";
      } else if (section === "isd" || section === "isda") {
        documentType = isdType(get("type"));
        side = documentType === "ISDC" ? "credit" : "invoice";
      } else if (section === "impg" || section === "impgsez") {
        documentType = "BOE";
      } else {
        documentType = invoiceType(get("type"));
      }
      const gstin = columns.gstin === undefined ? null : gstinText;
      const key = [section, gstin ?? "", number.toUpperCase(), date, documentType ?? ""].join("|");
      const existing = into.get(key);
      if (existing) {
        // Another rate of the same document: its amounts add up, as the JSON's items do.
        const target = existing.document;
        target.taxablePaise += taxes.taxablePaise;
        target.igstPaise += taxes.igstPaise;
        target.cgstPaise += taxes.cgstPaise;
        target.sgstPaise += taxes.sgstPaise;
        target.cessPaise += taxes.cessPaise;
        if (section === "impg" || section === "impgsez") {
          target.valuePaise = target.taxablePaise + target.igstPaise + target.cessPaise;
        } else if (section === "isd" || section === "isda") {
          target.valuePaise =
            target.igstPaise + target.cgstPaise + target.sgstPaise + target.cessPaise;
        }
        continue;
      }
      if (into.size >= maxDocuments) throw new TooMany();
      const imported = section === "impg" || section === "impgsez";
      const isd = section === "isd" || section === "isda";
      const document: Gstr2bDocument = {
        section,
        supplierGstin: gstin,
        supplierName: get("name"),
        number,
        date,
        side,
        documentType,
        originalNumber: get("originalNumber") || null,
        originalDate: workbookDate(get("originalDate")),
        valuePaise: imported
          ? taxes.taxablePaise + taxes.igstPaise + taxes.cessPaise
          : isd
            ? taxes.igstPaise + taxes.cgstPaise + taxes.sgstPaise + taxes.cessPaise
            : amount(get("value"), "value"),
        ...taxes,
        pos: imported || isd ? null : placeOfSupply(get("pos")),
        reverseCharge: yes(get("reverseCharge")),
        itcAvailable: itcAvailability(get("itc")) ?? (imported ? "Y" : null),
        itcReason: imported ? null : itcReason(get("reason")),
        imsAction: null,
        portCode: imported ? get("portCode") || null : null,
        supplierFiledOn: workbookDate(imported ? get("referenceDate") : get("filedOn")),
        supplierPeriod: imported ? null : returnPeriod(get("period")),
      };
      into.set(key, { document, key });
    } catch (error) {
      if (error instanceof RowError) {
        throw new SheetError(
          GSTR2B_WORKBOOK_MESSAGES.row(sheet.name, index + 1, error.message),
          `${sheet.name}!${index + 1}`,
        );
      }
      throw error;
    }
  }
}

class SheetError extends Error {
  readonly path: string;
  constructor(message: string, path: string) {
    super(message);
    this.path = path;
  }
}
class TooMany extends Error {}

/** The Read me sheet's "GSTIN", "Financial Year", "Tax Period" and "Date of generation". */
function readHeading(sheets: readonly WorkbookSheet[]) {
  const values = new Map<string, string>();
  for (const sheet of sheets) {
    if (sheetKey(sheet.name) !== "README") continue;
    for (const row of sheet.rows.slice(0, 30)) {
      const at = row.findIndex((cell) => cell.trim() !== "");
      if (at < 0) continue;
      // "GSTIN" | "27AAP…" in two cells, or "GSTIN: 27AAP…" in one.
      const [first, inline] = (row[at] as string).split(/:(.*)/s);
      const label = normalise(first ?? "")
        .replace(/\*/g, "")
        .trim();
      const value =
        inline !== undefined && inline.trim() !== ""
          ? inline.trim()
          : row
              .slice(at + 1)
              .find((cell) => cell.trim() !== "")
              ?.trim();
      if (value !== undefined && !values.has(label)) values.set(label, value);
    }
  }
  const gstin = values.get("gstin")?.toUpperCase() ?? null;
  const year = /^(\d{4})-(\d{2}|\d{4})$/.exec(values.get("financial year") ?? "");
  const periodText = normalise(values.get("tax period") ?? values.get("return period") ?? "");
  let period: string | null = null;
  if (/^\d{6}$/.test(periodText)) period = periodText;
  else if (year) {
    const numeric = /^\d{1,2}$/.test(periodText) ? Number(periodText) - 1 : -1;
    const month =
      numeric >= 0 ? numeric : MONTHS.indexOf(periodText.slice(0, 3) as (typeof MONTHS)[number]);
    if (month >= 0 && month < 12) {
      const first = Number(year[1]);
      period = `${String(month + 1).padStart(2, "0")}${month >= 3 ? first : first + 1}`;
    }
  }
  const generated = values.get("date of generation") ?? values.get("generation date") ?? "";
  return { gstin, period, generatedOn: workbookDate(generated) };
}

/**
 * Read a GSTR-2B Excel workbook (its sheets as text) into the same documents as the JSON gives,
 * or say what is wrong with it. The GSTIN and month come from the Read me sheet, else from the
 * portal's file name (`092024_27AAPFU0939F1ZV_GSTR2B_14102024.xlsx`).
 */
export function readGstr2bWorkbook(
  fileName: string,
  sheets: readonly WorkbookSheet[],
  maxDocuments: number = GSTR2B_MAX_DOCUMENTS,
): Gstr2bFileResult {
  const fail = (message: string, path = "file") => ({
    ok: false as const,
    message,
    errors: [{ path, message }],
  });
  const known = sheets.filter((sheet) => LAYOUTS[sheetKey(sheet.name)] !== undefined);
  if (known.length === 0) return fail(GSTR2B_WORKBOOK_MESSAGES.notGstr2b);
  const heading = readHeading(sheets);
  const named = /(\d{6})_([0-9A-Z]{15})_GSTR2B/i.exec(fileName);
  const gstin = heading.gstin ?? named?.[2]?.toUpperCase() ?? null;
  const period = heading.period ?? named?.[1] ?? null;
  if (gstin === null || period === null || !GSTIN_PATTERN.test(gstin)) {
    return fail(GSTR2B_WORKBOOK_MESSAGES.noPeriod);
  }
  const month = Number(period.slice(0, 2));
  if (month < 1 || month > 12) return fail(GSTR2B_WORKBOOK_MESSAGES.noPeriod);
  const periodOutside = booksDateProblem(`${period.slice(2)}-${period.slice(0, 2)}-01`, period);
  if (periodOutside) return fail(periodOutside);
  const documents = new Map<string, Accumulated>();
  const warnings: string[] = [];
  let recognised = 0;
  try {
    for (const sheet of sheets) {
      const layout = LAYOUTS[sheetKey(sheet.name)];
      if (!layout) {
        const filled = sheet.rows.filter((row) => row.some((cell) => cell.trim() !== "")).length;
        if (!SUMMARY_SHEETS.has(sheetKey(sheet.name)) && filled > 8) {
          warnings.push(GSTR2B_WORKBOOK_MESSAGES.unknownSheet(sheet.name));
        }
        continue;
      }
      if (findColumns(sheet, layout) !== null) recognised += 1;
      readSheet(sheet, layout, documents, maxDocuments);
    }
  } catch (error) {
    if (error instanceof SheetError) return fail(error.message, error.path);
    if (error instanceof TooMany) {
      return fail(
        `The file has more than ${maxDocuments.toLocaleString("en-IN")} documents; import one month at a time.`,
      );
    }
    throw error;
  }
  if (recognised === 0) return fail(GSTR2B_WORKBOOK_MESSAGES.notGstr2b);
  const startDate = `${period.slice(2)}-${period.slice(0, 2)}-01`;
  return {
    ok: true,
    file: {
      gstin,
      returnPeriod: period,
      startDate,
      endDate: endOfMonth(startDate),
      generatedOn: heading.generatedOn,
      documents: [...documents.values()].map((entry) => entry.document),
      warnings,
    },
  };
}
