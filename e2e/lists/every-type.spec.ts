import {
  type RowActionFeature,
  selectListColumns,
  selectRowActions,
  VOUCHER_REGISTRY,
  VOUCHER_TYPES,
} from "@bahi/domain";
import type { Page } from "@playwright/test";
import { bodyRows, listTable, openList, openPage, rowNumbers } from "./list-helpers.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";
import {
  createOrganisationByApi,
  expect,
  pathIn,
  seedBooks,
  signUpByApi,
  test,
} from "./support.ts";

// An organisation with thousands of vouchers of every type (GST-registered, regular, bill-wise,
// with inventory), and each type's list as a new user would open it.
test.describe.configure({ mode: "serial" });

// Every type of the registry, with what its list shows to an organisation with bill-wise entries
// and every feature built (printing, messaging): the registry's list title, columns and row menu.
const FEATURES = new Set<RowActionFeature>(["printing", "messaging"]);
const TYPES = VOUCHER_TYPES.map((type) => {
  const definition = VOUCHER_REGISTRY[type];
  return {
    type,
    routeWord: definition.routeWord,
    title: definition.titles.list,
    columns: selectListColumns(type, { billWiseEntry: true }).map((column) => column.label),
    actions: selectRowActions(type, { view: "live", features: FEATURES }).map(
      (action) => action.label,
    ),
  };
});

const VOUCHERS = 3000;
let server: PrivateServer;
let page: Page;
let organisation: { organisationId: string; year: string };
let seeded: { vouchers: number; byType: Record<string, number> };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  server = await startPrivateServer();
  page = await openPage(browser, server.baseURL);
  const person = await signUpByApi(page, "Kavita Rao", server.dataDir);
  organisation = await createOrganisationByApi(page.request, {
    gstRegistered: true,
    billWiseEntry: true,
    manageInventory: true,
  });
  seeded = await seedBooks(
    server.dataDir,
    person.userId,
    organisation.organisationId,
    organisation.year,
    VOUCHERS,
  );
  expect(seeded.vouchers).toBe(VOUCHERS);
});

test.afterAll(async () => {
  await page.context().close();
  await server.stop();
});

for (const type of TYPES) {
  test(`${type.title}: title, columns, rows with names, totals, row menu and the deleted view`, async () => {
    await openList(page, organisation, type.routeWord, type.title);
    const table = listTable(page, type.title);
    await expect(table.getByRole("columnheader")).toHaveText(["", ...type.columns, "Actions"]);
    const rows = bodyRows(page, type.title);
    // A page holds 10 rows; a type seeded fewer times shows all of them.
    await expect(rows).toHaveCount(Math.min(10, seeded.byType[type.type] ?? 0));
    // Every cell of the first row has something in it (account ids resolved to names).
    const cells = await rows
      .first()
      .getByRole("cell")
      .evaluateAll((all) => all.slice(1, -1).map((cell) => cell.textContent?.trim() ?? ""));
    for (const [index, text] of cells.entries()) {
      if (type.columns[index] === "Narration" || type.columns[index] === "Due Date") continue;
      expect(text, `${type.columns[index]} of the first row`).not.toBe("");
    }
    await expect(page.getByText("Page Total:")).toBeVisible();
    await expect(page.getByText("Grand Total:")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();

    await rows
      .first()
      .getByRole("button", { name: /^Actions for / })
      .click();
    await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(type.actions);
    // Esc closes the menu, and the pointer still resting on the button does not reopen it.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);

    await openList(
      page,
      organisation,
      type.routeWord,
      `${type.title} - Deleted Entries`,
      "deleted-entries",
    );
    await expect(page.getByRole("heading", { level: 2 })).toContainText("Present");
    await expect(page.getByRole("button", { name: /^Delete Selected/ })).toHaveCount(0);
  });
}

test("the grid: each column's width out of 24 (spec 2.5)", async () => {
  await openList(page, organisation, "receipt", "Receipts");
  const widths = await listTable(page, "Receipts")
    .getByRole("columnheader")
    .evaluateAll((headers) => headers.map((header) => header.getBoundingClientRect().width));
  // Date 2, Received In 6, Received From 6, Amount 4, Narration 6: 24 of 24 equal tracks, with
  // the grid's 12 px column gap (ListGrid.tsx) inside each span: a span of k tracks is
  // k × track + (k − 1) × gap.
  const [, date = 0, receivedIn = 0, receivedFrom = 0, amount = 0, narration = 0] = widths;
  const gap = 12;
  const track = (date - gap) / 2;
  expect(track).toBeGreaterThan(10);
  expect(Math.abs(receivedIn - (6 * track + 5 * gap))).toBeLessThan(2);
  expect(Math.abs(receivedIn - receivedFrom)).toBeLessThan(1);
  expect(Math.abs(receivedIn - narration)).toBeLessThan(1);
  expect(Math.abs(amount - (4 * track + 3 * gap))).toBeLessThan(2);
});

test("a GST-registered regular organisation filters by GSTIN and RCM; receipts by cash and bank", async () => {
  await openList(page, organisation, "sales", "Sales Invoice");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Filter" });
  await expect(dialog.getByRole("textbox", { name: "GSTIN" })).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "RCM" })).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Notes" })).toBeVisible();
  await page.keyboard.press("Escape");

  await openList(page, organisation, "purchases", "Purchases");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(dialog.getByRole("textbox", { name: "Supplier Name" })).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Notes" })).toHaveCount(0);
  await dialog.getByRole("checkbox", { name: "Partly Paid" }).check();
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("group", { name: "Applied Filters" })).toContainText(
    "Status: Partly Paid",
  );
  await expect(bodyRows(page, "Purchases").first()).toContainText("Partly Paid");

  await openList(page, organisation, "receipt", "Receipts");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(
    dialog.getByText(
      "You’ll only see accounts of these specific types here, as they’re the only ones allowed. 1. Cash 2. Bank 3. Bank OD/CC",
      { exact: true },
    ),
  ).toBeVisible();
  const receivedIn = dialog.getByRole("combobox", { name: "Received In" });
  await receivedIn.click();
  const options = await page.getByRole("option").allTextContents();
  expect(options).toContain("Cash");
  expect(options.some((option) => option.startsWith("HDFC Bank"))).toBe(true);
  await receivedIn.fill("no such account");
  await expect(page.getByText("No Account Found")).toBeVisible();
  await receivedIn.fill("Cash");
  await page.getByRole("option", { name: "Cash", exact: true }).click();
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("group", { name: "Applied Filters" })).toContainText(
    "Received In: Cash",
  );
  const rows = bodyRows(page, "Receipts");
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allTextContents()) expect(text).toContain("Cash");
});

test("thousands of rows: 500 per page, and the last page", async () => {
  await openList(page, organisation, "sales", "Sales Invoice");
  const count = seeded.byType.salesInvoice ?? 0;
  await expect(page.getByText(`${count.toLocaleString("en-IN")} entries`)).toBeVisible();
  const pages = Math.ceil(count / 10);
  await expect(page.getByRole("button", { name: `Page ${pages}` })).toBeVisible();
  await page.getByRole("button", { name: `Page ${pages}` }).click();
  await expect(bodyRows(page, "Sales Invoice")).toHaveCount(count - (pages - 1) * 10);
  await page.getByRole("combobox", { name: "Items per page" }).click();
  await page.getByRole("option", { name: "500", exact: true }).click();
  await expect(bodyRows(page, "Sales Invoice")).toHaveCount(Math.min(500, count));
  await expect(page.getByRole("button", { name: "Page 1" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect((await rowNumbers(page, "Sales Invoice")).length).toBe(Math.min(500, count));
  await expect(page).toHaveURL(pathIn(organisation, "sales/list"));
});
