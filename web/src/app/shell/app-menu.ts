import {
  buildVoucherScreenPath,
  canManage,
  isGstRegularOrganisation,
  RETURN_PERIOD_MESSAGES,
  type Role,
  START_MENU_VOUCHER_ORDER,
  VOUCHER_REGISTRY,
  type VoucherScreen,
  type VoucherType,
} from "@bahi/domain";
import {
  CASH_PAYMENTS_REPORT,
  STATEMENT_REPORTS,
  visibleReports,
} from "../../features/reports/report-definitions.ts";
import { organisationPath } from "../routes.ts";

/** What decides which entries the menus show (spec 6 "visibility"). */
export interface MenuContext {
  organisationId: string;
  year: string;
  manageInventory: boolean;
  gstRegistered: boolean;
  gstRegType: string | null;
  /** IFF is for quarterly (QRMP) filers only (issue 19); absent means monthly. */
  gstFilingFrequency?: "monthly" | "quarterly";
  role: Role;
}

/** One entry of the start menu, the sidebar or the quick-create menu: a leaf path or children. */
export interface MenuEntry {
  id: string;
  label: string;
  /** The letter that picks the entry on the start screen (spec 2.4). */
  shortcut: string;
  path?: string;
  children?: MenuEntry[];
  /** The sidebar's "+" shortcut beside a voucher type (spec 2.7). */
  addPath?: string;
  /** Shown but not opened, with this reason (issue 40: IFF for a monthly filer). */
  disabledReason?: string;
}

type Draft = Omit<MenuEntry, "shortcut" | "children"> & { shortcut?: string; children?: Draft[] };

/**
 * One letter per entry, unique within a level: the fixed one when given, else the first free
 * initial of a word, else the first free letter of the label.
 */
export function assignShortcutLetters(entries: readonly Draft[]): MenuEntry[] {
  const used = new Set(entries.flatMap((entry) => (entry.shortcut ? [entry.shortcut] : [])));
  return entries.map((entry) => {
    let shortcut = entry.shortcut;
    if (!shortcut) {
      const letters = entry.label.toUpperCase().replace(/[^A-Z ]/g, "");
      const initials = letters.split(" ").flatMap((word) => (word ? [word[0] as string] : []));
      const candidates = [...initials, ...letters.replaceAll(" ", "")];
      shortcut = candidates.find((letter) => !used.has(letter)) ?? "";
      if (shortcut) used.add(shortcut);
    }
    const { children, ...rest } = entry;
    return {
      ...rest,
      shortcut,
      ...(children ? { children: assignShortcutLetters(children) } : {}),
    };
  });
}

/**
 * Pages the menus name (spec 2.3, 2.4, 2.7) whose screens are not built yet; none today. An
 * entry listed here stays out of every menu, so that no entry leads to 'Page not found' (issue 25;
 * web/src/app/shell/menu-walk.test.ts proves it against the router). When a screen lands, delete
 * its line here and its entries come back.
 */
export const SCREENS_NOT_BUILT: readonly string[] = [];

/** Whether a menu entry's page has a screen; the menus' tests of spec 6 visibility pass ALL_SCREENS. */
export type ScreenFilter = (path: string) => boolean;

export const ALL_SCREENS: ScreenFilter = () => true;

export function isBuilt(path: string): boolean {
  const page = path.split("/").slice(3).join("/");
  return !SCREENS_NOT_BUILT.some((pending) =>
    pending.endsWith("/") ? page.startsWith(pending) : page === pending,
  );
}

/** The entries whose screens exist; a group left with no children goes too. */
function withBuiltScreens(entries: readonly Draft[], built: ScreenFilter): Draft[] {
  return entries.flatMap((entry) => {
    if (entry.children) {
      const children = withBuiltScreens(entry.children, built);
      return children.length > 0 ? [{ ...entry, children }] : [];
    }
    return entry.path === undefined || built(entry.path) ? [entry] : [];
  });
}

function pathIn(context: MenuContext, page: string): string {
  return organisationPath(context.organisationId, context.year, page);
}

function voucherPath(context: MenuContext, type: VoucherType, screen: VoucherScreen): string {
  return buildVoucherScreenPath(context, type, screen);
}

/** The 12 types in the spec's order, each opening one of its screens. */
function voucherEntries(
  context: MenuContext,
  idPrefix: string,
  screen: VoucherScreen,
  options: { withAdd?: boolean } = {},
): Draft[] {
  return START_MENU_VOUCHER_ORDER.map((type) => ({
    id: `${idPrefix}-${type}`,
    label: VOUCHER_REGISTRY[type].titles.singular,
    path: voucherPath(context, type, screen),
    ...(options.withAdd ? { addPath: voucherPath(context, type, { screen: "add" }) } : {}),
  }));
}

/** spec 2.4: Reports, and under it the sales and purchase report groups (the reports' own table). */
function reportEntries(context: MenuContext): Draft[] {
  const organisation = { gstRegistered: context.gstRegistered };
  const group = (id: string, label: string, reportGroup: "sales" | "purchases"): Draft => ({
    id,
    label,
    children: visibleReports(organisation, reportGroup)
      .filter((report) => report.specRoute)
      .map((report) => ({
        id: `${id}-${report.route}`,
        label: report.title,
        path: pathIn(context, report.route),
      })),
  });
  return [
    { id: "reports-index", label: "All Reports", path: pathIn(context, "reports") },
    ...STATEMENT_REPORTS.map((report) => ({
      id: report.route,
      label: report.title,
      path: pathIn(context, report.route),
    })),
    group("sales-reports", "Sales Reports", "sales"),
    group("purchase-reports", "Purchase Reports", "purchases"),
    {
      id: CASH_PAYMENTS_REPORT.route,
      label: CASH_PAYMENTS_REPORT.title,
      path: pathIn(context, CASH_PAYMENTS_REPORT.route),
    },
    { id: "email-logs", label: "Email Logs", path: pathIn(context, "reports/email-logs") },
    ...(canManage(context.role, "auditTrail")
      ? [{ id: "audit-trail", label: "Audit Trail", path: pathIn(context, "reports/audit-trail") }]
      : []),
  ];
}

function settingsEntries(context: MenuContext): Draft[] {
  const documentSettings = START_MENU_VOUCHER_ORDER.flatMap((type) => {
    const settings = VOUCHER_REGISTRY[type].settings;
    return settings
      ? [
          {
            id: `settings-${settings.routeWord}`,
            label: `${VOUCHER_REGISTRY[type].titles.singular} Settings`,
            path: pathIn(context, `settings/${settings.routeWord}`),
          },
        ]
      : [];
  });
  return [
    ...(canManage(context.role, "settings")
      ? [
          {
            id: "settings-organisation",
            label: "Organisation",
            path: pathIn(context, "settings/organisation"),
          },
        ]
      : []),
    ...documentSettings,
    {
      id: "settings-lock-period",
      label: "Lock Period",
      path: pathIn(context, "settings/lock-period"),
    },
    ...(canManage(context.role, "users")
      ? [{ id: "settings-users", label: "Users", path: pathIn(context, "settings/users") }]
      : []),
    {
      id: "settings-activity",
      label: "Activity Log",
      path: pathIn(context, "settings/users/activity"),
    },
    { id: "settings-profile", label: "Profile", path: pathIn(context, "settings/profile") },
    {
      id: "settings-custom-fields",
      label: "Custom Fields",
      path: pathIn(context, "settings/custom-fields"),
    },
    {
      id: "settings-email-templates",
      label: "Email Templates",
      path: pathIn(context, "settings/email-template/list"),
    },
    {
      id: "settings-whatsapp-templates",
      label: "WhatsApp Templates",
      path: pathIn(context, "settings/whatsapp-template/list"),
    },
  ];
}

/**
 * IFF is for quarterly filers under QRMP (issue 19; rule 59(2)): a monthly filer files GSTR-1
 * every month. Issue 40: every GST organisation sees the entry, a monthly filer's disabled with
 * the reason, so that nobody looks for it in vain.
 */
function iffEntry(context: MenuContext): Draft[] {
  return context.gstFilingFrequency === "quarterly"
    ? [{ id: "iff", label: "IFF", path: pathIn(context, "returns/iff") }]
    : [{ id: "iff", label: "IFF", disabledReason: RETURN_PERIOD_MESSAGES.iffQuarterlyOnly }];
}

function inventoryEntries(context: MenuContext, itemsLabel: string): Draft[] {
  if (!context.manageInventory) return [];
  return [
    { id: "items", label: itemsLabel, shortcut: "I", path: pathIn(context, "items/list") },
    {
      id: "closing-stock",
      label: "Closing Stock",
      shortcut: "C",
      path: pathIn(context, "items/closing-stock"),
    },
  ];
}

/** spec 2.4: the start screen's menu tree with its conditions. */
export function buildStartMenu(context: MenuContext, built: ScreenFilter = isBuilt): MenuEntry[] {
  return assignShortcutLetters(
    withBuiltScreens(
      [
        { id: "dashboard", label: "Dashboard", shortcut: "D", path: pathIn(context, "dashboard") },
        {
          id: "new-entry",
          label: "New Entry",
          shortcut: "N",
          children: voucherEntries(context, "new", { screen: "add" }),
        },
        {
          id: "entries-list",
          label: "Entries List",
          shortcut: "E",
          children: voucherEntries(context, "list", { screen: "list" }),
        },
        {
          id: "accounts",
          label: "Accounts Balances",
          shortcut: "A",
          path: pathIn(context, "account/list"),
        },
        ...inventoryEntries(context, "Items"),
        ...(context.gstRegistered
          ? [
              {
                id: "gst-returns",
                label: "GST Returns",
                shortcut: "G",
                children: [
                  ...iffEntry(context),
                  { id: "gstr1", label: "GSTR-1", path: pathIn(context, "returns/gstr1") },
                  { id: "gstr3b", label: "GSTR-3B", path: pathIn(context, "returns/gstr3B") },
                  { id: "einvoice", label: "E-Invoice", path: pathIn(context, "returns/einvoice") },
                  {
                    id: "ewaybill",
                    label: "E-Way Bills",
                    path: pathIn(context, "returns/ewaybill"),
                  },
                ],
              },
            ]
          : []),
        { id: "reports", label: "Reports", shortcut: "R", children: reportEntries(context) },
        { id: "settings", label: "Settings", shortcut: "S", children: settingsEntries(context) },
        {
          id: "delete-entries",
          label: "Delete Entries",
          shortcut: "X",
          children: voucherEntries(context, "deleted", { screen: "deleted-entries" }),
        },
        {
          id: "support",
          label: "Support or feedback",
          shortcut: "F",
          path: pathIn(context, "support-or-feedback"),
        },
        {
          id: "multiple-docs",
          label: "Send Multiple Docs",
          shortcut: "M",
          path: pathIn(context, "tools/multiple-docs"),
        },
      ],
      built,
    ),
  );
}

/**
 * spec 2.7 sidebars: nested menus with an add shortcut per type; Item List and Closing Stock after
 * Accounts Balances with inventory; GST returns (with GSTR-2) for GST-registered regular ones.
 */
export function buildSidebarMenu(context: MenuContext, built: ScreenFilter = isBuilt): MenuEntry[] {
  const regular = isGstRegularOrganisation({
    gstRegistered: context.gstRegistered,
    gstRegType: context.gstRegType ?? "",
  });
  return assignShortcutLetters(
    withBuiltScreens(
      [
        { id: "start", label: "Start Screen", path: pathIn(context, "start") },
        { id: "dashboard", label: "Dashboard", path: pathIn(context, "dashboard") },
        {
          id: "entries",
          label: "Entries",
          children: voucherEntries(context, "list", { screen: "list" }, { withAdd: true }),
        },
        { id: "accounts", label: "Accounts Balances", path: pathIn(context, "account/list") },
        ...inventoryEntries(context, "Item List"),
        ...(regular
          ? [
              {
                id: "gst-returns",
                label: "GST Returns",
                children: [
                  ...iffEntry(context),
                  { id: "gstr1", label: "GSTR-1", path: pathIn(context, "returns/gstr1") },
                  { id: "gstr2", label: "GSTR-2", path: pathIn(context, "returns/gstr2") },
                  { id: "gstr3b", label: "GSTR-3B", path: pathIn(context, "returns/gstr3B") },
                  { id: "einvoice", label: "E-Invoice", path: pathIn(context, "returns/einvoice") },
                  {
                    id: "ewaybill",
                    label: "E-Way Bills",
                    path: pathIn(context, "returns/ewaybill"),
                  },
                ],
              },
            ]
          : []),
        { id: "tds", label: "TDS", path: pathIn(context, "tds") },
        { id: "reports", label: "Reports", children: reportEntries(context) },
        {
          id: "imports",
          label: "Imports",
          children: [
            { id: "imports-bank", label: "Bank Statement", path: pathIn(context, "imports/bank") },
            { id: "imports-other", label: "Other Data", path: pathIn(context, "imports/other") },
            { id: "imports-tally", label: "Tally Company", path: pathIn(context, "imports/tally") },
          ],
        },
        { id: "settings", label: "Settings", children: settingsEntries(context) },
        {
          id: "deleted-entries",
          label: "Deleted Entries",
          children: voucherEntries(context, "deleted", { screen: "deleted-entries" }),
        },
        { id: "update-logs", label: "Update Logs", path: pathIn(context, "updatelogs") },
        {
          id: "support",
          label: "Support or feedback",
          path: pathIn(context, "support-or-feedback"),
        },
        {
          id: "multiple-docs",
          label: "Send Multiple Docs",
          path: pathIn(context, "tools/multiple-docs"),
        },
      ],
      built,
    ),
  );
}

/** The quick-create entries that open a dialog instead of a page. */
export const QUICK_CREATE_ACCOUNT = "new-account";
export const QUICK_CREATE_ITEM = "new-item";

/**
 * spec 2.7 '+ New': Account; Item only with inventory; every voucher type. Account and Item have
 * no path: they open the masters' Add dialogs.
 */
export function buildQuickCreateMenu(
  context: MenuContext,
  built: ScreenFilter = isBuilt,
): MenuEntry[] {
  return assignShortcutLetters(
    withBuiltScreens(
      [
        { id: QUICK_CREATE_ACCOUNT, label: "Account" },
        ...(context.manageInventory ? [{ id: QUICK_CREATE_ITEM, label: "Item" }] : []),
        ...voucherEntries(context, "new", { screen: "add" }),
      ],
      built,
    ),
  );
}

/** The entry a trail of ids leads to, and its children (the start screen's current level). */
export function findMenuLevel(tree: readonly MenuEntry[], trail: readonly string[]): MenuEntry[] {
  let level: readonly MenuEntry[] = tree;
  for (const id of trail) {
    const next = level.find((entry) => entry.id === id)?.children;
    if (!next) return [...level];
    level = next;
  }
  return [...level];
}
