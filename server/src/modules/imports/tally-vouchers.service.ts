import {
  amountForQuantity,
  applyPercent,
  bahiTypeOfTallyVoucher,
  booksDateProblem,
  financialYearOf,
  getVoucherDefinition,
  isBillableType,
  isBooksDate,
  isCashOrBankNature,
  isNoteType,
  isTallyRoundOffLedger,
  isValidCivilDate,
  journalVoucherType,
  milliToQuantity,
  nearestGstRate,
  type PartySide,
  type PreparedVoucher,
  paiseToRupees,
  placeTallyGstRates,
  rateCoveringAmount,
  readTallyOpening,
  rupeesToPaise,
  STATES,
  storedRupeesToPaise,
  TALLY_VOUCHER_MESSAGES,
  type TallyRateLine,
  type TallyTaxHead,
  tallyDutyHead,
  tallyImportTypes,
  tallyTaxHeadOf,
  tallyTaxLedgerRate,
  tallyTypeByShape,
  type VoucherType,
} from "@bahi/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { listAccounts } from "../accounts/accounts.queries.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { listItems } from "../items/items.service.ts";
import { readTrialBalance } from "../ledger/ledger.service.ts";
import type { NewEntry, VoucherDeps } from "../vouchers/vouchers.service.ts";
import * as repo from "./bank-import.repository.ts";
import { letOthersIn, SaveSlice, SliceClock, threadHoldClock } from "./import-progress.ts";
import { nameOf, parseTallyMasters, type TallyNodes, text } from "./tally-import.service.ts";
import {
  readTallyVoucher,
  type TallyLedgerLine,
  type TallyVoucher,
} from "./tally-voucher-reader.ts";
import { saveImportedVouchers } from "./voucher-batches.ts";

// POST /import/tally with a day book (issue 23; shared/returns-reference.md §7.3): each Tally
// voucher of a type the registry names (`tallyVoucherType`) becomes that Bahi type through the
// voucher engine's batch path; a voucher whose entries do not fit its type's shape becomes a
// journal with the same entries, and the report says so. Afterwards the file's trial balance
// (openings and these vouchers) is compared with Bahi's, ledger by ledger (decision 072).

type Account = { id: string; nature: string; systemKey: string | null; openingPaise: number };

/** What a voucher becomes: the entry to save, and which Bahi account each of its ledgers reaches. */
interface Plan {
  voucher: TallyVoucher;
  type: VoucherType;
  payload: Record<string, unknown> & { organisationId: string };
  links: [string, string][];
  note?: string;
  /**
   * Bill-wise allocations still to be resolved to the invoices' ids: where they go, and whether
   * they raise the bill (a debit note to a customer) rather than settle it.
   */
  bills: {
    party: string;
    name: string;
    paise: number;
    target: "entries" | "document";
    raises?: boolean;
  }[];
  /** The bills this invoice opens (New Ref), or its number. */
  opens: string[];
  /**
   * What the file books to the party and to each tax account (paise, debit positive), and the
   * paise either way Bahi's rounding may differ by: a document whose tax, as the engine computes
   * it, does not agree is held back for review rather than saved as booked.
   */
  expected?: { postings: Map<string, number>; taxSlack: number; partySlack: number };
}

type Refusal = { voucher: string; reason: string };

const describeVoucher = (voucher: TallyVoucher) =>
  `${voucher.typeName} ${voucher.number || "(no number)"} of ${voucher.date || "no date"}`;

const amount = (paise: number) => paiseToRupees(Math.abs(paise));

const TAX_KEYS: Record<"output" | "input", Record<TallyTaxHead, string>> = {
  output: { cgst: "outputCgst", sgst: "outputSgst", igst: "outputIgst", cess: "outputCess" },
  input: { cgst: "inputCgst", sgst: "inputSgst", igst: "inputIgst", cess: "inputCess" },
};

interface Books {
  organisationId: string;
  accounts: Map<string, Account>;
  system: Map<string, string>;
  items: Map<string, { id: string; gstRate: number }>;
  /** The organisation charges GST (registered, regular): else tax ledgers are plain accounts. */
  gst: boolean;
  /** Tax ledgers' heads by their masters' GSTDUTYHEAD, by lower-cased name. */
  taxHeads: Map<string, TallyTaxHead>;
  /** Ledgers whose masters give a tax type other than GST: never tax ledgers by their names. */
  notTax: Set<string>;
}

/** Tally's number of a voucher saved without it, in its narration: "Tally Payment No. 7". */
const tallyNumberNote = (voucher: TallyVoucher) =>
  voucher.number ? `Tally ${voucher.typeName} No. ${voucher.number}` : "";

/**
 * A journal with the voucher's entries. A Tally journal keeps its number (`keepNumber`); a
 * voucher of another type made a journal takes Bahi's next one, and Tally's type and number go
 * in its narration.
 */
function journalOf(
  voucher: TallyVoucher,
  books: Books,
  base: Record<string, unknown> & { organisationId: string },
  keepNumber: boolean,
) {
  const links: [string, string][] = [];
  const number = keepNumber ? voucher.number.slice(0, 50) : "";
  const narration = [voucher.narration, keepNumber ? "" : tallyNumberNote(voucher)]
    .filter(Boolean)
    .join(" · ")
    .slice(0, 1000);
  const entries = voucher.ledgers.map((line) => {
    const account = books.accounts.get(line.ledger.toLowerCase()) as Account;
    links.push([line.ledger, account.id]);
    return {
      accountId: account.id,
      debitAmount: line.paise > 0 ? amount(line.paise) : 0,
      creditAmount: line.paise < 0 ? amount(line.paise) : 0,
    };
  });
  return {
    payload: {
      ...base,
      ...(number ? { voucherNumber: number } : {}),
      ...(narration ? { narration } : {}),
      entries,
    },
    links,
  };
}

/** The natures a discount ledger on the party's side can have (income and expenses). */
const DISCOUNT_NATURES: ReadonlySet<string> = new Set([
  "Direct Expense",
  "Direct Income",
  "Indirect Expense",
  "Indirect Income",
  "Sales",
  "Purchases",
]);

/** A document voucher's payload, or the reason it must be a journal. */
function documentOf(
  type: VoucherType,
  voucher: TallyVoucher,
  books: Books,
  base: Record<string, unknown> & { organisationId: string },
): Omit<Plan, "voucher" | "type"> | string {
  const definition = getVoucherDefinition(type);
  const customer = definition.partySide === "customer";
  // The customer is debited by what adds to sales (an invoice, a debit note to a customer) and
  // credited by a credit note; the supplier the other way round (the registry's tradeSign).
  const partyDebit = customer === (definition.tradeSign ?? 1) > 0;
  const partyLines = voucher.ledgers.filter(
    (line) => line.ledger.toLowerCase() === voucher.party.toLowerCase(),
  );
  const party = partyLines[0];
  if (!party || partyLines.length > 1) return "the party has not exactly one ledger line";
  if (party.paise > 0 !== partyDebit) return "the party is on the other side";
  const side = partyDebit ? -1 : 1;
  const links: [string, string][] = [];
  const partyAccount = books.accounts.get(party.ledger.toLowerCase()) as Account;
  links.push([party.ledger, partyAccount.id]);
  let taxPaise = 0;
  /** The tax booked at each combined rate, where every tax ledger names its rate. */
  const taxByRate = new Map<number, number>();
  let everyTaxRated = true;
  let roundOff = false;
  const accountIds: string[] = [];
  const accountPaise: number[] = [];
  const accountRates: (number | null)[] = [];
  /** Lines on the party's side that are not tax: a discount ledger, taken off the lines' value. */
  let allowance = 0;
  const taxKeys = TAX_KEYS[customer ? "output" : "input"];
  const expected = new Map<string, number>(
    books.gst
      ? Object.values(taxKeys).flatMap((key) => {
          const id = books.system.get(key);
          return id ? [[id, 0] as [string, number]] : [];
        })
      : [],
  );
  expected.set(partyAccount.id, party.paise);
  for (const line of voucher.ledgers) {
    if (line === party) continue;
    // Without GST in Bahi, a tax ledger is an account like any other (its tax stays on the bill).
    const head = line.carriesItems ? null : taxHeadOf(line.ledger, books);
    if (head) {
      if (Math.sign(line.paise) !== side) return "a tax line is on the party's side";
      taxPaise += Math.abs(line.paise);
      const taxAccount = books.system.get(taxKeys[head]) ?? "";
      if (taxAccount) expected.set(taxAccount, (expected.get(taxAccount) ?? 0) + line.paise);
      const rate = tallyTaxLedgerRate(head, line.ledger, line.rateOfInvoiceTax);
      if (rate !== null) taxByRate.set(rate, (taxByRate.get(rate) ?? 0) + Math.abs(line.paise));
      else if (head !== "cess") everyTaxRated = false;
      links.push([line.ledger, taxAccount]);
      continue;
    }
    if (isTallyRoundOffLedger(line.ledger)) {
      roundOff = true;
      links.push([line.ledger, books.system.get("roundOff") ?? ""]);
      continue;
    }
    if (Math.sign(line.paise) !== side) {
      if (line.carriesItems) return `${line.ledger} is on the party's side`;
      // Only an income or expense ledger is a discount; a liability there (TDS deducted from
      // a job worker's bill) is not, and the voucher keeps its lines as a journal.
      const nature = books.accounts.get(line.ledger.toLowerCase())?.nature ?? "";
      if (!DISCOUNT_NATURES.has(nature)) return `${line.ledger} is on the party's side`;
      // A discount ledger: Bahi keeps it as a discount on the lines, within the sales or
      // purchases it reduces (the trial-balance check compares them together).
      allowance += Math.abs(line.paise);
      links.push([line.ledger, books.system.get(customer ? "sales" : "purchases") ?? ""]);
      continue;
    }
    if (line.carriesItems) {
      links.push([line.ledger, books.system.get(customer ? "sales" : "purchases") ?? ""]);
      continue;
    }
    const account = books.accounts.get(line.ledger.toLowerCase()) as Account;
    links.push([line.ledger, account.id]);
    accountIds.push(account.id);
    accountPaise.push(Math.abs(line.paise));
    accountRates.push(line.gstRate);
  }
  if (voucher.items.length === 0 && accountPaise.length === 0)
    return "it has no item or account lines";
  const gross = [...voucher.items.map((item) => item.amountPaise), ...accountPaise];
  const net = spreadAllowance(gross, allowance);
  if (!net) return "its discount is more than its lines";
  const taxable = net.reduce((sum, paise) => sum + paise, 0);
  const netItems = net.slice(0, voucher.items.length);
  const netAccounts = net.slice(voucher.items.length);
  const rates = lineRates(voucher, books, netItems, netAccounts, accountRates, {
    taxPaise,
    taxable,
    taxByRate,
    everyTaxRated,
  });
  const itemDetails = voucher.items.map((item, index) => {
    // quantity × rate by money's amountForQuantity, the same half-up-once the voucher is saved with.
    const quantityMilli = item.quantityMilli > 0 ? item.quantityMilli : 1000;
    let ratePaise =
      item.ratePaise > 0 ? item.ratePaise : rateCoveringAmount(item.amountPaise, quantityMilli);
    if (amountForQuantity(quantityMilli, ratePaise) < item.amountPaise)
      ratePaise = rateCoveringAmount(item.amountPaise, quantityMilli);
    const grossPaise = amountForQuantity(quantityMilli, ratePaise);
    const netPaise = netItems[index] ?? item.amountPaise;
    return {
      itemId: books.items.get(item.item.toLowerCase())?.id ?? "",
      quantity: milliToQuantity(quantityMilli),
      rate: paiseToRupees(ratePaise),
      discountType: "amount",
      discount: paiseToRupees(grossPaise - netPaise),
      gstRate: rates[index] ?? 0,
      amount: paiseToRupees(netPaise),
    };
  });
  const state = STATES.find(
    (candidate) => candidate.name.toLowerCase() === voucher.placeOfSupply.toLowerCase(),
  );
  const opens = isBillableType(type)
    ? [
        ...new Set([
          ...party.bills.filter((bill) => bill.kind === "new ref").map((bill) => bill.name),
          voucher.number,
        ]),
      ].filter(Boolean)
    : [];
  return {
    payload: {
      ...base,
      ...(voucher.number ? { invoiceNumber: voucher.number.slice(0, 50) } : {}),
      cashOrDebtorAccountId: partyAccount.id,
      ...(state ? { pos: state.code } : {}),
      roundOff,
      itemDetails,
      accountDetails: accountIds.map((accountId, index) => ({
        accountId,
        amount: paiseToRupees(netAccounts[index] ?? 0),
        gstRate: rates[voucher.items.length + index] ?? 0,
      })),
    },
    links,
    expected: {
      postings: expected,
      // Bahi rounds each line's tax (and each head of it): a paisa a line and head either way.
      taxSlack: 2 * net.length,
      // A round-off line in the file is Bahi's own round-off (within a rupee).
      partySlack: 2 * net.length + (roundOff ? 100 : 0),
    },
    bills: isNoteType(type)
      ? party.bills
          .filter((bill) => bill.kind === "agst ref")
          .map((bill) => ({
            party: party.ledger,
            name: bill.name,
            paise: Math.abs(bill.paise),
            target: "document" as const,
            raises: definition.raisesBills === true,
          }))
      : [],
    opens,
  };
}

/**
 * Lines' values less a discount spread over them in proportion (integer paise, largest
 * remainders first); null when the discount is more than the lines.
 */
export function spreadAllowance(gross: readonly number[], allowance: number): number[] | null {
  const total = gross.reduce((sum, paise) => sum + paise, 0);
  if (allowance === 0) return [...gross];
  if (allowance > total || total <= 0) return null;
  const shares = gross.map((paise, index) => {
    const exact = BigInt(paise) * BigInt(allowance);
    return {
      index,
      share: Number(exact / BigInt(total)),
      remainder: exact % BigInt(total),
    };
  });
  let left = allowance - shares.reduce((sum, line) => sum + line.share, 0);
  for (const line of [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  )) {
    if (left <= 0) break;
    line.share += 1;
    left -= 1;
  }
  return gross.map((paise, index) => paise - (shares[index]?.share ?? 0));
}

/**
 * The GST rate of each item line, then each account line (decision 074). Tally books a voucher of
 * mixed rates with a tax ledger per rate ("Output CGST @ 2.5%", "… @ 9%", or RATEOFINVOICETAX)
 * and, in newer exports, each item line's RATEDETAILS. A line's own rate is kept; the others are
 * placed so that the tax at each rate is what the file books at it (Bahi's item rate tried
 * first). Without rated tax ledgers, or when nothing fits, the one rate that tax ÷ taxable is
 * nearest to, as before: the trial-balance check then shows any difference.
 */
function lineRates(
  voucher: TallyVoucher,
  books: Books,
  itemPaise: readonly number[],
  accountPaise: readonly number[],
  accountRates: readonly (number | null)[],
  tax: {
    taxPaise: number;
    taxable: number;
    taxByRate: Map<number, number>;
    everyTaxRated: boolean;
  },
): number[] {
  const lines: TallyRateLine[] = [
    ...voucher.items.map((item, index) => {
      const known = books.items.get(item.item.toLowerCase())?.gstRate;
      return {
        taxablePaise: itemPaise[index] ?? item.amountPaise,
        ownRate: item.gstRate,
        preferredRate: known !== undefined && known >= 0 ? known : null,
      };
    }),
    ...accountPaise.map((paise, index) => ({
      taxablePaise: paise,
      ownRate: accountRates[index] ?? null,
    })),
  ];
  if (tax.everyTaxRated && tax.taxByRate.size > 0) {
    const placed = placeTallyGstRates(lines, tax.taxByRate);
    if (placed) return placed;
  }
  // One tax ledger for all rates: the lines' own (or Bahi's item) rates, if they give its tax. An
  // account line that names no rate (freight, "Other Charges") is then untaxed: a real export's
  // ₹10 of other charges beside a ₹24 item at 12 % books ₹2.88, not 5 % of ₹34 (issue 36).
  const own = lines.map((line, index) =>
    index < voucher.items.length
      ? (line.ownRate ?? line.preferredRate ?? null)
      : (line.ownRate ?? 0),
  );
  if (own.every((rate) => rate !== null)) {
    const implied = lines.reduce(
      (sum, line, index) => sum + applyPercent(line.taxablePaise, own[index] ?? 0),
      0,
    );
    if (Math.abs(implied - tax.taxPaise) <= lines.length + 1) return own as number[];
  }
  const single = nearestGstRate(tax.taxPaise, tax.taxable);
  return lines.map(() => single);
}

/** A receipt, payment or contra in its own shape, or the reason it must be a journal. */
function settlementOf(
  type: VoucherType,
  voucher: TallyVoucher,
  books: Books,
  base: Record<string, unknown> & { organisationId: string },
): Omit<Plan, "voucher" | "type"> | string {
  const role = getVoucherDefinition(type).bankStatementLine;
  const accountOf = (line: TallyLedgerLine) =>
    books.accounts.get(line.ledger.toLowerCase()) as Account;
  const debits = voucher.ledgers.filter((line) => line.paise > 0);
  const credits = voucher.ledgers.filter((line) => line.paise < 0);
  const links: [string, string][] = voucher.ledgers.map((line) => [
    line.ledger,
    accountOf(line).id,
  ]);
  if (role === "transfer") {
    const [to] = debits;
    const [from] = credits;
    if (debits.length !== 1 || credits.length !== 1 || !to || !from)
      return "a contra moves money between exactly two accounts";
    if (!isCashOrBankNature(accountOf(to).nature) || !isCashOrBankNature(accountOf(from).nature))
      return "a contra is between cash and bank accounts";
    return {
      payload: {
        ...base,
        paidAccountId: accountOf(from).id,
        paidAmount: amount(from.paise),
        receivedAccountId: accountOf(to).id,
        receivedAmount: amount(to.paise),
      },
      links,
      bills: [],
      opens: [],
    };
  }
  const moneyIn = role === "moneyIn";
  const [cashBank, ...more] = moneyIn ? debits : credits;
  const others = moneyIn ? credits : debits;
  if (!cashBank || more.length > 0) return "it has not exactly one cash or bank line";
  if (!isCashOrBankNature(accountOf(cashBank).nature))
    return `${cashBank.ledger} is not a cash or bank account`;
  if (others.length === 0) return "it has no account lines";
  const bills: Plan["bills"] = [];
  const entries = others.map((line, index) => {
    for (const bill of line.bills) {
      if (bill.kind === "agst ref")
        bills.push({
          party: line.ledger,
          name: bill.name,
          paise: Math.abs(bill.paise),
          target: "entries",
        });
    }
    return { accountId: accountOf(line).id, amount: amount(line.paise), index };
  });
  return {
    payload: {
      ...base,
      ...(moneyIn
        ? { receivedAccountId: accountOf(cashBank).id, receivedAmount: amount(cashBank.paise) }
        : { paidAccountId: accountOf(cashBank).id, paidAmount: amount(cashBank.paise) }),
      entries: entries.map(({ index: _index, ...entry }) => ({ ...entry, billWiseEntries: [] })),
    },
    links,
    bills,
    opens: [],
  };
}

function planVoucher(voucher: TallyVoucher, type: VoucherType, books: Books): Plan | Refusal {
  const refuse = (reason: string) => ({ voucher: describeVoucher(voucher), reason });
  if (!voucher.date) return refuse(TALLY_VOUCHER_MESSAGES.noDate);
  if (!isValidCivilDate(voucher.date)) return refuse(TALLY_VOUCHER_MESSAGES.badDate(voucher.date));
  // A voucher dated outside the books' years could not be saved, nor its year's books read (issue 26).
  const outside = booksDateProblem(voucher.date);
  if (outside) return refuse(outside);
  const sum = voucher.ledgers.reduce((total, line) => total + line.paise, 0);
  if (sum !== 0 || voucher.ledgers.length < 2) return refuse(TALLY_VOUCHER_MESSAGES.unbalanced);
  const definition = getVoucherDefinition(type);
  const document = definition.family === "document";
  for (const line of voucher.ledgers) {
    if (
      document &&
      (line.carriesItems || taxHeadOf(line.ledger, books) || isTallyRoundOffLedger(line.ledger)) &&
      !books.accounts.has(line.ledger.toLowerCase())
    )
      continue;
    if (!books.accounts.has(line.ledger.toLowerCase()))
      return refuse(TALLY_VOUCHER_MESSAGES.noLedger(line.ledger));
  }
  for (const item of voucher.items) {
    if (document && !books.items.has(item.item.toLowerCase()))
      return refuse(TALLY_VOUCHER_MESSAGES.noItem(item.item));
  }
  const base = {
    organisationId: books.organisationId,
    year: financialYearOf(voucher.date),
    date: voucher.date,
    ...(voucher.narration ? { narration: voucher.narration.slice(0, 1000) } : {}),
  };
  if (document && !voucher.party) return refuse(TALLY_VOUCHER_MESSAGES.noParty);
  const shaped =
    definition.family === "journal"
      ? { ...journalOf(voucher, books, base, true), bills: [], opens: [] }
      : document
        ? documentOf(type, voucher, books, base)
        : settlementOf(type, voucher, books, base);
  if (typeof shaped !== "string") return { voucher, type, ...shaped };
  // The entries as they are, in a journal: the books agree with the file either way.
  const missing = voucher.ledgers.find((line) => !books.accounts.has(line.ledger.toLowerCase()));
  if (missing) return refuse(TALLY_VOUCHER_MESSAGES.noLedger(missing.ledger));
  return {
    voucher,
    type: journalVoucherType(),
    ...journalOf(voucher, books, base, false),
    bills: [],
    opens: [],
    note: TALLY_VOUCHER_MESSAGES.asJournal(definition.titles.singular.toLowerCase(), shaped),
  };
}

export interface TallyVouchersResult {
  preview: boolean;
  vouchers: number;
  toCreate: Record<string, number>;
  alreadyImported: number;
  notImported: Refusal[];
  asJournals: Refusal[];
  /** Vouchers of a type the file does not explain, imported by what their ledgers do. */
  typedByShape: Refusal[];
  /** Documents whose tax, as Bahi computes it, does not agree with the file: not saved. */
  heldBack?: Refusal[];
  imported?: number;
  failed?: Refusal[];
  trialBalance?: TrialBalanceCheck;
}

interface TrialBalanceCheck {
  compared: number;
  agrees: boolean;
  differences: { ledgers: string[]; accounts: string[]; file: number; bahi: number }[];
  message: string;
}

/**
 * The voucher's party side, where one Tally type becomes two Bahi types (decision 067): a debtor
 * whose voucher credits sales (an item line, or a ledger of nature Sales) is a customer; a
 * creditor a supplier; otherwise none (the Tally type's own meaning).
 */
function partySideOf(voucher: TallyVoucher, books: Books): PartySide | null {
  const party = voucher.party.toLowerCase();
  const nature = books.accounts.get(party)?.nature;
  if (nature === "Creditors") return "supplier";
  if (nature !== "Debtors") return null;
  const creditsSales = voucher.ledgers.some((line) => {
    if (line.paise >= 0 || line.ledger.toLowerCase() === party) return false;
    const account = books.accounts.get(line.ledger.toLowerCase());
    return account ? account.nature === "Sales" : line.carriesItems;
  });
  return creditsSales ? "customer" : null;
}

/** What a voucher of a type the file does not explain does, for tallyTypeByShape. */
function shapeOf(voucher: TallyVoucher, books: Books) {
  const party = voucher.party.toLowerCase();
  const partyNature = books.accounts.get(party)?.nature ?? null;
  const partyLine = voucher.ledgers.find((line) => line.ledger.toLowerCase() === party);
  let trades: "sales" | "purchases" | null = null;
  let cashBankDebits = 0;
  let cashBankCredits = 0;
  let otherLines = 0;
  for (const line of voucher.ledgers) {
    const nature = books.accounts.get(line.ledger.toLowerCase())?.nature;
    if (nature === "Sales") trades ??= "sales";
    else if (nature === "Purchases") trades ??= "purchases";
    else if (line.carriesItems && trades === null)
      trades =
        partyNature === "Creditors"
          ? "purchases"
          : partyNature === "Debtors"
            ? "sales"
            : line.paise < 0
              ? "sales"
              : "purchases";
    if (nature && isCashOrBankNature(nature)) {
      if (line.paise > 0) cashBankDebits += 1;
      else cashBankCredits += 1;
    } else otherLines += 1;
  }
  if (trades === null && voucher.items.length > 0 && partyNature)
    trades = partyNature === "Creditors" ? "purchases" : "sales";
  return {
    partyNature,
    partyDebited: (partyLine?.paise ?? 0) > 0,
    trades,
    cashBankDebits,
    cashBankCredits,
    otherLines,
  };
}

/** What the masters in the same file say: voucher types' parents, openings, tax heads. */
function readFileMasters(found: TallyNodes) {
  const userTypes = new Map<string, string>();
  for (const node of found.get("VOUCHERTYPE") ?? []) {
    const name = nameOf(node);
    if (name && !userTypes.has(name.toLowerCase()))
      userTypes.set(name.toLowerCase(), text(node.PARENT));
  }
  const ledgerOpenings = new Map<string, number>();
  const taxHeads = new Map<string, TallyTaxHead>();
  const notTax = new Set<string>();
  for (const node of found.get("LEDGER") ?? []) {
    const name = nameOf(node).toLowerCase();
    if (!name) continue;
    if (!ledgerOpenings.has(name))
      ledgerOpenings.set(name, readTallyOpening(text(node.OPENINGBALANCE)));
    // Tally Prime: <TAXTYPE>GST</TAXTYPE><GSTDUTYHEAD>Integrated Tax</GSTDUTYHEAD>.
    const head = tallyDutyHead(text(node.GSTDUTYHEAD));
    const taxType = text(node.TAXTYPE).toLowerCase();
    if (head && !taxHeads.has(name) && (taxType === "" || taxType === "gst"))
      taxHeads.set(name, head);
    if (taxType !== "" && taxType !== "gst") notTax.add(name);
  }
  return { userTypes, ledgerOpenings, taxHeads, notTax };
}

/**
 * A preview runs before the masters of the same file are written: their ledgers and items count
 * as Bahi's, with the natures the masters import will give them.
 */
function withFileMasters(books: Books, found: TallyNodes): Books {
  const masters = parseTallyMasters(found);
  const accounts = new Map(books.accounts);
  for (const ledger of masters.ledgers) {
    const key = ledger.name.trim().toLowerCase();
    if (!ledger.nature || accounts.has(key)) continue;
    accounts.set(key, {
      id: `preview:${key}`,
      nature: ledger.nature,
      systemKey: null,
      openingPaise: ledger.openingPaise,
    });
  }
  const items = new Map(books.items);
  for (const item of masters.items) {
    const key = item.name.trim().toLowerCase();
    if (!items.has(key)) items.set(key, { id: `preview:${key}`, gstRate: -1 });
  }
  return { ...books, accounts, items };
}

/**
 * Why a document, as the engine computed it, is not what the file books: its tax by head (CGST
 * and SGST against IGST, or another amount) or its party's amount. Null when they agree.
 */
function disagreement(plan: Plan, prepared: PreparedVoucher, books: Books): string | null {
  if (!plan.expected) return null;
  const posted = new Map<string, number>();
  for (const posting of prepared.postings)
    posted.set(posting.accountId, (posted.get(posting.accountId) ?? 0) + posting.amountPaise);
  // The account's name, looked up only for a voucher that disagrees.
  const label = (id: string) =>
    [...books.accounts.entries()].find(([, account]) => account.id === id)?.[0] ?? id;
  const partyId = prepared.partyAccountId;
  for (const [id, file] of plan.expected.postings) {
    const bahi = posted.get(id) ?? 0;
    const slack = id === partyId ? plan.expected.partySlack : plan.expected.taxSlack;
    if (Math.abs(bahi - file) <= slack) continue;
    const differs = `the file books ${paiseToRupees(Math.abs(file))} to ${label(id)}, Bahi would book ${paiseToRupees(Math.abs(bahi))}`;
    return plan.voucher.sez ? `${differs}; ${TALLY_VOUCHER_MESSAGES.sezParty}` : differs;
  }
  return null;
}

/** The reader's batches where the file's nodes are read in place (no worker). */
export const TALLY_SAVE_BATCH = 25;

/** The file's vouchers a batch at a time: read in the worker where streamed, else from the nodes. */
async function* fileVouchers(
  found: TallyNodes,
  batches?: AsyncIterable<readonly TallyVoucher[]>,
): AsyncGenerator<readonly TallyVoucher[]> {
  if (batches) {
    yield* batches;
    return;
  }
  const nodes = found.get("VOUCHER") ?? [];
  for (let from = 0; from < nodes.length; from += TALLY_SAVE_BATCH)
    yield nodes.slice(from, from + TALLY_SAVE_BATCH).map(readTallyVoucher);
}

/** At most this many vouchers are listed under each heading of the report. */
const LISTED = 500;

/**
 * POST /import/tally with vouchers: preview, or save them and compare the trial balances. The
 * vouchers are planned and saved as they are read (issue 36): nothing holds them all. A receipt,
 * payment or note that settles a bill this file opens but has not yet saved waits until the end.
 */
export async function importTallyVouchers(
  deps: VoucherDeps,
  caller: Caller,
  organisationId: string,
  found: TallyNodes,
  preview: boolean,
  options: {
    onTotal?: (total: number) => void;
    onProgress?: (done: number) => void;
    /** The vouchers a batch at a time, read from the file in a worker (tally-stream.ts). */
    voucherBatches?: AsyncIterable<readonly TallyVoucher[]>;
    /** How many vouchers the file has, where known before they are read. */
    total?: number;
  } = {},
): Promise<TallyVouchersResult> {
  await requireOrganisationAccess(deps.db, caller, organisationId, {
    kind: "rights",
    subjects: tallyImportTypes(),
    action: "add",
  });
  const { userTypes, ledgerOpenings, taxHeads, notTax } = readFileMasters(found);
  const loaded = await loadBooks(deps.db, caller, organisationId, taxHeads, notTax);
  const books = preview ? withFileMasters(loaded, found) : loaded;
  const notImported: Refusal[] = [];
  const typedByShape: Refusal[] = [];
  const asJournals: Refusal[] = [];
  const listed = (list: Refusal[], refusal: Refusal) => {
    if (list.length < LISTED) list.push(refusal);
  };
  const toCreate: Record<string, number> = {};
  const fileBalance = new FileTrialBalance();
  const seenKeys = new Set<string>();
  const numbers = new Set<string>();
  let read = 0;
  let alreadyImported = 0;

  const billIds = new Map<string, { id: string; pendingPaise: number }>();
  const failed: Refusal[] = [];
  const heldBack: Refusal[] = [];
  let imported = 0;
  /** Planned, to be saved in file order; the bills they open. */
  let pending: Plan[] = [];
  let pendingOpens = new Set<string>();
  /** Settling bills this file opens after them: saved at the end. */
  const deferred: Plan[] = [];
  if (!preview) options.onTotal?.(options.total ?? found.get("VOUCHER")?.length ?? 0);
  const slice = new SaveSlice();
  const clock = new SliceClock();
  const threadTime = threadHoldClock(deps.db);
  /** Saved a transaction at a time, each as large as the slice allows; others go between. */
  const save = async (group: Plan[]): Promise<void> => {
    for (let from = 0; from < group.length; ) {
      const part = group.slice(from, from + slice.size);
      from += part.length;
      const started = threadTime();
      await saveTransaction(part);
      slice.measured(part.length, threadTime() - started);
      await letOthersIn();
      clock.restart();
    }
  };
  const saveTransaction = async (group: Plan[]): Promise<void> => {
    /** Journals whose Tally number Bahi already uses: saved again with Bahi's next number. */
    const renumber: Plan[] = [];
    imported += await saveImportedVouchers(
      deps,
      caller,
      organisationId,
      group.map((plan) => ({
        plan,
        fingerprint: plan.voucher.key,
        entry: () => ({
          type: plan.type,
          payload: resolveBills(plan, billIds) as NewEntry["payload"],
        }),
      })),
      {
        onSaved: ({ plan }, voucher) => {
          const party = plan.voucher.party.toLowerCase();
          const total = storedRupeesToPaise(Number(voucher.figures.totalAmount ?? 0));
          for (const name of plan.opens)
            billIds.set(`${party}|${name.toLowerCase()}`, {
              id: voucher.entryId,
              pendingPaise: total,
            });
        },
        onFailed: ({ plan }, reason) => {
          if (typeof plan.payload.voucherNumber === "string" && /already used/.test(reason))
            renumber.push(withoutTallyNumber(plan));
          else listed(failed, { voucher: describeVoucher(plan.voucher), reason });
        },
        hold: ({ plan }, prepared) => disagreement(plan, prepared, books),
        onHeld: ({ plan }, reason) =>
          listed(heldBack, {
            voucher: describeVoucher(plan.voucher),
            reason: TALLY_VOUCHER_MESSAGES.heldBack(reason),
          }),
      },
    );
    if (renumber.length > 0) await save(renumber);
  };
  const flush = async () => {
    if (pending.length === 0) return;
    const group = pending;
    pending = [];
    pendingOpens = new Set();
    await save(group);
    options.onProgress?.(read);
  };
  const billKey = (bill: Plan["bills"][number]) =>
    `${bill.party.toLowerCase()}|${bill.name.toLowerCase()}`;
  const queue = async (plan: Plan) => {
    const unopened = plan.bills.filter((bill) => !billIds.has(billKey(bill)));
    if (unopened.some((bill) => pendingOpens.has(billKey(bill)))) await flush();
    if (plan.bills.some((bill) => !billIds.has(billKey(bill)))) {
      // Its bill may be opened further on (or was opened before this import): it goes last.
      deferred.push(plan);
      return;
    }
    pending.push(plan);
    for (const name of plan.opens)
      pendingOpens.add(`${plan.voucher.party.toLowerCase()}|${name.toLowerCase()}`);
    if (pending.length >= slice.size) await flush();
  };

  for await (const batch of fileVouchers(found, options.voucherBatches)) {
    const plans: Plan[] = [];
    for (const voucher of batch) {
      read += 1;
      const side = partySideOf(voucher, books);
      let type = bahiTypeOfTallyVoucher(voucher.typeName, userTypes, side);
      // A renamed type ("GST Sale Invoice") with no master in the file: by what it does.
      const typeKey = voucher.typeName.replaceAll(String.fromCharCode(4), "").trim().toLowerCase();
      // A renamed type with no master in the file, or whose masters lead nowhere Bahi knows
      // (a real export's "GST Sale Invoice" names itself as its parent): by what it does, unless
      // its root type is one that carries no books (an order, a note of goods).
      if (!type && typeKey) {
        const shaped = tallyTypeByShape(rootTypeName(typeKey, userTypes), shapeOf(voucher, books));
        type = shaped ? bahiTypeOfTallyVoucher(shaped, new Map(), side) : null;
        if (type)
          listed(typedByShape, {
            voucher: describeVoucher(voucher),
            reason: TALLY_VOUCHER_MESSAGES.byShape(
              voucher.typeName,
              getVoucherDefinition(type).titles.singular.toLowerCase(),
            ),
          });
      }
      const refuse = (reason: string) =>
        listed(notImported, { voucher: describeVoucher(voucher), reason });
      if (voucher.cancelled) refuse(TALLY_VOUCHER_MESSAGES.cancelled);
      else if (voucher.optional) refuse(TALLY_VOUCHER_MESSAGES.optional);
      else if (!type) refuse(TALLY_VOUCHER_MESSAGES.notImported(voucher.typeName || "untyped"));
      else {
        fileBalance.count(voucher);
        const plan = planVoucher(voucher, type, books);
        if ("reason" in plan) listed(notImported, plan);
        else {
          fileBalance.link(plan);
          plans.push(plan);
        }
      }
      await clock.pause();
    }
    const known = await repo.findImportedFingerprints(
      deps.db,
      organisationId,
      plans.map((plan) => plan.voucher.key),
    );
    for (const planned of plans) {
      // Saved by an earlier import, or earlier in this file.
      if (known.has(planned.voucher.key) || seenKeys.has(planned.voucher.key)) {
        alreadyImported += 1;
        continue;
      }
      seenKeys.add(planned.voucher.key);
      const plan = dedupeNumber(planned, numbers);
      toCreate[plan.type] = (toCreate[plan.type] ?? 0) + 1;
      if (plan.note)
        listed(asJournals, { voucher: describeVoucher(plan.voucher), reason: plan.note });
      if (!preview) await queue(plan);
      await clock.pause();
    }
    await letOthersIn();
    clock.restart();
  }
  const summary = {
    vouchers: read,
    toCreate,
    alreadyImported,
    notImported,
    asJournals,
    typedByShape,
  };
  if (preview) return { preview: true, ...summary };

  await flush();
  await save(deferred);
  options.onProgress?.(read);
  const trialBalance = await compareTrialBalances(
    deps.db,
    caller,
    books,
    fileBalance,
    ledgerOpenings,
  );
  return {
    preview: false,
    ...summary,
    imported,
    failed,
    heldBack,
    trialBalance,
  };
}

/** The last type of a user type's parent chain (itself when it has none), stopping at a loop. */
function rootTypeName(typeKey: string, userTypes: ReadonlyMap<string, string>): string {
  const seen = new Set<string>();
  let key = typeKey;
  while (!seen.has(key)) {
    seen.add(key);
    const parent = userTypes.get(key)?.replaceAll(String.fromCharCode(4), "").trim().toLowerCase();
    if (!parent) break;
    key = parent;
  }
  return key;
}

/**
 * A ledger's GST head, in an organisation that charges GST: by its master's duty head, else its
 * name; never a ledger whose master gives it another tax type ("Others", "TDS"), such as a
 * purchase ledger named "Purchase Raw Material IGST 18%".
 */
function taxHeadOf(ledger: string, books: Books): TallyTaxHead | null {
  if (!books.gst || books.notTax.has(ledger.trim().toLowerCase())) return null;
  return tallyTaxHeadOf(ledger, books.taxHeads);
}

/** A journal saved with Bahi's next number, Tally's kept in its narration. */
function withoutTallyNumber(plan: Plan): Plan {
  const { voucherNumber: _taken, ...payload } = plan.payload;
  const narration = [plan.voucher.narration, tallyNumberNote(plan.voucher)]
    .filter(Boolean)
    .join(" · ")
    .slice(0, 1000);
  return { ...plan, payload: { ...payload, ...(narration ? { narration } : {}) } };
}

/** A number used twice in one type and year keeps the first; the others are numbered by Bahi. */
function dedupeNumber(plan: Plan, seen: Set<string>): Plan {
  const field = "invoiceNumber" in plan.payload ? "invoiceNumber" : "voucherNumber";
  const number = plan.payload[field];
  if (typeof number !== "string") return plan;
  const key = `${plan.type}|${plan.payload.year}|${number.toLowerCase()}`;
  if (!seen.has(key)) {
    seen.add(key);
    return plan;
  }
  const { [field]: _dropped, ...payload } = plan.payload;
  return { ...plan, payload: payload as Plan["payload"] };
}

/**
 * What the trial-balance check needs of the file, gathered as its vouchers go by: each ledger's
 * movement, the accounts its lines reached, and the years the vouchers fall in. Bounded by the
 * ledgers, not the vouchers.
 */
class FileTrialBalance {
  /** By lower-cased ledger name: its name as written, its movement (paise, debit positive). */
  readonly ledgers = new Map<string, { name: string; paise: number }>();
  readonly links = new Map<string, Set<string>>();
  readonly years = new Set<string>();

  count(voucher: TallyVoucher) {
    if (isValidCivilDate(voucher.date) && isBooksDate(voucher.date))
      this.years.add(financialYearOf(voucher.date));
    for (const line of voucher.ledgers) {
      const key = line.ledger.toLowerCase();
      const ledger = this.ledgers.get(key);
      if (ledger) {
        ledger.name = line.ledger;
        ledger.paise += line.paise;
      } else this.ledgers.set(key, { name: line.ledger, paise: line.paise });
    }
  }

  link(plan: Plan) {
    for (const [ledger, id] of plan.links) {
      if (!id) continue;
      const key = ledger.toLowerCase();
      let ids = this.links.get(key);
      if (!ids) {
        ids = new Set();
        this.links.set(key, ids);
      }
      ids.add(id);
    }
  }
}

async function loadBooks(
  db: Kysely<Database>,
  caller: Caller,
  organisationId: string,
  taxHeads: Map<string, TallyTaxHead> = new Map(),
  notTax: Set<string> = new Set(),
): Promise<Books> {
  const [{ accounts }, { items }, organisation] = await Promise.all([
    listAccounts(db, caller, { organisationId }),
    listItems(db, caller, { organisationId }),
    db
      .selectFrom("organisations")
      .select(["gst_registered", "gst_reg_type"])
      .where("id", "=", organisationId)
      .executeTakeFirst(),
  ]);
  const system = new Map<string, string>();
  for (const account of accounts) if (account.systemKey) system.set(account.systemKey, account._id);
  return {
    organisationId,
    accounts: new Map(
      accounts.map((account) => [
        account.name.trim().toLowerCase(),
        {
          id: account._id,
          nature: account.nature,
          systemKey: account.systemKey,
          openingPaise: rupeesToPaise(account.openingBalance),
        },
      ]),
    ),
    system,
    items: new Map(
      items.map((item) => [
        item.name.trim().toLowerCase(),
        { id: item._id, gstRate: item.gstRate },
      ]),
    ),
    gst: organisation?.gst_registered === 1 && organisation.gst_reg_type !== "composition",
    taxHeads,
    notTax,
  };
}

/** Bill-wise allocations against invoices this import (or an earlier one) opened. */
function resolveBills(plan: Plan, billIds: Map<string, { id: string; pendingPaise: number }>) {
  if (plan.bills.length === 0) return plan.payload;
  const byTarget = {
    entries: new Map<string, { entryId: string; amount: number }[]>(),
    document: [] as { entryId: string; amount: number }[],
  };
  for (const bill of plan.bills) {
    const open = billIds.get(`${bill.party.toLowerCase()}|${bill.name.toLowerCase()}`);
    if (!open) continue;
    // A note that raises the bill adds to what is pending, however much was already paid.
    if (bill.raises) {
      open.pendingPaise += bill.paise;
      byTarget.document.push({ entryId: open.id, amount: paiseToRupees(bill.paise) });
      continue;
    }
    if (open.pendingPaise <= 0) continue;
    const paise = Math.min(open.pendingPaise, bill.paise);
    open.pendingPaise -= paise;
    const allocation = { entryId: open.id, amount: paiseToRupees(paise) };
    if (bill.target === "document") byTarget.document.push(allocation);
    else {
      const key = bill.party.toLowerCase();
      byTarget.entries.set(key, [...(byTarget.entries.get(key) ?? []), allocation]);
    }
  }
  if (bill0(plan) === "document") return { ...plan.payload, billWiseEntries: byTarget.document };
  const ledgerOfAccount = new Map(plan.links.map(([ledger, id]) => [id, ledger.toLowerCase()]));
  const entries = (plan.payload.entries as { accountId: string; amount: number }[]).map((entry) => {
    const allocations = byTarget.entries.get(ledgerOfAccount.get(entry.accountId) ?? "") ?? [];
    byTarget.entries.delete(ledgerOfAccount.get(entry.accountId) ?? "");
    let room = rupeesToPaise(entry.amount);
    const fitting = allocations.flatMap((allocation) => {
      const paise = Math.min(room, rupeesToPaise(allocation.amount));
      room -= paise;
      return paise > 0 ? [{ entryId: allocation.entryId, amount: paiseToRupees(paise) }] : [];
    });
    return { ...entry, billWiseEntries: fitting };
  });
  return { ...plan.payload, entries };
}

const bill0 = (plan: Plan) => plan.bills[0]?.target;

/**
 * The file's trial balance (openings, and the vouchers of the types Bahi imports) against
 * Bahi's, after the import. A ledger is compared with the accounts its lines reached; where one
 * ledger reached several accounts (CGST on both sales and purchases reaches Output and Input
 * CGST) or several ledgers one account (sales ledgers into Sales), they are compared together.
 */
async function compareTrialBalances(
  db: Kysely<Database>,
  caller: Caller,
  before: Books,
  fileBalance: FileTrialBalance,
  ledgerOpenings: Map<string, number>,
): Promise<TrialBalanceCheck> {
  const books = await loadBooks(db, caller, before.organisationId);
  const parent = new Map<string, string>();
  const find = (node: string): string => {
    let root = node;
    while (parent.get(root) !== undefined && parent.get(root) !== root)
      root = parent.get(root) as string;
    parent.set(node, root);
    return root;
  };
  const union = (a: string, b: string) => {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  const fileMovement = new Map<string, number>();
  const ledgerNames = new Map<string, string>();
  const years = fileBalance.years;
  for (const [key, ledger] of fileBalance.ledgers) {
    const node = `L:${key}`;
    ledgerNames.set(node, ledger.name);
    if (!parent.has(node)) parent.set(node, node);
    fileMovement.set(node, ledger.paise);
    const account = books.accounts.get(key);
    if (account) union(node, `A:${account.id}`);
  }
  for (const [key, ids] of fileBalance.links) for (const id of ids) union(`L:${key}`, `A:${id}`);
  const accountNames = new Map<string, string>();
  const bahiMovement = new Map<string, number>();
  for (const year of years) {
    const trial = await readTrialBalance(db, caller, {
      organisationId: before.organisationId,
      year,
    });
    for (const row of trial.accounts) {
      const node = `A:${row.accountId}`;
      accountNames.set(node, row.name);
      const paise = rupeesToPaise(row.debit) - rupeesToPaise(row.credit);
      if (paise === 0 && !parent.has(node)) continue;
      if (!parent.has(node)) parent.set(node, node);
      bahiMovement.set(node, (bahiMovement.get(node) ?? 0) + paise);
    }
  }
  const openingOf = new Map(
    [...books.accounts.values()].map((account) => [`A:${account.id}`, account.openingPaise]),
  );
  for (const [name, account] of books.accounts)
    accountNames.set(`A:${account.id}`, accountNames.get(`A:${account.id}`) ?? name);
  const components = new Map<string, string[]>();
  for (const node of parent.keys()) {
    const root = find(node);
    components.set(root, [...(components.get(root) ?? []), node]);
  }
  const differences: TrialBalanceCheck["differences"] = [];
  for (const nodes of components.values()) {
    const ledgers = nodes.filter((node) => node.startsWith("L:"));
    const accounts = nodes.filter((node) => node.startsWith("A:"));
    const bahiOpening = accounts.reduce((sum, node) => sum + (openingOf.get(node) ?? 0), 0);
    // The file's openings where it has the ledgers' masters, else Bahi's (imported before).
    const fileOpening =
      ledgers.length > 0 && ledgers.every((node) => ledgerOpenings.has(node.slice(2)))
        ? ledgers.reduce((sum, node) => sum + (ledgerOpenings.get(node.slice(2)) ?? 0), 0)
        : bahiOpening;
    const file =
      fileOpening + ledgers.reduce((sum, node) => sum + (fileMovement.get(node) ?? 0), 0);
    const bahi =
      bahiOpening + accounts.reduce((sum, node) => sum + (bahiMovement.get(node) ?? 0), 0);
    if (file !== bahi) {
      differences.push({
        ledgers: ledgers.map((node) => ledgerNames.get(node) ?? node.slice(2)),
        accounts: accounts.map((node) => accountNames.get(node) ?? ""),
        file: paiseToRupees(file),
        bahi: paiseToRupees(bahi),
      });
    }
  }
  const compared = components.size;
  return {
    compared,
    agrees: differences.length === 0,
    differences: differences.slice(0, 500),
    message:
      differences.length === 0
        ? `Bahi's trial balance equals the file's: all ${compared} ledgers or groups of them agree.`
        : `${differences.length} of ${compared} ledgers or groups of them differ from the file's trial balance.`,
  };
}
