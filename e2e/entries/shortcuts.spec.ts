import { expect, expectFocus, Keys, setUpBooks, test } from "./support.ts";

test("Alt+I on a purchase adds an item that fills the line; Esc cancels the purchase at once", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  await books.addAccount({
    name: "Kumar Cement Depot",
    nature: "Creditors",
    gstType: "unregistered",
    state: "27",
  });
  await page.goto(books.path("purchases/add"));
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  await keys.enter();
  await keys.enter("KCD-9");
  await keys.enter("Kumar");
  await expectFocus(page, "Item, line 1");
  await keys.type("Portland Cement");
  await keys.press("Alt+i");
  const modal = page.getByRole("dialog", { name: "Add Item" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("textbox", { name: "Item Name" })).toHaveValue("Portland Cement");
  await expectFocus(page, "Item Name");
  // A GST-registered organisation's item needs its rate (issue 40): Enter first says so.
  await keys.press("Enter");
  await expect(
    modal.getByText("Choose the item's GST rate (or Exempt): the organisation is GST-registered."),
  ).toBeVisible();
  await modal.getByRole("combobox", { name: "GST Rate" }).click();
  await page.getByRole("option", { name: "18%", exact: true }).click();
  await modal.getByRole("textbox", { name: "Item Name" }).focus();
  await keys.press("Enter");
  await expect(modal).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Item, line 1" })).toHaveValue("Portland Cement");
  const items = await books.get<{ items: { name: string }[] }>("/item/itemlist");
  expect(items.items.map((item) => item.name)).toEqual(["Portland Cement"]);

  // Esc cancels a purchase with one press (spec 2.6): opened by its address, it goes to the list.
  await page.getByRole("combobox", { name: "Item, line 1" }).press("Escape"); // closes its list
  await keys.press("Escape");
  await expect(page).toHaveURL(/\/purchases\/list$/);
  const purchases = await books.get<{ count: number }>("/purchases/purchaseslist", {
    year: books.year,
  });
  expect(purchases.count).toBe(0);
});

test("Alt+C in a journal's account picker adds the account and chooses it", async ({ page }) => {
  const books = await setUpBooks(page);
  await page.goto(books.path("journal/add"));
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  await keys.enter();
  await expectFocus(page, "Account, line 1");
  await keys.type("Electricity Charges");
  await keys.press("Alt+c");
  const modal = page.getByRole("dialog", { name: "Add Account" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("textbox", { name: "Account Name" })).toHaveValue(
    "Electricity Charges",
  );
  await expectFocus(page, "Account Name");
  await keys.press("Tab");
  await expectFocus(page, "Nature of Account");
  await keys.type("Indirect Exp");
  await keys.press("ArrowDown");
  await keys.press("Enter");
  await expect(modal.getByRole("combobox", { name: "Nature of Account" })).toHaveValue(
    "Indirect Expense",
  );
  await keys.press("Enter");
  await expect(modal).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Account, line 1" })).toHaveValue(
    "Electricity Charges",
  );
  const electricity = await books.accountByName("Electricity Charges");
  expect(electricity).toBeTruthy();
});
