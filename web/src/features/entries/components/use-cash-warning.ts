import { type Paise, rupeesToPaise } from "@bahi/domain";
import { useQuery } from "@tanstack/react-query";
import { cashAtDateQuery } from "../../../components/inputs/account-options.ts";
import { describeNegativeCash } from "../model/cash-warning.ts";

/**
 * The warning of a payment out of Cash larger than the cash in hand at the entry's date (issue
 * 40), or null: the Cash accounts' balances as at that date, read from the accounts list.
 * `enabled` is false on an edit (the saved entry is already in the balance) and read-only views.
 */
export function useNegativeCashWarning(input: {
  organisationId: string;
  year: string;
  date: string;
  accountId: string | null;
  outgoingPaise: Paise;
  enabled: boolean;
}): string | null {
  const { organisationId, year, date, accountId, outgoingPaise, enabled } = input;
  const cash = useQuery({
    ...cashAtDateQuery(organisationId, year, date),
    enabled: enabled && accountId !== null && /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 10_000,
  });
  if (!enabled || !accountId) return null;
  const account = cash.data?.accounts?.find((entry) => entry._id === accountId);
  if (!account) return null;
  const magnitude = rupeesToPaise(Math.abs(account.balance ?? 0));
  const balancePaise = account.balanceType === "cr" ? -magnitude : magnitude;
  return describeNegativeCash({ accountName: account.name, balancePaise, outgoingPaise });
}
