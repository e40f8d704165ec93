import {
  type CivilDate,
  type ComputedDocument,
  type ComputedLine,
  computeDocument,
  type DiscountType,
  DocumentError,
  type DocumentTaxContext,
  defaultEntryDate,
  EXPORT_SEZ_OPTIONS,
  getVoucherDefinition,
  isNoteType,
  offersNoteKind,
  type Paise,
  type PartyGstFacts,
  paiseToRupees,
  parseAmount,
  partyPlaceOfSupply,
  rupeesToPaise,
  type StoredAccountLine,
  type StoredDocument,
  type StoredItemLine,
  toDocumentInput,
  VOUCHER_TYPES,
  type VoucherType,
} from "@bahi/domain";
import {
  cleanCustomFieldValues,
  type EntryContext,
  type EntryMode,
  newLineKey,
  type OrganisationFacts,
  readArray,
  readCustomFieldValues,
  readNumber,
  readString,
  type StoredEntry,
  textOrUndefined,
} from "./entry-context.ts";

// The item-line documents (sales, purchase, notes, quotation, orders, challan): one form model,
// the per-type differences read from the registry and the payload schemas.

export interface ItemLineForm {
  key: string;
  itemId: string | null;
  itemName: string;
  itemType: "goods" | "services" | null;
  description: string;
  /** The HSN code of goods or the SAC of services; the payload puts it under hsnCode or sacCode. */
  hsnSac: string;
  /** As typed: a number with up to 3 decimals. */
  quantity: string;
  uom: string;
  ratePaise: Paise;
  discountType: DiscountType;
  /** As typed: a percentage (≤ 100, 2 decimals) or rupees, by discountType. */
  discount: string;
  gstRate: number;
  cessRate: number | undefined;
}

export interface AccountLineForm {
  key: string;
  accountId: string | null;
  description: string;
  amountPaise: Paise;
  gstRate: number;
}

/** Money of a credit or debit note set against an invoice or bill. */
export interface AllocationForm {
  entryId: string;
  invoiceNumber: string;
  date: string;
  totalPaise: Paise;
  pendingPaise: Paise;
  amountPaise: Paise;
  /** What the saved entry (on edit) had set against this bill: the bill's pending excludes it. */
  savedPaise?: Paise;
}

/** The conversion a sales invoice or purchase was made from (spec 2.6). */
export type SourceLink = { param: string; id: string } | null;

export interface DocumentForm {
  kind: "document";
  date: CivilDate;
  dueDate: CivilDate | "";
  invoiceNumber: string;
  /** The number field holds the suggested next number, untouched: saving asks the server for it. */
  numberIsSuggestion: boolean;
  cashOrDebtorAccountId: string | null;
  partyName: string;
  billingAddress: string;
  shippingAddress: string;
  gstin: string;
  pos: string;
  /** The party's GST facts, which locate a supplier on purchase-side documents (domain's toDocumentInput). */
  partyGst: PartyGstFacts | null;
  rcmApplicable: boolean;
  rcmGstType: string;
  gstPaymentTypeInExportOrSez: string;
  /** An export invoice's shipping bill (GSTR-1 exp sbpcode, sbnum, sbdt). */
  portCode: string;
  shippingBillNumber: string;
  /** The destination country of an export, ISO 3166 alpha-2 (the e-invoice's ExpDtls.CntCode). */
  countryCode: string;
  shippingBillDate: string;
  importType: string;
  noteType: string;
  /** Goods on the move (issue 24): the types the registry gives a `transport` fact. */
  transport: TransportForm;
  roundOff: boolean;
  notes: string;
  narration: string;
  customFieldValues: Record<string, string>;
  itemLines: ItemLineForm[];
  accountLines: AccountLineForm[];
  billWiseEntries: AllocationForm[];
  source: SourceLink;
}

/** The Transport Details section, as typed. */
export interface TransportForm {
  transporterId: string;
  transporterName: string;
  mode: string;
  vehicleNumber: string;
  vehicleType: string;
  distanceKm: string;
  documentNumber: string;
  documentDate: string;
}

export function emptyTransportForm(): TransportForm {
  return {
    transporterId: "",
    transporterName: "",
    mode: "",
    vehicleNumber: "",
    vehicleType: "",
    distanceKm: "",
    documentNumber: "",
    documentDate: "",
  };
}

/** The payload's `transport`, or undefined when nothing was typed. */
export function buildTransportPayload(form: TransportForm): Record<string, unknown> | undefined {
  const distance = form.distanceKm.trim();
  const payload: Record<string, unknown> = {
    transporterId: textOrUndefined(form.transporterId),
    transporterName: textOrUndefined(form.transporterName),
    mode: textOrUndefined(form.mode),
    vehicleNumber: textOrUndefined(form.vehicleNumber),
    vehicleType: textOrUndefined(form.vehicleType),
    // A typed distance that is not a number goes as typed: the schema names the mistake.
    distanceKm: distance === "" ? undefined : /^\d+$/.test(distance) ? Number(distance) : distance,
    documentNumber: textOrUndefined(form.documentNumber),
    documentDate: textOrUndefined(form.documentDate),
  };
  return Object.values(payload).some((value) => value !== undefined) ? payload : undefined;
}

function readTransport(entry: StoredEntry): TransportForm {
  const stored = entry.transport;
  if (!stored || typeof stored !== "object") return emptyTransportForm();
  const raw = stored as StoredEntry;
  const distance = readNumber(raw, "distanceKm");
  return {
    transporterId: readString(raw, "transporterId"),
    transporterName: readString(raw, "transporterName"),
    mode: readString(raw, "mode"),
    vehicleNumber: readString(raw, "vehicleNumber"),
    vehicleType: readString(raw, "vehicleType"),
    distanceKm: typeof raw.distanceKm === "number" ? String(distance) : "",
    documentNumber: readString(raw, "documentNumber"),
    documentDate: readString(raw, "documentDate"),
  };
}

/** Which header fields a document type has (registry + domain/src/schemas' payload per family). */
export interface DocumentFields {
  dueDate: boolean;
  /** Purchase and purchase order (schemas: IMPORT_FIELDS). */
  importType: boolean;
  /** Credit and debit notes, either side: the invoices or bills they are set against. */
  noteFields: boolean;
  /** Notes that move goods: returned goods or a price adjustment (schemas: NOTE_FIELDS `type`). */
  noteKind: boolean;
  /**
   * Every note (decision 067): the header picks the invoice or bill it is made out against. A
   * note that raises it (the registry's `raisesBills`: the debit note to a customer) sets its
   * whole total against it; a return note (credit note, purchase-side debit note) its total up
   * to what is pending there, as the bill-wise allocation of notes always did.
   */
  againstInvoice: boolean;
  /** The registry's `raisesBills`: the note adds to what is pending on its invoice. */
  raisesBills: boolean;
  /** Supplies the organisation makes: export or SEZ, with or without payment. */
  exportOrSez: boolean;
  /** An outward supply (the registry's gstReturn role): an export carries its shipping bill. */
  shippingBill: boolean;
  /** The query parameters of the conversions into this type (spec 2.6). */
  sourceParams: readonly string[];
  /** Transport details (the registry's `transport` fact). */
  transport: boolean;
  partySide: "customer" | "supplier";
}

/** Whether the chosen supply is an export (with or without payment): it has a shipping bill. */
export function isExportChoice(value: string): boolean {
  return EXPORT_SEZ_OPTIONS.some(
    (option) => option.value === value && option.supplyType === "export",
  );
}

export function describeDocumentFields(type: VoucherType): DocumentFields {
  const definition = getVoucherDefinition(type);
  const partySide = definition.partySide ?? "customer";
  return {
    dueDate: definition.hasDueDate,
    importType: definition.acceptsImports,
    noteFields: isNoteType(type),
    noteKind: offersNoteKind(type),
    againstInvoice: isNoteType(type),
    raisesBills: isNoteType(type) && definition.raisesBills === true,
    exportOrSez: partySide === "customer",
    shippingBill: definition.gstReturn.role === "outwardSupply",
    transport: definition.transport !== null,
    sourceParams: VOUCHER_TYPES.flatMap((from) =>
      getVoucherDefinition(from)
        .conversions.filter((conversion) => conversion.into === type)
        .map((conversion) => conversion.queryParam),
    ),
    partySide,
  };
}

/** RCM fields are offered to GST-registered regular organisations (spec 5 filter rules alike). */
export function offersReverseCharge(organisation: OrganisationFacts): boolean {
  return organisation.gstRegistered && (organisation.gstRegType ?? "").toLowerCase() === "regular";
}

export function emptyItemLine(): ItemLineForm {
  return {
    key: newLineKey(),
    itemId: null,
    itemName: "",
    itemType: null,
    description: "",
    hsnSac: "",
    quantity: "",
    uom: "",
    ratePaise: 0,
    discountType: "percent",
    discount: "",
    gstRate: 0,
    cessRate: undefined,
  };
}

export function emptyAccountLine(): AccountLineForm {
  return { key: newLineKey(), accountId: null, description: "", amountPaise: 0, gstRate: 0 };
}

export function isBlankItemLine(line: ItemLineForm): boolean {
  return line.itemId === null;
}

export function emptyDocumentForm(context: EntryContext): DocumentForm {
  return {
    kind: "document",
    date: defaultEntryDate(context.year, context.today),
    dueDate: "",
    invoiceNumber: "",
    numberIsSuggestion: false,
    cashOrDebtorAccountId: null,
    partyName: "",
    billingAddress: "",
    shippingAddress: "",
    gstin: "",
    pos: context.organisation.stateCode ?? "",
    partyGst: null,
    rcmApplicable: false,
    rcmGstType: "",
    gstPaymentTypeInExportOrSez: "",
    portCode: "",
    shippingBillNumber: "",
    countryCode: "",
    shippingBillDate: "",
    importType: "",
    noteType: "",
    transport: emptyTransportForm(),
    roundOff: true,
    notes: "",
    narration: "",
    customFieldValues: {},
    itemLines: [emptyItemLine()],
    accountLines: [],
    billWiseEntries: [],
    source: null,
  };
}

/** An item as GET /item/itemlist answers it. */
export interface ItemRecord {
  _id: string;
  name: string;
  description?: string | null;
  type: "goods" | "services";
  uom?: string | null;
  hsnCode?: string | null;
  sacCode?: string | null;
  gstRate?: number | null;
  cessRate?: number | null;
  standardSellingPrice?: number | null;
  standardSaleDiscount?: number | null;
  standardPurchasePrice?: number | null;
  standardPurchaseDiscount?: number | null;
}

function rupeesOrZero(value: number | null | undefined): Paise {
  return typeof value === "number" && Number.isFinite(value) ? rupeesToPaise(value) : 0;
}

/**
 * Picking an item fills the line from it: unit, HSN/SAC, GST rate, and the standard price and
 * discount of the side (selling on sales-like documents, purchase on purchase-like ones).
 */
export function applyItemToLine(
  line: ItemLineForm,
  item: ItemRecord,
  side: "customer" | "supplier",
): ItemLineForm {
  const price = side === "customer" ? item.standardSellingPrice : item.standardPurchasePrice;
  const discount = side === "customer" ? item.standardSaleDiscount : item.standardPurchaseDiscount;
  return {
    ...line,
    itemId: item._id,
    itemName: item.name,
    itemType: item.type,
    hsnSac: (item.type === "services" ? item.sacCode : item.hsnCode) ?? "",
    uom: item.uom ?? "",
    quantity: line.quantity.trim() === "" ? "1" : line.quantity,
    ratePaise: rupeesOrZero(price),
    discountType: "percent",
    discount: discount ? String(discount) : "",
    gstRate: typeof item.gstRate === "number" ? item.gstRate : 0,
    cessRate: item.cessRate ? item.cessRate : undefined,
  };
}

/** An account as GET /account/getsingleaccountdetails answers it. */
export interface PartyRecord {
  _id: string;
  name: string;
  nature?: string | null;
  state?: string | null;
  gstin?: string | null;
  gstType?: string | null;
  billingAddress?: string | null;
  shippingAddress?: string | null;
  rcmSales?: boolean | null;
  rcmPurchase?: boolean | null;
}

/**
 * The place of supply a party implies (gst-reference §7). A sale goes where the customer is: a
 * registered party's GSTIN state, an overseas party's 96, else the party's state, else the
 * organisation's own state. Goods and services bought are received at the organisation's own
 * state (the person may change it, for a branch elsewhere).
 */
export function defaultPlaceOfSupply(
  party: PartyRecord,
  organisation: OrganisationFacts,
  side: "customer" | "supplier",
): string {
  // domain's rule, which the server also applies to a payload that leaves pos out (decision 210).
  return partyPlaceOfSupply(
    { gstin: party.gstin ?? null, stateCode: party.state ?? null, gstType: party.gstType ?? null },
    organisation.stateCode,
    side,
  );
}

/** Choosing the party fills the header from the account: name, addresses, GSTIN, place of supply, RCM. */
export function applyPartyToDocument(
  form: DocumentForm,
  party: PartyRecord,
  context: EntryContext,
): DocumentForm {
  const side = describeDocumentFields(context.type).partySide;
  const reverseCharge =
    offersReverseCharge(context.organisation) &&
    (side === "customer" ? party.rcmSales === true : party.rcmPurchase === true);
  return {
    ...form,
    cashOrDebtorAccountId: party._id,
    partyName: party.name,
    billingAddress: party.billingAddress ?? "",
    shippingAddress: party.shippingAddress ?? "",
    gstin: party.gstin ?? "",
    pos: defaultPlaceOfSupply(party, context.organisation, side),
    partyGst: {
      gstin: party.gstin ?? null,
      stateCode: readPartyStateCode(party.state),
      gstType: party.gstType ?? null,
    },
    rcmApplicable: reverseCharge,
    rcmGstType: reverseCharge ? defaultRcmGstType(party) : "",
    billWiseEntries: form.cashOrDebtorAccountId === party._id ? form.billWiseEntries : [],
  };
}

/**
 * An account's state as a two-digit code, or null when it has none: the API answers '-1' for an
 * account without a state (the Cash account, a supplier typed without one), which would otherwise
 * stop the tax being worked out ("Supplier state must be a two-digit state code"). With none, the
 * supplier is taken to be where the supply is received (domain's locateSupplier).
 */
export function readPartyStateCode(state: string | null | undefined): string | null {
  return state && /^\d{1,2}$/.test(state) ? state.padStart(2, "0") : null;
}

/** s.9(4) for a supplier without a GSTIN, else s.9(3) notified supplies. */
export function defaultRcmGstType(party: Pick<PartyRecord, "gstin">): string {
  return party.gstin ? "notified" : "unregistered";
}

/** Ticking reverse charge picks a reason at once, so the choice is never missing. */
export function setReverseCharge(form: DocumentForm, rcmApplicable: boolean): DocumentForm {
  return {
    ...form,
    rcmApplicable,
    rcmGstType: rcmApplicable ? form.rcmGstType || defaultRcmGstType({ gstin: form.gstin }) : "",
  };
}

// ---------------------------------------------------------------------------------------------
// Reading what was typed.

const QUANTITY_TEXT = /^\d*(?:\.\d{0,3})?$/;
const PERCENT_TEXT = /^\d*(?:\.\d{0,2})?$/;

/** A typed quantity as a number; NaN for anything that is not one (up to 3 decimals). */
export function readQuantity(text: string): number {
  const cleaned = text.trim().replaceAll(",", "");
  if (cleaned === "" || !QUANTITY_TEXT.test(cleaned) || cleaned === ".") return Number.NaN;
  return Number(cleaned);
}

/** A typed discount in the payload's unit: percent, or rupees. */
export function readDiscount(line: Pick<ItemLineForm, "discount" | "discountType">): number {
  const text = line.discount.trim().replaceAll(",", "");
  if (text === "") return 0;
  if (line.discountType === "amount") return paiseToRupees(parseAmount(text));
  return PERCENT_TEXT.test(text) && text !== "." ? Number(text) : Number.NaN;
}

// ---------------------------------------------------------------------------------------------
// The payload and the live computation: THE same mapping the server uses (toDocumentInput).

type ItemDetail = {
  itemId: string;
  description?: string;
  hsnCode?: string;
  sacCode?: string;
  quantity: number;
  uom?: string;
  rate: number;
  discountType: DiscountType;
  discount: number;
  gstRate: number;
  cessRate?: number;
  amount: number;
  cgstAmount?: number;
  sgstAmount?: number;
  igstAmount?: number;
  cessAmount?: number;
};

type AccountDetail = {
  accountId: string;
  amount: number;
  gstRate: number;
  description?: string;
  cgstAmount?: number;
  sgstAmount?: number;
  igstAmount?: number;
};

/** The lines the payload carries, and which form line each came from. */
export interface DocumentLines {
  itemDetails: ItemDetail[];
  accountDetails: AccountDetail[];
  /** itemDetails[i] came from form.itemLines[itemLineIndexes[i]]. */
  itemLineIndexes: number[];
  accountLineIndexes: number[];
}

function collectLines(form: DocumentForm): DocumentLines {
  const itemDetails: ItemDetail[] = [];
  const itemLineIndexes: number[] = [];
  form.itemLines.forEach((line, index) => {
    if (line.itemId === null) return;
    // The code and unit go as shown, blank included: a field left out is the server's to fill
    // from the item (decision 210), and a cleared one must stay cleared.
    const code = line.hsnSac.trim();
    itemDetails.push({
      itemId: line.itemId,
      ...(textOrUndefined(line.description) ? { description: line.description.trim() } : {}),
      ...(line.itemType === "services" ? { sacCode: code } : { hsnCode: code }),
      quantity: readQuantity(line.quantity),
      uom: line.uom.trim(),
      rate: paiseToRupees(line.ratePaise),
      discountType: line.discountType,
      discount: readDiscount(line),
      gstRate: line.gstRate,
      ...(line.cessRate !== undefined ? { cessRate: line.cessRate } : {}),
      amount: 0,
    });
    itemLineIndexes.push(index);
  });
  const accountDetails: AccountDetail[] = [];
  const accountLineIndexes: number[] = [];
  form.accountLines.forEach((line, index) => {
    if (line.accountId === null) return;
    accountDetails.push({
      accountId: line.accountId,
      amount: paiseToRupees(line.amountPaise),
      gstRate: line.gstRate,
      ...(textOrUndefined(line.description) ? { description: line.description.trim() } : {}),
    });
    accountLineIndexes.push(index);
  });
  return { itemDetails, accountDetails, itemLineIndexes, accountLineIndexes };
}

export interface DocumentComputation {
  computed: ComputedDocument | null;
  /** Why the lines cannot be computed yet (a quantity that is not a number, a discount too big). */
  error: { message: string; path: string } | null;
  lines: DocumentLines;
  /** The computed line of each form item line (undefined for blank or unreadable lines). */
  itemLineResults: (ComputedLine | undefined)[];
  accountLineResults: (ComputedLine | undefined)[];
}

function organisationTaxFacts(organisation: OrganisationFacts): DocumentTaxContext["organisation"] {
  return {
    stateCode: organisation.stateCode,
    gstRegistered: organisation.gstRegistered,
    gstRegType: organisation.gstRegType,
    manageInventory: organisation.manageInventory,
  };
}

/** Lines whose numbers cannot be read yet are computed as zero so the rest still add up. */
function computableLines(lines: DocumentLines): DocumentLines {
  return {
    ...lines,
    itemDetails: lines.itemDetails.map((line) => ({
      ...line,
      quantity: Number.isFinite(line.quantity) ? line.quantity : 0,
      discount: Number.isFinite(line.discount) ? line.discount : 0,
    })),
  };
}

/**
 * The live totals: the form's lines through domain's toDocumentInput and computeDocument, the
 * very functions the server runs on save, so what the screen shows is what the server stores.
 */
export function computeDocumentForm(
  form: DocumentForm,
  type: VoucherType,
  organisation: OrganisationFacts,
): DocumentComputation {
  const lines = collectLines(form);
  const itemLineResults: (ComputedLine | undefined)[] = form.itemLines.map(() => undefined);
  const accountLineResults: (ComputedLine | undefined)[] = form.accountLines.map(() => undefined);
  try {
    const computable = computableLines(lines);
    const computed = computeDocument(
      toDocumentInput(
        type,
        {
          date: form.date,
          year: "",
          cashOrDebtorAccountId: form.cashOrDebtorAccountId ?? "",
          pos: textOrUndefined(form.pos),
          gstin: textOrUndefined(form.gstin),
          importType: textOrUndefined(form.importType),
          rcmApplicable: form.rcmApplicable,
          gstPaymentTypeInExportOrSez: textOrUndefined(form.gstPaymentTypeInExportOrSez),
          roundOff: form.roundOff,
          itemDetails: computable.itemDetails,
          accountDetails: computable.accountDetails,
          grossAmount: 0,
          cgstAmount: 0,
          sgstAmount: 0,
          igstAmount: 0,
          roundOffAmount: 0,
          totalAmount: 0,
        },
        { organisation: organisationTaxFacts(organisation), party: form.partyGst },
      ),
    );
    computed.itemLines.forEach((line, index) => {
      const formIndex = lines.itemLineIndexes[index];
      if (formIndex !== undefined) itemLineResults[formIndex] = line;
    });
    computed.accountLines.forEach((line, index) => {
      const formIndex = lines.accountLineIndexes[index];
      if (formIndex !== undefined) accountLineResults[formIndex] = line;
    });
    return { computed, error: null, lines, itemLineResults, accountLineResults };
  } catch (error) {
    if (!(error instanceof DocumentError) && !(error instanceof RangeError)) throw error;
    const path = error instanceof DocumentError ? mapComputePath(error.path, lines) : "itemDetails";
    return {
      computed: null,
      error: { message: error.message, path },
      lines,
      itemLineResults,
      accountLineResults,
    };
  }
}

/**
 * A saved document shown read-only (an old version) with the amounts it was saved with, read by
 * the domain's readStoredDocument, not the live rule's: documents saved before CGST and SGST were each computed at half the rate keep their
 * halves (decision 099). Each line's and the document's CGST, SGST, IGST, cess, round off and
 * total come from the saved entry; the computation is returned as it is when it failed or when
 * the saved lines do not match its lines one for one.
 */
export function withSavedAmounts(
  computation: DocumentComputation,
  saved: StoredDocument,
): DocumentComputation {
  const { computed } = computation;
  if (
    computed === null ||
    saved.itemLines.length !== computed.itemLines.length ||
    saved.accountLines.length !== computed.accountLines.length
  ) {
    return computation;
  }
  const charged = (tax: Paise) => (computed.reverseCharge ? 0 : tax);
  const savedLine = (
    line: ComputedLine,
    stored: StoredItemLine | StoredAccountLine | undefined,
  ) => {
    if (!stored) return line;
    const { cgstPaise, sgstPaise, igstPaise, cessPaise } = stored;
    const taxPaise = cgstPaise + sgstPaise + igstPaise + cessPaise;
    const totalPaise = line.taxablePaise + charged(taxPaise);
    return { ...line, cgstPaise, sgstPaise, igstPaise, cessPaise, taxPaise, totalPaise };
  };
  const itemLines = computed.itemLines.map((line, index) =>
    savedLine(line, saved.itemLines[index]),
  );
  const accountLines = computed.accountLines.map((line, index) =>
    savedLine(line, saved.accountLines[index]),
  );
  const lines = [...itemLines, ...accountLines];
  const { cgstPaise, sgstPaise, igstPaise, cessPaise } = saved;
  const taxPaise = cgstPaise + sgstPaise + igstPaise + cessPaise;
  const rateSummary = computed.rateSummary.map((row) => {
    const atRate = lines.filter((line) => line.gstRate === row.gstRate);
    const add = (pick: (line: ComputedLine) => Paise) =>
      atRate.reduce((total, line) => total + pick(line), 0);
    return {
      ...row,
      cgstPaise: add((line) => line.cgstPaise),
      sgstPaise: add((line) => line.sgstPaise),
      igstPaise: add((line) => line.igstPaise),
      cessPaise: add((line) => line.cessPaise),
    };
  });
  const document: ComputedDocument = {
    ...computed,
    itemLines,
    accountLines,
    cgstPaise,
    sgstPaise,
    igstPaise,
    cessPaise,
    taxPaise,
    chargedTaxPaise: charged(taxPaise),
    roundOffPaise: saved.roundOffPaise,
    totalPaise: saved.totalPaise,
    rateSummary,
  };
  const itemLineResults = computation.itemLineResults.map((line) =>
    line === undefined ? undefined : itemLines[computed.itemLines.indexOf(line)],
  );
  const accountLineResults = computation.accountLineResults.map((line) =>
    line === undefined ? undefined : accountLines[computed.accountLines.indexOf(line)],
  );
  return { ...computation, computed: document, itemLineResults, accountLineResults };
}

function mapComputePath(path: readonly (string | number)[], lines: DocumentLines): string {
  const [list, index, field] = path;
  if (list === "itemLines" && typeof index === "number") {
    return `itemLines.${lines.itemLineIndexes[index] ?? index}${field ? `.${String(field)}` : ""}`;
  }
  if (list === "accountLines" && typeof index === "number") {
    return `accountLines.${lines.accountLineIndexes[index] ?? index}${field ? `.${String(field)}` : ""}`;
  }
  return path.map(String).join(".");
}

const rupees = paiseToRupees;

/**
 * The payload of api.md 3 for this form, with the declared totals of the live computation (the
 * server refuses any that differ by more than a paisa). Never throws: a half-filled form gives a
 * half-filled payload, which the schema then explains.
 */
export function buildDocumentPayload(
  form: DocumentForm,
  context: EntryContext,
  options: EntrySaveOptions,
): Record<string, unknown> {
  const fields = describeDocumentFields(context.type);
  const { computed, lines } = computeDocumentForm(form, context.type, context.organisation);
  const itemDetails = lines.itemDetails.map((line, index) => {
    const result = computed?.itemLines[index];
    return result
      ? {
          ...line,
          amount: rupees(result.taxablePaise),
          cgstAmount: rupees(result.cgstPaise),
          sgstAmount: rupees(result.sgstPaise),
          igstAmount: rupees(result.igstPaise),
          cessAmount: rupees(result.cessPaise),
        }
      : line;
  });
  const accountDetails = lines.accountDetails.map((line, index) => {
    const result = computed?.accountLines[index];
    return result
      ? {
          ...line,
          cgstAmount: rupees(result.cgstPaise),
          sgstAmount: rupees(result.sgstPaise),
          igstAmount: rupees(result.igstPaise),
        }
      : line;
  });
  const payload: Record<string, unknown> = {
    organisationId: context.organisationId,
    year: context.year,
    date: form.date,
    invoiceNumber:
      options.mode !== "edit" && form.numberIsSuggestion
        ? undefined
        : textOrUndefined(form.invoiceNumber),
    cashOrDebtorAccountId: form.cashOrDebtorAccountId ?? "",
    // As shown, blank included: what a payload leaves out the server fills from the party
    // (decision 210), and what the person cleared must stay cleared.
    partyName: form.partyName.trim(),
    billingAddress: form.billingAddress.trim(),
    shippingAddress: form.shippingAddress.trim(),
    gstin: form.gstin.trim(),
    pos: form.pos.trim(),
    rcmApplicable: form.rcmApplicable,
    rcmGstType: form.rcmApplicable ? textOrUndefined(form.rcmGstType) : undefined,
    gstPaymentTypeInExportOrSez: fields.exportOrSez
      ? textOrUndefined(form.gstPaymentTypeInExportOrSez)
      : undefined,
    ...(fields.shippingBill && isExportChoice(form.gstPaymentTypeInExportOrSez)
      ? {
          portCode: textOrUndefined(form.portCode),
          shippingBillNumber: textOrUndefined(form.shippingBillNumber),
          shippingBillDate: textOrUndefined(form.shippingBillDate),
          countryCode: textOrUndefined(form.countryCode.toUpperCase()),
        }
      : {}),
    roundOff: form.roundOff,
    itemDetails,
    accountDetails,
    notes: textOrUndefined(form.notes),
    narration: textOrUndefined(form.narration),
    grossAmount: rupees(computed?.grossPaise ?? 0),
    cgstAmount: rupees(computed?.cgstPaise ?? 0),
    sgstAmount: rupees(computed?.sgstPaise ?? 0),
    igstAmount: rupees(computed?.igstPaise ?? 0),
    roundOffAmount: rupees(computed?.roundOffPaise ?? 0),
    totalAmount: rupees(computed?.totalPaise ?? 0),
    customFieldValues: cleanCustomFieldValues(form.customFieldValues),
  };
  if (fields.dueDate) payload.dueDate = textOrUndefined(form.dueDate);
  if (fields.importType) payload.importType = textOrUndefined(form.importType);
  if (fields.transport) {
    // A converted document whose transport was cleared says so: the server would otherwise
    // bring the source's (a delivery challan's) details.
    const emptied = options.mode === "add" && form.source !== null ? {} : undefined;
    payload.transport = buildTransportPayload(form.transport) ?? emptied;
  }
  if (fields.noteKind) payload.type = textOrUndefined(form.noteType);
  const totalPaise = computed?.totalPaise ?? 0;
  if (fields.raisesBills) {
    // One invoice, the note's whole total set against it (it raises what is due there).
    payload.billWiseEntries = form.billWiseEntries
      .slice(0, 1)
      .flatMap((allocation) =>
        totalPaise > 0 ? [{ entryId: allocation.entryId, amount: rupees(totalPaise) }] : [],
      );
  } else if (fields.noteFields) {
    // A saved allocation keeps its amount; an invoice chosen in the header takes the note's
    // total, up to what is pending on it (the server refuses more).
    payload.billWiseEntries = form.billWiseEntries.flatMap((allocation) => {
      const paise =
        allocation.amountPaise > 0
          ? allocation.amountPaise
          : Math.min(totalPaise, allocation.pendingPaise);
      return paise > 0 ? [{ entryId: allocation.entryId, amount: rupees(paise) }] : [];
    });
  }
  if (form.source && fields.sourceParams.includes(form.source.param)) {
    payload[form.source.param] = form.source.id;
  }
  return finishEntryPayload(payload, options);
}

/** How a form is saved: as a new entry, or as an edit of this entry at the version read. */
export type EntrySaveOptions = { mode: EntryMode; entryId?: string; version?: number };

/** The payload as sent: an edit names the entry and the version edited; no undefined values. */
export function finishEntryPayload(
  payload: Record<string, unknown>,
  options: EntrySaveOptions,
): Record<string, unknown> {
  if (options.mode === "edit") {
    payload.entryId = options.entryId;
    payload.version = options.version;
  }
  return dropUndefined(payload);
}

export function dropUndefined(payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined));
}

/**
 * A payload path of a schema or server error, in the form's terms: itemDetails.2.quantity is
 * the third line the payload carries, which may be the fourth line on screen.
 */
export function mapDocumentErrorPath(path: string, lines: DocumentLines): string {
  const match = /^(itemDetails|accountDetails)\.(\d+)(\..*)?$/.exec(path);
  if (!match) return path;
  const [, list, index, rest = ""] = match;
  const indexes = list === "itemDetails" ? lines.itemLineIndexes : lines.accountLineIndexes;
  const formIndex = indexes[Number(index)] ?? Number(index);
  return `${list === "itemDetails" ? "itemLines" : "accountLines"}.${formIndex}${rest}`;
}

// ---------------------------------------------------------------------------------------------
// From a stored entry (edit, duplicate, old version, a template, a converted document).

export interface NamedRecords {
  itemName: (itemId: string) => { name: string; type: "goods" | "services" | null };
}

function readItemLine(stored: StoredEntry, names: NamedRecords): ItemLineForm {
  const itemId = readString(stored, "itemId");
  const { name, type } = names.itemName(itemId);
  const sac = readString(stored, "sacCode");
  const discountType = readString(stored, "discountType") === "amount" ? "amount" : "percent";
  const discount = readNumber(stored, "discount");
  return {
    key: newLineKey(),
    itemId: itemId || null,
    itemName: name,
    itemType: type ?? (sac ? "services" : "goods"),
    description: readString(stored, "description"),
    hsnSac: readString(stored, "hsnCode") || sac,
    quantity: readString(stored, "quantity"),
    uom: readString(stored, "uom"),
    ratePaise: rupeesToPaise(readNumber(stored, "rate")),
    discountType,
    discount: discount === 0 ? "" : String(discount),
    gstRate: readNumber(stored, "gstRate"),
    cessRate:
      typeof stored.cessRate === "number" && stored.cessRate > 0 ? stored.cessRate : undefined,
  };
}

function readAccountLine(stored: StoredEntry): AccountLineForm {
  const accountId = readString(stored, "accountId");
  return {
    key: newLineKey(),
    accountId: accountId || null,
    description: readString(stored, "description"),
    amountPaise: rupeesToPaise(readNumber(stored, "amount")),
    gstRate: readNumber(stored, "gstRate"),
  };
}

/**
 * A stored document as a form. `copy` (duplicate, template, conversion) keeps the party and the
 * lines but not the identity: no number, today's date, no allocations, no source.
 */
export function documentFormFromEntry(
  entry: StoredEntry,
  context: EntryContext,
  names: NamedRecords,
  options: { copy: boolean },
): DocumentForm {
  const empty = emptyDocumentForm(context);
  const fields = describeDocumentFields(context.type);
  const itemLines = readArray(entry, "itemDetails").map((line) => readItemLine(line, names));
  const storedDate = readString(entry, "date");
  const date = options.copy || !storedDate ? empty.date : storedDate;
  return {
    ...empty,
    date,
    dueDate: options.copy || !fields.dueDate ? "" : readString(entry, "dueDate"),
    invoiceNumber: options.copy
      ? ""
      : readString(entry, "number") || readString(entry, "invoiceNumber"),
    cashOrDebtorAccountId: readString(entry, "cashOrDebtorAccountId") || null,
    partyName: readString(entry, "partyName"),
    billingAddress: readString(entry, "billingAddress"),
    shippingAddress: readString(entry, "shippingAddress"),
    gstin: readString(entry, "gstin"),
    pos: readString(entry, "pos") || empty.pos,
    // What the server located the supplier by when it saved (its document keeps them).
    partyGst: {
      gstin: readString(entry, "gstin") || null,
      stateCode:
        fields.partySide === "supplier" ? readString(entry, "supplierStateCode") || null : null,
      gstType: readString(entry, "partyGstType") || null,
    },
    rcmApplicable: entry.rcmApplicable === true,
    rcmGstType: readString(entry, "rcmGstType"),
    gstPaymentTypeInExportOrSez: fields.exportOrSez
      ? readString(entry, "gstPaymentTypeInExportOrSez")
      : "",
    portCode: fields.shippingBill ? readString(entry, "portCode") : "",
    shippingBillNumber: fields.shippingBill ? readString(entry, "shippingBillNumber") : "",
    shippingBillDate: fields.shippingBill ? readString(entry, "shippingBillDate") : "",
    countryCode: fields.shippingBill ? readString(entry, "countryCode") : "",
    importType: fields.importType ? readString(entry, "importType") : "",
    noteType: fields.noteKind ? readString(entry, "type") : "",
    transport: fields.transport ? readTransport(entry) : emptyTransportForm(),
    roundOff: entry.roundOff !== false,
    notes: readString(entry, "notes"),
    narration: readString(entry, "narration"),
    customFieldValues: readCustomFieldValues(entry),
    itemLines: itemLines.length > 0 ? itemLines : [emptyItemLine()],
    accountLines: readArray(entry, "accountDetails").map(readAccountLine),
    billWiseEntries:
      options.copy || !fields.noteFields
        ? []
        : readArray(entry, "billWiseEntries").map((allocation) => ({
            entryId: readString(allocation, "entryId"),
            invoiceNumber: readString(allocation, "invoiceNumber"),
            date: "",
            totalPaise: 0,
            pendingPaise: 0,
            amountPaise: rupeesToPaise(readNumber(allocation, "amount")),
          })),
    source: options.copy ? null : readSource(entry, fields),
  };
}

function readSource(entry: StoredEntry, fields: DocumentFields): SourceLink {
  for (const param of fields.sourceParams) {
    const id = readString(entry, param);
    if (id) return { param, id };
  }
  return null;
}

/** Create Invoice / Create Purchase: the source document's party and lines in a new entry. */
export function convertDocumentForm(
  source: StoredEntry,
  sourceParam: string,
  sourceId: string,
  context: EntryContext,
  names: NamedRecords,
): DocumentForm {
  const form = documentFormFromEntry(source, context, names, { copy: true });
  return { ...form, source: { param: sourceParam, id: sourceId } };
}

/**
 * The invoice a note is made out against (the header's picker), or none. `pendingPaise` is what
 * a return note may set against it: what is pending there, plus what this note had set against
 * it when saved (the server leaves an edited note's own allocation out). Choosing the invoice
 * already chosen keeps the form as it is.
 */
export function chooseAgainstInvoice(
  form: DocumentForm,
  invoice: {
    _id: string;
    number: string;
    date: string;
    totalPaise: Paise;
    pendingPaise?: Paise;
  } | null,
): DocumentForm {
  if (
    invoice &&
    form.billWiseEntries.length === 1 &&
    form.billWiseEntries[0]?.entryId === invoice._id
  )
    return form;
  const saved = invoice
    ? form.billWiseEntries.find((allocation) => allocation.entryId === invoice._id)
    : undefined;
  return {
    ...form,
    billWiseEntries: invoice
      ? [
          {
            entryId: invoice._id,
            invoiceNumber: invoice.number,
            date: invoice.date,
            totalPaise: invoice.totalPaise,
            pendingPaise: (invoice.pendingPaise ?? 0) + (saved?.amountPaise ?? 0),
            amountPaise: 0,
          },
        ]
      : [],
  };
}
