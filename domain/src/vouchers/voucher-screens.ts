import type { ListColumn } from "./list-columns.ts";
import type { ListFilterFieldSpec } from "./list-filter-fields.ts";
import { DELETED_ENTRIES_TITLE_SUFFIX } from "./list-options.ts";
import type { RowAction, RowActionFeature } from "./row-actions.ts";
import { VOUCHER_REGISTRY } from "./voucher-registry.ts";
import type { VoucherType } from "./voucher-type.ts";

export type ListView = "live" | "deleted";

/** The organisation facts that decide what a list screen shows (spec 5, spec 6). */
export interface ListScreenContext {
  readonly billWiseEntry: boolean;
  readonly gstRegistered: boolean;
  /** The organisation's GST registration type; only 'regular' shows GSTIN and RCM filters. */
  readonly gstRegType: string;
}

export function titleListScreen(type: VoucherType, view: ListView): string {
  const title = VOUCHER_REGISTRY[type].titles.list;
  return view === "deleted" ? `${title} ${DELETED_ENTRIES_TITLE_SUFFIX}` : title;
}

/** Drops the bill-wise columns (status, pending) when the organisation has billWiseEntry off. */
export function selectListColumns(
  type: VoucherType,
  context: Pick<ListScreenContext, "billWiseEntry">,
): readonly ListColumn[] {
  return VOUCHER_REGISTRY[type].listColumns.filter(
    (column) => context.billWiseEntry || !column.requiresBillWise,
  );
}

/**
 * The row menu for a view. The deleted view offers only View Log (spec 2.5); actions needing a
 * feature that does not exist yet (printing, messaging) are left out.
 */
export function selectRowActions(
  type: VoucherType,
  options: { view: ListView; features: ReadonlySet<RowActionFeature> },
): readonly RowAction[] {
  return VOUCHER_REGISTRY[type].rowActions.filter((action) => {
    if (options.view === "deleted") return action.id === "viewLog";
    return action.requires === null || options.features.has(action.requires);
  });
}

export function isGstRegularOrganisation(
  context: Pick<ListScreenContext, "gstRegistered" | "gstRegType">,
): boolean {
  return context.gstRegistered && context.gstRegType.toLowerCase() === "regular";
}

/** The filter-dialog fields this organisation sees for a type (spec 5 "List filter dialog"). */
export function selectFilterFields(
  type: VoucherType,
  context: ListScreenContext,
): readonly ListFilterFieldSpec[] {
  const gstRegular = isGstRegularOrganisation(context);
  return VOUCHER_REGISTRY[type].filterFields.filter((spec) => {
    if (spec.requires === "gstRegular") return gstRegular;
    if (spec.requires === "billWise") return context.billWiseEntry;
    return true;
  });
}
