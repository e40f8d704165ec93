import type { CivilDate } from "../../calendar/index.ts";
import { addDays, daysBetween } from "../../calendar/index.ts";
import {
  applyPercent,
  milliToQuantity,
  type Paise,
  paiseToRupees,
  quantityTimesRupees,
  rupeesToPaise,
} from "../../money/index.ts";
import { findStateByCode, findUqcUnit } from "../../reference/index.ts";
import { EXEMPT_RATE, NO_GST_RATE } from "../rates/index.ts";
import { isExport, placeOfSupplyOf } from "../returns/gstr1-classify.ts";
import type { ReturnDocument, ReturnLine } from "../returns/return-document.ts";
import {
  buildEwbDetails,
  checkEwbDetails,
  checkEwbDocumentAge,
  type EInvoiceEwbDetails,
  type EInvoiceTransport,
} from "./ewb-details.ts";
import { computeIrn, type EInvoiceDocType } from "./irn.ts";

/** INV-01 schema version (returns-reference §4.2). */
export const EINVOICE_SCHEMA_VERSION = "1.1";

export const EINVOICE_SUPPLY_TYPES = ["B2B", "SEZWP", "SEZWOP", "EXPWP", "EXPWOP", "DEXP"] as const;
export type EInvoiceSupplyType = (typeof EINVOICE_SUPPLY_TYPES)[number];

/** The IRP takes at most this many lines (IC ITEM_LIMIT). */
export const EINVOICE_ITEM_LIMIT = 1000;

/** The IRP's tolerance on its value arithmetic: ₹1 either way. */
export const EINVOICE_TOLERANCE_PAISE = 100;

/** The IRP rates (percent) an item may carry. */
export const EINVOICE_GST_RATES: readonly number[] = [
  0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40,
];

/** IRP rule for a document number (returns-reference §4.3): ≤ 16, no leading 0, `/` or `-`. */
export const EINVOICE_NUMBER_PATTERN = /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/;

/** The reporting limit (returns-reference §4.1): bands by last year's turnover and from when. */
export const REPORTING_LIMITS: readonly { from: CivilDate; turnoverPaise: Paise; days: number }[] =
  [
    { from: "2023-11-01", turnoverPaise: 100_00_00_000_00, days: 30 },
    { from: "2025-04-01", turnoverPaise: 10_00_00_000_00, days: 30 },
  ];

export const EINVOICE_PIN_ABROAD = 999999;

/** An address as the IRP takes it. */
export interface EInvoiceAddress {
  /** The free text, as saved. */
  address: string | null;
  city: string | null;
  pincode: string | null;
  /** Two-digit state code. */
  stateCode: string | null;
}

export interface EInvoiceParty extends EInvoiceAddress {
  name: string;
  gstin: string | null;
}

/** What a document adds to its ReturnDocument: prices, discounts and the round-off as saved. */
export interface EInvoiceLineExtras {
  /** The unit price in rupees, as saved. */
  unitPrice: number;
  discountPaise: Paise;
  cessRate: number;
}

export interface EInvoiceSource {
  document: ReturnDocument;
  docType: EInvoiceDocType;
  /** One per document line, in the same order as document.lines. */
  extras: readonly EInvoiceLineExtras[];
  roundOffPaise: Paise;
  seller: EInvoiceParty;
  buyer: EInvoiceParty;
  /** The shipping address, when the goods go elsewhere than the billing address. */
  shipTo: EInvoiceAddress | null;
  /** What the books know of the payment (PayDtls); absent or all null: no PayDtls. */
  payment?: EInvoicePayment | null;
  /** The goods on the move, for EwbDtls (decision 098); absent: no EwbDtls. */
  transport?: EInvoiceTransport | null;
  /**
   * Item names by item id: a line's PrdDesc is its item's name, with the typed description when
   * it adds something, as the printed invoice shows it (issue 35). Absent: the typed text only.
   */
  itemNames?: ReadonlyMap<string, string>;
}

/**
 * PayDtls from the books (issue 24): the organisation's bank account printed on documents (the
 * payee's) and the credit days to the due date. What is paid and due is not sent: without
 * bill-wise entry the books do not know it. Fields the IRP would refuse (an account number over
 * 18 characters, an IFSC not of 11) are left out.
 */
export interface EInvoicePayment {
  payeeName: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  dueDate: CivilDate | null;
}

export interface EInvoicePayDetails {
  Nm?: string;
  AccDet?: string;
  FinInsBr?: string;
  CrDay?: Num;
}

/** Days from the document's date to its due date, 0–9999; null without a later due date. */
function creditDays(date: CivilDate, dueDate: CivilDate | null): number | null {
  if (!dueDate || dueDate < date) return null;
  const days = daysBetween(date, dueDate);
  return days <= 9999 ? days : null;
}

function buildPayDetails(
  date: CivilDate,
  payment: EInvoicePayment | null | undefined,
): EInvoicePayDetails | null {
  if (!payment) return null;
  const account = payment.accountNumber?.replace(/\s/g, "") ?? "";
  const ifsc = payment.ifsc?.trim().toUpperCase() ?? "";
  const bank: EInvoicePayDetails = {
    ...(account !== "" && account.length <= 18 ? { AccDet: account } : {}),
    ...(/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc) ? { FinInsBr: ifsc } : {}),
  };
  const payee = payment.payeeName?.trim().slice(0, 100) ?? "";
  const days = creditDays(date, payment.dueDate);
  const details: EInvoicePayDetails = {
    ...(Object.keys(bank).length > 0 && payee !== "" ? { Nm: payee } : {}),
    ...bank,
    ...(days === null ? {} : { CrDay: days }),
  };
  return Object.keys(details).length > 0 ? details : null;
}

type Num = number;

export interface EInvoiceItem {
  SlNo: string;
  PrdDesc: string;
  IsServc: "Y" | "N";
  HsnCd: string;
  Qty: Num;
  /** Omitted for a service without a unit: the schema does not require it (decision 201). */
  Unit?: string;
  UnitPrice: Num;
  TotAmt: Num;
  Discount: Num;
  AssAmt: Num;
  GstRt: Num;
  IgstAmt: Num;
  CgstAmt: Num;
  SgstAmt: Num;
  CesRt: Num;
  CesAmt: Num;
  CesNonAdvlAmt: Num;
  TotItemVal: Num;
}

interface AddressBlock {
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: Num;
  Stcd: string;
}

export interface EInvoiceJson {
  Version: string;
  TranDtls: {
    TaxSch: "GST";
    SupTyp: EInvoiceSupplyType;
    RegRev: "Y" | "N";
    IgstOnIntra: "Y" | "N";
  };
  DocDtls: { Typ: EInvoiceDocType; No: string; Dt: string };
  SellerDtls: { Gstin: string; LglNm: string; TrdNm: string } & AddressBlock;
  BuyerDtls: { Gstin: string; LglNm: string; TrdNm: string; Pos: string } & AddressBlock;
  ShipDtls?: { Gstin: string; LglNm: string; TrdNm: string } & AddressBlock;
  ItemList: EInvoiceItem[];
  ValDtls: {
    AssVal: Num;
    CgstVal: Num;
    SgstVal: Num;
    IgstVal: Num;
    CesVal: Num;
    Discount: Num;
    OthChrg: Num;
    RndOffAmt: Num;
    TotInvVal: Num;
  };
  PayDtls?: EInvoicePayDetails;
  ExpDtls?: { ShipBNo?: string; ShipBDt?: string; Port?: string; CntCode?: string };
  RefDtls?: { PrecDocDtls: { InvNo: string; InvDt: string }[] };
  EwbDtls?: EInvoiceEwbDetails;
}

/**
 * NIC's pattern for a preceding document's number: unlike a document's own number it takes at
 * least two characters, so a note against invoice "7" cannot name it. The reference is optional;
 * such an invoice is left out of it rather than the note refused (decision 370).
 */
const PRECEDING_NUMBER = /^[1-9a-zA-Z][0-9a-zA-Z/-]{1,15}$/;

/** 2025-04-01 → 01/04/2025, the IRP's date form. */
export function toIrpDate(date: CivilDate): string {
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}

const rupees = (paise: Paise): number => paiseToRupees(paise);

/** GSTR-1's supply kind as the IRP names it. */
export function supplyTypeOf(document: ReturnDocument): EInvoiceSupplyType {
  switch (document.supplyKind) {
    case "exportWithPayment":
      return "EXPWP";
    case "exportWithoutPayment":
      return "EXPWOP";
    case "sezWithPayment":
      return "SEZWP";
    case "sezWithoutPayment":
      return "SEZWOP";
    case "deemedExport":
      return "DEXP";
    default:
      return "B2B";
  }
}

/**
 * Whether a document goes to the IRP: a B2B, SEZ, deemed-export or export invoice, or a note to a
 * registered party or against an export (returns-reference §4.1). B2C never does.
 */
export function isEInvoiceable(document: ReturnDocument): boolean {
  const effective = withOriginalSupply(document);
  return effective.gstin !== null || isExport(effective);
}

/**
 * A note as the IRP sees it: a note made against an export, SEZ or deemed-export invoice is of
 * that invoice's supply type, and carries its export details (ExpDtls) when the note has none of
 * its own (issue 35). Anything else is returned as it is.
 */
export function withOriginalSupply(document: ReturnDocument): ReturnDocument {
  if (document.role !== "outwardNote" || document.supplyKind !== "regular") return document;
  const original = document.originalInvoices.find(
    (invoice) => invoice.supplyKind !== undefined && invoice.supplyKind !== "regular",
  );
  if (!original?.supplyKind) return document;
  return {
    ...document,
    supplyKind: original.supplyKind,
    portCode: document.portCode ?? original.portCode ?? null,
    shippingBillNumber: document.shippingBillNumber ?? original.shippingBillNumber ?? null,
    shippingBillDate: document.shippingBillDate ?? original.shippingBillDate ?? null,
    countryCode: document.countryCode ?? original.countryCode ?? null,
  };
}

/** The IRP's text fields refuse a double quote (pattern `^([^\"])*$`): it becomes a single one. */
const irpText = (value: string) => value.replace(/"/g, "'");

/** PrdDesc bounds (NIC schema 1.1). */
export const PRODUCT_DESCRIPTION_MIN = 3;
export const PRODUCT_DESCRIPTION_MAX = 300;

/**
 * A line's PrdDesc as the printed invoice words it: the item's name, then the typed description
 * when it adds something; the typed text alone when the item is unknown (issue 35).
 */
export function productDescription(line: ReturnLine, itemNames?: ReadonlyMap<string, string>) {
  const name = (line.itemId ? itemNames?.get(line.itemId) : undefined)?.trim() ?? "";
  const typed = line.description.trim();
  const text = name === "" ? typed : typed === "" || typed === name ? name : `${name} - ${typed}`;
  return irpText(text.replace(/\s+/g, " ")).slice(0, PRODUCT_DESCRIPTION_MAX).trim();
}

/** A UQC the IRP takes (3–8 letters and in the GST list), else null. */
function irpUnit(uqc: string | null): string | null {
  if (!uqc || !/^[A-Za-z]{3,8}$/.test(uqc)) return null;
  return findUqcUnit(uqc) ? uqc.toUpperCase() : null;
}

/** The free text split into the IRP's two address lines (Addr1 ≤ 100, Addr2 3–100). */
function splitAddress(text: string | null): { Addr1: string; Addr2?: string } {
  const flat = (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(", ");
  const first = irpText(flat).slice(0, 100).trim();
  const rest = irpText(flat).slice(100, 200).trim();
  return rest.length >= 3 ? { Addr1: first, Addr2: rest } : { Addr1: first };
}

function addressBlock(party: EInvoiceAddress, abroad: boolean): AddressBlock {
  return {
    ...splitAddress(party.address),
    Loc: irpText((party.city ?? "").trim()),
    Pin: abroad ? EINVOICE_PIN_ABROAD : Number(party.pincode ?? 0),
    Stcd: abroad ? "96" : (party.stateCode ?? ""),
  };
}

/** Whether a line is listed as an item (taxable or zero-rated) or goes to other charges. */
function isListed(gstRate: number, document: ReturnDocument): boolean {
  if (gstRate === EXEMPT_RATE || gstRate === NO_GST_RATE) return false;
  return gstRate !== 0 || document.supplyKind !== "regular";
}

/** Qty × UnitPrice in paise; null when either has more decimals than the IRP takes (3). */
function billedPaise(item: EInvoiceItem): Paise | null {
  try {
    return quantityTimesRupees(item.Qty, item.UnitPrice);
  } catch {
    return null;
  }
}

/** The INV-01 payload of one document (schema 1.1; IC EInvoiceData.get_invoice_data's shape). */
export function buildEInvoiceJson(source: EInvoiceSource): EInvoiceJson {
  const { seller, buyer } = source;
  const document = withOriginalSupply(source.document);
  const abroad = isExport(document);
  const items: EInvoiceItem[] = [];
  let otherChargesPaise = 0;
  document.lines.forEach((line, index) => {
    const extra = source.extras[index] ?? { unitPrice: 0, discountPaise: 0, cessRate: 0 };
    if (!isListed(line.gstRate, document)) {
      otherChargesPaise +=
        line.taxablePaise + line.igstPaise + line.cgstPaise + line.sgstPaise + line.cessPaise;
      return;
    }
    const accountLine = line.fromAccountLine === true;
    const quantity = accountLine ? 1 : milliToQuantity(line.quantityMilli);
    const grossPaise = line.taxablePaise + extra.discountPaise;
    const unitPrice = accountLine ? rupees(line.taxablePaise) : extra.unitPrice;
    const tax = line.igstPaise + line.cgstPaise + line.sgstPaise + line.cessPaise;
    const service = line.isService || accountLine;
    // A service may go without a unit (the schema requires none); goods keep theirs, and a
    // missing one is refused by the checks below (decision 201).
    const unit = accountLine ? "OTH" : service ? irpUnit(line.uqc) : (line.uqc ?? "");
    items.push({
      SlNo: String(items.length + 1),
      PrdDesc: productDescription(line, source.itemNames),
      IsServc: service ? "Y" : "N",
      HsnCd: line.hsn ?? "",
      Qty: quantity,
      ...(unit === null ? {} : { Unit: unit }),
      UnitPrice: unitPrice,
      TotAmt: rupees(grossPaise),
      Discount: rupees(extra.discountPaise),
      AssAmt: rupees(line.taxablePaise),
      GstRt: line.gstRate,
      IgstAmt: rupees(line.igstPaise),
      CgstAmt: rupees(line.cgstPaise),
      SgstAmt: rupees(line.sgstPaise),
      CesRt: extra.cessRate,
      CesAmt: rupees(line.cessPaise),
      CesNonAdvlAmt: 0,
      // Under reverse charge the buyer pays the tax: the item's value is its taxable value, so
      // the items add up to the document's total, which leaves the tax out (decision 201; the
      // IRP takes an item total with or without tax under reverse charge).
      TotItemVal: rupees(document.reverseCharge ? line.taxablePaise : line.taxablePaise + tax),
    });
  });
  const sum = (pick: (line: ReturnDocument["lines"][number]) => Paise) =>
    document.lines
      .filter((line) => isListed(line.gstRate, document))
      .reduce((total, line) => total + pick(line), 0);
  const interState = placeOfSupplyOf(document, seller.stateCode ?? "") !== seller.stateCode;
  const igstPaise = sum((line) => line.igstPaise);
  const json: EInvoiceJson = {
    Version: EINVOICE_SCHEMA_VERSION,
    TranDtls: {
      TaxSch: "GST",
      SupTyp: supplyTypeOf(document),
      RegRev: document.reverseCharge ? "Y" : "N",
      // IGST charged on a supply within the state (a SEZ or export is inter-state by law).
      IgstOnIntra: !interState && !abroad && igstPaise > 0 ? "Y" : "N",
    },
    DocDtls: { Typ: source.docType, No: document.number, Dt: toIrpDate(document.date) },
    SellerDtls: {
      Gstin: seller.gstin ?? "",
      LglNm: irpText(seller.name),
      TrdNm: irpText(seller.name),
      ...addressBlock(seller, false),
    },
    BuyerDtls: {
      Gstin: abroad ? "URP" : (buyer.gstin ?? ""),
      LglNm: irpText(buyer.name),
      TrdNm: irpText(buyer.name),
      Pos: abroad ? "96" : placeOfSupplyOf(document, seller.stateCode ?? ""),
      ...addressBlock(buyer, abroad),
    },
    ItemList: items,
    ValDtls: {
      AssVal: rupees(sum((line) => line.taxablePaise)),
      CgstVal: rupees(sum((line) => line.cgstPaise)),
      SgstVal: rupees(sum((line) => line.sgstPaise)),
      IgstVal: rupees(igstPaise),
      CesVal: rupees(sum((line) => line.cessPaise)),
      Discount: 0,
      OthChrg: rupees(otherChargesPaise),
      RndOffAmt: rupees(source.roundOffPaise),
      TotInvVal: rupees(document.totalPaise),
    },
  };
  if (source.shipTo) {
    json.ShipDtls = {
      Gstin: abroad ? "URP" : (buyer.gstin ?? "URP"),
      LglNm: irpText(buyer.name),
      TrdNm: irpText(buyer.name),
      ...addressBlock(source.shipTo, abroad),
    };
  }
  const payDetails = buildPayDetails(document.date, source.payment);
  if (payDetails) json.PayDtls = payDetails;
  if (abroad) {
    json.ExpDtls = {
      ...(document.shippingBillNumber ? { ShipBNo: document.shippingBillNumber } : {}),
      ...(document.shippingBillDate ? { ShipBDt: toIrpDate(document.shippingBillDate) } : {}),
      ...(document.portCode ? { Port: document.portCode } : {}),
      ...(document.countryCode && /^[A-Z]{2}$/.test(document.countryCode)
        ? { CntCode: document.countryCode }
        : {}),
    };
  }
  const precedingDocuments =
    source.docType === "INV"
      ? []
      : document.originalInvoices.filter((invoice) => PRECEDING_NUMBER.test(invoice.number));
  if (precedingDocuments.length > 0) {
    json.RefDtls = {
      PrecDocDtls: precedingDocuments.map((invoice) => ({
        InvNo: invoice.number,
        InvDt: toIrpDate(invoice.date),
      })),
    };
  }
  const ewbDetails = buildEwbDetails(source.transport, document.date);
  if (ewbDetails) json.EwbDtls = ewbDetails;
  return json;
}

export interface EInvoiceCheckContext {
  /** Today, in India. */
  today: CivilDate;
  previousYearTurnoverPaise: Paise;
  /** IRNs already taken on the IRP (registered or cancelled), by IRN, naming their document. */
  takenIrns?: ReadonlyMap<string, { entryId: string; number: string; state: string }>;
}

const within = (a: Paise, b: Paise) => Math.abs(a - b) <= EINVOICE_TOLERANCE_PAISE;

const paise = (value: number) => rupeesToPaise(value);

function checkAddress(
  who: string,
  block: AddressBlock,
  where: string,
  problems: string[],
  abroad = false,
) {
  if (block.Addr1.length === 0) problems.push(`${who} address is missing: add it in ${where}.`);
  if (block.Loc.length < 3) {
    problems.push(
      block.Loc.length === 0
        ? `${who} city is missing: add it in ${where}.`
        : `${who} city must be 3 to 50 characters.`,
    );
  }
  if (!abroad && !/^[1-9][0-9]{5}$/.test(String(block.Pin))) {
    problems.push(
      block.Pin === 0
        ? `${who} pincode is missing: add it in ${where}.`
        : `${who} pincode must be 6 digits and cannot start with 0.`,
    );
  }
  if (!abroad && !findStateByCode(block.Stcd)) {
    problems.push(`${who} state code is missing or not a GST state code.`);
  }
}

/**
 * What the IRP would refuse in a payload, each in words that say what to fix: required fields,
 * enums, the number pattern, the value arithmetic within ₹1, the 30-day limit of the turnover band,
 * and an IRN already taken by another document.
 */
export function validateEInvoiceJson(
  json: EInvoiceJson,
  context: EInvoiceCheckContext & { entryId?: string; date: CivilDate },
): string[] {
  const problems: string[] = [];
  const number = json.DocDtls.No;
  if (number.length > 16) {
    problems.push(`The number ${number} is longer than 16 characters, which the IRP refuses.`);
  } else if (!EINVOICE_NUMBER_PATTERN.test(number)) {
    problems.push(
      /^[0/-]/.test(number)
        ? `The number ${number} starts with 0, / or -, which the IRP refuses: renumber the document.`
        : `The number ${number} may only contain letters, digits, / and -.`,
    );
  }
  if (!(EINVOICE_SUPPLY_TYPES as readonly string[]).includes(json.TranDtls.SupTyp)) {
    problems.push(`Supply type ${json.TranDtls.SupTyp} is not one the IRP knows.`);
  }
  const seller = json.SellerDtls;
  if (!/^[0-9]{2}[0-9A-Z]{13}$/.test(seller.Gstin)) {
    problems.push("Your organisation has no GSTIN: e-invoices are for GST-registered suppliers.");
  }
  if (seller.LglNm.length < 3 || seller.LglNm.length > 100) {
    problems.push("Your organisation's name must be 3 to 100 characters.");
  }
  checkAddress("Your organisation's", seller, "Organisation settings", problems);
  const buyer = json.BuyerDtls;
  const abroad = json.TranDtls.SupTyp === "EXPWP" || json.TranDtls.SupTyp === "EXPWOP";
  if (!abroad && !/^[0-9]{2}[0-9A-Z]{13}$/.test(buyer.Gstin)) {
    problems.push("The party has no GSTIN: e-invoices are for registered buyers and exports.");
  }
  if (buyer.Gstin === seller.Gstin) {
    problems.push("The party's GSTIN is your own: the IRP refuses a supply to yourself.");
  }
  if (buyer.LglNm.length < 3 || buyer.LglNm.length > 100) {
    problems.push("The party's name must be 3 to 100 characters.");
  }
  checkAddress("The party's billing", buyer, "the party's account", problems, abroad);
  if (!findStateByCode(buyer.Pos) && buyer.Pos !== "96" && buyer.Pos !== "97") {
    problems.push("The place of supply is missing or not a GST state code.");
  }
  if (json.ShipDtls) {
    checkAddress("The party's shipping", json.ShipDtls, "the party's account", problems, abroad);
  }
  if (json.ItemList.length === 0) {
    problems.push("The document has no taxable or zero-rated line to report.");
  }
  if (json.ItemList.length > EINVOICE_ITEM_LIMIT) {
    problems.push(`The IRP takes at most ${EINVOICE_ITEM_LIMIT} lines in one document.`);
  }
  for (const item of json.ItemList) {
    const at = `Line ${item.SlNo} (${item.PrdDesc || "no description"})`;
    if (
      item.PrdDesc.length < PRODUCT_DESCRIPTION_MIN ||
      item.PrdDesc.length > PRODUCT_DESCRIPTION_MAX
    ) {
      problems.push(
        `${at}: the description must be ${PRODUCT_DESCRIPTION_MIN} to ${PRODUCT_DESCRIPTION_MAX} characters: give the item a name or the line a description.`,
      );
    }
    if (item.HsnCd === "") problems.push(`${at} has no HSN/SAC code.`);
    else if (!/^[0-9]{4}([0-9]{2}){0,2}$/.test(item.HsnCd)) {
      problems.push(`${at}: HSN/SAC code ${item.HsnCd} must be 4, 6 or 8 digits.`);
    }
    if (item.Unit === undefined || item.Unit === "") {
      // Goods need a unit; a service may go without (decision 201).
      if (item.IsServc === "N") problems.push(`${at} has no unit (UQC).`);
    } else if (!findUqcUnit(item.Unit)) {
      problems.push(`${at}: unit ${item.Unit} is not a GST unit code (UQC).`);
    }
    if (!EINVOICE_GST_RATES.includes(item.GstRt)) {
      problems.push(`${at}: GST rate ${item.GstRt}% is not a rate the IRP takes.`);
    }
    const billed = billedPaise(item);
    if (billed === null) {
      problems.push(`${at}: the quantity and unit price take at most 3 decimals.`);
    } else if (!within(paise(item.TotAmt), billed)) {
      problems.push(`${at}: the amount differs from quantity × unit price by more than ₹1.`);
    }
    if (!within(paise(item.AssAmt), paise(item.TotAmt) - paise(item.Discount))) {
      problems.push(`${at}: the taxable value differs from amount less discount by more than ₹1.`);
    }
    const gst = paise(item.IgstAmt) + paise(item.CgstAmt) + paise(item.SgstAmt);
    const expected = applyPercent(paise(item.AssAmt), item.GstRt);
    const taxFree = json.TranDtls.SupTyp === "EXPWOP" || json.TranDtls.SupTyp === "SEZWOP";
    if (!taxFree && !within(gst, expected)) {
      problems.push(
        `${at}: the tax differs from ${item.GstRt}% of the taxable value by more than ₹1.`,
      );
    }
    if (taxFree && gst !== 0) {
      problems.push(
        `${at}: a supply without payment of tax (${json.TranDtls.SupTyp}) cannot carry tax.`,
      );
    }
    if (paise(item.IgstAmt) > 0 && paise(item.CgstAmt) + paise(item.SgstAmt) > 0) {
      problems.push(`${at} has both IGST and CGST/SGST.`);
    }
    const total = paise(item.AssAmt) + gst + paise(item.CesAmt) + paise(item.CesNonAdvlAmt);
    // Under reverse charge and on an export with payment the IRP takes the item's total with or
    // without its tax (NIC's value validations, rule B; decision 201).
    const withoutTax = paise(item.AssAmt) + paise(item.CesNonAdvlAmt);
    const eitherWay = json.TranDtls.RegRev === "Y" || json.TranDtls.SupTyp === "EXPWP";
    if (
      !within(paise(item.TotItemVal), total) &&
      !(eitherWay && within(paise(item.TotItemVal), withoutTax))
    ) {
      problems.push(`${at}: the item total differs from taxable value plus taxes by more than ₹1.`);
    }
  }
  const values = json.ValDtls;
  const sumOf = (pick: (item: EInvoiceItem) => number) =>
    json.ItemList.reduce((total, item) => total + paise(pick(item)), 0);
  for (const [label, declared, summed] of [
    ["taxable value", values.AssVal, sumOf((item) => item.AssAmt)],
    ["CGST", values.CgstVal, sumOf((item) => item.CgstAmt)],
    ["SGST", values.SgstVal, sumOf((item) => item.SgstAmt)],
    ["IGST", values.IgstVal, sumOf((item) => item.IgstAmt)],
    ["cess", values.CesVal, sumOf((item) => item.CesAmt)],
  ] as const) {
    if (!within(paise(declared), summed)) {
      problems.push(`The total ${label} differs from the sum of its lines by more than ₹1.`);
    }
  }
  const invoiceTotal =
    sumOf((item) => item.TotItemVal) -
    paise(values.Discount) +
    paise(values.OthChrg) +
    paise(values.RndOffAmt);
  if (!within(paise(values.TotInvVal), invoiceTotal)) {
    problems.push(
      "The document total differs from its lines, other charges and round-off by more than ₹1.",
    );
  }
  if (Math.abs(values.RndOffAmt) > 99.99) {
    problems.push("The round-off cannot be more than ₹99.99.");
  }
  if (json.EwbDtls) {
    problems.push(
      ...checkEwbDetails(json.EwbDtls, context.date),
      ...checkEwbDocumentAge(context.date, context.today),
    );
  }
  for (const limit of REPORTING_LIMITS) {
    if (
      context.today >= limit.from &&
      context.previousYearTurnoverPaise >= limit.turnoverPaise &&
      context.date < addDays(context.today, -limit.days)
    ) {
      const crore = limit.turnoverPaise / 1_00_00_000_00;
      problems.push(
        `Dated ${toIrpDate(context.date)}, more than ${limit.days} days ago: with last year's turnover of ₹${crore} crore or more, the IRP refuses documents older than ${limit.days} days.`,
      );
      break;
    }
  }
  if (context.takenIrns && seller.Gstin !== "") {
    const irn = computeIrn({
      sellerGstin: seller.Gstin,
      date: context.date,
      docType: json.DocDtls.Typ,
      number,
    });
    const taken = context.takenIrns.get(irn);
    if (taken && taken.entryId !== context.entryId) {
      problems.push(
        `The IRN of ${json.DocDtls.Typ} ${number} is already taken on the IRP by another document: give this one a new number.`,
      );
    } else if (taken && taken.state === "cancelled") {
      problems.push(
        `The IRN of ${number} was cancelled; the IRP never accepts a cancelled number again: give the document a new number.`,
      );
    }
  }
  return problems;
}
