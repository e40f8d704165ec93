import {
  addOrganisation,
  continueToAddOrganisation,
  expect,
  newPerson,
  signUp,
  test,
} from "./support.ts";

test("on Your Organisations an owner renames, deactivates and deletes an organisation by keyboard", async ({
  page,
}) => {
  const person = newPerson("Neha Kapoor");
  await signUp(page, person);
  await continueToAddOrganisation(page);
  const tag = person.email.slice(-18, -13);
  const name = `Kapoor Stores ${tag}`;
  await addOrganisation(page, name);

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Your Organisations" }).click();
  await expect(page).toHaveURL(/\/organisations$/);
  // spec 2.2: no organisation or year switchers here.
  await expect(page.getByRole("button", { name: /^Organisation: / })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Financial year" })).toHaveCount(0);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Owner");

  // Rename: the dialog saves on Enter.
  await row.getByRole("button", { name: `Rename ${name}` }).click();
  const renamed = `Kapoor General Stores ${tag}`;
  const nameField = page.getByRole("dialog").getByRole("textbox", { name: "Organisation name" });
  await nameField.fill(renamed);
  await nameField.press("Enter");
  const renamedRow = page.getByRole("row", { name: new RegExp(renamed) });
  await expect(renamedRow).toBeVisible();

  // Inactive: no longer opened from here.
  await renamedRow.getByRole("switch", { name: `${renamed} active` }).click();
  await expect(page.getByText(`${renamed} is now inactive`)).toBeVisible();
  await expect(renamedRow.getByRole("link", { name: renamed })).toHaveCount(0);

  // Delete: Esc closes the Confirm Delete dialog, Enter confirms it.
  await renamedRow.getByRole("button", { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
  await expect(dialog).toContainText(renamed);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await renamedRow.getByRole("button", { name: `Delete ${renamed}` }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Organisation Deleted Successfully.")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(renamed) })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No organisations yet" })).toBeVisible();
});
