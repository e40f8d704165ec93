import type { ReturnWarning } from "@bahi/domain";
import { Alert, Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { summariseWarnings, warningKey } from "../model/return-frame.ts";

/** The checks before filing (GSTR-1, IFF, GSTR-3B): each warning links to its voucher. */
export function WarningsPanel({
  warnings,
  voucherPath,
}: {
  warnings: ReturnWarning[];
  voucherPath: (type: string | null, id: string) => string | null;
}) {
  if (warnings.length === 0) {
    return (
      <Alert color="green" title="No warnings">
        The return passes every check before filing.
      </Alert>
    );
  }
  const summary = summariseWarnings(warnings);
  return (
    <Alert color={summary.color} title={summary.title} role="region" aria-label="Warnings">
      {summary.errorLine && (
        <Text size="sm" mb="xs">
          {summary.errorLine}
        </Text>
      )}
      <Stack gap={4}>
        {warnings.map((warning) => {
          const path = warning.entryId
            ? voucherPath(warning.transactionType, warning.entryId)
            : null;
          return (
            <Group key={warningKey(warning)} gap="xs" wrap="nowrap">
              <Badge color={warning.level === "error" ? "red" : "yellow"} size="sm">
                {warning.level}
              </Badge>
              {path ? (
                <Anchor component={Link} to={path} size="sm">
                  {warning.message}
                </Anchor>
              ) : (
                <Text size="sm">{warning.message}</Text>
              )}
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}
