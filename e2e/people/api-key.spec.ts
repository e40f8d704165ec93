import {
  addOrganisation,
  continueToAddOrganisation,
  expect,
  newPerson,
  signUp,
  test,
} from "./support.ts";

test("an owner creates an API key, sees it once, and deletes it", async ({
  page,
  playwright,
  baseURL,
}) => {
  const person = newPerson("Vikram Das");
  await signUp(page, person);
  await continueToAddOrganisation(page);
  const { organisationId } = await addOrganisation(
    page,
    `Das Logistics ${person.email.slice(-18, -13)}`,
  );
  await page.getByRole("link", { name: "Users" }).click();
  await expect(page.getByText("No API key.")).toBeVisible();

  await page.getByRole("button", { name: "Create API key" }).click();
  const shown = page.getByRole("alert").filter({ hasText: "Copy the key now" });
  await expect(shown).toBeVisible();
  const apiKey = (await shown.locator("code").textContent()) ?? "";
  expect(apiKey).toMatch(/^bahi_[\w-]{40,}$/);
  await expect(page.getByText(`Current key ${apiKey.slice(0, 11)}…`)).toBeVisible();

  // The key works on its own, without cookies.
  const program = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "x-api-key": apiKey },
  });
  const settings = await program.get(
    `/api/settings/getorganisationsettings?organisationId=${organisationId}`,
  );
  expect(settings.status()).toBe(200);

  // Once gone from the page, it is not shown again.
  await page.reload();
  await expect(page.getByText("Copy the key now")).toHaveCount(0);
  await page.getByRole("button", { name: "Delete API key" }).click();
  // Enter confirms once the dialog has opened with its Delete button focused.
  const confirm = page.getByRole("dialog", { name: "Confirm Delete" });
  await expect(confirm.getByRole("button", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("API key deleted.")).toBeVisible();
  await expect(page.getByText("No API key.")).toBeVisible();
  const refused = await program.get(
    `/api/settings/getorganisationsettings?organisationId=${organisationId}`,
  );
  expect(refused.status()).toBe(401);
  await program.dispose();
});
