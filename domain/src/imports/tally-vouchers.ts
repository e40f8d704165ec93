import { percentToBasisPoints } from "../gst/rates/basis-points.ts";
import { GST_RATES } from "../gst/rates/index.ts";
import { divideRoundingHalfAwayFromZero } from "../money/decimal.ts";
import { roundDecimalTo, roundRupeesToPaise } from "../money/external-figures.ts";
import { applyPercent } from "../money/paise-arithmetic.ts";
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

/**
 * Tally's own voucher types that carry no books (orders, notes of goods, stock journals,
 * memoranda): a user type whose parent is not in the file is never guessed to be one of Bahi's
 * when its name says it is one of these.
 */
const NOT_BOOKS =
  /\b(order|delivery note|receipt note|stock journal|memorandum|memo|physical stock|rejections?|attendance|payroll|reversing|material)\b/i;

/** The shape of a voucher whose type the file does not explain (no VOUCHERTYPE master). */
export interface TallyVoucherShape {
  /** The nature of the party ledger in Bahi (Debtors, Creditors …), or null. */
  partyNature: string | null;
  /** The party ledger is debited. */
  partyDebited: boolean;
  /** It has stock-item lines, or credits or debits a Sales or Purchases ledger. */
  trades: "sales" | "purchases" | null;
  /** Of its ledger lines, how many are cash or bank, debited and credited, and how many others. */
  cashBankDebits: number;
  cashBankCredits: number;
  otherLines: number;
}

/**
 * The Tally type a voucher of a renamed type (GST Sale Invoice, whose parent is Sales) is taken
 * to be when the file has no master for its type: by what it does, as Tally's own type would.
 * A sale or purchase (or the note reversing one) by its trade side and the party's side; money
 * in or out of cash or bank; a contra between them; else a journal. Null for a name that says it
 * is an order, a note of goods or another type that carries no books.
 */
export function tallyTypeByShape(typeName: string, shape: TallyVoucherShape): string | null {
  if (NOT_BOOKS.test(typeName)) return null;
  if (shape.trades === "sales") return shape.partyDebited ? "sales" : "credit note";
  if (shape.trades === "purchases") return shape.partyDebited ? "debit note" : "purchase";
  if (shape.otherLines === 0 && shape.cashBankDebits > 0 && shape.cashBankCredits > 0)
    return "contra";
  if (shape.cashBankDebits > 0 && shape.cashBankCredits === 0) return "receipt";
  if (shape.cashBankCredits > 0 && shape.cashBankDebits === 0) return "payment";
  return "journal";
}

/** Tally Prime's GST duty heads (a tax ledger's GSTDUTYHEAD, an item's GSTRATEDUTYHEAD). */
export function tallyDutyHead(dutyHead: string): TallyTaxHead | null {
  const head = dutyHead.toLowerCase();
  if (/integrated|\bigst\b/.test(head)) return "igst";
  if (/central|\bcgst\b/.test(head)) return "cgst";
  if (/state|\b(sgst|utgst)\b|union territory/.test(head)) return "sgst";
  if (/cess/.test(head)) return "cess";
  return null;
}

/** A GST ledger's head by its name ("Output CGST @9%", "SGST/UTGST", "IGST Payable"), or null. */
export function tallyTaxHeadOf(
  ledgerName: string,
  masterHeads: ReadonlyMap<string, TallyTaxHead> = new Map(),
): TallyTaxHead | null {
  // The ledger master's GSTDUTYHEAD ("Integrated Tax") wins over its name.
  const fromMaster = masterHeads.get(ledgerName.trim().toLowerCase());
  if (fromMaster) return fromMaster;
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

/**
 * The GST rate nearest to tax ÷ taxable (both in paise); 0 when there is no taxable value.
 * Compared in integers: |rate in hundredths × taxable − tax × 10,000|.
 */
export function nearestGstRate(taxPaise: number, taxablePaise: number): number {
  if (taxablePaise <= 0 || taxPaise <= 0) return 0;
  const tax = BigInt(taxPaise) * 10_000n;
  const distance = (code: number) => {
    const difference = BigInt(percentToBasisPoints(code, 100) ?? 0) * BigInt(taxablePaise) - tax;
    return difference < 0n ? -difference : difference;
  };
  let best = 0;
  for (const { code } of GST_RATES) {
    if (code >= 0 && distance(code) < distance(best)) best = code;
  }
  return best;
}

/** "100.00/Nos" → 10000 paise, "1.005/Nos" → 101 (read exactly, half up); "" → 0. */
export function readTallyRate(text: string | undefined): number {
  const match = /-?\d[\d,]*(\.\d+)?/.exec(text ?? "");
  return match ? Math.abs(roundRupeesToPaise(match[0].replace(/,/g, ""))) : 0;
}

/** A rate's text ("9", "-0.125") as whole millionths of a percent, read exactly; null if none. */
function rateMillionths(text: string | undefined): number | null {
  const number = /-?\d+(\.\d+)?/.exec(text ?? "")?.[0];
  if (number === undefined || number.replace(/\D/g, "").length > 12) return null;
  return Math.abs(roundDecimalTo(number, 6));
}

/** Millionths of a percent as the percent, rounded half up to 2 decimals (4_999_000 → 5). */
const percentOf = (millionths: number) =>
  Number(divideRoundingHalfAwayFromZero(BigInt(millionths), 10_000n)) / 100;

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
  byShape: (type: string, as: string) =>
    `The file does not say what "${type}" is; imported as a ${as} by its ledgers.`,
  sezParty:
    "Tally marks it a supply from or to an SEZ unit, which is inter-state (IGST): make the party's GST registration type SEZ in Bahi",
  heldBack: (what: string) =>
    `Held back for review, not saved: ${what}. Enter it by hand, or correct the ledgers and import again.`,
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

/** The combined rates a Tally tax ledger or item line may carry (0.25 and 1.5 for stones, metals). */
const TALLY_RATES = new Set([
  ...GST_RATES.map((rate) => rate.code).filter((code) => code >= 0),
  0.25,
  1.5,
]);

/**
 * The combined GST rate a tax ledger stands for, by the head and the rate Tally gives it (its
 * RATEOFINVOICETAX, else a "… @ 9%" in its name): CGST or SGST at 9 % is 18 %, IGST at 18 % is
 * 18 %. Null when it names no rate, or one GST does not have.
 */
export function tallyTaxLedgerRate(
  head: TallyTaxHead,
  ledgerName: string,
  rateOfInvoiceTax = "",
): number | null {
  if (head === "cess") return null;
  const stated = /-?\d+(\.\d+)?/.exec(rateOfInvoiceTax)?.[0];
  const named = /(\d+(?:\.\d+)?)\s*%/.exec(ledgerName)?.[1];
  const rate = rateMillionths(stated ?? named);
  if (rate === null || rate === 0) return null;
  const combined = percentOf(head === "igst" ? rate : rate * 2);
  return TALLY_RATES.has(combined) ? combined : null;
}

/** An item line's own combined rate from its RATEDETAILS (IGST, else CGST + SGST/UTGST), or null. */
export function tallyLineRate(details: readonly { head: string; rate: string }[]): number | null {
  // In millionths of a percent, so that CGST + SGST is added in integers.
  const rateOf = (pattern: RegExp) => {
    const found = details.find((detail) => pattern.test(detail.head.toLowerCase()));
    return found ? rateMillionths(found.rate) : null;
  };
  const igst = rateOf(/\bigst\b|integrated/);
  const cgst = rateOf(/\bcgst\b|central/);
  const sgst = rateOf(/\b(sgst|utgst)\b|state/);
  const combined =
    igst !== null && igst > 0 ? igst : cgst !== null && sgst !== null ? cgst + sgst : igst;
  if (combined === null) return null;
  const rate = percentOf(combined);
  return rate === 0 || TALLY_RATES.has(rate) ? rate : null;
}

/**
 * A line's own rate: 0 when Tally marks it exempt, nil-rated or outside GST (its GSTOVRDNNATURE,
 * "Purchase Exempt", "Sales Nil Rated"), else its RATEDETAILS' (tallyLineRate), or null.
 */
export function tallyOwnLineRate(
  details: readonly { head: string; rate: string }[],
  nature: string,
): number | null {
  if (/exempt|nil\s*rated|non[\s-]*gst/i.test(nature)) return 0;
  return tallyLineRate(details);
}

export interface TallyRateLine {
  taxablePaise: number;
  /** The rate the file gives the line itself (RATEDETAILS). */
  ownRate?: number | null;
  /** The rate Bahi's item has, tried first. */
  preferredRate?: number | null;
}

/**
 * Each line's GST rate in a voucher whose tax ledgers carry rates (decision 074). `taxByRate` is
 * the tax the file books at each combined rate (CGST + SGST, or IGST). Lines with their own rate
 * keep it; the others are placed so that every rate's taxable value × rate is the tax the file
 * books at it, give or take a paisa a line (Tally and Bahi round each line); a line no rate can
 * take is at 0 %. Null when no placement fits: the caller then takes one rate for the voucher.
 */
export function placeTallyGstRates(
  lines: readonly TallyRateLine[],
  taxByRate: ReadonlyMap<number, number>,
): number[] | null {
  const rates = [...taxByRate.keys()].filter((rate) => rate > 0);
  const assigned: (number | null)[] = lines.map((line) => line.ownRate ?? null);
  const taxOf = (rate: number, taxable: number) => applyPercent(taxable, rate);
  const booked = new Map<number, number>(rates.map((rate) => [rate, 0]));
  const count = new Map<number, number>(rates.map((rate) => [rate, 0]));
  for (const [index, rate] of assigned.entries()) {
    if (rate === null || rate === 0) continue;
    booked.set(rate, (booked.get(rate) ?? 0) + (lines[index]?.taxablePaise ?? 0));
    count.set(rate, (count.get(rate) ?? 0) + 1);
  }
  const open = assigned.flatMap((rate, index) => (rate === null ? [index] : []));
  // Largest first, so that the capacity check prunes early.
  open.sort((a, b) => (lines[b]?.taxablePaise ?? 0) - (lines[a]?.taxablePaise ?? 0));
  const fits = (rate: number, final: boolean) => {
    const target = taxByRate.get(rate) ?? 0;
    const have = taxOf(rate, booked.get(rate) ?? 0);
    const slack = (count.get(rate) ?? 0) + 1;
    return final ? Math.abs(have - target) <= slack : have <= target + slack;
  };
  let budget = 50_000;
  const search = (position: number): boolean => {
    budget -= 1;
    if (budget < 0) return false;
    if (position === open.length) return rates.every((rate) => fits(rate, true));
    const index = open[position] as number;
    const line = lines[index] as TallyRateLine;
    const order = [
      ...(line.preferredRate !== undefined &&
      line.preferredRate !== null &&
      rates.includes(line.preferredRate)
        ? [line.preferredRate]
        : []),
      ...rates.filter((rate) => rate !== line.preferredRate),
      0,
    ];
    for (const rate of order) {
      if (rate > 0) {
        booked.set(rate, (booked.get(rate) ?? 0) + line.taxablePaise);
        count.set(rate, (count.get(rate) ?? 0) + 1);
      }
      assigned[index] = rate;
      if ((rate === 0 || fits(rate, false)) && search(position + 1)) return true;
      if (rate > 0) {
        booked.set(rate, (booked.get(rate) ?? 0) - line.taxablePaise);
        count.set(rate, (count.get(rate) ?? 0) - 1);
      }
      assigned[index] = null;
    }
    return false;
  };
  return search(0) ? assigned.map((rate) => rate ?? 0) : null;
}
