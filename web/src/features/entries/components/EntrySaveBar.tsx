import { getVoucherDefinition, type VoucherType } from "@bahi/domain";
import { Button, Group, Kbd, Paper, Text } from "@mantine/core";
import type { EntryShortcutMap } from "../keyboard/entry-shortcuts.ts";
import type { SaveAfter } from "./use-entry-navigation.ts";

export interface EntrySaveBarProps {
  type: VoucherType;
  saving: boolean;
  onSave: (after: SaveAfter) => void;
  onCancel: () => void;
  shortcuts: EntryShortcutMap;
  /** After a first Esc where two leave (spec 2.6). */
  escapeHint: boolean;
}

/** The save buttons, Cancel, and the type's keyboard shortcuts beside them. */
export function EntrySaveBar({
  type,
  saving,
  onSave,
  onCancel,
  shortcuts,
  escapeHint,
}: EntrySaveBarProps) {
  const definition = getVoucherDefinition(type);
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button onClick={() => onSave("close")} loading={saving}>
            Save &amp; Close
          </Button>
          <Button variant="light" onClick={() => onSave("new")} disabled={saving}>
            Save &amp; New
          </Button>
          <Button variant="light" onClick={() => onSave("duplicate")} disabled={saving}>
            Save &amp; Duplicate
          </Button>
          {definition.print !== null && (
            <Button variant="light" onClick={() => onSave("print")} disabled={saving}>
              Save &amp; Print
            </Button>
          )}
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        </Group>
        <Group gap={10} aria-label="Keyboard shortcuts">
          {shortcuts.shortcuts.map((shortcut) => (
            <Text size="xs" c="dimmed" key={shortcut.action}>
              <Kbd size="xs">{shortcut.keys}</Kbd> {shortcut.label}
            </Text>
          ))}
        </Group>
      </Group>
      {escapeHint && (
        <Text size="xs" c="orange.8" mt={4} role="status">
          Press Esc again to leave without saving.
        </Text>
      )}
    </Paper>
  );
}
