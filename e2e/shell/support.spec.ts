import { openPage } from "../lists/list-helpers.ts";
import { createOrganisationByApi, expect, pathIn, signUpByApi, test } from "../lists/support.ts";
import { readOutboxMails } from "../support/server.ts";

// Issue 25: Support or feedback is a real screen, reached from the start menu's F; what is sent
// reaches the support address by mail (decision 031).
test("the start screen's Support or feedback sends the question to support", async ({
  browser,
}) => {
  const page = await openPage(browser);
  const person = await signUpByApi(page, "Kavya Menon");
  const organisation = await createOrganisationByApi(page.request);
  await page.goto(pathIn(organisation, "start"));
  await expect(page.getByRole("heading", { level: 1, name: "Bahi Start Screen" })).toBeVisible();
  await page.keyboard.press("f");
  await expect(page).toHaveURL(/\/support-or-feedback$/);
  await expect(page.getByRole("heading", { level: 1, name: "Support or feedback" })).toBeVisible();
  const question = `Where do I see GSTR-1 for Kavya ${Date.now()}?`;
  await page.getByLabel("Your question or feedback").fill(question);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText(/Your message has been sent to Bahi support/)).toBeVisible();
  await expect(page.getByLabel("Your question or feedback")).toHaveValue("");
  await expect
    .poll(() => readOutboxMails().find((mail) => mail.includes(question)) ?? "")
    .toContain(`From: Kavya Menon <${person.email}>`);
  await page.context().close();
});
