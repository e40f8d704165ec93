import { useParams } from "react-router";
import {
  AccountPicker,
  type AccountPickerProps,
  filterAccounts,
} from "../../../components/inputs/AccountPicker.tsx";
import { useActiveAccounts } from "../../../components/inputs/account-options.ts";

/**
 * The shared AccountPicker on an entry screen, where Enter comes fast: Enter pressed before the
 * dropdown has drawn its options takes the first account the typed text matches, as the list
 * would have offered it.
 */
export function EntryAccountPicker(props: AccountPickerProps) {
  const params = useParams();
  const accounts = useActiveAccounts(props.organisationId ?? params.organisationId ?? "");
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Enter typed ahead of the list
    <div
      onKeyDown={(event) => {
        if (event.key !== "Enter" || event.defaultPrevented || props.disabled) return;
        const input = event.target;
        if (!(input instanceof HTMLInputElement)) return;
        const typed = input.value.trim();
        if (typed === "") return;
        const allowed = (accounts.data ?? []).filter(
          (account) =>
            (props.natures === undefined || props.natures.includes(account.nature)) &&
            !props.excludeIds?.includes(account._id),
        );
        if (allowed.some((account) => account._id === props.value && account.name === typed))
          return;
        const match = filterAccounts(allowed, typed)[0];
        if (!match) return;
        event.preventDefault();
        props.onChange(match._id, match);
      }}
    >
      <AccountPicker {...props} />
    </div>
  );
}
