import { type RefObject, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { clearEntryDraft, readEntryDraft, saveEntryDraft } from "../model/entry-draft.ts";
import type { EntryForm } from "../model/entry-form.ts";

/**
 * What was typed survives a reload (the refresh banner's button, the browser's own): kept in the
 * tab's session storage on the way out, offered back on the way in, dropped once saved.
 */
export function useEntryDraft({
  readOnly,
  initialForm,
  formRef,
  onRestore,
}: {
  readOnly: boolean;
  initialForm: EntryForm;
  formRef: RefObject<EntryForm>;
  onRestore: (form: EntryForm) => void;
}) {
  const location = useLocation();
  const path = location.pathname;
  const [draft, setDraft] = useState(() => (readOnly ? null : readEntryDraft(path)));
  const saved = useRef(false);

  useEffect(() => {
    if (readOnly) return;
    const keep = () => {
      if (!saved.current && formRef.current !== initialForm) saveEntryDraft(path, formRef.current);
    };
    window.addEventListener("pagehide", keep);
    return () => window.removeEventListener("pagehide", keep);
  }, [readOnly, path, initialForm, formRef]);

  return {
    draft,
    restore() {
      if (!draft) return;
      onRestore(draft.form);
      setDraft(null);
      clearEntryDraft(path);
    },
    discard() {
      setDraft(null);
      clearEntryDraft(path);
    },
    /** The stale-edit banner's Refresh: keep the form, then load the latest version. */
    keepAndReload() {
      saveEntryDraft(path, formRef.current);
      window.location.reload();
    },
    /** A saved entry leaves nothing to offer back. */
    markSaved() {
      saved.current = true;
      clearEntryDraft(path);
    },
  };
}
