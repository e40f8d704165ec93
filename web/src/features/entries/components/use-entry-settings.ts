import { getVoucherDefinition, type VoucherType } from "@bahi/domain";
import { useQuery } from "@tanstack/react-query";
import { documentSettingsKey, fetchDocumentSettings } from "../../printing/printing.api.ts";
import { entryKeys, fetchLockPeriods } from "../entries.api.ts";
import type { EntryContext } from "../model/entry-context.ts";
import { describeDateLock } from "../model/lock-period.ts";

/** Why the date cannot be saved (a locked period), or null; an old version is not checked. */
export function useLockMessage(
  context: EntryContext,
  type: VoucherType,
  date: string,
  readOnly: boolean,
): string | null {
  const lockPeriods = useQuery({
    queryKey: entryKeys.lockPeriods(context.organisationId, context.year),
    queryFn: () => fetchLockPeriods(context.organisationId, context.year),
    enabled: !readOnly,
  });
  return readOnly ? null : describeDateLock(lockPeriods.data ?? [], type, date);
}

/**
 * Transport Details show on the types that carry goods when their document settings say so
 * (issue 24); a hidden section keeps what was saved.
 */
export function useShowTransport(organisationId: string, type: VoucherType): boolean {
  const definition = getVoucherDefinition(type);
  const carriesGoods = definition.transport !== null && definition.settings !== null;
  const documentSettings = useQuery({
    queryKey: documentSettingsKey(organisationId, type),
    queryFn: () => fetchDocumentSettings(organisationId, type),
    enabled: carriesGoods,
  });
  return carriesGoods && documentSettings.data?.showTransportDetails === true;
}
