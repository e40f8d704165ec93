import {
  addOrganisation,
  continueToAddOrganisation,
  expect,
  newPerson,
  organisationSwitcher,
  signUp,
  test,
} from "./support.ts";

test("a new person signs up with the emailed code, adds an organisation and lands in it", async ({
  page,
}) => {
  const person = newPerson("Asha Verma");
  await signUp(page, person);
  await continueToAddOrganisation(page);

  // spec 5 GSTIN: upper-cased as typed, counted, checked at 15 characters.
  const gstin = page.getByRole("textbox", { name: "GSTIN" });
  await expect(
    page.getByText(
      "Enter GSTIN and all GST details will be filled automatically. If unregistered, leave blank.",
    ),
  ).toBeVisible();
  await gstin.fill("27aapfu0939f1zx");
  await expect(gstin).toHaveValue("27AAPFU0939F1ZX");
  await expect(page.getByText("15 / 15")).toBeVisible();
  await expect(page.getByText("GSTIN is not valid.")).toBeVisible();
  await gstin.fill("27AAPFU0939F1Z");
  await gstin.blur();
  await expect(page.getByText("GSTIN should be of exactly 15 characters.")).toBeVisible();
  await gstin.fill("27AAPFU0939F1ZV");
  await expect(page.getByRole("textbox", { name: "State" })).toHaveValue("27 - Maharashtra");
  // A valid GSTIN marks the organisation GST-registered, as Regular.
  await expect(page.getByRole("switch", { name: "GST registered" })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "GST registration type" })).toHaveValue(
    "Regular",
  );

  const name = `Verma Textiles ${person.email.slice(-18, -13)}`;
  await addOrganisation(page, name);
  await expect(organisationSwitcher(page)).toHaveAccessibleName(`Organisation: ${name}`);
  await expect(page.getByText("GSTIN 27AAPFU0939F1ZV, Regular, 27 - Maharashtra")).toBeVisible();
});
