import {
  CONTROL_CHARACTER_MESSAGE,
  type DocumentSettings,
  DocumentSettingsFields,
  findControlCharacter,
  getVoucherDefinition,
  isVoucherType,
  type TransactionPdfQuery,
  todayCivil,
  type VoucherType,
} from "@bahi/domain";
import { appFileStore } from "../../db/file-store.ts";
import { badRequest } from "../../http/errors.ts";
import type { Lane } from "../../lib/heavy-work/pool.ts";
import { requireOrganisationAccess } from "../access/organisation-access.ts";
import { readAccountsForPrint } from "../accounts/accounts.service.ts";
import type { Caller } from "../auth/auth.guard.ts";
import { listPrintedCustomFields } from "../custom-fields/custom-fields.service.ts";
import { readEInvoiceForPrint } from "../einvoice/einvoice.service.ts";
import { readEWayBillForPrint } from "../ewaybill/ewaybill.service.ts";
import { readItemsForPrint } from "../items/items.service.ts";
import { readStatementBills } from "../ledger/book.service.ts";
import { readLedger } from "../ledger/ledger.service.ts";
import type { ModuleDeps } from "../module-deps.ts";
import { readDocumentSettingsOf } from "../organisations/document-settings.service.ts";
import { readPrintProfile } from "../organisations/settings.service.ts";
import { findVoucherForPrint, readVoucherNumbers } from "../vouchers/vouchers.queries.ts";
import { addCityAndPin, type PrintSource } from "./print-model.ts";
import { renderStatementDocumentPdf, renderVoucherPdf } from "./print-renderer.ts";
import { buildStatementDocument } from "./statement.ts";

export const DOCUMENT_MESSAGES = {
  notPrintable: "This transaction type cannot be printed.",
  // Issue 40: sending exists (the sending module's POST of this path); a GET only downloads.
  sendingLater:
    "This call only downloads the PDF (format=download). To send it by email or WhatsApp, POST /getpdf/transactionpdf.",
  badPreview: "The preview settings are not valid.",
} as const;

/** transactionType is the registry's type name (api.md 7); only types with a printed form. */
export function resolvePrintableType(transactionType: string): VoucherType {
  if (!isVoucherType(transactionType) || getVoucherDefinition(transactionType).print === null) {
    throw badRequest(DOCUMENT_MESSAGES.notPrintable, [
      { path: "transactionType", message: DOCUMENT_MESSAGES.notPrintable },
    ]);
  }
  return transactionType;
}

function readPreviewSettings(
  saved: DocumentSettings,
  preview: string | undefined,
): DocumentSettings {
  if (preview === undefined) return saved;
  let parsed: unknown;
  try {
    parsed = JSON.parse(preview);
  } catch {
    throw badRequest(DOCUMENT_MESSAGES.badPreview);
  }
  // Issue 37: a JSON escape (\u0000) passed the query's check; the parsed settings meet it too.
  const controlAt = findControlCharacter(parsed);
  if (controlAt !== null) {
    throw badRequest(CONTROL_CHARACTER_MESSAGE, [
      {
        path: controlAt === "" ? "preview" : `preview.${controlAt}`,
        message: CONTROL_CHARACTER_MESSAGE,
      },
    ]);
  }
  const result = DocumentSettingsFields.partial().safeParse(parsed);
  if (!result.success) {
    throw badRequest(result.error.issues[0]?.message ?? DOCUMENT_MESSAGES.badPreview);
  }
  return { ...saved, ...result.data };
}

// Which keys of a stored voucher name which records the printed form shows.
const ID_KEYS: ReadonlyMap<string, "accounts" | "items" | "vouchers"> = new Map([
  ["accountId", "accounts"],
  ["cashOrDebtorAccountId", "accounts"],
  ["receivedAccountId", "accounts"],
  ["paidAccountId", "accounts"],
  ["itemId", "items"],
  ["entryId", "vouchers"],
]);

/** The ids a stored voucher names, in one walk (a 1,000-line document: about a millisecond). */
function collectIds(
  value: unknown,
  into: Record<"accounts" | "items" | "vouchers", string[]> = {
    accounts: [],
    items: [],
    vouchers: [],
  },
) {
  if (Array.isArray(value)) {
    for (const entry of value) collectIds(entry, into);
  } else if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const name in record) {
      const inner = record[name];
      const kind = ID_KEYS.get(name);
      if (kind !== undefined && typeof inner === "string") into[kind].push(inner);
      else if (inner !== null && typeof inner === "object") collectIds(inner, into);
    }
  }
  return into;
}

/**
 * What the printed form of one voucher is made from (DESIGN.md 10): the stored voucher as its JSON
 * text and the records it names, read here; the document model itself is built from it on the
 * heavy-work pool with the PDF (decision 390), so a 1,000-line document never holds the serving
 * thread. The one reader behind the PDF download, the email attachment and the public link.
 */
export async function readPrintSource(
  deps: ModuleDeps,
  caller: Caller,
  input: {
    organisationId: string;
    entryId: string;
    type: VoucherType;
    copies: number;
    preview?: string | undefined;
  },
): Promise<PrintSource> {
  const { organisationId, type } = input;
  const access = await requireOrganisationAccess(deps.db, caller, organisationId, {
    kind: "right",
    subject: type,
    action: "view",
  });
  const voucher = await findVoucherForPrint(deps.db, type, organisationId, input.entryId);
  const settings = readPreviewSettings(
    readDocumentSettingsOf(access.organisation, type),
    input.preview,
  );
  const ids = collectIds(voucher.document);
  const [organisation, accounts, items, printedFields, referencedVouchers, eInvoice, eWayBill] =
    await Promise.all([
      readPrintProfile(appFileStore(deps.db, deps.config.dataDir), access.organisation),
      readAccountsForPrint(deps.db, organisationId, ids.accounts),
      readItemsForPrint(deps.db, organisationId, ids.items),
      listPrintedCustomFields(deps.db, organisationId, getVoucherDefinition(type).customFieldKey),
      readVoucherNumbers(deps.db, organisationId, ids.vouchers),
      getVoucherDefinition(type).eInvoice === null
        ? null
        : readEInvoiceForPrint(deps.db, organisationId, input.entryId),
      getVoucherDefinition(type).transport
        ? readEWayBillForPrint(deps.db, organisationId, input.entryId)
        : null,
    ]);
  return {
    type,
    number: voucher.number,
    date: voucher.date,
    amountPaise: voucher.amountPaise,
    pendingPaise: voucher.pendingPaise,
    document: voucher.stored,
    organisation,
    settings,
    copies: input.copies,
    accounts,
    items,
    printedFields,
    referencedVouchers,
    eInvoice,
    eWayBill,
  };
}

/** Issue 40: an address as the statement prints it, its city and PIN on the last line. */
function joinCityAndPin(
  address: string | null,
  city: string | null,
  pincode: string | null,
): string | null {
  const lines = addCityAndPin(address?.trim() ? [address.trim()] : [], city, pincode);
  return lines.length > 0 ? lines.join("\n") : null;
}

/** GET /getpdf/transactionpdf with format=download: the PDF of one document. */
export async function renderTransactionPdf(
  deps: ModuleDeps,
  caller: Caller,
  query: TransactionPdfQuery,
) {
  const type = resolvePrintableType(query.transactionType);
  if (query.format !== "download") throw badRequest(DOCUMENT_MESSAGES.sendingLater);
  const source = await readPrintSource(deps, caller, {
    organisationId: query.organisationId,
    entryId: query.entryId,
    type,
    copies: query.noOfCopies,
    preview: query.preview,
  });
  return renderVoucherPdf(source, { organisationId: query.organisationId });
}

/**
 * The current PDF of one document as `caller` may print it (one copy, saved settings): the public
 * document link renders as the member who made the link (issue 22), so a link stops working when
 * its maker loses the right to see the document or the organisation is made inactive.
 */
export async function renderDocumentPdfAs(
  deps: ModuleDeps,
  caller: Caller,
  input: { organisationId: string; entryId: string; type: VoucherType },
  lane: Lane = "interactive",
) {
  const source = await readPrintSource(deps, caller, { ...input, copies: 1 });
  return renderVoucherPdf(source, { organisationId: input.organisationId, lane });
}

// A download holds every entry of the range, however many pages the screen shows them in.
const WHOLE_RANGE = 1_000_000;

/** GET /ledger/getLedger?download=true&statement=true: the account statement as a PDF. */
export async function renderAccountStatement(
  deps: ModuleDeps,
  caller: Caller,
  query: { organisationId: string; accountId: string; startDate: string; endDate: string },
  lane: Lane = "interactive",
) {
  const ledger = await readLedger(deps.db, caller, { ...query, skip: 0, limit: WHOLE_RANGE });
  const access = await requireOrganisationAccess(deps.db, caller, query.organisationId);
  const [accounts, openBills] = await Promise.all([
    readAccountsForPrint(deps.db, query.organisationId, [query.accountId]),
    readStatementBills(
      deps.db,
      caller,
      ledger.account.nature,
      query.organisationId,
      query.accountId,
    ),
  ]);
  const account = accounts.get(query.accountId);
  const statement = buildStatementDocument({
    organisation: {
      name: access.organisation.name,
      billingAddress: joinCityAndPin(
        access.organisation.billing_address,
        access.organisation.billing_city,
        access.organisation.billing_pincode,
      ),
      gstin: access.organisation.gstin,
    },
    account: {
      name: account?.name ?? ledger.account.name,
      billingAddress: joinCityAndPin(
        account?.billingAddress ?? null,
        account?.billingCity ?? null,
        account?.billingPincode ?? null,
      ),
      gstin: account?.gstin ?? null,
    },
    startDate: ledger.startDate,
    endDate: ledger.endDate,
    openingBalance: ledger.openingBalance,
    closingBalance: ledger.closingBalance,
    totalDebit: ledger.totalDebit,
    totalCredit: ledger.totalCredit,
    entries: ledger.entries,
    openBills,
    today: todayCivil(),
  });
  const stem = `Statement-${ledger.account.name}-${query.startDate}-to-${query.endDate}`
    .replace(/[^0-9A-Za-z-]+/g, "-")
    .replace(/-+/g, "-");
  const bytes = await renderStatementDocumentPdf(statement, {
    organisationId: query.organisationId,
    lane,
  });
  return { bytes, fileName: `${stem}.pdf` };
}
