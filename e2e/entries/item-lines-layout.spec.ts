import type { Locator, Page } from "@playwright/test";
import { expect, setUpBooks, test } from "./support.ts";

// Issue 25: the item lines fit. At 1440 px every column (HSN in full, Amount, the remove button)
// is seen without scrolling; at 390 px the lines are cards; the page never scrolls sideways.

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not drawn");
  return found;
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const view = globalThis as unknown as {
      innerWidth: number;
      document: { documentElement: { scrollWidth: number } };
    };
    return view.document.documentElement.scrollWidth > view.innerWidth;
  });
}

/** Whether an element's own content is cut (wider than its box). */
function clipped(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
}

test("item lines at 1440 px: every column in view; at 390 px: cards", async ({ page }) => {
  const books = await setUpBooks(page);
  await books.addAccount({
    name: "Asha Traders",
    nature: "Debtors",
    gstType: "unregistered",
    state: "27",
  });
  await books.addItem({
    name: "Basmati Rice Premium",
    hsnCode: "10063020",
    uom: "BAG",
    gstRate: 5,
    standardSellingPrice: 987654.32,
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(books.path("sales/add"));
  // The entry screen loads its items, accounts and next number first; a busy machine is slow.
  await expect(page.getByRole("heading", { name: "Add Sales Invoice" })).toBeVisible({
    timeout: 30_000,
  });
  const itemPicker = page.getByRole("combobox", { name: "Item, line 1" });
  await itemPicker.click();
  await itemPicker.fill("Basmati");
  await page.getByRole("option", { name: /Basmati Rice Premium/ }).click();
  await page.getByRole("textbox", { name: "Quantity, line 1" }).fill("12");

  const table = page.getByRole("table", { name: "Item lines" });
  const line = table.locator('[data-item-line="0"]');
  // 12 × ₹9,87,654.32 = ₹1,18,51,851.84; CGST and SGST each 2.5 % of it, ₹2,96,296.296 → ₹2,96,296.30
  // (decision 099), so the line comes to ₹1,24,44,444.44.
  await expect(line.locator('[data-cell="total"]')).toHaveText("1,24,44,444.44");
  const hsn = page.getByRole("textbox", { name: "HSN/SAC, line 1" });
  await expect(hsn).toHaveValue("10063020");
  expect(await pageScrollsSideways(page)).toBe(false);
  // The table does not scroll inside itself either: it is no wider than its frame.
  const frame = await box(
    table.locator("xpath=ancestor::*[contains(@class,'ScrollArea-viewport')]"),
  );
  const tableBox = await box(table);
  expect(tableBox.width).toBeLessThanOrEqual(frame.width + 1);
  // HSN in full, the amounts whole, and the remove button inside the window.
  expect(await clipped(hsn)).toBe(false);
  const rate = page.getByRole("textbox", { name: "Rate, line 1" });
  await expect(rate).toHaveValue("9,87,654.32");
  expect(await clipped(rate)).toBe(false);
  for (const cell of ["taxable", "tax", "total"]) {
    const amount = line.locator(`[data-cell="${cell}"]`);
    expect(await clipped(amount)).toBe(false);
    const cellBox = await box(amount);
    expect(cellBox.x + cellBox.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  }
  const remove = await box(page.getByRole("button", { name: "Remove line 1" }));
  expect(remove.x + remove.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  expect(remove.x + remove.width).toBeLessThanOrEqual(1440);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("table", { name: "Item lines" })).toHaveCount(0);
  const card = page.getByRole("list", { name: "Item lines" }).getByRole("listitem", {
    name: "Line 1",
  });
  await expect(card).toBeVisible();
  // The same line, its values kept: item, HSN and the amount.
  await expect(card.getByRole("combobox", { name: "Item, line 1" })).toHaveValue(
    "Basmati Rice Premium",
  );
  await expect(card.getByRole("textbox", { name: "HSN/SAC, line 1" })).toHaveValue("10063020");
  await expect(card.locator('[data-cell="total"]')).toHaveText("1,24,44,444.44");
  expect(await pageScrollsSideways(page)).toBe(false);
  const cardBox = await box(card);
  expect(cardBox.x).toBeGreaterThanOrEqual(0);
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(390);
  for (const name of [
    "Item, line 1",
    "HSN/SAC, line 1",
    "Quantity, line 1",
    "Rate, line 1",
    "GST rate, line 1",
  ]) {
    const field = await box(
      card.getByRole(/Item|GST/.test(name) ? "combobox" : "textbox", { name }),
    );
    expect(field.x).toBeGreaterThanOrEqual(0);
    expect(field.x + field.width).toBeLessThanOrEqual(390);
  }
  const removeOnCard = await box(card.getByRole("button", { name: "Remove line 1" }));
  expect(removeOnCard.x + removeOnCard.width).toBeLessThanOrEqual(390);
});

test("item lines at 1366 px (issue 40): the table fits beside the sidebar, the item's name whole", async ({
  page,
}) => {
  const books = await setUpBooks(page);
  await books.addItem({ name: "Basmati Rice 25 Kg", hsnCode: "10063020", uom: "BAG", gstRate: 5 });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(books.path("sales/add"));
  await expect(page.getByRole("heading", { name: "Add Sales Invoice" })).toBeVisible({
    timeout: 30_000,
  });
  const itemPicker = page.getByRole("combobox", { name: "Item, line 1" });
  await itemPicker.click();
  await itemPicker.fill("Basmati");
  await page.getByRole("option", { name: /Basmati Rice 25 Kg/ }).click();
  await expect(itemPicker).toHaveValue("Basmati Rice 25 Kg");
  await expect(itemPicker).toHaveAttribute("title", "Basmati Rice 25 Kg");
  expect(await pageScrollsSideways(page)).toBe(false);
  const table = page.getByRole("table", { name: "Item lines" });
  const frame = await box(
    table.locator("xpath=ancestor::*[contains(@class,'ScrollArea-viewport')]"),
  );
  expect((await box(table)).width).toBeLessThanOrEqual(frame.width + 1);
  // A name wider than its box is written out whole under it.
  const line = table.locator('[data-item-line="0"]');
  if (await clipped(itemPicker)) {
    await expect(line.locator("[data-item-full-name]")).toHaveText("Basmati Rice 25 Kg");
    expect(await clipped(line.locator("[data-item-full-name]"))).toBe(false);
  }
  expect(await clipped(page.getByRole("textbox", { name: "HSN/SAC, line 1" }))).toBe(false);
  expect(await clipped(page.getByRole("textbox", { name: "Quantity, line 1" }))).toBe(false);
});
