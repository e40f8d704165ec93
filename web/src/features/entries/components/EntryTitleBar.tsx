import { getVoucherDefinition, type VoucherType } from "@bahi/domain";
import { Button, Group, Title } from "@mantine/core";
import { Link } from "react-router";
import type { EntryMode, StoredEntry } from "../model/entry-context.ts";

/** The page's heading: Add / Edit / Duplicate, or the old version's number (spec 2.3). */
export function describeEntryTitle(
  type: VoucherType,
  mode: EntryMode,
  loaded: StoredEntry | null,
  version: number | null,
): string {
  const singular = getVoucherDefinition(type).titles.singular;
  const number = typeof loaded?.number === "string" ? ` ${loaded.number}` : "";
  switch (mode) {
    case "add":
      return `Add ${singular}`;
    case "edit":
      return `Edit ${singular}${number}`;
    case "duplicate":
      return `Duplicate ${singular}`;
    case "old-version":
      return `${singular}${number} - Version ${version ?? ""}`;
  }
}

export interface EntryTitleBarProps {
  type: VoucherType;
  title: string;
  /** Print shows on a saved entry being edited, when the type prints. */
  printableId: string | null;
  readOnly: boolean;
  onPrint: (entryId: string) => void;
  onOpenTemplates: () => void;
  /** The entry's history in the audit trail (issue 39), for those who may read it. */
  trailPath?: string | null;
}

/** The heading with the entry's own actions: Print, Templates (Alt+T). */
export function EntryTitleBar({
  type,
  title,
  printableId,
  readOnly,
  onPrint,
  onOpenTemplates,
  trailPath = null,
}: EntryTitleBarProps) {
  const definition = getVoucherDefinition(type);
  return (
    <Group justify="space-between" align="flex-start">
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Group gap="xs">
        {printableId && definition.print !== null && (
          <Button variant="default" size="xs" onClick={() => onPrint(printableId)}>
            Print
          </Button>
        )}
        {trailPath && (
          <Button component={Link} to={trailPath} variant="default" size="xs">
            Audit Trail
          </Button>
        )}
        {definition.supportsTemplates && !readOnly && (
          <Button variant="default" size="xs" onClick={onOpenTemplates}>
            Templates (Alt+T)
          </Button>
        )}
      </Group>
    </Group>
  );
}
