import { openPage } from "../lists/list-helpers.ts";
import { createOrganisationByApi, expect, pathIn, signUpByApi, test } from "../lists/support.ts";

test("a crashing page shows the error screen and reports the crash", async ({ browser }) => {
  const page = await openPage(browser);
  await signUpByApi(page, "Joseph Mathew");
  const organisation = await createOrganisationByApi(page.request);

  // Without the test flag the crash-test page is simply not found.
  await page.goto(pathIn(organisation, "crash-test"));
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

  await page.evaluate(() => sessionStorage.setItem("bahi.crash-test", "1"));
  const reported = page.waitForRequest(
    (request) =>
      request.url().endsWith("/api/misc/frontenderrorsave") && request.method() === "POST",
  );
  await page.goto(pathIn(organisation, "crash-test"));
  await expect(
    page.getByRole("heading", { name: "We have encountered some errors." }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
  const report = page.getByRole("link", { name: "Report" });
  await expect(report).toHaveAttribute("href", /^mailto:support@bahi\.app\?subject=/);

  const request = await reported;
  const body = request.postDataJSON() as { error: string; errorInfo: string; url: string };
  expect(body.error).toContain("Crash test: this page throws on purpose");
  // The component stack (names are minified in the built app).
  expect(body.errorInfo).toMatch(/\n\s+at /);
  expect(body.url).toBe(`/${organisation.organisationId}/${organisation.year}/crash-test`);
  expect((await request.response())?.status()).toBe(200);

  // The shell stays: another page from the sidebar recovers.
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: "Start Screen" })
    .click();
  await expect(page.getByRole("heading", { name: "Bahi Start Screen" })).toBeVisible();

  // Refresh reloads the page (still crashing while the flag is set), then without the flag.
  await page.goto(pathIn(organisation, "crash-test"));
  await expect(
    page.getByRole("heading", { name: "We have encountered some errors." }),
  ).toBeVisible();
  await page.evaluate(() => sessionStorage.removeItem("bahi.crash-test"));
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.context().close();
});
