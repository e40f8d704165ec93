export type State = {
  /** Spec 3 "States": the code's number for 01-38, and 39 for code 97. */
  id: number;
  /** Two-digit GST state code, the first two characters of a GSTIN. */
  code: string;
  name: string;
};

export type PlaceOfSupply = { code: string; name: string };

/** Spec 3 "Account": an account's state is a two-digit GST state code, -1 if none. */
export const NO_STATE = -1;

export const OTHER_COUNTRIES_CODE = "96";
export const OTHER_TERRITORY_CODE = "97";

// Spec 3 "States" names 01, 26, 38 and 97; the rest are gst-reference.md §2. No 25 or 28 (legacy).
export const STATES: readonly State[] = [
  { id: 1, code: "01", name: "Jammu and Kashmir" },
  { id: 2, code: "02", name: "Himachal Pradesh" },
  { id: 3, code: "03", name: "Punjab" },
  { id: 4, code: "04", name: "Chandigarh" },
  { id: 5, code: "05", name: "Uttarakhand" },
  { id: 6, code: "06", name: "Haryana" },
  { id: 7, code: "07", name: "Delhi" },
  { id: 8, code: "08", name: "Rajasthan" },
  { id: 9, code: "09", name: "Uttar Pradesh" },
  { id: 10, code: "10", name: "Bihar" },
  { id: 11, code: "11", name: "Sikkim" },
  { id: 12, code: "12", name: "Arunachal Pradesh" },
  { id: 13, code: "13", name: "Nagaland" },
  { id: 14, code: "14", name: "Manipur" },
  { id: 15, code: "15", name: "Mizoram" },
  { id: 16, code: "16", name: "Tripura" },
  { id: 17, code: "17", name: "Meghalaya" },
  { id: 18, code: "18", name: "Assam" },
  { id: 19, code: "19", name: "West Bengal" },
  { id: 20, code: "20", name: "Jharkhand" },
  { id: 21, code: "21", name: "Odisha" },
  { id: 22, code: "22", name: "Chhattisgarh" },
  { id: 23, code: "23", name: "Madhya Pradesh" },
  { id: 24, code: "24", name: "Gujarat" },
  { id: 26, code: "26", name: "Dadra & Nagar Haveli And Daman & Diu" },
  { id: 27, code: "27", name: "Maharashtra" },
  { id: 29, code: "29", name: "Karnataka" },
  { id: 30, code: "30", name: "Goa" },
  { id: 31, code: "31", name: "Lakshadweep (Islands)" },
  { id: 32, code: "32", name: "Kerala" },
  { id: 33, code: "33", name: "Tamil Nadu" },
  { id: 34, code: "34", name: "Puducherry" },
  { id: 35, code: "35", name: "Andaman and Nicobar Islands" },
  { id: 36, code: "36", name: "Telangana" },
  { id: 37, code: "37", name: "Andhra Pradesh" },
  { id: 38, code: "38", name: "Ladakh" },
  { id: 39, code: OTHER_TERRITORY_CODE, name: "Other Territory" },
];

/**
 * Codes no longer issued but still found on older GSTINs and documents (gst-reference.md §2):
 * 25 merged into 26 on 26 Jan 2020; 28 is Andhra Pradesh before bifurcation.
 */
export const LEGACY_STATE_CODES: readonly PlaceOfSupply[] = [
  { code: "25", name: "Daman and Diu" },
  { code: "28", name: "Andhra Pradesh (Old)" },
];

// Exports and overseas supplies take 96, which is a place of supply but never a registration state.
export const PLACES_OF_SUPPLY: readonly PlaceOfSupply[] = [
  ...STATES.filter((state) => state.code < OTHER_COUNTRIES_CODE),
  { code: OTHER_COUNTRIES_CODE, name: "Other Countries" },
  ...STATES.filter((state) => state.code > OTHER_COUNTRIES_CODE),
];

/** "7", "07", 7 -> "07"; anything that is not a number from 0 to 99 (such as -1) -> null. */
function normaliseCode(code: string | number): string | null {
  const text = String(code).trim();
  return /^\d{1,2}$/.test(text) ? text.padStart(2, "0") : null;
}

const STATES_BY_CODE = new Map(STATES.map((state) => [state.code, state]));
const STATES_BY_ID = new Map(STATES.map((state) => [state.id, state]));
const PLACES_BY_CODE = new Map(PLACES_OF_SUPPLY.map((place) => [place.code, place]));

/** The state of a GST state code given as "07", "7" or 7; undefined for NO_STATE or unknown. */
export function findStateByCode(code: string | number): State | undefined {
  const normalised = normaliseCode(code);
  return normalised === null ? undefined : STATES_BY_CODE.get(normalised);
}

export function findStateById(id: number): State | undefined {
  return STATES_BY_ID.get(id);
}

/** A state, or 96 Other Countries; undefined for anything else. */
export function findPlaceOfSupply(code: string | number): PlaceOfSupply | undefined {
  const normalised = normaliseCode(code);
  return normalised === null ? undefined : PLACES_BY_CODE.get(normalised);
}

/**
 * Whether a GSTIN may start with this code: a current state (01-38 less 25 and 28, and 97) or a
 * legacy code (25, 28) still printed on older registrations.
 */
export function isRegistrationStateCode(code: string): boolean {
  return STATES_BY_CODE.has(code) || LEGACY_STATE_CODES.some((legacy) => legacy.code === code);
}
