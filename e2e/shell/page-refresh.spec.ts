import { bodyRows, openList, openPage } from "../lists/list-helpers.ts";
import {
  addVoucher,
  buildVoucher,
  createOrganisationByApi,
  expect,
  openLedger,
  signUpByApi,
  test,
} from "../lists/support.ts";

const BANNER = "Page Refresh Required: Some changes are made in another tab or by another user";

test("the Page Refresh Required banner: a save in another tab shows it, this tab's own delete does not", async ({
  browser,
}) => {
  const page = await openPage(browser);
  await signUpByApi(page, "Ishita Bose");
  const organisation = await createOrganisationByApi(page.request);
  const ledger = await openLedger(page.request, organisation);
  await addVoucher(
    page.request,
    "salesInvoice",
    buildVoucher(ledger, "salesInvoice", { amount: 500 }),
  );
  await addVoucher(
    page.request,
    "salesInvoice",
    buildVoucher(ledger, "salesInvoice", { amount: 600 }),
  );
  await openList(page, organisation, "sales", "Sales Invoice");
  await expect(bodyRows(page, "Sales Invoice")).toHaveCount(2);

  // This tab deletes one: its own change, no banner.
  await page
    .getByRole("checkbox", { name: /^Select Sales Invoice/ })
    .first()
    .check();
  await page.getByRole("button", { name: /^Delete Selected/ }).click();
  await page
    .getByRole("dialog", { name: "Confirm Delete" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("1 entry Deleted Successfully.")).toBeVisible();
  await expect(bodyRows(page, "Sales Invoice")).toHaveCount(1);

  // Another tab of the same person (a second browser context with the same session) saves one.
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  const otherPage = await other.newPage();
  // A receipt elsewhere does not touch the sales list on screen.
  await addVoucher(otherPage.request, "receipts", buildVoucher(ledger, "receipts", { amount: 50 }));
  await page.waitForTimeout(2500);
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await addVoucher(
    otherPage.request,
    "salesInvoice",
    buildVoucher(ledger, "salesInvoice", { amount: 700 }),
  );
  await expect(page.getByRole("status").filter({ hasText: BANNER })).toBeVisible();

  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await expect(bodyRows(page, "Sales Invoice")).toHaveCount(2);
  await other.close();
  await page.context().close();
});
