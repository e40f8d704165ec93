import type { AccountNature } from "@bahi/domain";
import { Combobox, InputBase, Loader, ScrollArea, Stack, Text } from "@mantine/core";
import { type ReactNode, useMemo, useRef } from "react";
import { useParams } from "react-router";
import { type AccountRecord, useActiveAccounts } from "./account-options.ts";
import { DROPDOWN_MAX_HEIGHT } from "./dropdown-side.ts";
import { openAccountModal } from "./master-modals.ts";
import { usePickerSearch } from "./picker-search.ts";

// spec 5 "Account picker", verbatim (with its typographic apostrophes).
export const NATURE_RESTRICTION_SENTENCE =
  "You’ll only see accounts of these specific types here, as they’re the only ones allowed.";
export const NO_ACCOUNT_FOUND = "No Account Found";
export const ADD_ACCOUNT_HINT = "Alt+C to add a new account";

/** The most options drawn at once; typing narrows the rest down. */
const SHOWN_OPTIONS_MAX = 200;

export interface AccountPickerProps {
  /** The chosen account's id, or null. */
  value: string | null;
  onChange: (accountId: string | null, account: AccountRecord | null) => void;
  /** Only accounts of these natures are offered; the dropdown says so (spec 5). */
  natures?: readonly AccountNature[];
  /** Accounts not to offer (the other side of a transfer). */
  excludeIds?: readonly string[];
  /** The route's organisation unless given. */
  organisationId?: string;
  /** Alt+C opens the Add Account modal and picks the new account (default on). */
  allowAdd?: boolean;
  label?: ReactNode;
  "aria-label"?: string;
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** Accounts whose name, display name or GSTIN contains the text, ignoring case. */
export function filterAccounts(accounts: readonly AccountRecord[], text: string): AccountRecord[] {
  const needle = text.trim().toLowerCase();
  if (needle === "") return [...accounts];
  return accounts.filter((account) =>
    [account.name, account.displayName, account.gstin ?? ""].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  );
}

/** "1. Cash", "2. Bank": the numbered types that follow the restriction sentence. */
export function describeNatureRestriction(natures: readonly AccountNature[]): string[] {
  return natures.map((nature, index) => `${index + 1}. ${nature}`);
}

/**
 * spec 5 "Account picker": a searchable list of the organisation's active accounts (GET
 * /account/accountslist, cached under ['accounts', organisationId]), optionally restricted by
 * nature with the spec's sentence and the numbered natures at the top of the list, 'No Account
 * Found' when nothing matches, and Alt+C to add an account, which is then chosen. The list opens
 * upward when less than 240 px is free below (spec 9).
 */
export function AccountPicker({
  value,
  onChange,
  natures,
  excludeIds,
  organisationId,
  allowAdd = true,
  label,
  placeholder = "Select account",
  description,
  error,
  required,
  disabled,
  autoFocus,
  "aria-label": ariaLabel,
}: AccountPickerProps) {
  const params = useParams();
  const accounts = useActiveAccounts(organisationId ?? params.organisationId ?? "");
  // An account added with Alt+C is chosen before the reloaded list has it.
  const added = useRef<AccountRecord | null>(null);
  const allowed = useMemo(
    () =>
      (accounts.data ?? []).filter(
        (account) =>
          (natures === undefined || natures.includes(account.nature)) &&
          !excludeIds?.includes(account._id),
      ),
    [accounts.data, natures, excludeIds],
  );
  const selected =
    allowed.find((account) => account._id === value) ??
    (added.current?._id === value ? added.current : null);
  const selectedName = selected?.name ?? "";

  const picker = usePickerSearch({
    selectedName,
    hasValue: value !== null,
    onClear: () => onChange(null, null),
  });
  const matches = picker.typed === null ? allowed : filterAccounts(allowed, picker.typed);

  function choose(account: AccountRecord | null) {
    onChange(account?._id ?? null, account);
    picker.settle(account?.name ?? "");
  }

  function addAccount() {
    picker.combobox.closeDropdown();
    const typed = picker.typed?.trim() ?? "";
    openAccountModal({
      mode: "add",
      ...(natures?.[0] ? { nature: natures[0] } : {}),
      ...(typed ? { name: typed } : {}),
      onSaved: (account) => {
        if (natures !== undefined && !natures.includes(account.nature)) return;
        added.current = account;
        choose(account);
      },
    });
  }

  return (
    <Combobox
      store={picker.combobox}
      onOptionSubmit={(id) => choose(allowed.find((account) => account._id === id) ?? null)}
      {...picker.comboboxProps}
    >
      <Combobox.Target withExpandedAttribute>
        <InputBase
          {...picker.inputProps}
          label={label}
          aria-label={ariaLabel}
          placeholder={placeholder}
          description={description}
          error={error}
          required={required}
          disabled={disabled}
          autoFocus={autoFocus}
          rightSection={
            accounts.isFetching ? <Loader size={14} /> : <Combobox.Chevron error={error} />
          }
          rightSectionPointerEvents="none"
          onKeyDown={(event) => {
            if (allowAdd && event.altKey && event.code === "KeyC") {
              event.preventDefault();
              addAccount();
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        {natures !== undefined && (
          <Combobox.Header>
            <Stack gap={2}>
              <Text size="xs">{NATURE_RESTRICTION_SENTENCE}</Text>
              {describeNatureRestriction(natures).map((line) => (
                <Text size="xs" key={line}>
                  {line}
                </Text>
              ))}
            </Stack>
          </Combobox.Header>
        )}
        <Combobox.Options>
          <ScrollArea.Autosize mah={DROPDOWN_MAX_HEIGHT - 40} type="scroll">
            {matches.length === 0 ? (
              <Combobox.Empty>
                {accounts.isPending ? "Loading..." : NO_ACCOUNT_FOUND}
              </Combobox.Empty>
            ) : (
              matches.slice(0, SHOWN_OPTIONS_MAX).map((account) => (
                <Combobox.Option
                  value={account._id}
                  key={account._id}
                  active={account._id === value}
                >
                  <Text size="sm">{account.name}</Text>
                  <Text size="xs" c="dimmed">
                    {account.nature}
                  </Text>
                </Combobox.Option>
              ))
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
        {allowAdd && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {ADD_ACCOUNT_HINT}
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
