import { isNatureAllowed, type NatureRestriction } from "@bahi/domain";
import { MultiSelect, Select, Text } from "@mantine/core";
import { listAllowedNatures, NATURE_RESTRICTION_NOTE, NO_ACCOUNT_FOUND } from "./filter-form.ts";
import type { ListAccount } from "./lists.api.ts";

/** spec 5 "Account picker": the sentence and the numbered natures a restricted picker allows. */
function RestrictionNote({ restriction }: { restriction: NatureRestriction | null }) {
  if (!restriction) return null;
  const natures = listAllowedNatures(restriction);
  return (
    <Text span size="xs" c="dimmed">
      {NATURE_RESTRICTION_NOTE}{" "}
      {natures.map((nature, index) => `${index + 1}. ${nature}`).join(" ")}
    </Text>
  );
}

/**
 * An account filter over the organisation's active accounts, restricted by nature (spec 5): one
 * account, or several for the *AccountIds fields. 'No Account Found' when nothing matches.
 */
export function AccountMultiSelect({
  label,
  accounts,
  restriction,
  multiple,
  value,
  onChange,
}: {
  label: string;
  accounts: readonly ListAccount[];
  restriction: NatureRestriction | null;
  multiple: boolean;
  value: string | string[] | undefined;
  onChange: (value: string | string[]) => void;
}) {
  const data = accounts
    .filter((account) => account.active && isNatureAllowed(restriction, account.nature))
    .map((account) => ({ value: account._id, label: account.name }));
  const common = {
    label,
    description: <RestrictionNote restriction={restriction} />,
    data,
    searchable: true,
    nothingFoundMessage: NO_ACCOUNT_FOUND,
    comboboxProps: { withinPortal: true },
  };
  return multiple ? (
    <MultiSelect
      {...common}
      value={Array.isArray(value) ? value : []}
      onChange={(next) => onChange(next)}
      clearable
    />
  ) : (
    <Select
      {...common}
      value={typeof value === "string" && value !== "" ? value : null}
      onChange={(next) => onChange(next ?? "")}
      clearable
    />
  );
}
