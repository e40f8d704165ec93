import { getVoucherDefinition, type VoucherType } from "@bahi/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useState } from "react";
import { ApiError, fieldErrorsOf } from "../../../api/errors.ts";
import { notify } from "../../../app/notify.tsx";
import type { FieldErrors } from "../../../components/form-validation.ts";
import { useChangeFeed } from "../../change-feed/ChangeFeedProvider.tsx";
import { saveEntry } from "../entries.api.ts";
import { findIncompleteParts } from "../model/entry-completeness.ts";
import type { EntryContext, EntryMode } from "../model/entry-context.ts";
import { type EntryForm, mapEntryErrorPath, validateEntryForm } from "../model/entry-form.ts";
import { rememberCashBank } from "../model/last-cash-bank.ts";
import type { SaveAfter } from "./use-entry-navigation.ts";

/** The server's 409 for an edit that started from an older version (vouchers.service). */
function isStaleEdit(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    /changed by someone else/.test(error.message)
  );
}

export interface EntrySaveOptions {
  type: VoucherType;
  mode: EntryMode;
  context: EntryContext;
  entryId: string | null;
  version: number | null;
  readOnly: boolean;
  /** A locked period refuses the save before it is sent. */
  lockMessage: string | null;
  formRef: RefObject<EntryForm>;
  /** The server took the entry: nothing is left to keep as a draft. */
  onAccepted: () => void;
  /** Last, after the success notice: go where `after` says. */
  onSaved: (after: SaveAfter, entryId: string) => void;
}

/**
 * Saving an entry: the lock and the payload schemas checked first, then the server; its answer's
 * field errors placed on the fields, a stale edit (409) shown as the spec's banner (spec 2.7).
 */
export function useEntrySave({
  type,
  mode,
  context,
  entryId,
  version,
  readOnly,
  lockMessage,
  formRef,
  onSaved,
  onAccepted,
}: EntrySaveOptions) {
  const definition = getVoucherDefinition(type);
  const queryClient = useQueryClient();
  const { recordOwnChanges } = useChangeFeed();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);

  const payloadOptions = { mode, ...(entryId ? { entryId } : {}), ...(version ? { version } : {}) };

  function refuse(fieldErrors: FieldErrors, message: string) {
    setErrors(fieldErrors);
    setFormMessage(message);
    notify({
      type: "danger",
      title: `Could not save the ${definition.titles.singular}`,
      message,
    });
  }

  async function save(after: SaveAfter) {
    if (readOnly || saving) return;
    if (lockMessage) {
      setErrors({ date: lockMessage });
      setFormMessage(lockMessage);
      notify({ type: "danger", title: "Period locked", message: lockMessage });
      return;
    }
    const validation = validateEntryForm(formRef.current, context, payloadOptions);
    if (!validation.ok) {
      refuse(validation.errors, validation.message);
      return;
    }
    setSaving(true);
    try {
      const answer = await saveEntry(type, mode === "edit" ? "edit" : "add", validation.payload);
      onAccepted();
      recordOwnChanges([answer.entryId]);
      rememberCashBank(context.organisationId, type, formRef.current);
      setErrors({});
      setFormMessage(null);
      notify({
        type: "success",
        title: answer.message,
        ...(answer.number ? { message: `Number ${answer.number}` } : {}),
      });
      void queryClient.invalidateQueries();
      onSaved(after, answer.entryId);
    } catch (error) {
      if (isStaleEdit(error)) {
        // The spec's banner; what was typed stays on screen (and survives the refresh).
        setConflict(true);
        return;
      }
      const message = error instanceof Error ? error.message : "Something went wrong.";
      const fieldErrors: FieldErrors = {};
      for (const [path, text] of Object.entries(fieldErrorsOf(error))) {
        fieldErrors[mapEntryErrorPath(formRef.current, path, context)] = text;
      }
      if (error instanceof ApiError && error.status === 423) fieldErrors.date = message;
      refuse(fieldErrors, message);
    } finally {
      setSaving(false);
    }
  }

  return {
    save,
    /** What the entry still lacks (Ctrl+A in a text box asks only then); empty when complete. */
    findIncomplete: () => findIncompleteParts(formRef.current, context, payloadOptions),
    saving,
    errors,
    formMessage,
    conflict,
    /** A template opened over the form starts it afresh. */
    clearErrors() {
      setErrors({});
      setFormMessage(null);
    },
  };
}
