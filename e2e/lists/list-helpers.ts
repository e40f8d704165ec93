import type { Browser, Locator, Page } from "@playwright/test";
import { randomClientAddress } from "../people/support.ts";
import { expect, pathIn } from "./support.ts";

/**
 * A page of its own browser context, from its own client address (people/support.ts); on a
 * private server when its address is given.
 */
export async function openPage(browser: Browser, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": randomClientAddress() },
    ...(baseURL ? { baseURL } : {}),
  });
  return context.newPage();
}

/** The list's table (named by its title) and its body rows. */
export function listTable(page: Page, title: string): Locator {
  return page.getByRole("table", { name: title, exact: true });
}

export function bodyRows(page: Page, title: string): Locator {
  return listTable(page, title).locator("tbody").getByRole("row");
}

/** Opens a list and waits for its rows (after the 1 s initial delay) or its empty state. */
export async function openList(
  page: Page,
  organisation: { organisationId: string; year: string },
  routeWord: string,
  title: string,
  view: "list" | "deleted-entries" = "list",
): Promise<void> {
  await page.goto(pathIn(organisation, `${routeWord}/${view}`));
  await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading entries" })).toHaveCount(0);
}

/** The invoice numbers of the rows on screen, top to bottom (the second cell of each row). */
export async function rowNumbers(page: Page, title: string): Promise<string[]> {
  return bodyRows(page, title).evaluateAll((rows) =>
    rows.map((row) => row.querySelectorAll("td")[2]?.textContent?.trim() ?? ""),
  );
}

/** Picks an option of a Mantine Select by clicking it open and clicking the option. */
export async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(page.getByRole("combobox", { name: label })).toHaveValue(option);
}

export async function expectToast(page: Page, title: string, message?: string): Promise<void> {
  const toast = page.getByRole("alert").filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (message) await expect(toast.first()).toContainText(message);
}
