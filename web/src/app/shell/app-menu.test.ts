import { describe, expect, test } from "vitest";
import {
  ALL_SCREENS,
  assignShortcutLetters,
  buildQuickCreateMenu,
  buildSidebarMenu,
  buildStartMenu,
  findMenuLevel,
  type MenuContext,
  type MenuEntry,
} from "./app-menu.ts";

const PLAIN: MenuContext = {
  organisationId: "o1",
  year: "2025-26",
  manageInventory: false,
  gstRegistered: false,
  gstRegType: null,
  role: "owner",
};
const TRADER: MenuContext = {
  ...PLAIN,
  manageInventory: true,
  gstRegistered: true,
  gstRegType: "regular",
  gstFilingFrequency: "quarterly",
};

const labels = (entries: readonly MenuEntry[]) => entries.map((entry) => entry.label);
const VOUCHERS = [
  "Sales Invoice",
  "Purchase",
  "Receipt",
  "Payment",
  "Fund Transfer",
  "Journal Entry",
  "Debit Note",
  "Credit Note",
  // Not one of the spec's 12: the debit note to a customer (decision 066), beside the other notes.
  "Debit Note (Sales)",
  "Quotation",
  "Sales Order",
  "Delivery Challan",
  "Purchase Order",
];

describe("the start menu (spec 2.4)", () => {
  test("top level of a plain organisation", () => {
    expect(labels(buildStartMenu(PLAIN, ALL_SCREENS))).toEqual([
      "Dashboard",
      "New Entry",
      "Entries List",
      "Accounts Balances",
      "Reports",
      "Settings",
      "Delete Entries",
      "Support or feedback",
      "Send Multiple Docs",
    ]);
  });

  test("Items and Closing Stock with inventory; GST Returns when GST-registered", () => {
    const tree = buildStartMenu(TRADER, ALL_SCREENS);
    expect(labels(tree)).toEqual([
      "Dashboard",
      "New Entry",
      "Entries List",
      "Accounts Balances",
      "Items",
      "Closing Stock",
      "GST Returns",
      "Reports",
      "Settings",
      "Delete Entries",
      "Support or feedback",
      "Send Multiple Docs",
    ]);
    expect(labels(findMenuLevel(tree, ["gst-returns"]))).toEqual([
      "IFF",
      "GSTR-1",
      "GSTR-3B",
      "E-Invoice",
      "E-Way Bills",
    ]);
    // Registered but not regular: the start menu still offers the returns (the sidebar does not).
    const composition = { ...TRADER, gstRegType: "composition" };
    expect(labels(buildStartMenu(composition, ALL_SCREENS))).toContain("GST Returns");
  });

  test("New Entry, Entries List and Delete Entries offer the 13 types, each to its screen", () => {
    const tree = buildStartMenu(PLAIN, ALL_SCREENS);
    for (const id of ["new-entry", "entries-list", "delete-entries"]) {
      expect(labels(findMenuLevel(tree, [id]))).toEqual(VOUCHERS);
    }
    expect(findMenuLevel(tree, ["new-entry"])[0]?.path).toBe("/o1/2025-26/sales/add");
    expect(findMenuLevel(tree, ["entries-list"])[2]?.path).toBe("/o1/2025-26/receipt/list");
    expect(findMenuLevel(tree, ["delete-entries"])[5]?.path).toBe(
      "/o1/2025-26/journal/deleted-entries",
    );
  });

  test("Reports holds the sales and purchase groups", () => {
    const reports = findMenuLevel(buildStartMenu(PLAIN, ALL_SCREENS), ["reports"]);
    expect(labels(reports)).toEqual(expect.arrayContaining(["Sales Reports", "Purchase Reports"]));
    const sales = findMenuLevel(buildStartMenu(PLAIN, ALL_SCREENS), ["reports", "sales-reports"]);
    const gstSales = findMenuLevel(buildStartMenu(TRADER, ALL_SCREENS), [
      "reports",
      "sales-reports",
    ]);
    expect(sales.length).toBeGreaterThan(5);
    // State and GST-rate reports only for GST-registered organisations (spec 2.3).
    expect(gstSales.length).toBe(sales.length + 2);
  });

  test("settings of organisation and users only for managers", () => {
    const owner = labels(findMenuLevel(buildStartMenu(PLAIN, ALL_SCREENS), ["settings"]));
    const viewer = labels(
      findMenuLevel(buildStartMenu({ ...PLAIN, role: "viewer" }, ALL_SCREENS), ["settings"]),
    );
    expect(owner).toEqual(expect.arrayContaining(["Organisation", "Users", "Profile"]));
    expect(viewer).not.toContain("Organisation");
    expect(viewer).not.toContain("Users");
    expect(viewer).toContain("Profile");
  });

  test("every level has one letter per entry", () => {
    const check = (entries: readonly MenuEntry[]) => {
      const letters = entries.map((entry) => entry.shortcut);
      expect(new Set(letters).size).toBe(letters.length);
      for (const letter of letters) expect(letter).toMatch(/^[A-Z]$/);
      for (const entry of entries) if (entry.children) check(entry.children);
    };
    check(buildStartMenu(TRADER, ALL_SCREENS));
    expect(buildStartMenu(PLAIN, ALL_SCREENS).map((entry) => entry.shortcut)).toEqual([
      "D",
      "N",
      "E",
      "A",
      "R",
      "S",
      "X",
      "F",
      "M",
    ]);
    expect(
      findMenuLevel(buildStartMenu(PLAIN, ALL_SCREENS), ["entries-list"]).map((e) => e.shortcut),
    ).toEqual(["S", "P", "R", "A", "F", "J", "D", "C", "N", "Q", "O", "E", "U"]);
  });

  test("letters: initials first, then any free letter", () => {
    expect(
      assignShortcutLetters([
        { id: "a", label: "Sales" },
        { id: "b", label: "Sales Order" },
        { id: "c", label: "Stock", shortcut: "K" },
      ]).map((entry) => entry.shortcut),
    ).toEqual(["S", "O", "K"]);
  });
});

describe("the sidebar (spec 2.7, spec 6)", () => {
  test("Item List and Closing Stock right after Accounts Balances with inventory", () => {
    const top = labels(buildSidebarMenu(TRADER, ALL_SCREENS));
    const at = top.indexOf("Accounts Balances");
    expect(top.slice(at, at + 3)).toEqual(["Accounts Balances", "Item List", "Closing Stock"]);
    expect(labels(buildSidebarMenu(PLAIN, ALL_SCREENS))).not.toContain("Item List");
  });

  test("GST returns, with GSTR-2, only for GST-registered regular organisations", () => {
    expect(labels(findMenuLevel(buildSidebarMenu(TRADER, ALL_SCREENS), ["gst-returns"]))).toEqual([
      "IFF",
      "GSTR-1",
      "GSTR-2",
      "GSTR-3B",
      "E-Invoice",
      "E-Way Bills",
    ]);
    expect(
      labels(buildSidebarMenu({ ...TRADER, gstRegType: "composition" }, ALL_SCREENS)),
    ).not.toContain("GST Returns");
    expect(labels(buildSidebarMenu(PLAIN, ALL_SCREENS))).not.toContain("GST Returns");
  });

  test("IFF opens for quarterly (QRMP) filers; a monthly filer sees it disabled with the reason (issues 19, 40)", () => {
    const monthly: MenuContext = { ...TRADER, gstFilingFrequency: "monthly" };
    const iff = (context: MenuContext, build: typeof buildStartMenu) =>
      findMenuLevel(build(context, ALL_SCREENS), ["gst-returns"]).find(
        (entry) => entry.id === "iff",
      );
    for (const build of [buildStartMenu, buildSidebarMenu]) {
      expect(iff(TRADER, build)).toMatchObject({
        label: "IFF",
        path: expect.stringContaining("/returns/iff"),
      });
      expect(iff(TRADER, build)?.disabledReason).toBeUndefined();
      const monthlyReturns = labels(findMenuLevel(build(monthly, ALL_SCREENS), ["gst-returns"]));
      expect(monthlyReturns).toContain("GSTR-1");
      expect(iff(monthly, build)).toEqual({
        id: "iff",
        label: "IFF",
        shortcut: expect.any(String),
        disabledReason:
          "IFF is only for quarterly (QRMP) filers. Change the filing frequency in the organisation settings.",
      });
      // An organisation summary without the setting is a monthly filer (the default).
      const { gstFilingFrequency: _unset, ...noSetting } = TRADER;
      expect(iff(noSetting, build)?.path).toBeUndefined();
      expect(iff(noSetting, build)?.disabledReason).toBeDefined();
    }
  });

  test("every voucher type with its add shortcut", () => {
    const entries = findMenuLevel(buildSidebarMenu(PLAIN, ALL_SCREENS), ["entries"]);
    expect(labels(entries)).toEqual(VOUCHERS);
    expect(entries[1]).toMatchObject({
      path: "/o1/2025-26/purchases/list",
      addPath: "/o1/2025-26/purchases/add",
    });
  });
});

describe("'+ New' (spec 2.7)", () => {
  test("Account; Item only with inventory; every voucher type", () => {
    expect(labels(buildQuickCreateMenu(PLAIN, ALL_SCREENS))).toEqual(["Account", ...VOUCHERS]);
    expect(labels(buildQuickCreateMenu(TRADER, ALL_SCREENS))).toEqual([
      "Account",
      "Item",
      ...VOUCHERS,
    ]);
    expect(buildQuickCreateMenu(PLAIN, ALL_SCREENS)[1]?.path).toBe("/o1/2025-26/sales/add");
  });
});
