import type { ListColumn } from "@bahi/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { findUnknownAccountIds } from "./list-accounts.ts";
import { UNKNOWN_ACCOUNT_WAIT_MS } from "./list-state.ts";
import { fetchListAccounts, type ListRecord } from "./lists.api.ts";

export function listAccountsQueryKey(organisationId: string) {
  return ["list-accounts", organisationId] as const;
}

/** The organisation's accounts, for account names in cells and the filter's pickers. */
export function useListAccounts(organisationId: string) {
  return useQuery({
    queryKey: listAccountsQueryKey(organisationId),
    queryFn: ({ signal }) => fetchListAccounts(organisationId, signal),
    staleTime: 60_000,
  });
}

/**
 * Account names for the records on screen. spec 4: when a record refers to an account missing
 * from the cached list, an accounts refresh is requested and the screen waits 2 seconds (ours:
 * the wait ends early when the refreshed list arrives). Each missing set is asked for once.
 */
export function useAccountNames(
  organisationId: string,
  records: readonly ListRecord[] | undefined,
  columns: readonly ListColumn[],
) {
  const accounts = useListAccounts(organisationId);
  const [waiting, setWaiting] = useState(false);
  const asked = useRef(new Set<string>());
  const { refetch } = accounts;

  const unknown = useMemo(
    () => (records && accounts.data ? findUnknownAccountIds(records, columns, accounts.data) : []),
    [records, columns, accounts.data],
  );
  const fresh = unknown.filter((id) => !asked.current.has(id));
  const key = fresh.join(",");

  useEffect(() => {
    if (key === "") return;
    for (const id of key.split(",")) asked.current.add(id);
    setWaiting(true);
    let done = false;
    const timer = setTimeout(() => setWaiting(false), UNKNOWN_ACCOUNT_WAIT_MS);
    void refetch().finally(() => {
      done = true;
      setWaiting(false);
      clearTimeout(timer);
    });
    return () => {
      if (!done) clearTimeout(timer);
    };
  }, [key, refetch]);

  const names = useMemo(
    () => new Map((accounts.data ?? []).map((account) => [account._id, account.name])),
    [accounts.data],
  );
  const needsNames = columns.some((column) => column.type === "account");
  return {
    names,
    waiting: needsNames && (waiting || accounts.isPending),
    accounts: accounts.data ?? [],
  };
}
