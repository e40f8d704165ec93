import { fullRights, RIGHT_SUBJECTS } from "@bahi/domain";
import { describe, expect, test } from "vitest";
import { labelRightSubject, noRights, setAllRights, setRight, summariseRights } from "./rights.ts";

describe("the rights grid", () => {
  test("one line per subject with a readable label", () => {
    expect(noRights()).toHaveLength(RIGHT_SUBJECTS.length);
    expect(labelRightSubject("receipts")).toBe("Receipt");
    expect(labelRightSubject("salesInvoice")).toBe("Sales Invoice");
    expect(labelRightSubject("account")).toBe("Account");
  });

  test("adding, editing or deleting ticks view; unticking view unticks the rest", () => {
    let rights = setRight(noRights(), "receipts", "delete", true);
    expect(rights.find((line) => line.transactionType === "receipts")).toMatchObject({
      view: true,
      delete: true,
      add: false,
    });
    rights = setRight(rights, "receipts", "view", false);
    expect(rights.find((line) => line.transactionType === "receipts")).toMatchObject({
      view: false,
      delete: false,
    });
    // Other lines untouched.
    expect(rights.filter((line) => line.view)).toHaveLength(0);
  });

  test("select all and clear all", () => {
    expect(setAllRights(noRights(), true)).toEqual(fullRights());
    expect(setAllRights(fullRights(), false)).toEqual(noRights());
  });
});

describe("summariseRights", () => {
  test.each([
    ["owner", [], "All rights"],
    ["admin", [], "All rights"],
    ["viewer", [], "View only"],
    ["accountant", [], "All rights"],
  ] as const)("%s → %s", (role, rights, text) => {
    expect(summariseRights(role, rights)).toBe(text);
  });

  test("an accountant with receipts only", () => {
    const rights = setRight(
      setRight(noRights(), "receipts", "add", true),
      "receipts",
      "edit",
      true,
    );
    expect(summariseRights("accountant", rights)).toBe("Receipt: view, add, edit");
    expect(summariseRights("accountant", noRights())).toBe("No rights");
  });
});
