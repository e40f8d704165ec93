import { addDays, type CivilDate } from "../../calendar/index.ts";
import type { Paise } from "../../money/index.ts";
import {
  isValidVehicleNumber,
  normaliseVehicleNumber,
  TRANSPORT_DISTANCE_MAX,
  TRANSPORT_MODE_CODES,
  TRANSPORT_MODES,
  type TransportMode,
  VEHICLE_TYPE_CODES,
  VEHICLE_TYPES,
  type VehicleType,
} from "../eway/transport.ts";

/**
 * EwbDtls of INV-01 (returns-reference §4.2): the e-way bill the IRP generates with the IRN, from
 * the document's transport details (decision 098). Codes are strings, as the schema has them.
 */
export interface EInvoiceEwbDetails {
  TransId?: string;
  TransName?: string;
  /** 1 Road, 2 Rail, 3 Air, 4 Ship; absent for Part A only (a transporter id, no Part B). */
  TransMode?: string;
  /** Kilometres, 0–4000; 0 lets the portal work it out from the PIN codes. */
  Distance: number;
  TransDocNo?: string;
  TransDocDt?: string;
  VehNo?: string;
  /** R regular, O over-dimensional cargo; road only. */
  VehType?: string;
}

/** What the document tells about its goods on the move. */
export interface EInvoiceTransport {
  /** The stored payload's `transport` (TransportDetails), as saved; anything else is ignored. */
  details: unknown;
  /** Rule 138's consignment value: goods with their tax; 0 for services only. */
  consignmentValuePaise: Paise;
  /** The e-way bill threshold the document is held to (decision 097). */
  thresholdPaise: Paise;
  /** Today, for the portal's limit on the document's age. */
  today: CivilDate;
}

/** The IRP's patterns for EwbDtls (INV-01 schema 1.1). */
const TRANS_ID_PATTERN = /^[0-9]{2}[0-9A-Z]{13}$/;
const TRANS_DOC_NO_PATTERN = /^[A-Za-z0-9/-]{1,15}$/;
const DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** From 1 Jan 2025 the portal makes no e-way bill for a document older than this (§4.4). */
const EWB_DOCUMENT_AGE_MAX_DAYS = 180;

export const EWB_MESSAGES = {
  modeOrTransporter:
    "E-way bill: give the mode of transport (road, rail, air or ship), or a transporter ID to generate Part A only.",
  modeForNumbers:
    "E-way bill: a vehicle or transport document number needs the mode of transport (road, rail, air or ship).",
  vehicleNumber:
    "E-way bill: transport by road needs the vehicle number (or leave the mode empty and give a transporter ID to generate Part A only).",
  vehicleNumberPattern: (vehicle: string) =>
    `E-way bill: vehicle number ${vehicle} is not valid (for example KA01AB1234).`,
  vehicleType: "E-way bill: the vehicle type must be regular (R) or over-dimensional cargo (O).",
  transportDocument: (mode: string) =>
    `E-way bill: transport by ${mode} needs the transport document number and date (railway receipt, airway bill or bill of lading).`,
  transportDocumentNumber: (number: string) =>
    `E-way bill: transport document number ${number} may only have up to 15 letters, digits, / and -.`,
  transportDocumentDate:
    "E-way bill: the transport document date cannot be before the document date.",
  transporterId: (id: string) =>
    `E-way bill: transporter ID ${id} must be a 15-character GSTIN or TRANSIN.`,
  transporterName: "E-way bill: the transporter name must be 3 to 100 characters.",
  distance: `E-way bill: the distance must be a whole number of kilometres from 0 to ${TRANSPORT_DISTANCE_MAX} (0 lets the portal work it out from the PIN codes).`,
  tooOld: `E-way bill: the document is more than ${EWB_DOCUMENT_AGE_MAX_DAYS} days old, and the portal makes no e-way bill for it: clear the transport mode and transporter ID to register the IRN alone.`,
} as const;

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

function readDetails(raw: unknown) {
  const details = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  return {
    transporterId: text(details.transporterId).toUpperCase(),
    transporterName: text(details.transporterName),
    mode: TRANSPORT_MODES.find((mode) => mode === details.mode) as TransportMode | undefined,
    vehicleNumber: normaliseVehicleNumber(text(details.vehicleNumber)),
    vehicleType: VEHICLE_TYPES.find((type) => type === details.vehicleType) as
      | VehicleType
      | undefined,
    distanceKm: typeof details.distanceKm === "number" ? details.distanceKm : 0,
    documentNumber: text(details.documentNumber),
    documentDate: text(details.documentDate),
  };
}

/** 2025-09-10 → 10/09/2025. */
const toIrpDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** 10/09/2025 → 2025-09-10; null when not that form. */
const fromIrpDate = (date: string): string | null => {
  const match = DATE_PATTERN.exec(date);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
};

/**
 * The checks the IRP applies to EwbDtls (INV-01 schema 1.1 and the e-way bill rules): the mode
 * or, for Part A only, a transporter id; a vehicle number of the registration pattern for road;
 * the transport document number and date for rail, air and ship; a document date not after the
 * transport document's; the transporter id a GSTIN or TRANSIN; the distance 0–4000.
 */
export function checkEwbDetails(ewb: EInvoiceEwbDetails, documentDate: CivilDate): string[] {
  const problems: string[] = [];
  const mode = TRANSPORT_MODES.find((value) => TRANSPORT_MODE_CODES[value] === ewb.TransMode);
  if (ewb.TransMode === undefined) {
    if (!ewb.TransId) problems.push(EWB_MESSAGES.modeOrTransporter);
    else if (ewb.VehNo || ewb.TransDocNo) problems.push(EWB_MESSAGES.modeForNumbers);
  } else if (mode === undefined) {
    problems.push(EWB_MESSAGES.modeOrTransporter);
  }
  if (mode === "road") {
    if (!ewb.VehNo) problems.push(EWB_MESSAGES.vehicleNumber);
    if (ewb.VehType !== undefined && ewb.VehType !== "R" && ewb.VehType !== "O") {
      problems.push(EWB_MESSAGES.vehicleType);
    }
  }
  if (ewb.VehNo && !isValidVehicleNumber(ewb.VehNo)) {
    problems.push(EWB_MESSAGES.vehicleNumberPattern(ewb.VehNo));
  }
  if (mode !== undefined && mode !== "road" && (!ewb.TransDocNo || !ewb.TransDocDt)) {
    problems.push(EWB_MESSAGES.transportDocument(mode));
  }
  if (ewb.TransDocNo && !TRANS_DOC_NO_PATTERN.test(ewb.TransDocNo)) {
    problems.push(EWB_MESSAGES.transportDocumentNumber(ewb.TransDocNo));
  }
  const transportDate = ewb.TransDocDt ? fromIrpDate(ewb.TransDocDt) : null;
  if (transportDate !== null && transportDate < documentDate) {
    problems.push(EWB_MESSAGES.transportDocumentDate);
  }
  if (ewb.TransId !== undefined && !TRANS_ID_PATTERN.test(ewb.TransId)) {
    problems.push(EWB_MESSAGES.transporterId(ewb.TransId));
  }
  if (ewb.TransName !== undefined && (ewb.TransName.length < 3 || ewb.TransName.length > 100)) {
    problems.push(EWB_MESSAGES.transporterName);
  }
  if (
    !Number.isInteger(ewb.Distance) ||
    ewb.Distance < 0 ||
    ewb.Distance > TRANSPORT_DISTANCE_MAX
  ) {
    problems.push(EWB_MESSAGES.distance);
  }
  return problems;
}

/** The portal's 180-day limit on the document's age, for a payload that carries EwbDtls. */
export function checkEwbDocumentAge(documentDate: CivilDate, today: CivilDate): string[] {
  return addDays(documentDate, EWB_DOCUMENT_AGE_MAX_DAYS) < today ? [EWB_MESSAGES.tooOld] : [];
}

/**
 * EwbDtls for a document, or null when none is sent (decision 098):
 * - services only (no goods worth anything): never, there is nothing on the move;
 * - no request: the transport details name neither a mode, a transporter id, a vehicle nor a
 *   transport document (a transporter's name or a distance alone is only printed);
 * - over the threshold (an e-way bill is needed): sent as given, and checked before export;
 * - at or below it (not needed, Rule 138(1) lets one be made): sent only when the IRP would take
 *   it, so optional details never hold the IRN back.
 */
export function buildEwbDetails(
  transport: EInvoiceTransport | null | undefined,
  documentDate: CivilDate,
): EInvoiceEwbDetails | null {
  if (!transport || transport.consignmentValuePaise <= 0) return null;
  const details = readDetails(transport.details);
  const asked =
    details.mode !== undefined ||
    details.transporterId !== "" ||
    details.vehicleNumber !== "" ||
    details.documentNumber !== "" ||
    details.documentDate !== "";
  if (!asked) return null;
  // Road without a vehicle but with a transporter: Part A only, the transporter fills Part B.
  const partAOnly =
    details.mode === "road" && details.vehicleNumber === "" && details.transporterId !== "";
  const mode = partAOnly ? undefined : details.mode;
  const ewb: EInvoiceEwbDetails = {
    ...(details.transporterId ? { TransId: details.transporterId } : {}),
    ...(details.transporterName ? { TransName: details.transporterName } : {}),
    ...(mode ? { TransMode: TRANSPORT_MODE_CODES[mode] } : {}),
    Distance: details.distanceKm,
    ...(details.documentNumber ? { TransDocNo: details.documentNumber } : {}),
    ...(details.documentDate ? { TransDocDt: toIrpDate(details.documentDate) } : {}),
    ...(details.vehicleNumber && (mode === "road" || mode === undefined)
      ? { VehNo: details.vehicleNumber }
      : {}),
    ...(mode === "road" ? { VehType: VEHICLE_TYPE_CODES[details.vehicleType ?? "regular"] } : {}),
  };
  const needed = transport.consignmentValuePaise > transport.thresholdPaise;
  const refused =
    checkEwbDetails(ewb, documentDate).length > 0 ||
    checkEwbDocumentAge(documentDate, transport.today).length > 0;
  if (!needed && refused) return null;
  return ewb;
}
