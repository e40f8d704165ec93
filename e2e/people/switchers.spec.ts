import {
  addOrganisation,
  chooseOption,
  continueToAddOrganisation,
  expect,
  newPerson,
  organisationSwitcher,
  signUp,
  test,
} from "./support.ts";

test("a year change keeps the page; an organisation change opens the other one and says so", async ({
  page,
}) => {
  const person = newPerson("Lata Shah");
  await signUp(page, person);
  await continueToAddOrganisation(page);
  const tag = person.email.slice(-18, -13);
  const first = `Shah Jewellers ${tag}`;
  const second = `Shah Caterers ${tag}`;
  const { organisationId: firstId, year: currentYear } = await addOrganisation(page, first, {
    startingYear: "2023-24",
  });

  // The second organisation, from the organisation dropdown.
  await organisationSwitcher(page).click();
  await page.getByRole("menuitem", { name: "+ Add New Organisation" }).click();
  await expect(page).toHaveURL(/\/add-organisation$/);
  const { organisationId: secondId } = await addOrganisation(page, second);
  await expect(organisationSwitcher(page)).toHaveAccessibleName(`Organisation: ${second}`);

  // Organisation change: its start page, and the toast.
  await organisationSwitcher(page).click();
  await page.getByRole("menuitem", { name: first }).click();
  await expect(page.getByText(`Organisation changed to ${first}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${firstId}/${currentYear}/start$`));
  await expect(page.getByRole("heading", { level: 1, name: "Bahi Start Screen" })).toBeVisible();
  expect(secondId).not.toBe(firstId);

  // Year change on the profile page: same page, other year.
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL(new RegExp(`/${firstId}/${currentYear}/settings/profile$`));
  const year = page.getByRole("combobox", { name: "Financial year" });
  await expect(year).toHaveValue(currentYear);
  await year.focus();
  await page.keyboard.press("ArrowDown");
  // Offered: the starting year up to the current one.
  await expect(page.getByRole("option")).toHaveCount(Number(currentYear.slice(0, 4)) - 2023 + 1);
  await page.keyboard.press("Escape");
  await chooseOption(page, "Financial year", "2023-24");
  await expect(page).toHaveURL(new RegExp(`/${firstId}/2023-24/settings/profile$`));
  await expect(year).toHaveValue("2023-24");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
});
