import { type CivilDate, isValidCivilDate } from "../../calendar/index.ts";
import { booksDateProblem } from "../../schemas/dates.ts";
import { decodeSignedQr } from "../einvoice/irp-response.ts";

/** An e-way bill as the portal's list gives it, matched to a document by its number. */
export interface ImportedEWayBill {
  /** The row of the file (1 = the first data row), for messages. */
  row: number;
  docNo: string;
  ewbNumber: string;
  ewbDate: CivilDate;
  validUntil: CivilDate | null;
}

export interface EWayBillImportParse {
  bills: ImportedEWayBill[];
  problems: string[];
}

export const EWAY_BILL_IMPORT_MESSAGES = {
  noColumns:
    "The file has no document number and e-way bill number columns (Doc No, EWB No, EWB Date, Valid Upto).",
  empty: "The file lists no e-way bills.",
  badNumber: (row: number) => `Row ${row}: the e-way bill number must be 12 digits.`,
  badDate: (row: number) => `Row ${row}: the e-way bill date is not a date.`,
  noDocument: (row: number) => `Row ${row}: the document number is missing.`,
  outsideYears: (row: number, problem: string) => `Row ${row}: ${problem}`,
} as const;

/** The EWB number is 12 digits. */
const EWB_NUMBER = /^[0-9]{12}$/;

/**
 * The date part of the portal's dates: 'dd/mm/yyyy', 'dd-mm-yyyy', either followed by a time
 * ('05/06/2026 11:42:00 AM'), or already 'YYYY-MM-DD'.
 */
export function parsePortalDate(value: string): CivilDate | null {
  const textValue = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(textValue);
  const date = iso
    ? `${iso[1]}-${iso[2]}-${iso[3]}`
    : (() => {
        const match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})/.exec(textValue);
        return match
          ? `${match[3]}-${match[2]?.padStart(2, "0")}-${match[1]?.padStart(2, "0")}`
          : null;
      })();
  return date && isValidCivilDate(date) ? date : null;
}

const squash = (header: string) => header.toLowerCase().replace(/[^a-z]/g, "");

/** Which column holds what: the portal's own headings and the API's key names. */
const COLUMN_MATCHERS = {
  docNo: (h: string) => ["docno", "documentno", "documentnumber", "docnumber"].includes(h),
  ewbNumber: (h: string) =>
    ["ewbno", "ewaybillno", "ewbnumber", "ewaybillnumber", "ewaybillnos"].includes(h),
  ewbDate: (h: string) =>
    [
      "ewbdate",
      "ewbdt",
      "ewaybilldate",
      "generateddate",
      "ewbgenerateddate",
      "generatedon",
    ].includes(h),
  validUntil: (h: string) =>
    ["validupto", "validuntil", "validtill", "validity", "ewbvalidtill"].includes(h),
} as const;

type Column = keyof typeof COLUMN_MATCHERS;

/** Rows of a sheet or CSV file: the first row naming the columns is the header. */
export function parseEWayBillRows(rows: readonly (readonly string[])[]): EWayBillImportParse {
  const headerIndex = rows.findIndex((row) => {
    const headers = row.map(squash);
    return (
      headers.some(COLUMN_MATCHERS.docNo) &&
      headers.some(COLUMN_MATCHERS.ewbNumber) &&
      headers.some(COLUMN_MATCHERS.ewbDate)
    );
  });
  if (headerIndex < 0) return { bills: [], problems: [EWAY_BILL_IMPORT_MESSAGES.noColumns] };
  const headers = (rows[headerIndex] ?? []).map(squash);
  const column = (name: Column) => headers.findIndex(COLUMN_MATCHERS[name]);
  const records = rows
    .slice(headerIndex + 1)
    .filter((row) => row.some((cell) => cell.trim() !== ""))
    .map((row) => {
      const cell = (name: Column) => {
        const index = column(name);
        return index < 0 ? "" : (row[index] ?? "").trim();
      };
      return {
        docNo: cell("docNo"),
        ewbNumber: cell("ewbNumber"),
        ewbDate: cell("ewbDate"),
        validUntil: cell("validUntil"),
      };
    });
  return readRecords(records);
}

/**
 * The JSON the portal or the API answers with: a list, or an object holding one, of records with
 * docNo and ewayBillNo (or ewbNo), ewayBillDate (or ewbDate) and validUpto.
 */
export function parseEWayBillJson(value: unknown): EWayBillImportParse {
  const list = Array.isArray(value)
    ? value
    : value && typeof value === "object"
      ? (Object.values(value).find(Array.isArray) ?? [value])
      : [];
  const pick = (record: Record<string, unknown>, name: Column) => {
    const key = Object.keys(record).find((k) => COLUMN_MATCHERS[name](squash(k)));
    const found = key === undefined ? undefined : record[key];
    return typeof found === "string" || typeof found === "number" ? String(found).trim() : "";
  };
  const records = (list as unknown[])
    .filter((item): item is Record<string, unknown> => !!item && typeof item === "object")
    // The IRP's answer (decision 098) sits in the API's envelope: { success, result: {...} }.
    .map((item) =>
      item.result && typeof item.result === "object" && !Array.isArray(item.result)
        ? (item.result as Record<string, unknown>)
        : item,
    )
    // An IRN generated without an e-way bill is no e-way bill: left out, not a faulty row.
    .filter((record) => !(irpAnswer(record) && pick(record, "ewbNumber") === ""))
    .map((record) => ({
      docNo: pick(record, "docNo") || irpDocumentNumber(record),
      ewbNumber: pick(record, "ewbNumber"),
      ewbDate: pick(record, "ewbDate"),
      validUntil: pick(record, "validUntil"),
    }));
  return readRecords(records);
}

/** An IRP answer to IRN generation (AckNo, Irn, SignedQRCode, and EwbNo when one was made). */
const irpAnswer = (record: Record<string, unknown>) =>
  typeof record.Irn === "string" && typeof record.SignedQRCode === "string";

/** The IRP's answer names its document only in the signed QR (DocNo), or in DocDtls. */
function irpDocumentNumber(record: Record<string, unknown>): string {
  const details = record.DocDtls as Record<string, unknown> | undefined;
  if (typeof details?.No === "string") return details.No.trim();
  if (!irpAnswer(record)) return "";
  return decodeSignedQr(record.SignedQRCode as string)?.DocNo?.trim() ?? "";
}

function readRecords(
  records: readonly { docNo: string; ewbNumber: string; ewbDate: string; validUntil: string }[],
): EWayBillImportParse {
  const bills: ImportedEWayBill[] = [];
  const problems: string[] = [];
  records.forEach((record, index) => {
    const row = index + 1;
    const ewbNumber = record.ewbNumber.replace(/\s/g, "");
    const ewbDate = parsePortalDate(record.ewbDate);
    const validUntil = parsePortalDate(record.validUntil);
    // Dates outside the books' years (spec 3) are refused on their row (issue 26).
    const outside = [
      ewbDate ? booksDateProblem(ewbDate, record.ewbDate) : null,
      validUntil ? booksDateProblem(validUntil, record.validUntil) : null,
    ].flatMap((problem) => (problem ? [EWAY_BILL_IMPORT_MESSAGES.outsideYears(row, problem)] : []));
    const rowProblems = [
      ...(record.docNo === "" ? [EWAY_BILL_IMPORT_MESSAGES.noDocument(row)] : []),
      ...(EWB_NUMBER.test(ewbNumber) ? [] : [EWAY_BILL_IMPORT_MESSAGES.badNumber(row)]),
      ...(ewbDate ? [] : [EWAY_BILL_IMPORT_MESSAGES.badDate(row)]),
      ...outside,
    ];
    if (rowProblems.length > 0 || !ewbDate) {
      problems.push(...rowProblems);
      return;
    }
    bills.push({
      row,
      docNo: record.docNo,
      ewbNumber,
      ewbDate,
      validUntil,
    });
  });
  if (bills.length === 0 && problems.length === 0) problems.push(EWAY_BILL_IMPORT_MESSAGES.empty);
  return { bills, problems };
}
