import { getVoucherDefinition, type VoucherType } from "@bahi/domain";
import { type Dispatch, type RefObject, type SetStateAction, useRef, useState } from "react";
import { openAccountModal, openItemModal } from "../../../components/inputs/master-modals.ts";
import { fetchItem } from "../../masters/masters.api.ts";
import type { EntryAction } from "../keyboard/entry-shortcuts.ts";
import { describeEntryShortcuts, isSaveAndNewInTextBox } from "../keyboard/entry-shortcuts.ts";
import { useEntryKeyboard } from "../keyboard/use-entry-keyboard.ts";
import {
  applyItemToLine,
  type DocumentForm,
  describeDocumentFields,
  emptyItemLine,
  isBlankItemLine,
} from "../model/document-form.ts";
import type { EntryForm } from "../model/entry-form.ts";
import { addLineTo, planFocus } from "./entry-focus.ts";
import type { SaveAfter } from "./use-entry-navigation.ts";

export interface EditorKeyboardOptions {
  type: VoucherType;
  organisationId: string;
  form: EntryForm;
  formRef: RefObject<EntryForm>;
  setForm: Dispatch<SetStateAction<EntryForm>>;
  save: (after: SaveAfter) => Promise<void>;
  /** What the entry still lacks; empty when it is complete. */
  findIncomplete: () => string[];
  leave: () => void;
  openTemplates: () => void;
  /** The templates modal has the keys while it is open. */
  templatesOpen: boolean;
}

/**
 * The editor's keys (spec 2.6): the shortcuts to save, add an account or an item, open the
 * templates; Enter adding lines; Esc to leave, with the hint after the first of two.
 */
export function useEditorKeyboard({
  type,
  organisationId,
  form,
  formRef,
  setForm,
  save,
  findIncomplete,
  leave,
  openTemplates,
  templatesOpen,
}: EditorKeyboardOptions) {
  const definition = getVoucherDefinition(type);
  const root = useRef<HTMLDivElement>(null);
  const shortcuts = describeEntryShortcuts(type);
  const [escapeHint, setEscapeHint] = useState(false);
  /**
   * Ctrl+A pressed in a text box on an unfinished entry waits for a yes (issue 40): the box to
   * return to on no, and what the entry lacks.
   */
  const [confirmSaveAndNew, setConfirmSaveAndNew] = useState<{
    box: HTMLElement;
    missing: string[];
  } | null>(null);

  /** Alt+I (or Alt+C on an item line): the new item fills the focused line, else a blank one. */
  function addItemFromModal(target: EventTarget | null) {
    const lineElement = target instanceof Element ? target.closest("[data-item-line]") : null;
    const focused = lineElement ? Number(lineElement.getAttribute("data-item-line")) : null;
    openItemModal({
      mode: "add",
      onSaved: (savedItem) => {
        void fetchItem(organisationId, savedItem._id).then((item) => {
          setForm((latest) => {
            const current = latest as DocumentForm;
            const side = describeDocumentFields(type).partySide;
            const index = focused ?? current.itemLines.findIndex((line) => isBlankItemLine(line));
            const lines = index >= 0 ? current.itemLines : [...current.itemLines, emptyItemLine()];
            const at = index >= 0 ? index : lines.length - 1;
            return {
              ...current,
              itemLines: lines.map((line, i) =>
                i === at ? applyItemToLine(line, item, side) : line,
              ),
            };
          });
        });
      },
    });
  }

  function onShortcut(action: Exclude<EntryAction, "escape">, target: EventTarget | null) {
    if (isSaveAndNewInTextBox(action, target)) {
      const missing = findIncomplete();
      if (missing.length > 0) {
        setConfirmSaveAndNew({ box: target as HTMLElement, missing });
        return;
      }
    }
    switch (action) {
      case "saveAndNew":
        return void save("new");
      case "saveAndClose":
        return void save("close");
      case "saveAndDuplicate":
        return void save("duplicate");
      case "saveAndPrint":
        return void save("print");
      case "addAccount":
        return openAccountModal({ mode: "add" });
      case "addItem":
        return addItemFromModal(target);
      case "addAccountOrItem":
        if (target instanceof Element && target.closest("[data-item-line]")) {
          return addItemFromModal(target);
        }
        return openAccountModal({ mode: "add" });
      case "openTemplates":
        if (definition.supportsTemplates) openTemplates();
        return;
    }
  }

  const keyboard = useEntryKeyboard({
    root,
    plan: planFocus(form),
    addLine: () => {
      // A functional update: what the key just chose (an item, a rate) is still to be drawn.
      setForm((current) => addLineTo(current).form);
      return addLineTo(formRef.current).stop;
    },
    shortcuts,
    onShortcut,
    onLeave: leave,
    onEscapeArmed: () => {
      setEscapeHint(true);
      setTimeout(() => setEscapeHint(false), 1500);
    },
    // The templates modal and the Ctrl+A question have the keys while open.
    enabled: !templatesOpen && confirmSaveAndNew === null,
  });

  const saveAndNewQuestion = {
    opened: confirmSaveAndNew !== null,
    missing: confirmSaveAndNew?.missing ?? [],
    confirm: () => {
      setConfirmSaveAndNew(null);
      void save("new");
    },
    cancel: () => {
      const back = confirmSaveAndNew?.box;
      setConfirmSaveAndNew(null);
      // Back in the box, everything in it selected: what Ctrl+A does there elsewhere.
      setTimeout(() => {
        back?.focus();
        if (back instanceof HTMLInputElement || back instanceof HTMLTextAreaElement) back.select();
      }, 0);
    },
  };

  return { root, keyboard, shortcuts, escapeHint, saveAndNewQuestion };
}
