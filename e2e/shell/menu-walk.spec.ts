import { openPage } from "../lists/list-helpers.ts";
import { createOrganisationByApi, expect, signUpByApi, test } from "../lists/support.ts";

// Issue 25: no menu entry leads to 'Page not found'. An organisation with every flag on (GST
// regular, inventory, bill-wise), its owner signed in: every link of the sidebar and of '+ New'
// opens a screen of its own.
test("every sidebar and '+ New' entry opens a real screen", async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await openPage(browser);
  await signUpByApi(page, "Meera Iyer");
  const organisation = await createOrganisationByApi(page.request, {
    gstRegistered: true,
    manageInventory: true,
    billWiseEntry: true,
  });
  await page.goto(`/${organisation.organisationId}/${organisation.year}/dashboard`);
  const sidebar = page.getByRole("navigation", { name: "Main menu" });
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toBeVisible();
  // Groups start closed and draw their links only when opened: open every one, nested ones too.
  for (let opened = 0; opened < 40; opened += 1) {
    const closed = sidebar.locator('[aria-expanded="false"]').filter({ visible: true });
    if ((await closed.count()) === 0) break;
    await closed.first().click();
    await page.waitForTimeout(250);
  }
  const sidebarLinks = await sidebar
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));

  await page.getByRole("button", { name: "+ New" }).click();
  const quickLinks = await page
    .getByRole("menu")
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  await page.keyboard.press("Escape");

  const paths = [...new Set([...sidebarLinks, ...quickLinks])].filter((path) =>
    path.startsWith(`/${organisation.organisationId}/`),
  );
  // Entries of 12 types (list and add), accounts, items, reports, settings, update logs.
  expect(paths.length).toBeGreaterThan(40);
  const notFound: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    // The page has drawn something of its own (a heading, a form, a table) or the not-found page.
    // Entry screens show a loader until items, accounts and the next number arrive.
    await expect(page.getByRole("main"), path).toContainText(/\S/, { timeout: 30_000 });
    if ((await page.getByRole("heading", { name: "Page not found" }).count()) > 0)
      notFound.push(path);
  }
  expect(notFound).toEqual([]);
  await page.context().close();
});
