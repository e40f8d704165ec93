import type { EntryForm } from "./entry-form.ts";

// What was typed survives a reload (the "Page Refresh Required" banner's Refresh, spec 2.7): the
// form is put aside in this tab's session storage and offered back when the page opens again.

const PREFIX = "bahi.entry-draft:";

export interface EntryDraft {
  form: EntryForm;
  savedAt: number;
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function saveEntryDraft(path: string, form: EntryForm, now = Date.now()): void {
  try {
    storage()?.setItem(PREFIX + path, JSON.stringify({ form, savedAt: now } satisfies EntryDraft));
  } catch {
    // A full or refused storage only loses the safety net.
  }
}

export function readEntryDraft(path: string): EntryDraft | null {
  const text = storage()?.getItem(PREFIX + path);
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Partial<EntryDraft>;
    const kind = (draft.form as { kind?: unknown } | undefined)?.kind;
    if (typeof kind !== "string" || typeof draft.savedAt !== "number") return null;
    return draft as EntryDraft;
  } catch {
    return null;
  }
}

export function clearEntryDraft(path: string): void {
  storage()?.removeItem(PREFIX + path);
}
