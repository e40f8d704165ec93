import type {
  ComputedDocument,
  DocumentInput,
  ItemLineInput,
  TotalMismatch,
} from "../../gst/compute/index.ts";
import { checkDeclaredTotals, computeDocument, DocumentError } from "../../gst/compute/index.ts";
import { LedgerError } from "../../ledger/ledger-error.ts";
import { type PostableVoucher, postVoucher } from "../../ledger/post-voucher.ts";
import type { Posting } from "../../ledger/posting.ts";
import type { SystemAccounts } from "../../ledger/system-accounts.ts";
import {
  formatAmount,
  type Paise,
  paiseToRupees,
  quantityToMilli,
  rupeesToPaise,
} from "../../money/index.ts";
import { isCashOrBankNature } from "../../reference/index.ts";
import type {
  FundTransferInput,
  JournalEntryInput,
  PaymentInput,
  ReceiptInput,
} from "../../schemas/account-entries.ts";
import type {
  AccountDetailLine,
  BillWiseAllocation,
  ItemDetailLine,
} from "../../schemas/entry-lines.ts";
import type { BillableType, VoucherFamily } from "../voucher-definition.ts";
import { findConversionSource, getVoucherDefinition, isNoteType } from "../voucher-registry.ts";
import type { PostingVoucherType, VoucherType } from "../voucher-type.ts";
import { applyTds, type TdsFact } from "./apply-tds.ts";
import { EXPORT_SEZ_OPTIONS } from "./document-options.ts";
import type { ItemMaster, PartyMaster } from "./fill-from-masters.ts";
import { locateSupplier, type PartyGstFacts } from "./supplier-state.ts";
import { BILL_WISE_OVER_TOTAL, VoucherError } from "./voucher-error.ts";

/**
 * An account a voucher names, with the GST facts that locate a supplier and the addresses a
 * document's header takes from its party (fillFromMasters).
 */
export interface VoucherAccount extends PartyMaster {
  name: string;
  nature: string;
  active: boolean;
  /** The account's TDS section (issue 39), when it has one. */
  tdsSection?: string | null;
}

/** An item a voucher names, with what a document's line takes from it (fillFromMasters). */
export interface VoucherItem extends ItemMaster {
  name: string;
}

/** What the GST computation of a document needs besides its payload. */
export interface DocumentTaxContext {
  organisation: VoucherContext["organisation"];
  /** The party's account; null before one is chosen. */
  party: PartyGstFacts | null;
}

/** What the engine needs to know about the organisation and the records a voucher names. */
export interface VoucherContext {
  organisation: {
    /** Two-digit state code of the organisation's GSTIN; null when unregistered. */
    stateCode: string | null;
    gstRegistered: boolean;
    gstRegType: string | null;
    manageInventory: boolean;
  };
  systemAccounts: SystemAccounts;
  /** Every account the payload names, by id (the caller loads them; unknown ids are refused). */
  accounts: ReadonlyMap<string, VoucherAccount>;
  /** Every item the payload names, by id. */
  items: ReadonlyMap<string, VoucherItem>;
  /** The `TDS Payable – <section>` ledger of each section an entry deducts under (decision 300). */
  tdsPayableAccounts?: ReadonlyMap<string, string>;
}

export interface StockMovement {
  lineNo: number;
  itemId: string;
  /** Thousandths of a unit; positive in, negative out. */
  quantityMilli: number;
  /** The line's taxable value in paise, signed like the quantity. */
  valuePaise: Paise;
}

/** Money of this voucher set against an invoice (receipt, credit note) or bill (payment, debit note). */
export interface BillAllocation {
  invoiceId: string;
  /** The party the invoice must belong to. */
  partyAccountId: string;
  invoiceType: BillableType;
  /**
   * What is set against the invoice: positive lowers its pending amount; negative raises it (a
   * debit note to a customer made out against the invoice, the registry's `raisesBills`).
   */
  amountPaise: Paise;
  path: string;
}

export interface PreparedVoucher {
  type: VoucherType;
  date: string;
  year: string;
  /** As typed; undefined when the server is to take the next number. */
  number: string | undefined;
  partyAccountId: string | null;
  partyName: string | null;
  /** The amount lists show and sort by. */
  amountPaise: Paise;
  narration: string | null;
  postings: Posting[];
  stock: StockMovement[];
  allocations: BillAllocation[];
  /** The document a converted quotation, order or challan came from. */
  source: { type: VoucherType; id: string } | null;
  /** Lower-cased words the list search matches: number, party, accounts, amount. */
  searchTerms: string[];
  /** The payload as stored and returned, with every amount the server's own. */
  document: Record<string, unknown>;
  /** What it credits a TDS deductee and deducted (decision 300); absent or null when nothing. */
  tds?: TdsFact | null;
}

/** A voucher whose declared totals disagree with the server's computation by more than a paisa. */
export class DeclaredTotalsError extends VoucherError {
  readonly mismatches: TotalMismatch[];

  constructor(mismatches: TotalMismatch[]) {
    super(mismatches.map((m) => m.message).join(" "), "totalAmount");
    this.name = "DeclaredTotalsError";
    this.mismatches = mismatches;
  }
}

type DocumentPayload = {
  date: string;
  year: string;
  invoiceNumber?: string | undefined;
  cashOrDebtorAccountId: string;
  partyName?: string | undefined;
  gstin?: string | undefined;
  pos?: string | undefined;
  importType?: string | undefined;
  rcmApplicable?: boolean | undefined;
  gstPaymentTypeInExportOrSez?: string | undefined;
  roundOff?: boolean | undefined;
  itemDetails: readonly ItemDetailLine[];
  accountDetails: readonly AccountDetailLine[];
  grossAmount?: number | undefined;
  cgstAmount?: number | undefined;
  sgstAmount?: number | undefined;
  igstAmount?: number | undefined;
  roundOffAmount?: number | undefined;
  totalAmount?: number | undefined;
  narration?: string | undefined;
  type?: string | undefined;
  billWiseEntries?: readonly BillWiseAllocation[] | undefined;
  quotationId?: string | undefined;
  salesOrderId?: string | undefined;
  deliveryChallanId?: string | undefined;
  purchaseOrderId?: string | undefined;
};

type SettlementPayload = ReceiptInput | PaymentInput;

/**
 * Turns a validated payload of any of the 12 types into what the server stores: the amounts
 * recomputed, the ledger postings (balanced, or a throw), stock movements and bill allocations.
 * Pure: the caller loads the accounts and items it names into `context`.
 */
export function prepareVoucher(
  type: VoucherType,
  payload: Record<string, unknown>,
  context: VoucherContext,
): PreparedVoucher {
  try {
    const prepared = PREPARE_BY_FAMILY[getVoucherDefinition(type).family](type, payload, context);
    return withTds(type, payload, prepared, context);
  } catch (error) {
    // The rules of gst/compute and ledger speak to the user already; give them a payload path.
    if (error instanceof DocumentError) throw new VoucherError(error.message, pathOf(error.path));
    if (error instanceof LedgerError) throw new VoucherError(error.message, pathOf(error.path));
    throw error;
  }
}

/** An entry's TDS applied to its postings, and the bill's owed amount (decision 300). */
function withTds(
  type: VoucherType,
  payload: Record<string, unknown>,
  prepared: PreparedVoucher,
  context: VoucherContext,
): PreparedVoucher {
  const family = getVoucherDefinition(type).family;
  const documentTotals =
    family === "document"
      ? {
          totalPaise: prepared.amountPaise,
          grossPaise: toPaise(Number(prepared.document.grossAmount ?? 0)),
        }
      : null;
  const applied = applyTds({
    type,
    payload,
    postings: prepared.postings,
    documentTotals,
    accounts: context.accounts,
    tdsPayableAccounts: context.tdsPayableAccounts,
  });
  if (applied.fact === null) return prepared;
  return {
    ...prepared,
    postings: applied.postings,
    amountPaise: applied.owedPaise ?? prepared.amountPaise,
    tds: applied.fact,
  };
}

type PrepareFamily = (
  type: VoucherType,
  payload: Record<string, unknown>,
  context: VoucherContext,
) => PreparedVoucher;

// Keyed by the registry's families: a family without its preparation fails type-checking. The
// payload was validated by its type's schema (ENTRY_INPUT_SCHEMAS), whose shape the cast names.
const PREPARE_BY_FAMILY: Readonly<Record<VoucherFamily, PrepareFamily>> = {
  document: (type, payload, context) => prepareDocument(type, payload as DocumentPayload, context),
  settlement: (type, payload, context) =>
    prepareSettlement(type, payload as SettlementPayload, context),
  transfer: (_type, payload, context) => prepareFundTransfer(payload as FundTransferInput, context),
  journal: (_type, payload, context) => prepareJournal(payload as JournalEntryInput, context),
};

// gst/compute and ledger name their own fields; these are the payload's names for them.
const PAYLOAD_FIELD_NAMES: Record<string, string> = {
  itemLines: "itemDetails",
  accountLines: "accountDetails",
  receivedAmountPaise: "receivedAmount",
  paidAmountPaise: "paidAmount",
  amountPaise: "amount",
  debitPaise: "debitAmount",
  creditPaise: "creditAmount",
};

function pathOf(path: readonly (string | number)[]): string {
  return path.map((part) => PAYLOAD_FIELD_NAMES[part] ?? part).join(".");
}

function requireAccount(context: VoucherContext, accountId: string, path: string) {
  const account = context.accounts.get(accountId);
  if (!account) throw new VoucherError("This account does not exist in the organisation.", path);
  if (!account.active) throw new VoucherError(`The account ${account.name} is inactive.`, path);
  return account;
}

function requireCashOrBank(context: VoucherContext, accountId: string, path: string) {
  const account = requireAccount(context, accountId, path);
  if (!isCashOrBankNature(account.nature)) {
    throw new VoucherError(`${account.name} is not a Cash, Bank or Bank OD/CC account.`, path);
  }
  return account;
}

const toPaise = (rupees: number): Paise => rupeesToPaise(rupees);

function post(voucher: PostableVoucher, context: VoucherContext): Posting[] {
  return postVoucher(voucher, context.systemAccounts);
}

// ---------------------------------------------------------------------------------------------
// Item-line documents: sales, purchases, notes, quotation, orders, delivery challan.

export function toDocumentInput(
  type: VoucherType,
  payload: DocumentPayload,
  context: DocumentTaxContext,
): DocumentInput {
  const { organisation } = context;
  const exportOrSez = EXPORT_SEZ_OPTIONS.find(
    (o) => o.value === payload.gstPaymentTypeInExportOrSez,
  );
  // spec 3 "pos (place of supply)": no place given means the organisation's own state, where
  // goods it sells leave from and goods it buys arrive.
  const placeOfSupply = payload.pos ?? organisation.stateCode ?? "";
  const supplier = locateSupplier(
    getVoucherDefinition(type).partySide ?? "customer",
    organisation.stateCode,
    payload,
    context.party,
  );
  return {
    // A supplier whose state nothing tells is taken to be where the supply is received.
    supplierStateCode: supplier.stateCode ?? placeOfSupply,
    placeOfSupply,
    alwaysInterState: supplier.alwaysInterState,
    // Composition dealers and unregistered businesses charge no GST on their bills.
    gstApplicable:
      organisation.gstRegistered &&
      organisation.stateCode !== null &&
      organisation.gstRegType !== "composition",
    supplyType: exportOrSez?.supplyType ?? "regular",
    exportOrSezPayment: exportOrSez?.payment,
    reverseCharge: payload.rcmApplicable === true,
    roundOff: payload.roundOff !== false,
    itemLines: payload.itemDetails.map(toItemLineInput),
    accountLines: payload.accountDetails.map((line) => ({
      amountPaise: toPaise(line.amount),
      gstRate: line.gstRate,
      cessRate: line.cessRate,
    })),
  };
}

function toItemLineInput(line: ItemDetailLine): ItemLineInput {
  return {
    quantity: line.quantity,
    ratePaise: toPaise(line.rate),
    discount:
      line.discount === 0
        ? undefined
        : line.discountType === "amount"
          ? { kind: "amount", paise: toPaise(line.discount) }
          : { kind: "percent", percent: line.discount },
    gstRate: line.gstRate,
    cessRate: line.cessRate,
  };
}

function prepareDocument(
  type: VoucherType,
  payload: DocumentPayload,
  context: VoucherContext,
): PreparedVoucher {
  const definition = getVoucherDefinition(type);
  const party = requireAccount(context, payload.cashOrDebtorAccountId, "cashOrDebtorAccountId");
  payload.itemDetails.forEach((line, index) => {
    if (!context.items.has(line.itemId)) {
      throw new VoucherError(
        "This item does not exist in the organisation.",
        `itemDetails.${index}.itemId`,
      );
    }
  });
  payload.accountDetails.forEach((line, index) => {
    requireAccount(context, line.accountId, `accountDetails.${index}.accountId`);
  });

  const input = toDocumentInput(type, payload, { organisation: context.organisation, party });
  const computed = computeDocument(input);
  const declared = (rupees: number | undefined) =>
    rupees === undefined ? undefined : toPaise(rupees);
  const mismatches = checkDeclaredTotals(computed, {
    grossPaise: declared(payload.grossAmount),
    cgstPaise: declared(payload.cgstAmount),
    sgstPaise: declared(payload.sgstAmount),
    igstPaise: declared(payload.igstAmount),
    roundOffPaise: declared(payload.roundOffAmount),
    totalPaise: declared(payload.totalAmount),
  });
  if (mismatches.length > 0) throw new DeclaredTotalsError(mismatches);
  const allocatedPaise = (payload.billWiseEntries ?? []).reduce(
    (sum, entry) => sum + toPaise(entry.amount),
    0,
  );
  if (allocatedPaise > computed.totalPaise) {
    throw new VoucherError(BILL_WISE_OVER_TOTAL, "billWiseEntries");
  }

  const postings = definition.posts
    ? post(
        {
          type: type as Exclude<
            PostingVoucherType,
            "receipts" | "payments" | "fundTransfer" | "journalEntry"
          >,
          partyAccountId: payload.cashOrDebtorAccountId,
          computed,
          accountLineAccountIds: payload.accountDetails.map((line) => line.accountId),
        },
        context,
      )
    : [];

  const partyName = payload.partyName ?? party.name;
  return {
    type,
    date: payload.date,
    year: payload.year,
    number: payload.invoiceNumber,
    partyAccountId: payload.cashOrDebtorAccountId,
    partyName,
    amountPaise: computed.totalPaise,
    narration: payload.narration ?? null,
    postings,
    stock: listStockMovements(type, payload, computed, context),
    allocations: listNoteAllocations(type, payload),
    source: findConversionSource(payload),
    searchTerms: [
      payload.invoiceNumber ?? "",
      partyName,
      party.name,
      ...payload.accountDetails.map((line) => context.accounts.get(line.accountId)?.name ?? ""),
      ...amountTerms(computed.totalPaise),
    ],
    document: {
      ...describeComputedDocument(payload, computed, input),
      ...(party.gstType ? { partyGstType: party.gstType } : {}),
    },
  };
}

function listStockMovements(
  type: VoucherType,
  payload: DocumentPayload,
  computed: ComputedDocument,
  context: VoucherContext,
): StockMovement[] {
  const direction = getVoucherDefinition(type).movesStock;
  if (!direction || !context.organisation.manageInventory) return [];
  // A note that only corrects a price moves no goods (docs/decisions/006).
  if (isNoteType(type) && payload.type === "adjustment") return [];
  const sign = direction === "in" ? 1 : -1;
  const movements: StockMovement[] = [];
  payload.itemDetails.forEach((line, index) => {
    if (context.items.get(line.itemId)?.type !== "goods") return;
    movements.push({
      lineNo: index + 1,
      itemId: line.itemId,
      quantityMilli: sign * quantityToMilli(line.quantity),
      valuePaise: sign * (computed.itemLines[index]?.taxablePaise ?? 0),
    });
  });
  return movements;
}

function listNoteAllocations(type: VoucherType, payload: DocumentPayload): BillAllocation[] {
  const definition = getVoucherDefinition(type);
  const invoiceType = definition.settles;
  if (invoiceType === null) return [];
  const sign = definition.raisesBills === true ? -1 : 1;
  return (payload.billWiseEntries ?? []).map((entry, index) => ({
    invoiceId: entry.entryId,
    partyAccountId: payload.cashOrDebtorAccountId,
    invoiceType,
    amountPaise: sign * toPaise(entry.amount),
    path: `billWiseEntries.${index}.amount`,
  }));
}

/** The payload with every amount replaced by the server's computation (the server's figures are the truth). */
function describeComputedDocument(
  payload: DocumentPayload,
  computed: ComputedDocument,
  input: DocumentInput,
) {
  const rupees = paiseToRupees;
  return {
    ...payload,
    itemDetails: payload.itemDetails.map((line, index) => {
      const c = computed.itemLines[index];
      return c
        ? {
            ...line,
            amount: rupees(c.taxablePaise),
            cgstAmount: rupees(c.cgstPaise),
            sgstAmount: rupees(c.sgstPaise),
            igstAmount: rupees(c.igstPaise),
            cessAmount: rupees(c.cessPaise),
          }
        : line;
    }),
    accountDetails: payload.accountDetails.map((line, index) => {
      const c = computed.accountLines[index];
      return c
        ? {
            ...line,
            cgstAmount: rupees(c.cgstPaise),
            sgstAmount: rupees(c.sgstPaise),
            igstAmount: rupees(c.igstPaise),
            cessAmount: rupees(c.cessPaise),
          }
        : line;
    }),
    grossAmount: rupees(computed.grossPaise),
    cgstAmount: rupees(computed.cgstPaise),
    sgstAmount: rupees(computed.sgstPaise),
    igstAmount: rupees(computed.igstPaise),
    cessAmount: rupees(computed.cessPaise),
    roundOffAmount: rupees(computed.roundOffPaise),
    totalAmount: rupees(computed.totalPaise),
    taxKind: computed.taxKind,
    // As decided on the day: returns read these, never today's masters (DESIGN.md 10).
    ...(input.placeOfSupply ? { pos: input.placeOfSupply } : {}),
    ...(input.supplierStateCode ? { supplierStateCode: input.supplierStateCode } : {}),
  };
}

/** "1,180.00", "1180.00" and "1180": the ways a person types an amount into the search box. */
function amountTerms(paise: Paise): string[] {
  const grouped = formatAmount(paise);
  const plain = grouped.replaceAll(",", "");
  return [grouped, plain, plain.replace(/\.00$/, "")];
}

// ---------------------------------------------------------------------------------------------
// Account-line vouchers: receipt, payment, fund transfer, journal.

/** Receipts and payments: money into or out of cash or bank, from or to accounts, bill-wise. */
function prepareSettlement(
  type: VoucherType,
  payload: SettlementPayload,
  context: VoucherContext,
): PreparedVoucher {
  const cashOrBank =
    "receivedAccountId" in payload
      ? {
          accountId: payload.receivedAccountId,
          amount: payload.receivedAmount,
          path: "receivedAccountId",
        }
      : { accountId: payload.paidAccountId, amount: payload.paidAmount, path: "paidAccountId" };
  requireCashOrBank(context, cashOrBank.accountId, cashOrBank.path);
  const entries = payload.entries.map((entry, index) => {
    const account = requireAccount(context, entry.accountId, `entries.${index}.accountId`);
    return { accountId: entry.accountId, amountPaise: toPaise(entry.amount), name: account.name };
  });
  const amountPaise = toPaise(cashOrBank.amount);
  const postings =
    "receivedAccountId" in payload
      ? post(
          {
            type: "receipts",
            receivedAccountId: cashOrBank.accountId,
            receivedAmountPaise: amountPaise,
            entries,
          },
          context,
        )
      : post(
          {
            type: "payments",
            paidAccountId: cashOrBank.accountId,
            paidAmountPaise: amountPaise,
            entries,
          },
          context,
        );
  const invoiceType = getVoucherDefinition(type).settles;
  const allocations: BillAllocation[] =
    invoiceType === null
      ? []
      : payload.entries.flatMap((entry, index) =>
          (entry.billWiseEntries ?? []).map((allocation, allocationIndex) => ({
            invoiceId: allocation.entryId,
            partyAccountId: entry.accountId,
            invoiceType,
            amountPaise: toPaise(allocation.amount),
            path: `entries.${index}.billWiseEntries.${allocationIndex}.amount`,
          })),
        );
  const single = entries.length === 1 ? entries[0] : undefined;
  const cashOrBankName = context.accounts.get(cashOrBank.accountId)?.name ?? "";
  return {
    type,
    date: payload.date,
    year: payload.year,
    number: undefined,
    partyAccountId: single?.accountId ?? null,
    partyName: entries.map((entry) => entry.name).join(", "),
    amountPaise,
    narration: payload.narration ?? null,
    postings,
    stock: [],
    allocations,
    source: null,
    searchTerms: [
      cashOrBankName,
      ...entries.map((entry) => entry.name),
      ...amountTerms(amountPaise),
    ],
    document: { ...payload },
  };
}

function prepareFundTransfer(payload: FundTransferInput, context: VoucherContext): PreparedVoucher {
  const from = requireCashOrBank(context, payload.paidAccountId, "paidAccountId");
  const to = requireCashOrBank(context, payload.receivedAccountId, "receivedAccountId");
  const amountPaise = toPaise(payload.paidAmount);
  if (toPaise(payload.receivedAmount) !== amountPaise) {
    throw new VoucherError("Paid and received amounts must be equal.", "receivedAmount");
  }
  return {
    type: "fundTransfer",
    date: payload.date,
    year: payload.year,
    number: undefined,
    partyAccountId: null,
    partyName: null,
    amountPaise,
    narration: payload.narration ?? null,
    postings: post(
      {
        type: "fundTransfer",
        paidAccountId: payload.paidAccountId,
        receivedAccountId: payload.receivedAccountId,
        amountPaise,
      },
      context,
    ),
    stock: [],
    allocations: [],
    source: null,
    searchTerms: [from.name, to.name, ...amountTerms(amountPaise)],
    document: { ...payload },
  };
}

function prepareJournal(payload: JournalEntryInput, context: VoucherContext): PreparedVoucher {
  const entries = payload.entries.map((entry, index) => {
    const account = requireAccount(context, entry.accountId, `entries.${index}.accountId`);
    return {
      accountId: entry.accountId,
      debitPaise: toPaise(entry.debitAmount),
      creditPaise: toPaise(entry.creditAmount),
      name: account.name,
    };
  });
  const postings = post({ type: "journalEntry", entries }, context);
  const amountPaise = entries.reduce((total, entry) => total + entry.debitPaise, 0);
  return {
    type: "journalEntry",
    date: payload.date,
    year: payload.year,
    number: payload.voucherNumber,
    partyAccountId: null,
    partyName: null,
    amountPaise,
    narration: payload.narration ?? null,
    postings,
    stock: [],
    allocations: [],
    source: null,
    searchTerms: [...entries.map((entry) => entry.name), ...amountTerms(amountPaise)],
    document: { ...payload },
  };
}
