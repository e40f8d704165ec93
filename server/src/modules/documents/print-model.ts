import {
  amountInWords,
  buildUpiPaymentLink,
  type DocumentSettings,
  describeCopyCaptions,
  findPlaceOfSupply,
  formatAmount,
  getVoucherDefinition,
  type PrintForm,
  readStoredVoucher,
  type StoredBillWise,
  type StoredDocument,
  type StoredItemLine,
  type StoredSettlement,
  type StoredVoucher,
  TRANSPORT_MODE_LABELS,
  type TransportMode,
  type VoucherType,
} from "@bahi/domain";
import { formatPrintDate } from "./print-date.ts";

// The one document model of a printed voucher (DESIGN.md 10 "Documents"): built here from the
// stored voucher and what it names, then drawn by print-pdf.ts. The email attachment and the
// public link of the sending work use the same builder.

export interface PrintParty {
  name: string;
  addressLines: string[];
  gstin: string | null;
  /** "Maharashtra (27)": rule 46(e) wants the state's name and code. */
  state: string | null;
}

export interface PrintLine {
  no: number;
  description: string;
  /** The typed description under the item's name, when it adds something. */
  detail: string | null;
  hsnSac: string | null;
  quantity: string | null;
  unit: string | null;
  ratePaise: number | null;
  discount: string | null;
  taxablePaise: number;
  /** Percent; null when the line carries no GST (exempt or outside GST). */
  gstRate: number | null;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  totalPaise: number;
}

export interface HsnSummaryRow {
  hsnSac: string;
  taxablePaise: number;
  gstRate: number | null;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  cessPaise: number;
  taxPaise: number;
}

export interface PrintReference {
  number: string;
  date: string;
  amountPaise: number;
}

export interface PrintImage {
  bytes: Uint8Array;
  mimeType: string;
}

export interface PrintDocument {
  type: VoucherType;
  form: PrintForm;
  heading: string;
  copyCaptions: string[];
  settings: DocumentSettings;
  supplier: {
    name: string;
    addressLines: string[];
    gstin: string | null;
    state: string | null;
    mobile: string | null;
    email: string | null;
    logo: PrintImage | null;
    signature: PrintImage | null;
    signatoryName: string | null;
    lineAboveSignature: string | null;
  };
  number: string;
  date: string;
  dueDate: string | null;
  partyLabel: string;
  party: PrintParty | null;
  shipTo: PrintParty | null;
  placeOfSupply: string | null;
  /** "Yes"/"No" on tax documents when the settings show it; null leaves the row out. */
  reverseCharge: "Yes" | "No" | null;
  /** Which tax columns the lines carry: CGST and SGST, IGST, or none (a bill of supply). */
  taxColumns: "split" | "integrated" | "none";
  showCess: boolean;
  lines: PrintLine[];
  totals: {
    grossPaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    cessPaise: number;
    roundOffPaise: number;
    totalPaise: number;
  };
  amountInWords: string;
  hsnSummary: HsnSummaryRow[];
  /** Credit and debit notes: the invoices they adjust (rule 53); receipts: the invoices paid. */
  references: { label: string; rows: PrintReference[] } | null;
  customFields: { name: string; value: string }[];
  bank: { bankName: string; accountNumber: string; ifsc: string; branch: string } | null;
  upiLink: string | null;
  /** Issue 24: the IRP's registration of an e-invoice, printed with its signed QR code. */
  eInvoice: PrintEInvoice | null;
  pendingPaise: number | null;
  notes: string | null;
  /** Receipts and payments: the cash or bank account the money went through. */
  voucher: { amountPaise: number; throughAccount: string; narration: string | null } | null;
  /** Transport details (issue 24) as label and value, when the settings show them; else empty. */
  transport: [label: string, value: string][];
  /** The e-way bill the portal generated for this document, once imported. */
  eWayBill: { number: string; date: string; validUntil: string | null } | null;
}

export interface PrintEInvoice {
  irn: string;
  ackNo: string;
  ackDate: string;
  signedQrCode: string;
}

/** The stored voucher and everything it names, loaded by documents.service.ts. */
export interface PrintSource {
  /** The IRP's registration, when the document is an e-invoice (issue 24). */
  eInvoice?: PrintEInvoice | null;
  type: VoucherType;
  number: string;
  date: string;
  amountPaise: number;
  pendingPaise: number | null;
  /** The stored JSON (text or parsed), read once by the domain's readStoredVoucher. */
  document: string | object;
  organisation: {
    name: string;
    billingAddress: string | null;
    /** Rule 46: city and PIN are entered in their own fields and print under the address. */
    billingCity?: string | null;
    billingPincode?: string | null;
    gstin: string | null;
    stateCode: string | null;
    gstRegType: string | null;
    mobile: string;
    email: string;
    signatoryName: string;
    lineAboveSignature: string;
    showLogo: boolean;
    showSignature: boolean;
    qrText: string;
    bankName: string;
    bankAccountNumber: string;
    bankIfsc: string;
    bankBranch: string;
    logo: PrintImage | null;
    signature: PrintImage | null;
  };
  settings: DocumentSettings;
  copies: number;
  accounts: ReadonlyMap<
    string,
    {
      name: string;
      billingAddress: string | null;
      shippingAddress: string | null;
      billingCity?: string | null;
      billingPincode?: string | null;
      shippingCity?: string | null;
      shippingPincode?: string | null;
      gstin: string | null;
      stateCode: string | null;
    }
  >;
  items: ReadonlyMap<
    string,
    {
      name: string;
      type: "goods" | "services";
      hsnCode: string | null;
      sacCode: string | null;
      uom: string | null;
    }
  >;
  /** Custom fields marked Print in PDF for this type. */
  printedFields: readonly { id: string; name: string; type: string }[];
  /** Invoices and bills the voucher names in its bill-wise entries, by id. */
  referencedVouchers: ReadonlyMap<string, { number: string; date: string }>;
  /** The imported e-way bill of the document (ewaybill module); dates YYYY-MM-DD. */
  eWayBill?: { number: string; date: string; validUntil: string | null } | null;
}

/**
 * The transport section (issue 24): printed on the types the registry says carry goods, when the
 * document settings show transport details.
 */
function buildTransportRows(source: PrintSource, voucher: StoredVoucher): [string, string][] {
  if (!getVoucherDefinition(source.type).transport || !source.settings.showTransportDetails) {
    return [];
  }
  const raw = ((voucher.json as { transport?: unknown }).transport ?? {}) as Record<
    string,
    unknown
  >;
  const value = (key: string) => text(raw[key]);
  const rows: [string, string][] = [];
  const transporter = [value("transporterName"), value("transporterId")].filter(Boolean);
  if (transporter.length > 0) rows.push(["Transporter", transporter.join(" / ")]);
  const mode = value("mode");
  if (mode && mode in TRANSPORT_MODE_LABELS) {
    rows.push(["Mode of Transport", TRANSPORT_MODE_LABELS[mode as TransportMode]]);
  }
  const vehicle = value("vehicleNumber");
  if (vehicle) {
    const type = raw.vehicleType === "overDimensional" ? " (ODC)" : "";
    rows.push(["Vehicle No.", `${vehicle}${type}`]);
  }
  if (typeof raw.distanceKm === "number" && raw.distanceKm > 0) {
    rows.push(["Distance", `${raw.distanceKm} km`]);
  }
  const docNumber = value("documentNumber");
  const docDate = value("documentDate");
  if (docNumber || docDate) {
    rows.push([
      "Transport Doc.",
      [docNumber, docDate ? formatPrintDate(docDate) : null].filter(Boolean).join(" dated "),
    ]);
  }
  return rows;
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

function describeState(code: string | null | undefined): string | null {
  if (!code) return null;
  const place = findPlaceOfSupply(code);
  return place ? `${place.name} (${place.code})` : code;
}

function splitAddress(address: string | null | undefined): string[] {
  return (address ?? "")
    .split(/\r?\n|,\s*(?=\S)/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .reduce<string[]>((lines, part) => {
      // Comma-separated parts are joined back up to about 48 characters a line.
      const last = lines.at(-1);
      if (last !== undefined && `${last}, ${part}`.length <= 48)
        lines[lines.length - 1] = `${last}, ${part}`;
      else lines.push(part);
      return lines;
    }, []);
}

/**
 * Rule 46 wants complete addresses: the city and PIN, kept in their own fields, as a last line
 * ("Pune - 411001"), each left out when the typed address already carries it.
 */
export function addCityAndPin(
  lines: readonly string[],
  city: string | null | undefined,
  pincode: string | null | undefined,
): string[] {
  const typed = lines.join(" ").toLowerCase();
  const cityText = text(city);
  const pinText = text(pincode);
  const parts = [
    cityText && !typed.includes(cityText.toLowerCase()) ? cityText : null,
    pinText && !typed.includes(pinText) ? pinText : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? [...lines] : [...lines, parts.join(" - ")];
}

/** "2 × 10%" and "₹50" off: what the discount column shows. */
function describeDiscount(line: StoredItemLine): string | null {
  if (!line.discount) return null;
  return line.discount.kind === "amount"
    ? formatAmount(line.discount.paise).replaceAll(",", "")
    : `${line.discount.percent}%`;
}

/** Thousandths of a unit as printed: 2500 → "2.5", 2000 → "2", written from the integer. */
function describeQuantity(quantityMilli: number): string {
  const sign = quantityMilli < 0 ? "-" : "";
  const magnitude = Math.abs(quantityMilli);
  const fraction = String(magnitude % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return `${sign}${Math.floor(magnitude / 1000)}${fraction ? `.${fraction}` : ""}`;
}

function lineRate(gstRate: number, taxed: boolean): number | null {
  return taxed && gstRate >= 0 ? gstRate : null;
}

function buildItemLines(
  source: PrintSource,
  document: StoredDocument,
  taxed: boolean,
): PrintLine[] {
  return document.itemLines.map((line, index) => {
    const item = source.items.get(line.itemId);
    const name = item?.name ?? line.description ?? "Item";
    const typed = line.description;
    const cgst = line.cgstPaise;
    const sgst = line.sgstPaise;
    const igst = line.igstPaise;
    const cess = line.cessPaise;
    const taxable = line.taxablePaise;
    return {
      no: index + 1,
      description: name,
      detail: typed !== null && typed !== name ? typed : null,
      hsnSac: line.hsnCode ?? line.sacCode ?? item?.hsnCode ?? item?.sacCode ?? null,
      quantity: describeQuantity(line.quantityMilli),
      unit: line.uom ?? item?.uom ?? null,
      ratePaise: line.ratePaise,
      discount: describeDiscount(line),
      taxablePaise: taxable,
      gstRate: lineRate(line.gstRate, taxed),
      cgstPaise: cgst,
      sgstPaise: sgst,
      igstPaise: igst,
      cessPaise: cess,
      totalPaise: taxable + cgst + sgst + igst + cess,
    };
  });
}

function buildAccountLines(
  source: PrintSource,
  document: StoredDocument,
  taxed: boolean,
  firstNo: number,
): PrintLine[] {
  return document.accountLines.map((line, index) => {
    const cgst = line.cgstPaise;
    const sgst = line.sgstPaise;
    const igst = line.igstPaise;
    const cess = line.cessPaise;
    const taxable = line.taxablePaise;
    return {
      no: firstNo + index,
      description: line.description ?? source.accounts.get(line.accountId)?.name ?? "Charges",
      detail: null,
      hsnSac: null,
      quantity: null,
      unit: null,
      ratePaise: null,
      discount: null,
      taxablePaise: taxable,
      gstRate: lineRate(line.gstRate, taxed),
      cgstPaise: cgst,
      sgstPaise: sgst,
      igstPaise: igst,
      cessPaise: cess,
      totalPaise: taxable + cgst + sgst + igst + cess,
    };
  });
}

/** The HSN/SAC-wise tax summary: one row per code and rate, in order of first appearance. */
export function summariseByHsn(lines: readonly PrintLine[]): HsnSummaryRow[] {
  const rows = new Map<string, HsnSummaryRow>();
  for (const line of lines) {
    const hsnSac = line.hsnSac ?? "-";
    const key = `${hsnSac}|${line.gstRate ?? "none"}`;
    const row = rows.get(key) ?? {
      hsnSac,
      taxablePaise: 0,
      gstRate: line.gstRate,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      cessPaise: 0,
      taxPaise: 0,
    };
    row.taxablePaise += line.taxablePaise;
    row.cgstPaise += line.cgstPaise;
    row.sgstPaise += line.sgstPaise;
    row.igstPaise += line.igstPaise;
    row.cessPaise += line.cessPaise;
    row.taxPaise += line.cgstPaise + line.sgstPaise + line.igstPaise + line.cessPaise;
    rows.set(key, row);
  }
  return [...rows.values()];
}

function buildParty(
  source: PrintSource,
  accountId: string | null,
  overrides: { name?: unknown; address?: unknown; gstin?: unknown; stateCode?: unknown },
  addressKind: "billing" | "shipping",
): PrintParty | null {
  const account = accountId ? source.accounts.get(accountId) : undefined;
  const name = text(overrides.name) ?? account?.name;
  if (!name) return null;
  const storedAddress =
    addressKind === "billing" ? account?.billingAddress : account?.shippingAddress;
  const gstin = text(overrides.gstin) ?? account?.gstin ?? null;
  const stateCode =
    text(overrides.stateCode) ?? account?.stateCode ?? (gstin ? gstin.slice(0, 2) : null);
  const city = addressKind === "billing" ? account?.billingCity : account?.shippingCity;
  const pincode = addressKind === "billing" ? account?.billingPincode : account?.shippingPincode;
  return {
    name,
    addressLines: addCityAndPin(
      splitAddress(text(overrides.address) ?? storedAddress),
      city,
      pincode,
    ),
    gstin,
    state: describeState(stateCode),
  };
}

function buildCustomFields(
  source: PrintSource,
  voucher: StoredVoucher,
): { name: string; value: string }[] {
  const values =
    (voucher.json as { customFieldValues?: Record<string, string> }).customFieldValues ?? {};
  return source.printedFields.flatMap((field) => {
    const value = values[field.id];
    if (value === undefined || value.trim() === "") return [];
    if (field.type === "boolean")
      return [{ name: field.name, value: value === "true" ? "Yes" : "No" }];
    if (field.type === "date" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      return [{ name: field.name, value: formatPrintDate(value) }];
    }
    return [{ name: field.name, value }];
  });
}

function buildReferences(
  source: PrintSource,
  voucher: StoredVoucher,
  form: PrintForm,
): PrintDocument["references"] {
  const entries: StoredBillWise[] =
    form === "note" && voucher.family === "document"
      ? voucher.billWise
      : form === "voucher" && voucher.family === "settlement"
        ? voucher.entries.flatMap((line) => line.billWise)
        : [];
  const rows = entries.flatMap((entry) => {
    const invoice = source.referencedVouchers.get(entry.entryId);
    return invoice
      ? [
          {
            number: invoice.number,
            date: formatPrintDate(invoice.date),
            amountPaise: entry.amountPaise,
          },
        ]
      : [];
  });
  if (rows.length === 0) return null;
  const label =
    form === "note"
      ? getVoucherDefinition(source.type).settles === "purchases"
        ? "Against Bill"
        : "Against Invoice"
      : "Against Invoices";
  return { label, rows };
}

/** Goods on any line make the supply one of goods for rule 48's captions. */
function describeSupply(source: PrintSource, voucher: StoredVoucher): "goods" | "services" {
  const lines = voucher.family === "document" ? voucher.itemLines : [];
  return lines.some((line) => source.items.get(line.itemId)?.type !== "services")
    ? "goods"
    : "services";
}

function buildVoucherPart(
  source: PrintSource,
  settlement: StoredSettlement,
): {
  party: PrintParty | null;
  voucher: PrintDocument["voucher"];
} {
  const entries = settlement.entries;
  const throughId = settlement.cashOrBankAccountId;
  const names = entries.map((entry) => source.accounts.get(entry.accountId)?.name ?? "");
  const first = entries[0];
  const party =
    entries.length === 1 && first
      ? buildParty(source, first.accountId, {}, "billing")
      : {
          name: names.filter((name) => name !== "").join(", "),
          addressLines: [],
          gstin: null,
          state: null,
        };
  return {
    party,
    voucher: {
      amountPaise: source.amountPaise,
      throughAccount: source.accounts.get(throughId)?.name ?? "",
      narration: settlement.narration,
    },
  };
}

export function buildPrintDocument(source: PrintSource): PrintDocument {
  const definition = getVoucherDefinition(source.type);
  const print = definition.print;
  if (!print) throw new Error(`${source.type} has no printed form`);
  const { settings, organisation } = source;
  const voucher = readStoredVoucher(source.type, source.document);
  const document = voucher.family === "document" ? voucher : null;
  const form = print.form;

  const taxKind = document?.taxKind ?? undefined;
  const lines0 = document ? buildItemLines(source, document, taxKind !== "none") : [];
  const lines = document
    ? [...lines0, ...buildAccountLines(source, document, taxKind !== "none", lines0.length + 1)]
    : [];
  const cessPaise = document?.cessPaise ?? 0;
  const taxColumns: PrintDocument["taxColumns"] =
    form === "voucher" || taxKind === "none" || taxKind === undefined
      ? "none"
      : taxKind === "inter"
        ? "integrated"
        : "split";
  // Rule 49: a registered supplier's invoice without tax (only exempt or non-GST lines, or a
  // composition dealer) is a bill of supply; an unregistered business issues a plain invoice.
  const registered = organisation.gstin !== null && organisation.gstin !== "";
  const untaxedOnly = lines.length > 0 && lines.every((line) => line.gstRate === null);
  const billOfSupply =
    form === "taxInvoice" &&
    registered &&
    (organisation.gstRegType === "composition" || untaxedOnly);
  const invoiceHeading = billOfSupply ? "Bill of Supply" : registered ? print.heading : "Invoice";
  const heading =
    settings.heading !== ""
      ? settings.heading
      : form === "taxInvoice"
        ? invoiceHeading
        : print.heading;

  const voucherPart =
    form === "voucher" && voucher.family === "settlement"
      ? buildVoucherPart(source, voucher)
      : null;
  const party =
    voucherPart?.party ??
    buildParty(
      source,
      document?.partyAccountId || null,
      {
        name: document?.partyName,
        address: document?.billingAddress,
        gstin: document?.gstin,
        stateCode: document?.pos,
      },
      "billing",
    );
  const shippingAccount = document?.partyAccountId
    ? source.accounts.get(document.partyAccountId)
    : undefined;
  const shippingLines = addCityAndPin(
    splitAddress(document?.shippingAddress),
    shippingAccount?.shippingCity,
    shippingAccount?.shippingPincode,
  );
  const shipTo =
    form !== "voucher" && settings.showShippingAddress && shippingLines.length > 0
      ? { name: party?.name ?? "", addressLines: shippingLines, gstin: null, state: null }
      : null;
  const totalPaise = form === "voucher" ? source.amountPaise : (document?.totalPaise ?? 0);
  const pendingPaise = source.pendingPaise;
  const qrAmount = pendingPaise ?? totalPaise;
  const upiLink =
    (form === "taxInvoice" || form === "offer") && source.type !== "purchaseOrder" && qrAmount > 0
      ? buildUpiPaymentLink(organisation.qrText, source.number, qrAmount)
      : null;
  const bank =
    organisation.bankName || organisation.bankAccountNumber
      ? {
          bankName: organisation.bankName,
          accountNumber: organisation.bankAccountNumber,
          ifsc: organisation.bankIfsc,
          branch: organisation.bankBranch,
        }
      : null;
  const placeOfSupplyCode = document?.pos ?? organisation.stateCode;
  const taxDocument = form === "taxInvoice" || form === "note";

  return {
    type: source.type,
    form,
    heading,
    copyCaptions:
      form === "offer" ? [] : describeCopyCaptions(source.copies, describeSupply(source, voucher)),
    settings,
    supplier: {
      name: organisation.name,
      addressLines: addCityAndPin(
        splitAddress(organisation.billingAddress),
        organisation.billingCity,
        organisation.billingPincode,
      ),
      gstin: organisation.gstin,
      state: describeState(organisation.stateCode),
      mobile: text(organisation.mobile),
      email: text(organisation.email),
      logo: organisation.showLogo ? organisation.logo : null,
      signature: organisation.showSignature ? organisation.signature : null,
      signatoryName: text(organisation.signatoryName),
      lineAboveSignature: text(organisation.lineAboveSignature),
    },
    number: source.number,
    date: formatPrintDate(source.date),
    dueDate:
      definition.hasDueDate && settings.printDueDate && document?.dueDate
        ? formatPrintDate(document.dueDate)
        : null,
    partyLabel: print.partyLabel,
    party,
    shipTo,
    placeOfSupply:
      form === "voucher" || !placeOfSupplyCode ? null : describeState(placeOfSupplyCode),
    reverseCharge:
      taxDocument && settings.showRCM && organisation.gstin
        ? document?.reverseCharge === true
          ? "Yes"
          : "No"
        : null,
    taxColumns: billOfSupply ? "none" : taxColumns,
    showCess: cessPaise > 0,
    lines,
    totals: {
      grossPaise: document?.grossPaise ?? 0,
      cgstPaise: document?.cgstPaise ?? 0,
      sgstPaise: document?.sgstPaise ?? 0,
      igstPaise: document?.igstPaise ?? 0,
      cessPaise,
      roundOffPaise: document?.roundOffPaise ?? 0,
      totalPaise,
    },
    amountInWords: `${amountInWords(totalPaise)} Only`,
    hsnSummary: billOfSupply || taxColumns === "none" ? [] : summariseByHsn(lines),
    references: buildReferences(source, voucher, form),
    customFields: buildCustomFields(source, voucher),
    bank: form === "voucher" || source.type === "purchaseOrder" ? null : bank,
    upiLink,
    eInvoice: form === "taxInvoice" || form === "note" ? (source.eInvoice ?? null) : null,
    pendingPaise,
    notes: text((voucher.json as { notes?: unknown }).notes),
    voucher: voucherPart?.voucher ?? null,
    transport: buildTransportRows(source, voucher),
    eWayBill: source.eWayBill
      ? {
          number: source.eWayBill.number,
          date: formatPrintDate(source.eWayBill.date),
          validUntil: source.eWayBill.validUntil
            ? formatPrintDate(source.eWayBill.validUntil)
            : null,
        }
      : null,
  };
}

/** 'Tax-Invoice-INV-24-25-7.pdf': the heading and number, safe in any file system. */
export function nameDocumentFile(document: Pick<PrintDocument, "heading" | "number">): string {
  const stem = `${document.heading}-${document.number}`
    .replace(/[^0-9A-Za-z-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  return `${stem || "document"}.pdf`;
}

/** What a message about a document names (sending's placeholders), without its lines. */
export interface PrintHeader {
  heading: string;
  number: string;
  partyName: string;
  supplierName: string;
  fileName: string;
}

export function describePrintDocument(document: PrintDocument): PrintHeader {
  return {
    heading: document.heading,
    number: document.number,
    partyName: document.party?.name ?? "",
    supplierName: document.supplier.name,
    fileName: nameDocumentFile(document),
  };
}
