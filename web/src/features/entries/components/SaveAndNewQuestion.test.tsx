import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useRef, useState } from "react";
import { describe, expect, test, vi } from "vitest";
import { renderPage } from "../../../test/render.tsx";
import { type EntryForm, emptyEntryForm } from "../model/entry-form.ts";
import { SaveAndNewQuestion } from "./SaveAndNewQuestion.tsx";
import { useEditorKeyboard } from "./use-editor-keyboard.ts";
import type { SaveAfter } from "./use-entry-navigation.ts";

// Issue 40: Ctrl+A (Save & New) pressed in a text box saves a complete entry at once and asks
// first only when the entry is unfinished, saying what it lacks.

const CONTEXT = {
  type: "salesInvoice" as const,
  organisationId: "org-1",
  year: "2025-26",
  today: "2025-06-15",
  organisation: {
    stateCode: "27",
    gstRegistered: true,
    gstRegType: "regular",
    manageInventory: true,
    billWiseEntry: true,
  },
};

function Editor(props: { missing: string[]; save: (after: SaveAfter) => Promise<void> }) {
  const [form, setForm] = useState<EntryForm>(emptyEntryForm(CONTEXT));
  const formRef = useRef(form);
  formRef.current = form;
  const { root, keyboard, saveAndNewQuestion } = useEditorKeyboard({
    type: "salesInvoice",
    organisationId: "org-1",
    form,
    formRef,
    setForm,
    save: props.save,
    findIncomplete: () => props.missing,
    leave: () => {},
    openTemplates: () => {},
    templatesOpen: false,
  });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the editor's keys, as EntryEditor has them
    <div ref={root} onKeyDown={keyboard.onKeyDown}>
      <label>
        Narration
        <input type="text" defaultValue="Deliver before noon" />
      </label>
      <SaveAndNewQuestion
        opened={saveAndNewQuestion.opened}
        missing={saveAndNewQuestion.missing}
        onConfirm={saveAndNewQuestion.confirm}
        onCancel={saveAndNewQuestion.cancel}
      />
    </div>
  );
}

function pressCtrlA(element: HTMLElement) {
  element.focus();
  fireEvent.keyDown(element, { key: "a", code: "KeyA", ctrlKey: true });
}

describe("Ctrl+A in a text box (issue 40)", () => {
  test("a complete entry is saved at once, with no question", async () => {
    const save = vi.fn(async () => {});
    renderPage(<Editor missing={[]} save={save} />);
    pressCtrlA(screen.getByRole("textbox", { name: "Narration" }));
    await waitFor(() => expect(save).toHaveBeenCalledWith("new"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("an unfinished one asks, says what it lacks; Keep editing saves nothing, Save & New saves", async () => {
    const save = vi.fn(async () => {});
    renderPage(<Editor missing={["No customer is chosen.", "Line 2 has no item."]} save={save} />);
    const narration = screen.getByRole("textbox", { name: "Narration" });
    pressCtrlA(narration);
    const question = await screen.findByRole("dialog", { name: "Save an unfinished entry?" });
    expect(question.textContent).toContain("This entry looks unfinished:");
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "No customer is chosen.",
      "Line 2 has no item.",
    ]);
    expect(save).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Keep editing" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(narration));
    expect(save).not.toHaveBeenCalled();

    pressCtrlA(narration);
    await screen.findByRole("dialog", { name: "Save an unfinished entry?" });
    fireEvent.click(screen.getByRole("button", { name: "Save & New" }));
    await waitFor(() => expect(save).toHaveBeenCalledWith("new"));
  });
});
