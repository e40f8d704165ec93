import { describe, expect, test } from "vitest";
import {
  canManage,
  effectiveRights,
  fullRights,
  hasRight,
  RETURN_SEND_SUBJECT,
  RIGHT_SUBJECTS,
  sendSubjectsOf,
} from "./roles.ts";

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

  test("send is a right of its own (decision 220): viewers never; an old line follows edit", () => {
    expect(hasRight("viewer", fullRights(), "salesInvoice", "send")).toBe(false);
    expect(hasRight("admin", [], "account", "send")).toBe(true);
    const line = { view: true, add: true, edit: false, delete: false };
    expect(
      hasRight(
        "accountant",
        [{ transactionType: "salesInvoice", ...line }],
        "salesInvoice",
        "send",
      ),
    ).toBe(false);
    expect(
      hasRight(
        "accountant",
        [{ transactionType: "salesInvoice", ...line, edit: true }],
        "salesInvoice",
        "send",
      ),
    ).toBe(true);
    const ticked = [{ transactionType: "salesInvoice" as const, ...line, edit: true, send: false }];
    expect(hasRight("accountant", ticked, "salesInvoice", "send")).toBe(false);
    // Send alone implies view.
    const sendOnly = [
      {
        transactionType: "receipts" as const,
        view: false,
        add: false,
        edit: false,
        delete: false,
        send: true,
      },
    ];
    expect(hasRight("accountant", sendOnly, "receipts", "view")).toBe(true);
  });

  test("what a message needs: its documents' types, accounts for a statement, the return's", () => {
    expect(
      sendSubjectsOf([{ transactionType: "creditNote" }, { transactionType: "creditNote" }]),
    ).toEqual(["creditNote"]);
    expect(sendSubjectsOf([{ transactionType: "ledger" }])).toEqual(["account"]);
    expect(sendSubjectsOf([])).toEqual([RETURN_SEND_SUBJECT]);
  });

  test("management is for owners and admins; deleting the organisation and API keys for owners", () => {
    expect(canManage("admin", "users")).toBe(true);
    expect(canManage("accountant", "users")).toBe(false);
    expect(canManage("admin", "organisation")).toBe(false);
    expect(canManage("owner", "apiKeys")).toBe(true);
    expect(canManage("viewer", "settings")).toBe(false);
  });
});
