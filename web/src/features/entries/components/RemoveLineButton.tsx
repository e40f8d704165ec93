import { ActionIcon } from "@mantine/core";

/** The × that ends a line; out of the Tab order, so Tab walks from field to field (spec 2.6). */
export function RemoveLineButton({
  label,
  readOnly,
  onRemove,
}: {
  /** "Remove line 2". */
  label: string;
  readOnly: boolean;
  onRemove: () => void;
}) {
  if (readOnly) return null;
  return (
    <ActionIcon variant="subtle" color="red" tabIndex={-1} aria-label={label} onClick={onRemove}>
      ×
    </ActionIcon>
  );
}
