import { expect, openBooks, pick, test } from "./support.ts";

test("a custom field: the messages of spec 5, the description limit, and a warning on renaming", async ({
  page,
}) => {
  const books = await openBooks(page, "Nisha Verma");
  await page.goto(books.path("settings/custom-fields"));
  await expect(page.getByRole("heading", { level: 1, name: "Custom Fields" })).toBeVisible();
  await page.getByRole("button", { name: "Add New" }).click();
  const modal = page.getByRole("dialog", { name: "Add Custom Field" });
  const name = modal.getByRole("textbox", { name: "Name" });
  await expect(modal.getByRole("radio", { name: "Sales Invoice" })).toBeChecked();
  await name.press("Enter");
  await expect(modal.getByText("Name is required")).toBeVisible();
  await expect(modal.getByText("Type is required")).toBeVisible();

  await name.fill("transporter name");
  await expect(name).toHaveValue("Transporter Name");
  await pick(page, modal, "Field Type", "Short Text");
  const description = modal.getByRole("textbox", { name: "Description" });
  await description.fill("x".repeat(101));
  await expect(
    modal.getByText("Description should not be more than 100 characters for Short Text type"),
  ).toBeVisible();
  await expect(modal.getByText("101 / 100")).toBeVisible();
  // Enter in the description makes a new line; it does not save.
  await description.fill("Who carries the goods");
  await description.press("Enter");
  await expect(modal).toBeVisible();
  await modal.getByRole("switch", { name: "Print in PDF" }).check();
  await name.press("Enter");
  await expect(page.getByText("Custom Field Added")).toBeVisible();
  await expect(modal).toBeHidden();

  const table = page.getByRole("table", { name: "Custom fields" });
  const row = table.getByRole("row").filter({ hasText: "Transporter Name" });
  await expect(row).toContainText("Short Text");
  await expect(row).toContainText("Sales Invoice");

  await row.getByRole("button", { name: "Actions for Transporter Name" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Custom Field" });
  await edit.getByRole("textbox", { name: "Name" }).fill("Transporter");
  await expect(page.getByText("Renaming a custom field")).toBeVisible();
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Successfully edited a field.")).toBeVisible();
  await expect(table.getByText("Transporter", { exact: true })).toBeVisible();

  // spec 9: a dropdown opens upward when less than 240 px is free below it.
  const filter = page.getByRole("combobox", { name: "Applicable For" });
  const side = () =>
    page
      .locator("[data-position]")
      .filter({ has: page.getByRole("listbox") })
      .getAttribute("data-position");
  await filter.focus();
  await expect.poll(side).toBe("bottom-start");
  await page.keyboard.press("Escape");
  await filter.blur();
  const box = await filter.boundingBox();
  await page.setViewportSize({
    width: 1280,
    height: Math.round((box?.y ?? 0) + (box?.height ?? 0) + 200),
  });
  // Focus opens it (a toast may sit over the box in so small a window).
  await filter.focus();
  await expect.poll(side).toBe("top-start");
  await page.keyboard.press("Escape");
  await filter.blur();
  await page.setViewportSize({ width: 1280, height: 720 });

  await table.getByRole("button", { name: "Actions for Transporter" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page
    .getByRole("dialog", { name: "Confirm Delete" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("Custom Field Deleted")).toBeVisible();
});

test("closing stock for a month is saved and shown again; the stock picker adds an account with Alt+C", async ({
  page,
}) => {
  const books = await openBooks(page, "Rohit Jain", { manageInventory: true });
  await page.goto(books.path("items/closing-stock"));
  await expect(page.getByRole("heading", { level: 1, name: "Closing Stock" })).toBeVisible();
  const picker = page.getByRole("combobox", { name: "Stock account" });
  await expect(picker).toHaveValue("Closing Stock");

  const startYear = Number(books.year.slice(0, 4));
  const april = page.getByRole("textbox", { name: `Closing stock Apr ${startYear}` });
  await april.fill("125000.5");
  await april.press("Enter");
  await expect(page.getByText("Closing stock saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: `Closing stock Apr ${startYear}` })).toHaveValue(
    "1,25,000.50",
  );

  // The picker offers only Stock accounts and says so; Alt+C adds one and picks it.
  await picker.click();
  await expect(
    page.getByText(
      "You’ll only see accounts of these specific types here, as they’re the only ones allowed.",
    ),
  ).toBeVisible();
  await expect(page.getByText("1. Stock")).toBeVisible();
  await picker.fill("godown");
  await expect(page.getByText("No Account Found")).toBeVisible();
  await picker.press("Alt+C");
  const modal = page.getByRole("dialog", { name: "Add Account" });
  await expect(modal.getByRole("combobox", { name: "Nature of Account" })).toHaveValue("Stock");
  await modal.getByRole("textbox", { name: "Account Name" }).fill("Godown Stock");
  await modal.getByRole("textbox", { name: "Account Name" }).press("Enter");
  await expect(modal).toBeHidden();
  await expect(picker).toHaveValue("Godown Stock");
  await expect(page.getByRole("textbox", { name: `Closing stock Apr ${startYear}` })).toHaveValue(
    "",
  );
});
