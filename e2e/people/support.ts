import { randomInt, randomUUID } from "node:crypto";
import { test as base, expect as baseExpect, type Page } from "@playwright/test";
import { readOutboxMails, waitForMailMatch } from "../support/server.ts";

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

// Sign-up, sign-in and password changes hash with scrypt on the server; on a busy machine an
// answer can take longer than Playwright's default 5 s.
export const expect = baseExpect.configure({ timeout: 10_000 });

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
    // Not built on the email (issue 26: the server refuses a password containing it).
    password: `Pass-${randomUUID().slice(0, 8)}-word`,
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
  await expect(
    page.getByRole("heading", { name: `Welcome to Bahi, ${person.name}` }),
  ).toBeVisible();
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

/** Picks an option of a select by keyboard: open with ArrowDown, move with ArrowDown, Enter. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).focus();
  await page.keyboard.press("ArrowDown");
  const target = page.getByRole("option", { name: option, exact: true });
  await target.waitFor();
  const count = await page.getByRole("option").count();
  for (let step = 0; step <= count; step += 1) {
    if ((await target.getAttribute("data-combobox-selected")) !== null) break;
    await page.keyboard.press("ArrowDown");
  }
  await expect(target).toHaveAttribute("data-combobox-selected");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("combobox", { name: label })).toHaveValue(option);
}

export function organisationSwitcher(page: Page) {
  return page.getByRole("button", { name: /^Organisation: / });
}

/** The .eml bodies are quoted-printable: long lines are cut with "=" at the end. */
function decodeQuotedPrintable(mail: string): string {
  return mail
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Like waitForMailMatch, for text that a mail encoding may have cut across lines (links). */
export async function waitForDecodedMailMatch(
  to: string,
  pattern: RegExp,
  { after = 0, timeoutMs = 10_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = readOutboxMails().filter((mail) => mail.includes(`To: ${to}`));
    const match =
      mails.length > after ? pattern.exec(decodeQuotedPrintable(mails.at(-1) ?? "")) : null;
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}

/** How many mails went to an address so far. */
export function countMailsTo(to: string): number {
  return readOutboxMails().filter((mail) => mail.includes(`To: ${to}`)).length;
}
