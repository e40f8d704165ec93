import { expect, openBooks, pick, test } from "./support.ts";

test("a bookkeeper adds items with Save & Copy and Save & Close, edits one and deletes one", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const books = await openBooks(page, "Suresh Iyer", { manageInventory: true });
  await page.goto(books.path("items/list"));
  await expect(page.getByRole("heading", { level: 1, name: "Items" })).toBeVisible();
  await page.getByRole("button", { name: "Add New" }).click();
  const modal = page.getByRole("dialog", { name: "Add Item" });
  const name = modal.getByRole("textbox", { name: "Item Name" });
  await expect(name).toBeFocused();

  await name.fill("steel rod 12mm");
  await expect(name).toHaveValue("Steel Rod 12mm");
  await expect(modal.getByText("14 / 50")).toBeVisible();
  // HSN takes digits only, 8 at most.
  const hsn = modal.getByRole("textbox", { name: "HSN Code" });
  await hsn.fill("72a14");
  await expect(hsn).toHaveValue("7214");
  await pick(page, modal, "GST Rate", "18%");
  await pick(page, modal, "Unit", "KGS-KILOGRAMS");
  const price = modal.getByRole("textbox", { name: "Selling Price" });
  // Amounts: one point, 2 decimals; shown in Indian grouping on leaving.
  await price.pressSequentially("123456.789");
  await expect(price).toHaveValue("123456.78");
  await price.press("Tab");
  await expect(price).toHaveValue("1,23,456.78");
  const discount = modal.getByRole("textbox", { name: "Sale Discount (%)" });
  await discount.pressSequentially("150");
  await expect(discount).toHaveValue("15");

  // Save & Copy: saved, and the form keeps what was typed.
  await modal.getByRole("button", { name: "Save & Copy" }).click();
  await expect(page.getByText("Item Added & Copied")).toBeVisible();
  await expect(modal).toBeVisible();
  await expect(hsn).toHaveValue("7214");
  await expect(price).toHaveValue("1,23,456.78");
  // The same name is taken now (items share the account name check).
  await name.press("Tab");
  await expect(modal.getByText("An account with same name already exists.")).toBeVisible();
  await name.fill("Steel Rod 16mm");
  await modal.getByRole("button", { name: "Save & Close" }).click();
  await expect(page.getByText("Successfully added the new item.").last()).toBeVisible();
  await expect(modal).toBeHidden();

  // A service with the longest name there is.
  const longName = "Annual Maintenance Contract For Rolling Mill Units";
  expect(longName).toHaveLength(50);
  await page.getByRole("button", { name: "Add New" }).click();
  await name.fill(longName);
  await modal.locator("label", { hasText: "Services" }).click();
  await modal.getByRole("textbox", { name: "SAC Code" }).fill("998719");
  // A GST-registered organisation's item carries its rate (issue 40).
  await pick(page, modal, "GST Rate", "18%");
  await name.press("Enter");
  await expect(modal).toBeHidden();

  const table = page.getByRole("table", { name: "Items" });
  await expect(table.getByText("Steel Rod 12mm")).toBeVisible();
  await expect(table.getByText("Steel Rod 16mm")).toBeVisible();
  await expect(table.getByText(longName)).toBeVisible();

  // Edit: Update.
  await page.getByRole("button", { name: "Actions for Steel Rod 16mm" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Item" });
  await expect(edit.getByRole("textbox", { name: "HSN Code" })).toHaveValue("7214");
  const editPrice = edit.getByRole("textbox", { name: "Selling Price" });
  await editPrice.fill("150");
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Successfully edited item.")).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Steel Rod 16mm" })).toContainText(
    "150.00",
  );

  // Delete with Confirm Delete.
  await page.getByRole("button", { name: `Actions for ${longName}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm Delete" });
  await expect(confirm).toContainText(`“${longName}”`);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Item Deleted Successfully.")).toBeVisible();
  await expect(table.getByText(longName)).toHaveCount(0);
});

test("the item pages exist only where the organisation manages inventory", async ({ page }) => {
  const books = await openBooks(page, "Farah Khan", { manageInventory: false });
  await page.goto(books.path("items/list"));
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.goto(books.path("items/closing-stock"));
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
