import { expect, expectFocus, Keys, setUpBooks, test, totalOf } from "./support.ts";

test("an entry saved as a template is opened into a new entry, renamed and deleted", async ({
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
  await expectFocus(page, "Date");
  const keys = new Keys(page);
  await keys.enter();
  await keys.enter();
  await keys.enter("Asha");
  await keys.enter("Rice");
  await keys.enter("4");
  await expect(totalOf(page, "Total")).toHaveText("5,250.00");

  // Alt+T: save what is on screen as a template.
  await keys.press("Alt+t");
  const dialog = page.getByRole("dialog", { name: "Entry Templates" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("No templates saved yet.")).toBeVisible();
  await expectFocus(page, "Save this entry as a template");
  await keys.enter("Weekly rice");
  await expect(page.getByText("Sales Invoice template saved.")).toBeVisible();
  await expect(dialog.getByRole("table", { name: "Templates" })).toContainText("Weekly rice");
  await keys.press("Escape");
  await expect(dialog).toBeHidden();

  // A new invoice, opened from the template: the party and the line come back.
  await page.goto(books.path("sales/add"));
  await expectFocus(page, "Date");
  await keys.press("Alt+t");
  await expect(dialog.getByRole("table", { name: "Templates" })).toContainText("Weekly rice");
  await expectFocus(page, "Save this entry as a template");
  await keys.press("Tab", 2);
  await expectFocus(page, "Open template Weekly rice");
  await keys.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Customer", exact: true })).toHaveValue(
    "Asha Traders",
  );
  await expect(page.getByRole("textbox", { name: "Quantity, line 1" })).toHaveValue("4");
  await expect(totalOf(page, "Total")).toHaveText("5,250.00");
  await keys.press("Control+a"); // save and new
  // The focus is in the Date box, but the entry is complete: saved at once (issue 40).
  await expect(page.getByText("Sales Invoice saved.")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Save an unfinished entry?" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Invoice No." })).toHaveValue("2");
  const saved = await books.latest("/salesinvoice", "salesinvoicelist", "salesInvoices");
  expect(saved).toMatchObject({ number: "1", totalAmount: 5250, partyName: "Asha Traders" });

  // Rename, then delete.
  await expectFocus(page, "Date");
  await keys.press("Alt+t");
  await expect(dialog.getByRole("table", { name: "Templates" })).toContainText("Weekly rice");
  await expectFocus(page, "Save this entry as a template");
  await keys.press("Tab", 3);
  await expectFocus(page, "Rename template Weekly rice");
  await keys.press("Enter");
  await expectFocus(page, "New template name");
  await keys.press("Control+a");
  await keys.enter("Rice every week");
  await expect(page.getByText("Template renamed.")).toBeVisible();
  await expect(dialog.getByRole("table", { name: "Templates" })).toContainText("Rice every week");
  const remove = dialog.getByRole("button", { name: "Delete template Rice every week" });
  await remove.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Confirm Delete" });
  await expect(confirm).toContainText("Rice every week");
  await keys.press("Enter");
  await expect(page.getByText("Template Deleted Successfully.")).toBeVisible();
  await expect(dialog.getByText("No templates saved yet.")).toBeVisible();
  const templates = await books.get<{ templates: unknown[] }>("/salesinvoice/gettemplates");
  expect(templates.templates).toHaveLength(0);
});
