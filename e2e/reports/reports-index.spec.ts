import { expect, financialYearOf, indiaToday, openBooks, test } from "./support.ts";

test("an organisation outside GST sees no state or GST-rate reports, and an empty report refuses its download", async ({
  page,
}) => {
  const year = financialYearOf(indiaToday());
  const books = await openBooks(page, "Plain Traders", {
    startingYear: year,
    gstRegistered: false,
  });

  await page.goto(books.path(year, "reports"));
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  for (const title of ["Balance Sheet", "Profit & Loss", "Trial Balance", "Day Book"]) {
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  }
  const sales = page.getByRole("region", { name: "Sales Reports" });
  const purchases = page.getByRole("region", { name: "Purchase Reports" });
  await expect(sales.getByRole("link", { name: "Sales by Customer" })).toBeVisible();
  await expect(sales.getByRole("link", { name: "Overdue Sales Invoices" })).toBeVisible();
  await expect(purchases.getByRole("link", { name: "Purchase by Supplier" })).toBeVisible();
  for (const hidden of ["Sales by State", "Sales by GST Rate"]) {
    await expect(sales.getByRole("link", { name: hidden })).toHaveCount(0);
  }
  for (const hidden of ["Purchase by State", "Purchase by GST Rate"]) {
    await expect(purchases.getByRole("link", { name: hidden })).toHaveCount(0);
  }

  // Cash payments over 10K with no entries: an empty state, and the download says why not.
  await page.getByRole("link", { name: "Cash Payments over 10K" }).click();
  await expect(page).toHaveURL(new RegExp(`/${year}/cash-payments-over-10k$`));
  await expect(page.getByRole("heading", { name: "No entries" })).toBeVisible();
  await page.getByRole("button", { name: "Download" }).click();
  await page.getByRole("menuitem", { name: "PDF" }).click();
  const toast = page.locator(".mantine-Notification-root").filter({
    hasText: "Not able to download file!",
  });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("There are no entries to download");

  // The state report itself, opened by its address, is not made for this organisation.
  await page.goto(books.path(year, "sales-by-state"));
  await expect(
    page.getByText("Sales by State is available only for GST-registered organisations."),
  ).toBeVisible();
});
