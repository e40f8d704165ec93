import { useState } from "react";

/**
 * The ticked rows of the page on screen. A selection belongs to one load (its reload key): a new
 * page, search, filter or sort starts with nothing ticked, so Delete Selected never deletes
 * rows the person no longer sees.
 */
export function useListSelection(loadKey: string) {
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: loadKey,
    ids: new Set(),
  });
  const ids = selection.key === loadKey ? selection.ids : new Set<string>();
  const update = (next: ReadonlySet<string>) => setSelection({ key: loadKey, ids: next });
  return {
    ids,
    toggle(id: string) {
      const next = new Set(ids);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      update(next);
    },
    setAll(pageIds: readonly string[], checked: boolean) {
      update(checked ? new Set(pageIds) : new Set());
    },
    clear() {
      update(new Set());
    },
  };
}
