import { describe, expect, test } from "vitest";
import { YEAR_CHANGE_DELAY_MS, yearChangePath } from "./year-change.ts";

describe("yearChangePath (spec 2.3)", () => {
  test.each([
    // Any other page keeps its path under the new year.
    ["/org-1/2024-25/dashboard", "/org-1/2025-26/dashboard"],
    ["/org-1/2024-25/settings/profile", "/org-1/2025-26/settings/profile"],
    ["/org-1/2024-25/sales/list", "/org-1/2025-26/sales/list"],
    ["/org-1/2024-25/sales/deleted-entries", "/org-1/2025-26/sales/deleted-entries"],
    ["/org-1/2024-25/sales/add", "/org-1/2025-26/sales/add"],
    ["/org-1/2024-25/sales/print/inv-9", "/org-1/2025-26/sales/print/inv-9"],
    ["/org-1/2024-25/ledger/acc-1", "/org-1/2025-26/ledger/acc-1"],
    ["/org-1/2024-25/reports/balance-sheet", "/org-1/2025-26/reports/balance-sheet"],
    ["/org-1/2024-25", "/org-1/2025-26"],
    // Edit, duplicate and old-version pages fall back to the matching list page.
    ["/org-1/2024-25/sales/edit/inv-9", "/org-1/2025-26/sales/list"],
    ["/org-1/2024-25/purchases/duplicate/p-1", "/org-1/2025-26/purchases/list"],
    ["/org-1/2024-25/journal/old-version/j-1/3", "/org-1/2025-26/journal/list"],
    ["/org-1/2024-25/credit-note/edit/cn-2", "/org-1/2025-26/credit-note/list"],
    [
      "/org-1/2024-25/settings/email-template/edit/t-1",
      "/org-1/2025-26/settings/email-template/list",
    ],
    [
      "/org-1/2024-25/settings/whatsapp-template/edit/t-2",
      "/org-1/2025-26/settings/whatsapp-template/list",
    ],
  ])("%s → %s", (from, to) => {
    expect(yearChangePath(from, "2025-26")).toBe(to);
  });

  test("to an earlier year as well", () => {
    expect(yearChangePath("/o/2026-27/payment/edit/x", "2021-22")).toBe("/o/2021-22/payment/list");
  });

  test("the navigation waits 100 ms (spec 9)", () => {
    expect(YEAR_CHANGE_DELAY_MS).toBe(100);
  });
});
