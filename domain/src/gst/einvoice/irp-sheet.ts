import { isValidCivilDate } from "../../calendar/index.ts";
import { decodeSignedQr, type IrpAcknowledgement } from "./irp-response.ts";

/**
 * The IRP's list of generated IRNs as a spreadsheet (issue 24, decision 096): the "IRN generated"
 * list of the IRP's bulk upload, downloaded as Excel or CSV, or the sheet its bulk tool fills from
 * the answer. The columns are found by their headings, below any title rows: Doc Type, Doc No,
 * Doc Date, Ack No., Ack Date, IRN (the IRIS IRP's knowledge base, "Bulk generation and
 * cancellation", lists these for the IRN-generated tab) and Signed QR Code (the answer's
 * SignedQRCode), in any order, with the API's key names accepted too.
 */

export const IRP_SHEET_MESSAGES = {
  noColumns:
    "The file has no IRN, Ack No, Ack Date and Signed QR Code columns: upload the IRP's list of generated IRNs (Doc No, Doc Date, Ack No., Ack Date, IRN, Signed QR Code).",
  empty: "The file lists no generated IRN.",
  badIrn: (row: number) => `Row ${row}: the IRN must be 64 hexadecimal characters.`,
  badAckNo: (row: number) => `Row ${row}: the Ack No must be a number.`,
  badAckDate: (row: number) =>
    `Row ${row}: the Ack Date is not a date and time (dd/mm/yyyy hh:mm:ss).`,
  noSignedQr: (row: number) =>
    `Row ${row}: the signed QR code is missing; it is printed on the invoice.`,
  qrMismatch: (row: number) => `Row ${row}: the signed QR code is of another IRN.`,
  noNumber: (row: number) =>
    `Row ${row}: the document number is missing (neither the Doc No column nor the signed QR names it).`,
  notActive: (row: number, status: string) => `Row ${row}: the IRN is ${status}; it is left out.`,
} as const;

export interface IrpSheetParse {
  acknowledgements: IrpAcknowledgement[];
  problems: string[];
}

const squash = (header: string) => header.toLowerCase().replace(/[^a-z]/g, "");

const COLUMN_MATCHERS = {
  irn: (h: string) => h === "irn",
  ackNo: (h: string) =>
    ["ackno", "acknumber", "acknowledgementno", "acknowledgementnumber"].includes(h),
  ackDate: (h: string) => ["ackdate", "ackdt", "acknowledgementdate", "ackdatetime"].includes(h),
  signedQr: (h: string) => ["signedqrcode", "signedqr"].includes(h),
  number: (h: string) =>
    ["docno", "documentno", "documentnumber", "docnumber", "invoiceno"].includes(h),
  docType: (h: string) => ["doctype", "documenttype", "doctyp"].includes(h),
  status: (h: string) => ["status", "irnstatus"].includes(h),
} as const;
type Column = keyof typeof COLUMN_MATCHERS;
const REQUIRED: readonly Column[] = ["irn", "ackNo", "ackDate", "signedQr"];

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const pad = (value: number) => String(value).padStart(2, "0");

/**
 * An Ack Date as the IRP's JSON gives it ("2025-09-16 19:29:00", India time), from the forms a
 * sheet shows it in: 'YYYY-MM-DD hh:mm[:ss]', 'dd/mm/yyyy hh:mm[:ss] [AM|PM]', 'dd-mm-yyyy …',
 * 'dd-Mon-yyyy …'. A date without a time is taken at midnight (the cancellation window then
 * closes sooner, never later, than the IRP's). Null when it is not a date.
 */
export function parseAckDate(value: string): string | null {
  const textValue = value.trim().replace(/\s+/g, " ");
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](.*))?$/.exec(textValue);
  const local = /^(\d{1,2})[/.-](\d{1,2}|[A-Za-z]{3})[/.-](\d{4})(?: (.*))?$/.exec(textValue);
  let date: string | null = null;
  let rest: string | undefined;
  if (iso) {
    date = `${iso[1]}-${iso[2]}-${iso[3]}`;
    rest = iso[4];
  } else if (local) {
    const monthText = (local[2] ?? "").toLowerCase();
    const month = /^\d+$/.test(monthText) ? Number(monthText) : MONTHS.indexOf(monthText) + 1;
    date = `${local[3]}-${pad(month)}-${pad(Number(local[1]))}`;
    rest = local[4];
  }
  if (!date || !isValidCivilDate(date)) return null;
  if (rest === undefined || rest === "") return `${date} 00:00:00`;
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?: ?([AaPp][Mm]))?$/.exec(rest);
  if (!time) return null;
  let hours = Number(time[1]);
  const minutes = Number(time[2]);
  const seconds = Number(time[3] ?? "0");
  const meridiem = time[4]?.toUpperCase();
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === "PM" ? 12 : 0);
  }
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return `${date} ${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** The IRP's document type from the words a sheet uses (Invoice, Credit Note, CRN …). */
function readDocType(value: string): string | null {
  const word = squash(value);
  if (word === "") return null;
  if (["inv", "invoice", "taxinvoice"].includes(word)) return "INV";
  if (["crn", "creditnote"].includes(word)) return "CRN";
  if (["dbn", "debitnote"].includes(word)) return "DBN";
  return value.trim();
}

/** A status column, when there is one, may say a row's IRN is cancelled or failed. */
function isActive(status: string): boolean {
  const word = squash(status);
  return !/(cancel|cnl|fail|error|reject)/.test(word);
}

/**
 * The acknowledgements in the rows of the IRP's sheet (each cell as text, the header row first,
 * title rows above it allowed). Rows that fail a check are listed in `problems` by their row in
 * the sheet (1 = the sheet's first row) and left out; blank rows are skipped.
 */
export function parseIrpSheetRows(rows: readonly (readonly string[])[]): IrpSheetParse {
  const headerIndex = rows.findIndex((row) => {
    const headers = row.map(squash);
    return REQUIRED.every((name) => headers.some(COLUMN_MATCHERS[name]));
  });
  if (headerIndex < 0) return { acknowledgements: [], problems: [IRP_SHEET_MESSAGES.noColumns] };
  const headers = (rows[headerIndex] ?? []).map(squash);
  const indexOf = (name: Column) => headers.findIndex(COLUMN_MATCHERS[name]);
  const columns = Object.fromEntries(
    (Object.keys(COLUMN_MATCHERS) as Column[]).map((name) => [name, indexOf(name)]),
  ) as Record<Column, number>;
  const acknowledgements: IrpAcknowledgement[] = [];
  const problems: string[] = [];
  rows.forEach((row, index) => {
    if (index <= headerIndex || !row.some((cell) => cell.trim() !== "")) return;
    const sheetRow = index + 1;
    const cell = (name: Column) => {
      const at = columns[name];
      return at < 0 ? "" : (row[at] ?? "").trim();
    };
    const status = cell("status");
    if (status !== "" && !isActive(status)) {
      problems.push(IRP_SHEET_MESSAGES.notActive(sheetRow, status.toLowerCase()));
      return;
    }
    const irn = cell("irn").toLowerCase();
    const ackNo = cell("ackNo").replace(/\s/g, "");
    const ackDate = parseAckDate(cell("ackDate"));
    const signedQrCode = cell("signedQr");
    const qr = signedQrCode === "" ? null : decodeSignedQr(signedQrCode);
    const number = cell("number") || (qr?.DocNo ?? "").trim();
    const rowProblems = [
      ...(/^[0-9a-f]{64}$/.test(irn) ? [] : [IRP_SHEET_MESSAGES.badIrn(sheetRow)]),
      ...(/^[0-9]{1,20}$/.test(ackNo) ? [] : [IRP_SHEET_MESSAGES.badAckNo(sheetRow)]),
      ...(ackDate ? [] : [IRP_SHEET_MESSAGES.badAckDate(sheetRow)]),
      ...(signedQrCode === "" ? [IRP_SHEET_MESSAGES.noSignedQr(sheetRow)] : []),
      ...(qr?.Irn && qr.Irn.toLowerCase() !== irn ? [IRP_SHEET_MESSAGES.qrMismatch(sheetRow)] : []),
      ...(number === "" ? [IRP_SHEET_MESSAGES.noNumber(sheetRow)] : []),
    ];
    if (rowProblems.length > 0 || !ackDate) {
      problems.push(...rowProblems);
      return;
    }
    acknowledgements.push({
      irn,
      ackNo,
      ackDate,
      signedQrCode,
      signedInvoice: null,
      number,
      docType: readDocType(cell("docType")) ?? qr?.DocTyp ?? null,
    });
  });
  if (acknowledgements.length === 0 && problems.length === 0) {
    problems.push(IRP_SHEET_MESSAGES.empty);
  }
  return { acknowledgements, problems };
}
