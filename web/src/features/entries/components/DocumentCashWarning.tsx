import type { Paise, VoucherType } from "@bahi/domain";
import { Alert } from "@mantine/core";
import { documentPaysOutCash } from "../model/cash-warning.ts";
import { useNegativeCashWarning } from "./use-cash-warning.ts";

/**
 * Issue 40: a cash purchase or a cash refund (a credit note to a Cash customer) beyond the cash in
 * hand at its date, warned as a payment out of Cash is. Nothing for a party that is not a Cash
 * account (the balances read are the Cash accounts'), for types that bring cash in, and on an edit.
 */
export function DocumentCashWarning(props: {
  type: VoucherType;
  organisationId: string;
  year: string;
  date: string;
  partyAccountId: string | null;
  totalPaise: Paise;
  /** A new entry (add, duplicate), not read-only. */
  enabled: boolean;
}) {
  const warning = useNegativeCashWarning({
    organisationId: props.organisationId,
    year: props.year,
    date: props.date,
    accountId: props.partyAccountId,
    outgoingPaise: props.totalPaise,
    enabled: props.enabled && documentPaysOutCash(props.type),
  });
  if (!warning) return null;
  return (
    <Alert color="orange" variant="light" title="Cash goes negative" role="status">
      {warning}
    </Alert>
  );
}
