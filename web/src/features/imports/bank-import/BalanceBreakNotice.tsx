import { Alert, Checkbox, Stack, Text } from "@mantine/core";
import type { ImportRequest } from "../imports.api.ts";
import { describeSavedBalanceBreak } from "./bank-import.model.ts";

/**
 * Issue 36: a statement whose running balance does not follow is not saved until the user has
 * seen the break — the server refuses the save unless it is acknowledged, and this asks for it.
 */
export function BalanceBreakNotice({
  balanceBreak,
  acknowledged,
  onAcknowledge,
  saved,
}: {
  balanceBreak: NonNullable<ImportRequest["balanceBreak"]>;
  acknowledged: boolean;
  onAcknowledge: (acknowledged: boolean) => void;
  /** Nothing is left to save: the break is only shown. */
  saved: boolean;
}) {
  return (
    <Alert color="orange" title="Running balance does not follow">
      <Stack gap="xs">
        <Text size="sm">{describeSavedBalanceBreak(balanceBreak)}</Text>
        {!saved && (
          <Checkbox
            checked={acknowledged}
            onChange={(event) => onAcknowledge(event.currentTarget.checked)}
            label="I have seen the break and checked the lines; save them anyway"
          />
        )}
      </Stack>
    </Alert>
  );
}
