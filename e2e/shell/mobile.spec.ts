import { bodyRows } from "../lists/list-helpers.ts";
import {
  addVoucher,
  buildVoucher,
  createOrganisationByApi,
  expect,
  openLedger,
  pathIn,
  signUpByApi,
  test,
} from "../lists/support.ts";

// spec 2.5 and 2.7 on a phone: the mobile bar, the mobile sidebar, cards and the floating button.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("on a small screen: the mobile bar, cards, the floating add button", async ({ page }) => {
  await signUpByApi(page, "Anjali Menon");
  const organisation = await createOrganisationByApi(page.request);
  const ledger = await openLedger(page.request, organisation);
  for (const amount of [100, 200, 300]) {
    await addVoucher(
      page.request,
      "salesInvoice",
      buildVoucher(ledger, "salesInvoice", { amount }),
    );
  }
  await page.goto(pathIn(organisation, "sales/list"));
  await expect(page.getByRole("heading", { level: 1, name: "Sales Invoice" })).toBeVisible();
  const cards = page.getByRole("list", { name: "Sales Invoice" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText("Customer");
  await expect(cards.first()).toContainText("Ravi Stores");
  await expect(bodyRows(page, "Sales Invoice")).toHaveCount(0);

  // Search that matches nothing, with a filter on: '... and filters' on cards.
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Filter" })
    .getByRole("textbox", { name: "Amount From" })
    .fill("150");
  await page.getByRole("dialog", { name: "Filter" }).getByRole("button", { name: "Apply" }).click();
  await expect(cards).toHaveCount(2);
  await page.getByRole("textbox", { name: "Search entries" }).fill("nobody at all");
  await expect(
    page.getByText("No record found matching your search criteria and filters"),
  ).toBeVisible();

  // The floating button adds.
  await page.getByRole("button", { name: "Add New" }).click();
  await expect(page).toHaveURL(pathIn(organisation, "sales/add"));

  // The mobile bar: the menu button opens the sidebar; the search toggle shows the search;
  // the user menu holds the organisation and year pickers.
  await page.goto(pathIn(organisation, "start"));
  await page.getByRole("button", { name: "Open menu" }).click();
  const sidebar = page.getByRole("navigation", { name: "Main menu" });
  await sidebar.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(pathIn(organisation, "dashboard"));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("textbox", { name: "Global search" })).toBeFocused();
  await page.getByRole("button", { name: "User menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Your account" });
  await expect(drawer.getByRole("button", { name: /^Organisation: / })).toBeVisible();
  await expect(drawer.getByRole("combobox", { name: "Financial year" })).toHaveValue(
    organisation.year,
  );
});
