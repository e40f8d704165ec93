import { addDays, type CivilDate } from "../../calendar/index.ts";
import { milliToQuantity, type Paise, paiseToRupees, rupeesToPaise } from "../../money/index.ts";
import { findUqcUnit } from "../../reference/index.ts";
import type { StoredDocument } from "../../vouchers/stored/stored-voucher.ts";
import type { TransportFacts } from "../../vouchers/voucher-definition.ts";
import {
  TRANSPORT_MODE_CODES,
  TRANSPORT_MODES,
  type TransportMode,
  VEHICLE_TYPE_CODES,
  VEHICLE_TYPES,
  type VehicleType,
} from "./transport.ts";

/** The bulk-generation file's version (returns-reference §4.4; IC generate_e_waybill_json). */
export const EWAY_BILL_JSON_VERSION = "1.0.0621";

/** Rule 138: an e-way bill is needed when the consignment is worth more than ₹50,000. */
export const DEFAULT_EWAY_BILL_THRESHOLD_PAISE: Paise = rupeesToPaise(50_000);

/** From 1 Jan 2025 the portal refuses documents older than 180 days (returns-reference §4.4). */
export const EWAY_BILL_DOCUMENT_AGE_MAX_DAYS = 180;

/** The portal takes at most 250 items in one bill. */
export const EWAY_BILL_ITEMS_MAX = 250;

/** The portal's document number: up to 16 letters, digits, `/` and `-`. */
const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;
const PIN_PATTERN = /^[1-9][0-9]{5}$/;
const STATE_CODE_PATTERN = /^[0-9]{2}$/;

/** One address end of the movement: the organisation, or the party on the document. */
export interface EWayBillAddress {
  /** null for an unregistered party (the portal's "URP"). */
  gstin: string | null;
  name: string;
  address: string;
  /** Town or city; the free text's last line is used when the address has none. */
  place: string;
  pincode: string | null;
  stateCode: string | null;
}

/** A stored document as the e-way bill reads it (its server-computed document, DESIGN.md 10). */
export interface EWayBillSource {
  entryId: string;
  /** The document's caption in messages ("Sales Invoice INV-7"). */
  label: string;
  facts: TransportFacts;
  number: string;
  date: CivilDate;
  totalPaise: Paise;
  document: StoredDocument;
  organisation: EWayBillAddress;
  party: EWayBillAddress;
  /** Item names by id, for productName (the line's description is productDesc). */
  itemNames: ReadonlyMap<string, string>;
}

export interface EWayBillItem {
  itemNo: number;
  productName: string;
  productDesc: string;
  /**
   * The HSN as its digits, a string: chapters 01–09 (tea 09024020) keep their leading zero, which
   * a JSON number would drop (issue 35; decision 201). NIC's schema types it as a number.
   */
  hsnCode: string;
  quantity: number;
  qtyUnit: string;
  taxableAmount: number;
  sgstRate: number;
  cgstRate: number;
  igstRate: number;
  cessRate: number;
  cessNonAdvol: number;
}

/** One bill of the bulk file; names as the file takes them (returns-reference §4.4 note). */
export interface EWayBill {
  userGstin: string;
  supplyType: "O" | "I";
  subSupplyType: number;
  subSupplyDesc: string;
  docType: string;
  docNo: string;
  docDate: string;
  transType: number;
  fromGstin: string;
  fromTrdName: string;
  fromAddr1: string;
  fromAddr2: string;
  fromPlace: string;
  fromPincode: number;
  fromStateCode: number;
  actualFromStateCode: number;
  toGstin: string;
  toTrdName: string;
  toAddr1: string;
  toAddr2: string;
  toPlace: string;
  toPincode: number;
  toStateCode: number;
  actualToStateCode: number;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  TotNonAdvolVal: number;
  OthValue: number;
  totInvValue: number;
  transMode: number | "";
  transDistance: number;
  transporterName: string;
  transporterId: string;
  transDocNo: string;
  transDocDate: string;
  vehicleNo: string;
  vehicleType: string;
  /** As hsnCode: the digits, leading zero kept. */
  mainHsnCode: string;
  itemList: EWayBillItem[];
}

export interface EWayBillJson {
  version: string;
  billLists: EWayBill[];
}

/** What one document gives: its bill, or what is wrong with it (each message names it). */
export type EWayBillResult =
  | { ok: true; entryId: string; bill: EWayBill }
  | { ok: false; entryId: string; problems: string[] };

const text = (value: unknown): string =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
const rupees = (paise: Paise): number => paiseToRupees(paise);

/** 'YYYY-MM-DD' → 'dd/mm/yyyy', the portal's date. */
export function toPortalDate(date: CivilDate): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** The last six-digit PIN in free-text address, for addresses saved before city and PIN fields. */
export function findPinInAddress(address: string): string | null {
  const matches = address.match(/(?<![0-9])[1-9][0-9]{2}\s?[0-9]{3}(?![0-9])/g);
  const last = matches?.at(-1);
  return last ? last.replace(/\s/g, "") : null;
}

interface GoodsLine {
  index: number;
  itemId: string;
  description: string;
  hsn: string;
  uqc: string;
  quantity: number;
  gstRate: number;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  cessPaise: Paise;
  cessRate: number;
}

/** Goods lines of the document: an HSN not starting 99 and no SAC. Exempt and non-GST excluded. */
function readGoodsLines(document: StoredDocument): GoodsLine[] {
  return document.itemLines.flatMap((line, index) => {
    const hsn = line.hsnCode ?? "";
    if (line.sacCode !== null || hsn.startsWith("99")) return [];
    return [
      {
        index: index + 1,
        itemId: line.itemId,
        description: line.description ?? "",
        hsn,
        uqc: line.uom ?? "",
        quantity: milliToQuantity(line.quantityMilli),
        gstRate: line.gstRate,
        taxablePaise: line.taxablePaise,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
        cessPaise: line.cessPaise,
        cessRate: line.cessRate,
      },
    ];
  });
}

/**
 * The consignment value of Rule 138: the goods' value with their tax, leaving out exempt and
 * non-GST goods (rates -1 and -2) and services.
 */
export function consignmentValuePaise(document: StoredDocument): Paise {
  return readGoodsLines(document)
    .filter((line) => line.gstRate >= 0)
    .reduce(
      (sum, line) =>
        sum + line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise + line.cessPaise,
      0,
    );
}

/**
 * The threshold a document is held to: Rule 138's ₹50,000 for a movement between states, and the
 * organisation's state's own (never lower) for a movement within it.
 */
export function eWayBillThresholdPaise(
  document: StoredDocument,
  intraStateThresholdPaise: Paise,
): Paise {
  return document.taxKind === "intra"
    ? Math.max(intraStateThresholdPaise, DEFAULT_EWAY_BILL_THRESHOLD_PAISE)
    : DEFAULT_EWAY_BILL_THRESHOLD_PAISE;
}

export function needsEWayBill(
  document: StoredDocument,
  intraStateThresholdPaise: Paise = DEFAULT_EWAY_BILL_THRESHOLD_PAISE,
): boolean {
  return (
    consignmentValuePaise(document) > eWayBillThresholdPaise(document, intraStateThresholdPaise)
  );
}

function readTransport(document: StoredDocument) {
  const raw = ((document.json as { transport?: unknown }).transport ?? {}) as Record<
    string,
    unknown
  >;
  const mode = TRANSPORT_MODES.find((value) => value === raw.mode) as TransportMode | undefined;
  const vehicleType = VEHICLE_TYPES.find((value) => value === raw.vehicleType) as
    | VehicleType
    | undefined;
  return {
    transporterId: text(raw.transporterId),
    transporterName: text(raw.transporterName),
    mode,
    vehicleNumber: text(raw.vehicleNumber),
    vehicleType,
    distanceKm: typeof raw.distanceKm === "number" ? raw.distanceKm : 0,
    documentNumber: text(raw.documentNumber),
    documentDate: text(raw.documentDate),
  };
}

/** Splits free text into the portal's two address lines (Addr1 and Addr2, up to 120 each). */
function addressLines(address: string): [string, string] {
  const parts = address
    .split(/[\n,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const first: string[] = [];
  const second: string[] = [];
  for (const part of parts) {
    const target =
      [...first, part].join(", ").length <= 120 && second.length === 0 ? first : second;
    target.push(part);
  }
  return [first.join(", "), second.join(", ").slice(0, 120)];
}

function checkAddress(
  end: EWayBillAddress,
  who: string,
  problems: string[],
  options: { gstinRequired: boolean },
) {
  if (options.gstinRequired && !end.gstin) problems.push(`${who} has no GSTIN.`);
  if (!end.pincode) problems.push(`${who}'s PIN code is missing.`);
  else if (!PIN_PATTERN.test(end.pincode)) problems.push(`${who}'s PIN code is not valid.`);
  if (!end.stateCode || !STATE_CODE_PATTERN.test(end.stateCode)) {
    problems.push(`${who}'s state is missing.`);
  }
}

/**
 * One document's e-way bill for the portal's bulk generation, or every reason it cannot be made
 * (returns-reference §4.4). `today` bounds the portal's 180-day limit on the document's age.
 */
export function buildEWayBill(source: EWayBillSource, today: CivilDate): EWayBillResult {
  const problems: string[] = [];
  const { document, facts, organisation, party } = source;
  const outward = facts.supplyType === "O";
  const exportSupply = (document.exportOrSez ?? "").startsWith("export");

  if (!DOCUMENT_NUMBER_PATTERN.test(source.number)) {
    problems.push(
      "the document number must be up to 16 letters, digits, / or - for the e-way bill portal.",
    );
  }
  if (addDays(source.date, EWAY_BILL_DOCUMENT_AGE_MAX_DAYS) < today) {
    problems.push(
      `the document is more than ${EWAY_BILL_DOCUMENT_AGE_MAX_DAYS} days old; the portal refuses it.`,
    );
  }
  checkAddress(organisation, "the organisation", problems, { gstinRequired: true });
  if (!exportSupply) checkAddress(party, "the party", problems, { gstinRequired: false });

  const lines = readGoodsLines(document).filter((line) => line.gstRate >= 0);
  if (lines.length === 0) problems.push("it has no goods lines.");
  if (lines.length > EWAY_BILL_ITEMS_MAX) {
    problems.push(`it has more than ${EWAY_BILL_ITEMS_MAX} goods lines.`);
  }
  for (const line of lines) {
    if (!/^[0-9]{4,8}$/.test(line.hsn)) problems.push(`line ${line.index} has no HSN code.`);
  }

  const transport = readTransport(document);
  if (transport.mode === undefined && transport.transporterId === "") {
    problems.push("give the mode of transport, or a transporter ID to fill in Part B.");
  }
  if (transport.mode === "road" && transport.vehicleNumber === "" && !transport.transporterId) {
    problems.push("transport by road needs the vehicle number (or a transporter ID).");
  }
  if (
    transport.mode !== undefined &&
    transport.mode !== "road" &&
    (transport.documentNumber === "" || transport.documentDate === "")
  ) {
    problems.push(`transport by ${transport.mode} needs the transport document number and date.`);
  }
  if (transport.documentDate !== "" && transport.documentDate < source.date) {
    problems.push("the transport document date cannot be before the document date.");
  }

  if (problems.length > 0) {
    return {
      ok: false,
      entryId: source.entryId,
      problems: problems.map((problem) => `${source.label}: ${problem}`),
    };
  }

  const sum = (pick: (line: GoodsLine) => Paise) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const taxable = sum((line) => line.taxablePaise);
  const cgst = sum((line) => line.cgstPaise);
  const sgst = sum((line) => line.sgstPaise);
  const igst = sum((line) => line.igstPaise);
  const cess = sum((line) => line.cessPaise);
  const interState = document.taxKind === "inter" || igst > 0;

  const itemList = lines.map((line, position): EWayBillItem => {
    const half = line.gstRate / 2;
    return {
      itemNo: position + 1,
      productName: (source.itemNames.get(line.itemId) ?? line.description).slice(0, 100),
      productDesc: line.description.slice(0, 100),
      hsnCode: line.hsn,
      quantity: line.quantity,
      qtyUnit: findUqcUnit(line.uqc)?.code ?? "OTH",
      taxableAmount: rupees(line.taxablePaise),
      sgstRate: interState ? 0 : half,
      cgstRate: interState ? 0 : half,
      igstRate: interState ? line.gstRate : 0,
      cessRate: line.cessRate,
      cessNonAdvol: 0,
    };
  });
  // The portal's main HSN: the line worth the most.
  const main = lines.reduce((best, line) => (line.taxablePaise > best.taxablePaise ? line : best));

  const supplier = outward ? organisation : party;
  const recipient = outward ? party : organisation;
  const [fromAddr1, fromAddr2] = addressLines(supplier.address);
  const [toAddr1, toAddr2] = addressLines(recipient.address);
  const toStateCode = exportSupply ? 99 : Number(recipient.stateCode);
  return {
    ok: true,
    entryId: source.entryId,
    bill: {
      userGstin: organisation.gstin ?? "",
      supplyType: facts.supplyType,
      subSupplyType: exportSupply ? 3 : facts.subSupplyType,
      subSupplyDesc: exportSupply ? "" : facts.subSupplyDesc,
      docType: facts.docType,
      docNo: source.number,
      docDate: toPortalDate(source.date),
      transType: 1,
      fromGstin: supplier.gstin ?? "URP",
      fromTrdName: supplier.name.slice(0, 100),
      fromAddr1,
      fromAddr2,
      fromPlace: supplier.place.slice(0, 50),
      fromPincode: Number(supplier.pincode ?? 0),
      fromStateCode: Number(supplier.stateCode),
      actualFromStateCode: Number(supplier.stateCode),
      toGstin: exportSupply ? "URP" : (recipient.gstin ?? "URP"),
      toTrdName: recipient.name.slice(0, 100),
      toAddr1,
      toAddr2,
      toPlace: recipient.place.slice(0, 50),
      toPincode: exportSupply ? 999999 : Number(recipient.pincode ?? 0),
      toStateCode,
      // An export leaves from a port in India: the goods move to the organisation's own state.
      actualToStateCode: exportSupply ? Number(organisation.stateCode) : toStateCode,
      totalValue: rupees(taxable),
      cgstValue: rupees(cgst),
      sgstValue: rupees(sgst),
      igstValue: rupees(igst),
      cessValue: rupees(cess),
      TotNonAdvolVal: 0,
      OthValue: rupees(source.totalPaise - taxable - cgst - sgst - igst - cess),
      totInvValue: rupees(source.totalPaise),
      transMode: transport.mode ? Number(TRANSPORT_MODE_CODES[transport.mode]) : "",
      transDistance: transport.distanceKm,
      transporterName: transport.transporterName,
      transporterId: transport.transporterId,
      transDocNo: transport.documentNumber,
      transDocDate: transport.documentDate ? toPortalDate(transport.documentDate) : "",
      vehicleNo: transport.mode === "road" ? transport.vehicleNumber : "",
      vehicleType:
        transport.mode === "road" ? VEHICLE_TYPE_CODES[transport.vehicleType ?? "regular"] : "",
      mainHsnCode: main.hsn,
      itemList,
    },
  };
}

/** The bulk file: every bill, or the refusal listing every document's problems. */
export function buildEWayBillJson(
  sources: readonly EWayBillSource[],
  today: CivilDate,
): { ok: true; json: EWayBillJson } | { ok: false; problems: string[] } {
  const results = sources.map((source) => buildEWayBill(source, today));
  const problems = results.flatMap((result) => (result.ok ? [] : result.problems));
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    json: {
      version: EWAY_BILL_JSON_VERSION,
      billLists: results.flatMap((result) => (result.ok ? [result.bill] : [])),
    },
  };
}
