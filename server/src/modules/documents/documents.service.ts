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
import { addCityAndPin, buildPrintDocument, type PrintDocument } from "./print-model.ts";
import { renderDocumentPdf, renderStatementDocumentPdf } from "./print-renderer.ts";
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

function collectIds(value: unknown, key: string, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const entry of value) collectIds(entry, key, into);
  else if (value && typeof value === "object") {
    for (const [name, inner] of Object.entries(value)) {
      if (name === key && typeof inner === "string") into.push(inner);
      else collectIds(inner, key, into);
    }
  }
  return into;
}

const ACCOUNT_KEYS = ["accountId", "cashOrDebtorAccountId", "receivedAccountId", "paidAccountId"];

/**
 * The document model of one voucher (DESIGN.md 10): the one builder behind the PDF download, and
 * later the email attachment and the public link.
 */
export async function buildTransactionDocument(
  deps: ModuleDeps,
  caller: Caller,
  input: {
    organisationId: string;
    entryId: string;
    type: VoucherType;
    copies: number;
    preview?: string | undefined;
  },
): Promise<PrintDocument> {
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
  const document = voucher.document;
  const accountIds = ACCOUNT_KEYS.flatMap((key) => collectIds(document, key));
  const [organisation, accounts, items, printedFields, referencedVouchers, eInvoice, eWayBill] =
    await Promise.all([
      readPrintProfile(appFileStore(deps.db, deps.config.dataDir), access.organisation),
      readAccountsForPrint(deps.db, organisationId, accountIds),
      readItemsForPrint(deps.db, organisationId, collectIds(document, "itemId")),
      listPrintedCustomFields(deps.db, organisationId, getVoucherDefinition(type).customFieldKey),
      readVoucherNumbers(deps.db, organisationId, collectIds(document, "entryId")),
      getVoucherDefinition(type).eInvoice === null
        ? null
        : readEInvoiceForPrint(deps.db, organisationId, input.entryId),
      getVoucherDefinition(type).transport
        ? readEWayBillForPrint(deps.db, organisationId, input.entryId)
        : null,
    ]);
  return buildPrintDocument({
    ...voucher,
    organisation,
    settings,
    copies: input.copies,
    accounts,
    items,
    printedFields,
    referencedVouchers,
    eInvoice,
    eWayBill,
  });
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

/** 'Tax-Invoice-INV-24-25-7.pdf': the heading and number, safe in any file system. */
export function nameDocumentFile(document: PrintDocument): string {
  const stem = `${document.heading}-${document.number}`
    .replace(/[^0-9A-Za-z-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  return `${stem || "document"}.pdf`;
}

/** GET /getpdf/transactionpdf with format=download: the PDF of one document. */
export async function renderTransactionPdf(
  deps: ModuleDeps,
  caller: Caller,
  query: TransactionPdfQuery,
) {
  const type = resolvePrintableType(query.transactionType);
  if (query.format !== "download") throw badRequest(DOCUMENT_MESSAGES.sendingLater);
  const document = await buildTransactionDocument(deps, caller, {
    organisationId: query.organisationId,
    entryId: query.entryId,
    type,
    copies: query.noOfCopies,
    preview: query.preview,
  });
  return {
    bytes: await renderDocumentPdf(document, { organisationId: query.organisationId }),
    fileName: nameDocumentFile(document),
  };
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
  const document = await buildTransactionDocument(deps, caller, { ...input, copies: 1 });
  return {
    bytes: await renderDocumentPdf(document, { organisationId: input.organisationId, lane }),
    fileName: nameDocumentFile(document),
  };
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
