import { getVoucherDefinition, type VoucherType } from "@bahi/domain";
import { useQuery } from "@tanstack/react-query";
import { lockPeriodsQuery } from "../../lock-period/lock-periods.query.ts";
import { documentSettingsKey, fetchDocumentSettings } from "../../printing/printing.api.ts";
import type { EntryContext } from "../model/entry-context.ts";
import { describeDateLock } from "../model/lock-period.ts";

/** Why the date cannot be saved (a locked period), or null; an old version is not checked. */
export function useLockMessage(
  context: EntryContext,
  type: VoucherType,
  date: string,
  readOnly: boolean,
): string | null {
  // The Lock Period screen's query, rows picked out with `select` (one cache shape, issue 40).
  const lockPeriods = useQuery({
    ...lockPeriodsQuery(context.organisationId, context.year),
    select: (answer) => answer.lockPeriods,
    enabled: !readOnly,
  });
  return readOnly ? null : describeDateLock(lockPeriods.data ?? [], type, date);
}

/** How Transport Details show: open, behind a button, or not at all (a type carrying no goods). */
export type TransportDisplay = "open" | "collapsed" | "none";

/**
 * Transport Details on the types that carry goods (issue 24). Issue 40: the e-way bill needs them
 * whatever the print says, so they are always there; the document setting "show transport
 * details" opens them, else they wait behind a button (a hidden section keeps what was saved).
 */
export function useTransportDisplay(organisationId: string, type: VoucherType): TransportDisplay {
  const definition = getVoucherDefinition(type);
  const carriesGoods = definition.transport !== null && definition.settings !== null;
  const documentSettings = useQuery({
    queryKey: documentSettingsKey(organisationId, type),
    queryFn: () => fetchDocumentSettings(organisationId, type),
    enabled: carriesGoods,
  });
  if (!carriesGoods) return "none";
  return documentSettings.data?.showTransportDetails === true ? "open" : "collapsed";
}
