import type { Page } from "@playwright/test";
import { bodyRows, listTable, openList, openPage } from "../lists/list-helpers.ts";
import {
  addVoucher,
  buildVoucher,
  createOrganisationByApi,
  expect,
  MENU_VOUCHER_TITLES,
  openLedger,
  pathIn,
  signUpByApi,
  test,
} from "../lists/support.ts";

// spec 2.4: the keyboard-driven start screen of a plain organisation (no inventory, not
// GST-registered, bill-wise off) and of a GST-registered one that manages inventory.
test.describe.configure({ mode: "serial" });

let page: Page;
let plain: { organisationId: string; year: string };
let trader: { organisationId: string; year: string };

// Every voucher type of the registry, in the start menu's order (issue 34).
const VOUCHER_TYPES = MENU_VOUCHER_TITLES;

function menu(page: Page) {
  return page.getByRole("navigation", { name: "Start menu" });
}

function entries(page: Page) {
  return menu(page).getByRole("button");
}

/** The entries' labels, without the shortcut letter each shows at its end. */
function labels(page: Page) {
  return entries(page).evaluateAll((buttons) =>
    buttons.map((button) => {
      const text = button.textContent ?? "";
      const letter = button.getAttribute("aria-keyshortcuts") ?? "";
      return letter && text.endsWith(letter) ? text.slice(0, -letter.length) : text;
    }),
  );
}

async function openStart(page: Page, organisation: { organisationId: string; year: string }) {
  await page.goto(pathIn(organisation, "start"));
  await expect(page.getByRole("heading", { level: 1, name: "Bahi Start Screen" })).toBeVisible();
}

/** The highlighted entry's label. */
async function highlighted(page: Page): Promise<string> {
  const [label] = await menu(page)
    .locator('[aria-current="true"]')
    .evaluateAll((buttons) =>
      buttons.map((button) => {
        const text = button.textContent ?? "";
        const letter = button.getAttribute("aria-keyshortcuts") ?? "";
        return letter && text.endsWith(letter) ? text.slice(0, -letter.length) : text;
      }),
    );
  return label ?? "";
}

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser);
  await signUpByApi(page, "Farhan Qureshi");
  plain = await createOrganisationByApi(page.request);
  trader = await createOrganisationByApi(page.request, {
    gstRegistered: true,
    manageInventory: true,
  });
});

test.afterAll(async () => {
  await page.context().close();
});

test("the title and the top level with its conditions", async () => {
  await openStart(page, plain);
  await expect(page).toHaveTitle("Bahi Start Screen");
  await expect
    .poll(() => labels(page))
    .toEqual([
      "Dashboard",
      "New Entry ›",
      "Entries List ›",
      "Accounts Balances",
      "Reports ›",
      "Settings ›",
      "Delete Entries ›",
      "Support or feedback",
      "Send Multiple Docs",
    ]);
  await expect.poll(() => highlighted(page)).toBe("Dashboard");

  await openStart(page, trader);
  await expect
    .poll(() => labels(page))
    .toEqual([
      "Dashboard",
      "New Entry ›",
      "Entries List ›",
      "Accounts Balances",
      "Items",
      "Closing Stock",
      "GST Returns ›",
      "Reports ›",
      "Settings ›",
      "Delete Entries ›",
      "Support or feedback",
      "Send Multiple Docs",
    ]);
  await page.keyboard.press("g");
  // A new organisation files monthly: IFF is for quarterly (QRMP) filers only (issue 19); it is
  // shown, not to be opened, with the reason (issue 40).
  await expect
    .poll(() => labels(page))
    .toEqual([
      "IFFIFF is only for quarterly (QRMP) filers. Change the filing frequency in the organisation settings.",
      "GSTR-1",
      "GSTR-3B",
      "E-Invoice",
      "E-Way Bills",
    ]);
  await page.keyboard.press("Escape");
  await expect.poll(() => highlighted(page)).toBe("GST Returns ›");
});

test("Up and Down move (and wrap), Enter opens, Escape goes back one level", async () => {
  await openStart(page, plain);
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => highlighted(page)).toBe("New Entry ›");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect.poll(() => highlighted(page)).toBe("Send Multiple Docs");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => highlighted(page)).toBe("Entries List ›");
  await page.keyboard.press("Enter");
  await expect.poll(() => labels(page)).toEqual(VOUCHER_TYPES);
  await expect.poll(() => highlighted(page)).toBe("Sales Invoice");
  await page.keyboard.press("Escape");
  await expect.poll(() => highlighted(page)).toBe("Entries List ›");
  // Escape at the top level stays.
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(pathIn(plain, "start"));
  await expect.poll(() => highlighted(page)).toBe("Entries List ›");
});

test("letters pick entries; a leaf opens its route", async () => {
  await openStart(page, plain);
  await page.keyboard.press("n");
  await expect.poll(() => labels(page)).toEqual(VOUCHER_TYPES);
  await page.keyboard.press("s");
  await expect(page).toHaveURL(pathIn(plain, "sales/add"));

  await openStart(page, plain);
  // Remembered: New Entry is open with Sales Invoice highlighted.
  await expect.poll(() => highlighted(page)).toBe("Sales Invoice");
  await page.keyboard.press("Escape");
  await page.keyboard.press("x");
  await page.keyboard.press("j");
  await expect(page).toHaveURL(pathIn(plain, "journal/deleted-entries"));
  await expect(
    page.getByRole("heading", { level: 1, name: "Journal Entries - Deleted Entries" }),
  ).toBeVisible();

  await openStart(page, plain);
  await page.keyboard.press("Escape");
  await page.keyboard.press("a");
  await expect(page).toHaveURL(pathIn(plain, "account/list"));
});

test("Esc from a list comes back here, remembering the row", async () => {
  await openStart(page, plain);
  await page.keyboard.press("Escape");
  await page.keyboard.press("e");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => highlighted(page)).toBe("Receipt");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(pathIn(plain, "receipt/list"));
  await expect(page.getByRole("heading", { level: 1, name: "Receipts" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Receipts Present" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(pathIn(plain, "start"));
  await expect.poll(() => labels(page)).toEqual(VOUCHER_TYPES);
  await expect.poll(() => highlighted(page)).toBe("Receipt");
});

test("shortcuts are disabled while a modal is open", async () => {
  await openStart(page, plain);
  await page.keyboard.press("Escape");
  await expect.poll(() => highlighted(page)).toBe("Entries List ›");
  await page.keyboard.press("Control+t");
  const recent = page.getByRole("dialog", { name: "Showing Last 10 Transactions Added or Edited" });
  await expect(recent).toBeVisible();
  await page.keyboard.press("d");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Escape");
  await expect(recent).toHaveCount(0);
  await expect(page).toHaveURL(pathIn(plain, "start"));
  await expect.poll(() => highlighted(page)).toBe("Entries List ›");
  await page.keyboard.press("d");
  await expect(page).toHaveURL(pathIn(plain, "dashboard"));
});

test("the Status column only with bill-wise entry on (spec 6)", async () => {
  const ledger = await openLedger(page.request, plain);
  await addVoucher(
    page.request,
    "salesInvoice",
    buildVoucher(ledger, "salesInvoice", { narration: "First sale" }),
  );
  await openList(page, plain, "sales", "Sales Invoice");
  await expect(listTable(page, "Sales Invoice").getByRole("columnheader")).toHaveText([
    "",
    "Date",
    "Invoice No.",
    "Customer",
    "Due Date",
    "Amount",
    "Actions",
  ]);
  await expect(bodyRows(page, "Sales Invoice")).toHaveCount(1);
  await expect(bodyRows(page, "Sales Invoice").first()).toContainText("Ravi Stores");
});
