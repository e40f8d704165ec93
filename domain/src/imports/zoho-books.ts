import { STATES } from "../reference/states.ts";

// Zoho Books' own exports (issue 36), read as Bahi's spreadsheet templates: its Contacts (or
// Vendors) export as the accounts template, its Invoice export (one row per item line, the
// invoice's fields repeated) as the vouchers template. The headings are Zoho Books India's, as
// its exports write them (docs/decisions/330-zoho-books-sheets.md). A file that looks like one
// but lacks a column Bahi needs is refused naming the columns expected.

export type ZohoSheetKind = "contacts" | "invoices";

/** The columns Bahi reads of each export; the first ones are required. */
export const ZOHO_COLUMNS: Record<ZohoSheetKind, { required: string[]; optional: string[] }> = {
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
    optional: ["Invoice Status", "Item Tax %", "Notes"],
  },
};

export const ZOHO_MESSAGES = {
  missingColumns: (kind: ZohoSheetKind, missing: readonly string[]) =>
    `This looks like Zoho Books' ${kind === "contacts" ? "Contacts" : "Invoice"} export, but it has no ${missing.map((name) => `"${name}"`).join(", ")} column${missing.length === 1 ? "" : "s"}. Bahi reads ${ZOHO_COLUMNS[kind].required.map((name) => `"${name}"`).join(", ")}; export again with ${missing.length === 1 ? "it" : "them"}.`,
  wrongType: (kind: ZohoSheetKind) =>
    kind === "contacts"
      ? "This is Zoho Books' Contacts export: import it as accounts."
      : "This is Zoho Books' Invoice export: import it as vouchers.",
} as const;

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9%]/g, "");

/** Which Zoho Books export these headings are, if any. */
export function recogniseZohoSheet(headings: readonly string[]): ZohoSheetKind | null {
  const has = new Set(headings.map(squash));
  const all = (...names: string[]) => names.every((name) => has.has(squash(name)));
  if (all("Invoice Number", "Invoice Date") && (all("Invoice ID") || all("Invoice Status")))
    return "invoices";
  if (
    all("Display Name") &&
    (all("Contact ID") || all("Place of Contact(With State Code)") || all("GST Treatment"))
  )
    return "contacts";
  return null;
}

/** The required columns these headings lack. */
export function missingZohoColumns(kind: ZohoSheetKind, headings: readonly string[]): string[] {
  const has = new Set(headings.map(squash));
  return ZOHO_COLUMNS[kind].required.filter((name) => !has.has(squash(name)));
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

/**
 * An Invoice export as the vouchers template: one sales invoice per invoice number, a line per
 * item row, at Zoho's price, quantity and tax %. Draft and void invoices are left out.
 */
export function zohoInvoicesAsVoucherRows(rows: Cells): string[][] {
  const cell = reader(rows);
  const out: string[][] = [
    [
      "entry no",
      "voucher type",
      "voucher date",
      "voucher no",
      "party name",
      "item name",
      "qty",
      "rate",
      "gst rate",
      "remarks",
    ],
  ];
  for (const row of rows.slice(1)) {
    const status = cell(row, "Invoice Status").toLowerCase();
    if (status === "draft" || status === "void") continue;
    const number = cell(row, "Invoice Number");
    if (!number) continue;
    out.push([
      number,
      "Sales Invoice",
      cell(row, "Invoice Date"),
      number,
      cell(row, "Customer Name"),
      cell(row, "Item Name"),
      cell(row, "Quantity"),
      cell(row, "Item Price"),
      cell(row, "Item Tax %"),
      cell(row, "Notes"),
    ]);
  }
  return out;
}
