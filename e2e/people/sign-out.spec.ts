import {
  addOrganisation,
  continueToAddOrganisation,
  expect,
  newPerson,
  signUp,
  test,
} from "./support.ts";

test("signing out says so, lands on /signin and really ends the session", async ({ page }) => {
  const person = newPerson("Dev Malhotra");
  await signUp(page, person);
  await continueToAddOrganisation(page);
  await addOrganisation(page, `Malhotra Motors ${person.email.slice(-18, -13)}`);
  const organisationPage = page.url();

  // The user menu by keyboard: open it, go to Sign out, press Enter.
  const userMenu = page.getByRole("button", { name: "User menu" });
  await userMenu.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Sign out" }).focus();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText("You have been successfully logged out.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign in to Bahi" })).toBeVisible();

  // The organisation's pages need signing in again.
  await page.goto(organisationPage);
  await expect(page).toHaveURL(/\/signin$/);

  // And signing in again by keyboard opens the organisation.
  await page.getByRole("textbox", { name: "Email or mobile number" }).fill(person.email);
  const password = page.getByRole("textbox", { name: "Password" });
  await password.fill(person.password);
  await password.press("Enter");
  await expect(page).toHaveURL(organisationPage);
});
