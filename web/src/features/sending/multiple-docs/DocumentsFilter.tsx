import { PARTY_NATURES, type VoucherType } from "@bahi/domain";
import { Group } from "@mantine/core";
import { AccountPicker } from "../../../components/inputs/AccountPicker.tsx";
import type { AccountRecord } from "../../../components/inputs/account-options.ts";
import { SelectInput } from "../../../components/inputs/SelectInput.tsx";
import { TYPE_OPTIONS } from "./multiple-docs.model.ts";

/** Whose documents, and of which type. */
export function DocumentsFilter({
  accountId,
  type,
  onAccount,
  onType,
}: {
  accountId: string | null;
  type: VoucherType;
  onAccount: (record: AccountRecord | null) => void;
  onType: (type: VoucherType) => void;
}) {
  return (
    <Group align="flex-end" wrap="wrap">
      <div style={{ minWidth: 280 }}>
        <AccountPicker
          label="Party"
          natures={PARTY_NATURES}
          value={accountId}
          onChange={(_, record) => onAccount(record)}
        />
      </div>
      <SelectInput
        label="Documents"
        data={TYPE_OPTIONS}
        value={type}
        onChange={(value) => {
          if (!value) return;
          onType(value as VoucherType);
        }}
        allowDeselect={false}
      />
    </Group>
  );
}
