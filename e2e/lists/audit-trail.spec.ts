import type { Page } from "@playwright/test";
import { bodyRows, expectToast, openList, openPage } from "./list-helpers.ts";
import {
  addVoucher,
  buildVoucher,
  createOrganisationByApi,
  expect,
  type Ledger,
  openLedger,
  pathIn,
  type SavedVoucher,
  signUpByApi,
  test,
} from "./support.ts";

// Issue 39: an invoice edited, deleted from its list and restored from Deleted Entries; each step
// is in Reports → Audit Trail with its fields' before and after, the chain verifies, and the
// entry's Log opens its own history.
test.describe.configure({ mode: "serial" });

let page: Page;
let ledger: Ledger;
let invoice: SavedVoucher;
const NUMBER = "AT-001";

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser);
  await signUpByApi(page, "Meera Auditor");
  const organisation = await createOrganisationByApi(page.request, {});
  ledger = await openLedger(page.request, organisation);
  invoice = await addVoucher(
    page.request,
    "salesInvoice",
    buildVoucher(ledger, "salesInvoice", { amount: 1000, day: 0, invoiceNumber: NUMBER }),
  );
  const edited = await page.request.put("/api/salesinvoice/edit", {
    data: {
      ...buildVoucher(ledger, "salesInvoice", { amount: 2500, day: 0, invoiceNumber: NUMBER }),
      narration: "Corrected rate",
      entryId: invoice.entryId,
      version: invoice.version,
    },
  });
  expect(edited.ok()).toBe(true);
});

test.afterAll(async () => {
  await page.context().close();
});

test("delete from the list, restore from Deleted Entries, and read each step in the trail", async () => {
  await openList(page, ledger, "sales", "Sales Invoice");
  await page.getByRole("checkbox", { name: `Select Sales Invoice ${NUMBER}` }).check();
  await page.getByRole("button", { name: "Delete Selected (1)" }).click();
  await page
    .getByRole("dialog", { name: "Confirm Delete" })
    .getByRole("button", { name: /Delete/ })
    .click();
  await expectToast(page, "1 entry Deleted Successfully.");

  const deletedTitle = "Sales Invoice - Deleted Entries";
  await openList(page, ledger, "sales", deletedTitle, "deleted-entries");
  await expect(bodyRows(page, deletedTitle)).toHaveCount(1);
  await page.getByRole("checkbox", { name: `Select Sales Invoice ${NUMBER}` }).check();
  await page.getByRole("button", { name: "Restore Selected (1)" }).click();
  await expectToast(page, "1 entry Restored Successfully.");
  await openList(page, ledger, "sales", "Sales Invoice");
  await expect(bodyRows(page, "Sales Invoice").filter({ hasText: NUMBER })).toHaveCount(1);

  // Reports → Audit Trail, from the menu.
  await page.goto(pathIn(ledger, "reports/audit-trail"));
  await expect(page.getByRole("heading", { level: 1, name: "Audit Trail" })).toBeVisible();
  const table = page.getByRole("table", { name: "Audit trail" });
  await expect(table).toBeVisible();
  const record = `Sales Invoice ${NUMBER}`;
  for (const action of ["Created", "Edited", "Deleted", "Restored"]) {
    await expect(
      table.locator("tr").filter({ hasText: action }).filter({ hasText: record }).first(),
    ).toBeVisible();
  }
  // The edit's fields, before and after.
  await expect(table.locator("tr").filter({ hasText: "totalAmount10002500" })).toHaveCount(1);
  // The narration came with the edit, and again with the restore, which lists every field.
  await expect(table.locator("tr").filter({ hasText: "narration—Corrected rate" })).toHaveCount(2);
  await expect(table.locator("tr").filter({ hasText: "totalAmount2500—" })).toHaveCount(1);
  // Meera did all of it.
  await expect(table.getByText("Meera Auditor").first()).toBeVisible();

  await page.getByRole("button", { name: "Verify" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The audit trail is intact" }),
  ).toBeVisible();
});

test("the entry's Log opens its own history in the trail", async () => {
  await openList(page, ledger, "sales", "Sales Invoice");
  await page.getByRole("button", { name: `Actions for Sales Invoice ${NUMBER}` }).click();
  await page.getByRole("menuitem", { name: "View Log" }).click();
  const log = page.getByRole("dialog", { name: `Log: Sales Invoice ${NUMBER}` });
  await expect(log.getByText("Restored (Current)")).toBeVisible();
  await log.getByRole("link", { name: `Audit trail of Sales Invoice ${NUMBER}` }).click();
  await expect(page).toHaveURL(new RegExp(`reports/audit-trail\\?entityId=${invoice.entryId}`));
  await expect(page.getByText(`History of Sales Invoice ${NUMBER}`)).toBeVisible();
  const table = page.getByRole("table", { name: "Audit trail" });
  await expect(
    table.locator("tr[data-entry]").filter({ hasText: "Restored" }).first(),
  ).toBeVisible();
  // Only this entry's history: four entries (created, edited, deleted, restored).
  const entries = await table
    .locator("tr[data-entry]")
    .evaluateAll((rows) => new Set(rows.map((row) => row.getAttribute("data-entry"))).size);
  expect(entries).toBe(4);
});

test("the entry's form opens its history in one click", async () => {
  await page.goto(pathIn(ledger, `sales/edit/${invoice.entryId}`));
  await expect(
    page.getByRole("heading", { level: 1, name: `Edit Sales Invoice ${NUMBER}` }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Audit Trail" }).click();
  await expect(page.getByText(`History of Sales Invoice ${NUMBER}`)).toBeVisible();
  const table = page.getByRole("table", { name: "Audit trail" });
  await expect(table.locator("tr[data-entry]").filter({ hasText: "Created" })).toHaveCount(1);
});
