import type { CivilDate, VoucherType } from "@bahi/domain";

/** The organisation's facts an entry form needs (GET /organisations). */
export interface OrganisationFacts {
  stateCode: string | null;
  gstRegistered: boolean;
  gstRegType: string | null;
  manageInventory: boolean;
  billWiseEntry: boolean;
}

/** Where an entry is made: the organisation, the financial year open, and today. */
export interface EntryContext {
  type: VoucherType;
  organisationId: string;
  year: string;
  today: CivilDate;
  organisation: OrganisationFacts;
}

/** The four screens of spec 2.3 for every type. */
export type EntryMode = "add" | "edit" | "duplicate" | "old-version";

let lineCounter = 0;

/** A key for a new line, unique in this page (React keys; never sent). */
export function newLineKey(): string {
  lineCounter += 1;
  return `line-${lineCounter}`;
}

/** Blank or absent text becomes undefined, so the payload carries only what was typed. */
export function textOrUndefined(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim() ?? "";
  return trimmed === "" ? undefined : trimmed;
}

/** A record read from the API: any field may be missing. */
export type StoredEntry = Record<string, unknown>;

export function readString(entry: StoredEntry, key: string): string {
  const value = entry[key];
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

export function readNumber(entry: StoredEntry, key: string, fallback = 0): number {
  const value = entry[key];
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

export function readArray(entry: StoredEntry, key: string): StoredEntry[] {
  const value = entry[key];
  return Array.isArray(value)
    ? value.filter((item): item is StoredEntry => typeof item === "object" && item !== null)
    : [];
}

export function readCustomFieldValues(entry: StoredEntry): Record<string, string> {
  const value = entry.customFieldValues;
  if (typeof value !== "object" || value === null) return {};
  const values: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) {
    if (typeof text === "string") values[key] = text;
  }
  return values;
}

/** Custom field values with blanks dropped; undefined when none is left. */
export function cleanCustomFieldValues(
  values: Readonly<Record<string, string>>,
): Record<string, string> | undefined {
  const kept = Object.entries(values).filter(([, text]) => text.trim() !== "");
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}
