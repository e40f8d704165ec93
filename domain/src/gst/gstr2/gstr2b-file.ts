import { type CivilDate, endOfMonth, isValidCivilDate } from "../../calendar/index.ts";
import { type Paise, roundRupeesToPaise, storedRupeesToPaise } from "../../money/index.ts";
import { booksDateProblem, LAST_BOOKS_DATE } from "../../schemas/dates.ts";

/**
 * The GSTR-2B JSON the portal gives for a month (returns-reference §3.1; IC data/test_gstr_2b.json
 * and utils/gstr_2/gstr_2b.py): `{ data: { gstin, rtnprd, gendt, docdata: { b2b, b2ba, cdnr,
 * cdnra, isd, isda, impg, impgsez } } }`. Read tolerantly: `docdata` at the top level too, unknown
 * sections ignored with a warning. Dates are dd-mm-yyyy, amounts rupees with 2 decimals.
 */
export const GSTR2B_SECTIONS = [
  "b2b",
  "b2ba",
  "cdnr",
  "cdnra",
  "isd",
  "isda",
  "impg",
  "impgsez",
] as const;
export type Gstr2bSection = (typeof GSTR2B_SECTIONS)[number];

export const GSTR2B_SECTION_TITLES: Readonly<Record<Gstr2bSection, string>> = {
  b2b: "B2B invoices",
  b2ba: "B2B invoices (amended)",
  cdnr: "Credit and debit notes",
  cdnra: "Credit and debit notes (amended)",
  isd: "ISD credits",
  isda: "ISD credits (amended)",
  impg: "Import of goods",
  impgsez: "Import of goods from SEZ",
};

/** What a 2B document does to the credit: an invoice or debit note adds, a credit note takes away. */
export type ReconSide = "invoice" | "credit";

export type ImsAction = "accepted" | "rejected" | "pending" | "noAction";

export interface Gstr2bDocument {
  section: Gstr2bSection;
  /** Supplier's GSTIN; null for an import of goods from abroad (impg). */
  supplierGstin: string | null;
  supplierName: string;
  /** Invoice, note, ISD document or bill-of-entry number. */
  number: string;
  date: CivilDate;
  side: ReconSide;
  /** 2B `typ`: R, SEZWP, SEZWOP, DE, CBW for invoices; C or D for notes; ISDI/ISDC for ISD. */
  documentType: string | null;
  originalNumber: string | null;
  originalDate: CivilDate | null;
  valuePaise: Paise;
  taxablePaise: Paise;
  igstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  cessPaise: Paise;
  /** Two-digit place of supply; null where 2B has none (imports, ISD). */
  pos: string | null;
  reverseCharge: boolean;
  /** 2B `itcavl`: Y available, N not available, T temporarily; null when absent. */
  itcAvailable: "Y" | "N" | "T" | null;
  /** 2B `rsn`, the reason ITC is not available, when given. */
  itcReason: string | null;
  imsAction: ImsAction | null;
  portCode: string | null;
  /** When the supplier filed (supfildt) and for which period (supprd), as given. */
  supplierFiledOn: CivilDate | null;
  supplierPeriod: string | null;
}

export interface Gstr2bFile {
  gstin: string;
  /** MMYYYY */
  returnPeriod: string;
  /** The first and last day of the 2B's month. */
  startDate: CivilDate;
  endDate: CivilDate;
  generatedOn: CivilDate | null;
  documents: Gstr2bDocument[];
  warnings: string[];
}

export const GSTR2B_FILE_MESSAGES = {
  notJson: "The file is not a GSTR-2B JSON file: it could not be read as JSON.",
  notGstr2b:
    "The file is not a GSTR-2B JSON file from the GST portal: it has no return period (rtnprd) or no documents (docdata).",
  badPeriod: "The return period (rtnprd) of the file must be MMYYYY, for example 092024.",
  badGstin: "The file has no valid GSTIN of the recipient.",
  tooManyDocuments: (limit: number) =>
    `The file has more than ${limit.toLocaleString("en-IN")} documents; import one month at a time.`,
  badDocument: (where: string, what: string) => `${where}: ${what}`,
  unknownSection: (name: string) => `Section "${name}" of the file is not read.`,
} as const;

export const GSTR2B_MAX_DOCUMENTS = 100_000;
const GSTIN_PATTERN = /^[0-9]{2}[0-9A-Z]{13}$/;
const KNOWN_NOT_READ = new Set(["ecom", "ecoma"]);

type Json = Record<string, unknown>;

export type Gstr2bFileResult =
  | { ok: true; file: Gstr2bFile }
  | { ok: false; message: string; errors: { path: string; message: string }[] };

class FileError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(message);
    this.path = path;
  }
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: unknown, path: string): Json[] => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new FileError(path, "must be a list.");
  return value.map((entry, index) => {
    if (!isObject(entry)) throw new FileError(`${path}[${index}]`, "must be an object.");
    return entry;
  });
};
const text = (value: unknown): string | null => {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
};

/** Beyond ₹10 lakh crore a figure in a 2B file is taken for a broken one. */
const PORTAL_AMOUNT_LIMIT_PAISE = 1e15;

/**
 * A 2B amount in rupees to paise (issue 35). The portal writes 2 decimals, but a figure with more
 * (900.045) is rounded half away from zero on its exact decimal, never cut: a number through its
 * shortest decimal (storedRupeesToPaise), a text ("1,234.565", a spreadsheet's cell) through its
 * digits (roundRupeesToPaise). Never `x * 100` or toFixed, which see 900.04499999….
 */
export function portalAmountToPaise(value: unknown, path: string): Paise {
  if (value === undefined || value === null) return 0;
  let paise: Paise | null = null;
  try {
    if (typeof value === "string") {
      paise = value.trim() === "" ? 0 : roundRupeesToPaise(value.replaceAll(",", ""));
    } else if (typeof value === "number" && Number.isFinite(value)) {
      paise = storedRupeesToPaise(value);
    }
  } catch (error) {
    // Past the safe integer range: not an amount of any document.
    if (!(error instanceof RangeError)) throw error;
  }
  if (paise === null || Math.abs(paise) >= PORTAL_AMOUNT_LIMIT_PAISE) {
    throw new FileError(path, "must be an amount.");
  }
  return paise;
}

/** dd-mm-yyyy (the portal's date) to YYYY-MM-DD. */
export function portalDateToCivil(value: unknown): CivilDate | null {
  const raw = text(value);
  const match = raw ? /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(raw) : null;
  if (!match) return null;
  const date = `${match[3]}-${match[2]}-${match[1]}`;
  return isValidCivilDate(date) ? date : null;
}

function requiredText(value: unknown, path: string, what: string, max = 64): string {
  const raw = text(value);
  if (raw === null) throw new FileError(path, `${what} is missing.`);
  if (raw.length > max) throw new FileError(path, `${what} is longer than ${max} characters.`);
  return raw;
}

function requiredDate(value: unknown, path: string): CivilDate {
  const date = portalDateToCivil(value);
  if (date === null) throw new FileError(path, "the date must be dd-mm-yyyy.");
  return booksDate(date, value, path);
}

/**
 * A date later than the books' last year (spec 3) refuses the file, naming where (issue 26). An
 * earlier one is kept: a late-filed supplier invoice or an amendment's original may predate the
 * books' first year, and only the return period must fall within them.
 */
function booksDate(date: CivilDate, value: unknown, path: string): CivilDate {
  const problem = date > LAST_BOOKS_DATE ? booksDateProblem(date, String(value)) : null;
  if (problem) throw new FileError(path, problem);
  return date;
}

/** A date the file may leave out (or write otherwise): null then, as before; checked when read. */
function optionalDate(value: unknown, path: string): CivilDate | null {
  const date = portalDateToCivil(value);
  return date === null ? null : booksDate(date, value, path);
}

function optionalGstin(value: unknown, path: string): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const gstin = raw.toUpperCase();
  if (!GSTIN_PATTERN.test(gstin)) throw new FileError(path, `"${raw}" is not a GSTIN.`);
  return gstin;
}

function stateCode(value: unknown): string | null {
  const raw = text(value);
  return raw && /^\d{1,2}$/.test(raw) ? raw.padStart(2, "0") : null;
}

const ITC_AVAILABLE = new Set(["Y", "N", "T"]);
function itcAvailability(value: unknown): "Y" | "N" | "T" | null {
  const raw = text(value)?.toUpperCase() ?? null;
  return raw !== null && ITC_AVAILABLE.has(raw) ? (raw as "Y" | "N" | "T") : null;
}

/** The IMS action where the file carries one (`imsStatus`, or `action` A/R/P/N). */
function imsActionOf(document: Json): ImsAction | null {
  const raw = (text(document.imsStatus) ?? text(document.action) ?? "").toUpperCase();
  if (raw === "A" || raw === "ACCEPTED" || raw === "ACCEPT") return "accepted";
  if (raw === "R" || raw === "REJECTED" || raw === "REJECT") return "rejected";
  if (raw === "P" || raw === "PENDING") return "pending";
  if (raw === "N" || raw === "NO ACTION" || raw === "NOACTION") return "noAction";
  return null;
}

function taxesOf(document: Json, path: string) {
  const items = list(document.items ?? document.itms, `${path}.items`);
  const source = items.length > 0 ? items : [document];
  const totals = { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, cessPaise: 0 };
  source.forEach((item, index) => {
    const at = items.length > 0 ? `${path}.items[${index}]` : path;
    totals.taxablePaise += portalAmountToPaise(item.txval, `${at}.txval`);
    totals.igstPaise += portalAmountToPaise(item.igst ?? item.iamt, `${at}.igst`);
    totals.cgstPaise += portalAmountToPaise(item.cgst ?? item.camt, `${at}.cgst`);
    totals.sgstPaise += portalAmountToPaise(item.sgst ?? item.samt, `${at}.sgst`);
    totals.cessPaise += portalAmountToPaise(item.cess ?? item.csamt, `${at}.cess`);
  });
  return totals;
}

interface Supplier {
  gstin: string | null;
  name: string;
  filedOn: CivilDate | null;
  period: string | null;
}

function supplierOf(entry: Json, path: string, required: boolean): Supplier {
  const gstin = optionalGstin(entry.ctin, `${path}.ctin`);
  if (required && gstin === null)
    throw new FileError(`${path}.ctin`, "the supplier's GSTIN is missing.");
  return {
    gstin,
    name: text(entry.trdnm) ?? "",
    filedOn: optionalDate(entry.supfildt, `${path}.supfildt`),
    period: text(entry.supprd),
  };
}

function invoiceDocument(
  section: "b2b" | "b2ba",
  supplier: Supplier,
  invoice: Json,
  path: string,
): Gstr2bDocument {
  return {
    section,
    supplierGstin: supplier.gstin,
    supplierName: supplier.name,
    number: requiredText(invoice.inum, `${path}.inum`, "The invoice number"),
    date: requiredDate(invoice.dt, `${path}.dt`),
    side: "invoice",
    documentType: text(invoice.typ ?? invoice.inv_typ),
    originalNumber: text(invoice.oinum),
    originalDate: optionalDate(invoice.oidt, `${path}.oidt`),
    valuePaise: portalAmountToPaise(invoice.val, `${path}.val`),
    ...taxesOf(invoice, path),
    pos: stateCode(invoice.pos),
    reverseCharge: text(invoice.rev)?.toUpperCase() === "Y",
    itcAvailable: itcAvailability(invoice.itcavl),
    itcReason: text(invoice.rsn),
    imsAction: imsActionOf(invoice),
    portCode: null,
    supplierFiledOn: supplier.filedOn,
    supplierPeriod: supplier.period,
  };
}

function noteDocument(
  section: "cdnr" | "cdnra",
  supplier: Supplier,
  note: Json,
  path: string,
): Gstr2bDocument {
  const noteType = (text(note.typ ?? note.ntty) ?? "").toUpperCase();
  if (noteType !== "C" && noteType !== "D") {
    throw new FileError(`${path}.typ`, "the note type must be C (credit) or D (debit).");
  }
  return {
    section,
    supplierGstin: supplier.gstin,
    supplierName: supplier.name,
    number: requiredText(note.ntnum ?? note.nt_num, `${path}.ntnum`, "The note number"),
    date: requiredDate(note.dt ?? note.nt_dt, `${path}.dt`),
    side: noteType === "C" ? "credit" : "invoice",
    documentType: noteType,
    originalNumber: text(note.ontnum),
    originalDate: optionalDate(note.ontdt, `${path}.ontdt`),
    valuePaise: portalAmountToPaise(note.val, `${path}.val`),
    ...taxesOf(note, path),
    pos: stateCode(note.pos),
    reverseCharge: text(note.rev)?.toUpperCase() === "Y",
    itcAvailable: itcAvailability(note.itcavl),
    itcReason: text(note.rsn),
    imsAction: imsActionOf(note),
    portCode: null,
    supplierFiledOn: supplier.filedOn,
    supplierPeriod: supplier.period,
  };
}

function isdDocument(
  section: "isd" | "isda",
  supplier: Supplier,
  document: Json,
  path: string,
): Gstr2bDocument {
  const type = (text(document.doctyp) ?? "ISDI").toUpperCase();
  const taxes = taxesOf(document, path);
  return {
    section,
    supplierGstin: supplier.gstin,
    supplierName: supplier.name,
    number: requiredText(document.docnum, `${path}.docnum`, "The document number"),
    date: requiredDate(document.docdt, `${path}.docdt`),
    side: type === "ISDC" ? "credit" : "invoice",
    documentType: type,
    originalNumber: text(document.oinvnum ?? document.odocnum),
    originalDate: optionalDate(document.oinvdt ?? document.odocdt, `${path}.oinvdt`),
    valuePaise: taxes.igstPaise + taxes.cgstPaise + taxes.sgstPaise + taxes.cessPaise,
    ...taxes,
    pos: null,
    reverseCharge: false,
    itcAvailable: itcAvailability(document.itcelg ?? document.itcavl),
    itcReason: text(document.rsn),
    imsAction: null,
    portCode: null,
    supplierFiledOn: supplier.filedOn,
    supplierPeriod: supplier.period,
  };
}

function billOfEntryDocument(
  section: "impg" | "impgsez",
  supplier: Supplier,
  entry: Json,
  path: string,
): Gstr2bDocument {
  const taxes = taxesOf(entry, path);
  return {
    section,
    supplierGstin: supplier.gstin,
    supplierName: supplier.name,
    number: requiredText(entry.boenum, `${path}.boenum`, "The bill of entry number"),
    date: requiredDate(entry.boedt, `${path}.boedt`),
    side: "invoice",
    documentType: "BOE",
    originalNumber: null,
    originalDate: null,
    valuePaise: taxes.taxablePaise + taxes.igstPaise + taxes.cessPaise,
    ...taxes,
    pos: null,
    reverseCharge: false,
    itcAvailable: itcAvailability(entry.itcavl) ?? "Y",
    itcReason: null,
    imsAction: null,
    portCode: text(entry.portcode),
    supplierFiledOn: optionalDate(entry.refdt, `${path}.refdt`),
    supplierPeriod: null,
  };
}

const NO_SUPPLIER: Supplier = { gstin: null, name: "", filedOn: null, period: null };

function readSection(section: Gstr2bSection, value: unknown): Gstr2bDocument[] {
  const documents: Gstr2bDocument[] = [];
  const entries = list(value, section);
  entries.forEach((entry, index) => {
    const path = `${section}[${index}]`;
    switch (section) {
      case "b2b":
      case "b2ba": {
        const supplier = supplierOf(entry, path, true);
        list(entry.inv, `${path}.inv`).forEach((invoice, at) => {
          documents.push(invoiceDocument(section, supplier, invoice, `${path}.inv[${at}]`));
        });
        return;
      }
      case "cdnr":
      case "cdnra": {
        const supplier = supplierOf(entry, path, true);
        list(entry.nt, `${path}.nt`).forEach((note, at) => {
          documents.push(noteDocument(section, supplier, note, `${path}.nt[${at}]`));
        });
        return;
      }
      case "isd":
      case "isda": {
        const supplier = supplierOf(entry, path, true);
        list(entry.doclist, `${path}.doclist`).forEach((document, at) => {
          documents.push(isdDocument(section, supplier, document, `${path}.doclist[${at}]`));
        });
        return;
      }
      case "impg":
        documents.push(billOfEntryDocument(section, NO_SUPPLIER, entry, path));
        return;
      case "impgsez": {
        const supplier = supplierOf(entry, path, true);
        list(entry.boe, `${path}.boe`).forEach((boe, at) => {
          documents.push(billOfEntryDocument(section, supplier, boe, `${path}.boe[${at}]`));
        });
        return;
      }
    }
  });
  return documents;
}

/** Read a GSTR-2B JSON (its text) into documents, or say what is wrong with it. */
export function readGstr2bFile(
  content: string,
  maxDocuments: number = GSTR2B_MAX_DOCUMENTS,
): Gstr2bFileResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.replace(/^\uFEFF/, ""));
  } catch {
    return { ok: false, message: GSTR2B_FILE_MESSAGES.notJson, errors: [] };
  }
  const fail = (message: string, path = "file") => ({
    ok: false as const,
    message,
    errors: [{ path, message }],
  });
  if (!isObject(parsed)) return fail(GSTR2B_FILE_MESSAGES.notGstr2b);
  const data = isObject(parsed.data) ? parsed.data : parsed;
  const docdata = isObject(data.docdata) ? data.docdata : parsed.docdata;
  const period = text(data.rtnprd ?? parsed.rtnprd);
  if (period === null || !isObject(docdata)) return fail(GSTR2B_FILE_MESSAGES.notGstr2b);
  const month = Number(period.slice(0, 2));
  if (!/^\d{6}$/.test(period) || month < 1 || month > 12) {
    return fail(GSTR2B_FILE_MESSAGES.badPeriod, "rtnprd");
  }
  const gstin = (text(data.gstin ?? parsed.gstin) ?? "").toUpperCase();
  if (!GSTIN_PATTERN.test(gstin)) return fail(GSTR2B_FILE_MESSAGES.badGstin, "gstin");
  const startDate = `${period.slice(2)}-${period.slice(0, 2)}-01`;
  const periodOutside = booksDateProblem(startDate, period);
  if (periodOutside)
    return fail(GSTR2B_FILE_MESSAGES.badDocument("rtnprd", periodOutside), "rtnprd");
  const warnings: string[] = [];
  const documents: Gstr2bDocument[] = [];
  let generatedOn: CivilDate | null = null;
  try {
    generatedOn = optionalDate(data.gendt ?? parsed.gendt, "gendt");
    for (const [name, value] of Object.entries(docdata)) {
      const section = GSTR2B_SECTIONS.find((known) => known === name);
      if (section === undefined) {
        if (!KNOWN_NOT_READ.has(name) || (Array.isArray(value) && value.length > 0)) {
          warnings.push(GSTR2B_FILE_MESSAGES.unknownSection(name));
        }
        continue;
      }
      documents.push(...readSection(section, value));
      if (documents.length > maxDocuments) {
        return fail(GSTR2B_FILE_MESSAGES.tooManyDocuments(maxDocuments));
      }
    }
  } catch (error) {
    if (error instanceof FileError) {
      return fail(GSTR2B_FILE_MESSAGES.badDocument(error.path, error.message), error.path);
    }
    throw error;
  }
  return {
    ok: true,
    file: {
      gstin,
      returnPeriod: period,
      startDate,
      endDate: endOfMonth(startDate),
      generatedOn,
      documents,
      warnings,
    },
  };
}
