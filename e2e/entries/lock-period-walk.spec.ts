import type { Page } from "@playwright/test";
import {
  addInvoice,
  type Books,
  expect,
  expectFocus,
  setUpBooks,
  test,
  todayInIndia,
} from "./support.ts";

// Issue 40: the voucher forms and Settings → Lock Period read the same server call. They cached it
// under one query key in two shapes, so whichever screen came second crashed ("We have encountered
// some errors"). The walk goes between them by the app's own links, never by a reload, so the
// query cache is shared the way a person's session shares it.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const today = todayInIndia();
const monthLabel = `${MONTHS[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;
const lockMessage = `Sales Invoice entries dated in ${monthLabel} are locked. Unlock the period in Settings → Lock Period to change them.`;

async function setUp(page: Page): Promise<{ books: Books; invoice: { entryId: string } }> {
  const books = await setUpBooks(page);
  const customer = await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  const itemId = await books.addItem({ name: "Rice Bag 25kg", hsnCode: "1006", gstRate: 18 });
  const invoice = await addInvoice(books, customer, [{ itemId, quantity: 2, rate: 500 }]);
  return { books, invoice };
}

async function expectNoCrash(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "We have encountered some errors." })).toHaveCount(
    0,
  );
}

/** Opens a sidebar group (if closed) and follows one of its links. */
async function follow(page: Page, group: string, link: string): Promise<void> {
  const sidebar = page.getByRole("navigation", { name: "Main menu" });
  const target = sidebar.getByRole("link", { name: link, exact: true });
  if (!(await target.isVisible())) {
    await sidebar.getByRole("button", { name: group, exact: true }).click();
  }
  await target.click();
}

async function openLockPeriod(page: Page): Promise<void> {
  await follow(page, "Settings", "Lock Period");
  await expect(page).toHaveURL(/\/settings\/lock-period$/);
  await expect(page.getByRole("table", { name: "Lock Period" })).toBeVisible();
  await expectNoCrash(page);
}

async function openNewInvoice(page: Page): Promise<void> {
  await follow(page, "Entries", "Add Sales Invoice");
  await expect(page).toHaveURL(/\/sales\/add$/);
  await expect(page.getByRole("heading", { name: "Add Sales Invoice" })).toBeVisible();
  await expectFocus(page, "Date");
  await expectNoCrash(page);
}

/** The saved invoice's edit screen, through Ctrl+T (the last 10 transactions). */
async function openSavedInvoice(page: Page, entryId: string): Promise<void> {
  await page.keyboard.press("Control+t");
  const dialog = page.getByRole("dialog", { name: "Showing Last 10 Transactions Added or Edited" });
  await expect(dialog.locator("tbody").getByRole("row")).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/sales/edit/${entryId}$`));
  await expect(page.getByRole("heading", { name: /^Edit Sales Invoice/ })).toBeVisible();
  await expectNoCrash(page);
}

async function setSalesLock(page: Page, locked: boolean): Promise<void> {
  const box = page.getByRole("checkbox", { name: `Lock Sales Invoice in ${monthLabel}` });
  await expect(box).toBeChecked({ checked: !locked });
  await box.click();
  await expect(box).toBeChecked({ checked: locked });
}

test("a voucher form, then Lock Period, then the forms again: every screen renders and sees the lock", async ({
  page,
}) => {
  const { books, invoice } = await setUp(page);
  await page.goto(books.path("sales/add"));
  await expectFocus(page, "Date");
  await expect(page.getByText("are locked.")).toHaveCount(0);

  await openLockPeriod(page);
  await setSalesLock(page, true);

  await openNewInvoice(page);
  // The form reads the lock the Lock Period screen just saved: one cache entry for both.
  await expect(page.getByText(lockMessage).first()).toBeVisible();
  await openSavedInvoice(page, invoice.entryId);
  await expect(page.getByText(lockMessage).first()).toBeVisible();

  await openLockPeriod(page);
  await setSalesLock(page, false);
  await openNewInvoice(page);
  await expect(page.getByText("are locked.")).toHaveCount(0);
});

test("Lock Period first, then a new and a saved invoice, then Lock Period again", async ({
  page,
}) => {
  const { books, invoice } = await setUp(page);
  await page.goto(books.path("settings/lock-period"));
  await expect(page.getByRole("table", { name: "Lock Period" })).toBeVisible();
  await setSalesLock(page, true);

  await openNewInvoice(page);
  await expect(page.getByText(lockMessage).first()).toBeVisible();
  await openSavedInvoice(page, invoice.entryId);

  await openLockPeriod(page);
  await setSalesLock(page, false);
  await openSavedInvoice(page, invoice.entryId);
  await expect(page.getByText("are locked.")).toHaveCount(0);
  await openLockPeriod(page);
});
