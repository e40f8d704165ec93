import type { Page } from "@playwright/test";
import { expect, expectFocus, Keys, setUpBooks, test, totalOf } from "../entries/support.ts";

// Issue 40: screens that share a cached query crashed each other ("We have encountered some
// errors"): a voucher form then Lock Period, or the other way round. Here every menu entry is
// opened inside the app (its cache kept, as a person clicking through it), each after a voucher
// form and each followed by one; no screen may fall into the error screen.

const ERROR_SCREEN = "We have encountered some errors.";

/** Moves inside the app, as a menu link does (no reload: the query cache is kept). */
async function goInside(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const view = globalThis as unknown as {
      history: { pushState: (state: unknown, title: string, url: string) => void };
      dispatchEvent: (event: unknown) => void;
      PopStateEvent: new (type: string) => unknown;
    };
    view.history.pushState({}, "", to);
    view.dispatchEvent(new view.PopStateEvent("popstate"));
  }, path);
}

async function expectDrawn(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.getByRole("main"), path).toContainText(/\S/, { timeout: 30_000 });
  await page.waitForTimeout(300);
  await expect(page.getByText(ERROR_SCREEN), path).toHaveCount(0);
}

test("a voucher form, then every menu entry and back, inside the app: no error screen", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const books = await setUpBooks(page);
  const form = books.path("sales/add");
  await page.goto(form);
  await expect(page.getByRole("heading", { name: "Add Sales Invoice" })).toBeVisible({
    timeout: 30_000,
  });

  const sidebar = page.getByRole("navigation", { name: "Main menu" });
  for (let opened = 0; opened < 40; opened += 1) {
    const closed = sidebar.locator('[aria-expanded="false"]').filter({ visible: true });
    if ((await closed.count()) === 0) break;
    await closed.first().click();
    await page.waitForTimeout(200);
  }
  const paths = [
    ...new Set(
      await sidebar
        .locator("a[href]")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? "")),
    ),
  ].filter((path) => path.startsWith(`/${books.organisationId}/`) && path !== form);
  expect(paths.length).toBeGreaterThan(30);
  for (const path of paths) {
    await goInside(page, path);
    await expectDrawn(page, path);
    await goInside(page, form);
    await expectDrawn(page, form);
    await expect(page.getByRole("heading", { name: "Add Sales Invoice" }), path).toBeVisible({
      timeout: 30_000,
    });
  }
});

test("Accounts Balances: a click on an account's row opens its ledger", async ({ page }) => {
  const books = await setUpBooks(page);
  const asha = await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  await page.goto(books.path("account/list"));
  const table = page.getByRole("table", { name: "Accounts Balances" });
  const row = table.getByRole("row").filter({ hasText: "Asha Traders" });
  await row.getByRole("cell").nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/ledger/${asha}$`));
  await expect(page.getByRole("main")).toContainText("Asha Traders");
  await page.goBack();
  // The name is a link too, for the keyboard.
  await table.getByRole("link", { name: "Asha Traders" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/ledger/${asha}$`));
});

test("Ctrl+A inside a text box: an unfinished entry asks and lists what it lacks; a complete one is saved at once", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  await books.addItem({
    name: "Rice Bag 25kg",
    hsnCode: "1006",
    uom: "BAG",
    gstRate: 5,
    standardSellingPrice: 1250,
  });
  await page.goto(books.path("sales/add"));
  await expect(page.getByRole("heading", { name: "Add Sales Invoice" })).toBeVisible({
    timeout: 30_000,
  });
  const count = async () =>
    (await books.get<{ count: number }>("/salesinvoice/salesinvoicelist", { year: books.year }))
      .count;

  // Unfinished: no customer, no line. The question says so; Keep editing goes back to the box.
  const narration = page.getByRole("textbox", { name: /Narration|Notes/ }).first();
  await narration.fill("Deliver before noon");
  await narration.press("Control+a");
  const question = page.getByRole("dialog", { name: "Save an unfinished entry?" });
  await expect(question).toBeVisible();
  await expect(question.getByRole("listitem")).toHaveText([
    "No customer is chosen.",
    "No item or charge is entered.",
  ]);
  await question.getByRole("button", { name: "Keep editing" }).click();
  await expect(question).toBeHidden();
  await expect(narration).toBeFocused();
  expect(await count()).toBe(0);

  // Finished with the keyboard, then Ctrl+A from inside the Rate box: saved, nothing asked.
  await page.getByRole("textbox", { name: "Date", exact: true }).focus();
  const keys = new Keys(page);
  await keys.enter(); // date: today
  await keys.enter(); // number: the next one
  await keys.enter("Asha");
  await expectFocus(page, "Item, line 1");
  await keys.enter("Rice");
  await keys.enter("2");
  await expectFocus(page, "Rate, line 1"); // a text box
  await expect(totalOf(page, "Total")).toHaveText("2,625.00");
  await keys.press("Control+a");
  await expect(page.getByText("Sales Invoice saved.")).toBeVisible();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Invoice No." })).toHaveValue("2");
  expect(await count()).toBe(1);
  const saved = await books.latest("/salesinvoice", "salesinvoicelist", "salesInvoices");
  expect(saved).toMatchObject({ number: "1", totalAmount: 2625, partyName: "Asha Traders" });
});

test("Lock Period at 1440 px: the grid does not scroll sideways", async ({ page }) => {
  const books = await setUpBooks(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(books.path("settings/lock-period"));
  const grid = page.getByRole("table", { name: "Lock Period" });
  await expect(grid).toBeVisible();
  const gridBox = await grid.boundingBox();
  const frameBox = await grid.locator("xpath=..").boundingBox();
  if (!gridBox || !frameBox) throw new Error("not drawn");
  expect(gridBox.width).toBeLessThanOrEqual(frameBox.width + 1);
  const pageSideways = await page.evaluate(() => {
    const view = globalThis as unknown as {
      innerWidth: number;
      document: { documentElement: { scrollWidth: number } };
    };
    return view.document.documentElement.scrollWidth > view.innerWidth;
  });
  expect(pageSideways).toBe(false);
  await expect(grid.getByRole("columnheader").last()).toBeInViewport({ ratio: 1 });
});
