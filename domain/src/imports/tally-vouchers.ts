import { GST_RATES } from "../gst/rates/index.ts";
import type { PartySide } from "../vouchers/voucher-definition.ts";
import { getVoucherDefinition, voucherTypesWhere } from "../vouchers/voucher-registry.ts";
import type { VoucherType } from "../vouchers/voucher-type.ts";

// A Tally day book (shared/returns-reference.md §7.3): the rules that need no XML. Which Bahi type
// a Tally voucher type becomes is the registry's `tallyVoucherType`; a user-defined Tally type
// (Sales GST, Cash Receipt …) is followed up its PARENT chain to one of Tally's own. Where two
// Bahi types come from one Tally type (Tally's Debit Note is the purchase-side debit note, or a
// debit note to a customer), the voucher's party side decides (decision 067).

/** Tally's predefined type names, by the registry: "sales" → [salesInvoice] … */
function tallyTypeNames(): Map<string, VoucherType[]> {
  const names = new Map<string, VoucherType[]>();
  for (const type of voucherTypesWhere((definition) => definition.tallyVoucherType !== undefined)) {
    const name = (getVoucherDefinition(type).tallyVoucherType ?? "").toLowerCase();
    names.set(name, [...(names.get(name) ?? []), type]);
  }
  return names;
}

/**
 * Of the Bahi types one Tally type becomes, the one of the voucher's party side; without a side
 * (or none of that side), the type that does not raise bills: Tally's own meaning of the type.
 */
function chooseBySide(types: readonly VoucherType[], side: PartySide | null): VoucherType | null {
  const ofSide = types.find((type) => getVoucherDefinition(type).partySide === side);
  if (side !== null && ofSide) return ofSide;
  return types.find((type) => getVoucherDefinition(type).raisesBills !== true) ?? types[0] ?? null;
}

/**
 * The Bahi type a Tally voucher type becomes, following user types to their parent; or null.
 * `partySide` is the voucher's: customer for a debtor party whose voucher credits sales, supplier
 * for a creditor (the import decides it from the ledgers).
 */
export function bahiTypeOfTallyVoucher(
  typeName: string,
  userTypes: ReadonlyMap<string, string> = new Map(),
  partySide: PartySide | null = null,
): VoucherType | null {
  const known = tallyTypeNames();
  let key = clean(typeName).toLowerCase();
  for (let depth = 0; depth < 20 && key; depth += 1) {
    const found = known.get(key);
    if (found) return chooseBySide(found, partySide);
    const parent = userTypes.get(key);
    if (parent === undefined) return null;
    key = clean(parent).toLowerCase();
  }
  return null;
}

function clean(name: string): string {
  return name.replaceAll(String.fromCharCode(4), "").trim();
}

export type TallyTaxHead = "cgst" | "sgst" | "igst" | "cess";

/** A GST ledger's head by its name ("Output CGST @9%", "SGST/UTGST", "IGST Payable"), or null. */
export function tallyTaxHeadOf(ledgerName: string): TallyTaxHead | null {
  const name = ledgerName.toLowerCase();
  if (/\bigst\b|integrated/.test(name)) return "igst";
  if (/\bcgst\b|central tax/.test(name)) return "cgst";
  if (/\b(sgst|utgst)\b|state tax/.test(name)) return "sgst";
  if (/\bcess\b/.test(name)) return "cess";
  return null;
}

/** A round-off ledger ("Round Off", "Rounding Off A/c"). */
export function isTallyRoundOffLedger(ledgerName: string): boolean {
  return /\bround(ing)?[\s-]*off\b|\bround(ed)?\b/i.test(ledgerName);
}

/** The GST rate nearest to tax ÷ taxable (both in paise); 0 when there is no taxable value. */
export function nearestGstRate(taxPaise: number, taxablePaise: number): number {
  if (taxablePaise <= 0 || taxPaise <= 0) return 0;
  const effective = (taxPaise * 100) / taxablePaise;
  let best = 0;
  for (const { code } of GST_RATES) {
    if (code >= 0 && Math.abs(code - effective) < Math.abs(best - effective)) best = code;
  }
  return best;
}

/** "100.00/Nos" → 10000 paise; "" → 0. */
export function readTallyRate(text: string | undefined): number {
  const match = /-?\d[\d,]*(\.\d+)?/.exec(text ?? "");
  return match ? Math.round(Math.abs(Number(match[0].replace(/,/g, ""))) * 100) : 0;
}

/** "20250401" → "2025-04-01"; anything else → "". */
export function readTallyDate(text: string | undefined): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec((text ?? "").trim());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : "";
}

export const TALLY_VOUCHER_MESSAGES = {
  notImported: (type: string) => `Bahi does not import Tally's ${type} vouchers.`,
  cancelled: "Cancelled in Tally.",
  optional: "An optional (memorandum) voucher in Tally.",
  noDate: "The voucher has no date.",
  badDate: (date: string) => `"${date}" is not a date.`,
  unbalanced: "Its ledger entries do not add up to zero.",
  noLedger: (name: string) =>
    `No account named "${name}": import the masters export first, or add the account.`,
  noItem: (name: string) =>
    `No item named "${name}": import the masters export first, or add the item.`,
  noParty: "The voucher names no party ledger.",
  asJournal: (type: string, why: string) => `Saved as a journal (${why}), not as a ${type}.`,
} as const;

/** The Bahi types a Tally day book is imported into, by the registry. */
export function tallyImportTypes(): VoucherType[] {
  return voucherTypesWhere((definition) => definition.tallyVoucherType !== undefined);
}

/** The type a voucher that fits no other shape is saved as: the journal family's own. */
export function journalVoucherType(): VoucherType {
  const [type] = voucherTypesWhere(
    (definition) => definition.family === "journal" && definition.tallyVoucherType !== undefined,
  );
  if (!type) throw new Error("No journal type takes Tally vouchers.");
  return type;
}
