import { getVoucherDefinition, VOUCHER_TYPES } from "@bahi/domain";
import { describe, expect, it } from "vitest";
import {
  describeEntryShortcuts,
  ESCAPE_TWICE_WINDOW_MS,
  isSaveAndNewInTextBox,
  type KeyLike,
  matchEntryShortcut,
  registerEscape,
} from "./entry-shortcuts.ts";

function press(
  key: string,
  modifiers: Partial<Pick<KeyLike, "ctrlKey" | "metaKey" | "altKey" | "shiftKey">> = {},
): KeyLike {
  const code = key === "Escape" ? "Escape" : `Key${key.toUpperCase()}`;
  return {
    key,
    code,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...modifiers,
  };
}

const keysOf = (type: Parameters<typeof describeEntryShortcuts>[0]) =>
  describeEntryShortcuts(type).shortcuts.map((shortcut) => `${shortcut.keys} ${shortcut.action}`);

describe("spec 2.6 shortcut map", () => {
  it("sales: Ctrl+A, Ctrl+S, Ctrl+D, Ctrl+P, Alt+C account or item, Esc twice", () => {
    expect(keysOf("salesInvoice")).toEqual([
      "Ctrl+A saveAndNew",
      "Ctrl+S saveAndClose",
      "Ctrl+D saveAndDuplicate",
      "Ctrl+P saveAndPrint",
      "Alt+C addAccountOrItem",
      "Alt+I addItem",
      "Alt+T openTemplates",
      "Esc escape",
    ]);
    expect(describeEntryShortcuts("salesInvoice").escape).toBe("twice");
  });

  it("purchases: Ctrl+A, Ctrl+S, Ctrl+D, Alt+C account, Alt+I item, Esc cancel", () => {
    expect(keysOf("purchases")).toEqual([
      "Ctrl+A saveAndNew",
      "Ctrl+S saveAndClose",
      "Ctrl+D saveAndDuplicate",
      "Alt+C addAccount",
      "Alt+I addItem",
      "Alt+T openTemplates",
      "Esc escape",
    ]);
    expect(describeEntryShortcuts("purchases").escape).toBe("once");
  });

  it("the other types take their side's family; account vouchers have no items", () => {
    expect(describeEntryShortcuts("purchaseOrder").escape).toBe("once");
    expect(describeEntryShortcuts("debitNote").escape).toBe("once");
    expect(describeEntryShortcuts("quotation").escape).toBe("twice");
    expect(keysOf("quotation")).not.toContain("Alt+T openTemplates");
    expect(keysOf("journalEntry")).toEqual([
      "Ctrl+A saveAndNew",
      "Ctrl+S saveAndClose",
      "Ctrl+D saveAndDuplicate",
      "Alt+C addAccount",
      "Alt+T openTemplates",
      "Esc escape",
    ]);
    expect(keysOf("fundTransfer")).not.toContain("Alt+T openTemplates");
  });

  it("every type saves with Ctrl+S; Ctrl+P saves and prints exactly where the type prints", () => {
    for (const type of VOUCHER_TYPES) {
      const map = describeEntryShortcuts(type);
      expect(matchEntryShortcut(map, press("s", { ctrlKey: true }))).toBe("saveAndClose");
      expect(matchEntryShortcut(map, press("p", { ctrlKey: true }))).toBe(
        getVoucherDefinition(type).print === null ? null : "saveAndPrint",
      );
    }
  });
});

describe("matching a key press", () => {
  const sales = describeEntryShortcuts("salesInvoice");
  const purchases = describeEntryShortcuts("purchases");

  it.each([
    [press("a", { ctrlKey: true }), "saveAndNew"],
    [press("s", { ctrlKey: true }), "saveAndClose"],
    [press("d", { ctrlKey: true }), "saveAndDuplicate"],
    [press("p", { ctrlKey: true }), "saveAndPrint"],
    [press("s", { metaKey: true }), "saveAndClose"],
    [press("c", { altKey: true }), "addAccountOrItem"],
    [press("i", { altKey: true }), "addItem"],
    [press("t", { altKey: true }), "openTemplates"],
    [press("Escape"), "escape"],
  ] as const)("sales %o → %s", (event, action) => {
    expect(matchEntryShortcut(sales, event)).toBe(action);
  });

  it("reads Alt+C by the physical key (a Mac's Alt+C types ç)", () => {
    expect(matchEntryShortcut(purchases, { ...press("c", { altKey: true }), key: "ç" })).toBe(
      "addAccount",
    );
  });

  it("ignores plain letters, Shift combinations and modifiers on Esc", () => {
    expect(matchEntryShortcut(sales, press("s"))).toBeNull();
    expect(matchEntryShortcut(sales, press("s", { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(matchEntryShortcut(sales, press("c", { ctrlKey: true }))).toBeNull();
    expect(matchEntryShortcut(sales, press("Escape", { ctrlKey: true }))).toBeNull();
  });
});

describe("Esc", () => {
  it("once leaves at the first press", () => {
    expect(registerEscape("once", null, 1000)).toEqual({ leave: true, lastEscapeAt: null });
  });

  it("twice arms first and leaves on a second press in time", () => {
    const first = registerEscape("twice", null, 1000);
    expect(first).toEqual({ leave: false, lastEscapeAt: 1000 });
    expect(registerEscape("twice", first.lastEscapeAt, 1000 + ESCAPE_TWICE_WINDOW_MS)).toEqual({
      leave: true,
      lastEscapeAt: null,
    });
  });

  it("twice starts over when the second press comes too late", () => {
    expect(registerEscape("twice", 1000, 1001 + ESCAPE_TWICE_WINDOW_MS)).toEqual({
      leave: false,
      lastEscapeAt: 1001 + ESCAPE_TWICE_WINDOW_MS,
    });
  });
});

describe("Ctrl+A inside a text box asks first (issue 40)", () => {
  const element = (html: string) => {
    const holder = document.createElement("div");
    holder.innerHTML = html;
    return holder.firstElementChild as HTMLElement;
  };
  it("a text box, a number box and a text area are where text is typed", () => {
    expect(isSaveAndNewInTextBox("saveAndNew", element('<input type="text" />'))).toBe(true);
    expect(isSaveAndNewInTextBox("saveAndNew", element('<input type="number" />'))).toBe(true);
    expect(isSaveAndNewInTextBox("saveAndNew", element("<textarea></textarea>"))).toBe(true);
  });
  it("a picker, a button or the page are not, and other keys never count", () => {
    expect(
      isSaveAndNewInTextBox("saveAndNew", element('<input type="text" role="combobox" />')),
    ).toBe(false);
    expect(isSaveAndNewInTextBox("saveAndNew", element("<button>Save</button>"))).toBe(false);
    expect(isSaveAndNewInTextBox("saveAndNew", element('<input type="checkbox" />'))).toBe(false);
    expect(isSaveAndNewInTextBox("saveAndNew", null)).toBe(false);
    expect(isSaveAndNewInTextBox("saveAndClose", element('<input type="text" />'))).toBe(false);
  });
});
