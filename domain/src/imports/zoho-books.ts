import { roundQuantityToMilli } from "../money/external-figures.ts";
import { applyPercent } from "../money/paise-arithmetic.ts";
import { amountForQuantity } from "../money/quantity.ts";
import { STATES } from "../reference/states.ts";
import { parseStatementAmount } from "./bank-statement.ts";

// Zoho Books' own exports (issue 36), read as Bahi's spreadsheet templates: its Contacts (or
// Vendors) export as the accounts template; its Invoice, Bill, Credit Note and Vendor Credits
// exports (one row per item line, the document's fields repeated) and its Customer Payment and
// Vendor Payment exports (one row per invoice or bill the payment was applied to, the payment's
// fields repeated) as the vouchers template. The headings are Zoho Books India's, as its exports
// write them (docs/decisions/330-zoho-books-sheets.md, 420-zoho-books-purchases-notes-payments.md).
// A file that looks like one but lacks a column Bahi needs is refused naming the columns expected.

export type ZohoSheetKind =
  | "contacts"
  | "invoices"
  | "bills"
  | "creditNotes"
  | "vendorCredits"
  | "customerPayments"
  | "vendorPayments";

/** A required column: its heading, or headings Zoho has written it under (any one will do). */
type Column = string | readonly string[];

/** The columns Bahi reads of each export; the first ones are required. */
export const ZOHO_COLUMNS: Record<ZohoSheetKind, { required: Column[]; optional: string[] }> = {
  contacts: {
    required: ["Display Name"],
    optional: [
      "Company Name",
      "Contact Type",
      "Opening Balance",
      "GST Treatment",
      "GST Identification Number (GSTIN)",
      "Place Of Contact",
      "Place of Contact(With State Code)",
      "Billing State",
      "Billing Address",
      "MobilePhone",
      "Phone",
      "EmailID",
      "PAN Number",
    ],
  },
  invoices: {
    required: [
      "Invoice Date",
      "Invoice Number",
      "Customer Name",
      "Item Name",
      "Quantity",
      "Item Price",
    ],
    optional: ["Invoice Status", "Item Tax %", "Is Inclusive Tax", "Notes"],
  },
  // Zoho's Bill export writes the price as "Rate" and the tax as "Tax Percentage"; its import
  // template says "Item Price" and "Item Tax %": either is read.
  bills: {
    required: [
      "Bill Date",
      "Bill Number",
      "Vendor Name",
      "Item Name",
      "Quantity",
      ["Rate", "Item Price"],
    ],
    optional: [
      "Bill ID",
      "Bill Status",
      "Tax Percentage",
      "Item Tax %",
      "GST Identification Number (GSTIN)",
      "Is Inclusive Tax",
      "Vendor Notes",
    ],
  },
  creditNotes: {
    required: [
      "Credit Note Date",
      "Credit Note Number",
      "Customer Name",
      "Item Name",
      "Quantity",
      ["Item Price", "Rate"],
    ],
    optional: ["CreditNotes ID", "Credit Note Status", "Item Tax %", "Is Inclusive Tax", "Notes"],
  },
  vendorCredits: {
    required: [
      "Vendor Credit Date",
      "Vendor Credit Number",
      "Vendor Name",
      "Item Name",
      "Quantity",
      ["Item Price", "Rate"],
    ],
    optional: [
      "VendorCredit ID",
      "Vendor Credit Status",
      "Item Tax %",
      "Tax Percentage",
      "GST Identification Number (GSTIN)",
      "Is Inclusive Tax",
      "Notes",
    ],
  },
  customerPayments: {
    required: ["Date", "Payment Number", "Customer Name", "Amount", "Deposit To"],
    optional: ["CustomerPayment ID", "Payment Status", "Description"],
  },
  vendorPayments: {
    required: ["Date", "Payment Number", "Vendor Name", "Amount", "Paid Through"],
    optional: ["VendorPayment ID", "Payment Status", "Description"],
  },
};

/** Each export's name as Zoho's Export menu gives it, and the import type it belongs to. */
const ZOHO_EXPORTS: Record<ZohoSheetKind, { label: string; importAs: "accounts" | "vouchers" }> = {
  contacts: { label: "Contacts", importAs: "accounts" },
  invoices: { label: "Invoice", importAs: "vouchers" },
  bills: { label: "Bill", importAs: "vouchers" },
  creditNotes: { label: "Credit Note", importAs: "vouchers" },
  vendorCredits: { label: "Vendor Credits", importAs: "vouchers" },
  customerPayments: { label: "Customer Payment", importAs: "vouchers" },
  vendorPayments: { label: "Vendor Payment", importAs: "vouchers" },
};

/** The import type ("accounts" or "vouchers") a Zoho export is read as. */
export const zohoImportType = (kind: ZohoSheetKind) => ZOHO_EXPORTS[kind].importAs;

const named = (column: Column) =>
  typeof column === "string" ? `"${column}"` : column.map((name) => `"${name}"`).join(" or ");

export const ZOHO_MESSAGES = {
  missingColumns: (kind: ZohoSheetKind, missing: readonly Column[]) =>
    `This looks like Zoho Books' ${ZOHO_EXPORTS[kind].label} export, but it has no ${missing.map(named).join(", ")} column${missing.length === 1 ? "" : "s"}. Bahi reads ${ZOHO_COLUMNS[kind].required.map(named).join(", ")}; export again with ${missing.length === 1 ? "it" : "them"}.`,
  wrongType: (kind: ZohoSheetKind) =>
    `This is Zoho Books' ${ZOHO_EXPORTS[kind].label} export: import it as ${ZOHO_EXPORTS[kind].importAs}.`,
  unread: (kind: ZohoSheetKind, documents: readonly { number: string; what: string }[]) =>
    `Zoho Books' ${ZOHO_EXPORTS[kind].label} export has what Bahi does not read: ${documents
      .slice(0, 5)
      .map((document) => `${document.number} (${document.what})`)
      .join(
        ", ",
      )}${documents.length > 5 ? ` and ${documents.length - 5} more` : ""}. Bahi books rupees, and each line's price, quantity, discount % and tax %: export these without it, or enter them by hand.`,
} as const;

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9%]/g, "");

/** Which Zoho Books export these headings are, if any. */
export function recogniseZohoSheet(headings: readonly string[]): ZohoSheetKind | null {
  const has = new Set(headings.map(squash));
  const all = (...names: string[]) => names.every((name) => has.has(squash(name)));
  const any = (...names: string[]) => names.some((name) => has.has(squash(name)));
  // Payments first: a Customer Payment export also has "Invoice Number" and "Invoice Date".
  if (any("CustomerPayment ID") || all("Payment Number", "Customer Name", "Deposit To"))
    return "customerPayments";
  if (any("VendorPayment ID") || all("Payment Number", "Vendor Name", "Paid Through"))
    return "vendorPayments";
  if (all("Credit Note Number", "Credit Note Date")) return "creditNotes";
  if (all("Vendor Credit Number", "Vendor Credit Date")) return "vendorCredits";
  if (all("Bill Number", "Bill Date") && any("Bill ID", "Bill Status")) return "bills";
  if (all("Invoice Number", "Invoice Date") && any("Invoice ID", "Invoice Status"))
    return "invoices";
  if (
    all("Display Name") &&
    (all("Contact ID") || all("Place of Contact(With State Code)") || all("GST Treatment"))
  )
    return "contacts";
  return null;
}

/** The required columns these headings lack. */
export function missingZohoColumns(kind: ZohoSheetKind, headings: readonly string[]): Column[] {
  const has = new Set(headings.map(squash));
  return ZOHO_COLUMNS[kind].required.filter((column) =>
    typeof column === "string"
      ? !has.has(squash(column))
      : !column.some((name) => has.has(squash(name))),
  );
}

/** Zoho's GST treatments as Bahi's registration types (the accounts template's labels). */
const GST_TREATMENTS: Record<string, string> = {
  business_gst: "Regular",
  business_registered_regular: "Regular",
  business_registered_composition: "Composition",
  business_none: "Unregistered",
  consumer: "Unregistered",
  overseas: "Overseas - Import or Export",
  business_sez: "Special Economic Zone (SEZ)",
  deemed_export: "Regular",
  tax_deductor: "Regular",
  tax_collector: "E-commerce Operator",
};

/** The two-letter state abbreviations Zoho Books writes, by GST state code. */
const STATE_ABBREVIATIONS: Record<string, string> = {
  JK: "01",
  HP: "02",
  PB: "03",
  CH: "04",
  UT: "05",
  UK: "05",
  HR: "06",
  DL: "07",
  RJ: "08",
  UP: "09",
  BR: "10",
  SK: "11",
  AR: "12",
  NL: "13",
  MN: "14",
  MZ: "15",
  TR: "16",
  ML: "17",
  AS: "18",
  WB: "19",
  JH: "20",
  OR: "21",
  OD: "21",
  CT: "22",
  CG: "22",
  MP: "23",
  GJ: "24",
  DD: "26",
  DN: "26",
  MH: "27",
  KA: "29",
  GA: "30",
  LD: "31",
  KL: "32",
  TN: "33",
  PY: "34",
  AN: "35",
  TS: "36",
  TG: "36",
  AP: "37",
  LA: "38",
};

function stateOf(...candidates: string[]): string {
  for (const candidate of candidates) {
    const text = candidate.trim();
    if (!text) continue;
    const byName = STATES.find((state) => squash(state.name) === squash(text));
    if (byName) return byName.name;
    const code = STATE_ABBREVIATIONS[text.toUpperCase()] ?? /^(\d{2})\b/.exec(text)?.[1];
    const byCode = code ? STATES.find((state) => state.code === code) : undefined;
    if (byCode) return byCode.name;
  }
  return "";
}

type Cells = readonly (readonly string[])[];

function reader(rows: Cells) {
  const headings = (rows[0] ?? []).map((cell) => squash(cell));
  return (row: readonly string[], name: string) => {
    const index = headings.indexOf(squash(name));
    return index >= 0 ? (row[index] ?? "").trim() : "";
  };
}

/**
 * A Contacts (or Vendors) export as the accounts template: customers as Debtors and vendors as
 * Creditors (a Vendors export has no Contact Type), Zoho's opening balance on the side it lies
 * (a customer's receivable Dr, a vendor's payable Cr), the GST treatment and place of contact as
 * the registration type and state.
 */
export function zohoContactsAsAccountRows(rows: Cells): string[][] {
  const cell = reader(rows);
  const headings = (rows[0] ?? []).map(squash);
  const vendorsExport =
    headings.includes(squash("Vendor Bank Name")) || headings.includes(squash("Beneficiary Name"));
  const out: string[][] = [
    [
      "account name",
      "group",
      "opening balance",
      "dr/cr",
      "gst registration type",
      "gstin",
      "state",
      "pan",
      "mobile",
      "email id",
      "billing address",
    ],
  ];
  for (const row of rows.slice(1)) {
    const name = cell(row, "Display Name") || cell(row, "Company Name");
    if (!name) continue;
    const type = cell(row, "Contact Type").toLowerCase();
    const vendor = type ? type.includes("vendor") : vendorsExport;
    const opening = cell(row, "Opening Balance").replace(/,/g, "");
    const negative = opening.startsWith("-");
    const gstin = cell(row, "GST Identification Number (GSTIN)").toUpperCase();
    out.push([
      name,
      vendor ? "Creditors" : "Debtors",
      negative ? opening.slice(1) : opening,
      opening && Number(opening) !== 0 ? ((vendor ? !negative : negative) ? "Cr" : "Dr") : "",
      GST_TREATMENTS[cell(row, "GST Treatment").toLowerCase()] ?? "",
      gstin,
      stateOf(
        cell(row, "Place Of Contact"),
        cell(row, "Place of Contact(With State Code)"),
        cell(row, "Billing State"),
        gstin.slice(0, 2),
      ),
      cell(row, "PAN Number"),
      cell(row, "MobilePhone") || cell(row, "Phone"),
      cell(row, "EmailID"),
      cell(row, "Billing Address"),
    ]);
  }
  return out;
}

/** A document export's columns: which Bahi voucher it becomes and where its fields are. */
interface DocumentExport {
  type: string;
  id: string;
  number: string;
  date: string;
  status: string;
  party: string;
  price: readonly string[];
  tax: readonly string[];
  notes: string;
}

const DOCUMENT_EXPORTS: Record<
  "invoices" | "bills" | "creditNotes" | "vendorCredits",
  DocumentExport
> = {
  invoices: {
    type: "Sales Invoice",
    id: "Invoice ID",
    number: "Invoice Number",
    date: "Invoice Date",
    status: "Invoice Status",
    party: "Customer Name",
    price: ["Item Price", "Rate"],
    tax: ["Item Tax %", "Tax Percentage"],
    notes: "Notes",
  },
  bills: {
    type: "Purchase",
    id: "Bill ID",
    number: "Bill Number",
    date: "Bill Date",
    status: "Bill Status",
    party: "Vendor Name",
    price: ["Rate", "Item Price"],
    tax: ["Tax Percentage", "Item Tax %"],
    notes: "Vendor Notes",
  },
  creditNotes: {
    type: "Credit Note",
    id: "CreditNotes ID",
    number: "Credit Note Number",
    date: "Credit Note Date",
    status: "Credit Note Status",
    party: "Customer Name",
    price: ["Item Price", "Rate"],
    tax: ["Item Tax %", "Tax Percentage"],
    notes: "Notes",
  },
  vendorCredits: {
    type: "Debit Note",
    id: "VendorCredit ID",
    number: "Vendor Credit Number",
    date: "Vendor Credit Date",
    status: "Vendor Credit Status",
    party: "Vendor Name",
    price: ["Item Price", "Rate"],
    tax: ["Item Tax %", "Tax Percentage"],
    notes: "Notes",
  },
};

const PAYMENT_EXPORTS = {
  customerPayments: { type: "Receipt", party: "Customer Name", cashBank: "Deposit To" },
  vendorPayments: { type: "Payment", party: "Vendor Name", cashBank: "Paid Through" },
} as const;

/** Statuses of documents and payments that never reached Zoho's books. */
const NOT_BOOKED = new Set(["draft", "void", "pending approval", "approved"]);

/** The first of these columns the sheet has. */
function firstPresent(rows: Cells, names: readonly string[]): string {
  const headings = new Set((rows[0] ?? []).map(squash));
  return names.find((name) => headings.has(squash(name))) ?? names[0] ?? "";
}

/** "18.00" as "18" (Zoho writes rates with decimals); anything else as it is, to be reported. */
const tidyNumber = (text: string) => (Number.isFinite(Number(text)) ? String(Number(text)) : text);

const isTrue = (text: string) => ["true", "yes", "1"].includes(text.toLowerCase());

const paiseOf = (text: string) => {
  const reading = parseStatementAmount(text);
  return reading === null ? 0 : reading === "invalid" ? Number.NaN : reading.paise;
};

/**
 * A line's discount as the percentage the vouchers template reads ("" for none), or null when
 * Zoho's "Discount Amount" is not its "Discount" per cent of the line (a discount in rupees).
 */
function percentDiscount(
  cell: (row: readonly string[], name: string) => string,
  row: readonly string[],
  price: string,
): string | null {
  const amount = paiseOf(cell(row, "Discount Amount"));
  if (amount === 0) return "";
  const text = cell(row, "Discount").replace(/%$/, "").trim();
  const percent = Number(text);
  const ratePaise = paiseOf(cell(row, price));
  if (!text || !(percent > 0 && percent <= 100) || !Number.isFinite(amount + ratePaise))
    return null;
  const gross = amountForQuantity(roundQuantityToMilli(cell(row, "Quantity") || "0"), ratePaise);
  const expected = applyPercent(gross, percent);
  return Math.abs(expected - Math.abs(amount)) <= 1 ? tidyNumber(text) : null;
}

export interface ZohoUnreadDocument {
  number: string;
  what: string;
}

/**
 * The booked documents (or payments) carrying what Bahi does not read, each once with the first
 * such thing: amounts in another currency, prices that include tax, a discount in rupees, a discount, adjustment or shipping charge on
 * the whole document. Booked as lines only, their totals would be wrong (issue 36).
 */
export function zohoUnreadDocuments(kind: ZohoSheetKind, rows: Cells): ZohoUnreadDocument[] {
  const cell = reader(rows);
  const found = new Map<string, string>();
  const currency = (row: readonly string[]) => {
    const code = cell(row, "Currency Code").toUpperCase();
    return code && code !== "INR" ? `amounts in ${code}` : null;
  };
  if (kind === "customerPayments" || kind === "vendorPayments") {
    for (const row of rows.slice(1)) {
      const number = cell(row, "Payment Number");
      const what = currency(row);
      if (number && what && !NOT_BOOKED.has(cell(row, "Payment Status").toLowerCase()))
        found.set(number, what);
    }
    return [...found].map(([number, what]) => ({ number, what }));
  }
  if (!(kind in DOCUMENT_EXPORTS)) return [];
  const source = DOCUMENT_EXPORTS[kind as keyof typeof DOCUMENT_EXPORTS];
  const price = firstPresent(rows, source.price);
  for (const row of rows.slice(1)) {
    if (NOT_BOOKED.has(cell(row, source.status).toLowerCase())) continue;
    const number = cell(row, source.number);
    if (!number || found.has(number)) continue;
    const what =
      currency(row) ??
      (isTrue(cell(row, "Is Inclusive Tax"))
        ? "prices that include tax"
        : percentDiscount(cell, row, price) === null
          ? "a discount in rupees on a line"
          : paiseOf(cell(row, "Entity Discount Amount")) !== 0
            ? "a discount on the whole document"
            : paiseOf(cell(row, "Adjustment")) !== 0
              ? "an adjustment"
              : paiseOf(cell(row, "Shipping Charge")) !== 0
                ? "a shipping charge"
                : null);
    if (what) found.set(number, what);
  }
  return [...found].map(([number, what]) => ({ number, what }));
}

const VOUCHER_HEADINGS = [
  "entry no",
  "voucher type",
  "voucher date",
  "voucher no",
  "party name",
  "gstin",
  "item name",
  "qty",
  "rate",
  "discount %",
  "gst rate",
  "cash/bank",
  "account name",
  "amount",
  "remarks",
];

/**
 * A document or payment export as the vouchers template. A document (invoice, bill, credit note,
 * vendor credit) becomes one voucher per document, a line per item row at Zoho's price, quantity
 * and tax % (a line Zoho left without a tax % has none); a payment becomes one receipt or payment
 * of its amount, however many invoices or bills it was applied to. Drafts, voids and documents
 * not yet approved are left out.
 */
export function zohoSheetAsVoucherRows(kind: ZohoSheetKind, rows: Cells): string[][] {
  const cell = reader(rows);
  const out: string[][] = [VOUCHER_HEADINGS];
  const row = (fields: Partial<Record<(typeof VOUCHER_HEADINGS)[number], string>>) =>
    VOUCHER_HEADINGS.map((heading) => fields[heading] ?? "");
  if (kind === "customerPayments" || kind === "vendorPayments") {
    const source = PAYMENT_EXPORTS[kind];
    const seen = new Set<string>();
    for (const cells of rows.slice(1)) {
      const number = cell(cells, "Payment Number");
      if (!number || seen.has(number)) continue;
      if (NOT_BOOKED.has(cell(cells, "Payment Status").toLowerCase())) continue;
      seen.add(number);
      out.push(
        row({
          "entry no": number,
          "voucher type": source.type,
          "voucher date": cell(cells, "Date"),
          "voucher no": number,
          "cash/bank": cell(cells, source.cashBank),
          "account name": cell(cells, source.party),
          amount: cell(cells, "Amount"),
          remarks: cell(cells, "Description"),
        }),
      );
    }
    return out;
  }
  if (!(kind in DOCUMENT_EXPORTS)) return out;
  const source = DOCUMENT_EXPORTS[kind as keyof typeof DOCUMENT_EXPORTS];
  const price = firstPresent(rows, source.price);
  const tax = firstPresent(rows, source.tax);
  const hasTax = (rows[0] ?? []).some((heading) => squash(heading) === squash(tax));
  for (const cells of rows.slice(1)) {
    if (NOT_BOOKED.has(cell(cells, source.status).toLowerCase())) continue;
    const number = cell(cells, source.number);
    if (!number) continue;
    const party = cell(cells, source.party);
    // A supplier's bill numbers are the supplier's own: two suppliers may use the same.
    const entry = cell(cells, source.id) || (kind === "invoices" ? number : `${party} / ${number}`);
    const taxRate = cell(cells, tax).replace(/%$/, "").trim();
    const item = cell(cells, "Item Name");
    out.push(
      row({
        "entry no": entry,
        "voucher type": source.type,
        "voucher date": cell(cells, source.date),
        "voucher no": number,
        "party name": party,
        gstin:
          kind === "bills" || kind === "vendorCredits"
            ? cell(cells, "GST Identification Number (GSTIN)").toUpperCase()
            : "",
        "item name": item,
        qty: cell(cells, "Quantity"),
        rate: cell(cells, price),
        "discount %": percentDiscount(cell, cells, price) ?? "",
        "gst rate": taxRate === "" ? (hasTax ? "0" : "") : tidyNumber(taxRate),
        // A line without an item is booked to Zoho's account at its total before tax.
        ...(item
          ? {}
          : { "account name": cell(cells, "Account"), amount: cell(cells, "Item Total") }),
        remarks: cell(cells, source.notes),
      }),
    );
  }
  return out;
}

/** An Invoice export as the vouchers template (zohoSheetAsVoucherRows). */
export function zohoInvoicesAsVoucherRows(rows: Cells): string[][] {
  return zohoSheetAsVoucherRows("invoices", rows);
}
