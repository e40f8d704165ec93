import { randomInt, randomUUID } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { waitForMailMatch } from "../support/server.ts";

/**
 * Each test is its own person from its own address: sign-up and OTP calls are rate-limited per
 * client address (docs/decisions/005), and the server trusts X-Forwarded-For as a proxy would set
 * it, so parallel tests do not share one limit.
 */
export function randomClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export const test = base.extend<{ clientAddress: string }>({
  clientAddress: [
    async ({ context }, use) => {
      const address = randomClientAddress();
      await context.setExtraHTTPHeaders({ "x-forwarded-for": address });
      await use(address);
    },
    { auto: true },
  ],
});

export { expect };

export interface Person {
  name: string;
  email: string;
  mobile: string;
  password: string;
}

export function newPerson(name: string): Person {
  const tag = randomUUID().slice(0, 8);
  return {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, ".")}.${tag}@example.test`,
    // Mobile numbers are unique per account: a random Indian mobile starting with 9.
    mobile: `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
    password: `Pass-${tag}-word`,
  };
}

/** /signup, the code from the outbox on the OTP page, then the welcome page. */
export async function signUp(page: Page, person: Person): Promise<void> {
  await page.goto("/signup");
  await page.getByRole("textbox", { name: "Name" }).fill(person.name);
  await page.getByRole("textbox", { name: "Email" }).fill(person.email);
  await page.getByRole("textbox", { name: "Mobile number" }).fill(person.mobile);
  const password = page.getByRole("textbox", { name: "Password" });
  await password.fill(person.password);
  await password.press("Enter");
  await expect(page).toHaveURL(/\/verify\/signup\/otp\//);
  const otp = await waitForMailMatch(person.email, /verification code is (\d{6})/);
  const code = page.getByRole("textbox", { name: "Verification code" });
  await code.fill(otp);
  await code.press("Enter");
  await expect(page).toHaveURL(/\/sign-up-completed$/);
  await expect(page.getByRole("heading", { name: `Welcome to Bahi, ${person.name}` })).toBeVisible();
}

/** From the welcome page, on to adding the first organisation. */
export async function continueToAddOrganisation(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/add-organisation$/);
}

/** Fills /add-organisation with a name (and starting year), submits with Enter, lands in it. */
export async function addOrganisation(
  page: Page,
  name: string,
  options: { startingYear?: string } = {},
): Promise<{ organisationId: string; year: string }> {
  await expect(page.getByRole("heading", { name: "Add Organisation" })).toBeVisible();
  if (options.startingYear) await chooseOption(page, "Starting year", options.startingYear);
  const nameInput = page.getByRole("textbox", { name: "Organisation name" });
  await nameInput.fill(name);
  await nameInput.press("Enter");
  await expect(page).toHaveURL(/\/[\w-]+\/\d{4}-\d{2}\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const [, organisationId = "", year = ""] = new URL(page.url()).pathname.split("/");
  return { organisationId, year };
}

/** Picks an option of a Mantine Select by keyboard: focus, type to find it, Enter. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByRole("combobox", { name: label });
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await page.getByRole("option", { name: option, exact: true }).waitFor();
  await page.getByRole("option", { name: option, exact: true }).click();
}

export function organisationSwitcher(page: Page) {
  return page.getByRole("button", { name: /^Organisation: / });
}
