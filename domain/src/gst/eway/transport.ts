import { z } from "zod";
import { gstinCheckCharacter } from "../../identity/gstin.ts";
import { CivilDateText } from "../../schemas/dates.ts";
import { optionalText } from "../../schemas/text-fields.ts";

/**
 * Transport details of goods on the move (issue 24; returns-reference §4.4): the e-way bill's
 * Part B and the transporter of Part A. Saved with the document that carries them.
 */
export const TRANSPORT_MODES = ["road", "rail", "air", "ship"] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

export const TRANSPORT_MODE_LABELS: Readonly<Record<TransportMode, string>> = {
  road: "Road",
  rail: "Rail",
  air: "Air",
  ship: "Ship",
};

/** The portal's transMode codes (1 Road, 2 Rail, 3 Air, 4 Ship). */
export const TRANSPORT_MODE_CODES: Readonly<Record<TransportMode, string>> = {
  road: "1",
  rail: "2",
  air: "3",
  ship: "4",
};

/** A regular vehicle, or an over-dimensional cargo (the portal's vehicleType R and O). */
export const VEHICLE_TYPES = ["regular", "overDimensional"] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const VEHICLE_TYPE_LABELS: Readonly<Record<VehicleType, string>> = {
  regular: "Regular",
  overDimensional: "Over dimensional cargo",
};

export const VEHICLE_TYPE_CODES: Readonly<Record<VehicleType, string>> = {
  regular: "R",
  overDimensional: "O",
};

export const TRANSPORT_DISTANCE_MAX = 4000;
export const TRANSPORTER_NAME_MAX = 100;
export const TRANSPORT_DOCUMENT_NUMBER_MAX = 15;

export const TRANSPORT_MESSAGES = {
  transporterId: "Transporter ID must be a 15-character GSTIN or TRANSIN.",
  vehicleNumber: "Vehicle number is not valid (for example KA01AB1234).",
  mode: "Mode of transport must be road, rail, air or ship.",
  vehicleType: "Vehicle type must be regular or overDimensional.",
  distance: `Distance must be a whole number of kilometres from 0 to ${TRANSPORT_DISTANCE_MAX}.`,
  transporterName: `Transporter name cannot be more than ${TRANSPORTER_NAME_MAX} characters.`,
  documentNumber: `Transport document number cannot be more than ${TRANSPORT_DOCUMENT_NUMBER_MAX} characters.`,
} as const;

/**
 * A transporter id is a GSTIN or, for a transporter without one, the TRANSIN the e-way bill portal
 * enrols: both are 15 characters, two digits first, and end in the GSTIN's mod-36 check character.
 */
export function isValidTransporterId(text: string): boolean {
  const id = text.trim().toUpperCase();
  if (!/^[0-9]{2}[0-9A-Z]{13}$/.test(id)) return false;
  return gstinCheckCharacter(id.slice(0, 14)) === id.charAt(14);
}

// A registered vehicle (KA01AB1234, DL1C1234, KA011234), the Bharat series (22BH1234AB) and a
// temporary registration (TR then 7 to 13 letters and digits); spaces and hyphens are ignored.
const VEHICLE_PATTERNS = [
  /^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$/,
  /^[0-9]{2}BH[0-9]{4}[A-Z]{1,2}$/,
  /^TR[A-Z0-9]{7,13}$/,
];

/** KA-01-AB-1234 → KA01AB1234. */
export function normaliseVehicleNumber(text: string): string {
  return text.replace(/[\s-]/g, "").toUpperCase();
}

export function isValidVehicleNumber(text: string): boolean {
  const vehicle = normaliseVehicleNumber(text);
  return VEHICLE_PATTERNS.some((pattern) => pattern.test(vehicle));
}

/** The transport section of a sales invoice, purchase or delivery challan; every field optional. */
export const TransportDetails = z.object({
  transporterId: optionalText(
    z
      .string({ error: TRANSPORT_MESSAGES.transporterId })
      .trim()
      .toUpperCase()
      .refine(isValidTransporterId, TRANSPORT_MESSAGES.transporterId),
  ),
  transporterName: optionalText(
    z
      .string({ error: TRANSPORT_MESSAGES.transporterName })
      .trim()
      .max(TRANSPORTER_NAME_MAX, TRANSPORT_MESSAGES.transporterName),
  ),
  mode: optionalText(z.enum(TRANSPORT_MODES, { error: TRANSPORT_MESSAGES.mode })),
  vehicleNumber: optionalText(
    z
      .string({ error: TRANSPORT_MESSAGES.vehicleNumber })
      .transform(normaliseVehicleNumber)
      .refine(isValidVehicleNumber, TRANSPORT_MESSAGES.vehicleNumber),
  ),
  vehicleType: optionalText(z.enum(VEHICLE_TYPES, { error: TRANSPORT_MESSAGES.vehicleType })),
  distanceKm: z
    .number({ error: TRANSPORT_MESSAGES.distance })
    .int(TRANSPORT_MESSAGES.distance)
    .min(0, TRANSPORT_MESSAGES.distance)
    .max(TRANSPORT_DISTANCE_MAX, TRANSPORT_MESSAGES.distance)
    .optional(),
  documentNumber: optionalText(
    z
      .string({ error: TRANSPORT_MESSAGES.documentNumber })
      .trim()
      .max(TRANSPORT_DOCUMENT_NUMBER_MAX, TRANSPORT_MESSAGES.documentNumber),
  ),
  documentDate: optionalText(CivilDateText),
});
export type TransportDetails = z.infer<typeof TransportDetails>;

/** The payload key the types that carry goods take (the registry's `transport` fact). */
export const TRANSPORT_FIELDS = { transport: TransportDetails.optional() };
