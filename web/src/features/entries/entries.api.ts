import {
  buildEntryApiPath,
  type EntryCall,
  getVoucherDefinition,
  SALES_SERIES_TYPES,
  suggestNextVoucherNumber,
  type VoucherType,
} from "@bahi/domain";
import { apiRequest } from "../../api/http.ts";
import type { OpenBill } from "./model/account-forms.ts";
import type { StoredEntry } from "./model/entry-context.ts";

// The calls the entry screens make (api.md 7 "Entry families", docs/api/vouchers.md). Paths come
// from the registry: one set of functions for the 12 families.

function path(type: VoucherType, call: EntryCall): string {
  return buildEntryApiPath(type, call);
}

export const entryKeys = {
  entry: (type: VoucherType, organisationId: string, entryId: string) =>
    ["entry", type, organisationId, entryId] as const,
  oldEntry: (type: VoucherType, organisationId: string, entryId: string, version: number) =>
    ["entry-version", type, organisationId, entryId, version] as const,
  nextNumber: (type: VoucherType, organisationId: string, year: string) =>
    ["entry-next-number", type, organisationId, year] as const,
  templates: (type: VoucherType, organisationId: string) =>
    ["entry-templates", type, organisationId] as const,
  openBills: (type: "salesInvoice" | "purchases", organisationId: string, accountId: string) =>
    ["open-bills", type, organisationId, accountId] as const,
};

export async function fetchEntry(
  type: VoucherType,
  organisationId: string,
  entryId: string,
): Promise<StoredEntry> {
  const answer = await apiRequest<{ entry: StoredEntry }>(
    "GET",
    path(type, "getsingleentrydetails"),
    { query: { organisationId, entryId } },
  );
  return answer.entry;
}

export async function fetchOldEntry(
  type: VoucherType,
  organisationId: string,
  entryId: string,
  version: number,
): Promise<StoredEntry> {
  const answer = await apiRequest<{ entry: StoredEntry }>("GET", path(type, "getoldentrydetails"), {
    query: { organisationId, entryId, version },
  });
  return answer.entry;
}

export interface SavedEntry {
  success: boolean;
  message: string;
  entryId: string;
  version: number;
  number: string | null;
}

export function saveEntry(
  type: VoucherType,
  mode: "add" | "edit",
  payload: Record<string, unknown>,
): Promise<SavedEntry> {
  return apiRequest<SavedEntry>(mode === "edit" ? "PUT" : "POST", path(type, mode), {
    body: payload,
  });
}

/**
 * The number the next document of this type would take: misc/lastInvoiceNumber for the sales
 * series, otherwise the highest number of the list sorted by number, counted up as the server
 * does (suggestNextVoucherNumber).
 */
export async function fetchNextNumber(
  type: VoucherType,
  organisationId: string,
  year: string,
): Promise<string> {
  if (SALES_SERIES_TYPES.includes(type)) {
    const answer = await apiRequest<{
      numbers?: Partial<Record<VoucherType, { nextInvoiceNumber: string }>>;
    }>("GET", "/misc/lastInvoiceNumber", {
      query: { organisationId, year },
      errorTitle: "Could not fetch last invoice number list.",
    });
    const next = answer.numbers?.[type]?.nextInvoiceNumber;
    if (next) return next;
  }
  const definition = getVoucherDefinition(type);
  const answer = await apiRequest<Record<string, unknown>>("GET", path(type, "list"), {
    query: { organisationId, year, skip: 0, limit: 1, sortBy: "invoiceNumberDesc" },
  });
  const rows = answer[definition.listKey];
  const last = Array.isArray(rows) ? (rows[0] as { number?: string } | undefined)?.number : null;
  return suggestNextVoucherNumber(last ?? null);
}

export interface EntryTemplateSummary {
  _id: string;
  templateName: string;
}

export async function fetchTemplates(
  type: VoucherType,
  organisationId: string,
): Promise<EntryTemplateSummary[]> {
  const answer = await apiRequest<{ templates: EntryTemplateSummary[] }>(
    "GET",
    path(type, "gettemplates"),
    { query: { organisationId } },
  );
  return answer.templates;
}

export async function fetchTemplate(
  type: VoucherType,
  organisationId: string,
  templateId: string,
): Promise<StoredEntry> {
  const answer = await apiRequest<{ template: { entry: StoredEntry } }>(
    "GET",
    path(type, "gettemplatedetails"),
    { query: { organisationId, templateId } },
  );
  return answer.template.entry;
}

export function addTemplate(
  type: VoucherType,
  organisationId: string,
  templateName: string,
  entry: Record<string, unknown>,
) {
  return apiRequest<{ success: boolean; templateId: string; message: string }>(
    "POST",
    path(type, "addtemplate"),
    { body: { organisationId, templateName, entry } },
  );
}

export function renameTemplate(
  type: VoucherType,
  organisationId: string,
  templateId: string,
  templateName: string,
) {
  return apiRequest<{ success: boolean; message: string }>("PUT", path(type, "edittemplatename"), {
    body: { organisationId, templateId, templateName },
  });
}

export function deleteTemplate(type: VoucherType, organisationId: string, templateId: string) {
  return apiRequest<{ success: boolean; message: string }>("DELETE", path(type, "template"), {
    query: { organisationId, templateId },
  });
}

/** A party's open invoices (receipts) or bills (payments), with what is pending on each. */
export async function fetchOpenBills(
  type: "salesInvoice" | "purchases",
  organisationId: string,
  accountId: string,
): Promise<(OpenBill & { status: string })[]> {
  const sales = type === "salesInvoice";
  const answer = await apiRequest<{
    invoices?: (OpenBill & { status: string })[];
    bills?: (OpenBill & { status: string })[];
  }>("GET", sales ? "/misc/getOpenInvoices" : "/misc/getOpenPurchaseBills", {
    query: { organisationId, accountId },
  });
  return (sales ? answer.invoices : answer.bills) ?? [];
}
