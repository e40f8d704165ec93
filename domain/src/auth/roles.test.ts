import { describe, expect, test } from "vitest";
import { canManage, effectiveRights, fullRights, hasRight, RIGHT_SUBJECTS } from "./roles.ts";

describe("roles and rights (docs/decisions/004)", () => {
  test("owners and admins have every right whatever the list says", () => {
    expect(effectiveRights("owner", [])).toEqual(fullRights());
    expect(
      hasRight(
        "admin",
        [{ transactionType: "salesInvoice", view: false, add: false, edit: false, delete: false }],
        "salesInvoice",
        "delete",
      ),
    ).toBe(true);
  });

  test("viewers only view", () => {
    expect(hasRight("viewer", fullRights(), "journalEntry", "view")).toBe(true);
    expect(hasRight("viewer", fullRights(), "journalEntry", "add")).toBe(false);
  });

  test("an accountant has exactly what was granted; add implies view", () => {
    const granted = [
      { transactionType: "receipts" as const, view: false, add: true, edit: false, delete: false },
    ];
    expect(hasRight("accountant", granted, "receipts", "view")).toBe(true);
    expect(hasRight("accountant", granted, "receipts", "add")).toBe(true);
    expect(hasRight("accountant", granted, "receipts", "delete")).toBe(false);
    expect(hasRight("accountant", granted, "salesInvoice", "view")).toBe(false);
    expect(effectiveRights("accountant", granted)).toHaveLength(RIGHT_SUBJECTS.length);
  });

  test("an accountant with no list has full rights on the books", () => {
    expect(hasRight("accountant", [], "purchases", "edit")).toBe(true);
  });

  test("management is for owners and admins; deleting the organisation and API keys for owners", () => {
    expect(canManage("admin", "users")).toBe(true);
    expect(canManage("accountant", "users")).toBe(false);
    expect(canManage("admin", "organisation")).toBe(false);
    expect(canManage("owner", "apiKeys")).toBe(true);
    expect(canManage("viewer", "settings")).toBe(false);
  });
});
