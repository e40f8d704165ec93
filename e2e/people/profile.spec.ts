import { waitForMailMatch } from "../support/server.ts";
import {
  addOrganisation,
  continueToAddOrganisation,
  expect,
  newPerson,
  signUp,
  test,
} from "./support.ts";

test("on Profile a person renames themself, moves to a new email by its code and changes the password", async ({
  page,
}) => {
  const person = newPerson("Arjun Nair");
  await signUp(page, person);
  await continueToAddOrganisation(page);
  await addOrganisation(page, `Nair Spices ${person.email.slice(-18, -13)}`);
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();

  // Name, saved with Enter; the user menu follows.
  const nameForm = page.getByRole("form", { name: "Name" });
  await nameForm.getByRole("textbox", { name: "Name" }).fill("Arjun K. Nair");
  await nameForm.getByRole("textbox", { name: "Name" }).press("Enter");
  await expect(page.getByText("Name saved")).toBeVisible();
  await expect(page.getByRole("button", { name: "User menu" })).toContainText("Arjun K. Nair");

  // Email: the new address, the password, then the code mailed to the new address.
  const newEmail = person.email.replace("@", ".new@");
  const emailForm = page.getByRole("form", { name: "Email" });
  await emailForm.getByRole("textbox", { name: "New email" }).fill(newEmail);
  await emailForm.getByRole("textbox", { name: "Your password" }).fill(person.password);
  await emailForm.getByRole("textbox", { name: "Your password" }).press("Enter");
  const code = emailForm.getByRole("textbox", { name: "Verification code" });
  await expect(code).toBeFocused();
  await code.fill(await waitForMailMatch(newEmail, /verification code is (\d{6})/));
  await code.press("Enter");
  await expect(page.getByText("Your email address has been changed.")).toBeVisible();
  await expect(emailForm).toContainText(`Current: ${newEmail}`);

  // Password: wrong current one refused, then changed.
  const passwordForm = page.getByRole("form", { name: "Change password" });
  const newPassword = `${person.password}-2`;
  await passwordForm.getByRole("textbox", { name: "Current password" }).fill("not-my-password");
  await passwordForm.getByRole("textbox", { name: "New password", exact: true }).fill(newPassword);
  await passwordForm.getByRole("textbox", { name: "Confirm new password" }).fill(newPassword);
  await passwordForm.getByRole("textbox", { name: "Confirm new password" }).press("Enter");
  await expect(passwordForm.getByText("Password is not correct.")).toBeVisible();
  await passwordForm.getByRole("textbox", { name: "Current password" }).fill(person.password);
  await passwordForm.getByRole("textbox", { name: "Current password" }).press("Enter");
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();

  // Signing in again takes the new email and the new password.
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole("textbox", { name: "Email or mobile number" }).fill(newEmail);
  await page.getByRole("textbox", { name: "Password" }).fill(newPassword);
  await page.getByRole("textbox", { name: "Password" }).press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
});
