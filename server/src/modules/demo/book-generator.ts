import {
  type AccountNature,
  addDays,
  applyPercent,
  computeDocument,
  daysBetween,
  financialYearRange,
  type GstRegistrationType,
  getVoucherDefinition,
  gstinCheckCharacter,
  milliToQuantity,
  paiseToRupees,
  quantityToMilli,
  roundToRupee,
  rupeesToPaise,
  type StockDirection,
  type SystemAccounts,
  toDocumentInput,
  VOUCHER_REGISTRY,
  type VoucherContext,
  type VoucherType,
} from "@bahi/domain";
import {
  BRANDS,
  BUSINESS_WORDS,
  FIRST_NAMES,
  GOODS,
  LAST_NAMES,
  NAME_PREFIXES,
  OTHER_STATES,
  SERVICE_QUALIFIERS,
  SERVICES,
  TOWNS,
  TRADES,
  VARIANTS,
} from "./book-catalogue.ts";

// A realistic organisation's books, made from a seed and nothing else (no clock, no Math.random,
// no I/O), so the demo copy and the benchmark are the same data every time. Masters come out as
// the add payloads of the masters API; vouchers as the add payloads of the entry API, in date
// order, with totals computed by domain exactly as the server will recompute them.

export interface GenerateBooksOptions {
  seed: number;
  vouchers: number;
  /** Financial year, e.g. "2025-26". */
  year: string;
  /** The organisation's GST state code; parties elsewhere are inter-state. */
  stateCode: string;
  /** Accounts besides the system ones (at least 55). */
  accounts?: number;
  items?: number;
  /** Last date to spread the vouchers up to (the demo stops at today); default the year's end. */
  endDate?: string;
}

/** An account as the account add payload carries it (without organisationId). */
export interface GeneratedAccount {
  name: string;
  nature: AccountNature;
  openingBalance: number;
  openingBalanceType?: "dr" | "cr";
  gstin?: string;
  state?: string;
  gstType?: GstRegistrationType;
  mobileNo?: string;
  billingAddress?: string;
}

/** An item as the item add payload carries it (without organisationId). */
export interface GeneratedItem {
  name: string;
  type: "goods" | "services";
  uom?: string;
  hsnCode?: string;
  sacCode?: string;
  gstRate: number;
  standardSellingPrice: number;
  standardPurchasePrice: number;
  openingBalanceQuantity: number;
  openingBalanceAmount: number;
}

/** The ids the server gave the masters: accounts and items by their index in the books. */
export interface BookIds {
  organisationId: string;
  accounts: readonly string[];
  items: readonly string[];
  systemAccounts: SystemAccounts;
}

export interface GeneratedEntry {
  type: VoucherType;
  /** The add payload. Invoices it settles are named `voucherRef(ref)` until the loader knows their ids. */
  payload: Record<string, unknown> & { organisationId: string };
  /** This entry's place in the sequence; a later entry may name it through voucherRef. */
  ref: number;
  /** Refs this payload names (they must be saved first). */
  uses: number[];
  /** Refs no later entry will name, so the loader may forget their ids. */
  released: number[];
}

export interface GeneratedBooks {
  options: Required<Omit<GenerateBooksOptions, "endDate">> & { endDate: string };
  /** The organisation the books are made for: GST registered (regular), keeps stock, bill-wise. */
  organisation: { stateCode: string; gstin: string };
  accounts: GeneratedAccount[];
  items: GeneratedItem[];
  /** Index of the debtor who takes about 5 % of all sales. */
  busyDebtor: number;
  /** A surname many customers share: a realistic text to search the lists for. */
  commonSurname: string;
  /** Indexes of accounts by what they are for. */
  roles: AccountRoles;
  /** The vouchers, in date order; each call starts again from the seed. */
  entries(ids: BookIds): Generator<GeneratedEntry>;
}

export interface AccountRoles {
  banks: number[];
  debtors: number[];
  creditors: number[];
  directExpenses: number[];
  indirectExpenses: number[];
  directIncomes: number[];
  indirectIncomes: number[];
  fixedAssets: number[];
  loans: number[];
  capital: number[];
  provisions: number[];
}

const REF_PREFIX = "ref:";

/** The placeholder a payload carries for the id of an earlier generated voucher. */
export function voucherRef(ref: number): string {
  return `${REF_PREFIX}${ref}`;
}

export function parseVoucherRef(text: string): number | undefined {
  return text.startsWith(REF_PREFIX) ? Number(text.slice(REF_PREFIX.length)) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Randomness: mulberry32, small and good enough for test data.

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(values: readonly T[]): T {
    const value = values[Math.floor(this.next() * values.length)];
    if (value === undefined) throw new Error("pick from an empty list");
    return value;
  }

  /** Paise spread evenly on a log scale between two amounts, so small amounts are common. */
  logPaise(minPaise: number, maxPaise: number): number {
    return Math.round(Math.exp(Math.log(minPaise) + this.next() * Math.log(maxPaise / minPaise)));
  }

  letters(count: number): string {
    let text = "";
    for (let i = 0; i < count; i += 1) text += String.fromCharCode(65 + this.int(0, 25));
    return text;
  }

  digits(count: number): string {
    let text = "";
    for (let i = 0; i < count; i += 1) text += String(this.int(0, 9));
    return text;
  }
}

/** Picks indexes by fixed weights in O(log n). */
class WeightedPicker<T> {
  private readonly values: readonly T[];
  private readonly cumulative: Float64Array;

  constructor(entries: readonly (readonly [T, number])[]) {
    this.values = entries.map(([value]) => value);
    this.cumulative = new Float64Array(entries.length);
    let total = 0;
    entries.forEach(([, weight], index) => {
      total += weight;
      this.cumulative[index] = total;
    });
  }

  pick(random: Random): T {
    const target = random.next() * (this.cumulative[this.cumulative.length - 1] ?? 0);
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.cumulative[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    return this.values[low] as T;
  }
}

/** Weights 1/rank^s: a few values are very common, most are rare (customers, best-selling items). */
function zipf<T>(values: readonly T[], exponent: number): WeightedPicker<T> {
  return new WeightedPicker(values.map((value, rank) => [value, 1 / (rank + 1) ** exponent]));
}

// ---------------------------------------------------------------------------------------------
// Names.

const ITEM_NAME_MAX = 50;
const ACCOUNT_NAME_MAX = 100;

class NameBook {
  private readonly taken = new Set<string>();

  /** The first candidate not yet used (trimmed, without case, accounts and items together). */
  claim(candidates: readonly string[], max: number): string | undefined {
    for (const candidate of candidates) {
      const key = candidate.trim().toLowerCase();
      if (candidate.length <= max && !this.taken.has(key)) {
        this.taken.add(key);
        return candidate;
      }
    }
    return undefined;
  }

  /** A candidate, else the same with a town, else with a number: always a fresh name. */
  claimWithFallback(base: string, random: Random, max: number): string {
    const named = this.claim([base, `${base} (${random.pick(TOWNS)})`], max);
    if (named) return named;
    for (let n = 2; ; n += 1) {
      const numbered = this.claim([`${base.slice(0, max - 6)} ${n}`], max);
      if (numbered) return numbered;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Masters.

/** A GSTIN with the right check character: state, a PAN of the given holder type, entity 1, Z. */
function makeGstin(random: Random, stateCode: string, holder: "C" | "F" | "P", initial: string) {
  const pan = `${random.letters(3)}${holder}${initial}${random.digits(4)}${random.letters(1)}`;
  const first14 = `${stateCode}${pan}${random.int(1, 3)}Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

/** Prices as shops write them: paise below ₹100, whole rupees above, round tens above ₹5,000. */
function roundPrice(paise: number): number {
  if (paise < 10_000) return Math.max(1_000, Math.round(paise / 50) * 50);
  if (paise < 500_000) return roundToRupee(paise).roundedPaise;
  return Math.round(paise / 1_000) * 1_000;
}

function makeHsn(random: Random, heading: string): string {
  const length = random.pick([4, 6, 6, 8, 8]);
  return heading + random.digits(length - 4);
}

interface FixedAccount {
  name: string;
  nature: AccountNature;
  role: keyof AccountRoles;
  opening?: readonly [number, number, "dr" | "cr"];
}

function fixedAccounts(random: Random): FixedAccount[] {
  const person = () => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  const lakh = 100_000_00;
  const list: FixedAccount[] = [
    ...[
      "HDFC Bank - Current A/c",
      "State Bank of India - Current A/c",
      "ICICI Bank - Current A/c",
    ].map(
      (name): FixedAccount => ({
        name,
        nature: "Bank",
        role: "banks",
        opening: [lakh / 2, 25 * lakh, "dr"],
      }),
    ),
    {
      name: "Axis Bank - Savings A/c",
      nature: "Bank",
      role: "banks",
      opening: [50_000_00, 5 * lakh, "dr"],
    },
    {
      name: "Bank of Baroda - Cash Credit A/c",
      nature: "Bank OD/CC",
      role: "banks",
      opening: [2 * lakh, 20 * lakh, "cr"],
    },
    ...[
      "Freight Inward",
      "Carriage Inward",
      "Wages",
      "Loading and Unloading Charges",
      "Factory Power",
      "Packing Material Consumed",
    ].map((name): FixedAccount => ({ name, nature: "Direct Expense", role: "directExpenses" })),
    ...[
      "Rent",
      "Salaries",
      "Electricity Charges",
      "Telephone and Internet",
      "Printing and Stationery",
      "Office Expenses",
      "Bank Charges",
      "Travelling Expenses",
      "Repairs and Maintenance",
      "Advertisement",
      "Depreciation",
      "Professional Fees",
      "Insurance",
      "Interest on Loan",
    ].map((name): FixedAccount => ({ name, nature: "Indirect Expense", role: "indirectExpenses" })),
    ...["Freight Collected", "Job Work Income"].map(
      (name): FixedAccount => ({ name, nature: "Direct Income", role: "directIncomes" }),
    ),
    ...["Discount Received", "Interest Received", "Commission Received", "Rent Received"].map(
      (name): FixedAccount => ({ name, nature: "Indirect Income", role: "indirectIncomes" }),
    ),
    // The owner's capital balances the opening balances (its amount is set after the others).
    { name: `${person()} Capital A/c`, nature: "Capital", role: "capital" },
    {
      name: `${person()} Capital A/c`,
      nature: "Capital",
      role: "capital",
      opening: [5 * lakh, 20 * lakh, "cr"],
    },
    {
      name: "HDFC Bank Term Loan",
      nature: "Secured Loan",
      role: "loans",
      opening: [5 * lakh, 30 * lakh, "cr"],
    },
    {
      name: `Loan from ${person()}`,
      nature: "Unsecured Loan",
      role: "loans",
      opening: [lakh, 5 * lakh, "cr"],
    },
    {
      name: `Loan from ${person()}`,
      nature: "Unsecured Loan",
      role: "loans",
      opening: [lakh, 5 * lakh, "cr"],
    },
    ...[
      "Furniture and Fixtures",
      "Computers",
      "Office Equipment",
      "Motor Vehicle",
      "Plant and Machinery",
    ].map(
      (name): FixedAccount => ({
        name,
        nature: "Fixed Asset",
        role: "fixedAssets",
        opening: [50_000_00, 15 * lakh, "dr"],
      }),
    ),
    { name: "Salary Payable", nature: "Provisions", role: "provisions" },
    { name: "Audit Fees Payable", nature: "Provisions", role: "provisions" },
    { name: "TDS Payable", nature: "Duties and Taxes", role: "provisions" },
    {
      name: "Security Deposit - Landlord",
      nature: "Deposits - Assets",
      role: "fixedAssets",
      opening: [50_000_00, 2 * lakh, "dr"],
    },
  ];
  return list;
}

function makeParty(
  random: Random,
  names: NameBook,
  kind: "debtor" | "creditor",
  homeState: string,
  options: { business?: boolean; registered?: boolean; state?: string },
): GeneratedAccount {
  const business = options.business ?? random.chance(kind === "creditor" ? 0.9 : 0.75);
  const last = random.pick(LAST_NAMES);
  const base = business
    ? random.pick([
        () => `${random.pick(NAME_PREFIXES)} ${random.pick(TRADES)} ${random.pick(BUSINESS_WORDS)}`,
        () => `${last} ${random.pick(BUSINESS_WORDS)}`,
        () => `${last} ${random.pick(TRADES)}`,
        () => `${random.pick(NAME_PREFIXES)} ${last} ${random.pick(BUSINESS_WORDS)}`,
      ])()
    : `${random.pick(FIRST_NAMES)} ${last}`;
  const name = names.claimWithFallback(base, random, ACCOUNT_NAME_MAX);
  // About half the parties are registered; businesses far more often than people.
  const registered = options.registered ?? (business ? random.chance(0.62) : random.chance(0.08));
  const state =
    options.state ??
    (random.chance(kind === "creditor" ? 0.4 : 0.25) ? random.pick(OTHER_STATES) : homeState);
  const account: GeneratedAccount = {
    name,
    nature: kind === "debtor" ? "Debtors" : "Creditors",
    openingBalance: 0,
    state,
    gstType: registered ? "regular" : "unregistered",
    mobileNo: `${random.pick(["9", "8", "7"])}${random.digits(9)}`,
    billingAddress: `${random.int(1, 250)}, ${random.pick(["MG Road", "Station Road", "Market Yard", "Gandhi Chowk", "Industrial Estate", "Main Bazaar"])}, ${random.pick(TOWNS)}`,
  };
  if (registered) {
    account.gstin = makeGstin(
      random,
      state,
      business ? random.pick(["C", "F"]) : "P",
      last.charAt(0).toUpperCase(),
    );
  }
  return account;
}

function setOpening(account: GeneratedAccount, paise: number) {
  if (paise === 0) return;
  account.openingBalance = paiseToRupees(Math.abs(paise));
  account.openingBalanceType = paise > 0 ? "dr" : "cr";
}

/**
 * The items' opening amounts are the books' opening stock (decision 040), a debit the owner's
 * capital also balances, so that the opening trial balance shows no difference.
 */
function balanceOpeningStock(capital: GeneratedAccount, items: readonly GeneratedItem[]) {
  const stockPaise = items.reduce((sum, item) => sum + rupeesToPaise(item.openingBalanceAmount), 0);
  const signed =
    rupeesToPaise(capital.openingBalance) * (capital.openingBalanceType === "dr" ? 1 : -1);
  capital.openingBalance = 0;
  delete capital.openingBalanceType;
  setOpening(capital, signed - stockPaise);
}

function generateAccounts(random: Random, names: NameBook, total: number, homeState: string) {
  const fixed = fixedAccounts(random);
  if (total < fixed.length + 10) throw new RangeError(`At least ${fixed.length + 10} accounts.`);
  const accounts: GeneratedAccount[] = [];
  const roles: AccountRoles = {
    banks: [],
    debtors: [],
    creditors: [],
    directExpenses: [],
    indirectExpenses: [],
    directIncomes: [],
    indirectIncomes: [],
    fixedAssets: [],
    loans: [],
    capital: [],
    provisions: [],
  };
  const openings: number[] = [];
  for (const entry of fixed) {
    const name = names.claimWithFallback(entry.name, random, ACCOUNT_NAME_MAX);
    roles[entry.role].push(accounts.length);
    accounts.push({ name, nature: entry.nature, openingBalance: 0 });
    const [min, max, side] = entry.opening ?? [0, 0, "dr"];
    openings.push(
      entry.opening ? roundPrice(random.logPaise(min, max)) * (side === "dr" ? 1 : -1) : 0,
    );
  }
  const parties = total - fixed.length;
  const debtors = Math.round(parties * 0.7);
  for (let i = 0; i < parties; i += 1) {
    const kind = i < debtors ? "debtor" : "creditor";
    // The busy debtor is a registered distributor in the organisation's own state.
    const busy = i === 0 ? { business: true, registered: true, state: homeState } : {};
    const account = makeParty(random, names, kind, homeState, busy);
    roles[kind === "debtor" ? "debtors" : "creditors"].push(accounts.length);
    accounts.push(account);
    const hasOpening = random.chance(0.35);
    openings.push(
      !hasOpening
        ? 0
        : kind === "debtor"
          ? roundPrice(random.logPaise(2_000_00, 3_00_000_00))
          : -roundPrice(random.logPaise(5_000_00, 5_00_000_00)),
    );
  }
  // The owner's capital takes whatever makes the openings net to zero.
  const capital = roles.capital[0] as number;
  openings[capital] = -openings.reduce((sum, paise) => sum + paise, 0);
  accounts.forEach((account, index) => {
    setOpening(account, openings[index] ?? 0);
  });
  return { accounts, roles };
}

function generateItems(random: Random, names: NameBook, total: number): GeneratedItem[] {
  const items: GeneratedItem[] = [];
  const services = Math.round(total * 0.1);
  for (let i = 0; i < total; i += 1) {
    if (i < total - services) {
      const [product, heading, uom, min, max, gstRate] = random.pick(GOODS);
      const candidates = Array.from({ length: 6 }, () =>
        random.chance(0.5)
          ? `${random.pick(BRANDS)} ${product} ${random.pick(VARIANTS)}`
          : `${random.pick(BRANDS)} ${product}`,
      );
      const name =
        names.claim(candidates, ITEM_NAME_MAX) ??
        names.claimWithFallback(`${random.pick(BRANDS)} ${product}`, random, ITEM_NAME_MAX);
      const sellingPaise = roundPrice(random.logPaise(rupeesToPaise(min), rupeesToPaise(max)));
      const purchasePaise = roundPrice(applyPercent(sellingPaise, random.int(70, 85)));
      const openingQuantity = random.chance(0.5) ? random.int(5, 200) : 0;
      items.push({
        name,
        type: "goods",
        uom,
        hsnCode: makeHsn(random, heading),
        gstRate,
        standardSellingPrice: paiseToRupees(sellingPaise),
        standardPurchasePrice: paiseToRupees(purchasePaise),
        openingBalanceQuantity: openingQuantity,
        openingBalanceAmount: paiseToRupees(openingQuantity * purchasePaise),
      });
    } else {
      const [service, sac, min, max, gstRate] = random.pick(SERVICES);
      const base = `${service} - ${random.pick(SERVICE_QUALIFIERS)}`;
      const name =
        names.claim([base, `${base} ${random.pick(TRADES)}`], ITEM_NAME_MAX) ??
        names.claimWithFallback(base, random, ITEM_NAME_MAX);
      const sellingPaise = roundPrice(random.logPaise(rupeesToPaise(min), rupeesToPaise(max)));
      items.push({
        name,
        type: "services",
        uom: "OTH",
        sacCode: sac,
        gstRate,
        standardSellingPrice: paiseToRupees(sellingPaise),
        standardPurchasePrice: paiseToRupees(roundPrice(Math.round(sellingPaise * 0.7))),
        openingBalanceQuantity: 0,
        openingBalanceAmount: 0,
      });
    }
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// Vouchers.

/** Shares of the voucher count (spec 1's types; the non-posting documents are the rest). */
export const VOUCHER_MIX: Readonly<Record<VoucherType, number>> = {
  salesInvoice: 40,
  purchases: 15,
  receipts: 18,
  payments: 12,
  journalEntry: 5,
  fundTransfer: 3,
  creditNote: 3,
  debitNote: 1,
  quotation: 1.2,
  salesOrder: 0.8,
  deliveryChallan: 0.6,
  purchaseOrder: 0.4,
  // Debit notes to customers (decision 066): a rate difference charged after the invoice, rarer
  // than a return (decision 067).
  salesDebitNote: 0.5,
};

const LINE_COUNTS = new WeightedPicker<number>([
  [1, 25],
  [2, 20],
  [3, 15],
  [4, 12],
  [5, 10],
  [6, 8],
  [7, 5],
  [8, 5],
]);

/** An invoice or bill with money still due, as the server will hold it. */
interface OpenDocument {
  ref: number;
  date: string;
  pendingPaise: number;
}

/**
 * Money comes in (and goes out) against bills at least this old: trade credit. It also lets a
 * loader save in batches of up to two weeks of vouchers without waiting on an invoice of its own
 * batch.
 */
export const SETTLEMENT_LAG_DAYS = 15;

interface Line {
  item: number;
  quantity: number;
  ratePaise: number;
  discountPercent: number;
}

type DocumentPayload = Parameters<typeof toDocumentInput>[1];

class VoucherWriter {
  private readonly random: Random;
  private readonly books: GeneratedBooks;
  private readonly ids: BookIds;
  private readonly context: VoucherContext;
  private readonly debtorPicker: WeightedPicker<number>;
  private readonly creditorPicker: WeightedPicker<number>;
  private readonly goodsPicker: WeightedPicker<number>;
  private readonly servicePicker: WeightedPicker<number>;
  private readonly typePicker: WeightedPicker<VoucherType>;
  private readonly openInvoices = new Map<number, OpenDocument[]>();
  private readonly openBills = new Map<number, OpenDocument[]>();
  private released: number[] = [];
  /** Goods in hand, in thousandths of a unit, so that no sale takes an item below zero. */
  private readonly stock = new Map<number, number>();

  constructor(books: GeneratedBooks, ids: BookIds, seed: number) {
    this.random = new Random(seed);
    this.books = books;
    this.ids = ids;
    this.context = {
      organisation: {
        stateCode: books.organisation.stateCode,
        gstRegistered: true,
        gstRegType: "regular",
        manageInventory: true,
      },
      systemAccounts: ids.systemAccounts,
      accounts: new Map(),
      items: new Map(),
    };
    const { debtors, creditors } = books.roles;
    const [busy, ...others] = debtors;
    // One debtor takes 5 % of sales, the next four 2.5 % each, the rest share the remainder
    // with the long tail of a real customer list.
    const rest = others.slice(4);
    const restWeights = rest.map((_, rank) => 1 / (rank + 1) ** 0.8);
    const restTotal = restWeights.reduce((sum, weight) => sum + weight, 0);
    this.debtorPicker = new WeightedPicker<number>([
      [busy as number, 5],
      ...others.slice(0, 4).map((index) => [index, 2.5] as const),
      ...rest.map((index, rank) => [index, (85 * (restWeights[rank] ?? 0)) / restTotal] as const),
    ]);
    this.creditorPicker = zipf(creditors, 0.7);
    const goods: number[] = [];
    const services: number[] = [];
    books.items.forEach((item, index) => {
      (item.type === "goods" ? goods : services).push(index);
      if (item.type === "goods")
        this.stock.set(index, quantityToMilli(item.openingBalanceQuantity));
    });
    this.goodsPicker = zipf(goods, 0.9);
    this.servicePicker = zipf(services, 0.9);
    this.typePicker = new WeightedPicker(Object.entries(VOUCHER_MIX) as [VoucherType, number][]);
  }

  *entries(): Generator<GeneratedEntry> {
    const { vouchers, year, endDate } = this.books.options;
    const start = financialYearRange(year).startDate;
    const days = daysBetween(start, endDate) + 1;
    for (let ref = 0; ref < vouchers; ref += 1) {
      const date = addDays(start, Math.floor((ref * days) / vouchers));
      const type = this.typePicker.pick(this.random);
      const { payload, uses } = this.make(type, date, ref);
      const released = this.released;
      this.released = [];
      yield { type, payload, ref, uses, released };
    }
  }

  private make(type: VoucherType, date: string, ref: number) {
    switch (type) {
      case "salesInvoice":
        return this.salesDocument(type, date, ref, true);
      case "quotation":
      case "salesOrder":
      case "deliveryChallan":
        return this.salesDocument(type, date, ref, false);
      case "purchases":
        return this.purchase(type, date, ref, true);
      case "purchaseOrder":
        return this.purchase(type, date, ref, false);
      case "receipts":
        return this.settlement("receipts", date);
      case "payments":
        return this.settlement("payments", date);
      case "creditNote":
        return this.note("creditNote", date);
      case "debitNote":
        return this.note("debitNote", date);
      case "fundTransfer":
        return this.fundTransfer(date);
      case "journalEntry":
        return this.journal(date);
      case "salesDebitNote":
        return this.salesDebitNote(date);
    }
  }

  private base(date: string) {
    return { organisationId: this.ids.organisationId, year: this.books.options.year, date };
  }

  private account(index: number): GeneratedAccount {
    return this.books.accounts[index] as GeneratedAccount;
  }

  private accountId(index: number): string {
    const id = this.ids.accounts[index];
    if (id === undefined) throw new Error(`no id for account ${index}`);
    return id;
  }

  /**
   * Lines of distinct items, with quantities that fit their prices. Lines that take goods out
   * (`direction` "out") take no more than is in hand, so the books never show stock below zero;
   * lines that bring goods in restock at four times a sale's quantity, so that purchases (15 % of
   * the entries) keep up with sales (40 %).
   */
  private pickLines(
    count: number,
    price: "selling" | "purchase",
    direction: StockDirection | null,
    returned = false,
  ): Line[] {
    const lines: Line[] = [];
    const used = new Set<number>();
    const attempts = direction === "out" ? count * 8 : count * 4;
    for (let attempt = 0; lines.length < count && attempt < attempts; attempt += 1) {
      const item = this.random.chance(0.1)
        ? this.servicePicker.pick(this.random)
        : this.goodsPicker.pick(this.random);
      if (used.has(item)) continue;
      const line = this.lineOf(item, price);
      // Goods come back a few at a time.
      if (returned) line.quantity = Math.min(line.quantity, this.random.int(1, 3));
      const inHand = this.stock.get(item);
      if (inHand !== undefined && direction === "out") {
        if (inHand <= 0) continue;
        line.quantity = milliToQuantity(Math.min(quantityToMilli(line.quantity), inHand));
      }
      if (inHand !== undefined && direction === "in" && price === "purchase") line.quantity *= 4;
      used.add(item);
      lines.push(line);
    }
    // Nothing in hand among the picks: a service line keeps the entry.
    if (lines.length === 0) lines.push(this.lineOf(this.servicePicker.pick(this.random), price));
    if (direction !== null) {
      const sign = direction === "in" ? 1 : -1;
      for (const line of lines) {
        const inHand = this.stock.get(line.item);
        if (inHand !== undefined)
          this.stock.set(line.item, inHand + sign * quantityToMilli(line.quantity));
      }
    }
    return lines;
  }

  private lineOf(item: number, price: "selling" | "purchase"): Line {
    const master = this.books.items[item] as GeneratedItem;
    const rupees = price === "selling" ? master.standardSellingPrice : master.standardPurchasePrice;
    const ratePaise = rupeesToPaise(rupees);
    let quantity: number;
    if (master.type === "services")
      quantity = master.name.includes("Per Hour") ? this.random.int(1, 8) : 1;
    else if (ratePaise > 500_000) quantity = this.random.int(1, 3);
    else if (ratePaise > 50_000) quantity = this.random.int(1, 10);
    else quantity = this.random.int(1, 40);
    // Cloth by the metre and grain by the quintal come in fractions.
    if (master.uom === "MTR" || master.uom === "QTL" || master.uom === "KGS") {
      quantity += this.random.pick([0, 0, 0.25, 0.5, 0.75]);
    }
    const discountPercent = this.random.chance(0.15) ? this.random.pick([2, 5, 10]) : 0;
    return { item, quantity, ratePaise, discountPercent };
  }

  /** The document with its declared totals computed exactly as the server will (toDocumentInput). */
  private document(
    type: VoucherType,
    date: string,
    party: number,
    lines: readonly Line[],
    extra: {
      accountLines?: { account: number; paise: number; gstRate: number }[];
      reverseCharge?: boolean;
    },
  ) {
    const account = this.account(party);
    const home = this.books.organisation.stateCode;
    // The place of supply: the customer's state on a sale, the organisation's own on a purchase.
    const pos = VOUCHER_REGISTRY[type].partySide === "customer" ? (account.state ?? home) : home;
    const itemDetails = lines.map((line) => {
      const master = this.books.items[line.item] as GeneratedItem;
      return {
        itemId: this.ids.items[line.item] as string,
        ...(master.hsnCode ? { hsnCode: master.hsnCode } : {}),
        ...(master.sacCode ? { sacCode: master.sacCode } : {}),
        ...(master.uom ? { uom: master.uom } : {}),
        quantity: line.quantity,
        rate: paiseToRupees(line.ratePaise),
        discountType: "percent" as const,
        discount: line.discountPercent,
        gstRate: master.gstRate,
        amount: 0,
      };
    });
    const accountDetails = (extra.accountLines ?? []).map((line) => ({
      accountId: this.accountId(line.account),
      amount: paiseToRupees(line.paise),
      gstRate: line.gstRate,
    }));
    const draft: DocumentPayload & { organisationId: string } = {
      ...this.base(date),
      cashOrDebtorAccountId: this.accountId(party),
      pos,
      rcmApplicable: extra.reverseCharge === true,
      itemDetails,
      accountDetails,
      grossAmount: 0,
      cgstAmount: 0,
      sgstAmount: 0,
      igstAmount: 0,
      roundOffAmount: 0,
      totalAmount: 0,
    };
    const computed = computeDocument(
      toDocumentInput(type, draft, {
        organisation: this.context.organisation,
        party: {
          gstin: account.gstin ?? null,
          stateCode: account.state ?? null,
          gstType: account.gstType ?? null,
        },
      }),
    );
    itemDetails.forEach((line, index) => {
      line.amount = paiseToRupees(computed.itemLines[index]?.taxablePaise ?? 0);
    });
    const payload = {
      ...draft,
      ...(account.gstin ? { gstin: account.gstin } : {}),
      ...(extra.reverseCharge ? { rcmGstType: "unregistered" } : {}),
      grossAmount: paiseToRupees(computed.grossPaise),
      cgstAmount: paiseToRupees(computed.cgstPaise),
      sgstAmount: paiseToRupees(computed.sgstPaise),
      igstAmount: paiseToRupees(computed.igstPaise),
      roundOffAmount: paiseToRupees(computed.roundOffPaise),
      totalAmount: paiseToRupees(computed.totalPaise),
    };
    return { payload, totalPaise: computed.totalPaise };
  }

  private salesDocument(type: VoucherType, date: string, ref: number, tracked: boolean) {
    const party = this.debtorPicker.pick(this.random);
    const lines = this.pickLines(
      LINE_COUNTS.pick(this.random),
      "selling",
      getVoucherDefinition(type).movesStock,
    );
    const freight = this.random.chance(0.08)
      ? [
          {
            account: this.books.roles.directIncomes[0] as number,
            paise: this.random.int(1, 20) * 10_000,
            gstRate: 18,
          },
        ]
      : [];
    const { payload, totalPaise } = this.document(type, date, party, lines, {
      accountLines: freight,
    });
    const dueDays = this.random.pick([0, 0, 15, 30, 45]);
    const document = {
      ...payload,
      ...(dueDays > 0 ? { dueDate: addDays(date, dueDays) } : {}),
      ...(this.random.chance(0.2)
        ? {
            narration: `Order ${this.random.pick(["by phone", "on WhatsApp", "through salesman", "at counter"])}`,
          }
        : {}),
    };
    if (tracked) this.track(this.openInvoices, party, { ref, date, pendingPaise: totalPaise });
    return { payload: document, uses: [] };
  }

  private purchase(type: VoucherType, date: string, ref: number, tracked: boolean) {
    const party = this.creditorPicker.pick(this.random);
    const unregistered = this.account(party).gstin === undefined;
    const reverseCharge = type === "purchases" && unregistered && this.random.chance(0.1);
    const lines = this.pickLines(
      this.random.int(1, 5),
      "purchase",
      getVoucherDefinition(type).movesStock,
    );
    const freight = this.random.chance(0.1)
      ? [
          {
            account: this.books.roles.directExpenses[0] as number,
            paise: this.random.int(1, 30) * 10_000,
            gstRate: 18,
          },
        ]
      : [];
    const { payload, totalPaise } = this.document(type, date, party, lines, {
      accountLines: freight,
      reverseCharge,
    });
    if (tracked) this.track(this.openBills, party, { ref, date, pendingPaise: totalPaise });
    return { payload, uses: [] };
  }

  private track(open: Map<number, OpenDocument[]>, party: number, document: OpenDocument) {
    const list = open.get(party);
    if (list) list.push(document);
    else open.set(party, [document]);
  }

  /** A party of the picker's with a bill old enough to settle, or undefined after a few tries. */
  private partyWithOpen(
    open: Map<number, OpenDocument[]>,
    picker: WeightedPicker<number>,
    cutoff: string,
  ) {
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const party = picker.pick(this.random);
      const oldest = open.get(party)?.[0];
      if (oldest && oldest.date <= cutoff) return party;
    }
    return undefined;
  }

  /** The party's open documents dated on or before the cutoff, oldest first. */
  private settleable(open: Map<number, OpenDocument[]>, party: number, cutoff: string) {
    const list = open.get(party) ?? [];
    let count = 0;
    while (count < list.length && (list[count] as OpenDocument).date <= cutoff) count += 1;
    return list.slice(0, count);
  }

  /** Takes `amount` off an open document, forgetting it once settled. */
  private settle(
    open: Map<number, OpenDocument[]>,
    party: number,
    document: OpenDocument,
    paise: number,
  ) {
    document.pendingPaise -= paise;
    if (document.pendingPaise > 0) return;
    const list = open.get(party) ?? [];
    list.splice(list.indexOf(document), 1);
    if (list.length === 0) open.delete(party);
    this.released.push(document.ref);
  }

  /** Receipts from debtors and payments to creditors, mostly against their oldest bills. */
  private settlement(type: "receipts" | "payments", date: string) {
    const receipt = type === "receipts";
    const { banks } = this.books.roles;
    const cashOrBank = this.random.chance(receipt ? 0.25 : 0.15)
      ? this.ids.systemAccounts.cash
      : this.accountId(this.random.pick(banks));
    const open = receipt ? this.openInvoices : this.openBills;
    const picker = receipt ? this.debtorPicker : this.creditorPicker;
    const expense = !receipt && this.random.chance(0.35);
    const cutoff = addDays(date, -SETTLEMENT_LAG_DAYS);
    const party = expense ? undefined : this.partyWithOpen(open, picker, cutoff);
    const uses: number[] = [];
    let line: {
      accountId: string;
      amount: number;
      billWiseEntries: { entryId: string; amount: number }[];
    };
    let narration: string;
    if (expense) {
      const { indirectExpenses, directExpenses, provisions } = this.books.roles;
      const account = this.random.pick([
        ...indirectExpenses,
        ...indirectExpenses,
        ...directExpenses,
        ...provisions,
      ]);
      const paise = roundPrice(this.random.logPaise(500_00, 50_000_00));
      line = {
        accountId: this.accountId(account),
        amount: paiseToRupees(paise),
        billWiseEntries: [],
      };
      narration = `${this.account(account).name} for ${date.slice(0, 7)}`;
    } else if (party === undefined) {
      // On account: an advance, or against an opening balance.
      const someone = picker.pick(this.random);
      const paise = roundPrice(this.random.logPaise(1_000_00, 50_000_00));
      line = {
        accountId: this.accountId(someone),
        amount: paiseToRupees(paise),
        billWiseEntries: [],
      };
      narration = receipt ? "Advance received" : "Advance paid";
    } else {
      const list = this.settleable(open, party, cutoff);
      const allocations: { document: OpenDocument; paise: number }[] = [];
      if (this.random.chance(0.8)) {
        const count = Math.min(list.length, this.random.pick([1, 1, 2, 2, 3, 3, 4]));
        for (const document of list.slice(0, count))
          allocations.push({ document, paise: document.pendingPaise });
      } else {
        const document = list[0] as OpenDocument;
        // 30 to 90 % of what is pending, in whole rupees below it.
        const share = document.pendingPaise * this.random.int(30, 90);
        const part = rupeesToPaise(Math.floor(share / 10_000));
        allocations.push({ document, paise: part >= 100 ? part : document.pendingPaise });
      }
      const paise = allocations.reduce((sum, allocation) => sum + allocation.paise, 0);
      line = {
        accountId: this.accountId(party),
        amount: paiseToRupees(paise),
        billWiseEntries: allocations.map((allocation) => ({
          entryId: voucherRef(allocation.document.ref),
          amount: paiseToRupees(allocation.paise),
        })),
      };
      for (const allocation of allocations) {
        uses.push(allocation.document.ref);
        this.settle(open, party, allocation.document, allocation.paise);
      }
      narration = `${this.random.pick(["NEFT", "RTGS", "UPI", "Cheque"])} ${this.random.digits(6)}`;
    }
    const payload = {
      ...this.base(date),
      ...(receipt
        ? { receivedAccountId: cashOrBank, receivedAmount: line.amount }
        : { paidAccountId: cashOrBank, paidAmount: line.amount }),
      entries: [line],
      narration,
    };
    return { payload, uses };
  }

  /** A credit note for goods returned or a price cut, set against the party's latest open invoice. */
  private note(type: "creditNote" | "debitNote", date: string) {
    const credit = type === "creditNote";
    const open = credit ? this.openInvoices : this.openBills;
    const picker = credit ? this.debtorPicker : this.creditorPicker;
    const cutoff = addDays(date, -SETTLEMENT_LAG_DAYS);
    const party = this.partyWithOpen(open, picker, cutoff) ?? picker.pick(this.random);
    const noteType = this.random.chance(0.8) ? "return" : "adjustment";
    // A note that only corrects a price moves no goods (prepare-voucher.ts).
    const direction = noteType === "return" ? getVoucherDefinition(type).movesStock : null;
    const lines = this.pickLines(
      this.random.int(1, 2),
      credit ? "selling" : "purchase",
      direction,
      true,
    );
    const { payload, totalPaise } = this.document(type, date, party, lines, {});
    const latest = this.settleable(open, party, cutoff).at(-1);
    const uses: number[] = [];
    const billWiseEntries: { entryId: string; amount: number }[] = [];
    if (latest) {
      const paise = Math.min(totalPaise, latest.pendingPaise);
      if (paise > 0) {
        billWiseEntries.push({ entryId: voucherRef(latest.ref), amount: paiseToRupees(paise) });
        uses.push(latest.ref);
        this.settle(open, party, latest, paise);
      }
    }
    return {
      payload: {
        ...payload,
        type: noteType,
        billWiseEntries,
        narration: noteType === "return" ? "Goods returned" : "Rate difference",
      },
      uses,
    };
  }

  /**
   * A debit note to a customer (decision 066): a rate difference of 2-10 % of the price on one
   * line, made out against the party's latest invoice old enough to be in an earlier batch, whose
   * pending amount it raises. No goods move.
   */
  private salesDebitNote(date: string) {
    const type: VoucherType = "salesDebitNote";
    const open = this.openInvoices;
    const cutoff = addDays(date, -SETTLEMENT_LAG_DAYS);
    const party =
      this.partyWithOpen(open, this.debtorPicker, cutoff) ?? this.debtorPicker.pick(this.random);
    const lines = this.pickLines(1, "selling", getVoucherDefinition(type).movesStock).map(
      (line) => ({
        ...line,
        ratePaise: Math.max(100, applyPercent(line.ratePaise, this.random.int(2, 10))),
        discountPercent: 0,
      }),
    );
    const { payload, totalPaise } = this.document(type, date, party, lines, {});
    const latest = this.settleable(open, party, cutoff).at(-1);
    const uses: number[] = [];
    const billWiseEntries: { entryId: string; amount: number }[] = [];
    if (latest) {
      billWiseEntries.push({ entryId: voucherRef(latest.ref), amount: paiseToRupees(totalPaise) });
      uses.push(latest.ref);
      latest.pendingPaise += totalPaise;
    }
    return {
      payload: { ...payload, billWiseEntries, narration: "Rate difference" },
      uses,
    };
  }

  private fundTransfer(date: string) {
    const { banks } = this.books.roles;
    const cash = this.ids.systemAccounts.cash;
    const bank = this.accountId(this.random.pick(banks));
    const roll = this.random.next();
    let from = cash;
    let to = bank;
    if (roll >= 0.5 && roll < 0.8) [from, to] = [bank, cash];
    else if (roll >= 0.8) {
      const other = banks.map((index) => this.accountId(index)).filter((id) => id !== bank);
      [from, to] = [bank, this.random.pick(other)];
    }
    const amount = paiseToRupees(roundPrice(this.random.logPaise(5_000_00, 5_00_000_00)));
    return {
      payload: {
        ...this.base(date),
        paidAccountId: from,
        paidAmount: amount,
        receivedAccountId: to,
        receivedAmount: amount,
        narration:
          from === cash
            ? "Cash deposited"
            : to === cash
              ? "Cash withdrawn"
              : "Transfer between banks",
      },
      uses: [],
    };
  }

  /** Month-end adjustments: depreciation, salaries due, bank charges, interest, audit fees. */
  private journal(date: string) {
    const r = this.books.roles;
    const named = (list: number[], name: string) =>
      list.find((index) => this.account(index).name === name) ?? (list[0] as number);
    const amount = () => roundPrice(this.random.logPaise(1_000_00, 50_000_00));
    const kind = this.random.int(0, 4);
    let lines: { account: number | string; debit: number; credit: number }[];
    let narration: string;
    if (kind === 0) {
      const paise = amount();
      lines = [
        { account: named(r.indirectExpenses, "Depreciation"), debit: paise, credit: 0 },
        { account: this.random.pick(r.fixedAssets.slice(0, 5)), debit: 0, credit: paise },
      ];
      narration = "Being depreciation for the month";
    } else if (kind === 1) {
      // Salaries and wages due, split across two or three heads.
      const heads = [
        named(r.indirectExpenses, "Salaries"),
        named(r.directExpenses, "Wages"),
        named(r.indirectExpenses, "Office Expenses"),
      ];
      const debits = heads
        .slice(0, this.random.int(2, 3))
        .map((account) => ({ account, debit: amount(), credit: 0 }));
      const total = debits.reduce((sum, line) => sum + line.debit, 0);
      lines = [
        ...debits,
        { account: named(r.provisions, "Salary Payable"), debit: 0, credit: total },
      ];
      narration = `Being salaries due for ${date.slice(0, 7)}`;
    } else if (kind === 2) {
      const paise = roundPrice(this.random.logPaise(100_00, 5_000_00));
      lines = [
        { account: named(r.indirectExpenses, "Bank Charges"), debit: paise, credit: 0 },
        { account: this.random.pick(r.banks), debit: 0, credit: paise },
      ];
      narration = "Being bank charges debited";
    } else if (kind === 3) {
      const paise = amount();
      lines = [
        { account: named(r.indirectExpenses, "Interest on Loan"), debit: paise, credit: 0 },
        { account: this.random.pick(r.loans), debit: 0, credit: paise },
      ];
      narration = "Being interest on loan for the month";
    } else {
      const paise = amount();
      lines = [
        { account: named(r.indirectExpenses, "Professional Fees"), debit: paise, credit: 0 },
        { account: named(r.provisions, "Audit Fees Payable"), debit: 0, credit: paise },
      ];
      narration = "Being audit fees provided";
    }
    return {
      payload: {
        ...this.base(date),
        entries: lines.map((line) => ({
          accountId: typeof line.account === "string" ? line.account : this.accountId(line.account),
          debitAmount: paiseToRupees(line.debit),
          creditAmount: paiseToRupees(line.credit),
        })),
        narration,
      },
      uses: [],
    };
  }

  /** Sales invoices as a person keys them in, for timing single saves; not tracked as open. */
  salesInvoices(
    count: number,
    date: string,
  ): (Record<string, unknown> & { organisationId: string })[] {
    return Array.from(
      { length: count },
      (_, index) => this.salesDocument("salesInvoice", date, -1 - index, false).payload,
    );
  }
}

/**
 * A realistic organisation from a seed: masters now, vouchers lazily through `entries(ids)` once
 * the masters have ids. The same options always give the same books.
 */
export function generateBooks(options: GenerateBooksOptions): GeneratedBooks {
  const range = financialYearRange(options.year);
  const endDate =
    options.endDate && options.endDate < range.endDate ? options.endDate : range.endDate;
  if (endDate < range.startDate)
    throw new RangeError(`${endDate} is before the year ${options.year}.`);
  const random = new Random(options.seed);
  const names = new NameBook();
  const organisationGstin = makeGstin(random, options.stateCode, "F", "D");
  const { accounts, roles } = generateAccounts(
    random,
    names,
    options.accounts ?? 300,
    options.stateCode,
  );
  const items = generateItems(random, names, options.items ?? 2000);
  balanceOpeningStock(accounts[roles.capital[0] as number] as GeneratedAccount, items);
  const books: GeneratedBooks = {
    options: {
      seed: options.seed,
      vouchers: options.vouchers,
      year: options.year,
      stateCode: options.stateCode,
      accounts: options.accounts ?? 300,
      items: options.items ?? 2000,
      endDate,
    },
    organisation: { stateCode: options.stateCode, gstin: organisationGstin },
    accounts,
    items,
    busyDebtor: roles.debtors[0] as number,
    commonSurname: mostCommonSurname(roles.debtors.map((index) => accounts[index]?.name ?? "")),
    roles,
    // A seed of its own, so the vouchers do not shift when the masters' draws change.
    entries: (ids) => new VoucherWriter(books, ids, options.seed ^ 0x5eed).entries(),
  };
  return books;
}

function mostCommonSurname(names: readonly string[]): string {
  let best: string = LAST_NAMES[0];
  let bestCount = 0;
  for (const surname of LAST_NAMES) {
    const count = names.filter((name) => name.split(" ").includes(surname)).length;
    if (count > bestCount) [best, bestCount] = [surname, count];
  }
  return best;
}

/** `count` fresh sales invoices on `date` over the books' masters, for timing saves one at a time. */
export function sampleSalesInvoices(
  books: GeneratedBooks,
  ids: BookIds,
  options: { count: number; date: string; seed: number },
) {
  return new VoucherWriter(books, ids, options.seed).salesInvoices(options.count, options.date);
}
