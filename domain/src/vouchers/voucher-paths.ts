import { EXPORT_FILE_EXTENSIONS, type ExportFormat } from "./list-options.ts";
import type { EntryExtraCall } from "./voucher-definition.ts";
import { VOUCHER_REGISTRY } from "./voucher-registry.ts";
import type { VoucherType } from "./voucher-type.ts";

/** Calls every entry family has (api.md 7); 'list' stands for the family's listCallName. */
export const COMMON_ENTRY_CALLS = [
  "add",
  "edit",
  "delete",
  "restore",
  "getsingleentrydetails",
  "getoldentrylist",
  "getoldentrydetails",
  "list",
] as const;

export const TEMPLATE_ENTRY_CALLS = [
  "gettemplates",
  "gettemplatedetails",
  "addtemplate",
  "edittemplatename",
  "template",
] as const;

export type EntryCall =
  | (typeof COMMON_ENTRY_CALLS)[number]
  | (typeof TEMPLATE_ENTRY_CALLS)[number]
  | EntryExtraCall;

/** Every call a family serves, so the server can register all routes from the registry in one loop. */
export function listEntryCalls(type: VoucherType): readonly EntryCall[] {
  const definition = VOUCHER_REGISTRY[type];
  return [
    ...COMMON_ENTRY_CALLS,
    ...(definition.supportsTemplates ? TEMPLATE_ENTRY_CALLS : []),
    ...definition.extraCalls,
  ];
}

/** '/salesinvoice/add', '/otherentries/salesorder/salesorderlist' (no /api prefix). */
export function buildEntryApiPath(type: VoucherType, call: EntryCall): string {
  const definition = VOUCHER_REGISTRY[type];
  if (!listEntryCalls(type).includes(call)) {
    throw new Error(`${definition.apiFamily} has no call '${call}'`);
  }
  return `${definition.apiFamily}/${call === "list" ? definition.listCallName : call}`;
}

/** The screens of spec 2.3 under /{organisationId}/{year}/{routeWord}/. */
export type VoucherScreen =
  | { readonly screen: "list" }
  | { readonly screen: "deleted-entries" }
  | { readonly screen: "add"; readonly query?: Readonly<Record<string, string>> }
  | { readonly screen: "edit"; readonly id: string }
  | { readonly screen: "duplicate"; readonly id: string }
  | { readonly screen: "print"; readonly id: string }
  | { readonly screen: "old-version"; readonly id: string; readonly version: number };

export interface OrganisationYear {
  readonly organisationId: string;
  readonly year: string;
}

function describeScreenTail(screen: VoucherScreen): string {
  switch (screen.screen) {
    case "list":
    case "deleted-entries":
      return screen.screen;
    case "add": {
      const query = new URLSearchParams(screen.query ?? {}).toString();
      return query === "" ? "add" : `add?${query}`;
    }
    case "old-version":
      return `old-version/${encodeURIComponent(screen.id)}/${screen.version}`;
    default:
      return `${screen.screen}/${encodeURIComponent(screen.id)}`;
  }
}

/** '/org-1/2024-25/sales/edit/inv-9' */
export function buildVoucherScreenPath(
  scope: OrganisationYear,
  type: VoucherType,
  screen: VoucherScreen,
): string {
  const base = `/${encodeURIComponent(scope.organisationId)}/${scope.year}`;
  return `${base}/${VOUCHER_REGISTRY[type].routeWord}/${describeScreenTail(screen)}`;
}

/** Create Invoice / Create Purchase: the add screen of the target with the source id (spec 2.6). */
export function buildConversionPath(
  scope: OrganisationYear,
  from: VoucherType,
  sourceId: string,
): string {
  const conversion = VOUCHER_REGISTRY[from].conversions[0];
  if (conversion === undefined) throw new Error(`${from} converts into nothing`);
  return buildVoucherScreenPath(scope, conversion.into, {
    screen: "add",
    query: { [conversion.queryParam]: sourceId },
  });
}

/**
 * The download's file name, from the type and year (spec 9): 'sales-invoices-2024-25.pdf',
 * 'journal-entries-2024-25-deleted.xlsx'.
 */
export function nameExportFile(
  type: VoucherType,
  year: string,
  format: ExportFormat,
  options: { deleted?: boolean } = {},
): string {
  const stem = VOUCHER_REGISTRY[type].titles.plural.toLowerCase().replaceAll(" ", "-");
  const suffix = options.deleted === true ? "-deleted" : "";
  return `${stem}-${year}${suffix}${EXPORT_FILE_EXTENSIONS[format]}`;
}
