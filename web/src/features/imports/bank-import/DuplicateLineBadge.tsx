import { formatDateDisplay, getVoucherDefinition, isVoucherType } from "@bahi/domain";
import { Badge, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { BankEntry } from "../imports.api.ts";

/** "Receipt 5 of 10-05-2025": the voucher entered by hand that a statement line already is. */
export function describeBooksEntry(entry: NonNullable<BankEntry["alreadyInBooks"]>): string {
  const title = isVoucherType(entry.voucherType)
    ? getVoucherDefinition(entry.voucherType).titles.singular
    : entry.voucherType;
  return `${title} ${entry.number} of ${formatDateDisplay(entry.date)}`;
}

/**
 * Issue 40: a line already imported is a "Duplicate"; one the bookkeeper entered by hand is
 * "Already in books", naming the voucher. Either is skipped unless the reviewer insists
 * (`children`: the Import anyway box).
 */
export function DuplicateLineBadge({
  line,
  children,
}: {
  line: Pick<BankEntry, "duplicate" | "alreadyInBooks">;
  children?: ReactNode;
}) {
  if (!line.duplicate) return null;
  const inBooks = line.alreadyInBooks ?? null;
  return (
    <Group gap={4}>
      <Badge color={inBooks ? "orange" : "red"} variant="light" size="sm">
        {inBooks ? "Already in books" : "Duplicate"}
      </Badge>
      {inBooks && (
        <Text size="xs" c="dimmed">
          {describeBooksEntry(inBooks)}
        </Text>
      )}
      {children}
    </Group>
  );
}
